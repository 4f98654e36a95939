//! The two traits a library implements: [`Model`], its delay model (run by
//! the library models' part of the page), and [`Writer`], its config and
//! translation (written by the sections below the first screen).

use super::{Bounds, Info, LibError, Rand, Release, Source, Translation, Values, MAX_ROWS};
use crate::core::policy::Policy;

/// One retry library's exact delay model.
pub trait Model: Sync {
    /// What the model declares once.
    fn info(&self) -> &'static Info;

    /// Where the model was read.
    fn source(&self) -> &'static Source;

    /// Checks what the parameter table alone cannot (combinations).
    fn check(&self, _v: &Values) -> Result<(), LibError> {
        Ok(())
    }

    /// The most retries the library makes, when a count bounds them
    /// (`None`: only the time budget does). By default what its counting
    /// declares ([`Counting::retries`](super::Counting::retries)); a
    /// library whose count has a quirk (a quota, a silent maximum, 0 for
    /// unlimited) says so itself.
    fn max_retries(&self, v: &Values) -> Option<u32> {
        self.info().counting.retries(v)
    }

    /// The retries one run makes at most: the count, no more than the rows
    /// a schedule shows. Every `run` starts from it, so that counting
    /// attempts or retries is read in one place ([`Counting::retries`](super::Counting::retries)).
    fn run_retries(&self, v: &Values) -> u32 {
        self.max_retries(v).unwrap_or(MAX_ROWS).min(MAX_ROWS)
    }

    /// The releases it covers where they behave differently, the current
    /// one first (the default); empty when one release is modelled, the
    /// one [`Model::source`] names. The values carry the one chosen
    /// ([`Values::release`]).
    fn releases(&self) -> &'static [Release] {
        &[]
    }

    /// The time budget in ms, if one applies.
    fn budget_ms(&self, _v: &Values) -> Option<f64> {
        None
    }

    /// The range of the sleep before retry `n` (1-based) and its mean when
    /// there is a closed form.
    fn bounds(&self, v: &Values, n: u32) -> Bounds;

    /// A last sleep after which the library gives up without another
    /// attempt (client-go reaching `Cap`), if the parameters lead to one.
    fn trailing(&self, _v: &Values) -> Option<Bounds> {
        None
    }

    /// One run's sleeps in ms, every attempt failing at once (taking 0 s),
    /// until the library stops (at most [`MAX_ROWS`]).
    fn run(&self, v: &Values, rng: &mut Rand) -> Vec<f64>;

    /// What the library does with these values that its parameters do
    /// not say, as sentences (markup, `<code>` for names): a count it
    /// lowers, a release whose behaviour differs. Shown with the notes.
    fn notes(&self, _v: &Values) -> Vec<String> {
        Vec::new()
    }

    /// Whether a retry's sleep depends on the draws before it (Polly's
    /// jittered exponential): then no sum of per-retry bounds is a total
    /// any run reaches, and the totals, ranges and deadline fits come from
    /// the seeded runs ([`Schedule::totals`](super::Schedule::totals)).
    fn dependent(&self, _v: &Values) -> bool {
        false
    }

    /// The retries that happen in every run under a time budget, when
    /// the library's own rule differs from the default one
    /// (`always_within` in `schedule.rs`: every retry whose sleep, at its
    /// longest, still ends within the budget).
    fn always(&self, _v: &Values, _budget_ms: f64) -> Option<u32> {
        None
    }
}

/// What a library writes in its own syntax, apart from its [`Model`]:
/// only the sections below the first screen use it, so the page's first
/// screen never loads it (its table is [`writers`](super::writers), reached only from
/// there, not from a `Model`'s own table of methods).
pub trait Writer: Sync {
    /// The settings in the library's own syntax.
    fn config(&self, v: &Values) -> String;

    /// The closest parameter set for the page's policy and the caller's
    /// deadline (ms), with every way the library differs from it.
    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation;
}

/// The model's defaults.
pub fn defaults(model: &dyn Model) -> Values {
    Values::defaults(model.info().params)
}
