//! Puchert's format: `rows cols`, then `origin_row origin_col`, then the
//! color tokens row-major, separated by any whitespace. For Color Walk the
//! origin is `0 0` and the blank block is one extra color used nowhere else;
//! we write colors as `0..k-1` and the blank as `k`.

use super::tokens::{Tokens, board_with_blank_color};
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
    let (origin_row, line, col) = toks.number("the origin row", 0..=rows - 1)?;
    let (origin_col, ..) = toks.number("the origin column", 0..=cols - 1)?;
    if (origin_row, origin_col) != (0, 0) {
        return Err(ParseError::new(
            line,
            col,
            format!(
                "origin {origin_row} {origin_col}: a Color Walk board starts from the \
                 top-left block, origin 0 0"
            ),
        ));
    }
    let n = (rows * cols) as usize;
    let mut values = Vec::with_capacity(n);
    for _ in 0..n {
        values.push(toks.number("a block color", 0..=MAX_COLORS as u64)?);
    }
    toks.finish("the last block")?;
    let blank = values[0].0;
    let top = values[1..].iter().map(|v| v.0).max().unwrap_or(0);
    let highest_color = if top > blank { top - 1 } else { top };
    let n_colors = (highest_color as usize + 1)
        .max(blank as usize)
        .max(MIN_COLORS);
    let board = board_with_blank_color(cols as usize, rows as usize, n_colors, 0, &values)?;
    Ok(BoardEntry::new(board))
}

pub(super) fn write(entry: &BoardEntry) -> String {
    let b = &entry.board;
    let mut out = format!("{} {}\n0 0\n", b.height(), b.width());
    for row in b.cells().chunks(b.width()) {
        let line: Vec<String> = row
            .iter()
            .map(|cell| cell.map_or(b.n_colors(), |c| c.index()).to_string())
            .collect();
        writeln!(out, "{}", line.join(" ")).expect("writing to a String cannot fail");
    }
    out
}
