//! Reading a `Retry-After` value: which form it has, delay-seconds, and
//! the reason a value that looks like a number but is not delay-seconds is
//! refused. Dates are read in `date.rs`.

use super::date::parse_date;
use super::error::snippet;
use super::{Form, RetryAfter, RetryAfterError};

/// Reads a `Retry-After` value.
///
/// `value` is the raw header value, `now_ms` the current instant in Unix
/// epoch milliseconds, and `max_wait_ms` the longest wait to return
/// ([`DEFAULT_MAX_WAIT_MS`](super::DEFAULT_MAX_WAIT_MS) unless the caller has a deadline). Never panics.
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
