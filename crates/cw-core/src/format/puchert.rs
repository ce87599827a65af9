//! Puchert's format: `rows cols`, then `origin_row origin_col` (the start
//! cell, from 0), then the color tokens `0..` row-major, separated by any
//! whitespace.
//!
//! It is a Flood-It format: the region starts as the origin's whole group.
//! When the origin's color is above every other color on the board (and so
//! appears nowhere else) the board is the Color Walk game and is read as
//! one, with that many colors (the blank is `k` of colors `0..k-1`); we
//! write Color Walk boards so. A Flood-It board whose start color is
//! another one used nowhere else stays a Flood-It board, its colors
//! numbered as written (as in the set and dataset formats).

use super::tokens::{Tokens, board_with_blank_color, flood_it_board};
use super::{BoardEntry, ParseError};
use crate::{MAX_COLORS, MAX_SIDE, MIN_COLORS, MIN_SIDE};
use std::fmt::Write;

pub(super) fn parse(text: &str) -> Result<BoardEntry, ParseError> {
    let mut toks = Tokens::new(text);
    if toks.is_done() {
        return Err(ParseError::new(1, 1, "empty input: expected 'rows cols'"));
    }
    let side = MIN_SIDE as u64..=MAX_SIDE as u64;
    let (rows, ..) = toks.number("the row count", side.clone())?;
    let (cols, ..) = toks.number("the column count", side)?;
    let (origin_row, ..) = toks.number("the origin row", 0..=rows - 1)?;
    let (origin_col, ..) = toks.number("the origin column", 0..=cols - 1)?;
    let start = (origin_row * cols + origin_col) as usize;
    let n = (rows * cols) as usize;
    let mut values = Vec::with_capacity(n);
    for _ in 0..n {
        values.push(toks.number("a block color", 0..=MAX_COLORS as u64)?);
    }
    toks.finish("the last block")?;
    let (width, height) = (cols as usize, rows as usize);
    let top = values.iter().map(|v| v.0).max().unwrap_or(0);
    let blank = values[start].0;
    let others = values
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != start)
        .map(|(_, v)| v.0)
        .max()
        .unwrap_or(0);
    let board = if blank > others && blank as usize >= MIN_COLORS {
        board_with_blank_color(width, height, blank as usize, 0, &values, start)?
    } else {
        if top as usize >= MAX_COLORS {
            let &(v, line, col) = values.iter().find(|v| v.0 == top).expect("a highest value");
            return Err(ParseError::new(
                line,
                col,
                format!(
                    "color {v} is out of range: a Flood-It board has at most {MAX_COLORS} \
                     colors, 0 to {}",
                    MAX_COLORS - 1
                ),
            ));
        }
        flood_it_board(
            width,
            height,
            (top as usize + 1).max(MIN_COLORS),
            0,
            &values,
            start,
        )?
    };
    Ok(BoardEntry::new(board))
}

pub(super) fn write(entry: &BoardEntry) -> String {
    let b = &entry.board;
    let (row, col) = b.start_row_col();
    let mut out = format!("{} {}\n{row} {col}\n", b.height(), b.width());
    for row in b.cells().chunks(b.width()) {
        let line: Vec<String> = row
            .iter()
            .map(|cell| cell.map_or(b.n_colors(), |c| c.index()).to_string())
            .collect();
        writeln!(out, "{}", line.join(" ")).expect("writing to a String cannot fail");
    }
    out
}
