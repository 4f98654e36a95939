//! The policy inputs: delays, multiplier, retries, jitter and the re-roll.

use leptos::prelude::*;

use crate::core::policy::Jitter;
use crate::core::schedule::next_seed;
use crate::ui::field::NumberField;
use crate::ui::preset_picker::PresetPicker;
use crate::ui::proportional_fields::ProportionalFields;
use crate::ui::state::use_state;

/// The form that sets the retry policy and draws a new sample.
#[component]
pub fn PolicyForm() -> impl IntoView {
    let state = use_state();
    view! {
        <form class="policy" on:submit=|ev| ev.prevent_default() aria-labelledby="policy-heading">
            <h2 id="policy-heading">"Policy"</h2>
            <a class="jump" href="#results">"Jump to the results"</a>
            <PresetPicker />
            <div class="fields">
                <NumberField
                    label="Base delay (ms)"
                    id="base"
                    text=state.base.text
                    error=state.base.error()
                    hint="What retry 1 waits before jitter."
                />
                <NumberField
                    label="Multiplier"
                    id="multiplier"
                    text=state.multiplier.text
                    error=state.multiplier.error()
                    inputmode="decimal"
                    hint="1 to 10; 1 keeps the delay constant."
                />
                <NumberField
                    label="Max delay (ms)"
                    id="cap"
                    text=state.cap.text
                    error=state.cap.error()
                    hint="No single wait goes above this."
                />
                <NumberField
                    label="Max retries"
                    id="retries"
                    text=state.retries.text
                    error=state.retries.error()
                    hint="Retries after the first attempt, up to 1,000."
                />
                <div class="field">
                    <label for="jitter">"Jitter"</label>
                    <select
                        id="jitter"
                        on:change:target=move |ev| {
                            if let Some(j) = Jitter::parse(&ev.target().value()) {
                                state.jitter.set(j);
                            }
                        }
                    >
                        {Jitter::ALL
                            .into_iter()
                            .map(|j| {
                                view! {
                                    <option value=j.as_str() prop:selected=move || state.jitter.get() == j>
                                        {j.label()}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </div>
            </div>
            <Show when=move || state.jitter.get() == Jitter::Proportional>
                <ProportionalFields />
            </Show>
            <div class="fields deadline">
                <NumberField
                    label="Deadline (ms)"
                    id="deadline"
                    text=state.deadline.text
                    error=state.deadline.error()
                    hint="Optional: the caller's total time budget for the waits."
                />
            </div>
            <div class="reroll">
                <button
                    type="button"
                    on:click=move |_| state.seed.update(|s| *s = next_seed(*s))
                    disabled=move || state.jitter.get() == Jitter::None
                >
                    "Re-roll jitter"
                </button>
                <span class="seed">"Sample seed " <code>{move || state.seed.get().to_string()}</code></span>
            </div>
        </form>
    }
}
