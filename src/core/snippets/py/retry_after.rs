//! The Python snippet's Retry-After reader, written as it is.

/// The strict `Retry-After` reader; the same for every policy. Like the
/// page's tester, it wants the weekday to match the date, takes second 60
/// only as 23:59:60, and decides RFC 850's "more than 50 years ahead" on
/// the calendar.
pub(super) const RETRY_AFTER: &str = r#"_DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun",
           "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_WEEKDAY = "(?P<weekday>" + "|".join(_DAY_NAMES) + ")"
_LONG_WEEKDAY = "(?P<weekday>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
_MONTH = "(?P<month>" + "|".join(_MONTHS) + ")"
_TIME = "(?P<hour>[0-9]{2}):(?P<minute>[0-9]{2}):(?P<second>[0-9]{2})"
# The three HTTP-date shapes of RFC 9110 section 5.6.7, matched exactly
# (case-sensitive).
_HTTP_DATES = (
    # IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT
    re.compile(
        _WEEKDAY + ", (?P<day>[0-9]{2}) " + _MONTH + " (?P<year>[0-9]{4}) "
        + _TIME + " GMT"
    ),
    # RFC 850: Sunday, 06-Nov-94 08:49:37 GMT
    re.compile(
        _LONG_WEEKDAY + ", (?P<day>[0-9]{2})-" + _MONTH + "-(?P<year>[0-9]{2}) "
        + _TIME + " GMT"
    ),
    # asctime: Sun Nov  6 08:49:37 1994
    re.compile(
        _WEEKDAY + " " + _MONTH + " (?P<day>[ 0-9][0-9]) " + _TIME
        + " (?P<year>[0-9]{4})"
    ),
)


def _retry_after_ms(value: Optional[str]) -> Optional[float]:
    """Reads a Retry-After value as a wait in ms, at most RETRY_AFTER_MAX_MS.

    All digits are seconds; an HTTP-date is the time until it. Anything else
    (1.5, -1, 1e3, an ISO timestamp), 0 or a past date gives None,
    and the computed delay applies. email.utils is not used: it accepts far
    more shapes than RFC 9110 allows.
    """
    if value is None:
        return None
    text = value.strip(" \t")
    if re.fullmatch("[0-9]+", text):
        # float() reads a very long digit string as a huge number or inf: both clamp.
        ms = float(text) * 1000
    else:
        date_s = _http_date_s(text)
        ms = 0 if date_s is None else (date_s - time.time()) * 1000
    return min(ms, RETRY_AFTER_MAX_MS) if ms > 0 else None


def _http_date_s(text: str) -> Optional[float]:
    """The instant of an HTTP-date in Unix seconds, or None.

    The weekday must match the date, and a leap second can only be 23:59:60.
    """
    for shape in _HTTP_DATES:
        match = shape.fullmatch(text)
        if match is None:
            continue
        hour, minute, second = (int(match[f]) for f in ("hour", "minute", "second"))
        leap = (hour, minute, second) == (23, 59, 60)
        if hour > 23 or minute > 59 or (second > 59 and not leap):
            return None
        seconds = (hour * 60 + minute) * 60 + second
        month = _MONTHS.index(match["month"]) + 1
        day = int(match["day"])  # int() reads asctime's " 6" as 6
        year = int(match["year"])
        if len(match["year"]) == 2:
            year = _rfc850_year(year, month, day, seconds)
        try:
            midnight = datetime(year, month, day, tzinfo=timezone.utc)
        except ValueError:  # a day the month lacks, such as 31 Feb
            return None
        if _DAY_NAMES[midnight.weekday()] != match["weekday"][:3]:
            return None
        # The time is added to the timestamp, not passed in: a leap second
        # counts, and 23:59:60 on 31 Dec 9999 cannot overflow a datetime.
        return midnight.timestamp() + seconds
    return None


def _rfc850_year(two_digits: int, month: int, day: int, seconds: int) -> int:
    """RFC 850's two-digit year, read as RFC 9110 asks: the latest year with
    those digits whose date is not more than 50 years ahead."""
    now = datetime.now(timezone.utc)
    year = now.year - now.year % 100 + two_digits + 100
    # Days are added to the 1st, so 29 Feb of a common year rolls over
    # instead of failing.
    while (
        datetime(year - 50, month, 1, tzinfo=timezone.utc)
        + timedelta(days=day - 1, seconds=seconds)
        > now
    ):
        year -= 100
    return year
"#;
