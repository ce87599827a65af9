//! The one-line format of the reference optimum file: `NAME WxH MIN CELLS`,
//! one board per line, `#` comments. `MIN` is the known minimum number of
//! moves (`0` if unknown). The size may carry the color count, `WxHcK`; the
//! plain `WxH` of the reference file means one more than the highest color
//! used (at least 2). We write `WxH` when that is the board's count, so such
//! boards keep the reference file's form, and `WxHcK` otherwise.
//!
//! `.` is the blank start block of a Color Walk board; a board with no `.`
//! is a Flood-It board, starting at the top-left block or at the cell that
//! `@ROW,COL` after the size gives (`14x14c6@7,7`).

use super::{BoardEntry, ParseError, cell_chars};
use crate::{Board, Color, MAX_COLORS, MAX_SIDE, MIN_COLORS, MIN_SIDE};

pub(super) fn parse(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut out = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let [name, size, min, cells] = super::tokens::line_fields(
            raw,
            line_no,
            [
                "the board name",
                "the size WIDTHxHEIGHT",
                "the minimum number of moves",
                "the cells",
            ],
            "NAME WxH MIN CELLS",
        )?;
        let bad_size = || {
            ParseError::new(
                line_no,
                size.col,
                format!(
                    "size '{}': expected WIDTHxHEIGHT, each {MIN_SIDE} to {MAX_SIDE}, \
                     optionally with the color count as WIDTHxHEIGHTcCOLORS \
                     ({MIN_COLORS} to {MAX_COLORS})",
                    size.text
                ),
            )
        };
        let (shape, start) = match size.text.split_once('@') {
            Some((shape, at)) => {
                let bad_start = || {
                    ParseError::new(
                        line_no,
                        size.col + shape.chars().count() + 1,
                        format!("start cell '@{at}': expected @ROW,COL, from 0"),
                    )
                };
                let (r, c) = at.split_once(',').ok_or_else(bad_start)?;
                let rc: (usize, usize) = (
                    r.parse().map_err(|_| bad_start())?,
                    c.parse().map_err(|_| bad_start())?,
                );
                (shape, Some(rc))
            }
            None => (size.text, None),
        };
        let (w, rest) = shape.split_once('x').ok_or_else(bad_size)?;
        let (h, declared) = match rest.split_once('c') {
            Some((h, k)) => (h, Some(k)),
            None => (rest, None),
        };
        let (w, h): (usize, usize) = (
            w.parse().map_err(|_| bad_size())?,
            h.parse().map_err(|_| bad_size())?,
        );
        if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
            return Err(bad_size());
        }
        let declared: Option<usize> = match declared {
            None => None,
            Some(k) => Some(
                k.parse()
                    .ok()
                    .filter(|k| (MIN_COLORS..=MAX_COLORS).contains(k))
                    .ok_or_else(bad_size)?,
            ),
        };
        let optimum: u32 = min.text.parse().map_err(|_| {
            ParseError::new(
                line_no,
                min.col,
                format!(
                    "minimum '{}': expected a whole number (0 if unknown)",
                    min.text
                ),
            )
        })?;
        if let Some((row, col)) = start {
            Board::check_start(w, h, row, col)
                .map_err(|e| ParseError::board(line_no, size.col, &e))?;
        }
        let mut parsed = Vec::with_capacity(w * h);
        let mut blank = None;
        for (i, ch) in cells.text.chars().enumerate() {
            let col = cells.col + i;
            let cell = match ch {
                '.' if blank.is_none() && start.is_none() => {
                    blank = Some(i);
                    None
                }
                '.' => {
                    let message = if start.is_some() {
                        "blank block '.' in a Flood-It board: a board with a start cell \
                         '@ROW,COL' has a color in every block"
                    } else {
                        "a second blank block '.': only the start block of a Color Walk \
                         board is blank"
                    };
                    return Err(ParseError::new(line_no, col, message));
                }
                _ => Some(Color::from_char(ch).ok_or_else(|| {
                    ParseError::new(
                        line_no,
                        col,
                        format!("unexpected {ch:?}: a block is '.' or a color '0'-'9', 'a'-'z'"),
                    )
                })?),
            };
            if let (Some(c), Some(k)) = (cell, declared)
                && c.index() >= k
            {
                return Err(ParseError::new(
                    line_no,
                    col,
                    format!(
                        "color {} ('{ch}') is not below the {k} colors of the size field",
                        c.0
                    ),
                ));
            }
            parsed.push(cell);
        }
        if parsed.len() != w * h {
            let col = cells.col + parsed.len().min(w * h);
            return Err(ParseError::new(
                line_no,
                col,
                format!(
                    "{} blocks for a {w}x{h} board: expected {}",
                    parsed.len(),
                    w * h
                ),
            ));
        }
        let n_colors = declared.unwrap_or_else(|| inferred_colors(&parsed));
        let start = blank.unwrap_or_else(|| start.map_or(0, |(row, col)| row * w + col));
        let board = Board::with_start(w, h, n_colors, parsed, start)
            .map_err(|e| ParseError::board(line_no, cells.col, &e))?;
        // A name that is the board's own ID gives the board back its short ID.
        let (board, name) = match super::board_named_by(&board, name.text) {
            Some(generated) => (generated, None),
            None => (board, Some(name.text.to_string())),
        };
        out.push(BoardEntry {
            board,
            name,
            optimum: (optimum > 0).then_some(optimum),
        });
    }
    Ok(out)
}

pub(super) fn write(entry: &BoardEntry) -> String {
    let b = &entry.board;
    let name = super::line_name(entry);
    let cells: String = cell_chars(b).collect();
    let colors = if b.n_colors() == inferred_colors(b.cells()) {
        String::new()
    } else {
        format!("c{}", b.n_colors())
    };
    let start = match b.start_row_col() {
        (row, col) if b.is_flood_it() && b.start() != 0 => format!("@{row},{col}"),
        _ => String::new(),
    };
    format!(
        "{name} {}x{}{colors}{start} {} {cells}\n",
        b.width(),
        b.height(),
        entry.optimum.unwrap_or(0)
    )
}

/// The color count that a plain `WxH` size means: one more than the highest
/// color used, at least 2.
fn inferred_colors(cells: &[Option<Color>]) -> usize {
    let highest = cells.iter().flatten().map(|c| c.index()).max();
    (highest.unwrap_or(0) + 1).max(MIN_COLORS)
}
