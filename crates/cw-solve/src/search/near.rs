//! Near-optimal solutions (the `near` solver): a beam search
//! ([`beam`](super::beam)), then exact searches ([`astar`](super::astar)) of
//! the later part of its solution; two effort knobs (`width`, `tail`).
//!
//! The bound is tightest late in a game, where exact search is cheap, so
//! the exact search runs from the position 60% of the way through the
//! beam's solution, with the rest of it as its first upper bound, and
//! replaces the rest when it finds shorter; while it finishes within the
//! budget (`tail` expansions in all) it starts again from 10% earlier.

use super::astar::{Budget, search};
use super::beam::{beam, beam_width_within};
use super::bound::{Graph, WithWidth, dispatch};
use crate::SearchCtx;
use cw_core::{Color, Game};

/// Settings of [`solve_near`]: the effort knobs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NearOptions {
    /// Positions the beam keeps at each step (at least 1).
    pub width: usize,
    /// Positions the exact searches of the endgame may expand in all (0: none).
    pub tail: u64,
}

impl Default for NearOptions {
    fn default() -> Self {
        NearOptions {
            width: 40,
            tail: 200,
        }
    }
}

/// Memory cap of each exact search of the endgame.
pub(crate) const TAIL_MEMORY: usize = 64 << 20;

/// A near-optimal solution from `game`'s position: a beam search, then
/// exact searches of its later part (see the module docs). The moves clear
/// the board from the position; a cancelled or timed-out context makes the
/// beam finish greedily and skips the exact part.
pub fn solve_near(game: &Game<'_>, opts: &NearOptions, ctx: &mut SearchCtx) -> Vec<Color> {
    struct Run<'a, 'b, 'g> {
        game: &'a Game<'g>,
        opts: &'a NearOptions,
        ctx: &'b mut SearchCtx,
    }
    impl WithWidth for Run<'_, '_, '_> {
        type Out = Vec<Color>;
        fn run<const W: usize>(self, g: Graph<W>) -> Vec<Color> {
            let (mut f, mut l) = g.position(self.game);
            let mut moves = Vec::new();
            g.close(&mut f, &mut l, |c| moves.push(Color(c)));
            // The beam, then each endgame search, within the game's budget.
            let budget = self.ctx.memory_cap(u64::MAX);
            let width = beam_width_within(self.game.graph(), self.opts.width.max(1), budget);
            let mut sol = beam(&g, &f, &l, width, self.ctx, SearchCtx::should_stop);
            let tail_memory = budget.min(TAIL_MEMORY as u64) as usize;
            // Exact searches from 60%, 50%, ... of the way, while the budget lasts.
            let mut left = self.opts.tail;
            let mut frac = 0.6;
            while left > 0 && sol.len() >= 4 && frac > 0.05 && !self.ctx.should_stop() {
                let split = (sol.len() as f64 * frac) as usize;
                let (mut hf, mut hl) = (f, l);
                for &c in &sol[..split] {
                    g.play(&mut hf, &mut hl, c.index());
                }
                let budget = Budget {
                    cap: tail_memory,
                    deadline: None,
                    max_expanded: left,
                    threads: 1,
                };
                let tail = search(
                    &g,
                    &hf,
                    &hl,
                    Some(sol[split..].to_vec()),
                    1,
                    &budget,
                    self.ctx,
                );
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
            moves.extend(sol);
            moves
        }
    }
    dispatch(game.graph(), Run { game, opts, ctx })
}
