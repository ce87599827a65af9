//! The one integration-test binary of cw-core.

mod engine;
mod formats;
mod generators;
mod rules;

use cw_core::{Board, Color};

/// Builds a board from text-format cells, e.g. `".012"` for 2×2.
pub fn board(width: usize, n_colors: usize, cells: &str) -> Board {
    let cells: Vec<Option<Color>> = cells.chars().map(Color::from_char).collect();
    Board::new(width, cells.len() / width, n_colors, cells).expect("test board is valid")
}
