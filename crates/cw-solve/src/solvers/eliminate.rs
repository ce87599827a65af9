//! Greedy with the elimination rule: when a move clears its color from the
//! board (every cluster of that color still colored touches the blank
//! region), play it; otherwise play the greedy move by `metric`.
//!
//! Such a move never loses optimality: some shortest solution from the
//! position starts with it (the proof is in [`bound`](crate::search::bound), which
//! the exact solver settles its positions with). When several colors can be
//! cleared, the first in button order is played; the others stay clearable
//! and follow on the next moves, so their order does not matter.
//!
//! Not from the series: it is the greedy solver plus the one rule the
//! exact search applies without searching.

use super::colors;
use crate::def::{Params, SolverDef};
use crate::{Metric, SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "eliminate",
    summary: "a move that clears its color from the board if there is one, else the greedy move by a metric",
    params: &[super::greedy::METRIC_PARAM],
    build,
    memory: None,
    carries_state: |_| false,
    draws_series_stream: |_| false,
    may_waste_moves: |_| false,
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    Ok(Box::new(Eliminate {
        metric: p.metric("metric"),
    }))
}

struct Eliminate {
    metric: Metric,
}

impl Solver for Eliminate {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let mut best: Option<(f64, Color)> = None;
        for c in colors(game.graph().n_colors()) {
            let mut after = game.clone();
            let gain = ctx.simulate(&mut after, c);
            // It removed blocks of `c`, and none of `c` is left.
            if gain.blocks > 0 && !after.colors_left().contains(c) {
                return Some(vec![c]);
            }
            let value = self.metric.value(&after, game);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, c));
            }
        }
        best.map(|(_, c)| vec![c])
    }
}
