//! The strict `Retry-After` reader of the Rust snippet: delay-seconds and
//! the three HTTP-date shapes, by layouts and calendar arithmetic of its
//! own (no date crate). Long, fixed text, written only when honoured.

/// The strict `Retry-After` reader; the same for every policy.
pub(super) const RETRY_AFTER: &str = r#"
const DAY_NAMES: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const LONG_DAY_NAMES: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTH_NAMES: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Reads the response's Retry-After as a wait in ms, at most RETRY_AFTER_MAX_MS:
/// all digits are seconds; an HTTP-date is the time until it. Anything else
/// (1.5, -1, 1e3, an ISO timestamp), 0 or a past date gives None, and
/// the computed delay applies.
fn retry_after_ms(response: &reqwest::Response) -> Option<f64> {
    let value = response.headers().get(reqwest::header::RETRY_AFTER)?;
    let text = value.to_str().ok()?.trim();
    let ms = if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        // A very long digit string parses as a huge number or infinity: both clamp.
        text.parse::<f64>().ok()? * 1000.0
    } else {
        (http_date_secs(text)? as f64 - now_secs()) * 1000.0
    };
    (ms > 0.0).then(|| ms.min(RETRY_AFTER_MAX_MS))
}

/// Seconds since the Unix epoch.
fn now_secs() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64())
}

/// Reads an HTTP-date (RFC 9110 section 5.6.7) as Unix seconds, or None. The
/// three shapes are matched exactly (case-sensitive): IMF-fixdate
/// `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`
/// and asctime `Sun Nov  6 08:49:37 1994`. The weekday must match the date,
/// and a leap second can only be 23:59:60.
fn http_date_secs(text: &str) -> Option<i64> {
    // Byte ranges of the weekday, day, month, year and time in each shape.
    // Slicing is safe: text that matches a layout is all ASCII.
    let (weekday, day, month, year, clock) = if has_layout(text, "aaa, 99 aaa 9999 99:99:99 GMT") {
        (0..3, 5..7, 8..11, 12..16, 17..25)
    } else if has_layout(text, "aaa aaa _9 99:99:99 9999") {
        (0..3, 8..10, 4..7, 20..24, 11..19)
    } else {
        // RFC 850 spells the weekday out, so the rest starts after its comma.
        let n = text.find(", ")? + 2;
        if !has_layout(&text[n..], "99-aaa-99 99:99:99 GMT") {
            return None;
        }
        let at = |start: usize, end: usize| n + start..n + end;
        (0..n - 2, at(0, 2), at(3, 6), at(7, 9), at(10, 18))
    };
    let month_name = &text[month];
    let month = MONTH_NAMES.iter().position(|name| *name == month_name)? as i64 + 1;
    let day = number(&text[day]);
    let clock = &text[clock];
    let hour = number(&clock[..2]);
    let minute = number(&clock[3..5]);
    let second = number(&clock[6..]);
    let leap = (hour, minute, second) == (23, 59, 60);
    if hour > 23 || minute > 59 || (second > 59 && !leap) {
        return None;
    }
    let seconds = (hour * 60 + minute) * 60 + second;
    // Only RFC 850 has a two-digit year, and it spells the weekday out.
    let rfc850 = year.len() == 2;
    let year = if rfc850 {
        rfc850_year(number(&text[year]), month, day, seconds)
    } else {
        number(&text[year])
    };
    if !(1..=days_in_month(year, month)).contains(&day) {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let names = if rfc850 { LONG_DAY_NAMES } else { DAY_NAMES };
    // 1970-01-01 was a Thursday, and the names start on Monday.
    if names[(days + 3).rem_euclid(7) as usize] != &text[weekday] {
        return None;
    }
    Some(days * 86_400 + seconds)
}

/// Whether `text` has the layout of `pattern`, byte for byte: `9` is a digit,
/// `_` a digit or a space, `a` an ASCII letter; any other byte stands for itself.
fn has_layout(text: &str, pattern: &str) -> bool {
    text.len() == pattern.len()
        && text.bytes().zip(pattern.bytes()).all(|(t, p)| match p {
            b'9' => t.is_ascii_digit(),
            b'_' => t == b' ' || t.is_ascii_digit(),
            b'a' => t.is_ascii_alphabetic(),
            _ => t == p,
        })
}

/// The value of digits that [`has_layout`] checked (asctime's day may lead
/// with a space).
fn number(digits: &str) -> i64 {
    digits.trim_start().parse().unwrap_or(0)
}

/// Days in `month` (1 to 12) of `year`.
fn days_in_month(year: i64, month: i64) -> i64 {
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a date of the Gregorian calendar (Howard Hinnant's
/// `days_from_civil`: years counted from March, in 400-year eras).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// RFC 850's two-digit year, read as RFC 9110 asks: the latest year with those
/// digits whose date is not more than 50 years ahead.
fn rfc850_year(two_digits: i64, month: i64, day: i64, seconds: i64) -> i64 {
    let now = now_secs();
    let today = (now / 86_400.0) as i64;
    let mut this_year = 1970;
    while days_from_civil(this_year + 1, 1, 1) <= today {
        this_year += 1;
    }
    let mut year = this_year - this_year % 100 + two_digits + 100;
    // days_from_civil counts on past a month's end, so 29 Feb of a common
    // year rolls over instead of failing.
    while (days_from_civil(year - 50, month, day) * 86_400 + seconds) as f64 > now {
        year -= 100;
    }
    year
}
"#;
