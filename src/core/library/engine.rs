//! The library models as one value: what runs them, apart from what
//! declares them.
//!
//! A page that shows a library needs its declaration at once (the
//! `Model` select's names, the fields' names, units and ranges, the link's
//! `lib.` parameters: [`super::infos`]) but its model only once a library
//! is chosen. An [`Engine`] holds the functions that run the models,
//! check their values together and describe their fields. A page that
//! reaches them only through an `Engine` it was handed can load them
//! apart: in the browser, the one place that makes an `Engine`
//! ([`Engine::new`]) is a split point (`src/ui/deferred.rs`), so the
//! models, the seeded runs and the parameters' descriptions are fetched
//! with it and not with the first screen.

use std::sync::Arc;

use super::{
    fields_html, library_notes, library_rows, read_fields, sample, sampled, with_server_wait,
    Configured, Deciding, FieldsRead, LibError, LibId, LibrarySchedule, Rows, Schedule,
};
use crate::core::schedule::Schedule as PageSchedule;
use crate::core::share::Notice;

/// The functions that run the library models, each what its namesake in
/// this module does.
#[derive(Clone, Copy)]
pub struct Engine {
    /// Whether the library accepts the values, alone and together
    /// ([`Configured::check`]).
    pub check: fn(&Configured) -> Result<(), LibError>,
    /// Holds a link's library values to the library's rules, its release
    /// among them, with a notice for each refusal ([`Configured::settle`]).
    pub settle: fn(&mut Configured, &mut Vec<Notice>),
    /// Reads the fields' texts over the values in use: each field's
    /// message and the values to use now ([`read_fields`]).
    pub read_fields: fn(LibId, &[String], Option<&Configured>) -> FieldsRead,
    /// The rows known now, and the runs that decide the rest
    /// ([`library_rows`]).
    pub rows: fn(&Configured) -> Result<Rows, LibError>,
    /// The rows with one seeded run as the sample ([`sampled`]).
    pub sampled: fn(Arc<(Configured, Schedule)>, u64, bool) -> LibrarySchedule,
    /// Makes up to that many more runs; whether all are made
    /// ([`Deciding::step`]).
    pub step: fn(&mut Deciding<'static>, u32) -> bool,
    /// The rows once every run is made ([`Deciding::finish`]).
    pub finish: fn(Deciding<'static>) -> Schedule,
    /// The library's fields as markup, each with its description
    /// ([`fields_html`]).
    pub fields_html: fn(LibId, &[String]) -> String,
    /// What the library does with these settings, as list items
    /// ([`library_notes`]).
    pub notes: fn(&LibrarySchedule) -> String,
    /// The shown schedule with a server's wait at a retry, as the library
    /// combines it ([`with_server_wait`]).
    pub server_wait: fn(&LibrarySchedule, u32, u64) -> PageSchedule,
    /// One seeded run's sleeps in ms, every attempt failing at once
    /// ([`sample`]): what one simulated client of the library waits.
    pub sample: fn(&Configured, u64) -> Result<Vec<f64>, LibError>,
}

impl Engine {
    /// The models. (The only place an `Engine` is made.)
    #[allow(clippy::new_without_default)]
    pub fn new() -> Engine {
        Engine {
            check: Configured::check,
            settle: Configured::settle,
            read_fields,
            rows: library_rows,
            sampled,
            step: Deciding::step,
            finish: Deciding::finish,
            fields_html,
            notes: library_notes,
            server_wait: with_server_wait,
            sample: |c, seed| sample(c.lib.model(), &c.values, seed),
        }
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Engine")
    }
}

#[cfg(test)]
mod tests {
    use super::super::{all, infos};
    use super::*;

    #[test]
    fn every_declaration_is_its_models() {
        assert_eq!(infos().len(), all().len());
        for (info, model) in infos().iter().zip(all()) {
            assert!(std::ptr::eq(*info, model.info()), "{}", info.id);
        }
    }

    #[test]
    fn the_engine_runs_what_the_module_runs() {
        let engine = Engine::new();
        for lib in LibId::all() {
            let chosen = Configured::defaults(lib);
            assert_eq!((engine.check)(&chosen), chosen.check());
            let (rows, deciding) = (engine.rows)(&chosen).unwrap();
            let finished = match deciding {
                Some(mut d) => {
                    while !(engine.step)(&mut d, 100) {}
                    (engine.finish)(d)
                }
                None => rows,
            };
            let shown = (engine.sampled)(Arc::new((chosen.clone(), finished)), 7, false);
            assert_eq!(shown, super::super::library_schedule(&chosen, 7).unwrap());
            assert_eq!((engine.notes)(&shown), library_notes(&shown));
            let run = (engine.sample)(&chosen, 7).unwrap();
            assert_eq!(
                run,
                super::super::sample(lib.model(), &chosen.values, 7).unwrap()
            );
            assert!(!run.is_empty(), "{}", lib.id());
        }
    }
}
