//! The `exact` solver's entry: the near-optimal search first, for the first
//! upper bound, then A* ([`astar`](super::astar)) to prove it or find
//! shorter.
//!
//! The first upper bound matters more than its cost: A* stores every
//! position whose `f` is below it, so a first solution one move too long
//! stores the whole next level of `f` (on `30x30c6-s2`, 3.7M positions
//! against 0.96M). The near-optimal search ([`near`](super::near): a beam,
//! a second wider beam where the solution is still far from the bound, and
//! exact endgames) costs milliseconds on the boards A* can prove and finds
//! the optimum on most of them. It runs within the solver's own time limit
//! and memory cap (and the game's budget). A search still running after
//! [`WIDEN_AFTER`](super::astar::WIDEN_AFTER) expansions runs a beam
//! [`WIDE_BEAM`] wide, then wider ones as it goes on (up to
//! [`WIDEST_BEAM`]), which may lower the upper bound (on `26x26c8-s2` the
//! second, 10,000 wide, finds 42 where `near` found 43; on `30x30c6-f4`
//! the first once found the optimum, before `near` found it itself). On the 40 proven 26×26
//! boards with 8 colors, `near` as `exact` runs it finds the optimum on 27
//! and one move more on 13; a beam 1,000 wide (0.2 s) finds it on 8 of
//! those 13, one 10,000 wide (1.7 s) on all 13. A wider first beam
//! (`exact:beam=10000`) did not pay on `26x26c8-s17` (26.8 s against
//! 26.3 s on two threads): the beam 1,000 wide run after 200,000
//! expansions had found the optimum there.

use super::astar::{Budget, ExactOptions, ExactResult, TAILS_AFTER, WIDEN_AFTER, search};
use super::bound::{Graph, WithWidth, dispatch};
use super::near::{NearOptions, near};
use crate::SearchCtx;
use cw_core::{ClusterGraph, Color, Game};
use std::time::Instant;

/// Width of the first beam that a long A* search runs for a shorter first
/// solution (see [`WIDEN_AFTER`](super::astar::WIDEN_AFTER)).
const WIDE_BEAM: usize = 1000;

/// Width of the widest: each time a long search's expansions have grown
/// tenfold since its last beam, it runs one ten times wider, up to this
/// (1,000 wide after 200,000 expansions, 10,000 after 2M, 100,000 after
/// 20M). Each costs a few percent of the search before it: on
/// `26x26c8-s2` one 10,000 wide took 9 s and one 100,000 wide 188 s (one
/// thread, with more work than cores), while 2M and 20M expansions take
/// minutes and hours.
const WIDEST_BEAM: usize = 100_000;

/// Solves the board of `graph` from its start.
pub fn solve_exact(graph: &ClusterGraph, opts: &ExactOptions, ctx: &mut SearchCtx) -> ExactResult {
    solve_exact_from(&graph.start(), opts, ctx)
}

/// Solves from `game`'s position: the moves returned clear the board from there.
pub fn solve_exact_from(game: &Game<'_>, opts: &ExactOptions, ctx: &mut SearchCtx) -> ExactResult {
    struct Run<'a, 'b, 'g> {
        game: &'a Game<'g>,
        opts: &'a ExactOptions,
        ctx: &'b mut SearchCtx,
    }
    impl WithWidth for Run<'_, '_, '_> {
        type Out = ExactResult;
        fn run<const W: usize>(self, g: Graph<W>) -> ExactResult {
            exact(&g, self.game, self.opts, self.ctx)
        }
    }
    dispatch(game.graph(), Run { game, opts, ctx })
}

/// The first solution, then the search, with sets of `W` words.
fn exact<const W: usize>(
    g: &Graph<W>,
    game: &Game<'_>,
    opts: &ExactOptions,
    ctx: &mut SearchCtx,
) -> ExactResult {
    let (f, l) = g.position(game);
    let deadline = opts.time_limit.map(|t| Instant::now() + t);
    // The near-optimal search runs before A* (and frees its memory), within
    // the solver's time limit and the smaller of its memory cap and the
    // game's budget, as A* does.
    let (mut sf, mut sl) = (f, l);
    let mut first = Vec::new();
    g.close(&mut sf, &mut sl, |c| first.push(Color(c)));
    let near_opts = NearOptions {
        width: opts.beam_width,
        ..NearOptions::default()
    };
    let own_cap = opts.memory_mb.saturating_mul(1 << 20);
    let (rest, _) = ctx.with_deadline(deadline, |ctx| {
        ctx.with_memory_cap(own_cap, |ctx| near(g, &sf, &sl, game, &near_opts, ctx))
    });
    first.extend(rest);
    // The smaller of the solver's own cap and the game's budget.
    let cap = ctx.memory_cap(own_cap);
    let budget = Budget {
        cap: cap.min(usize::MAX as u64) as usize,
        deadline,
        max_expanded: u64::MAX,
        threads: opts.threads,
        widen: WIDE_BEAM,
        widen_after: WIDEN_AFTER,
        widen_max: WIDEST_BEAM,
        report: true,
        within: opts.within,
        merge_last_level: true,
        tails: opts.tails,
        tails_after: TAILS_AFTER,
    };
    match ctx.crews().filter(|_| opts.threads > 1) {
        // The crew's threads are handed in (cw-solve starts none); the
        // search runs on a thread the crews give it, which only waits.
        Some(crews) => {
            let mut first = Some(first);
            let mut result = None;
            crews.run(opts.threads, &mut |crew| {
                let first = first.take().unwrap_or_default();
                result = Some(search(g, &f, &l, first, &budget, ctx, crew));
            });
            result.expect("the crews ran the search")
        }
        None => search(g, &f, &l, first, &budget, ctx, None),
    }
}
