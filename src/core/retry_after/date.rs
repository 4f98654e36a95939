//! The three HTTP-date shapes (RFC 9110 §5.6.7): reading one into an
//! instant, with every check the module documentation lists, and writing
//! an instant in any of them.

use super::calendar::{
    civil_from_days, days_from_civil, days_in_month, weekday, MONTH_ABBR, WEEKDAY_ABBR,
    WEEKDAY_FULL,
};
use super::cursor::Cursor;
use super::error::snippet;
use super::{Form, RetryAfter, RetryAfterError};

/// Writes an instant, given in Unix epoch seconds, in one of the three date
/// shapes.
///
/// [`Form::DelaySeconds`] is not a date, so it gets the IMF-fixdate, the shape
/// senders are meant to use. RFC 850 keeps only the last two digits of the
/// year. A year outside 0000–9999 is written with as many digits as it needs
/// (and a minus sign if negative), which is no longer an HTTP-date and which
/// [`parse`](fn@super::parse) refuses.
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

/// The fields of a date as written, before any checks on their ranges.
pub(super) struct Fields {
    pub(super) form: Form,
    /// Index into the weekday tables, 0 = Sunday.
    pub(super) weekday: usize,
    /// Four-digit year, or the two digits of an RFC 850 year.
    pub(super) year: i64,
    pub(super) month: u8,
    pub(super) day: u8,
    pub(super) hour: u8,
    pub(super) minute: u8,
    pub(super) second: u8,
}

/// Reads a value that starts with a letter as an HTTP-date.
pub(super) fn parse_date(
    value: &str,
    now_ms: i64,
    max_wait_ms: u64,
) -> Result<RetryAfter, RetryAfterError> {
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
