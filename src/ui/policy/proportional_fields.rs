//! The factor inputs of proportional jitter.

use leptos::prelude::*;

use crate::core::policy::CapOrder;
use crate::ui::state::use_factors;
use crate::ui::widgets::number_field::InputField;
use crate::ui::widgets::select::Select;

/// Low and high factor and where the cap applies; shown only for
/// proportional jitter.
#[component]
pub fn ProportionalFields() -> impl IntoView {
    let factors = use_factors();
    let pair = factors.pair_error();
    view! {
        <fieldset class="fields proportional">
            <legend>"Proportional factor: each sleep is the backoff × uniform(low, high)"</legend>
            <InputField field=factors.lo also=pair />
            <InputField field=factors.hi also=pair />
            <Select
                label="Cap applies"
                id="cap-order"
                value=factors.cap_order.value
                options=&CapOrder::ALL
                spelling=CapOrder::as_str
                text=CapOrder::label
                // Its options say what each order does.
                hint=|_| ""
            />
        </fieldset>
    }
}
