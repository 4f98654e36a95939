//! Retry libraries in their own terms: each library's parameters with its
//! own names, units, defaults and ranges, its exact delay model (counting,
//! first wait, jitter, where the cap applies, truncation, time budget), what
//! it does with a server's `Retry-After`, and its config in its own syntax.
//!
//! Every model is a [`Model`]: a static [`Info`] (the parameter table,
//! counting and `Retry-After` rule as data), its [`Source`] (the release
//! and file it was read from), the bounds of each retry's delay, one seeded run, and a
//! config writer. [`schedule`] and [`sample`] turn those into the rows a
//! page shows. Delays are milliseconds as `f64` throughout. Each model also
//! translates the page's policy into its closest parameters, listing every
//! difference (`translate.rs`).
//!
//! Models are checked against the real libraries where a registry carries
//! them (`tests/libraries/`), and against their cited formulas elsewhere
//! (`tests/library_models.rs`).

mod engine;
mod literals;
mod page;
mod param_docs;
mod params;
mod release;
mod schedule;
mod translate;
mod typed;
mod words;

pub mod aws;
pub mod axios_retry;
pub mod backon;
pub mod cenkalti;
pub mod client_go;
pub mod envoy;
pub mod google_api_core;
pub mod grpc;
pub mod p_retry;
pub mod paste;
pub mod polly;
pub mod resilience4j;
pub mod retryablehttp;
pub mod spring_retry;
pub mod tenacity;
pub mod urllib3;

pub use engine::Engine;
pub use literals::{go_free_num, go_ms, num, py_float, rust_duration};
pub use page::{library_rows, library_schedule, sampled, with_server_wait, LibrarySchedule, Rows};
pub use param_docs::{param_doc, PARAM_DOCS};
pub use params::{LibError, Param, Unit, Values};
pub use release::{release, release_of, Release, RELEASE_PARAM};
use translate::Draft;
pub use translate::{close, mismatch, page_rows, unbudgeted, Diff, Translation, FIELDS};
pub use typed::{read_fields, FieldsRead};
pub use words::{diff_html, field_id, fields_html, library_notes, option_html, options_html};

use crate::core::policy::Policy;
use crate::core::server_wait::Reads;
pub use schedule::{
    clamp_uniform_mean, floor_uniform_mean, plan, sample, schedule, Bounds, BudgetInfo, Deciding,
    Plan, Rand, Row, Schedule, BUDGET_RUNS, MAX_ROWS, MEAN_RUNS,
};

// What a library declares: declared where its items stood (see info.rs).
mod info;
pub use info::{Combine, Counting, Counts, Info, Language, RetryAfterRule, Source};

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
    /// declares ([`Counting::retries`]); a library whose count has a quirk
    /// (a quota, a silent maximum, 0 for unlimited) says so itself.
    fn max_retries(&self, v: &Values) -> Option<u32> {
        self.info().counting.retries(v)
    }

    /// The retries one run makes at most: the count, no more than the rows
    /// a schedule shows. Every `run` starts from it, so that counting
    /// attempts or retries is read in one place ([`Counting::retries`]).
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
    /// the seeded runs ([`Schedule::totals`]).
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
/// screen never loads it (its table is [`writers`], reached only from
/// there, not from a `Model`'s own table of methods).
pub trait Writer: Sync {
    /// The settings in the library's own syntax.
    fn config(&self, v: &Values) -> String;

    /// The closest parameter set for the page's policy and the caller's
    /// deadline (ms), with every way the library differs from it.
    fn translate(&self, policy: &Policy, deadline_ms: Option<u64>) -> Translation;
}

/// Writes [`infos`], [`all`] and [`writers`] from one list of the
/// libraries, in the order the page lists them: the three tables must name
/// the same library at each place (a [`LibId`] is that place).
///
/// They are three tables so that each part of the page loads only what it
/// uses: the first screen reads [`infos`] (names, parameters, rules: data),
/// the library models' part ([`Engine`]) runs [`all`], and the sections
/// below the first screen write configs with [`writers`]. A table of trait
/// objects keeps every method of its trait wherever the table is reached.
macro_rules! libraries {
    ($($module:ident :: $lib:ident),* $(,)?) => {
        /// Every library's declaration, in the order the page lists them.
        pub fn infos() -> &'static [&'static Info] {
            static INFOS: &[&Info] = &[$(&$module::INFO),*];
            INFOS
        }

        /// Every model, in the order of [`infos`].
        pub fn all() -> &'static [&'static dyn Model] {
            &[$(&$module::$lib),*]
        }

        /// Every library's writer, in the order of [`infos`].
        pub fn writers() -> &'static [&'static dyn Writer] {
            &[$(&$module::$lib),*]
        }
    };
}

libraries!(
    urllib3::Urllib3,
    tenacity::Tenacity,
    p_retry::PRetry,
    axios_retry::AxiosRetry,
    google_api_core::GoogleApiCore,
    aws::Aws,
    backon::Backon,
    cenkalti::Cenkalti,
    retryablehttp::RetryableHttp,
    polly::Polly,
    resilience4j::Resilience4j,
    spring_retry::SpringRetry,
    grpc::Grpc,
    envoy::Envoy,
    client_go::ClientGo,
);

/// The model with this id.
pub fn find(id: &str) -> Option<&'static dyn Model> {
    LibId::parse(id).map(LibId::model)
}

/// A library by its place in [`all`]: what the share link, the page's state
/// and its selects carry, from the `lib=` parameter to the config writer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LibId(u8);

impl LibId {
    /// Every library, in the order the page lists them.
    pub fn all() -> impl Iterator<Item = LibId> {
        (0..infos().len() as u8).map(LibId)
    }

    /// The library whose id is `id` (`urllib3`, `p-retry`, …).
    pub fn parse(id: &str) -> Option<LibId> {
        LibId::all().find(|l| l.id() == id)
    }

    /// What it declares: names, parameters, counting, `Retry-After` rule.
    pub fn info(self) -> &'static Info {
        infos()[usize::from(self.0)]
    }

    /// Its model (in the library models' part of the page: [`Engine`]).
    pub fn model(self) -> &'static dyn Model {
        all()[usize::from(self.0)]
    }

    /// Its config writer and translation.
    pub fn writer(self) -> &'static dyn Writer {
        writers()[usize::from(self.0)]
    }

    /// Its stable id, as the link spells it.
    pub fn id(self) -> &'static str {
        self.info().id
    }

    /// The library and the object configured, as the selects show it.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// Its defaults.
    pub fn defaults(self) -> Values {
        Values::defaults(self.info().params)
    }
}

/// A library and its parameters: what the `Model` select and the
/// library's fields set, and what `lib=` and `lib.<name>=` carry.
#[derive(Clone, Debug, PartialEq)]
pub struct Configured {
    /// The library.
    pub lib: LibId,
    /// Its parameters, each in the library's own unit.
    pub values: Values,
    /// A link's values for it not read yet, each as `(name, text)`: the
    /// library models read them ([`Configured::settle`]), so the first
    /// screen carries no reader of a library's values. Until then they stay
    /// as the link gave them, and a link written meanwhile keeps them.
    pub unread: Vec<(String, String)>,
}

impl Configured {
    /// `lib` at its defaults.
    pub fn defaults(lib: LibId) -> Configured {
        Configured {
            lib,
            values: lib.defaults(),
            unread: Vec::new(),
        }
    }

    /// Whether these settings read a server's wait, the longest they
    /// accept, and what they make of a wait of 0: the library's own rule,
    /// its switch and its maximum, in place of the page's `Honor
    /// Retry-After` and `Max Retry-After (ms)`.
    pub fn reads_retry_after(&self) -> Reads {
        let rule = self.lib.info().retry_after;
        let on = rule.combine != Combine::Ignored
            && rule.switch_param.is_none_or(|p| self.values.flag(p));
        // The maximum is the current release's: urllib3 before 2.6.3, the
        // one older release with a `Retry-After` rule, has none.
        let max_param = rule.max_param.filter(|_| self.values.release().is_empty());
        let max = max_param.map_or(u64::MAX, |p| {
            let scale = match self
                .values
                .table()
                .iter()
                .find(|q| q.name == p)
                .map(|q| q.unit)
            {
                Some(Unit::Seconds) => 1000.0,
                _ => 1.0,
            };
            let ms = self.values.get(p) * scale;
            if ms >= u64::MAX as f64 {
                u64::MAX
            } else {
                ms as u64
            }
        });
        Reads {
            honor: on,
            max_ms: max,
            zero_falls_back: rule.zero_falls_back,
        }
    }

    /// Whether the library accepts these values, alone and together.
    pub fn check(&self) -> Result<(), LibError> {
        schedule::check(self.lib.model(), &self.values)
    }
}

/// The model's defaults.
pub fn defaults(model: &dyn Model) -> Values {
    Values::defaults(model.info().params)
}

/// Every row's `(min, max)` sleep in ms, in order: what the closest page
/// policy is fitted to ([`crate::core::compare::library::closest_policy`]).
pub fn ranges(s: &Schedule) -> Vec<(f64, f64)> {
    s.rows.iter().map(|r| (r.min_ms, r.max_ms)).collect()
}

/// The longest delay Node's `setTimeout` holds, ms (2³¹ − 1): a longer
/// one (or one below 1 ms) fires after 1 ms (`lib/internal/timers.js`).
pub const NODE_TIMER_MAX_MS: f64 = 2_147_483_647.0;

#[cfg(test)]
mod tests;
