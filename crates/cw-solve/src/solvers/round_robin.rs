//! Round robin (spec §3.1, §3.2): the next color in button order, every move;
//! with skipping, colors that would remove nothing are passed over.

use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "round-robin",
    summary: "the next color in button order each move (the series' baseline)",
    params: &[
        ParamDef {
            name: "skip",
            doc: "pass over colors that would remove nothing",
            default: "false",
            kind: ParamKind::Bool,
            cost: ParamCost::None,
        },
        ParamDef {
            name: "start",
            doc: "the color before the first move (the first move is the one after it; counted modulo the board's colors)",
            default: "0",
            kind: ParamKind::Int {
                min: 0,
                max: cw_core::MAX_COLORS as i64 - 1,
            },
            cost: ParamCost::None,
        },
        ParamDef {
            name: "carry",
            doc: "in a batch, continue the cycle from the previous board instead of `start` (as the series did)",
            default: "false",
            kind: ParamKind::Bool,
            cost: ParamCost::None,
        },
    ],
    build,
    memory: None,
    carries_state: |p| p.bool("carry"),
    draws_series_stream: |_| false,
    may_waste_moves: |p| !p.bool("skip"),
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    let start = p.int("start") as u8;
    Ok(Box::new(RoundRobin {
        start,
        index: start,
        skip: p.bool("skip"),
        carry: p.bool("carry"),
    }))
}

struct RoundRobin {
    start: u8,
    index: u8,
    skip: bool,
    carry: bool,
}

impl Solver for RoundRobin {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let n = game.graph().n_colors() as u8;
        if game.n_moves() == 0 && !self.carry {
            self.index = self.start;
        }
        for _ in 0..n {
            self.index = (self.index + 1) % n;
            let c = Color(self.index);
            if !self.skip {
                return Some(vec![c]);
            }
            ctx.nodes += 1;
            if game.gain_of(c).blocks > 0 {
                return Some(vec![c]);
            }
        }
        None
    }
}
