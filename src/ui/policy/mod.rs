//! The policy inputs: delays, multiplier, retries, jitter and the re-roll.

pub mod preset_picker;
pub mod proportional_fields;

use leptos::prelude::*;

use crate::core::inputs::MULTIPLIER_UNUSED;
use crate::core::policy::Jitter;
use crate::core::schedule::{glance, next_seed, Schedule};
use crate::ui::library::fields::{LibraryFields, ModelSelect};
use crate::ui::library::LibraryNotes;
use crate::ui::policy::preset_picker::PresetPicker;
use crate::ui::policy::proportional_fields::ProportionalFields;
use crate::ui::state::{use_derived, use_library, use_policy};
use crate::ui::widgets::bind::sched;
use crate::ui::widgets::number_field::InputField;
use crate::ui::widgets::select::Select;

fn all_fixed(s: &Schedule) -> bool {
    s.rows.iter().all(|r| r.min_ms == r.max_ms)
}

/// The form that sets the retry policy and draws a new sample.
#[component]
pub fn PolicyForm() -> impl IntoView {
    let inputs = use_policy();
    let jitter = inputs.jitter;
    let seed = inputs.seed.value;
    let model = use_library().model;
    let own = move || model.get().is_none();
    // The budget stands for the deadline only while one is set (p-retry's
    // `maxRetryTime` may be none).
    let library = use_derived().library;
    let budget = move || library.with(|l| l.as_ref().is_some_and(|l| l.budget.is_some()));
    // A schedule with nothing random (no jitter, or a library's fixed
    // sleeps) has nothing to re-roll.
    let fixed = move || use_derived().schedule.with(all_fixed);
    view! {
        <form class="policy" on:submit=|ev| ev.prevent_default() aria-labelledby="policy-heading">
            <h2 id="policy-heading">"Policy"</h2>
            // On a phone, the result stays in view above the inputs as they
            // change, one tap from the tiles.
            <a class="jump" href="#results">
                <span>{sched(glance)}</span>
                " Jump to the results"
            </a>
            <ModelSelect />
            <PresetPicker />
            <LibraryFields />
            // With a library chosen, only the deadline stays (and not even
            // that when the library has a time budget of its own).
            <div class="fields" class:library=move || !own() class:budget=budget>
                <InputField field=inputs.base />
                <InputField
                    field=inputs.multiplier
                    unused=Signal::derive(move || {
                        (!jitter.get().uses_multiplier()).then_some(MULTIPLIER_UNUSED)
                    })
                />
                <InputField field=inputs.cap />
                <InputField field=inputs.retries />
                <Select
                    label="Jitter"
                    id="jitter"
                    value=jitter.value
                    options=&Jitter::ALL
                    spelling=Jitter::as_str
                    text=Jitter::label
                    hint=Jitter::hint
                    after_hint=r##"<a href="#simulation">Compare in the fleet view</a>"##
                />
                // The factors span the grid's width; the deadline fills the
                // cell beside Jitter, while Tab still goes through the
                // factors first.
                <Show when=move || jitter.get() == Jitter::Proportional>
                    <ProportionalFields />
                </Show>
                <InputField field=inputs.deadline />
            </div>
            <LibraryNotes />
            <div class="reroll">
                <button
                    type="button"
                    on:click=move |_| seed.update(|s| *s = next_seed(*s))
                    disabled=fixed
                >
                    "Re-roll jitter"
                </button>
                <span class="seed">"Sample seed " <code>{move || seed.get().to_string()}</code></span>
            </div>
        </form>
    }
}
