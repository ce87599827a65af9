//! `solve`: ask a solver for moves until the board is clear, replaying each.

use crate::{Limits, SearchCtx, Solver};
use cw_core::{ClusterGraph, Color, InspectionCount};
use std::time::{Duration, Instant};

/// How a `solve` ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The board is clear.
    Solved,
    /// The solver gave up at a position.
    GaveUp,
    /// The move limit was reached.
    MoveLimit,
    /// The time limit passed or the run was cancelled.
    Stopped,
    /// The solver proposed a color the board does not have.
    IllegalMove,
}

/// What a `solve` did.
#[derive(Clone, Debug)]
pub struct SolveReport {
    /// How it ended.
    pub outcome: Outcome,
    /// Every move played, useless ones included.
    pub moves: Vec<Color>,
    /// Nodes (simulated moves) the solver expanded.
    pub nodes: u64,
    /// Engine inspections during the search.
    pub inspections: InspectionCount,
    /// Wall time.
    pub elapsed: Duration,
    /// The series' sine stream after the game (for runs that share it).
    pub series_stream_after: cw_core::KoblenskiStream,
}

impl SolveReport {
    /// Whether the board was cleared.
    pub fn solved(&self) -> bool {
        self.outcome == Outcome::Solved
    }
}

/// Plays `graph`'s board with `solver` until it is clear, the solver gives
/// up or a limit is hit. Every proposed move is replayed through the checked
/// engine; moves that remove nothing are played and counted, as in the game.
pub fn solve(graph: &ClusterGraph, solver: &mut dyn Solver, limits: &Limits) -> SolveReport {
    let start = Instant::now();
    let mut ctx = SearchCtx::new(graph.board(), limits);
    let mut game = graph.start();
    let mut moves = Vec::new();
    let outcome = 'play: loop {
        if game.is_solved() {
            break Outcome::Solved;
        }
        if ctx.should_stop() {
            break Outcome::Stopped;
        }
        let Some(proposed) = solver.next_moves(&game, &mut ctx).filter(|m| !m.is_empty()) else {
            break Outcome::GaveUp;
        };
        for c in proposed {
            if game.is_solved() {
                break;
            }
            if moves.len() as u32 >= limits.max_moves {
                break 'play Outcome::MoveLimit;
            }
            if game.try_play(c).is_err() {
                break 'play Outcome::IllegalMove;
            }
            moves.push(c);
        }
    };
    SolveReport {
        outcome,
        moves,
        nodes: ctx.nodes,
        inspections: ctx.inspections,
        elapsed: start.elapsed(),
        series_stream_after: ctx.series_stream,
    }
}
