//! The series' "Dijkstra's algorithm" (spec §3.10): a best-first search over
//! positions with cost `scale·depth − cleared`, stopped at the first finish
//! it generates (or at `target` blocks cleared), which then plays the path.
//!
//! Details kept from the series because they decide its results:
//! - the end-game adjustment: within `near` blocks of the end, or within
//!   `late` blocks while the queue holds more than `late-queue` positions,
//!   the cost becomes `5·depth − cleared`;
//! - when the queue outgrows `cap`, the path to the position just taken is
//!   played and the search restarts from there on the next call (not from
//!   the series: so does the game's memory budget, and a deadline plays
//!   that path before the game ends out of time);
//! - the queue is the binary heap of the JavaScript library the series used
//!   (push then sift up; pop moves the last element to the root and sifts
//!   down, preferring the left child), so equal costs come out in the same
//!   order as in the series.

use super::colors;
use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "dijkstra",
    summary: "best-first search on scale*depth - cleared, stopped at the first finish",
    params: &[
        ParamDef {
            name: "scale",
            doc: "the cost of one move in blocks (the series' scale factor)",
            default: "25",
            kind: ParamKind::Int { min: 1, max: 1000 },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "target",
            doc: "stop at a position with this many blocks cleared and play its path (0: the whole board)",
            default: "0",
            kind: ParamKind::Int {
                min: 0,
                max: 10_000,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "cap",
            doc: "when the queue holds more positions than this, play the best path so far and restart",
            default: "250000",
            kind: ParamKind::Int {
                min: 1,
                max: 10_000_000,
            },
            cost: ParamCost::QueueSize { max: 2_000_000 },
        },
        ParamDef {
            name: "near",
            doc: "end-game: within this many blocks of the end, moves cost 5",
            default: "10",
            kind: ParamKind::Int {
                min: 0,
                max: 10_000,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "late",
            doc: "end-game: within this many blocks of the end and with a big queue, moves cost 5",
            default: "36",
            kind: ParamKind::Int {
                min: 0,
                max: 10_000,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "late-queue",
            doc: "the queue size that counts as big for `late`",
            default: "200000",
            kind: ParamKind::Int {
                min: 0,
                max: 10_000_000,
            },
            cost: ParamCost::QueueSize { max: 2_000_000 },
        },
    ],
    build,
    memory: Some(memory),
    carries_state: |_| false,
    draws_series_stream: |_| false,
    may_waste_moves: |_| false,
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    Ok(Box::new(Dijkstra {
        scale: p.int("scale"),
        target: p.int("target") as u32,
        cap: p.int("cap") as usize,
        near: p.int("near") as u32,
        late: p.int("late") as u32,
        late_queue: p.int("late-queue") as usize,
    }))
}

/// The solver's settings.
pub struct Dijkstra {
    scale: i64,
    target: u32,
    cap: usize,
    near: u32,
    late: u32,
    late_queue: usize,
}

/// A generated position: where its saved game is (until it is expanded),
/// the move that reached it and its parent, for the path.
struct Vertex {
    slot: u32,
    parent: u32,
    color: Color,
    depth: u32,
}

const ROOT: u32 = u32::MAX;

/// A vertex's slot once its game is expanded and let go.
const EXPANDED: u32 = u32::MAX;

/// The games waiting in the queue, saved back to back ([`Game::save`]) in
/// one buffer whose freed slots are used again. Each game as a value holds
/// two heap blocks on boards of more than 512 clusters, and freeing the
/// millions of them a big search makes took up to half a second after its
/// time ran out or it was cancelled; one buffer goes at once.
struct Waiting {
    words: Vec<u64>,
    stride: usize,
    free: Vec<u32>,
}

impl Waiting {
    fn new(graph: &cw_core::ClusterGraph) -> Waiting {
        Waiting {
            words: Vec::new(),
            stride: Game::saved_words(graph),
            free: Vec::new(),
        }
    }

    /// Keeps `game`; returns its slot.
    fn put(&mut self, game: &Game<'_>) -> u32 {
        match self.free.pop() {
            Some(slot) => {
                let at = slot as usize * self.stride;
                game.save_into(&mut self.words[at..at + self.stride]);
                slot
            }
            None => {
                game.save(&mut self.words);
                (self.words.len() / self.stride - 1) as u32
            }
        }
    }

    /// The game in `slot`, which is freed.
    fn take<'g>(&mut self, graph: &'g cw_core::ClusterGraph, slot: u32) -> Game<'g> {
        let at = slot as usize * self.stride;
        self.free.push(slot);
        Game::restore(graph, &self.words[at..at + self.stride])
    }

    /// The blocks cleared in the game in `slot`, without restoring it.
    fn n_blank(&self, slot: u32) -> u32 {
        let at = slot as usize * self.stride;
        Game::saved_n_blank(&self.words[at..at + self.stride])
    }
}

impl Dijkstra {
    /// Expands `from` (`ROOT`: the real position `game`): pushes its useful
    /// children, or returns the path if one of them clears the board.
    fn expand(
        &self,
        game: &Game<'_>,
        arena: &mut Vec<Vertex>,
        waiting: &mut Waiting,
        heap: &mut JsHeap,
        from: u32,
        ctx: &mut SearchCtx,
    ) -> Option<Vec<Color>> {
        let graph = game.graph();
        let n_blocks = graph.board().n_blocks() as u32;
        let (pos, depth, prev) = if from == ROOT {
            (game.clone(), 1, None)
        } else {
            let v = &mut arena[from as usize];
            assert_ne!(v.slot, EXPANDED, "a vertex is expanded once");
            let pos = waiting.take(graph, v.slot);
            v.slot = EXPANDED;
            (pos, v.depth + 1, Some(v.color))
        };
        for c in colors(game.graph().n_colors()) {
            if Some(c) == prev {
                continue;
            }
            let mut after = pos.clone();
            let gain = ctx.simulate(&mut after, c);
            if after.is_solved() {
                let mut path = path_to(arena, from);
                path.push(c);
                return Some(path);
            }
            if gain.blocks == 0 {
                continue;
            }
            let cleared = after.n_blank();
            let d = i64::from(depth);
            let mut cost = self.scale * d - i64::from(cleared);
            let left = n_blocks - cleared;
            if left < self.near || (left < self.late && heap.len() > self.late_queue) {
                cost -= (self.scale - 5) * d;
            }
            arena.push(Vertex {
                slot: waiting.put(&after),
                parent: from,
                color: c,
                depth,
            });
            heap.push(cost, (arena.len() - 1) as u32);
        }
        None
    }
}

/// The moves from the real position to vertex `v`.
fn path_to(arena: &[Vertex], mut v: u32) -> Vec<Color> {
    let mut path = Vec::new();
    while v != ROOT {
        path.push(arena[v as usize].color);
        v = arena[v as usize].parent;
    }
    path.reverse();
    path
}

/// Bytes the search may hold (the arena of generated positions, the heap,
/// and the saved games still waiting in the heap, an expanded vertex's slot
/// used again) while it expands one more position (`k - 1`
/// children at most, with their saved games, and the popped game's slot
/// freed): a buffer too full for them doubles, and while its contents move
/// the old and the new buffer are both held. Checked before the expansion,
/// so the budget is never passed, not even for the moment of a copy.
fn bytes_while_expanding(arena: &Vec<Vertex>, heap: &JsHeap, waiting: &Waiting, k: usize) -> u64 {
    fn growing<T>(v: &Vec<T>, add: usize) -> usize {
        let held = v.capacity() * std::mem::size_of::<T>();
        if v.len() + add <= v.capacity() {
            held
        } else {
            held + (2 * v.capacity()).max(v.len() + add) * std::mem::size_of::<T>()
        }
    }
    (growing(arena, k)
        + growing(&heap.data, k)
        + growing(&waiting.words, k * waiting.stride)
        + growing(&waiting.free, 1)) as u64
}

/// The most the queue cap lets a search hold: a queue of `cap` positions
/// with their saved games, and an arena of at most twice as many vertices
/// (each expansion queues up to `colors - 1` children for the one it pops),
/// each buffer up to twice its length while it grows.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    let cap = p.int("cap") as u64 + graph.n_colors() as u64;
    let game = 8 * Game::saved_words(graph) as u64 + 4;
    let vertex = std::mem::size_of::<Vertex>() as u64;
    let entry = std::mem::size_of::<(i64, u32)>() as u64;
    2 * cap * (game + entry) + 2 * cap * 2 * vertex
}

impl Solver for Dijkstra {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let n_blocks = game.graph().board().n_blocks() as u32;
        let target = if self.target == 0 {
            n_blocks
        } else {
            self.target
        };
        // The game's memory budget acts like the queue cap: past it, the
        // best path so far is played and the search starts afresh.
        let budget = ctx.memory_cap(u64::MAX);
        let k = game.graph().n_colors();
        let mut arena = Vec::new();
        let mut waiting = Waiting::new(game.graph());
        let mut heap = JsHeap::default();
        if let Some(path) = self.expand(game, &mut arena, &mut waiting, &mut heap, ROOT, ctx) {
            return Some(path);
        }
        while let Some(v) = heap.pop() {
            // Out of time: the path to the position just taken, as when the
            // queue outgrows its cap (the game ends after it). Cancelled:
            // `solve` plays nothing of it.
            if ctx.should_stop() {
                return Some(path_to(&arena, v));
            }
            let cleared = waiting.n_blank(arena[v as usize].slot);
            if heap.len() > self.cap || cleared >= target {
                return Some(path_to(&arena, v));
            }
            if bytes_while_expanding(&arena, &heap, &waiting, k) > budget {
                ctx.note_budget(format!(
                    "the queue reached the game's memory budget of {} MiB before its cap of \
                     {} positions, so the path to the best position so far was played and \
                     the search began again from there",
                    budget >> 20,
                    self.cap
                ));
                return Some(path_to(&arena, v));
            }
            if let Some(path) = self.expand(game, &mut arena, &mut waiting, &mut heap, v, ctx) {
                return Some(path);
            }
        }
        None
    }
}

/// A binary min-heap on cost that breaks ties exactly as the JavaScript
/// priority queue of the series (js-priority-queue's binary heap strategy).
#[derive(Default)]
struct JsHeap {
    data: Vec<(i64, u32)>,
}

impl JsHeap {
    fn len(&self) -> usize {
        self.data.len()
    }

    fn push(&mut self, cost: i64, item: u32) {
        self.data.push((cost, item));
        let mut pos = self.data.len() - 1;
        while pos > 0 {
            let parent = (pos - 1) / 2;
            if self.data[pos].0 < self.data[parent].0 {
                self.data.swap(pos, parent);
                pos = parent;
            } else {
                break;
            }
        }
    }

    fn pop(&mut self) -> Option<u32> {
        let top = *self.data.first()?;
        let last = self.data.pop().expect("the heap is not empty");
        if !self.data.is_empty() {
            self.data[0] = last;
            let mut pos = 0;
            let n = self.data.len();
            loop {
                let left = 2 * pos + 1;
                let right = left + 1;
                let mut min = pos;
                if left < n && self.data[left].0 < self.data[min].0 {
                    min = left;
                }
                if right < n && self.data[right].0 < self.data[min].0 {
                    min = right;
                }
                if min == pos {
                    break;
                }
                self.data.swap(pos, min);
                pos = min;
            }
        }
        Some(top.1)
    }
}

#[cfg(test)]
mod tests {
    use super::JsHeap;

    #[test]
    fn heap_pops_in_cost_order_with_the_libraries_tie_order() {
        let mut h = JsHeap::default();
        for (i, cost) in [5, 3, 3, 7, 3, 1, 5].into_iter().enumerate() {
            h.push(cost, i as u32);
        }
        let order: Vec<u32> = std::iter::from_fn(|| h.pop()).collect();
        // Costs ascend; among the 3s and 5s the order is the heap's, not
        // insertion order (worked by hand from the library's algorithm).
        assert_eq!(order, vec![5, 4, 2, 1, 6, 0, 3]);
    }
}
