//! The `Preset` select's entries written in the page's own terms: the
//! page's defaults, and the retry defaults of tools the page has no library
//! model for, each checked against its current source.
//!
//! A library with a model in [`super::library`] is offered there, at its
//! defaults, and nowhere else: one definition feeds both the `Model` select
//! and the `Preset` select. The entries here are expressed exactly in the
//! page's modes, or renamed for what they are: google-cloud-storage 2.51 and
//! later draws each sleep from the previous one, which no mode here models,
//! so the Java entry is named for the gax default it starts from. A total
//! time budget becomes the deadline.
//!
//! Each preset says which release it was checked against and when
//! ([`Preset::checked`]), and whether the library waits as a server's
//! `Retry-After` says ([`Preset::honor_retry_after`]), so choosing one can set
//! the page's deadline and Retry-After option the way its note describes.

use super::html::escape;
use super::policy::{CapOrder, Jitter, Policy, Proportional};

/// The page's own defaults, the first entry of the `Preset` select and what
/// a link without parameters shows: no library's settings, no deadline, and
/// the generated code honours `Retry-After` up to the page's maximum.
/// Choosing it sets exactly the state of a first load.
pub const DEFAULTS: Preset = Preset {
    id: "defaults",
    name: "This page's defaults",
    policy: Policy::new(1_000, 2.0, 32_000, 5, Jitter::Full),
    deadline_ms: None,
    honor_retry_after: true,
    // The page's own: none set, so the maximum follows the deadline.
    retry_after_max_ms: None,
    note: "Not any library's: 1 s doubling to a 32 s cap, 5 retries, full jitter, no deadline.",
    source: "",
    url: "",
    more_sources: &[],
    checked: "",
};

/// A library's retry defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// Stable identifier.
    pub id: &'static str,
    /// Name shown in the `Preset` select.
    pub name: &'static str,
    /// The policy it fills in.
    pub policy: Policy,
    /// The caller's deadline it implies (a total time budget), if any.
    pub deadline_ms: Option<u64>,
    /// Whether the library waits as a server's `Retry-After` (or its own
    /// variant of it) says: the page's `Honor Retry-After`.
    pub honor_retry_after: bool,
    /// The longest server wait it honours, ms, when it has a fixed maximum.
    /// `None` when it has none of its own (the note says what bounds it,
    /// if anything) or when it does not honour one at all.
    pub retry_after_max_ms: Option<u64>,
    /// One line on what it models and what it leaves out.
    pub note: &'static str,
    /// Where the numbers come from.
    pub source: &'static str,
    /// Link to the source.
    pub url: &'static str,
    /// Further sources that settle a detail, as (name, link).
    pub more_sources: &'static [(&'static str, &'static str)],
    /// The release the numbers were checked against, and when.
    pub checked: &'static str,
}

const fn proportional(
    base_ms: u64,
    multiplier: f64,
    cap_ms: u64,
    max_retries: u32,
    lo: f64,
    hi: f64,
    cap: CapOrder,
) -> Policy {
    Policy {
        proportional: Proportional { lo, hi, cap },
        ..Policy::new(
            base_ms,
            multiplier,
            cap_ms,
            max_retries,
            Jitter::Proportional,
        )
    }
}

/// The presets, in the order the select lists them.
pub const PRESETS: [Preset; 3] = [
    Preset {
        id: "gax-java",
        name: "Google Cloud Java default (gax ServiceOptions)",
        policy: Policy::new(1_000, 2.0, 32_000, 5, Jitter::Full),
        deadline_ms: Some(50_000),
        honor_retry_after: false,
        retry_after_max_ms: None,
        note: "The retry settings Google Cloud Java clients start from: 6 attempts within a 50 s total budget, full jitter in whole ms, no Retry-After. The page's own defaults share its policy, without the budget. google-cloud-storage 2.51 and later draws its own way (each sleep d + U[0, d), capped after the jitter; the next d doubles the last sleep), which no mode here models.",
        source: "googleapis/sdk-platform-java ServiceOptions.java",
        url: "https://github.com/googleapis/sdk-platform-java/blob/main/java-core/google-cloud-core/src/main/java/com/google/cloud/ServiceOptions.java",
        more_sources: &[
            (
                "gax ExponentialRetryAlgorithm.java",
                "https://github.com/googleapis/sdk-platform-java/blob/main/gax-java/gax/src/main/java/com/google/api/gax/retrying/ExponentialRetryAlgorithm.java",
            ),
            (
                "google-cloud-storage Backoff.java (not modelled)",
                "https://github.com/googleapis/java-storage/blob/main/google-cloud-storage/src/main/java/com/google/cloud/storage/Backoff.java",
            ),
        ],
        checked: "gax 2.75.0, google-cloud-core 2.65.0, google-cloud-storage 2.64.1; checked 2026-11-30",
    },
    Preset {
        id: "openai-python",
        name: "openai-python",
        policy: proportional(500, 2.0, 8_000, 2, 0.75, 1.0, CapOrder::Before),
        deadline_ms: None,
        honor_retry_after: true,
        retry_after_max_ms: Some(120_000),
        note: "Up to 25 % taken off each sleep. A retry-after-ms or Retry-After of up to 120 s replaces the computed delay; a longer one ends the retries.",
        source: "openai/openai-python src/openai/_base_client.py",
        url: "https://github.com/openai/openai-python/blob/main/src/openai/_base_client.py",
        more_sources: &[(
            "openai/openai-python src/openai/_constants.py",
            "https://github.com/openai/openai-python/blob/main/src/openai/_constants.py",
        )],
        checked: "openai 3.57.0; checked 2026-11-30",
    },
    Preset {
        id: "curl",
        name: "curl --retry 5",
        policy: Policy::new(1_000, 2.0, 600_000, 5, Jitter::None),
        deadline_ms: None,
        honor_retry_after: true,
        retry_after_max_ms: Some(21_600_000),
        note: "Doubles from 1 s up to 10 minutes; the retry count is yours (5 shown). Since curl 8.17 any non-zero Retry-After replaces the backoff, even a shorter one, up to 21600 s (6 hours: libcurl's cap since 8.12.0).",
        source: "curl manual, --retry",
        url: "https://curl.se/docs/manpage.html#--retry",
        more_sources: &[
            (
                "curl/curl src/tool_operate.c (retry_sleep)",
                "https://github.com/curl/curl/blob/master/src/tool_operate.c",
            ),
            (
                "curl/curl lib/http.c (Retry-After capped at 6 h)",
                "https://github.com/curl/curl/blob/master/lib/http.c",
            ),
        ],
        checked: "curl 8.21.0; checked 2026-11-30",
    },
];

/// The preset whose policy is exactly `policy`, if any: the page shows the
/// inputs as custom otherwise.
pub fn matching(policy: &Policy) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| same_policy(&p.policy, policy))
}

/// Policies are the same when every field is, the factors included even
/// without proportional jitter: the link and the mode comparison carry
/// them whenever they differ from their defaults, so choosing an entry
/// that differs only in them would still change the page.
fn same_policy(a: &Policy, b: &Policy) -> bool {
    a == b
}

/// The entry the `Preset` select shows for a policy and deadline: the
/// page's defaults when both are what choosing them sets, otherwise the
/// preset whose policy is exactly `policy` (see [`matching`]). The
/// defaults come first, so a first load never names a library whose
/// deadline or Retry-After option it does not have.
pub fn selected(policy: &Policy, deadline_ms: Option<u64>) -> Option<&'static Preset> {
    let defaults = same_policy(policy, &DEFAULTS.policy);
    if defaults && deadline_ms.is_none() {
        return Some(&DEFAULTS);
    }
    // The defaults' policy is also a library's: only that library's own
    // budget names it (`deadline=20000` is not the Google default's 50 s).
    matching(policy).filter(|p| !defaults || p.deadline_ms == deadline_ms)
}

/// A note's first sentence, shown at once, and the rest, shown on request.
pub fn note_parts(note: &str) -> (&str, &str) {
    // Bytes, not `str::find`: its substring searcher costs the first
    // screen about 1 KB of wasm for this one use.
    // `get`, not `&note[..]`: indexing a `str` can panic, and its panic
    // message brings Rust's char escaping (about 1.5 KB gzip) to the first
    // screen.
    let cut = note.as_bytes().windows(2).position(|w| w == b". ");
    match cut.and_then(|i| Some((note.get(..=i)?, note.get(i + 2..)?))) {
        Some(parts) => parts,
        None => (note, ""),
    }
}

/// The note under the `Preset` select, as markup: the note's first
/// sentence, then a `<details>` disclosure with the rest, the sources and
/// the release checked (none for the page's defaults, which have no source).
pub fn note_html(p: &Preset) -> String {
    let (short, rest) = note_parts(p.note);
    let mut out = escape(short);
    if p.url.is_empty() {
        return out;
    }
    let link = |url: &str, name: &str| format!("<a href=\"{}\">{}</a>", escape(url), escape(name));
    out += &format!(
        "<details><summary>Details and sources</summary>{} Source: {}",
        escape(rest),
        link(p.url, p.source)
    );
    for (name, url) in p.more_sources {
        out += "; ";
        out += &link(url, name);
    }
    out + &format!(". Numbers from {}.</details>", escape(p.checked))
}

/// Finds a preset, or the page's defaults, by its identifier.
pub fn by_id(id: &str) -> Option<&'static Preset> {
    PRESETS.iter().chain([&DEFAULTS]).find(|p| p.id == id)
}
