//! `exact`: a move sequence of proven minimum length, the registry's face
//! of the search core's A* ([`crate::search`]; the search, its pruning rules
//! and their arguments are in `search/astar.rs`).

pub use crate::search::{
    ExactOptions, ExactResult, StopReason, TailStats, solve_exact, solve_exact_from,
};

use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::search::beam_bytes;
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};
use std::time::Duration;

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "exact",
    summary: "A* with an admissible bound and dominance pruning: a proven shortest solution (within the budgets)",
    params: &[
        ParamDef {
            name: "memory-mb",
            doc: "memory cap of the search in MiB; when reached, the best solution found so far is played",
            default: "1024",
            kind: ParamKind::Int {
                min: 1,
                max: 1 << 20,
            },
            cost: ParamCost::MemoryCapMb,
        },
        ParamDef {
            name: "time-ms",
            doc: "time limit of the search in milliseconds (0: none); when reached, the best solution found so far is played",
            default: "0",
            kind: ParamKind::Int {
                min: 0,
                max: 1 << 40,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "threads",
            doc: "threads that expand positions side by side, when the caller gives the search threads (the same moves on every run, and alone)",
            default: "1",
            kind: ParamKind::Int { min: 1, max: 64 },
            // The web lab's search slots are one thread each.
            cost: ParamCost::Threads { max: 1 },
        },
        ParamDef {
            name: "beam",
            doc: "width of the first beam of the near-optimal search run first for an upper bound",
            default: "40",
            kind: ParamKind::Int {
                min: 1,
                max: 1 << 20,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "tails",
            doc: "the ball bound with exact tails: positions wait for a later level when small searches of tails prove it (the first tail one whose relaxed bound is at most this, then up to four more, each one layer further in, eight on the last level); larger asks longer tails; 0: off",
            default: "10",
            kind: ParamKind::Int { min: 0, max: 30 },
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
    Ok(Box::new(Exact {
        opts: ExactOptions {
            memory_mb: p.int("memory-mb") as u64,
            time_limit: (ms > 0).then(|| Duration::from_millis(ms)),
            beam_width: p.int("beam") as usize,
            threads: p.int("threads") as usize,
            within: None,
            tails: p.int("tails") as u32,
        },
    }))
}

/// The search's own cap, or its near-optimal first stage if that is larger.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    let cap = (p.int("memory-mb") as u64).saturating_mul(1 << 20);
    // The near-optimal search first: its first beam and its wider one.
    let widest = (p.int("beam") as usize).max(crate::search::NearOptions::default().widen);
    cap.max(beam_bytes(graph, widest))
}

/// The exact solver as a registry solver: the whole solution at once.
struct Exact {
    opts: ExactOptions,
}

impl Solver for Exact {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let r = solve_exact_from(game, &self.opts, ctx);
        // Proven from the start position: the whole game is a shortest one.
        if game.n_moves() == 0 {
            ctx.proven_optimal = r.proven;
            ctx.lower_bound = Some(r.lower_bound);
            ctx.unproven_because = match r.stopped.filter(|_| !r.proven) {
                Some(StopReason::Memory) => Some(format!(
                    "the memory cap of {} MiB ran out",
                    ctx.memory_cap(self.opts.memory_mb.saturating_mul(1 << 20)) >> 20
                )),
                Some(StopReason::Time) => Some("the time limit ran out".to_string()),
                Some(StopReason::Cancelled) => Some("cancelled".to_string()),
                Some(StopReason::Expansions) => Some("the expansion budget ran out".to_string()),
                Some(StopReason::Answered) | None => None,
            };
        }
        (!r.moves.is_empty()).then_some(r.moves)
    }
}

#[cfg(test)]
mod tests {
    use crate::search::{DEFAULT_TAILS, ExactOptions};

    #[test]
    fn the_specs_defaults_are_the_searchs() {
        let defaults = ExactOptions::default();
        let param = |name: &str| {
            super::DEF
                .params
                .iter()
                .find(|p| p.name == name)
                .map(|p| p.default.parse::<u64>().unwrap())
                .unwrap()
        };
        assert_eq!(param("tails"), u64::from(DEFAULT_TAILS));
        assert_eq!(param("tails"), u64::from(defaults.tails));
        assert_eq!(param("memory-mb"), defaults.memory_mb);
        assert_eq!(param("beam"), defaults.beam_width as u64);
    }
}
