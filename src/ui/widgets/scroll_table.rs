//! A data table in its own scrolling region: the caption names both, so
//! a wide or long table scrolls inside the page, not the page itself.

use leptos::prelude::*;

/// A captioned table with column headers, inside a focusable region that
/// scrolls with the keyboard when the table overflows.
#[component]
pub fn ScrollTable(
    /// The caption: the table's and the region's name.
    caption: &'static str,
    /// The caption's id.
    caption_id: &'static str,
    /// The table's class.
    class: &'static str,
    /// The column headers, in order.
    headers: &'static [&'static str],
    /// The `<tbody>`.
    children: Children,
) -> impl IntoView {
    view! {
        <div class="table-wrap" tabindex="0" role="region" aria-labelledby=caption_id>
            // The roles are the elements' own; written out because the
            // schedule lays its rows out as grids (see style/main.css), and
            // a row that is not `display: table-row` may lose them.
            <table class=class role="table" aria-labelledby=caption_id>
                <caption id=caption_id>{caption}</caption>
                <thead role="rowgroup">
                    <tr role="row">
                        {headers
                            .iter()
                            .map(|h| view! { <th scope="col" role="columnheader">{*h}</th> })
                            .collect_view()}
                    </tr>
                </thead>
                {children()}
            </table>
        </div>
    }
}
