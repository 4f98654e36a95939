//! The results beside the form: the summary tiles, the deadline summary,
//! the chart, the schedule table, the exports and the edge notes.

pub mod chart;
pub mod deadline;
pub mod edge_notes;
pub mod export;
pub mod schedule_table;
pub mod tiles;
