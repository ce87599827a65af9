//! Depth-first branch and bound (spec §3.9): dive through the moves, rotating
//! the first color tried with the depth, keep the shortest finish found and
//! never go as deep as it. Bounded by a node budget (the series used 60 s of
//! wall time; a budget keeps results reproducible), and by an optional time
//! limit. Gives up when it finds no finish.

use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};
use std::time::{Duration, Instant};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "dfs",
    summary: "depth-first search for the shortest finish within a node budget",
    params: &[
        ParamDef {
            name: "depth",
            doc: "only finishes shorter than this many moves (the series' starting min_moves)",
            default: "30",
            kind: ParamKind::Int { min: 1, max: 200 },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "nodes",
            doc: "node budget per search",
            default: "200000",
            kind: ParamKind::Int {
                min: 1,
                max: 1_000_000_000,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "time-ms",
            doc: "wall-time limit per search in milliseconds (0: none; results then depend on the machine)",
            default: "0",
            kind: ParamKind::Int {
                min: 0,
                max: 3_600_000,
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
    let ms = p.int("time-ms") as u64;
    Ok(Box::new(Dfs {
        depth: p.int("depth") as u32,
        nodes: p.int("nodes") as u64,
        time: (ms > 0).then(|| Duration::from_millis(ms)),
    }))
}

struct Dfs {
    depth: u32,
    nodes: u64,
    time: Option<Duration>,
}

struct Search {
    /// Finishes must be shorter than this (the best so far).
    bound: u32,
    best: Option<Vec<Color>>,
    path: Vec<Color>,
    node_limit: u64,
    deadline: Option<Instant>,
}

impl Search {
    fn out_of_budget(&self, ctx: &SearchCtx) -> bool {
        ctx.nodes >= self.node_limit
            || ctx.should_stop()
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Tries the moves at look-ahead move `k` from `pos`.
    fn next(&mut self, k: u32, prev: Color, pos: &Game<'_>, ctx: &mut SearchCtx) {
        let n = pos.graph().n_colors() as u32;
        for i in 0..n {
            if self.out_of_budget(ctx) {
                return;
            }
            let c = Color(((i + k) % n) as u8);
            if c == prev || k >= self.bound {
                continue;
            }
            let mut after = pos.clone();
            if ctx.simulate(&mut after, c).blocks == 0 {
                continue;
            }
            self.path.push(c);
            if after.is_solved() {
                self.bound = k;
                self.best = Some(self.path.clone());
            } else {
                self.next(k + 1, c, &after, ctx);
            }
            self.path.pop();
        }
    }
}

/// Bytes one level of the dive holds: a game and its stack frame.
fn level_bytes(graph: &cw_core::ClusterGraph) -> u64 {
    graph.game_bytes() as u64 + 128
}

/// The dive holds one game per level, `depth` levels at most.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    p.int("depth") as u64 * level_bytes(graph)
}

impl Solver for Dfs {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        // Within the game's memory budget: no deeper than it can hold.
        let levels = ctx.memory_cap(u64::MAX) / level_bytes(game.graph());
        let mut search = Search {
            bound: self.depth.min(levels.min(u64::from(u32::MAX)) as u32),
            best: None,
            path: Vec::new(),
            node_limit: ctx.nodes.saturating_add(self.nodes),
            deadline: self.time.map(|t| Instant::now() + t),
        };
        for c in super::colors(game.graph().n_colors()) {
            if search.out_of_budget(ctx) {
                break;
            }
            let mut after = game.clone();
            if ctx.simulate(&mut after, c).blocks == 0 {
                continue;
            }
            search.path.push(c);
            if after.is_solved() {
                // The series never recorded a one-move finish (spec §6.12).
                search.bound = 1;
                search.best = Some(search.path.clone());
            } else {
                search.next(2, c, &after, ctx);
            }
            search.path.pop();
        }
        if search.best.is_none() && !ctx.should_stop() {
            ctx.gave_up_because = Some(if ctx.nodes >= search.node_limit {
                format!("no finish found within its node limit of {}", self.nodes)
            } else if search.deadline.is_some_and(|d| Instant::now() >= d) {
                format!(
                    "no finish found within its time-ms of {}",
                    self.time.map_or(0, |t| t.as_millis())
                )
            } else {
                format!("no finish within {} moves", search.bound)
            });
        }
        search.best
    }
}
