//! Durations in the spellings configs use: a unit after a number
//! (`500ms`, `10s`), Go's `time.Second`, a duration as text (`"0.1s"`,
//! `"1m30s"`, `PT0.5S`, .NET's `00:00:02`), Python's `timedelta(…)` and
//! .NET's `new TimeSpan(…)`, all in exact milliseconds.

use super::parse::Arg;
use super::read::one_of;
use super::value::{arg, eval_at, num_of, Names, Val, Q};

/// Milliseconds in one unit written after a number or in a duration text.
pub fn unit_ms(unit: &str) -> Option<Q> {
    const UNITS: &Scales = &[
        ("ns nanos nanoseconds", 1, -6),
        ("us µs micros microseconds", 1, -3),
        ("ms millis milliseconds", 1, 0),
        ("s S sec secs seconds", 1000, 0),
        ("m M min mins minutes", 60_000, 0),
        ("h H hours", 3_600_000, 0),
        ("d D days", 86_400_000, 0),
    ];
    scale_of(UNITS, unit)
}

/// Names apart by spaces, and the ms one of them stands for as
/// `m × 10^e` (the scale of [`Q::Dec`]).
pub type Scales = [(&'static str, i64, i32)];

/// The ms that `name` stands for in `table`: the first row naming it.
pub fn scale_of(table: &Scales, name: &str) -> Option<Q> {
    table
        .iter()
        .find(|(names, ..)| one_of(names, name))
        .map(|&(_, m, e)| Q::Dec(m, e))
}

/// A duration written as text: `0.1s`, `500ms`, `1m30s`, `PT0.5S`,
/// `00:00:02.5`, `1.00:00:00`; `None` for anything else (a bare number
/// too: its unit is the key's).
pub fn duration_text(text: &str) -> Option<Q> {
    let t = text.trim();
    if let Some(iso) = t.strip_prefix("PT").or_else(|| t.strip_prefix("pt")) {
        return units(&iso.to_ascii_lowercase(), false);
    }
    if t.contains(':') {
        return timespan(t);
    }
    units(t, true)
}

/// `1m30s`, `0.5s`, `250ms`: numbers each followed by a unit.
fn units(t: &str, need_unit: bool) -> Option<Q> {
    let mut total = Q::int(0);
    let mut rest = t;
    if rest.is_empty() {
        return None;
    }
    while !rest.is_empty() {
        let n = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let u = rest[n..]
            .find(|c: char| c.is_ascii_digit() || c == '.')
            .map_or(rest.len(), |k| n + k);
        let q = Q::parse(&rest[..n])?;
        let unit = &rest[n..u];
        if unit.is_empty() && need_unit {
            return None;
        }
        total = total.add(q.mul(unit_ms(unit)?));
        rest = &rest[u..];
    }
    Some(total)
}

/// .NET's `[d.]hh:mm:ss[.fffffff]`.
fn timespan(t: &str) -> Option<Q> {
    let (h, rest) = t.split_once(':')?;
    let (m, s) = rest.split_once(':')?;
    if s.contains(':') {
        return None;
    }
    let (days, hours) = match h.split_once('.') {
        Some((d, h)) => (Q::parse(d)?, Q::parse(h)?),
        None => (Q::int(0), Q::parse(h)?),
    };
    let ms = days
        .mul(Q::int(86_400_000))
        .add(hours.mul(Q::int(3_600_000)))
        .add(Q::parse(m)?.mul(Q::int(60_000)))
        .add(Q::parse(s)?.mul(Q::int(1000)));
    Some(ms)
}

/// Go's `time.Millisecond` and the rest, in ms.
pub fn go_unit(unit: &str) -> Option<Q> {
    const UNITS: &Scales = &[
        ("Nanosecond", 1, -6),
        ("Microsecond", 1, -3),
        ("Millisecond", 1, 0),
        ("Second", 1000, 0),
        ("Minute", 60_000, 0),
        ("Hour", 3_600_000, 0),
    ];
    scale_of(UNITS, unit)
}

/// Python's `timedelta(days, seconds, microseconds, milliseconds,
/// minutes, hours, weeks)`, by position or name.
pub fn timedelta(args: &[Arg], names: &dyn Names, hops: usize) -> Val {
    const PARTS: &[(&str, i64, i32)] = &[
        ("days", 86_400_000, 0),
        ("seconds", 1000, 0),
        ("microseconds", 1, -3),
        ("milliseconds", 1, 0),
        ("minutes", 60_000, 0),
        ("hours", 3_600_000, 0),
        ("weeks", 604_800_000, 0),
    ];
    let mut total = Q::int(0);
    for (i, (key, m, e)) in PARTS.iter().enumerate() {
        if let Some(x) = arg(args, i, key) {
            match num_of(eval_at(x, names, hops)) {
                Some(q) => total = total.add(q.mul(Q::Dec(*m, *e))),
                None => return Val::Unknown,
            }
        }
    }
    Val::Dur(total)
}

/// .NET's `new TimeSpan(ticks)`, `(h, m, s)`, `(d, h, m, s[, ms])`.
pub fn timespan_new(args: &[Arg], names: &dyn Names, hops: usize) -> Val {
    let mut n = Vec::new();
    for a in args {
        match num_of(eval_at(&a.value, names, hops)) {
            Some(q) => n.push(q),
            None => return Val::Unknown,
        }
    }
    let per: &[Q] = match n.len() {
        1 => &[Q::Dec(1, -4)],
        3 => &[Q::int(3_600_000), Q::int(60_000), Q::int(1000)],
        4 => &[
            Q::int(86_400_000),
            Q::int(3_600_000),
            Q::int(60_000),
            Q::int(1000),
        ],
        5 => &[
            Q::int(86_400_000),
            Q::int(3_600_000),
            Q::int(60_000),
            Q::int(1000),
            Q::int(1),
        ],
        _ => return Val::Unknown,
    };
    Val::Dur(
        n.iter()
            .zip(per)
            .fold(Q::int(0), |t, (q, p)| t.add(q.mul(*p))),
    )
}
