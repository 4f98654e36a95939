//! A library's parameters as the library names them: the table each model
//! declares once, the values set against it, and the errors for bad ones.
//!
//! The table's entries ([`Param`], [`Unit`]) are in `params/param.rs`, the
//! errors ([`LibError`]) in `params/error.rs`; the values set against a
//! table ([`Values`]) here.

pub use error::LibError;
pub use param::{Param, Unit};

mod error;
mod param;

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
