//! The dataset format of ColorFill's and terminal-flood's `bNcKnM.txt`
//! files: one square board per line, N² characters `1`-`9`, `a`-`z`
//! (colors 1 to 35, which we number from 0), row-major, starting from the
//! top-left block; `#` comments and blank lines are skipped.
//!
//! The color count is the highest color in the file (its `cK`). A board
//! whose top-left color is that highest one and appears nowhere else on it
//! is the Color Walk game and is read as one; we write Color Walk boards so.
//! The 35 cell characters hold Flood-It boards of up to 35 colors and Color
//! Walk boards of up to 34; writing a larger one is an error.

use super::{BoardEntry, Format, ParseError, foreign_board, radix36_char, radix36_value};
use crate::{MAX_SIDE, MIN_COLORS, MIN_SIDE};

pub(super) fn parse(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut lines = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = raw.chars().count() - raw.trim_start().chars().count();
        let mut values = Vec::with_capacity(trimmed.len());
        for (i, ch) in trimmed.chars().enumerate() {
            let v = radix36_value(ch).filter(|&v| v > 0).ok_or_else(|| {
                ParseError::new(
                    n + 1,
                    indent + i + 1,
                    format!("unexpected {ch:?}: a cell is a color '1'-'9', 'a'-'z'"),
                )
            })?;
            values.push(v - 1);
        }
        let side = values.len().isqrt();
        if side * side != values.len() || !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(ParseError::new(
                n + 1,
                indent + 1,
                format!(
                    "{} cells: a dataset line is a square board, N×N cells with N from \
                     {MIN_SIDE} to {MAX_SIDE}",
                    values.len()
                ),
            ));
        }
        lines.push((n + 1, indent + 1, side, values));
    }
    let highest = lines
        .iter()
        .flat_map(|(.., v)| v.iter().copied())
        .max()
        .unwrap_or(0);
    let k = (usize::from(highest) + 1).max(MIN_COLORS);
    lines
        .into_iter()
        .map(|(line, col, side, values)| {
            let board = foreign_board(side, side, k, &values, 0)
                .map_err(|e| ParseError::board(line, col, &e))?;
            Ok(BoardEntry::new(board))
        })
        .collect()
}

/// The number of characters a cell can be, `1`-`9` and `a`-`z`: Flood-It
/// boards of up to 35 colors fit, Color Walk boards (with their blank) of
/// up to 34.
const CELL_SYMBOLS: usize = 35;

pub(super) fn write(entry: &BoardEntry) -> Result<String, String> {
    let b = &entry.board;
    if b.width() != b.height() || b.start() != 0 {
        // Say only what is wrong: the shape, the start, or both.
        let (row, col) = b.start_row_col();
        let (w, h) = (b.width(), b.height());
        let not = match (w != h, b.start() != 0) {
            (true, false) => format!("not a {w}x{h} board"),
            (false, true) => format!("not one starting at row {row}, column {col}"),
            _ => format!("not a {w}x{h} board starting at row {row}, column {col}"),
        };
        return Err(format!(
            "the dataset format holds square boards that start at the top-left block, {not}"
        ));
    }
    super::check_color_room(Format::Dataset, "1-9, a-z", CELL_SYMBOLS, b)?;
    let mut line: String = b
        .cells()
        .iter()
        .map(|c| radix36_char(c.map_or(b.n_colors(), |c| c.index()) + 1))
        .collect();
    line.push('\n');
    Ok(line)
}
