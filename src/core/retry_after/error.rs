//! Why a `Retry-After` value was refused: [`RetryAfterError`], whose
//! `Display` text is the short reason the page shows, and the helpers that
//! keep that text short and on one line.

use std::fmt;

use super::calendar::{MONTH_ABBR, MONTH_FULL};
use super::Form;

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

/// Longest piece of the value copied into an error.
const SNIPPET_CHARS: usize = 16;

/// Cuts text copied into an error to [`SNIPPET_CHARS`], marking the cut,
/// and writes control characters as escapes (`\r`) so the reason stays on
/// one visible line.
pub(super) fn snippet(text: &str) -> String {
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

/// `n` with its English ordinal suffix: `1st`, `2nd`, `11th`, `23rd`.
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

#[cfg(test)]
mod tests {
    use super::*;

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
