//! Breadth-first search for a finish (spec §3.8): every sequence of moves in
//! order of length, no color twice in a row, until one clears the board or
//! the queue is full. It gives up (for a fallback to take over) when no
//! sequence within reach clears the board.
//!
//! As in the series, moves that remove nothing stay in the tree (they are
//! not pruned), so the queue cap reaches the same depth; they are dropped
//! from the path that is played.

use super::colors;
use crate::registry::{ParamDef, ParamKind, Params, SolverDef};
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
    }],
    build,
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

impl Solver for Bfs {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let n = game.graph().n_colors();
        let root = Rc::new(Node {
            game: game.clone(),
            path: Vec::new(),
        });
        let mut queue: VecDeque<(Rc<Node<'_>>, Color)> =
            colors(n).map(|c| (Rc::clone(&root), c)).collect();
        let mut still_adding = true;
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
            if still_adding {
                let node = Rc::new(Node { game: next, path });
                queue.extend(colors(n).filter(|&d| d != c).map(|d| (Rc::clone(&node), d)));
                still_adding = queue.len() < self.cap;
            }
        }
        None
    }
}
