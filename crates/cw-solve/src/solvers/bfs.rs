//! Breadth-first search for a finish (spec §3.8): every sequence of moves in
//! order of length, no color twice in a row, until one clears the board or
//! the queue is full. It gives up (for a fallback to take over) when no
//! sequence within reach clears the board.
//!
//! As in the series, moves that remove nothing stay in the tree (they are
//! not pruned), so the queue cap reaches the same depth; they are dropped
//! from the path that is played.

use super::colors;
use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};
use std::collections::VecDeque;
use std::rc::Rc;

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "bfs",
    summary: "breadth-first search for a finish; gives up when none is within the queue cap",
    params: &[ParamDef {
        name: "cap",
        doc: "stop adding to the queue once it holds this many positions",
        default: "16384",
        kind: ParamKind::Int {
            min: 1,
            max: 4_000_000,
        },
        cost: ParamCost::QueueSize { max: 1_000_000 },
    }],
    build,
    memory: Some(memory),
    carries_state: |_| false,
    draws_series_stream: |_| false,
    may_waste_moves: |_| false,
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    Ok(Box::new(Bfs {
        cap: p.int("cap") as usize,
    }))
}

struct Bfs {
    cap: usize,
}

/// A position reached by a sequence of useful moves (shared by siblings).
struct Node<'g> {
    game: Game<'g>,
    path: Vec<Color>,
}

/// Bytes one queued move holds: its entry, twice over while the queue's
/// buffer grows.
const ENTRY_BYTES: u64 = 2 * std::mem::size_of::<(Rc<Node<'static>>, Color)>() as u64;

/// Bytes one position holds: the shared node (with its reference counts
/// and the allocator's header), its game's sets and its path.
fn node_bytes(graph: &cw_core::ClusterGraph, depth: usize) -> u64 {
    (std::mem::size_of::<Node<'static>>()
        + 16
        + cw_core::HEAP_OVERHEAD
        + graph.game_heap_bytes()
        + depth
        + cw_core::HEAP_OVERHEAD) as u64
}

/// The most the queue cap lets a search hold: a full queue, and one
/// position for every `colors - 1` entries (each position queues that many
/// moves), plus the positions of the paths being extended.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    let cap = p.int("cap") as u64;
    let per_node = (graph.n_colors() as u64).saturating_sub(1).max(1);
    let nodes = cap / per_node + graph.n_colors() as u64 + 64;
    cap * ENTRY_BYTES + nodes * node_bytes(graph, 64)
}

impl Solver for Bfs {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let n = game.graph().n_colors();
        // What the search holds, counted as it goes: it stops adding to the
        // queue (as at the cap) before passing the game's memory budget.
        let budget = ctx.memory_cap(u64::MAX);
        let root = Rc::new(Node {
            game: game.clone(),
            path: Vec::new(),
        });
        let mut queue: VecDeque<(Rc<Node<'_>>, Color)> =
            colors(n).map(|c| (Rc::clone(&root), c)).collect();
        let mut held = node_bytes(game.graph(), 0) + queue.len() as u64 * ENTRY_BYTES;
        let mut still_adding = true;
        // Why the queue stopped growing, if it did.
        let mut full = None;
        while let Some((parent, c)) = queue.pop_front() {
            if ctx.should_stop() {
                return None;
            }
            let mut next = parent.game.clone();
            let gain = ctx.simulate(&mut next, c);
            let mut path = parent.path.clone();
            if gain.blocks > 0 {
                path.push(c);
            }
            if next.is_solved() {
                return Some(path);
            }
            held = held.saturating_sub(ENTRY_BYTES);
            if Rc::strong_count(&parent) == 1 {
                held = held.saturating_sub(node_bytes(game.graph(), parent.path.len()));
            }
            if still_adding {
                let add = node_bytes(game.graph(), path.len()) + (n as u64 - 1) * ENTRY_BYTES;
                if held + add > budget {
                    still_adding = false;
                    full = Some(format!(
                        "no finish within the game's memory share of {} MiB",
                        budget >> 20
                    ));
                    continue;
                }
                held += add;
                let node = Rc::new(Node { game: next, path });
                queue.extend(colors(n).filter(|&d| d != c).map(|d| (Rc::clone(&node), d)));
                still_adding = queue.len() < self.cap;
                if !still_adding {
                    full = Some(format!(
                        "no finish within its queue cap of {} positions",
                        self.cap
                    ));
                }
            }
        }
        ctx.gave_up_because = full;
        None
    }
}
