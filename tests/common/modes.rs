//! The jitter modes as the tests, the snippet files and the conformance
//! suite name them, read from the core: every mode of [`Jitter::ALL`] by its
//! share-link spelling, and proportional jitter once per cap order
//! (`proportional-before`, `proportional-after`).

use backoff_calculator::core::policy::{CapOrder, Jitter, Proportional};

/// Every cap order, from the core.
pub const CAP_ORDERS: [CapOrder; 2] = CapOrder::ALL;

/// How the cap order reads in a mode's name (and in the page's select).
pub fn cap_order_name(order: CapOrder) -> &'static str {
    order.as_str()
}

/// One jitter mode as the tests run it.
#[derive(Clone, Debug, PartialEq)]
pub struct ModeVariant {
    /// The share-link spelling, with `-before` or `-after` for proportional.
    pub name: String,
    /// The mode.
    pub jitter: Jitter,
    /// Where the cap applies (only proportional jitter reads it; the others
    /// carry the default).
    pub cap: CapOrder,
}

/// Every mode in [`Jitter::ALL`]'s order, proportional in each cap order.
pub fn mode_variants() -> Vec<ModeVariant> {
    let mut out = Vec::new();
    for jitter in Jitter::ALL {
        if jitter == Jitter::Proportional {
            for cap in CAP_ORDERS {
                out.push(ModeVariant {
                    name: format!("{}-{}", jitter.as_str(), cap_order_name(cap)),
                    jitter,
                    cap,
                });
            }
        } else {
            out.push(ModeVariant {
                name: jitter.as_str().to_string(),
                jitter,
                cap: Proportional::default().cap,
            });
        }
    }
    out
}
