//! Batches: many specs over many boards, on all cores.
//!
//! Each (board, spec) pair is an independent job, except for specs that must
//! play their boards in order with one solver ([`Spec::is_sequential`]): the
//! series' round robin carried its color cycle from board to board, and its
//! random solvers drew from the board generator's own stream, so on the
//! series' run the boards they meet depend on the draws they made. Those
//! specs run as one job each, in order; everything runs in parallel.

use crate::{Limits, Outcome, SolveReport, Spec, solve};
use cw_core::format::BoardEntry;
use cw_core::{Board, BoardError, ClusterGraph, KoblenskiStream, replay};
use rayon::prelude::*;
use std::collections::HashSet;

/// The boards of a batch.
#[derive(Clone, Debug)]
pub enum BoardSet {
    /// Boards `first..first+count` of the series' sine-generator run.
    Koblenski {
        /// The first board number (1 is the run's first).
        first: u64,
        /// How many boards.
        count: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        colors: usize,
    },
    /// Seeded boards with seeds `first..first+count`.
    Seeds {
        /// The first seed.
        first: u64,
        /// How many boards.
        count: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        colors: usize,
    },
    /// Seeded Flood-It boards (`Board::seeded_flood_it`) with seeds
    /// `first..first+count`, all starting at one cell.
    FloodItSeeds {
        /// The first seed.
        first: u64,
        /// How many boards.
        count: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        colors: usize,
        /// The start cell (row, column), from 0.
        start: (usize, usize),
    },
    /// Boards from a file.
    Entries {
        /// Where they came from (e.g. the file name).
        label: String,
        /// The boards.
        entries: Vec<BoardEntry>,
    },
}

impl BoardSet {
    /// The series' own run: its first 100 boards of 30×20 with 5 colors.
    pub fn series() -> BoardSet {
        BoardSet::Koblenski {
            first: 1,
            count: 100,
            width: 30,
            height: 20,
            colors: 5,
        }
    }

    /// A short text naming the set, stored with runs.
    pub fn label(&self) -> String {
        match self {
            BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            } => format!(
                "koblenski:{width}x{height}c{colors}:{first}..{}",
                first.saturating_add(*count)
            ),
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            } => format!(
                "seeds:{width}x{height}c{colors}:{first}..{}",
                first.saturating_add(*count)
            ),
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start: (row, col),
            } => format!(
                "floodit-seeds:{width}x{height}c{colors}@{row},{col}:{first}..{}",
                first.saturating_add(*count)
            ),
            BoardSet::Entries { label, .. } => format!("file:{label}"),
        }
    }

    /// How many boards the set has.
    pub fn len(&self) -> u64 {
        match self {
            BoardSet::Koblenski { count, .. }
            | BoardSet::Seeds { count, .. }
            | BoardSet::FloodItSeeds { count, .. } => *count,
            BoardSet::Entries { entries, .. } => entries.len() as u64,
        }
    }

    /// Whether the set has no boards.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The set in words, with an inclusive range, for people: "the series'
    /// boards 1–3 (30×20, 5 colors)", "seeded boards, seeds 5–9 (…)",
    /// "12 boards from FILE". ([`label`](Self::label) names it for the store.)
    pub fn description(&self) -> String {
        let range = |first: u64, count: u64| match count {
            1 => first.to_string(),
            _ => format!("{first}–{}", first.saturating_add(count.saturating_sub(1))),
        };
        let many = self.len() != 1;
        match self {
            BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            } => {
                let what = if many { "boards" } else { "board" };
                format!(
                    "the series' {what} {} ({width}×{height}, {colors} colors)",
                    range(*first, *count)
                )
            }
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            } => {
                let what = if many {
                    "seeded boards, seeds"
                } else {
                    "a seeded board, seed"
                };
                format!(
                    "{what} {} ({width}×{height}, {colors} colors)",
                    range(*first, *count)
                )
            }
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start: (row, col),
            } => {
                let what = if many {
                    "seeded Flood-It boards, seeds"
                } else {
                    "a seeded Flood-It board, seed"
                };
                format!(
                    "{what} {} ({width}×{height}, {colors} colors, start row {row}, column {col})",
                    range(*first, *count)
                )
            }
            BoardSet::Entries { label, entries } if entries.len() == 1 => {
                format!("1 board from {label}")
            }
            BoardSet::Entries { label, entries } => {
                format!("{} boards from {label}", entries.len())
            }
        }
    }

    /// The first board of the set (`None` for an empty set), without
    /// making the others.
    pub fn first(&self) -> Result<Option<BoardEntry>, BoardError> {
        if let BoardSet::Entries { entries, .. } = self {
            return Ok(entries.first().cloned());
        }
        if self.is_empty() {
            return Ok(None);
        }
        let mut one = self.clone();
        if let BoardSet::Koblenski { count, .. }
        | BoardSet::Seeds { count, .. }
        | BoardSet::FloodItSeeds { count, .. } = &mut one
        {
            *count = 1;
        }
        Ok(one.entries()?.pop())
    }

    /// The boards, in order, with their known optimum if any.
    pub fn entries(&self) -> Result<Vec<BoardEntry>, BoardError> {
        match self {
            BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            } => (*first..first.saturating_add(*count))
                .map(|n| {
                    Ok(BoardEntry::new(Board::koblenski(
                        *width, *height, *colors, n,
                    )?))
                })
                .collect(),
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            } => seeded(*first, *count, |seed| {
                Board::seeded(*width, *height, *colors, seed)
            }),
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start,
            } => seeded(*first, *count, |seed| {
                Board::seeded_flood_it(*width, *height, *colors, seed, *start)
            }),
            BoardSet::Entries { entries, .. } => Ok(entries.clone()),
        }
    }
}

/// The boards `make` builds from seeds `first..first+count` (wrapping past
/// 2^64 − 1), in order.
fn seeded(
    first: u64,
    count: u64,
    make: impl Fn(u64) -> Result<Board, BoardError>,
) -> Result<Vec<BoardEntry>, BoardError> {
    (0..count)
        .map(|i| make(first.wrapping_add(i)).map(BoardEntry::new))
        .collect()
}

/// One finished game of a batch.
#[derive(Clone, Debug)]
pub struct BatchResult {
    /// The board's position in the set, from 0.
    pub board_index: u32,
    /// The board's ID.
    pub board_id: String,
    /// The spec's position in the batch.
    pub spec_index: usize,
    /// What `solve` reported; its moves were replayed and checked again.
    pub report: SolveReport,
}

/// Plays every spec on every board of `set` and hands each result to
/// `on_result` as soon as it is ready (from worker threads, in any order).
/// A game cut off by `limits.cancel` is not a result: it is not handed on,
/// so a resumed run plays it again. (A game that ran out of its own time
/// budget is a result, [`Outcome::TimeLimit`](crate::Outcome::TimeLimit).)
/// Pairs in `skip` (board ID, canonical spec) are not played again; that is
/// how an interrupted run resumes. Up to `threads` games run at once.
pub fn run_batch(
    specs: &[Spec],
    set: &BoardSet,
    limits: &Limits,
    skip: &HashSet<(String, String)>,
    threads: usize,
    on_result: &(dyn Fn(BatchResult) + Sync),
) -> Result<(), BoardError> {
    let entries = set.entries()?;
    let labels: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let mut jobs = Vec::new();
    for (s, spec) in specs.iter().enumerate() {
        if spec.is_sequential() {
            let done = skip.iter().filter(|(_, sp)| *sp == labels[s]).count();
            if done < entries.len() {
                jobs.push(Job::Sequence { spec: s });
            }
        } else {
            for (b, entry) in entries.iter().enumerate() {
                if !skip.contains(&(entry.board.id().to_string(), labels[s].clone())) {
                    jobs.push(Job::One { spec: s, board: b });
                }
            }
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .expect("a thread pool can be built");
    pool.install(|| {
        jobs.par_iter().for_each(|job| {
            if limits.is_cancelled() {
                return;
            }
            match *job {
                Job::One { spec, board } => {
                    let board_entry = &entries[board];
                    let report = play(&specs[spec], &board_entry.board, limits);
                    if report.outcome == Outcome::Cancelled {
                        return;
                    }
                    on_result(BatchResult {
                        board_index: board as u32,
                        board_id: board_entry.board.id().to_string(),
                        spec_index: spec,
                        report,
                    });
                }
                Job::Sequence { spec } => {
                    play_in_order(&specs[spec], spec, set, &entries, limits, on_result);
                }
            }
        });
    });
    Ok(())
}

enum Job {
    One { spec: usize, board: usize },
    Sequence { spec: usize },
}

/// One game with a fresh solver, its moves replayed once more by the engine.
fn play(spec: &Spec, board: &Board, limits: &Limits) -> SolveReport {
    let graph = ClusterGraph::new(board);
    let mut solver = spec.build().expect("a parsed spec builds");
    let report = solve(&graph, solver.as_mut(), limits);
    check(&graph, report)
}

/// Replays the moves; a report whose moves do not clear the board is not
/// reported as solved, whatever the solver claimed.
fn check(graph: &ClusterGraph, mut report: SolveReport) -> SolveReport {
    let cleared = replay(graph, &report.moves).is_ok_and(|r| r.cleared && r.surplus == 0);
    if report.solved() && !cleared {
        report.outcome = Outcome::IllegalMove;
    }
    report
}

/// A sequential spec: one solver for all boards; on the series' run, a spec
/// that shares the generator's stream meets the boards that stream gives.
fn play_in_order(
    spec: &Spec,
    spec_index: usize,
    set: &BoardSet,
    entries: &[BoardEntry],
    limits: &Limits,
    on_result: &(dyn Fn(BatchResult) + Sync),
) {
    let mut solver = spec.build().expect("a parsed spec builds");
    let mut stream = match set {
        BoardSet::Koblenski {
            first,
            width,
            height,
            ..
        } if spec.uses_series_stream() => Some(KoblenskiStream::at(
            ((*width * *height) as u64)
                .wrapping_mul(first.saturating_sub(1))
                .wrapping_add(1),
        )),
        _ => None,
    };
    for (i, entry) in entries.iter().enumerate() {
        if limits.is_cancelled() {
            return;
        }
        let board = match (&mut stream, set) {
            (
                Some(s),
                BoardSet::Koblenski {
                    width,
                    height,
                    colors,
                    ..
                },
            ) => s
                .next_board(*width, *height, *colors)
                .expect("the set's shape was checked"),
            _ => entry.board.clone(),
        };
        let graph = ClusterGraph::new(&board);
        let report = check(&graph, solve(&graph, solver.as_mut(), limits));
        if report.outcome == Outcome::Cancelled {
            return;
        }
        if let Some(s) = &mut stream {
            *s = report.series_stream_after;
        }
        on_result(BatchResult {
            board_index: i as u32,
            board_id: board.id().to_string(),
            spec_index,
            report,
        });
    }
}
