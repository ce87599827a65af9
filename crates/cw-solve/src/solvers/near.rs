//! `near`: near-optimal and fast, the registry's face of the search core's
//! beam search with exact endgames ([`crate::search`]; the search itself is
//! in `search/near.rs`). Effort knobs: `width`, `widen` and `gap`, `root`,
//! `tail`.

pub use crate::search::{NearOptions, NearResult, solve_near};

use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::search::{TAIL_MEMORY, beam_bytes};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "near",
    summary: "beam search on moves + admissible bound (a wider one where far from the proven lower bound), then exact search of the endgame: near-optimal and fast; reports its lower bound",
    params: &[
        ParamDef {
            name: "width",
            doc: "positions the beam keeps at each step (more: closer to the optimum, slower)",
            default: "60",
            kind: ParamKind::Int {
                min: 1,
                max: 1 << 20,
            },
            cost: ParamCost::BeamWidth { max: 4096 },
        },
        ParamDef {
            name: "widen",
            doc: "positions a second beam keeps, run when the first ends `gap` or more moves above the proven lower bound (not wider than `width`: none)",
            default: "250",
            kind: ParamKind::Int {
                min: 1,
                max: 1 << 20,
            },
            cost: ParamCost::BeamWidth { max: 4096 },
        },
        ParamDef {
            name: "gap",
            doc: "how far above the proven lower bound the first beam's solution must be for the second beam to run",
            default: "5",
            kind: ParamKind::Int {
                min: 0,
                max: 1000,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "root",
            doc: "positions the exact search from the start may expand (0: none); within it, a proven optimum",
            default: "0",
            kind: ParamKind::Int {
                min: 0,
                max: 1 << 30,
            },
            cost: ParamCost::None,
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
            widen: p.int("widen") as usize,
            gap: p.int("gap") as u32,
            root: p.int("root") as u64,
            tail: p.int("tail") as u64,
        },
    }))
}

struct Near {
    opts: NearOptions,
}

impl Solver for Near {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let r = solve_near(game, &self.opts, ctx);
        // From the start, the bound is one on the whole game.
        if game.n_moves() == 0 {
            ctx.lower_bound = Some(r.lower_bound);
            ctx.proven_optimal = r.proven();
        }
        (!r.moves.is_empty()).then_some(r.moves)
    }
}

/// The beam and the exact searches one after the other: the larger.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    let tail = if p.int("tail") > 0 || p.int("root") > 0 {
        TAIL_MEMORY as u64
    } else {
        0
    };
    let widest = p.int("width").max(p.int("widen")) as usize;
    beam_bytes(graph, widest).max(tail)
}
