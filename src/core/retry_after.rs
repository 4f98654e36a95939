//! Reads a `Retry-After` header value: a number of seconds or an HTTP date.
//!
//! [RFC 9110 §10.2.3](https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3)
//! defines the field as `Retry-After = HTTP-date / delay-seconds`, where
//! `delay-seconds = 1*DIGIT`. An HTTP-date
//! ([RFC 9110 §5.6.7](https://www.rfc-editor.org/rfc/rfc9110#section-5.6.7))
//! comes in three shapes, and a recipient must accept all of them:
//!
//! | shape | example |
//! |---|---|
//! | IMF-fixdate (the one senders must use) | `Sun, 06 Nov 1994 08:49:37 GMT` |
//! | RFC 850 date (obsolete) | `Sunday, 06-Nov-94 08:49:37 GMT` |
//! | asctime date (obsolete) | `Sun Nov  6 08:49:37 1994` |
//!
//! [`parse`] turns a value into a [`RetryAfter`]: the shape it found, the
//! instant a date names, and the wait to apply, clamped to a maximum. Anything
//! else is refused with a [`RetryAfterError`] whose `Display` text is a short
//! reason the page shows as it is, so the caller can fall back to its
//! computed backoff. The module has no clock: the caller passes the current
//! instant in.
//!
//! # How strictly the grammar is read
//!
//! - Spaces and tabs around the value are trimmed (they are optional
//!   whitespace around any field value). Inside the value nothing is
//!   trimmed: every separator must be exactly what the grammar says, one
//!   space where it has `SP`. The only double space is the asctime padding
//!   of a one-digit day (`Nov  6`); `Nov 6` is refused with a reason.
//! - Field widths are exact: a two-digit day, hour, minute and second, a
//!   four-digit year (two digits in RFC 850). Years 0000 to 9999 are all
//!   read, on the proleptic Gregorian calendar.
//! - `delay-seconds` is ASCII digits of any length. The arithmetic
//!   saturates, so a 30-digit value simply clamps to the maximum. A sign, a
//!   decimal point, an exponent, separators or a unit are refused by name.
//! - Names are case-sensitive, as the grammar says (`%s"Nov"`): `nov`,
//!   `NOV`, `November` or `gmt` are refused with the exact spelling to use.
//!   A lenient reader would guess; the page is there to show what a strict
//!   client would do.
//! - The zone must be `GMT` (asctime has none and means GMT).
//! - The weekday must match the date. It is redundant, so a mismatch means
//!   the sender got something wrong, and we can't tell whether it was the
//!   weekday or the date; the reason names the right weekday. Refusing costs
//!   little, because the caller falls back to its own backoff.
//! - Impossible dates (`31 Feb`, 29 February of a common year, day `00`)
//!   and times (hour 24, minute 60) are refused.
//! - A leap second is accepted only as `23:59:60`, the one place the
//!   grammar's range (`00:00:00 - 23:59:60`) allows second 60. Unix time
//!   has no leap seconds, so it reads as the next second, midnight of the
//!   next day.
//! - RFC 850's two-digit year follows §5.6.7: a timestamp that appears to be
//!   more than 50 years in the future means the most recent past year with
//!   the same last two digits. "50 years in the future" is measured on the
//!   calendar against `now_ms`: the date with 50 subtracted from its year is
//!   compared field by field with now, so exactly 50 years ahead still
//!   counts as the future and one second later as the past. The `httpdate`
//!   crate uses a fixed 1970–2069 window instead, which breaks the rule
//!   from 2020 on; that is why this reader is written here.
//!
//! The wait for a date is the time from now to the instant, 0 for a date in
//! the past (that is not clamping), and at most the maximum. `wait_ms` is
//! whole milliseconds; a date's instant is whole seconds, but `now_ms` need
//! not be.

use std::fmt;

/// Default clamp: 10 minutes.
pub const DEFAULT_MAX_WAIT_MS: u64 = 600_000;

/// Which form of `Retry-After` value was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// A whole number of seconds, `120`.
    DelaySeconds,
    /// The preferred date shape, `Sun, 06 Nov 1994 08:49:37 GMT`.
    ImfFixdate,
    /// The obsolete RFC 850 date shape, `Sunday, 06-Nov-94 08:49:37 GMT`.
    Rfc850,
    /// The obsolete asctime date shape, `Sun Nov  6 08:49:37 1994`.
    Asctime,
}

impl Form {
    /// Every form, seconds first, then the dates in the RFC's order.
    pub const ALL: [Form; 4] = [
        Form::DelaySeconds,
        Form::ImfFixdate,
        Form::Rfc850,
        Form::Asctime,
    ];

    /// The page's `data-form` spelling: `delay-seconds`, `imf-fixdate`,
    /// `rfc850` or `asctime`.
    pub fn as_str(self) -> &'static str {
        match self {
            Form::DelaySeconds => "delay-seconds",
            Form::ImfFixdate => "imf-fixdate",
            Form::Rfc850 => "rfc850",
            Form::Asctime => "asctime",
        }
    }

    /// The label shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Form::DelaySeconds => "delay-seconds",
            Form::ImfFixdate => "IMF-fixdate",
            Form::Rfc850 => "RFC 850 date (obsolete)",
            Form::Asctime => "asctime date (obsolete)",
        }
    }
}

/// A `Retry-After` value that was read successfully.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryAfter {
    /// Which form the value had.
    pub form: Form,
    /// For a date: the instant it names, in Unix epoch milliseconds (UTC).
    /// `None` for delay-seconds.
    pub instant_ms: Option<i64>,
    /// The wait to apply, whole ms, after clamping to the maximum; 0 for a
    /// date in the past.
    pub wait_ms: u64,
    /// Whether the maximum cut the wait short.
    pub clamped: bool,
}

/// Why a `Retry-After` value was refused. `Display` gives a short reason in
/// plain English, meant to be shown as it is.
///
/// Text copied from the value into a variant is cut to a few characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RetryAfterError {
    /// The value is empty, or only spaces and tabs.
    Empty,
    /// The value starts with the field name (`Retry-After: 120`).
    FieldName,
    /// A number with a minus sign (`-1`).
    Negative {
        /// The value as written.
        value: String,
    },
    /// A number with a plus sign (`+5`).
    PlusSign {
        /// The value as written.
        value: String,
    },
    /// A number with a decimal point (`1.5`, `.5`).
    Fraction {
        /// The value as written.
        value: String,
    },
    /// A number in exponent notation (`1e3`).
    Exponent {
        /// The value as written.
        value: String,
    },
    /// Digits broken up by separators or spaces (`1,000`, `1 000`).
    Separators {
        /// The value as written.
        value: String,
    },
    /// Digits followed by a unit (`120s`, `2 min`).
    Unit {
        /// The value as written.
        value: String,
    },
    /// An ISO 8601 timestamp (`2026-11-29T22:00:00Z`), which is not an
    /// HTTP-date.
    Iso8601,
    /// Neither digits nor anything that starts like an HTTP-date.
    Unrecognized,
    /// The value starts like one of the date shapes, but a part is missing
    /// or has the wrong width or separator.
    Malformed {
        /// The shape the value started like.
        form: Form,
        /// What the grammar has at that point.
        expected: &'static str,
        /// What the value has there; empty at the end of the value.
        found: String,
    },
    /// Two spaces where the grammar has one.
    ExtraSpace {
        /// The shape the value started like.
        form: Form,
    },
    /// A weekday, month or zone name in the wrong case or length (`nov`,
    /// `November`, `gmt`).
    Spelling {
        /// The name as written.
        found: String,
        /// The exact spelling the grammar requires.
        expected: &'static str,
    },
    /// A word where the month goes that is not a month.
    UnknownMonth {
        /// The word as written.
        found: String,
    },
    /// A zone other than `GMT` (`UTC`, `+0000`, `EST`).
    NotGmt {
        /// The zone as written.
        found: String,
    },
    /// A day the month does not have: `31 Feb`, 29 February of a common
    /// year, day `00`.
    NoSuchDay {
        /// The year (for RFC 850, the year the two digits were read as).
        year: i64,
        /// The month, 1 to 12.
        month: u8,
        /// The day as written.
        day: u8,
    },
    /// A time that does not exist: hour 24 or more, minute 60 or more,
    /// second 61 or more, or second 60 anywhere but `23:59:60`.
    NoSuchTime {
        /// The hour as written.
        hour: u8,
        /// The minute as written.
        minute: u8,
        /// The second as written.
        second: u8,
    },
    /// The weekday does not match the date.
    WrongWeekday {
        /// The year of the date.
        year: i64,
        /// The month, 1 to 12.
        month: u8,
        /// The day of the month.
        day: u8,
        /// The weekday as written, spelled out in full.
        written: &'static str,
        /// The weekday the date falls on, spelled out in full.
        actual: &'static str,
    },
    /// The instant cannot be held in an `i64` of milliseconds. Only an RFC
    /// 850 date read against an absurd `now_ms` gets here.
    OutOfRange,
}

impl fmt::Display for RetryAfterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RetryAfterError as E;
        match self {
            E::Empty => f.write_str("The value is empty."),
            E::FieldName => f.write_str("Paste only the value, without \"Retry-After:\" in front."),
            E::Negative { value } => {
                write!(f, "A wait can't be negative: {value} has a minus sign.")
            }
            E::PlusSign { value } => {
                write!(f, "Seconds are plain digits: {value} has a plus sign.")
            }
            E::Fraction { value } => {
                write!(f, "Only whole seconds are allowed: {value} has a fraction.")
            }
            E::Exponent { value } => {
                write!(
                    f,
                    "Seconds are plain digits: {value} uses exponent notation."
                )
            }
            E::Separators { value } => {
                write!(f, "Seconds are plain digits, with no separators: {value}.")
            }
            E::Unit { value } => write!(f, "Seconds are plain digits, with no unit: {value}."),
            E::Iso8601 => f.write_str(
                "ISO 8601 is not an HTTP date; the form is Sun, 06 Nov 1994 08:49:37 GMT.",
            ),
            E::Unrecognized => f.write_str("Not a number of seconds or an HTTP date."),
            E::Malformed {
                form,
                expected,
                found,
            } => {
                write!(
                    f,
                    "Not a valid {}: expected {expected}, found ",
                    form.label()
                )?;
                if found.is_empty() {
                    f.write_str("the end.")
                } else {
                    write!(f, "\"{found}\".")
                }
            }
            E::ExtraSpace { form } => write!(
                f,
                "Extra space in the {}: parts are separated by one space.",
                form.label()
            ),
            E::Spelling { found, expected } => write!(
                f,
                "Write {expected}, not {found}: HTTP-date names are exact and case-sensitive."
            ),
            E::UnknownMonth { found } => write!(f, "{found} is not a month (Jan, Feb, … Dec)."),
            E::NotGmt { found } => write!(f, "HTTP dates are always in GMT, not {found}."),
            E::NoSuchDay { year, month, day } => {
                let name = MONTH_FULL[usize::from((*month).clamp(1, 12) - 1)];
                if *day == 0 {
                    f.write_str("Days start at 01; there is no day 00.")
                } else if *day > 31 {
                    write!(f, "No month has a day {day}.")
                } else if *month == 2 && *day == 29 {
                    write!(f, "{year} is not a leap year, so February has no 29th.")
                } else {
                    write!(f, "{name} has no {}.", ordinal(*day))
                }
            }
            E::NoSuchTime {
                hour,
                minute,
                second,
            } => {
                if *hour > 23 {
                    write!(f, "There is no hour {hour:02}: hours run from 00 to 23.")
                } else if *minute > 59 {
                    write!(
                        f,
                        "There is no minute {minute:02}: minutes run from 00 to 59."
                    )
                } else if *second > 60 {
                    write!(
                        f,
                        "There is no second {second:02}: seconds run from 00 to 59."
                    )
                } else {
                    f.write_str("Second 60 is a leap second, which can only be 23:59:60.")
                }
            }
            E::WrongWeekday {
                year,
                month,
                day,
                written,
                actual,
            } => {
                let name = MONTH_ABBR[usize::from((*month).clamp(1, 12) - 1)];
                write!(f, "{day:02} {name} {year} is a {actual}, not a {written}.")
            }
            E::OutOfRange => f.write_str("That date is too far from now to compute."),
        }
    }
}

impl std::error::Error for RetryAfterError {}

/// Reads a `Retry-After` value.
///
/// `value` is the raw header value, `now_ms` the current instant in Unix
/// epoch milliseconds, and `max_wait_ms` the longest wait to return
/// ([`DEFAULT_MAX_WAIT_MS`] unless the caller has a deadline). Never panics.
pub fn parse(value: &str, now_ms: i64, max_wait_ms: u64) -> Result<RetryAfter, RetryAfterError> {
    let value = value.trim_matches([' ', '\t']);
    let bytes = value.as_bytes();
    let Some(&first) = bytes.first() else {
        return Err(RetryAfterError::Empty);
    };
    if bytes.iter().all(u8::is_ascii_digit) {
        return Ok(delay_seconds(bytes, max_wait_ms));
    }
    if first.is_ascii_alphabetic() {
        return parse_date(value, now_ms, max_wait_ms);
    }
    Err(refuse_numberish(value))
}

/// Writes an instant, given in Unix epoch seconds, in one of the three date
/// shapes.
///
/// [`Form::DelaySeconds`] is not a date, so it gets the IMF-fixdate, the shape
/// senders are meant to use. RFC 850 keeps only the last two digits of the
/// year. A year outside 0000–9999 is written with as many digits as it needs
/// (and a minus sign if negative), which is no longer an HTTP-date and which
/// [`parse`] refuses.
pub fn format_date(epoch_secs: i64, form: Form) -> String {
    let days = epoch_secs.div_euclid(86_400);
    let secs = epoch_secs.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    let (h, m, s) = (secs / 3_600, secs / 60 % 60, secs % 60);
    let wd = weekday(days);
    let mon = MONTH_ABBR[usize::from(month - 1)];
    match form {
        Form::DelaySeconds | Form::ImfFixdate => format!(
            "{}, {day:02} {mon} {year:04} {h:02}:{m:02}:{s:02} GMT",
            WEEKDAY_ABBR[wd]
        ),
        Form::Rfc850 => format!(
            "{}, {day:02}-{mon}-{:02} {h:02}:{m:02}:{s:02} GMT",
            WEEKDAY_FULL[wd],
            year.rem_euclid(100)
        ),
        Form::Asctime => format!(
            "{} {mon} {day:>2} {h:02}:{m:02}:{s:02} {year:04}",
            WEEKDAY_ABBR[wd]
        ),
    }
}

/// Shows an instant, given in Unix epoch milliseconds, as
/// `2026-11-29 22:15:00 UTC`. Milliseconds are dropped (the instant is
/// rounded down to its second); years outside 0000–9999 get as many digits
/// as they need.
pub fn format_utc(epoch_ms: i64) -> String {
    let secs = epoch_ms.div_euclid(1_000);
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rest / 3_600,
        rest / 60 % 60,
        rest % 60
    )
}

const WEEKDAY_ABBR: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAY_FULL: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
const MONTH_ABBR: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
const MONTH_FULL: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// Longest piece of the value copied into an error.
const SNIPPET_CHARS: usize = 16;

/// Cuts text copied into an error to [`SNIPPET_CHARS`], marking the cut,
/// and writes control characters as escapes (`\r`) so the reason stays on
/// one visible line.
fn snippet(text: &str) -> String {
    let mut chars = text.chars();
    let mut out = String::new();
    for c in chars.by_ref().take(SNIPPET_CHARS) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if chars.next().is_some() {
        out.push('…');
    }
    out
}

fn ordinal(n: u8) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// All-digit input: any length, saturating instead of overflowing.
fn delay_seconds(digits: &[u8], max_wait_ms: u64) -> RetryAfter {
    let mut secs: u64 = 0;
    let mut overflow = false;
    for &d in digits {
        match secs
            .checked_mul(10)
            .and_then(|s| s.checked_add(u64::from(d - b'0')))
        {
            Some(s) => secs = s,
            None => {
                overflow = true;
                break;
            }
        }
    }
    let ms = secs.checked_mul(1_000);
    // An overflow means the true wait is beyond u64, so past any maximum.
    let (wait_ms, clamped) = match ms {
        Some(ms) if !overflow && ms <= max_wait_ms => (ms, false),
        _ => (max_wait_ms, true),
    };
    RetryAfter {
        form: Form::DelaySeconds,
        instant_ms: None,
        wait_ms,
        clamped,
    }
}

/// Names the mistake in a value that starts with a digit, sign or point
/// but is not all digits.
fn refuse_numberish(value: &str) -> RetryAfterError {
    use RetryAfterError as E;
    let b = value.as_bytes();
    let starts_number =
        |rest: &[u8]| matches!(rest.first(), Some(c) if c.is_ascii_digit() || *c == b'.');
    match b[0] {
        b'-' if starts_number(&b[1..]) => {
            return E::Negative {
                value: snippet(value),
            }
        }
        b'+' if starts_number(&b[1..]) => {
            return E::PlusSign {
                value: snippet(value),
            }
        }
        _ => {}
    }
    // `2026-11-29...`: four digits, a hyphen, a digit.
    if b.len() >= 6
        && b[..4].iter().all(u8::is_ascii_digit)
        && b[4] == b'-'
        && b[5].is_ascii_digit()
    {
        return E::Iso8601;
    }
    match float_shape(b) {
        Some(FloatShape::Exponent) => {
            return E::Exponent {
                value: snippet(value),
            }
        }
        Some(FloatShape::Fraction) => {
            return E::Fraction {
                value: snippet(value),
            }
        }
        None => {}
    }
    if b[0].is_ascii_digit() {
        if b.iter()
            .all(|c| c.is_ascii_digit() || matches!(c, b',' | b'_' | b'\'' | b' '))
        {
            return E::Separators {
                value: snippet(value),
            };
        }
        let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
        let unit = value[digits..].trim_start_matches(' ');
        if !unit.is_empty() && unit.bytes().all(|c| c.is_ascii_alphabetic()) {
            return E::Unit {
                value: snippet(value),
            };
        }
    }
    E::Unrecognized
}

enum FloatShape {
    Fraction,
    Exponent,
}

/// Whether the whole value is a decimal number with a point or an exponent
/// (`1.5`, `.5`, `1.`, `1e3`, `2.5E-1`).
fn float_shape(b: &[u8]) -> Option<FloatShape> {
    let mut i = 0;
    let int = b.iter().take_while(|c| c.is_ascii_digit()).count();
    i += int;
    let mut frac = 0;
    let point = b.get(i) == Some(&b'.');
    if point {
        i += 1;
        frac = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        i += frac;
    }
    if int + frac == 0 {
        return None;
    }
    if i == b.len() {
        return point.then_some(FloatShape::Fraction);
    }
    if !matches!(b[i], b'e' | b'E') {
        return None;
    }
    i += 1;
    if matches!(b.get(i), Some(b'+' | b'-')) {
        i += 1;
    }
    let exp = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
    (exp > 0 && i + exp == b.len()).then_some(FloatShape::Exponent)
}

/// The fields of a date as written, before any checks on their ranges.
struct Fields {
    form: Form,
    /// Index into the weekday tables, 0 = Sunday.
    weekday: usize,
    /// Four-digit year, or the two digits of an RFC 850 year.
    year: i64,
    month: u8,
    day: u8,
    hour: u8,
    minute: u8,
    second: u8,
}

fn parse_date(value: &str, now_ms: i64, max_wait_ms: u64) -> Result<RetryAfter, RetryAfterError> {
    if value
        .get(..11)
        .is_some_and(|p| p.eq_ignore_ascii_case("retry-after"))
        && value[11..].trim_start_matches([' ', '\t']).starts_with(':')
    {
        return Err(RetryAfterError::FieldName);
    }
    let fields = read_fields(value)?;
    let (h, mi, s) = (fields.hour, fields.minute, fields.second);
    let leap = s == 60 && h == 23 && mi == 59;
    if h > 23 || mi > 59 || (s > 59 && !leap) {
        return Err(RetryAfterError::NoSuchTime {
            hour: h,
            minute: mi,
            second: s,
        });
    }
    let year = if fields.form == Form::Rfc850 {
        rfc850_year(&fields, now_ms)
    } else {
        fields.year
    };
    if fields.day == 0 || fields.day > days_in_month(year, fields.month) {
        return Err(RetryAfterError::NoSuchDay {
            year,
            month: fields.month,
            day: fields.day,
        });
    }
    let days = days_from_civil(year, fields.month, fields.day);
    let actual = weekday(days);
    if actual != fields.weekday {
        return Err(RetryAfterError::WrongWeekday {
            year,
            month: fields.month,
            day: fields.day,
            written: WEEKDAY_FULL[fields.weekday],
            actual: WEEKDAY_FULL[actual],
        });
    }
    // i128 keeps this exact for any year an RFC 850 date can be read as.
    let secs =
        i128::from(days) * 86_400 + i128::from(h) * 3_600 + i128::from(mi) * 60 + i128::from(s);
    let instant_ms = i64::try_from(secs * 1_000).map_err(|_| RetryAfterError::OutOfRange)?;
    let ahead = i128::from(instant_ms) - i128::from(now_ms);
    let (wait_ms, clamped) = if ahead <= 0 {
        (0, false)
    } else if ahead > i128::from(max_wait_ms) {
        (max_wait_ms, true)
    } else {
        // In range: 0 < ahead <= max_wait_ms.
        (u64::try_from(ahead).unwrap_or(max_wait_ms), false)
    };
    Ok(RetryAfter {
        form: fields.form,
        instant_ms: Some(instant_ms),
        wait_ms,
        clamped,
    })
}

/// Picks the shape from the leading weekday and reads the fields. The
/// weekday is matched ignoring case here so that a wrong case gets a
/// spelling reason rather than "unrecognized".
fn read_fields(value: &str) -> Result<Fields, RetryAfterError> {
    let b = value.as_bytes();
    let word_len = b.iter().take_while(|c| c.is_ascii_alphabetic()).count();
    let word = &value[..word_len];
    let after = b.get(word_len).copied();
    let short = WEEKDAY_ABBR
        .iter()
        .position(|w| w.eq_ignore_ascii_case(word));
    let full = WEEKDAY_FULL
        .iter()
        .position(|w| w.eq_ignore_ascii_case(word));
    // asctime has the month right after the weekday; the other shapes have
    // a comma and then a digit. Looking ahead lets a missing comma or an
    // extra space get a reason aimed at the right shape.
    let asctime = after == Some(b' ')
        && value[word_len..]
            .trim_start_matches(' ')
            .starts_with(|c: char| c.is_ascii_alphabetic());
    let (form, weekday, expected) = match (short.or(full), asctime) {
        (None, _) => return Err(RetryAfterError::Unrecognized),
        (Some(i), true) => (Form::Asctime, i, WEEKDAY_ABBR[i]),
        (Some(i), false) if short.is_some() => (Form::ImfFixdate, i, WEEKDAY_ABBR[i]),
        (Some(i), false) => (Form::Rfc850, i, WEEKDAY_FULL[i]),
    };
    if word != expected {
        return Err(RetryAfterError::Spelling {
            found: snippet(word),
            expected,
        });
    }
    let mut c = Cursor {
        s: value,
        pos: word_len,
        form,
    };
    let mut f = Fields {
        form,
        weekday,
        year: 0,
        month: 0,
        day: 0,
        hour: 0,
        minute: 0,
        second: 0,
    };
    match form {
        Form::ImfFixdate => {
            c.lit(b',', "a comma after the weekday")?;
            c.lit(b' ', "a space after the comma")?;
            f.day = c.digits(2, "a two-digit day, like 06")? as u8;
            c.lit(b' ', "a space after the day")?;
            f.month = c.month()?;
            c.lit(b' ', "a space after the month")?;
            f.year = i64::from(c.digits(4, "a four-digit year, like 1994")?);
            c.lit(b' ', "a space after the year")?;
            c.time(&mut f)?;
            c.lit(b' ', "a space and GMT after the time")?;
            c.gmt()?;
            c.end("nothing after GMT")?;
        }
        Form::Rfc850 => {
            c.lit(b',', "a comma after the weekday")?;
            c.lit(b' ', "a space after the comma")?;
            f.day = c.digits(2, "a two-digit day, like 06")? as u8;
            c.lit(b'-', "a hyphen after the day, like 06-Nov-94")?;
            f.month = c.month()?;
            c.lit(b'-', "a hyphen after the month, like 06-Nov-94")?;
            f.year = i64::from(c.digits(2, "a two-digit year, like 94")?);
            c.lit(b' ', "a space after the year")?;
            c.time(&mut f)?;
            c.lit(b' ', "a space and GMT after the time")?;
            c.gmt()?;
            c.end("nothing after GMT")?;
        }
        Form::Asctime | Form::DelaySeconds => {
            c.lit(b' ', "a space after the weekday")?;
            f.month = c.month()?;
            c.lit(b' ', "a space after the month")?;
            f.day = if c.peek() == Some(b' ') {
                c.pos += 1;
                c.digits(1, "one digit after the padding space")? as u8
            } else {
                c.digits(
                    2,
                    "a day as two digits, or as one digit with a space before it",
                )? as u8
            };
            c.lit(b' ', "a space after the day")?;
            c.time(&mut f)?;
            c.lit(b' ', "a space after the time")?;
            f.year = i64::from(c.digits(4, "a four-digit year, like 1994")?);
            c.end("nothing after the year (asctime has no zone)")?;
        }
    }
    Ok(f)
}

/// Walks a date left to right. `pos` only ever moves over ASCII bytes, so
/// it is always on a character boundary.
struct Cursor<'a> {
    s: &'a str,
    pos: usize,
    form: Form,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.as_bytes().get(self.pos).copied()
    }

    fn fail(&self, expected: &'static str) -> RetryAfterError {
        let b = self.s.as_bytes();
        if self.pos > 0 && b[self.pos - 1] == b' ' && b.get(self.pos) == Some(&b' ') {
            return RetryAfterError::ExtraSpace { form: self.form };
        }
        RetryAfterError::Malformed {
            form: self.form,
            expected,
            found: snippet(&self.s[self.pos..]),
        }
    }

    fn lit(&mut self, want: u8, expected: &'static str) -> Result<(), RetryAfterError> {
        if self.peek() == Some(want) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }

    /// Exactly `n` digits (n ≤ 4), not followed by another digit.
    fn digits(&mut self, n: usize, expected: &'static str) -> Result<u16, RetryAfterError> {
        let b = &self.s.as_bytes()[self.pos..];
        let run = b.iter().take_while(|c| c.is_ascii_digit()).count();
        if run != n {
            return Err(self.fail(expected));
        }
        let v = b[..n]
            .iter()
            .fold(0u16, |acc, d| acc * 10 + u16::from(d - b'0'));
        self.pos += n;
        Ok(v)
    }

    /// A three-letter month name, returned as 1 to 12.
    fn month(&mut self) -> Result<u8, RetryAfterError> {
        let rest = &self.s[self.pos..];
        let len = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        if len == 0 {
            return Err(self.fail("a month, like Nov"));
        }
        let word = &rest[..len];
        if let Some(i) = MONTH_ABBR.iter().position(|m| *m == word) {
            self.pos += len;
            return Ok(i as u8 + 1);
        }
        let close = MONTH_ABBR
            .iter()
            .zip(MONTH_FULL)
            .find(|(a, full)| a.eq_ignore_ascii_case(word) || full.eq_ignore_ascii_case(word));
        Err(match close {
            Some((abbr, _)) => RetryAfterError::Spelling {
                found: snippet(word),
                expected: abbr,
            },
            None => RetryAfterError::UnknownMonth {
                found: snippet(word),
            },
        })
    }

    /// `hh:mm:ss`, ranges unchecked.
    fn time(&mut self, f: &mut Fields) -> Result<(), RetryAfterError> {
        f.hour = self.digits(2, "a two-digit hour, like 08")? as u8;
        self.lit(b':', "a colon after the hour")?;
        f.minute = self.digits(2, "a two-digit minute, like 49")? as u8;
        self.lit(b':', "a colon after the minute")?;
        f.second = self.digits(2, "a two-digit second, like 37")? as u8;
        Ok(())
    }

    /// The zone, which must be exactly `GMT`.
    fn gmt(&mut self) -> Result<(), RetryAfterError> {
        let rest = &self.s[self.pos..];
        let len = rest
            .bytes()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b':'))
            .count();
        let zone = &rest[..len];
        if zone == "GMT" {
            self.pos += len;
            Ok(())
        } else if zone.eq_ignore_ascii_case("gmt") {
            Err(RetryAfterError::Spelling {
                found: zone.to_string(),
                expected: "GMT",
            })
        } else if zone.is_empty() {
            Err(self.fail("GMT"))
        } else {
            Err(RetryAfterError::NotGmt {
                found: snippet(zone),
            })
        }
    }

    fn end(&self, expected: &'static str) -> Result<(), RetryAfterError> {
        if self.pos == self.s.len() {
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }
}

/// The year an RFC 850 two-digit year stands for: the latest year with
/// those last two digits whose timestamp is not more than 50 years after
/// `now_ms`.
///
/// "More than 50 years after now" is decided on the calendar: take 50 off
/// the candidate's year and compare (year, month, day, time) with now's.
/// That avoids turning 50 years into a count of days, which depends on how
/// many 29 Februaries fall in between.
fn rfc850_year(f: &Fields, now_ms: i64) -> i64 {
    let now_secs = now_ms.div_euclid(1_000);
    let now_days = now_secs.div_euclid(86_400);
    let now_tod = now_secs.rem_euclid(86_400);
    let (ny, nm, nd) = civil_from_days(now_days);
    let now_key = (
        ny,
        nm,
        nd,
        (now_tod / 3_600) as u8,
        (now_tod / 60 % 60) as u8,
        (now_tod % 60) as u8,
    );
    let too_far = |year: i64| (year - 50, f.month, f.day, f.hour, f.minute, f.second) > now_key;
    // Start a century above the candidate in now's century and step back;
    // at most three steps.
    let mut year = ny - ny.rem_euclid(100) + f.year + 100;
    while too_far(year) {
        year -= 100;
    }
    year
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Day of the week, 0 = Sunday, for days since 1970-01-01 (a Thursday).
fn weekday(days: i64) -> usize {
    (days + 4).rem_euclid(7) as usize
}

// The two conversions below count in 400-year eras of 146,097 days, with
// years starting on 1 March so that the leap day falls at the end of a
// year. Inputs stay far inside i64: |days| < 2^47 and |year| < 2^40 for
// everything this module passes in.

/// Days since 1970-01-01 of a proleptic Gregorian date.
fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let (month, day) = (i64::from(month), i64::from(day));
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400; // 0..=399
    let mp = (month + 9) % 12; // March = 0
    let doy = (153 * mp + 2) / 5 + day - 1; // 0..=365
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy; // 0..=146096
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date of a count of days since 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468; // days since 0000-03-01
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097; // 0..=146096
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365; // 0..=399
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // 0..=365
    let mp = (5 * doy + 2) / 153; // March = 0
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_conversions_agree_on_known_days() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(1994, 11, 6), 784_111_777 / 86_400);
        assert_eq!(days_from_civil(2000, 3, 1), 11_017);
        assert_eq!(days_from_civil(1900, 1, 1), -25_567);
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(weekday(0), 4); // Thursday
    }

    #[test]
    fn civil_conversions_round_trip_over_eight_centuries() {
        let start = days_from_civil(1600, 1, 1);
        let end = days_from_civil(2400, 12, 31);
        let mut expected = (1600, 1, 1);
        for days in start..=end {
            let got = civil_from_days(days);
            assert_eq!(got, expected);
            assert_eq!(days_from_civil(got.0, got.1, got.2), days);
            expected = if got.2 < days_in_month(got.0, got.1) {
                (got.0, got.1, got.2 + 1)
            } else if got.1 < 12 {
                (got.0, got.1 + 1, 1)
            } else {
                (got.0 + 1, 1, 1)
            };
        }
    }

    #[test]
    fn extreme_days_do_not_overflow() {
        for days in [i64::MAX / 86_400, i64::MIN / 86_400] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }

    #[test]
    fn float_shapes() {
        assert!(matches!(float_shape(b"1.5"), Some(FloatShape::Fraction)));
        assert!(matches!(float_shape(b".5"), Some(FloatShape::Fraction)));
        assert!(matches!(float_shape(b"1."), Some(FloatShape::Fraction)));
        assert!(matches!(float_shape(b"1e3"), Some(FloatShape::Exponent)));
        assert!(matches!(float_shape(b"2.5E-1"), Some(FloatShape::Exponent)));
        assert!(float_shape(b".").is_none());
        assert!(float_shape(b"1e").is_none());
        assert!(float_shape(b"1.5x").is_none());
    }

    #[test]
    fn ordinals() {
        let got: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 30, 31]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            got,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "30th",
                "31st"
            ]
        );
    }
}
