//! `near`: a beam search on `f = g + h` with the admissible bound of
//! [`bound`](super::bound), then exact searches of the later part of its
//! solution; near-optimal and fast, with two effort knobs (`width`, `tail`).
//!
//! Each step of the beam expands every position it holds by every color
//! that absorbs something (followed by the forced moves of the elimination
//! rule), merges children that are the same position, and keeps the `width`
//! children with the smallest `f` (ties: more blocks blank), skipping a
//! child when a kept one with no more moves contains it. It stops when no
//! child could beat the best finish found.
//!
//! The bound is tightest late in a game, where exact search is cheap, so
//! the exact search ([`exact`](super::exact)) then runs from the position
//! 60% of the way through the beam's solution, with the rest of it as its
//! first upper bound, and replaces the rest when it finds shorter; while it
//! finishes within the budget (`tail` expansions in all) it starts again
//! from 10% earlier.

use super::bound::{Graph, Set, WithWidth, dispatch, is_empty, is_subset, words_for};
use super::exact::{Budget, replay_path, search};
use super::table::{Store, hash_words};
use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "near",
    summary: "beam search on moves + admissible bound, then exact search of the endgame: near-optimal and fast",
    params: &[
        ParamDef {
            name: "width",
            doc: "positions the beam keeps at each step (more: closer to the optimum, slower)",
            default: "40",
            kind: ParamKind::Int {
                min: 1,
                max: 1 << 20,
            },
            cost: ParamCost::BeamWidth { max: 4096 },
        },
        ParamDef {
            name: "tail",
            doc: "positions the exact searches of the endgame may expand in all (0: beam only)",
            default: "200",
            kind: ParamKind::Int {
                min: 0,
                max: 1 << 30,
            },
            cost: ParamCost::None,
        },
    ],
    build,
    memory: Some(memory),
    carries_state: |_| false,
    draws_series_stream: |_| false,
    may_waste_moves: |_| false,
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    Ok(Box::new(Near {
        opts: NearOptions {
            width: p.int("width") as usize,
            tail: p.int("tail") as u64,
        },
    }))
}

struct Near {
    opts: NearOptions,
}

impl Solver for Near {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let moves = solve_near(game, &self.opts, ctx);
        (!moves.is_empty()).then_some(moves)
    }
}

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
const TAIL_MEMORY: usize = 64 << 20;

/// Bytes a beam of `width` may hold on `graph`: for each child of a step
/// (`width × colors` of them) its candidate and its key in the table of
/// seen positions, each twice over while their buffers grow, a table slot
/// and a sort index; then the kept layer, and the history of kept
/// positions over as many steps as the board has clusters (at most 1000).
pub(crate) fn beam_bytes(graph: &cw_core::ClusterGraph, width: usize) -> u64 {
    let words = words_for(graph);
    let cand = (16 * words + 24) as u64;
    let children = (width * graph.n_colors()) as u64;
    let per_child = 2 * cand + 2 * 8 * words as u64 + 16 + 4;
    let steps = graph.n_clusters().min(1000) as u64;
    children * per_child + width as u64 * (cand + 8 * steps)
}

/// The widest beam, at most `width` and at least 1, that stays within
/// `bytes` on `graph`.
pub(crate) fn beam_width_within(graph: &cw_core::ClusterGraph, width: usize, bytes: u64) -> usize {
    let one = beam_bytes(graph, 1).max(1);
    width.min((bytes / one).max(1) as usize)
}

/// The beam and the endgame searches one after the other: the larger.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    let tail = if p.int("tail") > 0 {
        TAIL_MEMORY as u64
    } else {
        0
    };
    beam_bytes(graph, p.int("width") as usize).max(tail)
}

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

/// A child of the beam.
#[derive(Clone, Copy, Debug)]
struct Cand<const W: usize> {
    flooded: Set<W>,
    frontier: Set<W>,
    f: u32,
    g: u32,
    /// Blocks blank.
    blank: u32,
    parent: u32,
    color: u8,
}

/// Beam search from a settled position; returns the moves (forced ones
/// included) that clear the board. Always finds a solution: when `stop`
/// says so (checked once a step), it finishes greedily (one position, the
/// child with the most blocks blank, no bounds).
pub(crate) fn beam<const W: usize>(
    g: &Graph<W>,
    flooded: &Set<W>,
    frontier: &Set<W>,
    width: usize,
    ctx: &mut SearchCtx,
    stop: impl Fn(&SearchCtx) -> bool,
) -> Vec<Color> {
    if is_empty(frontier) {
        return Vec::new();
    }
    let w = g.w;
    // History of kept positions: (parent, chosen color).
    let mut hist: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    let mut layer: Vec<Cand<W>> = vec![Cand {
        flooded: *flooded,
        frontier: *frontier,
        f: 0,
        g: 0,
        blank: 0,
        parent: 0,
        color: 0,
    }];
    let mut layer_hist: Vec<u32> = vec![0];
    let mut seen = Store::new(w, w);
    let mut cands: Vec<Cand<W>> = Vec::new();
    let mut order: Vec<u32> = Vec::new();
    let mut best: Option<(u32, u32, u8)> = None; // (moves, history entry, color)
    let mut width = width;
    let mut greedy = false;
    while !layer.is_empty() {
        if !greedy && stop(ctx) {
            greedy = true;
            width = 1;
        }
        seen.clear();
        cands.clear();
        for (s, pos) in layer.iter().enumerate() {
            let h_idx = layer_hist[s];
            for c in 0..g.k {
                if !g.useful(&pos.frontier, c) {
                    continue;
                }
                let (mut nf, mut nl) = (pos.flooded, pos.frontier);
                g.play(&mut nf, &mut nl, c);
                if !g.grows(&nl, &pos.frontier) {
                    continue;
                }
                let gc = pos.g + 1 + g.close(&mut nf, &mut nl, |_| ());
                ctx.nodes += 1;
                // A wide beam on a large board spends seconds in one step
                // (each child costs a bound): check for a stop every 16
                // children, and finish greedily from there (no more bounds).
                if !greedy && ctx.nodes.is_multiple_of(16) && stop(ctx) {
                    greedy = true;
                    width = 1;
                }
                if is_empty(&nl) {
                    if best.is_none_or(|(b, _, _)| gc < b) {
                        best = Some((gc, h_idx, c as u8));
                    }
                    continue;
                }
                if best.is_some_and(|(b, _, _)| gc + 1 >= b) {
                    continue;
                }
                let hash = hash_words(&nf[..w]);
                if let Some(j) = seen.find(&nf[..w], hash) {
                    let cand = &mut cands[j as usize];
                    if gc < cand.g {
                        cand.f -= cand.g - gc;
                        cand.g = gc;
                        cand.parent = h_idx;
                        cand.color = c as u8;
                    }
                    continue;
                }
                let f = if greedy { gc } else { gc + g.bound(&nf, &nl) };
                if best.is_some_and(|(b, _, _)| f >= b) {
                    continue;
                }
                seen.insert(&nf[..w], &[], hash);
                let blank = pos.blank + g.blocks(&nf, &pos.flooded);
                cands.push(Cand {
                    flooded: nf,
                    frontier: nl,
                    f,
                    g: gc,
                    blank,
                    parent: h_idx,
                    color: c as u8,
                });
            }
        }
        order.clear();
        order.extend(0..cands.len() as u32);
        order.sort_unstable_by_key(|&i| {
            let c = &cands[i as usize];
            (c.f, u32::MAX - c.blank)
        });
        layer.clear();
        layer_hist.clear();
        for (kept, &i) in order.iter().enumerate() {
            if layer.len() >= width {
                break;
            }
            // Keeping is quadratic in the width (the dominance test): a
            // stop here keeps what is kept and goes greedy.
            if !greedy && kept % 64 == 63 && stop(ctx) {
                greedy = true;
                width = 1;
                break;
            }
            let c = &cands[i as usize];
            let dominated = layer
                .iter()
                .any(|k| k.g <= c.g && is_subset(&c.flooded[..w], &k.flooded[..w]));
            if dominated {
                continue;
            }
            hist.push((c.parent, c.color));
            layer_hist.push((hist.len() - 1) as u32);
            layer.push(*c);
        }
    }
    let (_, mut h_idx, c) = best.expect("the beam keeps a position until it finds a finish");
    let mut colors = vec![c];
    while hist[h_idx as usize].0 != u32::MAX {
        colors.push(hist[h_idx as usize].1);
        h_idx = hist[h_idx as usize].0;
    }
    colors.reverse();
    replay_path(g, flooded, frontier, &colors)
}
