//! One parameter of a library's table: its name as the library spells
//! it, its unit, its default and its valid range.

use super::LibError;
use crate::core::decimal_text::shortest;

/// The unit a parameter is written in, as the library takes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Unit {
    /// Seconds (a float, or a duration the library reads as seconds).
    Seconds,
    /// Milliseconds.
    Millis,
    /// A count of retries (not counting the first call).
    Retries,
    /// A count of attempts (counting the first call).
    Attempts,
    /// A plain number (a factor, a base, a fraction).
    Number,
    /// `true` or `false`, stored as 1 or 0.
    Bool,
    /// One of the names listed, stored as its index.
    Choice(&'static [&'static str]),
}

impl Unit {
    /// The unit written after the parameter's name (`backoff_factor (s)`),
    /// if it has one.
    pub fn suffix(self) -> Option<&'static str> {
        match self {
            Unit::Seconds => Some("s"),
            Unit::Millis => Some("ms"),
            _ => None,
        }
    }
}

/// One parameter of a library: its name as the library spells it, its unit,
/// its default and its valid range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// The name as the library spells it.
    pub name: &'static str,
    /// The unit the value is written in.
    pub unit: Unit,
    /// The library's default, in `unit` (`f64::INFINITY` for "none").
    pub default: f64,
    /// The smallest valid value.
    pub min: f64,
    /// Whether `min` itself is invalid (the value must be above it).
    pub min_open: bool,
    /// The largest valid finite value.
    pub max: f64,
    /// Whether `max` itself is invalid (the value must be below it).
    pub max_open: bool,
    /// Whether `f64::INFINITY` ("none", "unlimited") is valid.
    pub none_ok: bool,
    /// Whether the value must be a whole number.
    pub whole: bool,
}

impl Param {
    /// A parameter with a closed range `[min, max]` and no "none".
    pub const fn new(name: &'static str, unit: Unit, default: f64, min: f64, max: f64) -> Param {
        let whole = matches!(unit, Unit::Retries | Unit::Attempts);
        Param {
            name,
            unit,
            default,
            min,
            min_open: false,
            max,
            max_open: false,
            none_ok: false,
            whole,
        }
    }

    /// A `true`/`false` parameter.
    pub const fn flag(name: &'static str, default: bool) -> Param {
        Param::new(name, Unit::Bool, if default { 1.0 } else { 0.0 }, 0.0, 1.0)
    }

    /// A choice among `names`, starting at `names[default]`.
    pub const fn choice(
        name: &'static str,
        names: &'static [&'static str],
        default: usize,
    ) -> Param {
        Param::new(
            name,
            Unit::Choice(names),
            default as f64,
            0.0,
            (names.len() - 1) as f64,
        )
    }

    /// The same parameter, also accepting "none" (`f64::INFINITY`).
    pub const fn or_none(mut self) -> Param {
        self.none_ok = true;
        self
    }

    /// The same parameter, taking whole numbers only.
    pub const fn whole_number(mut self) -> Param {
        self.whole = true;
        self
    }

    /// The same parameter, with `min` itself invalid.
    pub const fn above_min(mut self) -> Param {
        self.min_open = true;
        self
    }

    /// The same parameter, with `max` itself invalid.
    pub const fn below_max(mut self) -> Param {
        self.max_open = true;
        self
    }

    /// `value` as text that [`Values::set_text`](super::Values::set_text)
    /// reads back: a number, `none`, `true`/`false`, or a choice's name.
    pub fn text(&self, value: f64) -> String {
        match self.unit {
            Unit::Bool => (if value != 0.0 { "true" } else { "false" }).to_string(),
            Unit::Choice(names) => names.get(value as usize).copied().unwrap_or("").to_string(),
            _ if value == f64::INFINITY => "none".to_string(),
            _ => shortest(value),
        }
    }

    /// The field's label: the name, then its unit in parentheses where it
    /// has one (`backoff_factor (s)`).
    pub fn label(&self) -> String {
        match self.unit.suffix() {
            Some(unit) => format!("{} ({unit})", self.name),
            None => self.name.to_string(),
        }
    }

    /// Whether `value` is valid for this parameter.
    pub fn check(&self, value: f64) -> Result<(), LibError> {
        let out = LibError::OutOfRange {
            name: self.name,
            value,
            min: self.min,
            max: self.max,
        };
        if value.is_nan() {
            return Err(out);
        }
        if value == f64::INFINITY {
            return if self.none_ok { Ok(()) } else { Err(out) };
        }
        if value < self.min || (self.min_open && value == self.min) || value > self.max {
            return Err(out);
        }
        if self.max_open && value == self.max {
            return Err(LibError::NotBelow {
                name: self.name,
                value,
            });
        }
        let whole = self.whole || matches!(self.unit, Unit::Bool | Unit::Choice(_));
        if whole && value.fract() != 0.0 {
            return Err(LibError::NotWhole {
                name: self.name,
                value,
            });
        }
        Ok(())
    }
}
