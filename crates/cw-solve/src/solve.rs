//! `solve`: ask a solver for moves until the board is clear, replaying each.

use crate::{Limits, SearchCtx, Solver, StopCause};
use cw_core::{ClusterGraph, Color, Game, InspectionCount};
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
    /// The game's time budget ran out: a real outcome, stored as "out of
    /// time".
    TimeLimit,
    /// Another thread cancelled the game (Stop, a closed page): not an
    /// outcome of the solver; batches do not store it and play it again
    /// when they resume.
    Cancelled,
    /// The solver proposed a color the board does not have.
    IllegalMove,
}

impl Outcome {
    /// The outcome's name in JSON and in the lab: `solved`, `gave-up`,
    /// `move-limit`, `out-of-time`, `cancelled`, `illegal-move`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::GaveUp => "gave-up",
            Outcome::MoveLimit => "move-limit",
            Outcome::TimeLimit => "out-of-time",
            Outcome::Cancelled => "cancelled",
            Outcome::IllegalMove => "illegal-move",
        }
    }
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
    /// Whether the moves are a proven shortest solution (the exact solver,
    /// asked from the start, within its budgets; or `near`, when its moves
    /// meet its lower bound).
    pub proven_optimal: bool,
    /// A proven lower bound on the board's optimum, from a solver that
    /// proves one (`exact`, `near`) when asked from the start: no solution
    /// has fewer moves.
    pub lower_bound: Option<u32>,
    /// Why the solver gave up, when it says ([`Outcome::GaveUp`] only).
    pub gave_up_because: Option<String>,
    /// Why a solver that proves optimality did not prove its moves
    /// optimal, when a budget cut its proof short (solved games only).
    pub unproven_because: Option<String>,
    /// What a budget changed in the search without stopping it (a beam
    /// narrowed to fit the memory budget, say): the moves are then not what
    /// the spec alone would play. Empty when nothing was changed.
    pub budget_notes: Vec<String>,
    /// On [`Outcome::Cancelled`]: the moves the solver handed back when
    /// told to stop, not played (a cancelled game has no outcome of its
    /// own, and batches play it again). `exact` hands back its best
    /// solution so far, a beam its greedy finish; a front end may show them
    /// as what the search had found.
    pub unplayed: Vec<Color>,
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
    solve_from(graph, &[], solver, limits)
}

/// Like [`solve`], from the position after `prefix` (moves already made, for
/// example by a person): plays `prefix` through the checked engine, then asks
/// the solver. The report's moves start with `prefix`, and `max_moves`
/// counts them (a prefix that reaches it ends the game there with
/// [`Outcome::MoveLimit`], the solver not asked); `nodes` count the
/// solver's search only. A prefix color the board does not have ends the
/// game with [`Outcome::IllegalMove`] (the report's moves are then the
/// prefix up to that color).
pub fn solve_from(
    graph: &ClusterGraph,
    prefix: &[Color],
    solver: &mut dyn Solver,
    limits: &Limits,
) -> SolveReport {
    let start = Instant::now();
    let mut ctx = SearchCtx::new(graph.board(), limits);
    let mut game = graph.start();
    // A board clear from the start (a Flood-It board of one group) is
    // solved by no moves, which no solution beats: proven, whoever plays
    // (the solver is never asked).
    let clear_at_start = game.is_solved();
    let mut moves = Vec::new();
    let mut unplayed = Vec::new();
    let outcome = 'play: {
        for &c in prefix {
            if game.is_solved() {
                break;
            }
            // The prefix counts toward the move limit, as the solver's
            // moves do: it is never played past it.
            if moves.len() as u32 >= limits.max_moves {
                break 'play Outcome::MoveLimit;
            }
            if game.try_play(c).is_err() {
                break 'play Outcome::IllegalMove;
            }
            moves.push(c);
        }
        play(
            &mut game,
            &mut moves,
            &mut unplayed,
            solver,
            &mut ctx,
            limits,
        )
    };
    SolveReport {
        proven_optimal: (ctx.proven_optimal || clear_at_start) && outcome == Outcome::Solved,
        lower_bound: ctx.lower_bound.or(clear_at_start.then_some(0)),
        gave_up_because: ctx
            .gave_up_because
            .take()
            .filter(|_| outcome == Outcome::GaveUp),
        unproven_because: ctx
            .unproven_because
            .take()
            .filter(|_| outcome == Outcome::Solved && !ctx.proven_optimal),
        budget_notes: std::mem::take(&mut ctx.budget_notes),
        outcome,
        moves,
        unplayed,
        nodes: ctx.nodes,
        inspections: ctx.inspections,
        elapsed: start.elapsed(),
        series_stream_after: ctx.series_stream,
    }
}

/// Asks `solver` for moves from `game` until the board is clear or a limit;
/// a proposal that comes back after a cancel goes to `unplayed`.
fn play(
    game: &mut Game<'_>,
    moves: &mut Vec<Color>,
    unplayed: &mut Vec<Color>,
    solver: &mut dyn Solver,
    ctx: &mut SearchCtx,
    limits: &Limits,
) -> Outcome {
    let stopped = |ctx: &SearchCtx| match ctx.stop_cause()? {
        StopCause::Cancelled => Some(Outcome::Cancelled),
        StopCause::Deadline => Some(Outcome::TimeLimit),
    };
    'play: loop {
        if game.is_solved() {
            break Outcome::Solved;
        }
        if let Some(outcome) = stopped(ctx) {
            break outcome;
        }
        ctx.moves_before = game.n_moves();
        let Some(proposed) = solver.next_moves(game, ctx).filter(|m| !m.is_empty()) else {
            // A search cut short by the clock or a cancel may find nothing:
            // that is the budget's doing, not the solver giving up.
            break stopped(ctx).unwrap_or(Outcome::GaveUp);
        };
        // A cancelled search may still hand back a line (a beam finishes
        // greedily when told to stop); it is not the solver's answer.
        if ctx.stop_cause() == Some(StopCause::Cancelled) {
            *unplayed = proposed;
            break Outcome::Cancelled;
        }
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Spec;
    use cw_core::Board;

    #[test]
    fn a_board_clear_from_the_start_is_solved_by_no_moves_proven() {
        // A Flood-It board of one color: one group, the whole board.
        let board = "3x2c2:111111"
            .parse::<cw_core::BoardId>()
            .unwrap()
            .board()
            .unwrap();
        let graph = ClusterGraph::new(&board);
        for text in ["greedy", "near", "exact"] {
            let spec = Spec::parse(text).unwrap();
            let r = solve(&graph, spec.build().unwrap().as_mut(), &Limits::default());
            assert_eq!(r.outcome, Outcome::Solved, "{text}");
            assert!(r.moves.is_empty(), "{text}");
            assert!(r.proven_optimal, "{text}");
            assert_eq!(r.lower_bound, Some(0), "{text}");
        }
        // Cleared by a prefix is not cleared from the start: the solver
        // proves nothing about the prefix.
        let board = "2x2c2:.000"
            .parse::<cw_core::BoardId>()
            .unwrap()
            .board()
            .unwrap();
        let graph = ClusterGraph::new(&board);
        let greedy = Spec::parse("greedy").unwrap();
        let r = solve_from(
            &graph,
            &[Color(0)],
            greedy.build().unwrap().as_mut(),
            &Limits::default(),
        );
        assert_eq!((r.outcome, r.moves.len()), (Outcome::Solved, 1));
        assert!(!r.proven_optimal && r.lower_bound.is_none());
    }

    #[test]
    fn solve_from_plays_the_prefix_then_the_solver() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let graph = ClusterGraph::new(&board);
        let spec = Spec::parse("greedy").unwrap();
        let whole = solve(&graph, spec.build().unwrap().as_mut(), &Limits::default());
        let empty = solve_from(
            &graph,
            &[],
            spec.build().unwrap().as_mut(),
            &Limits::default(),
        );
        assert_eq!(whole.moves, empty.moves);

        // A prefix longer than the move limit stops at the limit, and the
        // solver is not asked.
        let limits = Limits {
            max_moves: 2,
            ..Limits::default()
        };
        let r = solve_from(
            &graph,
            &[Color(3), Color(3), Color(1)],
            spec.build().unwrap().as_mut(),
            &limits,
        );
        assert_eq!(r.outcome, Outcome::MoveLimit);
        assert_eq!(r.moves, [Color(3), Color(3)]);
        assert_eq!(r.nodes, 0);

        let prefix = [Color(3), Color(3), Color(1)];
        let r = solve_from(
            &graph,
            &prefix,
            spec.build().unwrap().as_mut(),
            &Limits::default(),
        );
        assert_eq!(r.outcome, Outcome::Solved);
        assert_eq!(r.moves[..3], prefix);
        assert!(cw_core::replay(&graph, &r.moves).unwrap().cleared);

        // One more move than the prefix: the move limit counts the prefix.
        let limits = Limits {
            max_moves: 4,
            ..Limits::default()
        };
        let r = solve_from(&graph, &prefix, spec.build().unwrap().as_mut(), &limits);
        assert_eq!((r.outcome, r.moves.len()), (Outcome::MoveLimit, 4));

        let r = solve_from(&graph, &[Color(9)], spec.build().unwrap().as_mut(), &limits);
        assert_eq!((r.outcome, r.moves.len()), (Outcome::IllegalMove, 0));
    }
}
