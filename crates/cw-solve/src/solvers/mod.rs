//! The primitive solvers, one file each, and the registry's list of them.
//!
//! A solver is a file in this folder whose `pub const DEF: SolverDef` says
//! everything the rest of the workspace needs to know about it (name,
//! parameters, how to build it, what it costs, how it plays a batch). Its
//! name in the `solvers!` list below is the only other line it needs: the
//! list declares the module and registers the `DEF` in [`SOLVERS`]
//! (public as `registry::SOLVERS`), in the order of the list.

use crate::def::SolverDef;
use cw_core::Color;

/// Declares each solver's module and lists its `DEF` in [`SOLVERS`].
macro_rules! solvers {
    ($($module:ident),+ $(,)?) => {
        $(pub mod $module;)+

        /// Every primitive solver, in documentation order.
        pub const SOLVERS: &[&SolverDef] = &[$(&$module::DEF),+];
    };
}

solvers! {
    round_robin,
    random,
    greedy,
    eliminate,
    gla,
    bfs,
    dfs,
    dijkstra,
    exact,
    near,
}

/// The board's colors in button order.
pub(crate) fn colors(n_colors: usize) -> impl Iterator<Item = Color> {
    (0..n_colors as u8).map(Color)
}
