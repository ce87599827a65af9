//! Random choice (spec §3.3, §3.4): a uniformly random color each move; with
//! skipping, draws again while the color would remove nothing.
//!
//! By default the draws come from the series' sine stream right after the
//! board's own draws, as the series' random solvers shared the board
//! generator's stream; `rng=seeded` uses an independent SplitMix64 stream.

use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{SearchCtx, Solver, SpecError};
use cw_core::{Color, Game, SplitMix64};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "random",
    summary: "a random color each move",
    params: &[
        ParamDef {
            name: "skip",
            doc: "draw again while the color would remove nothing",
            default: "false",
            kind: ParamKind::Bool,
            cost: ParamCost::None,
        },
        ParamDef {
            name: "rng",
            doc: "series: the board generator's sine stream after the board; seeded: SplitMix64 from `seed`",
            default: "series",
            kind: ParamKind::Choice(&["series", "seeded"]),
            cost: ParamCost::None,
        },
        ParamDef {
            name: "seed",
            doc: "the seed of the seeded stream",
            default: "1",
            kind: ParamKind::Int {
                min: 0,
                max: i64::MAX,
            },
            cost: ParamCost::None,
        },
    ],
    build,
    memory: None,
    carries_state: |_| false,
    draws_series_stream: |p| p.choice("rng") == "series",
    may_waste_moves: |p| !p.bool("skip"),
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    // The series' stream has no seed: a seed set beside it would be ignored.
    if p.choice("rng") == "series" && p.int("seed") != 1 {
        return Err(SpecError::new(
            1,
            format!(
                "seed={} has no effect without rng=seeded (the series' stream has no seed)",
                p.int("seed")
            ),
        ));
    }
    let seeded = (p.choice("rng") == "seeded").then(|| SplitMix64::new(p.int("seed") as u64));
    Ok(Box::new(Random {
        skip: p.bool("skip"),
        seeded,
    }))
}

struct Random {
    skip: bool,
    seeded: Option<SplitMix64>,
}

/// Draws before a skipping random solver gives up at one position.
const MAX_DRAWS: usize = 10_000;

impl Solver for Random {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let n = game.graph().n_colors() as u32;
        for _ in 0..MAX_DRAWS {
            let c = match &mut self.seeded {
                Some(rng) => Color(rng.below(u64::from(n)) as u8),
                None => Color(ctx.series_stream.random_int(0, n - 1) as u8),
            };
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
