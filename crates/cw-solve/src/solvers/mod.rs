//! The primitive solvers, one file each; `registry.rs` lists them.

pub mod bfs;
pub mod dfs;
pub mod dijkstra;
pub mod gla;
pub mod greedy;
pub mod random;
pub mod round_robin;

use cw_core::Color;

/// The board's colors in button order.
pub(crate) fn colors(n_colors: usize) -> impl Iterator<Item = Color> {
    (0..n_colors as u8).map(Color)
}
