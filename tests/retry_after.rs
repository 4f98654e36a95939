//! The Retry-After reader against RFC 9110 §10.2.3 and §5.6.7.
//!
//! Expected instants are written out as epoch seconds worked out
//! independently of the code under test.

use backoff_calculator::core::retry_after::*;
use proptest::prelude::*;

/// 1994-11-06T08:49:37Z, the RFC's example instant.
const RFC_EXAMPLE_SECS: i64 = 784_111_777;
/// 2026-11-29T00:00:00Z.
const NOW_2026_MS: i64 = 1_795_910_400_000;
/// 2099-06-01T00:00:00Z.
const NOW_2099_MS: i64 = 4_083_955_200_000;

fn read(value: &str) -> Result<RetryAfter, RetryAfterError> {
    parse(value, NOW_2026_MS, DEFAULT_MAX_WAIT_MS)
}

fn instant(value: &str, now_ms: i64) -> i64 {
    parse(value, now_ms, DEFAULT_MAX_WAIT_MS)
        .unwrap_or_else(|e| panic!("{value:?} was refused: {e}"))
        .instant_ms
        .expect("a date has an instant")
}

// --- 1. The RFC's own example -------------------------------------------

#[test]
fn the_rfc_example_reads_the_same_in_all_three_shapes() {
    let cases = [
        ("Sun, 06 Nov 1994 08:49:37 GMT", Form::ImfFixdate),
        ("Sunday, 06-Nov-94 08:49:37 GMT", Form::Rfc850),
        ("Sun Nov  6 08:49:37 1994", Form::Asctime),
    ];
    for (value, form) in cases {
        let got = read(value).unwrap();
        assert_eq!(got.form, form, "{value}");
        assert_eq!(got.instant_ms, Some(RFC_EXAMPLE_SECS * 1_000), "{value}");
        // 1994 is long past.
        assert_eq!((got.wait_ms, got.clamped), (0, false), "{value}");
    }
}

#[test]
fn the_rfc_example_is_written_back_in_each_shape() {
    assert_eq!(
        format_date(RFC_EXAMPLE_SECS, Form::ImfFixdate),
        "Sun, 06 Nov 1994 08:49:37 GMT"
    );
    assert_eq!(
        format_date(RFC_EXAMPLE_SECS, Form::Rfc850),
        "Sunday, 06-Nov-94 08:49:37 GMT"
    );
    assert_eq!(
        format_date(RFC_EXAMPLE_SECS, Form::Asctime),
        "Sun Nov  6 08:49:37 1994"
    );
    // Seconds are not a date shape: the IMF-fixdate stands in.
    assert_eq!(
        format_date(RFC_EXAMPLE_SECS, Form::DelaySeconds),
        "Sun, 06 Nov 1994 08:49:37 GMT"
    );
    assert_eq!(
        format_utc(RFC_EXAMPLE_SECS * 1_000 + 999),
        "1994-11-06 08:49:37 UTC"
    );
}

#[test]
fn delay_seconds_waits_that_many_seconds() {
    let got = read("120").unwrap();
    assert_eq!(
        got,
        RetryAfter {
            form: Form::DelaySeconds,
            instant_ms: None,
            wait_ms: 120_000,
            clamped: false,
        }
    );
    assert_eq!(read("0").unwrap().wait_ms, 0);
    assert_eq!(read("0007").unwrap().wait_ms, 7_000);
}

#[test]
fn surrounding_spaces_and_tabs_are_trimmed() {
    assert_eq!(read(" \t120\t ").unwrap().wait_ms, 120_000);
    assert_eq!(
        instant("  Sun, 06 Nov 1994 08:49:37 GMT\t", NOW_2026_MS),
        RFC_EXAMPLE_SECS * 1_000
    );
    assert_eq!(read(" \t "), Err(RetryAfterError::Empty));
}

#[test]
fn form_names_match_the_page_contract() {
    let names: Vec<_> = Form::ALL.iter().map(|f| f.as_str()).collect();
    assert_eq!(names, ["delay-seconds", "imf-fixdate", "rfc850", "asctime"]);
    let labels: Vec<_> = Form::ALL.iter().map(|f| f.label()).collect();
    assert_eq!(
        labels,
        [
            "delay-seconds",
            "IMF-fixdate",
            "RFC 850 date (obsolete)",
            "asctime date (obsolete)"
        ]
    );
}

// --- 2. RFC 850 two-digit years -------------------------------------------

#[test]
fn rfc850_year_up_to_fifty_years_ahead_is_the_future() {
    // 2076-01-01 is 49 years and a month ahead of 2026-11-29.
    assert_eq!(
        instant("Wednesday, 01-Jan-76 00:00:00 GMT", NOW_2026_MS),
        3_345_062_400_000
    );
}

#[test]
fn rfc850_year_more_than_fifty_years_ahead_is_the_past_century() {
    // 2077-01-01 would be 50 years and a month ahead, so it is 1977.
    assert_eq!(
        instant("Saturday, 01-Jan-77 00:00:00 GMT", NOW_2026_MS),
        220_924_800_000
    );
}

#[test]
fn rfc850_exactly_fifty_years_ahead_is_still_the_future() {
    // 2076-11-29 00:00:00 is exactly 50 years after now.
    assert_eq!(
        instant("Sunday, 29-Nov-76 00:00:00 GMT", NOW_2026_MS),
        3_373_833_600_000
    );
    // One second later it is more than 50 years ahead: 1976-11-29 00:00:01.
    assert_eq!(
        instant("Monday, 29-Nov-76 00:00:01 GMT", NOW_2026_MS),
        218_073_601_000
    );
}

#[test]
fn rfc850_year_this_year_and_last_year() {
    // 2026-11-29, today, at noon.
    assert_eq!(
        instant("Sunday, 29-Nov-26 12:00:00 GMT", NOW_2026_MS),
        1_795_953_600_000
    );
    // 2025-01-01.
    assert_eq!(
        instant("Wednesday, 01-Jan-25 00:00:00 GMT", NOW_2026_MS),
        1_735_689_600_000
    );
}

#[test]
fn rfc850_years_across_a_century_boundary() {
    // now = 2099-06-01T00:00:00Z.
    // 00 → 2100, one year ahead (not 2000, 99 years back).
    assert_eq!(
        instant("Friday, 01-Jan-00 00:00:00 GMT", NOW_2099_MS),
        4_102_444_800_000
    );
    // 50 → 2050: 2150 would be 51 years ahead.
    assert_eq!(
        instant("Saturday, 01-Jan-50 00:00:00 GMT", NOW_2099_MS),
        2_524_608_000_000
    );
    // 49 in January → 2149, 49.4 years ahead.
    assert_eq!(
        instant("Wednesday, 01-Jan-49 00:00:00 GMT", NOW_2099_MS),
        5_648_745_600_000
    );
    // 49 in December → 2049: 2149-12-31 would be 50.6 years ahead.
    assert_eq!(
        instant("Friday, 31-Dec-49 00:00:00 GMT", NOW_2099_MS),
        2_524_521_600_000
    );
    // Exactly 50 years ahead, 2149-06-01 00:00:00, is the future ...
    assert_eq!(
        instant("Sunday, 01-Jun-49 00:00:00 GMT", NOW_2099_MS),
        5_661_792_000_000
    );
    // ... and a second later it is 2049-06-01 00:00:01.
    assert_eq!(
        instant("Tuesday, 01-Jun-49 00:00:01 GMT", NOW_2099_MS),
        2_506_118_401_000
    );
    // 99 → 2099, this year.
    assert_eq!(
        instant("Monday, 01-Jun-99 00:00:00 GMT", NOW_2099_MS),
        NOW_2099_MS
    );
}

#[test]
fn rfc850_weekday_is_checked_against_the_chosen_century() {
    // 01-Jan-77 is read as 1977 (a Saturday); 2077-01-01 is a Friday.
    let err = read("Friday, 01-Jan-77 00:00:00 GMT").unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::WrongWeekday {
            year: 1977,
            month: 1,
            day: 1,
            written: "Friday",
            actual: "Saturday",
        }
    );
}

#[test]
fn rfc850_leap_day_depends_on_the_chosen_century() {
    // now 2099: 29-Feb-00 reads as 2100, which is not a leap year.
    let err = parse("Tuesday, 29-Feb-00 00:00:00 GMT", NOW_2099_MS, 0).unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::NoSuchDay {
            year: 2100,
            month: 2,
            day: 29
        }
    );
    assert_eq!(
        err.to_string(),
        "2100 is not a leap year, so February has no 29th."
    );
    // now 2026: 29-Feb-00 reads as 2000, which is.
    assert_eq!(
        instant("Tuesday, 29-Feb-00 00:00:00 GMT", NOW_2026_MS),
        951_782_400_000
    );
}

// --- 3. Refused values ----------------------------------------------------

#[test]
fn refuses_a_fraction() {
    let err = read("1.5").unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::Fraction {
            value: "1.5".into()
        }
    );
    assert_eq!(
        err.to_string(),
        "Only whole seconds are allowed: 1.5 has a fraction."
    );
    assert!(matches!(read(".5"), Err(RetryAfterError::Fraction { .. })));
    assert!(matches!(read("2."), Err(RetryAfterError::Fraction { .. })));
}

#[test]
fn refuses_a_negative_number() {
    assert_eq!(
        read("-1"),
        Err(RetryAfterError::Negative { value: "-1".into() })
    );
    assert!(matches!(
        read("-0.5"),
        Err(RetryAfterError::Negative { .. })
    ));
}

#[test]
fn refuses_exponent_notation() {
    assert_eq!(
        read("1e3"),
        Err(RetryAfterError::Exponent {
            value: "1e3".into()
        })
    );
    assert!(matches!(
        read("2.5E+2"),
        Err(RetryAfterError::Exponent { .. })
    ));
}

#[test]
fn refuses_a_plus_sign() {
    assert_eq!(
        read("+5"),
        Err(RetryAfterError::PlusSign { value: "+5".into() })
    );
}

#[test]
fn refuses_iso_8601() {
    for value in [
        "2026-11-29T22:00:00Z",
        "2026-11-29T22:00:00+00:00",
        "2026-11-29 22:00:00",
        "2026-11-29",
    ] {
        assert_eq!(read(value), Err(RetryAfterError::Iso8601), "{value}");
    }
}

#[test]
fn refuses_the_31st_of_february() {
    let err = read("Tue, 31 Feb 2026 10:00:00 GMT").unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::NoSuchDay {
            year: 2026,
            month: 2,
            day: 31
        }
    );
    assert_eq!(err.to_string(), "February has no 31st.");
    assert!(matches!(
        read("Thu, 31 Apr 2026 10:00:00 GMT"),
        Err(RetryAfterError::NoSuchDay { day: 31, .. })
    ));
    assert!(matches!(
        read("Thu, 00 Apr 2026 10:00:00 GMT"),
        Err(RetryAfterError::NoSuchDay { day: 0, .. })
    ));
    assert!(matches!(
        read("Thu, 32 Jan 2026 10:00:00 GMT"),
        Err(RetryAfterError::NoSuchDay { day: 32, .. })
    ));
}

#[test]
fn refuses_the_29th_of_february_in_a_common_year_only() {
    assert_eq!(
        read("Sun, 29 Feb 2026 00:00:00 GMT"),
        Err(RetryAfterError::NoSuchDay {
            year: 2026,
            month: 2,
            day: 29
        })
    );
    assert!(matches!(
        read("Mon, 29 Feb 1900 00:00:00 GMT"),
        Err(RetryAfterError::NoSuchDay { year: 1900, .. })
    ));
    // 2028 and 2000 are leap years.
    assert!(read("Tue, 29 Feb 2028 00:00:00 GMT").is_ok());
    assert!(read("Tue, 29 Feb 2000 00:00:00 GMT").is_ok());
}

#[test]
fn refuses_impossible_times() {
    let err = read("Sun, 29 Nov 2026 25:00:00 GMT").unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::NoSuchTime {
            hour: 25,
            minute: 0,
            second: 0
        }
    );
    assert_eq!(
        err.to_string(),
        "There is no hour 25: hours run from 00 to 23."
    );
    assert!(matches!(
        read("Sun, 29 Nov 2026 24:00:00 GMT"),
        Err(RetryAfterError::NoSuchTime { hour: 24, .. })
    ));
    assert!(matches!(
        read("Sun, 29 Nov 2026 10:60:00 GMT"),
        Err(RetryAfterError::NoSuchTime { minute: 60, .. })
    ));
    assert!(matches!(
        read("Sun, 29 Nov 2026 10:00:61 GMT"),
        Err(RetryAfterError::NoSuchTime { second: 61, .. })
    ));
}

#[test]
fn refuses_an_empty_value() {
    assert_eq!(read(""), Err(RetryAfterError::Empty));
    assert_eq!(read("   "), Err(RetryAfterError::Empty));
    assert_eq!(RetryAfterError::Empty.to_string(), "The value is empty.");
}

#[test]
fn refuses_a_zone_other_than_gmt() {
    for zone in ["UTC", "+0000", "EST", "GMT+1", "Z"] {
        let value = format!("Sun, 06 Nov 1994 08:49:37 {zone}");
        assert_eq!(
            read(&value),
            Err(RetryAfterError::NotGmt { found: zone.into() }),
            "{value}"
        );
    }
    assert!(matches!(
        read("Sunday, 06-Nov-94 08:49:37 UTC"),
        Err(RetryAfterError::NotGmt { .. })
    ));
    assert!(matches!(
        read("Sun, 06 Nov 1994 08:49:37"),
        Err(RetryAfterError::Malformed {
            form: Form::ImfFixdate,
            ..
        })
    ));
    // asctime has no zone at all.
    assert!(matches!(
        read("Sun Nov  6 08:49:37 1994 GMT"),
        Err(RetryAfterError::Malformed {
            form: Form::Asctime,
            ..
        })
    ));
}

#[test]
fn refuses_other_numbers_and_words_by_name() {
    assert!(matches!(
        read("1,000"),
        Err(RetryAfterError::Separators { .. })
    ));
    assert!(matches!(
        read("1 000"),
        Err(RetryAfterError::Separators { .. })
    ));
    assert!(matches!(read("120s"), Err(RetryAfterError::Unit { .. })));
    assert!(matches!(read("2 min"), Err(RetryAfterError::Unit { .. })));
    assert_eq!(read("Retry-After: 120"), Err(RetryAfterError::FieldName));
    assert_eq!(read("retry-after : 120"), Err(RetryAfterError::FieldName));
    for value in [
        "soon", "tomorrow", "NaN", "inf", "0x10", "١٢٣", "--1", "-", "·",
    ] {
        assert!(read(value).is_err(), "{value}");
    }
    assert_eq!(read("soon"), Err(RetryAfterError::Unrecognized));
    assert_eq!(read("0x10"), Err(RetryAfterError::Unrecognized));
}

#[test]
fn refuses_wrong_widths_and_separators() {
    let malformed = |value: &str, form: Form| {
        let err = read(value).unwrap_err();
        assert!(
            matches!(err, RetryAfterError::Malformed { form: f, .. } if f == form),
            "{value}: {err:?}"
        );
    };
    malformed("Sun, 6 Nov 1994 08:49:37 GMT", Form::ImfFixdate);
    malformed("Sun, 06 Nov 94 08:49:37 GMT", Form::ImfFixdate);
    malformed("Sun, 06 Nov 01994 08:49:37 GMT", Form::ImfFixdate);
    malformed("Sun, 06 Nov 1994 8:49:37 GMT", Form::ImfFixdate);
    malformed("Sun, 06 Nov 1994 08.49.37 GMT", Form::ImfFixdate);
    malformed("Sun, 06-Nov-1994 08:49:37 GMT", Form::ImfFixdate);
    malformed("Sun 06 Nov 1994 08:49:37 GMT", Form::ImfFixdate);
    malformed("Sunday, 06 Nov 1994 08:49:37 GMT", Form::Rfc850);
    malformed("Sunday, 06-Nov-1994 08:49:37 GMT", Form::Rfc850);
    malformed("Sunday 06-Nov-94 08:49:37 GMT", Form::Rfc850);
    malformed("Sun Nov 6 08:49:37 1994", Form::Asctime);
    malformed("Sun Nov  16 08:49:37 1994", Form::Asctime);
    malformed("Sun Nov  6 08:49:37 94", Form::Asctime);
    malformed("Sun, 06 Nov 1994 08:49:37 GMT;", Form::ImfFixdate);

    let err = read("Sun Nov 6 08:49:37 1994").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Not a valid asctime date (obsolete): expected a day as two digits, \
         or as one digit with a space before it, found \"6 08:49:37 1994\"."
    );
    let err = read("Sun, 06 Nov 1994 08:49:37 GMT\r\n").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Not a valid IMF-fixdate: expected nothing after GMT, found \"\\r\\n\"."
    );
    let err = read("Sun, 06 Nov 1994").unwrap_err();
    assert_eq!(
        err.to_string(),
        "Not a valid IMF-fixdate: expected a space after the year, found the end."
    );
}

#[test]
fn refuses_extra_spaces() {
    for (value, form) in [
        ("Sun,  06 Nov 1994 08:49:37 GMT", Form::ImfFixdate),
        ("Sun, 06 Nov 1994  08:49:37 GMT", Form::ImfFixdate),
        ("Sunday, 06-Nov-94 08:49:37  GMT", Form::Rfc850),
        ("Sun Nov   6 08:49:37 1994", Form::Asctime),
        ("Sun  Nov  6 08:49:37 1994", Form::Asctime),
    ] {
        assert_eq!(
            read(value),
            Err(RetryAfterError::ExtraSpace { form }),
            "{value}"
        );
    }
}

#[test]
fn asctime_accepts_a_zero_padded_day_too() {
    // date3 = month SP ( 2DIGIT / ( SP DIGIT ) ): "06" is a 2DIGIT.
    assert_eq!(
        instant("Sun Nov 06 08:49:37 1994", NOW_2026_MS),
        RFC_EXAMPLE_SECS * 1_000
    );
}

// --- Recipient-defined cases ------------------------------------------------

#[test]
fn a_weekday_that_does_not_match_the_date_is_refused_naming_the_right_one() {
    let err = read("Mon, 06 Nov 1994 08:49:37 GMT").unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::WrongWeekday {
            year: 1994,
            month: 11,
            day: 6,
            written: "Monday",
            actual: "Sunday",
        }
    );
    assert_eq!(err.to_string(), "06 Nov 1994 is a Sunday, not a Monday.");
    assert!(matches!(
        read("Mon Nov  6 08:49:37 1994"),
        Err(RetryAfterError::WrongWeekday { .. })
    ));
    assert!(matches!(
        read("Monday, 06-Nov-94 08:49:37 GMT"),
        Err(RetryAfterError::WrongWeekday { .. })
    ));
}

#[test]
fn names_are_case_sensitive_and_the_reason_gives_the_spelling() {
    let cases = [
        ("sun, 06 Nov 1994 08:49:37 GMT", "sun", "Sun"),
        ("SUN, 06 Nov 1994 08:49:37 GMT", "SUN", "Sun"),
        ("Sun, 06 nov 1994 08:49:37 GMT", "nov", "Nov"),
        ("Sun, 06 NOV 1994 08:49:37 GMT", "NOV", "Nov"),
        ("Sun, 06 November 1994 08:49:37 GMT", "November", "Nov"),
        ("Sun, 06 Nov 1994 08:49:37 gmt", "gmt", "GMT"),
        ("sunday, 06-Nov-94 08:49:37 GMT", "sunday", "Sunday"),
        ("Sunday, 06-nov-94 08:49:37 GMT", "nov", "Nov"),
        ("sun Nov  6 08:49:37 1994", "sun", "Sun"),
        ("Sunday Nov  6 08:49:37 1994", "Sunday", "Sun"),
    ];
    for (value, found, expected) in cases {
        assert_eq!(
            read(value),
            Err(RetryAfterError::Spelling {
                found: found.into(),
                expected
            }),
            "{value}"
        );
    }
    assert_eq!(
        read("Sun, 06 nov 1994 08:49:37 GMT")
            .unwrap_err()
            .to_string(),
        "Write Nov, not nov: HTTP-date names are exact and case-sensitive."
    );
    assert_eq!(
        read("Sun, 06 Nox 1994 08:49:37 GMT"),
        Err(RetryAfterError::UnknownMonth {
            found: "Nox".into()
        })
    );
}

#[test]
fn a_leap_second_reads_as_the_next_second() {
    // 2016-12-31 23:59:60 was a real leap second; Unix time has no room for
    // it, so it is 2017-01-01 00:00:00.
    let midnight = 1_483_228_800_000;
    assert_eq!(
        instant("Sat, 31 Dec 2016 23:59:60 GMT", NOW_2026_MS),
        midnight
    );
    assert_eq!(
        instant("Saturday, 31-Dec-16 23:59:60 GMT", NOW_2026_MS),
        midnight
    );
    assert_eq!(instant("Sat Dec 31 23:59:60 2016", NOW_2026_MS), midnight);
    // Second 60 anywhere else is not a leap second.
    let err = read("Sat, 31 Dec 2016 12:00:60 GMT").unwrap_err();
    assert_eq!(
        err,
        RetryAfterError::NoSuchTime {
            hour: 12,
            minute: 0,
            second: 60
        }
    );
    assert_eq!(
        err.to_string(),
        "Second 60 is a leap second, which can only be 23:59:60."
    );
}

#[test]
fn a_date_in_the_past_waits_zero_and_is_not_clamped() {
    let got = read("Sun, 06 Nov 1994 08:49:37 GMT").unwrap();
    assert_eq!((got.wait_ms, got.clamped), (0, false));
    // A date equal to now also waits 0.
    let now = RFC_EXAMPLE_SECS * 1_000;
    let got = parse("Sun, 06 Nov 1994 08:49:37 GMT", now, 0).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (0, false));
}

#[test]
fn a_date_ahead_waits_until_it_in_whole_ms() {
    // now = 2026-11-29 00:00:00.250; the date is 90 s later.
    let got = parse(
        "Sun, 29 Nov 2026 00:01:30 GMT",
        NOW_2026_MS + 250,
        DEFAULT_MAX_WAIT_MS,
    )
    .unwrap();
    assert_eq!(got.instant_ms, Some(NOW_2026_MS + 90_000));
    assert_eq!((got.wait_ms, got.clamped), (89_750, false));
}

// --- 4. Clamping ------------------------------------------------------------

#[test]
fn delay_seconds_is_clamped_at_the_maximum() {
    let got = parse("99999", 0, 600_000).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (600_000, true));
    let got = parse("600", 0, 600_000).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (600_000, false));
    let got = parse("601", 0, 600_000).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (600_000, true));
    let got = parse("123456789012345678901234567890", 0, 600_000).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (600_000, true));
}

#[test]
fn delay_seconds_overflow_is_clamped_even_at_the_largest_maximum() {
    // 18446744073709551615 s does not fit in u64 ms; the true wait is still
    // above any maximum.
    let got = parse("18446744073709551615", 0, u64::MAX).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (u64::MAX, true));
    let got = parse("18446744073709551", 0, u64::MAX).unwrap();
    assert_eq!(
        (got.wait_ms, got.clamped),
        (18_446_744_073_709_551_000, false)
    );
}

#[test]
fn a_zero_maximum_waits_zero() {
    let got = parse("1", 0, 0).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (0, true));
    let got = parse("0", 0, 0).unwrap();
    assert_eq!((got.wait_ms, got.clamped), (0, false));
}

#[test]
fn a_date_is_clamped_at_the_maximum() {
    // An hour ahead, with the default 10-minute maximum.
    let got = read("Sun, 29 Nov 2026 01:00:00 GMT").unwrap();
    assert_eq!(got.instant_ms, Some(NOW_2026_MS + 3_600_000));
    assert_eq!((got.wait_ms, got.clamped), (600_000, true));
    // Exactly the maximum ahead is not cut short.
    let got = read("Sun, 29 Nov 2026 00:10:00 GMT").unwrap();
    assert_eq!((got.wait_ms, got.clamped), (600_000, false));
}

#[test]
fn extreme_years_and_instants_do_not_panic() {
    assert_eq!(
        instant("Sat, 01 Jan 0000 00:00:00 GMT", NOW_2026_MS),
        -62_167_219_200_000
    );
    let got = read("Fri, 31 Dec 9999 23:59:59 GMT").unwrap();
    assert_eq!(got.instant_ms, Some(253_402_300_799_000));
    assert_eq!((got.wait_ms, got.clamped), (600_000, true));
    for now in [i64::MIN, -1, 0, i64::MAX] {
        for value in [
            "Sunday, 06-Nov-94 08:49:37 GMT",
            "Sun, 06 Nov 1994 08:49:37 GMT",
            "Fri, 31 Dec 9999 23:59:59 GMT",
            "99999999999999999999",
        ] {
            let _ = parse(value, now, u64::MAX);
            let _ = parse(value, now, 0);
        }
    }
    for t in [i64::MIN, i64::MAX, -1, 0] {
        let _ = format_utc(t);
        for form in Form::ALL {
            let _ = format_date(t, form);
        }
    }
    assert_eq!(format_utc(-1), "1969-12-31 23:59:59 UTC");
}

#[test]
fn every_reason_is_a_short_sentence() {
    let values = [
        "",
        "Retry-After: 5",
        "-1",
        "+5",
        "1.5",
        "1e3",
        "1,000",
        "120s",
        "2026-11-29T22:00:00Z",
        "soon",
        "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun,  06 Nov 1994 08:49:37 GMT",
        "Sun, 06 nov 1994 08:49:37 GMT",
        "Sun, 06 Nox 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49:37 UTC",
        "Tue, 31 Feb 2026 10:00:00 GMT",
        "Sun, 29 Nov 2026 25:00:00 GMT",
        "Mon, 06 Nov 1994 08:49:37 GMT",
    ];
    for value in values {
        let reason = read(value).unwrap_err().to_string();
        assert!(reason.ends_with('.'), "{value}: {reason}");
        assert!(reason.len() < 120, "{value}: {reason}");
        assert!(reason.chars().next().unwrap().is_uppercase() || reason.starts_with('0'));
    }
}

// --- 5. Properties ------------------------------------------------------------

/// 1900-01-01T00:00:00Z.
const YEAR_1900_SECS: i64 = -2_208_988_800;
/// 9999-12-31T23:59:59Z.
const YEAR_9999_END_SECS: i64 = 253_402_300_799;
/// 1976-11-29T00:00:01Z: the earliest instant an RFC 850 date reads as with
/// now = 2026-11-29T00:00:00Z.
const RFC850_FIRST_SECS: i64 = 218_073_601;
/// 2076-11-29T00:00:00Z: the latest one.
const RFC850_LAST_SECS: i64 = 3_373_833_600;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn imf_fixdate_round_trips(secs in YEAR_1900_SECS..=YEAR_9999_END_SECS) {
        let text = format_date(secs, Form::ImfFixdate);
        let got = parse(&text, NOW_2026_MS, DEFAULT_MAX_WAIT_MS).unwrap();
        prop_assert_eq!(got.form, Form::ImfFixdate);
        prop_assert_eq!(got.instant_ms, Some(secs * 1_000));
    }

    #[test]
    fn asctime_round_trips(secs in YEAR_1900_SECS..=YEAR_9999_END_SECS) {
        let text = format_date(secs, Form::Asctime);
        let got = parse(&text, NOW_2026_MS, DEFAULT_MAX_WAIT_MS).unwrap();
        prop_assert_eq!(got.form, Form::Asctime);
        prop_assert_eq!(got.instant_ms, Some(secs * 1_000));
    }

    #[test]
    fn rfc850_round_trips_within_the_window(secs in RFC850_FIRST_SECS..=RFC850_LAST_SECS) {
        let text = format_date(secs, Form::Rfc850);
        let got = parse(&text, NOW_2026_MS, DEFAULT_MAX_WAIT_MS).unwrap();
        prop_assert_eq!(got.form, Form::Rfc850);
        prop_assert_eq!(got.instant_ms, Some(secs * 1_000));
    }

    /// Any now from 1900 to 9949, and an instant up to 49 years either side.
    #[test]
    fn rfc850_round_trips_around_any_now(
        now_secs in YEAR_1900_SECS..=250_000_000_000i64,
        offset in -1_546_300_800i64..=1_546_300_800,
    ) {
        let secs = now_secs + offset;
        let text = format_date(secs, Form::Rfc850);
        let got = parse(&text, now_secs * 1_000, DEFAULT_MAX_WAIT_MS).unwrap();
        prop_assert_eq!(got.instant_ms, Some(secs * 1_000));
    }

    #[test]
    fn waits_never_exceed_the_maximum(
        secs in YEAR_1900_SECS..=YEAR_9999_END_SECS,
        now_ms in any::<i64>(),
        max in any::<u64>(),
    ) {
        for form in [Form::ImfFixdate, Form::Asctime] {
            let got = parse(&format_date(secs, form), now_ms, max).unwrap();
            prop_assert!(got.wait_ms <= max);
            prop_assert!(!got.clamped || got.wait_ms == max);
            let ahead = i128::from(secs) * 1_000 - i128::from(now_ms);
            prop_assert_eq!(got.clamped, ahead > i128::from(max));
            if !got.clamped {
                prop_assert_eq!(i128::from(got.wait_ms), ahead.max(0));
            }
        }
    }

    #[test]
    fn any_string_never_panics(s in any::<String>(), now_ms in any::<i64>(), max in any::<u64>()) {
        if let Ok(got) = parse(&s, now_ms, max) {
            prop_assert!(got.wait_ms <= max);
        }
    }

    #[test]
    fn any_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..64), now_ms in any::<i64>()) {
        let s = String::from_utf8_lossy(&bytes);
        let _ = parse(&s, now_ms, DEFAULT_MAX_WAIT_MS);
    }

    /// Strings built from date parts reach deep into the parser.
    #[test]
    fn date_like_strings_never_panic(
        s in "[A-Za-z]{2,10}[, ]{0,2}[0-9 ]{1,3}[- ][A-Za-z]{2,9}[- ][0-9]{1,5} [0-9]{1,3}:[0-9]{1,3}:[0-9]{1,3}( [A-Za-z+0-9]{0,5})?",
        now_ms in any::<i64>(),
    ) {
        if let Err(e) = parse(&s, now_ms, DEFAULT_MAX_WAIT_MS) {
            prop_assert!(!e.to_string().is_empty());
        }
    }

    /// A valid date with one character replaced never panics.
    #[test]
    fn mutated_dates_never_panic(
        secs in YEAR_1900_SECS..=YEAR_9999_END_SECS,
        form in prop_oneof![Just(Form::ImfFixdate), Just(Form::Rfc850), Just(Form::Asctime)],
        at in 0usize..40,
        c in any::<char>(),
    ) {
        let mut chars: Vec<char> = format_date(secs, form).chars().collect();
        let at = at % chars.len();
        chars[at] = c;
        let text: String = chars.into_iter().collect();
        let _ = parse(&text, NOW_2026_MS, DEFAULT_MAX_WAIT_MS);
    }

    #[test]
    fn all_digit_values_are_delay_seconds(s in "[0-9]{1,40}", max in any::<u64>()) {
        let got = parse(&s, 0, max).unwrap();
        prop_assert_eq!(got.form, Form::DelaySeconds);
        prop_assert_eq!(got.instant_ms, None);
        prop_assert!(got.wait_ms <= max);
        // Up to 15 digits, the exact answer is easy to check.
        if s.len() <= 15 {
            let ms = s.parse::<u64>().unwrap() * 1_000;
            prop_assert_eq!(got.wait_ms, ms.min(max));
            prop_assert_eq!(got.clamped, ms > max);
        }
    }

    #[test]
    fn formatting_never_panics(t in any::<i64>()) {
        let utc = format_utc(t);
        prop_assert!(utc.ends_with(" UTC"));
        for form in Form::ALL {
            prop_assert!(!format_date(t, form).is_empty());
        }
    }
}
