//! The factor inputs of proportional jitter.

use leptos::prelude::*;

use crate::core::policy::CapOrder;
use crate::ui::field::NumberField;
use crate::ui::state::use_state;

/// Low and high factor and where the cap applies; shown only for
/// proportional jitter.
#[component]
pub fn ProportionalFields() -> impl IntoView {
    let state = use_state();
    view! {
        <fieldset class="fields proportional">
            <legend>"Proportional factor: each sleep is the backoff × uniform(low, high)"</legend>
            <NumberField
                label="Low factor"
                id="lo"
                text=state.lo.text
                error=Signal::derive(move || state.lo.error().get().or(state.factor_error.get()))
                inputmode="decimal"
            />
            <NumberField
                label="High factor"
                id="hi"
                text=state.hi.text
                error=Signal::derive(move || state.hi.error().get().or(state.factor_error.get()))
                inputmode="decimal"
            />
            <div class="field">
                <label for="cap-order">"Cap applies"</label>
                <select
                    id="cap-order"
                    on:change:target=move |ev| {
                        state.cap_order.set(if ev.target().value() == "after" {
                            CapOrder::After
                        } else {
                            CapOrder::Before
                        });
                    }
                >
                    <option value="before" prop:selected=move || state.cap_order.get() == CapOrder::Before>
                        "Before the factor (may exceed the cap)"
                    </option>
                    <option value="after" prop:selected=move || state.cap_order.get() == CapOrder::After>
                        "After the factor (never above the cap)"
                    </option>
                </select>
            </div>
        </fieldset>
    }
}
