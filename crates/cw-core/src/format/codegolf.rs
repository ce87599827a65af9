//! The Code Golf 26232 format ("Create a Flood Paint AI"): each board as
//! rows of digits `1`-`9` (colors, which we number from 0), one row per
//! line, boards separated by blank lines (`#` comment lines are skipped,
//! between a board's rows too); the start cell is the centre
//! (row `rows / 2`, column `cols / 2`: 9,9 on the question's 19×19 boards).
//!
//! The color count is the highest color in the file. A board whose centre
//! color is that highest one and appears nowhere else on it is the Color
//! Walk game and is read as one; we write Color Walk boards so.

use super::{BoardEntry, Format, ParseError, foreign_board};
use crate::{MAX_SIDE, MIN_COLORS, MIN_SIDE};

/// One board's rows as read: line and column of its first row, then colors.
struct Block {
    line: usize,
    rows: Vec<Vec<u8>>,
}

pub(super) fn parse(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut open = false;
    for (n, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        // A blank line ends a board; a `#` comment, as in the text format,
        // is skipped, between a board's rows too.
        if trimmed.starts_with('#') {
            continue;
        }
        if trimmed.is_empty() {
            open = false;
            continue;
        }
        let indent = raw.chars().count() - raw.trim_start().chars().count();
        let mut row = Vec::with_capacity(trimmed.len());
        for (i, ch) in trimmed.chars().enumerate() {
            let v = ch.to_digit(10).filter(|&d| d > 0).ok_or_else(|| {
                ParseError::new(
                    n + 1,
                    indent + i + 1,
                    format!("unexpected {ch:?}: a cell is a color '1'-'9'"),
                )
            })?;
            row.push(v as u8 - 1);
        }
        if !open {
            blocks.push(Block {
                line: n + 1,
                rows: Vec::new(),
            });
            open = true;
        }
        let block = blocks.last_mut().expect("a block was just opened");
        if let Some(first) = block.rows.first()
            && first.len() != row.len()
        {
            return Err(ParseError::new(
                n + 1,
                indent + 1 + row.len().min(first.len()),
                format!(
                    "row of {} cells, expected {} like the board's first row",
                    row.len(),
                    first.len()
                ),
            ));
        }
        block.rows.push(row);
    }
    let highest = blocks
        .iter()
        .flat_map(|b| b.rows.iter().flatten().copied())
        .max()
        .unwrap_or(0);
    let k = (usize::from(highest) + 1).max(MIN_COLORS);
    blocks
        .into_iter()
        .map(|block| {
            let (rows, cols) = (block.rows.len(), block.rows[0].len());
            if !(MIN_SIDE..=MAX_SIDE).contains(&rows) || !(MIN_SIDE..=MAX_SIDE).contains(&cols) {
                return Err(ParseError::new(
                    block.line,
                    1,
                    format!(
                        "a {rows}x{cols} board: rows and columns must be {MIN_SIDE} to {MAX_SIDE}"
                    ),
                ));
            }
            let values: Vec<u8> = block.rows.concat();
            let start = (rows / 2) * cols + cols / 2;
            let board = foreign_board(cols, rows, k, &values, start)
                .map_err(|e| ParseError::board(block.line, 1, &e))?;
            Ok(BoardEntry::new(board))
        })
        .collect()
}

/// The number of characters a cell can be, the digits `1`-`9`: Flood-It
/// boards of up to 9 colors fit, Color Walk boards (with their blank) of up
/// to 8.
const CELL_SYMBOLS: usize = 9;

pub(super) fn write(entry: &BoardEntry) -> Result<String, String> {
    let b = &entry.board;
    let centre = (b.height() / 2) * b.width() + b.width() / 2;
    if b.start() != centre {
        return Err(format!(
            "the codegolf format starts at the centre cell (row {}, column {})",
            b.height() / 2,
            b.width() / 2
        ));
    }
    super::check_color_room(Format::Codegolf, "1-9", CELL_SYMBOLS, b)?;
    let mut out = String::new();
    for row in b.cells().chunks(b.width()) {
        out.extend(
            row.iter()
                .map(|c| char::from(b'1' + c.map_or(b.n_colors(), |c| c.index()) as u8)),
        );
        out.push('\n');
    }
    Ok(out)
}
