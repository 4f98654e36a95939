//! "How to choose": short guidance in our own words, with sources.

use leptos::prelude::*;

/// Why jitter, which kind, and the rules around retries.
#[component]
pub fn Guide() -> impl IntoView {
    view! {
        <section class="panel guide" aria-labelledby="guide-heading">
            <h2 id="guide-heading">"How to choose"</h2>
            <h3>"Add jitter"</h3>
            <p>
                "Without jitter, clients that failed together retry together and hit the server in waves. In the simulation behind "
                <a href="https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/">"“Exponential Backoff And Jitter”"</a>
                " (Marc Brooker, AWS Architecture Blog, 2015), every jittered variant did far less work than plain exponential backoff, and full jitter did the least."
            </p>
            <h3>"Full, equal or decorrelated"</h3>
            <p>
                "Full jitter spreads retries the most and is the usual default. Equal jitter keeps at least half of each backoff, so no retry comes back almost at once. Decorrelated jitter grows from the previous sleep rather than the retry number; it spreads well but its worst case is harder to see, which is what the range column is for. Proportional jitter (a factor around the backoff) is what gRPC, cenkalti/backoff and several SDKs use: pick it from the presets."
            </p>
            <h3>"Budget your retries"</h3>
            <p>
                "Set a deadline for the whole call and check the worst case against it. Retry at one layer only: three layers that each retry three times turn one failure into 64 requests. The "
                <a href="https://cloud.google.com/storage/docs/retry-strategy">"Google Cloud Storage retry strategy"</a>
                " page is a good example of a documented budget."
            </p>
            <h3>"Only repeat what is safe to repeat"</h3>
            <p>
                "Retry idempotent requests (GET, PUT, DELETE) freely; give anything else an idempotency key so the server can drop duplicates. Honour "
                <code>"Retry-After"</code>
                " on 429 and 503 responses ("
                <a href="https://www.rfc-editor.org/rfc/rfc6585#section-4">"RFC 6585 §4"</a>
                ", "
                <a href="https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3">"RFC 9110 §10.2.3"</a>
                "), but cap it so a bad header cannot stall you."
            </p>
        </section>
    }
}
