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
//! [`parse()`] turns a value into a [`RetryAfter`]: the shape it found, the
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
//!
//! # Files
//!
//! `parse.rs` reads a value: which form it has, delay-seconds, and the
//! reason a number-like value is refused; `date.rs` reads and writes the
//! three date shapes, with `cursor.rs` walking a date field by field;
//! `calendar.rs` holds the calendar arithmetic and names; `error.rs` the
//! reasons a value is refused.

mod calendar;
mod cursor;
mod date;
mod error;
mod parse;

pub use date::{format_date, format_utc};
pub use error::RetryAfterError;
pub use parse::parse;

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
