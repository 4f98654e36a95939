//! The words and data attributes the Retry-After tester shows for a
//! reading: plain functions, one per piece, each returning an empty string
//! when it has nothing to show for that reading.

use crate::core::format;
use crate::core::retry_after::{format_utc, RetryAfter, RetryAfterError};

/// What the field's text reads as.
pub type Reading = Result<RetryAfter, RetryAfterError>;

/// Reads one piece of text off a reading; empty means "nothing to show".
pub type Part = fn(&Reading) -> String;

/// Always empty: for a line with no role or liveness.
pub fn nothing(_: &Reading) -> String {
    String::new()
}

/// `data-form`: the form's spelling, or `invalid`.
pub fn data_form(reading: &Reading) -> String {
    reading
        .as_ref()
        .map_or("invalid", |r| r.form.as_str())
        .into()
}

/// `data-wait-ms`: the clamped wait in whole ms; empty when refused.
pub fn data_wait_ms(reading: &Reading) -> String {
    let wait = reading.as_ref().ok().map(|r| r.wait_ms);
    wait.map(|w| w.to_string()).unwrap_or_default()
}

/// `data-instant-ms`: a date's instant in epoch ms.
pub fn data_instant_ms(reading: &Reading) -> String {
    let at = reading.as_ref().ok().and_then(|r| r.instant_ms);
    at.map(|at| at.to_string()).unwrap_or_default()
}

/// The result block's classes.
pub fn result_class(reading: &Reading) -> String {
    if reading.is_ok() {
        "ra-result"
    } else {
        "ra-result refused"
    }
    .into()
}

/// The form, as people read it.
pub fn form_label(reading: &Reading) -> String {
    reading.as_ref().map_or("", |r| r.form.label()).into()
}

/// A date's instant in UTC.
pub fn instant_text(reading: &Reading) -> String {
    let at = reading.as_ref().ok().and_then(|r| r.instant_ms);
    at.map(format_utc).unwrap_or_default()
}

/// The wait, written like the schedule's delays.
pub fn wait_text(reading: &Reading) -> String {
    let wait = reading.as_ref().ok().map(|r| r.wait_ms);
    wait.map(|w| format::delay(w as f64)).unwrap_or_default()
}

/// A date's wait counts down: it is a `timer`, which screen readers do not
/// announce on every tick (`aria-live="off"`, said outright as well).
pub fn wait_role(reading: &Reading) -> String {
    let date = reading.as_ref().is_ok_and(|r| r.instant_ms.is_some());
    if date { "timer" } else { "" }.into()
}

/// `aria-live="off"` for a date's wait, with [`wait_role`].
pub fn wait_live(reading: &Reading) -> String {
    if wait_role(reading).is_empty() {
        ""
    } else {
        "off"
    }
    .into()
}

/// Whether the maximum cut the wait short.
pub fn clamped_text(reading: &Reading) -> String {
    match reading {
        Ok(r) if r.clamped => "Yes: the value asks for more than the maximum",
        Ok(_) => "No",
        Err(_) => "",
    }
    .into()
}

/// One line on what happens next.
pub fn note(reading: &Reading) -> String {
    match reading {
        // The generated code and the schedule keep the computed backoff
        // for a wait of 0, so a server cannot take the backoff away.
        Ok(RetryAfter {
            wait_ms: 0,
            instant_ms: None,
            ..
        }) => "Zero asks for no wait: the code keeps its computed backoff instead.",
        Ok(RetryAfter { wait_ms: 0, .. }) => {
            "The date has passed, which asks for no wait: the code keeps its computed backoff instead."
        }
        Ok(RetryAfter {
            instant_ms: None, ..
        }) => "Seconds count from when the response arrives, so this wait stands still.",
        Ok(RetryAfter { clamped: true, .. }) => {
            "The date is further off than the maximum; the wait holds there until it comes closer."
        }
        Ok(_) => "Counting down to the date.",
        Err(_) => "The header is ignored and the computed backoff applies instead.",
    }
    .into()
}

/// Why a value was refused: the core's own words.
pub fn reason_text(reading: &Reading) -> String {
    reading
        .as_ref()
        .err()
        .map(ToString::to_string)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::retry_after::parse;

    const NOW: i64 = 1_796_000_000_000;

    #[test]
    fn seconds_show_the_wait_and_no_instant() {
        let r = parse("120", NOW, 600_000);
        assert_eq!(data_form(&r), "delay-seconds");
        assert_eq!(data_wait_ms(&r), "120000");
        assert_eq!(data_instant_ms(&r), "");
        assert_eq!(wait_text(&r), "120,000 ms (120 s)");
        assert_eq!(
            (wait_role(&r), clamped_text(&r)),
            (String::new(), "No".into())
        );
    }

    #[test]
    fn a_past_date_waits_zero_and_counts_as_a_timer() {
        let r = parse("Sun, 06 Nov 1994 08:49:37 GMT", NOW, 600_000);
        assert_eq!(data_instant_ms(&r), "784111777000");
        assert_eq!(instant_text(&r), "1994-11-06 08:49:37 UTC");
        assert_eq!(
            (wait_text(&r), wait_role(&r)),
            ("0 ms".into(), "timer".into())
        );
        assert_eq!(
            note(&r),
            "The date has passed, which asks for no wait: the code keeps its computed backoff instead."
        );
        assert!(note(&parse("0", NOW, 600_000)).starts_with("Zero asks for no wait"));
    }

    #[test]
    fn a_refusal_has_a_reason_and_nothing_else() {
        let r = parse("1.5", NOW, 600_000);
        assert_eq!(data_form(&r), "invalid");
        assert_eq!(reason_text(&r), r.clone().unwrap_err().to_string());
        for part in [
            data_wait_ms,
            data_instant_ms,
            form_label,
            wait_text,
            clamped_text,
        ] {
            assert_eq!(part(&r), "");
        }
    }
}
