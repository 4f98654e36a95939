//! The page: one Leptos app ([`app`]) of thin components that read the
//! state in [`state`] and format with [`crate::core::format`].
//!
//! The folders mirror the page from top to bottom: [`policy`] (the form),
//! [`results`] (tiles, deadline, chart, table, exports, edge notes),
//! [`comparison`], [`library`] (a retry library in its own terms),
//! [`retry_after`] (the tester), [`code`] (the retry code),
//! [`simulation`], [`load`] (retries under load) and [`design_doc`] (the whole page as one Markdown
//! document); [`link`] reads and writes the share link, and [`widgets`]
//! holds the pieces they share.

pub mod app;
mod code;
mod comparison;
mod deferred;
mod design_doc;
mod library;
mod link;
mod load;
mod panic;
mod policy;
mod results;
mod retry_after;
mod simulation;
mod state;
mod widgets;
