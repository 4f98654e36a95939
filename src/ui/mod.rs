//! The page: thin Leptos components, one per file, that read the shared
//! state in [`state`] and format with [`crate::core::format`].

pub mod app;
mod explainer;
mod field;
mod notices;
mod policy_form;
mod retry_after;
mod retry_after_examples;
mod retry_after_result;
mod retry_after_text;
mod schedule_table;
mod state;
mod tiles;
mod url;
