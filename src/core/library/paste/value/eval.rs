//! What an expression means: arithmetic on numbers and durations, names
//! looked up in the paste, and the calls the configs write durations with.

use super::{number, Val, Q};
use crate::core::library::paste::duration::{
    duration_text, go_unit, scale_of, timedelta, timespan_new, Scales,
};
use crate::core::library::paste::parse::{Arg, Expr};
use crate::core::library::paste::read::one_of;

/// Where names defined in the paste are looked up (`delayFactor = 500`).
pub trait Names {
    /// The value assigned to `name` in the paste, if once.
    fn lookup(&self, name: &str) -> Option<&Expr>;
}

/// How deep a chain of names is followed (`a = b`, `b = a` ends here).
const MAX_LOOKUPS: usize = 4;

/// What `e` means, reading names through `names`.
pub fn eval(e: &Expr, names: &dyn Names) -> Val {
    eval_at(e, names, 0)
}

pub(in crate::core::library::paste) fn eval_at(e: &Expr, names: &dyn Names, hops: usize) -> Val {
    let ev = |e: &Expr| eval_at(e, names, hops);
    match e {
        Expr::Num(n) => number(n),
        Expr::Str(s) => Val::Text(s.clone()),
        Expr::Neg(x) => match ev(x) {
            Val::Num(q, u) => Val::Num(q.neg(), u),
            Val::Dur(q) => Val::Dur(q.neg()),
            _ => Val::Unknown,
        },
        Expr::Bin(op, a, b) => arith(op, ev(a), ev(b)),
        Expr::Path(p) => path(p, names, hops),
        Expr::Call(callee, args) => call(callee, args, names, hops),
        _ => Val::Unknown,
    }
}

fn dur(v: &Val) -> Option<Q> {
    match v {
        Val::Dur(q) => Some(*q),
        Val::Num(q, Some(per)) => Some(q.mul(*per)),
        _ => None,
    }
}

fn arith(op: &str, a: Val, b: Val) -> Val {
    // A plain number (no unit) and a duration, of each side.
    let plain = |v: &Val| match v {
        Val::Num(q, None) => Some(*q),
        _ => None,
    };
    let (x, y, dx, dy) = (plain(&a), plain(&b), dur(&a), dur(&b));
    match op {
        "*" => match (x, y, dx, dy) {
            (Some(x), Some(y), ..) => Val::Num(x.mul(y), None),
            (Some(x), _, _, Some(d)) => Val::Dur(x.mul(d)),
            (_, Some(y), Some(d), _) => Val::Dur(d.mul(y)),
            _ => Val::Unknown,
        },
        "/" => match (x, y, dx) {
            (Some(x), Some(y), _) => Val::Num(x.div(y), None),
            (_, Some(y), Some(d)) => Val::Dur(d.div(y)),
            _ => Val::Unknown,
        },
        "+" | "-" => {
            let sign = |q: Q| if op == "-" { q.neg() } else { q };
            match (x, y, dx, dy) {
                (Some(x), Some(y), ..) => Val::Num(x.add(sign(y)), None),
                (_, _, Some(p), Some(q)) => Val::Dur(p.add(sign(q))),
                _ => Val::Unknown,
            }
        }
        _ => Val::Unknown,
    }
}

fn path(p: &[String], names: &dyn Names, hops: usize) -> Val {
    let last = p.last().map_or("", String::as_str);
    let owner = if p.len() >= 2 {
        p[p.len() - 2].as_str()
    } else {
        ""
    };
    // Lists of names in one string each, read by one loop, not a
    // comparison per name.
    let infinite = || Val::Num(Q::F(f64::INFINITY), None);
    if one_of("true True", last) {
        return Val::Bool(true);
    }
    if one_of("false False", last) {
        return Val::Bool(false);
    }
    if owner.is_empty() && one_of("None null nil undefined", last) {
        return Val::Nothing;
    }
    if (owner.is_empty() || one_of("math Number f64 f32", owner))
        && one_of("Infinity inf INFINITY POSITIVE_INFINITY", last)
    {
        return infinite();
    }
    if owner == "time" {
        if let Some(per) = go_unit(last) {
            return Val::Dur(per);
        }
    }
    if one_of("Duration TimeSpan", owner) && one_of("ZERO Zero", last) {
        return Val::Dur(Q::int(0));
    }
    if one_of("Duration TimeSpan", owner) && one_of("MAX MaxValue", last) {
        return Val::Dur(Q::F(f64::INFINITY));
    }
    if one_of("usize u32 u64 i32 i64 int", owner) && one_of("MAX MaxValue MAX_VALUE", last) {
        return infinite();
    }
    if p.len() == 1 && hops < MAX_LOOKUPS {
        if let Some(e) = names.lookup(last) {
            return eval_at(e, names, hops + 1);
        }
        return Val::Name(last.to_string());
    }
    Val::Name(last.to_string())
}

/// The n-th positional argument and the one named `key`.
pub(in crate::core::library::paste) fn arg<'a>(
    args: &'a [Arg],
    n: usize,
    key: &str,
) -> Option<&'a Expr> {
    args.iter()
        .find(|a| {
            a.key
                .as_ref()
                .and_then(|k| k.last())
                .is_some_and(|k| k == key)
        })
        .or_else(|| args.iter().filter(|a| a.key.is_none()).nth(n))
        .map(|a| &a.value)
}

pub(in crate::core::library::paste) fn num_of(v: Val) -> Option<Q> {
    match v {
        Val::Num(q, None) => Some(q),
        _ => None,
    }
}

fn call(callee: &Expr, args: &[Arg], names: &dyn Names, hops: usize) -> Val {
    let name = callee.name().unwrap_or("");
    let first = || {
        args.first()
            .map_or(Val::Unknown, |a| eval_at(&a.value, names, hops))
    };
    let scaled = |per: Q| num_of(first()).map_or(Val::Unknown, |q| Val::Dur(q.mul(per)));
    // Java, Rust, C#: one number and its unit, in ms.
    const SCALED: &Scales = &[
        ("ofNanos from_nanos", 1, -6),
        ("ofMicros from_micros FromMicroseconds", 1, -3),
        ("ofMillis from_millis FromMilliseconds", 1, 0),
        ("from_secs from_secs_f64 from_secs_f32 FromSeconds", 1000, 0),
        ("ofMinutes FromMinutes from_mins", 60_000, 0),
        ("ofHours FromHours from_hours", 3_600_000, 0),
        ("ofDays FromDays", 86_400_000, 0),
        ("FromTicks", 1, -4),
    ];
    if let Some(per) = scale_of(SCALED, name) {
        return scaled(per);
    }
    // Conversions that keep the value: `time.Duration(500)`, `float(2)`,
    // `Some(d)`, `Optional.of(d)`.
    if one_of(
        "Duration float int Number Some of Long Double valueOf",
        name,
    ) {
        return match first() {
            Val::Text(t) if t == "inf" || t == "Infinity" => Val::Num(Q::F(f64::INFINITY), None),
            v => v,
        };
    }
    match name {
        "ofSeconds" => match (first(), args.get(1)) {
            (Val::Num(s, None), Some(n)) => match num_of(eval_at(&n.value, names, hops)) {
                Some(n) => Val::Dur(s.mul(Q::int(1000)).add(n.mul(Q::Dec(1, -6)))),
                None => Val::Unknown,
            },
            _ => scaled(Q::int(1000)),
        },
        "timedelta" => timedelta(args, names, hops),
        "TimeSpan" => timespan_new(args, names, hops),
        // Rust's `Duration::new(secs, nanos)`.
        "new" if matches!(callee, Expr::Path(p) if p.first().is_some_and(|o| o == "Duration")) => {
            let s = arg(args, 0, "").map(|e| num_of(eval_at(e, names, hops)));
            let n = arg(args, 1, "").map(|e| num_of(eval_at(e, names, hops)));
            match (s, n) {
                (Some(Some(s)), Some(Some(n))) => {
                    Val::Dur(s.mul(Q::int(1000)).add(n.mul(Q::Dec(1, -6))))
                }
                _ => Val::Unknown,
            }
        }
        "parse" | "ParseDuration" | "Parse" => match first() {
            Val::Text(t) => duration_text(&t).map_or(Val::Unknown, Val::Dur),
            _ => Val::Unknown,
        },
        _ => Val::Unknown,
    }
}
