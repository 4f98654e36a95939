//! The strict `Retry-After` reader of the Go snippet: delay-seconds and the
//! three HTTP-date shapes, each by a pattern of its own. Long, fixed text,
//! written only when Retry-After is honoured.

/// The strict `Retry-After` reader; the same for every policy. Like the
/// page's tester, it wants the weekday to match the date, takes second 60
/// only as 23:59:60, and decides RFC 850's "more than 50 years ahead" on
/// the calendar.
pub(super) const RETRY_AFTER: &str = r#"const (
	weekdays    = "SunMonTueWedThuFriSat"
	months      = "JanFebMarAprMayJunJulAugSepOctNovDec"
	weekday     = `(?P<weekday>Mon|Tue|Wed|Thu|Fri|Sat|Sun)`
	longWeekday = `(?P<weekday>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)`
	monthName   = `(?P<month>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)`
	clock       = `(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})`
)

var delaySeconds = regexp.MustCompile(`^[0-9]+$`)

// httpDates holds the three HTTP-date shapes of RFC 9110 section 5.6.7,
// matched exactly (case-sensitive).
var httpDates = []*regexp.Regexp{
	// IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
	regexp.MustCompile(`^` + weekday + `, (?P<day>[0-9]{2}) ` + monthName + ` (?P<year>[0-9]{4}) ` + clock + ` GMT$`),
	// RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
	regexp.MustCompile(`^` + longWeekday + `, (?P<day>[0-9]{2})-` + monthName + `-(?P<year>[0-9]{2}) ` + clock + ` GMT$`),
	// asctime: Sun Nov  6 08:49:37 1994
	regexp.MustCompile(`^` + weekday + ` ` + monthName + ` (?P<day>[ 0-9][0-9]) ` + clock + ` (?P<year>[0-9]{4})$`),
}

// retryAfter reads a Retry-After value as a wait of at most retryAfterMaxMs:
// all digits are seconds; an HTTP-date is the time until it. For anything
// else (1.5, -1, 1e3, an ISO timestamp), 0 or a past date, ok is
// false, and the computed delay applies.
func retryAfter(value string) (wait time.Duration, ok bool) {
	value = strings.Trim(value, " \t")
	ms := 0.0
	if delaySeconds.MatchString(value) {
		// Digits always parse; too many for a float64 give +Inf, which clamps too.
		seconds, _ := strconv.ParseFloat(value, 64)
		ms = seconds * 1000
	} else if date, ok := httpDate(value); ok {
		ms = float64(time.Until(date)) / float64(time.Millisecond)
	}
	if ms <= 0 {
		return 0, false
	}
	return milliseconds(math.Min(ms, retryAfterMaxMs)), true
}

// httpDate reads an HTTP-date from the fields of a strict pattern, never
// with a lenient parser. The weekday must match the date, and a leap second
// can only be 23:59:60.
func httpDate(text string) (time.Time, bool) {
	for _, shape := range httpDates {
		match := shape.FindStringSubmatch(text)
		if match == nil {
			continue
		}
		field := func(name string) string { return match[shape.SubexpIndex(name)] }
		number := func(name string) int {
			// The pattern admits only digits, and asctime's day may lead with a space.
			n, _ := strconv.Atoi(strings.TrimLeft(field(name), " "))
			return n
		}
		hour, minute, second := number("hour"), number("minute"), number("second")
		leap := hour == 23 && minute == 59 && second == 60
		if hour > 23 || minute > 59 || (second > 59 && !leap) {
			return time.Time{}, false
		}
		seconds := (hour*60+minute)*60 + second
		// Every name in months and weekdays is three letters long.
		month := time.Month(strings.Index(months, field("month"))/3 + 1)
		day := number("day")
		year := number("year")
		if len(field("year")) == 2 {
			year = rfc850Year(year, month, day, seconds)
		}
		midnight := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
		// time.Date moves a day the month lacks (31 Feb) into the next month.
		if midnight.Day() != day {
			return time.Time{}, false
		}
		if int(midnight.Weekday()) != strings.Index(weekdays, field("weekday")[:3])/3 {
			return time.Time{}, false
		}
		return midnight.Add(time.Duration(seconds) * time.Second), true
	}
	return time.Time{}, false
}

// rfc850Year reads RFC 850's two-digit year as RFC 9110 asks: the latest
// year with those digits whose date is not more than 50 years ahead.
func rfc850Year(twoDigits int, month time.Month, day, seconds int) int {
	now := time.Now()
	thisYear := now.UTC().Year()
	year := thisYear - thisYear%100 + twoDigits + 100
	for time.Date(year-50, month, day, 0, 0, seconds, 0, time.UTC).After(now) {
		year -= 100
	}
	return year
}
"#;
