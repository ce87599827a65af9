//! The "99problems" format: `rows cols colors`, then the cells row-major as
//! `1..colors` on one line, then the known optimum (or `0`). The board
//! starts from the top-left block (the "pivot").
//!
//! It is a Flood-It format: the region starts as the top-left block's whole
//! group. When the top-left color is the highest, `colors`, and appears
//! nowhere else, the board is the Color Walk game and is read as one (that
//! color is the blank); we write Color Walk boards so. A Flood-It board
//! whose start color is another one used nowhere else stays a Flood-It
//! board, its colors numbered as written (as in the set and dataset
//! formats), so move lists written for it still hold.

use super::tokens::{Tokens, board_with_blank_color, flood_it_board, start_is_unique};
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
    let (rows, header, _) = toks.number("the row count", side.clone())?;
    let (cols, _, cols_at) = toks.number("the column count", side)?;
    // The header is one line; without its color count, the first cell
    // would be read as the count and the error would be about colors.
    if toks.next_line().is_some_and(|l| l != header) {
        return Err(ParseError::new(
            header,
            cols_at + cols.to_string().len(),
            "line ends early: expected the color count (format: 'rows cols colors')",
        ));
    }
    let (colors, line, col) = toks.number(
        "the color count (a Color Walk blank's color included)",
        MIN_COLORS as u64..=MAX_COLORS as u64 + 1,
    )?;
    let n = (rows * cols) as usize;
    let mut values = Vec::with_capacity(n);
    // The cells are on one line: a token on a later one means that line ran
    // short (its next line is the optimum's, which would otherwise be read
    // as a cell).
    let ran_short = |line: usize, i: usize| {
        ParseError::new(
            line,
            1,
            format!(
                "line {line} holds {i} block colors, expected {n} ({rows} rows × {cols} columns, \
                 all on one line in this format)"
            ),
        )
    };
    for i in 0..n {
        let first = values.first().map(|&(_, line, _)| line);
        match toks.number("a block color", 1..=colors) {
            Ok((_, line, _)) if first.is_some_and(|first| line > first) => {
                return Err(ran_short(first.unwrap_or(line), i));
            }
            Ok(v) => values.push(v),
            Err(e) if first.is_some_and(|first| e.line > first) => {
                return Err(ran_short(first.unwrap_or(e.line), i));
            }
            Err(e) => return Err(e),
        }
    }
    let (optimum, ..) = toks.number("the known optimum (0 if unknown)", 0..=u64::from(u32::MAX))?;
    toks.finish("the optimum")?;
    let (width, height) = (cols as usize, rows as usize);
    let board = if values[0].0 == colors
        && start_is_unique(&values, 0)
        && colors > MIN_COLORS as u64
    {
        board_with_blank_color(width, height, colors as usize - 1, 1, &values, 0)?
    } else if colors > MAX_COLORS as u64 {
        return Err(ParseError::new(
            line,
            col,
            format!(
                "color count {colors} is out of range: a Flood-It board has {MIN_COLORS} to {MAX_COLORS} colors"
            ),
        ));
    } else {
        flood_it_board(width, height, colors as usize, 1, &values, 0)?
    };
    Ok(BoardEntry {
        board,
        name: None,
        optimum: (optimum > 0).then_some(optimum as u32),
    })
}

pub(super) fn write(entry: &BoardEntry) -> Result<String, String> {
    let b = &entry.board;
    if b.start() != 0 {
        return Err("the 99 format starts from the top-left block".to_string());
    }
    let blank = b.n_colors() + 1;
    let colors = if b.is_flood_it() { b.n_colors() } else { blank };
    let mut out = format!("{} {} {}\n", b.height(), b.width(), colors);
    for (i, cell) in b.cells().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let v = cell.map_or(blank, |c| c.index() + 1);
        write!(out, "{v}").expect("writing to a String cannot fail");
    }
    writeln!(out, "\n{}", entry.optimum.unwrap_or(0)).expect("writing to a String cannot fail");
    Ok(out)
}
