//! The beam search: a search on `f = g + h` with the admissible bound of
//! [`bound`](super::bound) that keeps the best `width` positions of each
//! step. It gives `near` its first solution and A* its first upper bound.
//!
//! Each step of the beam expands every position it holds by every color
//! that absorbs something (followed by the forced moves of the elimination
//! rule), merges children that are the same position, and keeps the `width`
//! children with the smallest `f`, skipping a child when a kept one with no
//! more moves contains it. It stops when no child could beat the best finish
//! found (or the bound it was given).
//!
//! Ties on `f` are many (the bound is a small whole number), and how they
//! are broken decides much of the beam's quality: it prefers the child
//! whose region and frontier together cover the most blocks (the reach of
//! its next move). Against "most blocks blank" this cut the excess over
//! the optimum by about a third on the Code Golf boards (centre start) at
//! the same width, and changed little on 30×20 Color Walk boards.
//!
//! Whether a kept position contains a child is asked, once a step has
//! kept [`INDEX_FROM`] positions, of a bit-sliced index of the kept regions
//! by depth (the [`Supersets`] of A*), which answers exactly what a scan of
//! the kept ones would. With the scan alone, keeping was quadratic in the
//! width: a beam 10,000 wide on `26x26c8-s2` spent three quarters of its
//! 10.0 s there, and takes 3.3 s with the index (the same moves). Below
//! some hundreds kept the scan is cheaper than building the index: on that
//! board a beam 250 wide took 4 % longer with the index from the start, one
//! 1000 wide 9 % less.

use super::bound::{Graph, Set, for_each, is_empty, is_subset, replay_path, words_for};
use super::table::{Store, Supersets, hash_words};
use crate::SearchCtx;
use cw_core::Color;

/// Positions a beam step keeps before it indexes their regions for the
/// dominance test (see the module docs).
const INDEX_FROM: usize = 512;

/// Bytes a beam of `width` may hold on `graph`: for each child of a step
/// (`width × colors` of them) its candidate and its key in the table of
/// seen positions, each twice over while their buffers grow, a table slot
/// and a sort index; then the kept layer, the index of its regions (a bit
/// a cluster and an id each, twice over for the blocks and buckets being
/// filled), and the history of kept positions over as many steps as the
/// board has clusters (at most 1000).
pub(crate) fn beam_bytes(graph: &cw_core::ClusterGraph, width: usize) -> u64 {
    beam_bytes_of(
        graph.n_clusters(),
        graph.n_colors(),
        words_for(graph),
        width,
    )
}

/// [`beam_bytes`] on a graph of `n` clusters and `k` colors whose sets
/// have `words` words.
pub(crate) fn beam_bytes_of(n: usize, k: usize, words: usize, width: usize) -> u64 {
    let cand = (16 * words + 24) as u64;
    let children = (width * k) as u64;
    let per_child = 2 * cand + 2 * 8 * words as u64 + 16 + 4;
    let steps = n.min(1000) as u64;
    let index = 2 * (n.div_ceil(8) as u64 + 4);
    children * per_child + width as u64 * (cand + index + 8 * steps)
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
    /// Blocks blank or on the frontier.
    reach: u32,
    parent: u32,
    color: u8,
}

/// The cut of a beam step: the smallest `f` such that at least `width`
/// children found so far have an `f` no larger. A later child with a
/// larger `f` sorts after `width` others and is dropped before its bound is
/// finished (`Graph::bound_below`), which saves a little time. (When
/// dominated children leave the step with fewer than `width` kept, such a
/// child might have been kept: the beam is then a little narrower.)
#[derive(Default)]
struct Cut {
    /// Children by `f`.
    hist: Vec<u32>,
    width: u32,
    /// The cut (`u32::MAX` while fewer than `width` children were found).
    cut: u32,
}

impl Cut {
    fn clear(&mut self, width: usize) {
        self.hist.clear();
        self.width = width.min(u32::MAX as usize) as u32;
        self.cut = u32::MAX;
    }

    fn add(&mut self, f: u32) {
        let i = f as usize;
        if self.hist.len() <= i {
            self.hist.resize(i + 1, 0);
        }
        self.hist[i] += 1;
        if f < self.cut {
            let mut n = 0;
            for (f, &k) in self.hist.iter().enumerate() {
                n += k;
                if n >= self.width {
                    self.cut = f as u32;
                    return;
                }
            }
        }
    }

    /// A child's `f` went down from `old` to `new` (reached in fewer moves).
    fn lower(&mut self, old: u32, new: u32) {
        self.hist[old as usize] -= 1;
        self.add(new);
    }
}

/// Beam search from a settled position; returns the moves (forced ones
/// included) that clear the board in fewer than `limit` moves (`u32::MAX`:
/// any), or `None` if it found none (never without a limit). When `stop`
/// says so (checked once a step, and every 16 children), it keeps the best
/// child made so far and finishes from it with [`finish_greedily`].
pub(crate) fn beam<const W: usize>(
    g: &Graph<W>,
    flooded: &Set<W>,
    frontier: &Set<W>,
    width: usize,
    ctx: &mut SearchCtx,
    stop: impl Fn(&SearchCtx) -> bool,
    limit: u32,
) -> Option<Vec<Color>> {
    beam_indexing_from(g, (flooded, frontier), width, INDEX_FROM, ctx, stop, limit)
}

/// [`beam`] from the position `(flooded, frontier)`, indexing a step's kept
/// regions once `index_from` are kept.
fn beam_indexing_from<const W: usize>(
    g: &Graph<W>,
    (flooded, frontier): (&Set<W>, &Set<W>),
    width: usize,
    index_from: usize,
    ctx: &mut SearchCtx,
    stop: impl Fn(&SearchCtx) -> bool,
    limit: u32,
) -> Option<Vec<Color>> {
    if is_empty(frontier) {
        return Some(Vec::new());
    }
    let w = g.w;
    // History of kept positions: (parent, chosen color).
    let mut hist: Vec<(u32, u8)> = vec![(u32::MAX, 0)];
    // A position's reach: the blocks of its region and frontier. A child's
    // covers its parent's (the region grows, and what leaves the frontier
    // joins the region), so it is the parent's plus the new clusters'.
    let covered_of = |f: &Set<W>, l: &Set<W>| {
        let mut c = *f;
        for i in 0..W {
            c[i] |= l[i];
        }
        c
    };
    let mut layer: Vec<Cand<W>> = vec![Cand {
        flooded: *flooded,
        frontier: *frontier,
        f: 0,
        g: 0,
        reach: g.blocks(&covered_of(flooded, frontier), &[0; W]),
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
    let mut cut = Cut::default();
    // The greedy finish from a kept position, once told to stop: that
    // position's history entry and the moves after it.
    let mut finish: Option<(u32, Vec<Color>)> = None;
    while !layer.is_empty() {
        if !greedy && stop(ctx) {
            greedy = true;
            width = 1;
        }
        if greedy {
            // The layer is in the order of the sort: its first position is
            // the best kept (a step cut short keeps only that one).
            let from = &layer[0];
            let moves = finish_greedily(g, &from.flooded, &from.frontier, ctx);
            if from.g as usize + moves.len() < best.map_or(limit, |b| b.0) as usize {
                finish = Some((layer_hist[0], moves));
            }
            break;
        }
        seen.clear();
        cands.clear();
        cut.clear(width);
        for (s, pos) in layer.iter().enumerate() {
            // Told to stop in this step: the children made so far (or a
            // finish) are enough to go on greedily, and on a wide beam the
            // rest of the layer would take as long again.
            if greedy && (best.is_some() || !cands.is_empty()) {
                break;
            }
            let h_idx = layer_hist[s];
            let pos_covered = covered_of(&pos.flooded, &pos.frontier);
            g.each_child(&pos.flooded, &pos.frontier, |c, mut nf, mut nl, moves| {
                g.settle_dead_ends(&mut nf, &mut nl);
                let gc = pos.g + moves;
                ctx.nodes += 1;
                // A wide beam on a large board spends seconds in one step
                // (each child costs a bound): check for a stop every 16
                // children, and finish greedily from there (no more bounds).
                if !greedy && ctx.nodes.is_multiple_of(16) && stop(ctx) {
                    greedy = true;
                    width = 1;
                }
                // Finishes must beat the best one and the limit.
                let ub = best.map_or(limit, |(b, _, _)| b);
                if is_empty(&nl) {
                    if gc < ub {
                        best = Some((gc, h_idx, c as u8));
                    }
                    return true;
                }
                if gc.saturating_add(1) >= ub {
                    return true;
                }
                let hash = hash_words(&nf[..w]);
                if let Some(j) = seen.find(&nf[..w], hash) {
                    let cand = &mut cands[j as usize];
                    if gc < cand.g {
                        if !greedy {
                            cut.lower(cand.f, cand.f - (cand.g - gc));
                        }
                        cand.f -= cand.g - gc;
                        cand.g = gc;
                        cand.parent = h_idx;
                        cand.color = c as u8;
                    }
                    return true;
                }
                // A child at or past the best finish, or past the cut, is
                // dropped, so its bound need only be known up to there.
                let past = ub.min(cut.cut.saturating_add(1));
                // Its bound is at least 1 (moves are left): a child already
                // at `past` is past it (and `past - gc` below is positive).
                if !greedy && gc >= past {
                    return true;
                }
                let f = if greedy {
                    gc
                } else {
                    gc + g.bound_below(&nf, &nl, past - gc)
                };
                if f >= past && !greedy || f >= ub {
                    return true;
                }
                if !greedy {
                    cut.add(f);
                }
                seen.insert(&nf[..w], &[], hash);
                let reach = pos.reach + g.blocks(&covered_of(&nf, &nl), &pos_covered);
                cands.push(Cand {
                    flooded: nf,
                    frontier: nl,
                    f,
                    g: gc,
                    reach,
                    parent: h_idx,
                    color: c as u8,
                });
                true
            });
        }
        order.clear();
        let key = |&i: &u32| {
            let c = &cands[i as usize];
            (c.f, u32::MAX - c.reach)
        };
        if greedy {
            // One position is kept: the first in sorted order, found
            // without sorting millions of children.
            order.extend((0..cands.len() as u32).min_by_key(key));
        } else {
            order.extend(0..cands.len() as u32);
            order.sort_unstable_by_key(key);
        }
        layer.clear();
        layer_hist.clear();
        // The kept positions' regions by depth, for the dominance test,
        // once [`INDEX_FROM`] are kept (and their smallest depth).
        let mut kept_sets: Option<Supersets> = None;
        let mut kept_g = usize::MAX;
        for (kept, &i) in order.iter().enumerate() {
            if layer.len() >= width {
                break;
            }
            // Keeping costs a dominance query a child, seconds on a wide
            // step: a stop here keeps what is kept and goes greedy.
            if !greedy && kept % 64 == 63 && stop(ctx) {
                greedy = true;
                width = 1;
                break;
            }
            let c = &cands[i as usize];
            // A kept position with no more moves whose region contains
            // this one's (none is equal: `seen` merged those).
            let dominated = match &kept_sets {
                None => layer
                    .iter()
                    .any(|k| k.g <= c.g && is_subset(&c.flooded[..w], &k.flooded[..w])),
                Some(index) => {
                    let hint = g.boundary(&c.flooded, &c.frontier);
                    (kept_g..=c.g as usize).any(|d| {
                        index
                            .find_superset(d, &c.flooded[..w], &hint[..w], u32::MAX, 0)
                            .is_some()
                    })
                }
            };
            if dominated {
                continue;
            }
            kept_g = kept_g.min(c.g as usize);
            if let Some(index) = &mut kept_sets {
                index.insert(c.g as usize, layer.len() as u32, &c.flooded[..w]);
            } else if layer.len() + 1 >= index_from {
                let mut index = Supersets::new(g.n);
                for (id, k) in layer.iter().chain([c]).enumerate() {
                    index.insert(k.g as usize, id as u32, &k.flooded[..w]);
                }
                kept_sets = Some(index);
            }
            hist.push((c.parent, c.color));
            layer_hist.push((hist.len() - 1) as u32);
            layer.push(*c);
        }
    }
    // Without a limit the beam keeps a position until it finds a finish,
    // or finishes greedily.
    let (mut h_idx, last_color, finish) = match finish {
        Some((h_idx, moves)) => (h_idx, None, moves),
        None => best.map(|(_, h_idx, c)| (h_idx, Some(c), Vec::new()))?,
    };
    let mut colors: Vec<u8> = last_color.into_iter().collect();
    while hist[h_idx as usize].0 != u32::MAX {
        colors.push(hist[h_idx as usize].1);
        h_idx = hist[h_idx as usize].0;
    }
    colors.reverse();
    let mut moves = replay_path(g, flooded, frontier, &colors);
    moves.extend(finish);
    Some(moves)
}

/// Finishes greedily from a settled position, for a beam told to stop:
/// each move plays the color that brings the most blocks newly to the
/// frontier (the first such color on a tie), then the moves the elimination
/// rule forces. Returns the moves, the forced ones included.
///
/// A move costs a walk over the frontier's clusters and their neighbors,
/// and no child is copied, settled or bounded. The beam's own steps cut to
/// one position, which finished before, did all that for every child: on
/// `100x100c36-s1` (36 colors, about 790 moves) a 1-ms `solve` took 83 ms,
/// and takes 6 ms with this finish. Its moves are about as many: stopped
/// after 0, 100 and 2,000 children on 24 boards from 14×14 to 100×100
/// (5 to 36 colors), it played fewer moves than the old finish 18 times,
/// one more 7 times, 14,246 in all against 14,360.
///
/// It ends: each move absorbs a cluster. And each brings a block to the
/// frontier while the board is not clear: a frontier color is not exposed
/// (the position is settled), so a live cluster is outside the region and
/// the frontier, and the first such cluster on a path to it from the region
/// touches a frontier cluster, whose color brings it.
fn finish_greedily<const W: usize>(
    g: &Graph<W>,
    flooded: &Set<W>,
    frontier: &Set<W>,
    ctx: &mut SearchCtx,
) -> Vec<Color> {
    let mut color_of = vec![0u8; g.n];
    for (c, mask) in g.masks.iter().enumerate() {
        for_each(mask, |id| color_of[id] = c as u8);
    }
    // The frontier's clusters by color, and for each cluster the last
    // (move, color) that counted its blocks, so that a cluster next to two
    // frontier clusters of one color counts once for it.
    let mut by_color: Vec<Vec<u32>> = vec![Vec::new(); g.k];
    let mut counted = vec![0u32; g.n];
    let mut mark = 0u32;
    let (mut f, mut l) = (*flooded, *frontier);
    let mut moves = Vec::new();
    while !is_empty(&l) {
        let mut covered = f;
        for i in 0..W {
            covered[i] |= l[i];
        }
        by_color.iter_mut().for_each(Vec::clear);
        for_each(&l, |id| by_color[color_of[id] as usize].push(id as u32));
        // (blocks brought to the frontier, color)
        let mut choice: Option<(u32, usize)> = None;
        for (c, absorbed) in by_color.iter().enumerate() {
            if absorbed.is_empty() {
                continue;
            }
            ctx.nodes += 1;
            mark += 1;
            let mut brought = 0;
            for &id in absorbed {
                g.for_each_neighbor(id as usize, |j| {
                    if covered[j / 64] >> (j % 64) & 1 == 0 && counted[j] != mark {
                        counted[j] = mark;
                        brought += g.size[j];
                    }
                });
            }
            if choice.is_none_or(|(most, _)| brought > most) {
                choice = Some((brought, c));
            }
        }
        let (_, c) = choice.expect("a color absorbs something while the frontier is not empty");
        g.play(&mut f, &mut l, c);
        moves.push(Color(c as u8));
        g.close(&mut f, &mut l, |c| moves.push(Color(c)));
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bound::{WithWidth, dispatch};
    use cw_core::{Board, ClusterGraph};

    /// A beam `width` wide from the start of `board`, told to stop when
    /// `stop` says so: its moves (the start's forced ones included), which
    /// must clear the board, and the children it made.
    fn stopped_beam(
        board: &Board,
        width: usize,
        stop: fn(&SearchCtx) -> bool,
    ) -> (Vec<Color>, u64) {
        struct Go<'a>(&'a Board, &'a ClusterGraph, usize, fn(&SearchCtx) -> bool);
        impl WithWidth for Go<'_> {
            type Out = (Vec<Color>, u64);
            fn run<const W: usize>(self, g: Graph<W>) -> Self::Out {
                let (mut f, mut l) = g.position(&self.1.start());
                let mut moves = Vec::new();
                g.close(&mut f, &mut l, |c| moves.push(Color(c)));
                let mut ctx = SearchCtx::new(self.0, &crate::Limits::default());
                let rest = beam(&g, &f, &l, self.2, &mut ctx, self.3, u32::MAX).unwrap();
                moves.extend(rest);
                (moves, ctx.nodes)
            }
        }
        let graph = ClusterGraph::new(board);
        let (moves, nodes) = dispatch(&graph, Go(board, &graph, width, stop));
        let mut game = graph.start();
        for &c in &moves {
            game.play(c);
        }
        assert!(game.is_solved(), "{}", board.id());
        (moves, nodes)
    }

    #[test]
    fn a_beam_told_to_stop_mid_step_leaves_the_rest_of_its_layer() {
        // A wide beam told to stop in the middle of a step: it goes on
        // greedily from the children made so far, so the children it makes
        // after the stop are one position's at each later step, not the
        // rest of a layer of thousands.
        let board = Board::seeded(20, 20, 6, 1).unwrap();
        let (moves, nodes) = stopped_beam(&board, 1 << 20, |ctx| ctx.nodes >= 60_000);
        // At most 16 children past the stop's check, then at most one
        // position's children (6 colors) a move.
        assert!(
            nodes <= 60_000 + 16 + 6 * moves.len() as u64,
            "{nodes} children made"
        );
    }

    #[test]
    fn a_beam_told_to_stop_at_once_finishes_from_its_start_one_color_pass_a_move() {
        // Stopped before its first step, the beam finishes greedily from
        // where it starts: the moves clear the board, and each move looked
        // at each color once at most (no child was made and bounded).
        // Narrow sets (a neighbor set a cluster) and wide ones (neighbor
        // lists), both rule sets.
        let boards = [
            Board::seeded(14, 14, 6, 1).unwrap(),
            Board::seeded_flood_it(14, 14, 6, 2, (7, 7)).unwrap(),
            Board::seeded(100, 100, 36, 1).unwrap(),
            Board::seeded_flood_it(100, 100, 8, 3, (50, 50)).unwrap(),
        ];
        for board in boards {
            let (moves, nodes) = stopped_beam(&board, 60, |_| true);
            let most = (board.n_colors() * moves.len()) as u64;
            assert!(nodes <= most, "{}: {nodes} nodes", board.id());
        }
    }

    #[test]
    fn the_index_of_kept_regions_keeps_what_the_scan_keeps() {
        // Each beam twice: dominance by scanning the kept positions, and
        // by the index from the first one kept. Both answer exactly, so
        // the steps keep the same positions (the same children follow)
        // and the moves are the same; and they clear the board.
        struct Go<'a>(&'a Board, &'a ClusterGraph);
        impl WithWidth for Go<'_> {
            type Out = [(Vec<Color>, u64); 2];
            fn run<const W: usize>(self, g: Graph<W>) -> Self::Out {
                let (f, l) = g.position(&self.1.start());
                let forced = {
                    let (mut f, mut l) = (f, l);
                    let mut moves = Vec::new();
                    g.close(&mut f, &mut l, |c| moves.push(Color(c)));
                    (f, l, moves)
                };
                [usize::MAX, 1].map(|index_from| {
                    let mut ctx = SearchCtx::new(self.0, &crate::Limits::default());
                    let never = |_: &SearchCtx| false;
                    let (f, l, mut moves) = forced.clone();
                    let rest = beam_indexing_from(
                        &g,
                        (&f, &l),
                        300,
                        index_from,
                        &mut ctx,
                        never,
                        u32::MAX,
                    )
                    .unwrap();
                    moves.extend(rest);
                    (moves, ctx.nodes)
                })
            }
        }
        // Fewer colors force more moves, so a step's children differ more
        // in depth.
        for seed in 0..16 {
            let colors = [6, 4][seed as usize % 4 / 2];
            let board = if seed % 2 == 0 {
                Board::seeded(16, 16, colors, seed).unwrap()
            } else {
                Board::seeded_flood_it(16, 16, colors, seed, (8, 8)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let [scanned, (moves, nodes)] = dispatch(&graph, Go(&board, &graph));
            assert_eq!(scanned, (moves.clone(), nodes), "seed {seed}");
            let mut game = graph.start();
            for &c in &moves {
                game.play(c);
            }
            assert!(game.is_solved(), "seed {seed}");
        }
    }
}
