//! Calendar arithmetic on the proleptic Gregorian calendar, in days since
//! 1970-01-01 (Unix time has no leap seconds), and the weekday and month
//! names HTTP-dates use.

/// Weekday names as dates write them, 0 = Sunday.
pub(super) const WEEKDAY_ABBR: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/// Weekday names in full (RFC 850 dates and the reasons), 0 = Sunday.
pub(super) const WEEKDAY_FULL: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];
/// Month names as dates write them, January first.
pub(super) const MONTH_ABBR: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
/// Month names in full, for the reasons, January first.
pub(super) const MONTH_FULL: [&str; 12] = [
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

/// Whether `year` is a leap year on the proleptic Gregorian calendar.
fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// The number of days in `month` (1 to 12) of `year`.
pub(super) fn days_in_month(year: i64, month: u8) -> u8 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Day of the week, 0 = Sunday, for days since 1970-01-01 (a Thursday).
pub(super) fn weekday(days: i64) -> usize {
    (days + 4).rem_euclid(7) as usize
}

// The two conversions below count in 400-year eras of 146,097 days, with
// years starting on 1 March so that the leap day falls at the end of a
// year. Inputs stay far inside i64: |days| < 2^47 and |year| < 2^40 for
// everything this module passes in.

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub(super) fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
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
pub(super) fn civil_from_days(days: i64) -> (i64, u8, u8) {
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
}
