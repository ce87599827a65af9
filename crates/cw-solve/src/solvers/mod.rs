//! The primitive solvers, one file each; `registry.rs` lists them.

pub mod bfs;
pub mod bound;
pub mod dfs;
pub mod dijkstra;
pub mod exact;
pub mod gla;
pub mod greedy;
pub mod near;
pub mod random;
pub mod round_robin;
mod table;

use cw_core::Color;

/// The board's colors in button order.
pub(crate) fn colors(n_colors: usize) -> impl Iterator<Item = Color> {
    (0..n_colors as u8).map(Color)
}
