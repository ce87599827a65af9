//! `near`: near-optimal and fast, the registry's face of the search core's
//! beam search with exact endgames ([`crate::search`]; the search itself is
//! in `search/beam.rs`). Two effort knobs: `width` and `tail`.

pub use crate::search::{NearOptions, solve_near};

use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::search::{TAIL_MEMORY, beam_bytes};
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

/// The beam and the endgame searches one after the other: the larger.
fn memory(p: &Params, graph: &cw_core::ClusterGraph) -> u64 {
    let tail = if p.int("tail") > 0 {
        TAIL_MEMORY as u64
    } else {
        0
    };
    beam_bytes(graph, p.int("width") as usize).max(tail)
}
