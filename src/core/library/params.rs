//! A library's parameters as the library names them: the table each model
//! declares once, the values set against it, and the errors for bad ones.

use std::fmt;

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

    /// `value` as text that [`Values::set_text`] reads back: a number,
    /// `none`, `true`/`false`, or a choice's name.
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

/// Why a parameter set was refused.
#[derive(Clone, Debug, PartialEq)]
pub enum LibError {
    /// No parameter of this library has that name.
    UnknownParameter {
        /// The name given.
        name: String,
    },
    /// The text is not a number (or `true`/`false`, or one of the choices).
    NotANumber {
        /// The parameter.
        name: &'static str,
        /// The text given.
        text: String,
    },
    /// The value is outside the parameter's valid range.
    OutOfRange {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: f64,
        /// The smallest valid value.
        min: f64,
        /// The largest valid value.
        max: f64,
    },
    /// The parameter takes whole numbers only.
    NotWhole {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// The value is the parameter's maximum, which the library refuses
    /// (it takes values below it).
    NotBelow {
        /// The parameter.
        name: &'static str,
        /// The value given.
        value: f64,
    },
    /// Valid one by one, but the library refuses (or never ends with) the
    /// combination.
    Conflict {
        /// The parameter to change.
        name: &'static str,
        /// Why, in one sentence.
        why: &'static str,
    },
}

impl fmt::Display for LibError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LibError::UnknownParameter { name } => write!(f, "no parameter named {name}"),
            LibError::NotANumber { name, text } => {
                write!(f, "{name}: \"{text}\" is not a valid value")
            }
            LibError::OutOfRange {
                name,
                value,
                min,
                max,
            } => {
                write!(
                    f,
                    "{name}: {} is outside {} to {}",
                    shortest(*value),
                    shortest(*min),
                    shortest(*max)
                )
            }
            LibError::NotWhole { name, value } => {
                write!(f, "{name}: {} is not a whole number", shortest(*value))
            }
            LibError::NotBelow { name, value } => {
                write!(f, "{name}: must be below {}", shortest(*value))
            }
            LibError::Conflict { name, why } => write!(f, "{name}: {why}"),
        }
    }
}

impl std::error::Error for LibError {}

/// Values for one library's parameter table, each in the parameter's unit.
#[derive(Clone, Debug)]
pub struct Values {
    table: &'static [Param],
    values: Vec<f64>,
    /// The release modelled, as the link spells it (`lib.version=`): empty
    /// for the current one, the default.
    release: &'static str,
}

/// The same table (the same library) and the same values: the table is
/// compared by address, each library declaring its own once.
impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        std::ptr::eq(self.table, other.table)
            && self.values == other.values
            && self.release == other.release
    }
}

impl Values {
    /// The library's defaults.
    pub fn defaults(table: &'static [Param]) -> Values {
        Values {
            table,
            values: table.iter().map(|p| p.default).collect(),
            release: "",
        }
    }

    /// The release modelled, as the link spells it (`2.5`); empty for the
    /// library's current release. Only the library models read it
    /// ([`super::Model::releases`]).
    pub fn release(&self) -> &'static str {
        self.release
    }

    /// Models `release` (empty: the current one). Unchecked here: the
    /// library's model knows its releases ([`super::Configured::settle`]).
    pub fn set_release(&mut self, release: &'static str) {
        self.release = release;
    }

    /// The parameter table these values follow.
    pub fn table(&self) -> &'static [Param] {
        self.table
    }

    fn index(&self, name: &str) -> Result<usize, LibError> {
        self.table
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| LibError::UnknownParameter {
                name: name.to_string(),
            })
    }

    /// The value of `name`. Panics if the table has no such parameter: the
    /// models ask only for their own names.
    pub fn get(&self, name: &str) -> f64 {
        match self.index(name) {
            Ok(i) => self.values[i],
            Err(_) => panic!("no parameter {name} in this table"),
        }
    }

    /// Whether the `Bool` parameter `name` is true.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) != 0.0
    }

    /// The name chosen for the `Choice` parameter `name`.
    pub fn choice(&self, name: &str) -> &'static str {
        let i = self.index(name).unwrap_or_else(|e| panic!("{e}"));
        match self.table[i].unit {
            Unit::Choice(names) => names[self.values[i] as usize],
            _ => panic!("{name} is not a choice"),
        }
    }

    /// Sets `name` to `value` (in its unit), if valid.
    pub fn set(&mut self, name: &str, value: f64) -> Result<(), LibError> {
        let i = self.index(name)?;
        self.table[i].check(value)?;
        self.values[i] = value;
        Ok(())
    }

    /// Sets `name` from text: a number, `none`/`inf`, `true`/`false`, or one
    /// of a choice's names.
    pub fn set_text(&mut self, name: &str, text: &str) -> Result<(), LibError> {
        let i = self.index(name)?;
        let p = self.table[i];
        let t = text.trim();
        let bad = || LibError::NotANumber {
            name: p.name,
            text: text.to_string(),
        };
        let value = match p.unit {
            Unit::Bool => match t {
                "true" => 1.0,
                "false" => 0.0,
                _ => return Err(bad()),
            },
            Unit::Choice(names) => names.iter().position(|n| *n == t).ok_or_else(bad)? as f64,
            _ if matches!(t, "none" | "None" | "inf" | "Infinity") => f64::INFINITY,
            // Thousands commas as people type them: `1,000`.
            _ => {
                let t = crate::core::decimal::ungroup(t).ok_or_else(bad)?;
                crate::core::decimal::parse_f64(&t).ok_or_else(bad)?
            }
        };
        self.set(name, value)
    }

    /// [`Self::set_text`] for a field the person types in: a duration may
    /// also carry a unit, read into the parameter's own (`500 ms` in a
    /// seconds field is 0.5; [`crate::core::units::library_value`]). The
    /// link keeps the library's own numbers and is read by `set_text`.
    pub fn set_typed(&mut self, name: &str, text: &str) -> Result<(), LibError> {
        let p = self.table[self.index(name)?];
        let field_ms = match p.unit {
            Unit::Seconds => 1_000,
            Unit::Millis => 1,
            _ => return self.set_text(name, text),
        };
        match crate::core::units::library_value(text, field_ms) {
            None => self.set_text(name, text),
            Some(Ok(value)) => self.set(name, value),
            // Said as any text the field cannot read: its label gives the
            // unit it takes.
            Some(Err(_)) => Err(LibError::NotANumber {
                name: p.name,
                text: text.to_string(),
            }),
        }
    }

    /// The value of the parameter at `index` in the table.
    pub fn at(&self, index: usize) -> f64 {
        self.values[index]
    }

    /// The value of `name` as the library's own text writes it and the
    /// link carries it: `0.5`, `none`, `true`, `Exponential`.
    pub fn text(&self, name: &str) -> String {
        match self.index(name) {
            Ok(i) => self.table[i].text(self.values[i]),
            Err(_) => String::new(),
        }
    }

    /// The parameters whose value differs from the default, in table order.
    pub fn changed(&self) -> Vec<(&'static str, f64)> {
        self.table
            .iter()
            .zip(&self.values)
            .filter(|(p, v)| p.default != **v)
            .map(|(p, v)| (p.name, *v))
            .collect()
    }
}
