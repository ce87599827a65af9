//! The beam search: a search on `f = g + h` with the admissible bound of
//! [`bound`](super::bound) that keeps the best `width` positions of each
//! step. It gives `near` its first solution and A* its first upper bound.
//!
//! Each step of the beam expands every position it holds by every color
//! that absorbs something (followed by the forced moves of the elimination
//! rule), merges children that are the same position, and keeps the `width`
//! children with the smallest `f` (ties: more blocks blank), skipping a
//! child when a kept one with no more moves contains it. It stops when no
//! child could beat the best finish found.

use super::bound::{Graph, Set, is_empty, is_subset, replay_path, words_for};
use super::table::{Store, hash_words};
use crate::SearchCtx;
use cw_core::Color;

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
