//! The policy inputs: delays, multiplier, retries, jitter and the re-roll.

pub mod preset_picker;
pub mod proportional_fields;

use leptos::prelude::*;

use crate::core::policy::Jitter;
use crate::core::schedule::{glance, next_seed};
use crate::ui::policy::preset_picker::PresetPicker;
use crate::ui::policy::proportional_fields::ProportionalFields;
use crate::ui::state::use_policy;
use crate::ui::widgets::bind::sched;
use crate::ui::widgets::number_field::InputField;
use crate::ui::widgets::select::Select;

/// The form that sets the retry policy and draws a new sample.
#[component]
pub fn PolicyForm() -> impl IntoView {
    let inputs = use_policy();
    let jitter = inputs.jitter;
    let seed = inputs.seed.value;
    view! {
        <form class="policy" on:submit=|ev| ev.prevent_default() aria-labelledby="policy-heading">
            <h2 id="policy-heading">"Policy"</h2>
            <PresetPicker />
            <div class="fields">
                <InputField field=inputs.base />
                <InputField field=inputs.multiplier />
                <InputField field=inputs.cap />
                <InputField field=inputs.retries />
                <Select
                    label="Jitter"
                    id="jitter"
                    value=jitter.value
                    options=&Jitter::ALL
                    spelling=Jitter::as_str
                    text=Jitter::label
                />
                // The factors span the grid's width; the deadline fills the
                // cell beside Jitter, while Tab still goes through the
                // factors first.
                <Show when=move || jitter.get() == Jitter::Proportional>
                    <ProportionalFields />
                </Show>
                <InputField field=inputs.deadline />
            </div>
            <div class="reroll">
                <button
                    type="button"
                    on:click=move |_| seed.update(|s| *s = next_seed(*s))
                    disabled=move || jitter.get() == Jitter::None
                >
                    "Re-roll jitter"
                </button>
                <span class="seed">"Sample seed " <code>{move || seed.get().to_string()}</code></span>
            </div>
            // On a phone, the result stays in view below the inputs, one tap
            // from the tiles.
            <a class="jump" href="#results">
                <span>{sched(glance)}</span>
                " Jump to the results"
            </a>
        </form>
    }
}
