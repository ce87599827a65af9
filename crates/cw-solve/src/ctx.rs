//! `SearchCtx`: what a solver may use besides the position: counters, the
//! random streams, budgets and cancellation.

use cw_core::{Board, BoardId, Color, Gain, Game, InspectionCount, KoblenskiStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bounds on one `solve`.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many moves (a guard against solvers that never finish).
    pub max_moves: u32,
    /// Stop when this much wall time has passed (off by default: results
    /// then depend on the board and spec only).
    pub time_limit: Option<Duration>,
    /// Stop when this flag is set (another thread cancels).
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_moves: 1000,
            time_limit: None,
            cancel: None,
        }
    }
}

impl Limits {
    /// Whether another thread asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// Counters, random streams and budgets for one game.
#[derive(Debug)]
pub struct SearchCtx {
    /// Simulated moves: every move a solver tries on a copy of the game.
    pub nodes: u64,
    /// Clusters (and blocks) inspected by the engine while simulating.
    pub inspections: InspectionCount,
    /// Set by a solver whose moves from the start are a proven shortest
    /// solution (the exact solver); `solve` reports it.
    pub proven_optimal: bool,
    /// The series' sine stream, positioned after the board's own draws when
    /// the board came from it (as the series' random solvers shared it).
    pub series_stream: KoblenskiStream,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
}

impl SearchCtx {
    /// A context for playing `board` under `limits`.
    pub fn new(board: &Board, limits: &Limits) -> SearchCtx {
        let after_board = match board.id() {
            BoardId::Koblenski { first_draw, .. } => {
                first_draw.wrapping_add(board.n_blocks() as u64)
            }
            _ => 1,
        };
        SearchCtx {
            nodes: 0,
            inspections: InspectionCount::default(),
            proven_optimal: false,
            series_stream: KoblenskiStream::at(after_board),
            deadline: limits.time_limit.map(|t| Instant::now() + t),
            cancel: limits.cancel.clone(),
        }
    }

    /// Plays `c` on a search copy, counting the node and the inspections.
    #[inline]
    pub fn simulate(&mut self, game: &mut Game<'_>, c: Color) -> Gain {
        self.nodes += 1;
        game.play_probed(c, &mut self.inspections)
    }

    /// Whether the search must stop now (deadline passed or cancelled).
    pub fn should_stop(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}
