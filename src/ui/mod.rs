//! The page: one Leptos app ([`app`]) of thin components, one per file,
//! that read the one shared state in [`state`] and format with
//! [`crate::core::format`].

pub mod app;
mod bind;
mod chart;
mod checkbox;
mod clipboard;
mod code_tabs;
mod comparison;
mod deadline;
mod dom;
mod explainer;
mod export;
mod field;
mod notices;
mod policy_form;
mod preset_picker;
mod proportional_fields;
mod retry_after;
mod retry_after_examples;
mod retry_after_result;
mod retry_after_text;
mod schedule_table;
mod scroll_table;
mod server_wait;
mod sim_results;
mod sim_scope;
mod sim_status;
mod sim_timeline;
mod simulation;
mod stale;
mod state;
mod tiles;
mod url;
