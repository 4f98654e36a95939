//! The simulation's honest scope: what the model leaves out, where the
//! study's figures come from, and what many clients cost.

use leptos::prelude::*;

/// What the model leaves out and where the figures come from: static
/// prose, so written as markup rather than as views (each text run and
/// link as a view costs wasm).
const LEAVES_OUT: &str = "One row, one write per client, no limit on what the server can take, a network hop of |N(10 ms, 2 ms)|, and every client starting at the same instant. Real servers slow down under load: read the figures as a comparison of modes, not a forecast. The study's figures came from this same kind of model, not from production: <a href=\"https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/\">“Exponential Backoff And Jitter”</a> (Marc Brooker, AWS Architecture Blog, 2015) and its simulator, <code>aws-samples/aws-arch-backoff-simulator</code>, which this one follows.";

/// What many clients cost.
const COST: &str = "Cost: without backoff every failed client retries at once, so the writes grow with the square of the clients. At 1,000 clients 100 runs take about a minute here.";

/// What the model leaves out, where the figures come from, and the cost.
#[component]
pub fn SimScope() -> impl IntoView {
    view! {
        <h3>"What this model leaves out"</h3>
        <p class="sim-scope" inner_html=LEAVES_OUT></p>
        <p class="sim-scope" inner_html=COST></p>
    }
}
