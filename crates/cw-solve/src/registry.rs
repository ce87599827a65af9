//! The solver registry: one ordered list of every primitive solver with its
//! parameters. The list drives spec parsing, `colorwalk solvers` and the web
//! lab's forms and budgets, so documentation cannot drift from behavior.
//!
//! The list itself is the `solvers!` invocation in `solvers/mod.rs`, where
//! each solver's module lives: a new solver is one file in `solvers/`
//! exporting a `DEF`, plus its name there. The types of an entry are
//! defined in `def.rs`, below the solvers, and re-exported here.

pub use crate::def::{ParamCost, ParamDef, ParamKind, Params, SolverDef, UNTIL};
pub use crate::solvers::SOLVERS;

/// The registered solver called `name`.
pub fn find(name: &str) -> Option<&'static SolverDef> {
    SOLVERS.iter().copied().find(|d| d.name == name)
}
