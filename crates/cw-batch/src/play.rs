//! Playing a batch's games on all cores.
//!
//! Each (board, spec) pair is an independent job, except for specs that must
//! meet their boards in order with one solver (`meets_boards_in_order`): the
//! series' round robin carried its color cycle from board to board, and its
//! random solvers drew from the board generator's own stream, so on the
//! series' run the boards they meet depend on the draws they made (on other
//! boards each game of `random` draws afresh). Those specs run as one job
//! each, in order; everything else runs in parallel.

use crate::{BoardSet, Shard};
use cw_core::{Board, BoardError, ClusterGraph, KoblenskiStream, replay};
use cw_solve::{Limits, Outcome, SolveReport, Spec, solve};
use rayon::prelude::*;
use std::collections::HashSet;

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
/// budget is a result, [`Outcome::TimeLimit`](cw_solve::Outcome::TimeLimit).)
/// Pairs in `skip` (board ID, canonical spec) are not played again (a spec
/// that meets its boards in order plays them again, but does not hand them
/// on); that is how an interrupted run resumes. With a `shard`, only the boards it holds
/// are played (a sequential spec, which must meet every board in order, is
/// then not played at all: [`run`](crate::run) refuses such a plan).
/// Up to `threads` games run at once. A set holds at most `u32::MAX`
/// boards (a plan's check caps it far below), as results number them so.
pub fn run_batch(
    specs: &[Spec],
    set: &BoardSet,
    limits: &Limits,
    skip: &HashSet<(String, String)>,
    threads: usize,
    shard: Option<Shard>,
    on_result: &(dyn Fn(BatchResult) + Sync),
) -> Result<(), BoardError> {
    set.check_boards()?;
    run_batch_on(specs, set, limits, skip, threads, shard, on_result);
    Ok(())
}

/// [`run_batch`] on a set whose boards were checked
/// ([`BoardSet::check_boards`]). Each game makes its board when it starts,
/// so a batch holds the boards of the games under way, not all of its
/// boards (a million boards of 100×100 held at once took 20 GB).
pub(crate) fn run_batch_on(
    specs: &[Spec],
    set: &BoardSet,
    limits: &Limits,
    skip: &HashSet<(String, String)>,
    threads: usize,
    shard: Option<Shard>,
    on_result: &(dyn Fn(BatchResult) + Sync),
) {
    let holds = |board: u64| shard.is_none_or(|s| s.holds(board as usize));
    let labels: Vec<String> = specs.iter().map(ToString::to_string).collect();
    let n_boards = set.len();
    let mut jobs = Vec::new();
    for (s, spec) in specs.iter().enumerate() {
        if meets_boards_in_order(spec, set) {
            if shard.is_some() {
                continue;
            }
            let done = skip.iter().filter(|(_, sp)| *sp == labels[s]).count();
            if (done as u64) < n_boards {
                jobs.push(Job::Sequence { spec: s });
            }
        } else {
            for b in (0..n_boards).filter(|&b| holds(b)) {
                // Board IDs are written only to look up games played before.
                if skip.is_empty() || !skip.contains(&(set.id_at(b), labels[s].clone())) {
                    jobs.push(Job::One { spec: s, board: b });
                }
            }
        }
    }
    let play_job = |job: &Job| {
        if limits.is_cancelled() {
            return;
        }
        match *job {
            Job::One { spec, board } => {
                // The set's boards were checked: each can be made.
                let Ok(entry) = set.board_at(board) else {
                    return;
                };
                let report = play(&specs[spec], &entry.board, limits);
                if report.outcome == Outcome::Cancelled {
                    return;
                }
                on_result(BatchResult {
                    board_index: board as u32,
                    board_id: entry.board.id().to_string(),
                    spec_index: spec,
                    report,
                });
            }
            Job::Sequence { spec } => {
                let played_before =
                    |id: &str| skip.contains(&(id.to_string(), labels[spec].clone()));
                play_in_order(&specs[spec], spec, set, limits, &played_before, on_result);
            }
        }
    };
    // Where no thread can be started (a process or memory limit), the
    // games are played here, one after another.
    match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(|| jobs.par_iter().for_each(play_job)),
        Err(_) => jobs.iter().for_each(play_job),
    }
}

enum Job {
    One { spec: usize, board: u64 },
    Sequence { spec: usize },
}

/// One game with a fresh solver, its moves replayed once more by the engine.
fn play(spec: &Spec, board: &Board, limits: &Limits) -> SolveReport {
    let graph = ClusterGraph::new(board);
    let report = {
        let mut solver = spec.build().expect("a parsed spec builds");
        solve(&graph, solver.as_mut(), limits)
    };
    give_back_freed_memory_after(report.elapsed);
    check(&graph, report)
}

/// Games at least this long give the memory they freed back to the system
/// when they end (see [`give_back_freed_memory`]); for shorter ones the
/// call would cost more than the little memory they can have held.
const GIVE_BACK_AFTER: std::time::Duration = std::time::Duration::from_millis(20);

/// After a search that took `elapsed`, hands the heap's free pages back to
/// the system if it ran at least `GIVE_BACK_AFTER` (20 ms). A
/// long-running process (a batch, the web server) calls it after each
/// search, so what one search freed does not
/// stay held while the next runs or while the process waits.
pub fn give_back_freed_memory_after(elapsed: std::time::Duration) {
    if elapsed >= GIVE_BACK_AFTER {
        give_back_freed_memory();
    }
}

/// Hands the heap's free pages back to the system. glibc keeps memory a
/// search freed for its next allocations, and the next game's search
/// (another solver's, with other sizes) may not reuse it: two 26×26×8
/// boards, one game at a time under a 100 MiB budget, `exact` then
/// `dijkstra:cap=10000000` peaked at 94 to 99 MB of resident memory
/// without this and 77 MB with it, where `dijkstra` alone peaks at 57 MB.
/// Elsewhere it does nothing.
fn give_back_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn malloc_trim(pad: usize) -> std::ffi::c_int;
        }
        // SAFETY: `malloc_trim` only returns free memory of glibc's heaps
        // to the system, under the allocator's own locks; it touches no
        // memory in use.
        unsafe {
            malloc_trim(0);
        }
    }
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

/// Whether `spec` must meet the boards of `set` in order with one solver:
/// it carries state from board to board, or it draws the series' stream on
/// the series' run, where the stream runs on from one board's draws to the
/// next (on other boards each game's draws start afresh, as
/// `SearchCtx::new` places them).
pub(crate) fn meets_boards_in_order(spec: &Spec, set: &BoardSet) -> bool {
    spec.carries_state() || (matches!(set, BoardSet::Koblenski { .. }) && spec.uses_series_stream())
}

/// A sequential spec: one solver for all boards; on the series' run, a spec
/// that shares the generator's stream meets the boards that stream gives.
/// A resumed run plays every board again from the first (the solver's state
/// and the stream must come to each board as they did), but hands on only
/// the games of boards not `played_before`: the others are stored already.
fn play_in_order(
    spec: &Spec,
    spec_index: usize,
    set: &BoardSet,
    limits: &Limits,
    played_before: &dyn Fn(&str) -> bool,
    on_result: &(dyn Fn(BatchResult) + Sync),
) {
    let mut solver = spec.build().expect("a parsed spec builds");
    let mut stream = match set {
        BoardSet::Koblenski {
            first,
            width,
            height,
            ..
        } if spec.uses_series_stream() => Some(KoblenskiStream::at_board(*width, *height, *first)),
        _ => None,
    };
    for i in 0..set.len() {
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
            // The set's boards were checked: each can be made.
            _ => match set.board_at(i) {
                Ok(entry) => entry.board,
                Err(_) => return,
            },
        };
        let graph = ClusterGraph::new(&board);
        let report = check(&graph, solve(&graph, solver.as_mut(), limits));
        if report.outcome == Outcome::Cancelled {
            return;
        }
        if let Some(s) = &mut stream {
            *s = report.series_stream_after;
        }
        let board_id = board.id().to_string();
        if played_before(&board_id) {
            continue;
        }
        on_result(BatchResult {
            board_index: i as u32,
            board_id,
            spec_index,
            report,
        });
    }
}
