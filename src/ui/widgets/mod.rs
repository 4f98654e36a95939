//! Pieces the sections share: a number field, a checkbox, a table that
//! scrolls, the copy button's clipboard, the deferred sections' export
//! buttons, the stale note, the small DOM helpers for the lists drawn by
//! hand (their rows far from view written after the frame, [`in_view`]),
//! work done in slices (a run of a study and its status line), in
//! background tasks, and the sections below the first screen drawn after
//! it ([`later`]).

pub mod background;
pub mod bind;
pub mod checkbox;
pub mod clipboard;
pub mod dom;
pub mod export_row;
pub mod in_view;
pub mod later;
pub mod number_field;
pub mod run_status;
pub mod runner;
pub mod scroll_table;
pub mod select;
pub mod slices;
pub mod stale_note;
pub mod unit_notes;
