//! The releases a model covers: where a library's behaviour changed
//! between releases still in wide use (urllib3 2.6.3, tenacity 9.2,
//! gRPC's ±20 % jitter, AWS's 2026 retry costs, p-retry 9), the person
//! picks the release they run (`Release`, `lib.version=` in the link).
//!
//! The list is the model's ([`super::Model::releases`]), so it loads with
//! the models, not with the first screen. The first is the current one,
//! the default: [`Values`] hold it as an empty release, and the link
//! names a release only when it is not the default.

use super::{Configured, LibError, Model, Values};
use crate::core::share::{Notice, LIB_PREFIX};

/// The link parameter naming the release, after `lib.`: `lib.version=2.5`.
pub const RELEASE_PARAM: &str = "version";

/// One release (or range of releases) that behaves alike.
#[derive(Debug, PartialEq)]
pub struct Release {
    /// How the link spells it (`2.5`): short, safe in a URL.
    pub id: &'static str,
    /// As people say it, in the `Release` select: `before 2.6.3`.
    pub label: &'static str,
    /// Which releases it covers, in one short line.
    pub covers: &'static str,
}

/// The release of `model` the link text `text` names: `Some("")` for the
/// current one (named or not), `Some(id)` for an older one, `None` for a
/// release the model does not cover.
pub fn release_of(model: &dyn Model, text: &str) -> Option<&'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Some("");
    }
    let i = model.releases().iter().position(|r| r.id == text)?;
    Some(if i == 0 { "" } else { model.releases()[i].id })
}

/// The release `v` models, from the list of `model` (`None` when the
/// model covers one release only).
pub fn release<'a>(model: &'a dyn Model, v: &Values) -> Option<&'a Release> {
    let list = model.releases();
    let id = v.release();
    list.iter()
        .position(|r| r.id == id)
        .or((id.is_empty() && !list.is_empty()).then_some(0))
        .map(|i| &list[i])
}

/// Whether `v`'s release is one `model` covers.
pub(super) fn check_release(model: &dyn Model, v: &Values) -> Result<(), LibError> {
    match release_of(model, v.release()) {
        Some(id) if id == v.release() => Ok(()),
        _ => Err(LibError::Conflict {
            name: RELEASE_PARAM,
            why: "the model covers no such release (the Release select lists them)",
        }),
    }
}

impl Configured {
    /// Reads a link's values ([`Configured::unread`]) and holds them to
    /// the library's rules, each refusal said as a notice: a value refused
    /// alone keeps its default; a release the model does not cover gives
    /// way to the current one (the other values stay); values refused
    /// together give way to the library's defaults at that release.
    pub fn settle(&mut self, notices: &mut Vec<Notice>) {
        for (name, text) in std::mem::take(&mut self.unread) {
            if let Err(e) = self.values.set_text(&name, &text) {
                notices.push(Notice {
                    key: format!("{LIB_PREFIX}{name}"),
                    value: text,
                    reason: e.to_string(),
                });
            }
        }
        let model = self.lib.model();
        let asked = self.values.release();
        match release_of(model, asked) {
            Some(id) => self.values.set_release(id),
            None => {
                let known: Vec<&str> = model.releases().iter().map(|r| r.id).collect();
                let reason = if known.is_empty() {
                    format!("{} is modelled at one release only.", self.lib.name())
                } else {
                    format!(
                        "not a release the model covers ({}); the current one is used.",
                        known.join(", ")
                    )
                };
                notices.push(Notice {
                    key: format!("{LIB_PREFIX}{RELEASE_PARAM}"),
                    value: asked.to_string(),
                    reason,
                });
                self.values.set_release("");
            }
        }
        if let Err(e) = self.check() {
            notices.push(Notice {
                key: format!("{LIB_PREFIX}*"),
                value: String::new(),
                reason: e.to_string(),
            });
            let release = self.values.release();
            *self = Configured::defaults(self.lib);
            self.values.set_release(release);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::LibId;
    use super::*;

    #[test]
    fn each_list_starts_at_the_current_release_and_names_each_once() {
        let mut multi = Vec::new();
        for lib in LibId::all() {
            let list = lib.model().releases();
            if list.len() > 1 {
                multi.push(lib.id());
            }
            for (i, r) in list.iter().enumerate() {
                assert!(!r.id.is_empty() && !r.label.is_empty() && !r.covers.is_empty());
                // Safe in a URL as written (the link does not escape it),
                // and kept by the link's reader before the models are here.
                assert!(crate::core::share::release_id_like(r.id), "{}", r.id);
                assert_eq!(
                    release_of(lib.model(), r.id),
                    Some(if i == 0 { "" } else { r.id })
                );
                assert_eq!(list.iter().filter(|s| s.id == r.id).count(), 1);
            }
        }
        assert_eq!(multi, ["urllib3", "tenacity", "p-retry", "aws", "grpc"]);
    }

    #[test]
    fn an_unknown_release_gives_way_to_the_current_one_with_a_notice() {
        let lib = LibId::parse("urllib3").unwrap();
        let mut c = Configured::defaults(lib);
        c.values.set("total", 3.0).unwrap();
        c.values.set_release("1.26");
        let mut notices = Vec::new();
        c.settle(&mut notices);
        assert_eq!(notices.len(), 1);
        assert_eq!(notices[0].key, "lib.version");
        assert_eq!(c.values.release(), "");
        assert_eq!(c.values.get("total"), 3.0);
        // A library with one release says so.
        let mut one = Configured::defaults(LibId::parse("polly").unwrap());
        one.values.set_release("8");
        let mut notices = Vec::new();
        one.settle(&mut notices);
        assert!(notices[0].reason.contains("one release"));
        assert_eq!(one, Configured::defaults(LibId::parse("polly").unwrap()));
    }
}
