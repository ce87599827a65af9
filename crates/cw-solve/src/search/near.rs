//! Near-optimal solutions (the `near` solver): a beam search
//! ([`beam`](super::beam)), then exact searches ([`astar`](super::astar))
//! with expansion budgets; the effort knobs are the options' fields.
//!
//! 1. The beam gives a first solution. The admissible bound at the start is
//!    a proven lower bound; when the beam's solution meets it, it is optimal
//!    and the search ends there.
//! 2. A* from the start (off by default), with the beam's solution as its first upper bound,
//!    may expand `root` positions: within that budget it proves a shortest
//!    solution (on the smaller boards, most of the time); otherwise it keeps
//!    the best solution it found and raises the lower bound to the smallest
//!    `f` it left open.
//! 3. When the solution is still `gap` moves or more above the lower bound,
//!    a second beam, `widen` wide, looks for a shorter one (its children
//!    that cannot beat the first solution are dropped). The gap to the
//!    bound says where effort pays: on 30×20 Color Walk boards most
//!    solutions are within 4 of it and the second beam runs on about a
//!    third of the boards, on the Code Golf boards (centre start, weaker
//!    bound, and where a wide beam matters most) on most of them. It runs
//!    only where it is cheap: when it is foretold (from the first beam's
//!    count) to generate at most `SECOND_BEAM_NODES` positions.
//! 4. The bound is tightest late in a game, where exact search is cheap, so
//!    the exact searches of the endgame run from the position 60% of the
//!    way through the solution, with the rest of it as their first upper
//!    bound, and replace the rest when they find shorter; while one finishes
//!    within the budget (`tail` expansions in all) the next starts 10%
//!    earlier.
//!
//! The result carries the best lower bound proven from the position
//! searched, so a caller can report the gap to it.

use super::astar::{Budget, search};
use super::beam::{beam, beam_width_within};
use super::bound::{Graph, Set, WithWidth, dispatch};
use crate::SearchCtx;
use cw_core::{Color, Game};

/// Settings of [`solve_near`]: the effort knobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearOptions {
    /// Positions the beam keeps at each step (at least 1).
    pub width: usize,
    /// Positions the second, wider beam keeps at each step (no second beam
    /// unless wider than `width`).
    pub widen: usize,
    /// The second beam runs when the first beam's solution is at least this
    /// many moves above the proven lower bound.
    pub gap: u32,
    /// Positions the exact search from the start may expand (0: none).
    pub root: u64,
    /// Positions the exact searches of the endgame may expand in all (0: none).
    pub tail: u64,
}

impl Default for NearOptions {
    fn default() -> Self {
        NearOptions {
            width: 60,
            widen: 250,
            gap: 5,
            root: 0,
            tail: 200,
        }
    }
}

/// What [`solve_near`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NearResult {
    /// Moves from the position searched that clear the board.
    pub moves: Vec<Color>,
    /// A proven lower bound on the moves needed from the position searched
    /// (at most `moves.len()`).
    pub lower_bound: u32,
}

impl NearResult {
    /// Whether the moves are proven to be a shortest solution (they meet
    /// the lower bound).
    pub fn proven(&self) -> bool {
        self.lower_bound as usize == self.moves.len()
    }
}

/// The most positions the second beam may be foretold to generate (from
/// the first beam's count, scaled by the widths): on large boards (50×50
/// and up) a second beam would take seconds for little, so it is skipped.
const SECOND_BEAM_NODES: u64 = 200_000;

/// Memory cap of each exact search (from the start, and of the endgame).
pub(crate) const TAIL_MEMORY: usize = 64 << 20;

/// A near-optimal solution from `game`'s position, with a proven lower
/// bound (see the module docs). The moves clear the board from the
/// position; a cancelled or timed-out context makes the beam finish
/// greedily and skips the exact parts.
pub fn solve_near(game: &Game<'_>, opts: &NearOptions, ctx: &mut SearchCtx) -> NearResult {
    struct Run<'a, 'b, 'g> {
        game: &'a Game<'g>,
        opts: &'a NearOptions,
        ctx: &'b mut SearchCtx,
    }
    impl WithWidth for Run<'_, '_, '_> {
        type Out = NearResult;
        fn run<const W: usize>(self, g: Graph<W>) -> NearResult {
            let (mut f, mut l) = g.position(self.game);
            let mut moves = Vec::new();
            g.close(&mut f, &mut l, |c| moves.push(Color(c)));
            let forced = moves.len() as u32;
            let (sol, lower) = near(&g, &f, &l, self.game, self.opts, self.ctx);
            moves.extend(sol);
            NearResult {
                moves,
                lower_bound: forced + lower,
            }
        }
    }
    dispatch(game.graph(), Run { game, opts, ctx })
}

/// The note for a beam kept narrower than asked by the memory budget.
fn narrowed(which: &str, width: usize, asked: usize, budget: u64) -> String {
    format!(
        "the {which} kept {width} positions a step, not the {asked} asked for, to fit the \
         game's memory budget of {} MiB",
        budget >> 20
    )
}

/// The search from a settled position: the moves and a proven lower bound.
pub(crate) fn near<const W: usize>(
    g: &Graph<W>,
    f: &Set<W>,
    l: &Set<W>,
    game: &Game<'_>,
    opts: &NearOptions,
    ctx: &mut SearchCtx,
) -> (Vec<Color>, u32) {
    let mut lower = g.refined_bound(f, l, u32::MAX);
    // The beam, then each exact search, within the game's memory budget.
    let budget = ctx.memory_cap(u64::MAX);
    let width = beam_width_within(game.graph(), opts.width.max(1), budget);
    if width < opts.width {
        ctx.note_budget(narrowed("beam", width, opts.width, budget));
    }
    let nodes_before = ctx.nodes;
    let mut sol = beam(g, f, l, width, ctx, SearchCtx::should_stop, u32::MAX)
        .expect("a beam without a limit finds a finish");
    let beam_nodes = ctx.nodes - nodes_before;
    let search_memory = budget.min(TAIL_MEMORY as u64) as usize;
    let proven = |sol: &Vec<Color>, lower: u32| sol.len() as u32 <= lower;
    if opts.root > 0 && !proven(&sol, lower) && !ctx.should_stop() {
        let budget = Budget {
            cap: search_memory,
            deadline: None,
            max_expanded: opts.root,
            threads: 1,
            widen: 0,
            widen_after: 0,
            widen_max: 0,
            report: false,
            within: None,
            merge_last_level: false,
            tails: 0,
            tails_after: 0,
        };
        let r = search(g, f, l, sol.clone(), &budget, ctx, None);
        if r.moves.len() < sol.len() {
            sol = r.moves;
        }
        lower = lower.max(r.lower_bound);
    }
    // Far from the bound: a wider beam, for a solution shorter than this one.
    let wide = beam_width_within(game.graph(), opts.widen, budget);
    // Its cost, foretold from the first beam's (it grows with the width).
    let foretold = beam_nodes.saturating_mul(wide as u64) / width as u64;
    if wide > width
        && foretold <= SECOND_BEAM_NODES
        && sol.len() as u32 >= lower + opts.gap
        && !proven(&sol, lower)
        && !ctx.should_stop()
    {
        let limit = sol.len() as u32;
        if wide < opts.widen {
            ctx.note_budget(narrowed("second beam", wide, opts.widen, budget));
        }
        if let Some(s) = beam(g, f, l, wide, ctx, SearchCtx::should_stop, limit) {
            sol = s;
        }
    }
    // Exact searches from 60%, 50%, ... of the way, while the budget lasts.
    let mut left = opts.tail;
    let mut frac = 0.6;
    while left > 0 && sol.len() >= 4 && frac > 0.05 && !proven(&sol, lower) && !ctx.should_stop() {
        let split = (sol.len() as f64 * frac) as usize;
        let (mut hf, mut hl) = (*f, *l);
        for &c in &sol[..split] {
            g.play(&mut hf, &mut hl, c.index());
        }
        let budget = Budget {
            cap: search_memory,
            deadline: None,
            max_expanded: left,
            threads: 1,
            widen: 0,
            widen_after: 0,
            widen_max: 0,
            report: false,
            within: None,
            merge_last_level: false,
            tails: 0,
            tails_after: 0,
        };
        let tail = search(g, &hf, &hl, sol[split..].to_vec(), &budget, ctx, None);
        left = left.saturating_sub(tail.nodes_expanded.max(1));
        if tail.moves.len() < sol.len() - split {
            sol.truncate(split);
            sol.extend(tail.moves);
        }
        if !tail.proven {
            break;
        }
        frac -= 0.1;
    }
    let lower = lower.min(sol.len() as u32);
    (sol, lower)
}
