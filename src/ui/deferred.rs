//! The sections below the first screen (the library's config, the mode
//! comparison, the Retry-After tester, the retry code, the contention
//! simulation and the design doc), fetched after the first render.
//!
//! [`mount_rest`] is a split point: the release build
//! (`scripts/build-wasm.sh`) moves every function that only it reaches
//! (those sections' views, the code writers, the header reader, the
//! simulation, the config writers and translations) into a wasm chunk of
//! its own, fetched the first time it is called. The first screen pays for
//! none of it. The sections mount into a slot of their own but read the
//! page's one state: the same signals, provided again as the context of
//! that slot.
//!
//! A fetch that fails (offline, a missing file) is said in the slot's
//! place with a button that tries again; the first screen keeps working.
//!
//! The library models ([`Engine`]) are a part of their own
//! ([`library_models`]): the first screen needs them only once a library
//! is chosen, and a link that opens on a library fetches them alone,
//! before the page mounts.

use leptos::{html, prelude::*, task::spawn_local};
use wasm_split_helpers::{wasm_split, SplitLoaderError};

use crate::core::library::Engine;
use crate::ui::code::CodeTabs;
use crate::ui::comparison::{Compared, ModeComparison};
use crate::ui::design_doc::DesignDoc;
use crate::ui::library::LibrarySection;
use crate::ui::load::LoadSection;
use crate::ui::retry_after::RetryAfterTester;
use crate::ui::simulation::results::LastRun;
use crate::ui::simulation::Simulation;
#[cfg(target_arch = "wasm32")]
use crate::ui::state::deciding;
use crate::ui::state::MeansRunner;
use crate::ui::state::{use_state, AppState};
use crate::ui::widgets::unit_notes::read_units_in;

/// Where the deferred sections stand, as `data-state` says it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// Being fetched.
    Loading,
    /// Mounted and working.
    Ready,
    /// The fetch failed; a retry is offered.
    Failed,
}

impl Stage {
    fn as_str(self) -> &'static str {
        match self {
            Stage::Loading => "loading",
            Stage::Ready => "ready",
            Stage::Failed => "failed",
        }
    }
}

/// Mounts the deferred sections into `slot`, with `state` as their
/// context. Its body, and all that only it reaches, is fetched on the
/// first call; a failed fetch is an `Err`, and the next call tries again.
#[wasm_split(rest, fallible)]
fn mount_rest(state: AppState, slot: web_sys::HtmlElement) -> Result<(), SplitLoaderError> {
    // The decorrelated simulation comes with this part: the schedule's
    // means, previewed until now, are made at once.
    state.derived.means.start(MeansRunner::new());
    // Their stylesheet first: mounted unstyled, they would move on screen
    // when it came.
    with_stylesheet(REST_CSS, move || {
        // Two frames on, every section has been laid out once at its full
        // height: from then on one out of view is skipped by layout and
        // paint (`content-visibility: auto` under `[data-drawn]`, in
        // style/rest.css) and keeps the height it was last drawn at. A
        // frame after an input then paints the first screen, not every
        // section: traced at 100 retries, paint, pre-paint and layerize
        // went from about 8 to 5 ms a frame.
        let drawn = slot.clone();
        request_animation_frame(move || {
            request_animation_frame(move || drop(drawn.set_attribute("data-drawn", "")))
        });
        // The slot's root lives as long as the page, like the app's own.
        leptos::mount::mount_to(slot, move || {
            state.provide();
            // Units in the millisecond fields, with a note under each. The
            // fields the sections below draw are theirs to read: after
            // them, once they are in the page.
            let owner = Owner::current();
            request_animation_frame(move || match owner {
                Some(owner) => owner.with(|| read_units_in(&state)),
                None => read_units_in(&state),
            });
            // The last finished simulation: shown by its section, read by
            // the design doc.
            let last = LastRun::new();
            // The comparison: shown by its section, read by the design doc.
            let compared = Compared::new(state.derived);
            view! {
                <LibrarySection />
                <ModeComparison comparing=compared />
                <RetryAfterTester />
                <CodeTabs />
                <Simulation last=last />
                <LoadSection last=last />
                <DesignDoc last=last compared=compared />
            }
        })
        .forget();
    });
    Ok(())
}

/// The deferred sections' stylesheet (`style/rest.css`, which
/// `index.html` copies beside the page), by a URL relative to the page.
const REST_CSS: &str = "rest.css";

/// Adds the stylesheet at `href` to the page and calls `then` once it has
/// loaded, or failed to (the sections then work unstyled rather than not
/// at all).
fn with_stylesheet(href: &str, then: impl FnOnce() + 'static) {
    use wasm_bindgen::{closure::Closure, JsCast};
    let document = document();
    let (Ok(link), Ok(Some(head))) = (
        document.create_element("link"),
        document.query_selector("head"),
    ) else {
        then();
        return;
    };
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", href);
    let then = std::cell::Cell::new(Some(then));
    let done = Closure::<dyn FnMut()>::new(move || {
        if let Some(then) = then.take() {
            then();
        }
    });
    for event in ["load", "error"] {
        let _ = link.add_event_listener_with_callback(event, done.as_ref().unchecked_ref());
    }
    // Called at most once, for the page's life.
    done.forget();
    let _ = head.append_child(&link);
}

/// The library models. Its body, and all that only it reaches (the
/// models, their seeded runs, the parameters' descriptions), is fetched
/// on the first call; a failed fetch is an `Err`, and the next call tries
/// again.
#[wasm_split(library, fallible)]
pub fn library_models() -> Result<Engine, SplitLoaderError> {
    // The slices that decide a library's rows are this part's code.
    #[cfg(target_arch = "wasm32")]
    deciding::decide_with(deciding::decide_in_slices);
    Ok(Engine::new())
}

/// The slot for the deferred sections, fetched once the first screen is
/// in the page; while they load it holds their place below the first
/// screen, and says so.
#[component]
pub fn Deferred() -> impl IntoView {
    let state = use_state();
    let stage = RwSignal::new(Stage::Loading);
    let slot = NodeRef::<html::Div>::new();
    let load = move || {
        // The library models too, so that a library chosen later shows at
        // once.
        state.library.prefetch();
        stage.set(Stage::Loading);
        let Some(el) = slot.get_untracked() else {
            return;
        };
        let el: web_sys::HtmlElement = el.into();
        spawn_local(async move {
            let next = match mount_rest(state, el).await {
                Ok(()) => Stage::Ready,
                Err(e) => {
                    leptos::logging::error!("backoff calculator: {e}");
                    Stage::Failed
                }
            };
            stage.set(next);
        });
    };
    // Once the first screen is in the page, its first sample included: an
    // effect runs after the mount. The fetch goes out while that frame is
    // painted; the network is idle by then (the first screen's parts have
    // all arrived) and starting a fetch costs the page's thread nothing,
    // so the paint does not wait for it. (Two animation frames, to start
    // after the paint, cost a phone about 170 ms of every section's wait.)
    Effect::new(move |_| load());
    let failed = move || stage.get() == Stage::Failed;
    view! {
        <div
            class="deferred"
            data-testid="deferred"
            data-state=move || stage.get().as_str()
            aria-busy=move || (stage.get() == Stage::Loading).to_string()
        >
            <p class="deferred-note" role="status">
                {move || match stage.get() {
                    Stage::Loading => "Loading the code, the Retry-After tester and the simulation…",
                    Stage::Ready => "",
                    Stage::Failed => "The rest of the page (the code, the Retry-After tester, the comparison and the simulation) could not be loaded. The calculator above still works.",
                }}
            </p>
            <Show when=failed>
                <button type="button" on:click=move |_| load()>
                    "Try again"
                </button>
            </Show>
            <div node_ref=slot></div>
        </div>
    }
}
