//! The benchmark-set line format of the Flood-It sets in
//! `../shared/benchmarks/floodit/`: one board per line,
//! `NAME ROWSxCOLS COLORS START_ROW,START_COL OPTIMUM CELLS`, `#` comments.
//!
//! `COLORS` is the set's color count k; `CELLS` holds ROWS×COLS characters
//! `0`-`9`, `a`-`z` (colors `0..k`), row-major; the start cell is 0-based;
//! `OPTIMUM` is the proven minimum or `?`. The region starts as the start
//! cell's whole group (Flood-It). A board whose start color is the set's
//! highest and appears nowhere else is the Color Walk game and is read as
//! one; we write Color Walk boards so, the blank as color `k` of `k + 1`.
//! The 36 cell characters hold Flood-It boards of up to 36 colors and Color
//! Walk boards of up to 35; writing a larger one is an error.

use super::{BoardEntry, Format, ParseError, foreign_board, radix36_char, radix36_value, tokens};
use crate::{MAX_COLORS, MAX_SIDE, MIN_COLORS, MIN_SIDE};

/// The format's fields, for messages.
const FIELDS: &str = "NAME ROWSxCOLS COLORS START_ROW,START_COL OPTIMUM CELLS";

pub(super) fn parse(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut out = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let [name, size, colors, start, optimum, cells] = tokens::line_fields(
            raw,
            line_no,
            [
                "the board name",
                "the size ROWSxCOLS",
                "the color count",
                "the start cell START_ROW,START_COL",
                "the optimum (or ?)",
                "the cells",
            ],
            FIELDS,
        )?;
        let at =
            |tok: &tokens::Token<'_>, message: String| ParseError::new(line_no, tok.col, message);
        let (rows, cols) = size
            .text
            .split_once('x')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .filter(|&(r, c)| {
                (MIN_SIDE..=MAX_SIDE).contains(&r) && (MIN_SIDE..=MAX_SIDE).contains(&c)
            })
            .ok_or_else(|| {
                at(
                    &size,
                    format!(
                        "size '{}': expected ROWSxCOLS, each {MIN_SIDE} to {MAX_SIDE}",
                        size.text
                    ),
                )
            })?;
        let k: usize = colors
            .text
            .parse()
            .ok()
            .filter(|k| (MIN_COLORS..=MAX_COLORS + 1).contains(k))
            .ok_or_else(|| {
                at(
                    &colors,
                    format!(
                        "color count '{}': colorwalk plays boards of {MIN_COLORS} to \
                         {MAX_COLORS} colors",
                        colors.text
                    ),
                )
            })?;
        let (row, col) = start
            .text
            .split_once(',')
            .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
            .ok_or_else(|| {
                at(
                    &start,
                    format!(
                        "start cell '{}': expected START_ROW,START_COL, from 0",
                        start.text
                    ),
                )
            })?;
        if row >= rows || col >= cols {
            return Err(at(
                &start,
                format!(
                    "start cell row {row}, column {col} is outside the board of {rows} rows \
                     and {cols} columns (rows 0 to {}, columns 0 to {})",
                    rows - 1,
                    cols - 1
                ),
            ));
        }
        let optimum = match optimum.text {
            "?" => None,
            t => Some(t.parse::<u32>().ok().filter(|&o| o > 0).ok_or_else(|| {
                at(
                    &optimum,
                    format!("optimum '{t}': expected a whole number of moves, or ? if unknown"),
                )
            })?),
        };
        let mut values = Vec::with_capacity(rows * cols);
        for (i, ch) in cells.text.chars().enumerate() {
            let v = radix36_value(ch)
                .filter(|&v| usize::from(v) < k)
                .ok_or_else(|| {
                    ParseError::new(
                        line_no,
                        cells.col + i,
                        format!("unexpected {ch:?}: a cell is a color '0'-'9', 'a'-'z' below {k}"),
                    )
                })?;
            values.push(v);
        }
        if values.len() != rows * cols {
            return Err(ParseError::new(
                line_no,
                cells.col + values.len().min(rows * cols),
                format!(
                    "{} cells for a {rows}x{cols} board: expected {}",
                    values.len(),
                    rows * cols
                ),
            ));
        }
        let board = foreign_board(cols, rows, k, &values, row * cols + col)
            .map_err(|e| at(&colors, e.to_string()))?;
        // A name that is the board's own ID gives the board back its short ID.
        let (board, name) = match super::board_named_by(&board, name.text) {
            Some(generated) => (generated, None),
            None => (board, Some(name.text.to_string())),
        };
        out.push(BoardEntry {
            board,
            name,
            optimum,
        });
    }
    Ok(out)
}

/// The number of characters a cell can be, `0`-`9` and `a`-`z`: a Flood-It
/// board of 36 colors fits, a Color Walk board of 36 and its blank do not.
const CELL_SYMBOLS: usize = 36;

pub(super) fn write(entry: &BoardEntry) -> Result<String, String> {
    let b = &entry.board;
    super::check_color_room(Format::Set, "0-9, a-z", CELL_SYMBOLS, b)?;
    let name = super::line_name(entry);
    let (row, col) = b.start_row_col();
    let k = super::values_to_write(b);
    let cells: String = b
        .cells()
        .iter()
        .map(|c| radix36_char(c.map_or(b.n_colors(), |c| c.index())))
        .collect();
    let optimum = entry
        .optimum
        .filter(|&o| o > 0)
        .map_or_else(|| "?".to_string(), |o| o.to_string());
    Ok(format!(
        "{name} {}x{} {k} {row},{col} {optimum} {cells}\n",
        b.height(),
        b.width()
    ))
}
