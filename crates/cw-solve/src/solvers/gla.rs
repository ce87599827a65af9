//! Greedy look-ahead (spec §3.6): the first move whose best continuation up
//! to `depth` moves scores highest.
//!
//! Two forms, both from the series:
//! - `p7` (Part 7, the default): a continuation never repeats the previous
//!   color, and a move that leaves the metric unchanged ends the line;
//! - `p6` (Parts 5 and 6, used for the heuristic rows): every color at every
//!   level, and only a zero metric or the depth ends a line.
//!
//! For the area metric both give the same values; for the others they differ.

use super::colors;
use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef};
use crate::{Metric, SearchCtx, Solver, SpecError};
use cw_core::{Color, Game};

/// The registry entry.
pub const DEF: SolverDef = SolverDef {
    name: "gla",
    summary: "greedy look-ahead: the first move of the best line up to `depth` moves",
    params: &[
        ParamDef {
            name: "depth",
            doc: "how many moves to look ahead (the series' max moves)",
            default: "2",
            kind: ParamKind::Int { min: 2, max: 10 },
            // colors^depth positions per move, which bound the time a move
            // takes: 5 colors allow depth 10, 16 colors depth 6.
            cost: ParamCost::PositionsPerMove { max: 2.0e7 },
        },
        super::greedy::METRIC_PARAM,
        ParamDef {
            name: "form",
            doc: "p7: skip repeated colors, stop a line when the metric stops changing; p6: the earlier form",
            default: "p7",
            kind: ParamKind::Choice(&["p7", "p6"]),
            cost: ParamCost::None,
        },
    ],
    build,
    memory: None,
    carries_state: |_| false,
    draws_series_stream: |_| false,
    may_waste_moves: |_| false,
};

fn build(p: &Params) -> Result<Box<dyn Solver>, SpecError> {
    Ok(Box::new(Gla {
        depth: p.int("depth") as u32,
        metric: p.metric("metric"),
        p6: p.choice("form") == "p6",
    }))
}

/// The look-ahead solver, also used as a stage by other solvers.
pub struct Gla {
    /// Look-ahead depth.
    pub depth: u32,
    /// The metric.
    pub metric: Metric,
    /// Whether to use the Part 6 form.
    pub p6: bool,
}

impl Gla {
    /// The best first move from `real`.
    pub fn best_move(&self, real: &Game<'_>, ctx: &mut SearchCtx) -> Option<Color> {
        let mut best: Option<(f64, Color)> = None;
        for c in colors(real.graph().n_colors()) {
            let mut after = real.clone();
            ctx.simulate(&mut after, c);
            let m = self.metric.value(&after, real);
            let value = if m == 0.0 {
                0.0
            } else if self.p6 {
                self.line_p6(2, &after, real, ctx)
            } else {
                self.line_p7(2, c, m, &after, real, ctx)
            };
            if best.is_none_or(|(b, _)| value > b) {
                best = Some((value, c));
            }
        }
        best.map(|(_, c)| c)
    }

    /// The best value of the lines from `pos` at look-ahead move `k` (Part 7).
    fn line_p7(
        &self,
        k: u32,
        prev: Color,
        prev_value: f64,
        pos: &Game<'_>,
        real: &Game<'_>,
        ctx: &mut SearchCtx,
    ) -> f64 {
        let mut best = 0.0f64;
        for c in colors(real.graph().n_colors()) {
            // Cut short by a cancel or the deadline: the move is abandoned
            // (`solve` ends the game), so the value no longer matters.
            if ctx.poll_stop() {
                break;
            }
            if c == prev {
                continue;
            }
            let mut after = pos.clone();
            ctx.simulate(&mut after, c);
            let m = self.metric.value(&after, real);
            let value = if m == prev_value || k >= self.depth || after.is_solved() {
                m
            } else {
                self.line_p7(k + 1, c, m, &after, real, ctx)
            };
            best = best.max(value);
        }
        best
    }

    /// The best value of the lines from `pos` at look-ahead move `k` (Part 6).
    fn line_p6(&self, k: u32, pos: &Game<'_>, real: &Game<'_>, ctx: &mut SearchCtx) -> f64 {
        let mut best = 0.0f64;
        for c in colors(real.graph().n_colors()) {
            if ctx.poll_stop() {
                break;
            }
            let mut after = pos.clone();
            ctx.simulate(&mut after, c);
            let m = self.metric.value(&after, real);
            let value = if m == 0.0 || k >= self.depth || after.is_solved() {
                m
            } else {
                self.line_p6(k + 1, &after, real, ctx)
            };
            best = best.max(value);
        }
        best
    }
}

impl Solver for Gla {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        self.best_move(game, ctx).map(|c| vec![c])
    }
}
