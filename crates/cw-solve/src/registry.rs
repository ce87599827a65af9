//! The solver registry: one ordered list of every primitive solver with its
//! parameters. The list drives spec parsing, `colorwalk solvers` and the web
//! lab's forms, so documentation cannot drift from behavior.
//!
//! A new solver is one file in `solvers/` exporting a `DEF`, plus one line here.

pub use crate::def::{ParamDef, ParamKind, Params, SolverDef, UNTIL};
use crate::solvers::{bfs, dfs, dijkstra, exact, gla, greedy, near, random, round_robin};

/// Every primitive solver, in documentation order.
pub const SOLVERS: &[&SolverDef] = &[
    &round_robin::DEF,
    &random::DEF,
    &greedy::DEF,
    &gla::DEF,
    &bfs::DEF,
    &dfs::DEF,
    &dijkstra::DEF,
    &exact::DEF,
    &near::DEF,
];

/// The registered solver called `name`.
pub fn find(name: &str) -> Option<&'static SolverDef> {
    SOLVERS.iter().copied().find(|d| d.name == name)
}
