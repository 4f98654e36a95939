//! The strict `Retry-After` reader of the JavaScript snippet: delay-seconds
//! and the three HTTP-date shapes, each by a pattern of its own (never
//! `Date.parse`). Long, and written only when Retry-After is honoured.

/// The strict `Retry-After` reader. Like the page's tester, it wants the
/// weekday to match the date, takes second 60 only as 23:59:60, and decides
/// RFC 850's "more than 50 years ahead" on the calendar.
pub(super) fn reader(typed: bool) -> String {
    let ty = |annotation: &'static str| if typed { annotation } else { "" };
    let mut out = String::from(
        "const DAY_NAMES = [\"Sun\", \"Mon\", \"Tue\", \"Wed\", \"Thu\", \"Fri\", \"Sat\"];\n\
         const MONTHS = [\"Jan\", \"Feb\", \"Mar\", \"Apr\", \"May\", \"Jun\",\n  \
         \"Jul\", \"Aug\", \"Sep\", \"Oct\", \"Nov\", \"Dec\"];\n\
         const WEEKDAY = `(?<weekday>${DAY_NAMES.join(\"|\")})`;\n\
         const LONG_WEEKDAY =\n  \
         \"(?<weekday>Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday)\";\n\
         const MONTH = `(?<month>${MONTHS.join(\"|\")})`;\n\
         const TIME = \"(?<hour>[0-9]{2}):(?<minute>[0-9]{2}):(?<second>[0-9]{2})\";\n\
         // The three HTTP-date shapes of RFC 9110 section 5.6.7, matched exactly\n\
         // (case-sensitive).\n\
         const HTTP_DATES = [\n  \
         // IMF-fixdate: Sun, 06 Nov 1994 08:49:37 GMT\n  \
         new RegExp(`^${WEEKDAY}, (?<day>[0-9]{2}) ${MONTH} (?<year>[0-9]{4}) ${TIME} GMT$`),\n  \
         // RFC 850: Sunday, 06-Nov-94 08:49:37 GMT\n  \
         new RegExp(`^${LONG_WEEKDAY}, (?<day>[0-9]{2})-${MONTH}-(?<year>[0-9]{2}) ${TIME} GMT$`),\n  \
         // asctime: Sun Nov  6 08:49:37 1994\n  \
         new RegExp(`^${WEEKDAY} ${MONTH} (?<day>[ 0-9][0-9]) ${TIME} (?<year>[0-9]{4})$`),\n\
         ];\n\n",
    );
    out.push_str(&format!(
        "/**\n \
         * Reads a Retry-After value as a wait in ms, at most RETRY_AFTER_MAX_MS:\n \
         * all digits are seconds; an HTTP-date is the time until it. Anything\n \
         * else (1.5, -1, 1e3, an ISO timestamp), 0 or a past date gives\n \
         * null, and the computed delay applies.\n \
         */\n\
         function retryAfterMs(value{}){} {{\n  \
         if (value === null) return null;\n  \
         const text = value.trim();\n  \
         // A very long digit string is a huge number or Infinity: both clamp.\n  \
         const ms = /^[0-9]+$/.test(text)\n    \
         ? Number(text) * 1000\n    \
         : (httpDateMs(text) ?? 0) - Date.now();\n  \
         return ms > 0 ? Math.min(ms, RETRY_AFTER_MAX_MS) : null;\n\
         }}\n\n",
        ty(": string | null"),
        ty(": number | null"),
    ));
    // A named group: `.hour` in JavaScript, `["hour"]` in TypeScript, whose
    // --noPropertyAccessFromIndexSignature wants brackets on the groups'
    // index signature.
    let field = |name: &str| {
        if typed {
            format!("[\"{name}\"]")
        } else {
            format!(".{name}")
        }
    };
    out.push_str(&format!(
        "/**\n \
         * The instant of an HTTP-date in epoch ms, or null. The fields come from a\n \
         * strict pattern, never from Date.parse, which reads \"1.5\" as a date. The\n \
         * weekday must match the date, and a leap second can only be 23:59:60.\n \
         */\n\
         function httpDateMs(text{}){} {{\n  \
         for (const shape of HTTP_DATES) {{\n    \
         const fields = shape.exec(text)?.groups;\n    \
         if (!fields) continue;\n    \
         // Every group is there when the shape matched; the defaults are for tsc.\n    \
         const {{ weekday = \"\", month: monthName = \"\", year: yearDigits = \"\" }} = fields;\n    \
         const hour = Number(fields{hour});\n    \
         const minute = Number(fields{minute});\n    \
         const second = Number(fields{second});\n    \
         const leap = hour === 23 && minute === 59 && second === 60;\n    \
         if (hour > 23 || minute > 59 || (second > 59 && !leap)) return null;\n    \
         const seconds = (hour * 60 + minute) * 60 + second;\n    \
         const month = MONTHS.indexOf(monthName);\n    \
         const day = Number(fields{day}); // asctime's \" 6\" reads as 6\n    \
         const year =\n      \
         yearDigits.length === 2\n        \
         ? rfc850Year(Number(yearDigits), month, day, seconds)\n        \
         : Number(yearDigits);\n    \
         const midnight = new Date(utcMs(year, month, day, 0));\n    \
         // A day the month lacks (31 Feb) rolls into the next month: not a date.\n    \
         if (midnight.getUTCDate() !== day) return null;\n    \
         if (DAY_NAMES[midnight.getUTCDay()] !== weekday.slice(0, 3)) return null;\n    \
         return midnight.getTime() + seconds * 1000;\n  \
         }}\n  \
         return null;\n\
         }}\n\n",
        ty(": string"),
        ty(": number | null"),
        hour = field("hour"),
        minute = field("minute"),
        second = field("second"),
        day = field("day"),
    ));
    out.push_str(&format!(
        "/** Epoch ms of a UTC date; month counts from 0, and day 0 or 31 Feb roll over. */\n\
         function utcMs(year{n}, month{n}, day{n}, seconds{n}){n} {{\n  \
         // setUTCFullYear, unlike Date.UTC, keeps a year below 100 as it is.\n  \
         const date = new Date(0);\n  \
         date.setUTCFullYear(year, month, day);\n  \
         return date.getTime() + seconds * 1000;\n\
         }}\n\n\
         /**\n \
         * RFC 850's two-digit year, read as RFC 9110 asks: the latest year with\n \
         * those digits whose date is not more than 50 years ahead.\n \
         */\n\
         function rfc850Year(twoDigits{n}, month{n}, day{n}, seconds{n}){n} {{\n  \
         const now = Date.now();\n  \
         const thisYear = new Date(now).getUTCFullYear();\n  \
         let year = thisYear - (thisYear % 100) + twoDigits + 100;\n  \
         while (utcMs(year - 50, month, day, seconds) > now) year -= 100;\n  \
         return year;\n\
         }}\n",
        n = ty(": number"),
    ));
    out
}
