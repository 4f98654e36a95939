//! The load section's inputs: its number fields (declared once in the
//! core, `load::FIELDS`), the trigger, the budget and the budget's own
//! numbers. They live with the section, in the deferred part of the page:
//! the first screen carries none of them, and the link does not either.

use leptos::prelude::*;

use crate::core::decimal_text::shortest;
use crate::core::load::{Budget, BudgetKind, LoadConfig, Param, TriggerKind, FIELDS};
use crate::core::policy::{InputError, Policy};

/// One number field: its declaration, its text and what the text reads as.
#[derive(Clone, Copy)]
pub struct NumText {
    /// Label, id, default and range.
    pub spec: &'static Param,
    /// The text as typed.
    pub text: RwSignal<String>,
    /// The text read.
    pub parsed: Memo<Result<f64, InputError>>,
}

impl NumText {
    fn new(spec: &'static Param) -> NumText {
        let text = RwSignal::new(shortest(spec.default));
        let parsed = Memo::new(move |_| text.with(|t| spec.parse(t)));
        NumText { spec, text, parsed }
    }
}

/// The section's inputs.
#[derive(Clone, Copy)]
pub struct LoadInputs {
    /// The number fields, in `FIELDS` order.
    pub fields: StoredValue<Vec<NumText>>,
    /// Outage or spike: an index into `TriggerKind::ALL`.
    pub trigger: RwSignal<usize>,
    /// The budget chosen: an index into `BudgetKind::ALL`.
    pub budget: RwSignal<usize>,
    /// Every budget's numbers: `(kind, field)`, in `BudgetKind::ALL` and
    /// then `params` order.
    pub params: StoredValue<Vec<(BudgetKind, NumText)>>,
}

impl LoadInputs {
    /// Every field at its default.
    pub fn new() -> LoadInputs {
        let params = BudgetKind::ALL
            .iter()
            .flat_map(|&k| k.params().iter().map(move |p| (k, NumText::new(p))))
            .collect();
        LoadInputs {
            fields: StoredValue::new(FIELDS.iter().map(NumText::new).collect()),
            trigger: RwSignal::new(0),
            budget: RwSignal::new(0),
            params: StoredValue::new(params),
        }
    }

    /// Tracks every input (for the stale mark).
    pub fn track(&self) {
        self.fields
            .with_value(|f| f.iter().for_each(|n| n.text.track()));
        self.params
            .with_value(|p| p.iter().for_each(|(_, n)| n.text.track()));
        self.trigger.track();
        self.budget.track();
    }

    /// The setting the inputs describe with `policy` and `seed`, or the
    /// label of the first field whose text is not valid.
    pub fn config(&self, policy: Policy, seed: u64) -> Result<LoadConfig, &'static str> {
        let read = |n: &NumText| n.parsed.get_untracked().map_err(|_| n.spec.label);
        let mut v = [0.0; 7];
        self.fields.with_value(|f| {
            for (slot, n) in v.iter_mut().zip(f) {
                *slot = read(n)?;
            }
            Ok::<(), &'static str>(())
        })?;
        let kind = BudgetKind::ALL[self.budget.get_untracked() % BudgetKind::ALL.len()];
        let values = self.params.with_value(|p| {
            p.iter()
                .filter(|(k, _)| *k == kind)
                .map(|(_, n)| read(n))
                .collect::<Result<Vec<f64>, _>>()
        })?;
        Ok(LoadConfig::from_fields(
            v,
            TriggerKind::ALL[self.trigger.get_untracked() % TriggerKind::ALL.len()],
            Budget::with(kind, &values),
            policy,
            seed,
        ))
    }
}
