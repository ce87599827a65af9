//! The "99problems" format: `rows cols colors`, then the cells row-major as
//! `1..colors` on one line, then the known optimum (or `0`). The blank block
//! is one extra color used nowhere else.

use super::tokens::{Tokens, board_with_blank_color};
use super::{BoardEntry, ParseError};
use crate::{MAX_COLORS, MAX_SIDE, MIN_COLORS, MIN_SIDE};
use std::fmt::Write;

pub(super) fn parse(text: &str) -> Result<BoardEntry, ParseError> {
    let mut toks = Tokens::new(text);
    if toks.is_done() {
        return Err(ParseError::new(
            1,
            1,
            "empty input: expected 'rows cols colors'",
        ));
    }
    let side = MIN_SIDE as u64..=MAX_SIDE as u64;
    let (rows, ..) = toks.number("the row count", side.clone())?;
    let (cols, ..) = toks.number("the column count", side)?;
    let (colors, ..) = toks.number(
        "the color count (the blank's color included)",
        MIN_COLORS as u64 + 1..=MAX_COLORS as u64 + 1,
    )?;
    let n = (rows * cols) as usize;
    let mut values = Vec::with_capacity(n);
    for _ in 0..n {
        values.push(toks.number("a block color", 1..=colors)?);
    }
    let (optimum, ..) = toks.number("the known optimum (0 if unknown)", 0..=u64::from(u32::MAX))?;
    toks.finish("the optimum")?;
    let board = board_with_blank_color(
        cols as usize,
        rows as usize,
        colors as usize - 1,
        1,
        &values,
    )?;
    Ok(BoardEntry {
        board,
        name: None,
        optimum: (optimum > 0).then_some(optimum as u32),
    })
}

pub(super) fn write(entry: &BoardEntry) -> String {
    let b = &entry.board;
    let blank = b.n_colors() + 1;
    let mut out = format!("{} {} {}\n", b.height(), b.width(), blank);
    for (i, cell) in b.cells().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let v = cell.map_or(blank, |c| c.index() + 1);
        write!(out, "{v}").expect("writing to a String cannot fail");
    }
    writeln!(out, "\n{}", entry.optimum.unwrap_or(0)).expect("writing to a String cannot fail");
    out
}
