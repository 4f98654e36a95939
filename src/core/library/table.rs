//! The table of the libraries: one list, in the order the page lists
//! them, written out as [`infos`], [`all`] and [`writers`]; a library by
//! its place in it ([`LibId`]), and a library with its parameters
//! ([`Configured`]).

use super::{
    aws, axios_retry, backon, cenkalti, client_go, envoy, google_api_core, grpc, p_retry, polly,
    resilience4j, retryablehttp, schedule, spring_retry, tenacity, urllib3,
};
use super::{Combine, Info, LibError, Model, Unit, Values, Writer};
use crate::core::server_wait::Reads;

/// Writes [`infos`], [`all`] and [`writers`] from one list of the
/// libraries, in the order the page lists them: the three tables must name
/// the same library at each place (a [`LibId`] is that place).
///
/// They are three tables so that each part of the page loads only what it
/// uses: the first screen reads [`infos`] (names, parameters, rules: data),
/// the library models' part ([`Engine`](super::Engine)) runs [`all`], and the sections
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

    /// Its model (in the library models' part of the page: [`Engine`](super::Engine)).
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
}

impl Configured {
    /// `lib` at its defaults.
    pub fn defaults(lib: LibId) -> Configured {
        Configured {
            lib,
            values: lib.defaults(),
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
