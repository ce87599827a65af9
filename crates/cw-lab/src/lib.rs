//! The batch lab's back half: where results are kept, what is computed from
//! them, and how they are shown.
//!
//! - [`Store`] keeps runs, per-board results and the best known solutions in
//!   one SQLite file; a run that stopped half-way can be found again and
//!   resumed ([`Store::find_unfinished_run`], [`Store::completed`]).
//! - [`summarize`] turns the [`GameRecord`]s of a run into one [`Summary`] per
//!   solver spec; [`compare`] pairs two runs board by board.
//! - [`render_summaries`], [`render_runs`] and [`render_comparison`] print
//!   those as a terminal table, Markdown, CSV or JSON ([`TableFormat`]).
//! - [`plot_run`] draws a run as a PNG or SVG picture ([`plot_run_svg`]: an
//!   SVG in memory).
//!
//! This crate knows nothing of boards or solvers: a board is its ID text and a
//! solver is its canonical spec text. The caller plays the games.

mod plot;
mod record;
mod report;
mod stats;
mod store;

pub use plot::{PlotError, RunData, SpecData, plot_data, plot_run, plot_run_image, plot_run_svg};
pub use record::{GameOutcome, GameRecord, RunInfo, RunMeta};
pub use report::{
    ParseTableFormatError, TableFormat, render_comparison, render_games, render_runs,
    render_summaries,
};
pub use stats::{Optima, PairedDiff, Summary, compare, nearest_rank, specs_only_in, summarize};
pub use store::{RunClaim, SCHEMA_VERSION, Store, StoreError};
