//! Greedy (spec §3.5, §3.7): the color whose move scores best by a metric;
//! ties go to the first color in button order.

use super::colors;
use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{Metric, SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "greedy",
    summary: "the move that scores best by a metric (area: most blocks removed)",
    params: &[METRIC_PARAM],
    build,
    memory: None,
    carries_state: |_| false,
    draws_series_stream: |_| false,
    may_waste_moves: |_| false,
};

/// The `metric` parameter, shared with the look-ahead solver.
pub const METRIC_PARAM: ParamDef = ParamDef {
    name: "metric",
    doc: "area, perimeter, perimeter-area (perimeter until move 20), ratio (perimeter/area), ratio-area (ratio until move 12)",
    default: "area",
    kind: ParamKind::Choice(&["area", "perimeter", "perimeter-area", "ratio", "ratio-area"]),
    cost: ParamCost::None,
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    Ok(Box::new(Greedy {
        metric: p.metric("metric"),
    }))
}

struct Greedy {
    metric: Metric,
}

impl Solver for Greedy {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        let mut best: Option<(f64, Color)> = None;
        for c in colors(game.graph().n_colors()) {
            let mut after = game.clone();
            ctx.simulate(&mut after, c);
            let value = self.metric.value(&after, game);
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, c));
            }
        }
        best.map(|(_, c)| vec![c])
    }
}
