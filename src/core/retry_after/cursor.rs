//! Walks an HTTP-date left to right, one field at a time, and names what
//! the grammar expected where a field is missing or malformed.

use super::calendar::{MONTH_ABBR, MONTH_FULL};
use super::date::Fields;
use super::error::snippet;
use super::{Form, RetryAfterError};

/// Walks a date left to right. `pos` only ever moves over ASCII bytes, so
/// it is always on a character boundary.
pub(super) struct Cursor<'a> {
    pub(super) s: &'a str,
    pub(super) pos: usize,
    pub(super) form: Form,
}

impl Cursor<'_> {
    pub(super) fn peek(&self) -> Option<u8> {
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

    pub(super) fn lit(&mut self, want: u8, expected: &'static str) -> Result<(), RetryAfterError> {
        if self.peek() == Some(want) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }

    /// Exactly `n` digits (n ≤ 4), not followed by another digit.
    pub(super) fn digits(
        &mut self,
        n: usize,
        expected: &'static str,
    ) -> Result<u16, RetryAfterError> {
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
    pub(super) fn month(&mut self) -> Result<u8, RetryAfterError> {
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
    pub(super) fn time(&mut self, f: &mut Fields) -> Result<(), RetryAfterError> {
        f.hour = self.digits(2, "a two-digit hour, like 08")? as u8;
        self.lit(b':', "a colon after the hour")?;
        f.minute = self.digits(2, "a two-digit minute, like 49")? as u8;
        self.lit(b':', "a colon after the minute")?;
        f.second = self.digits(2, "a two-digit second, like 37")? as u8;
        Ok(())
    }

    /// The zone, which must be exactly `GMT`.
    pub(super) fn gmt(&mut self) -> Result<(), RetryAfterError> {
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

    pub(super) fn end(&self, expected: &'static str) -> Result<(), RetryAfterError> {
        if self.pos == self.s.len() {
            Ok(())
        } else {
            Err(self.fail(expected))
        }
    }
}
