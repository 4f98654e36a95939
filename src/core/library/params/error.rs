//! Why a library's parameter set was refused, in the page's words.

use std::fmt;

use crate::core::decimal_text::shortest;

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
