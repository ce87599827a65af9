//! Board file formats, read and written.
//!
//! | format | one board | colors | blank |
//! |---|---|---|---|
//! | [`Format::Text`] | one row per line | `0`-`9`, `a`-`f` | `.` |
//! | [`Format::Line`] | `NAME WxH MIN CELLS` on one line (`WxHcK` when the top colors are unused) | `0`-`9`, `a`-`f` | `.` |
//! | [`Format::NinetyNine`] | `rows cols colors` / cells / optimum | `1`..`k` | one extra color |
//! | [`Format::Puchert`] | `rows cols` / `origin_row origin_col` / cells | integers | one extra color |
//! | [`Format::Id`] | a board ID | | |
//!
//! Every parser reports the first problem with its 1-based line and column.

mod line;
mod ninety_nine;
mod puchert;
mod text;
mod tokens;

use crate::{Board, BoardError, BoardId};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A board read from a file, with what the file says about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEntry {
    /// The board.
    pub board: Board,
    /// Its name in the file, if the format has names.
    pub name: Option<String>,
    /// The known minimum number of moves, if the file gives it.
    pub optimum: Option<u32>,
}

impl BoardEntry {
    /// An entry with no name and no known optimum.
    pub fn new(board: Board) -> BoardEntry {
        BoardEntry {
            board,
            name: None,
            optimum: None,
        }
    }
}

/// A problem in a board file, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {col}: {message}")]
pub struct ParseError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub col: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(line: usize, col: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line,
            col,
            message: message.into(),
        }
    }

    pub(crate) fn board(line: usize, col: usize, err: &BoardError) -> ParseError {
        ParseError::new(line, col, err.to_string())
    }
}

/// The board formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Our text format: one row per line.
    Text,
    /// One board per line, as in the reference optimum file.
    Line,
    /// The "99problems" format of existing exact Flood-It solvers.
    NinetyNine,
    /// Puchert's format: size, origin, then the color tokens.
    Puchert,
    /// Board IDs, one per line.
    Id,
}

impl Format {
    /// Every format, in documentation order.
    pub const ALL: [Format; 5] = [
        Format::Text,
        Format::Line,
        Format::NinetyNine,
        Format::Puchert,
        Format::Id,
    ];

    /// The format's name on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Line => "line",
            Format::NinetyNine => "99",
            Format::Puchert => "puchert",
            Format::Id => "id",
        }
    }

    /// Whether a file may hold several boards in this format.
    pub fn is_multi_board(self) -> bool {
        matches!(self, Format::Text | Format::Line | Format::Id)
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Format, String> {
        match s {
            "text" | "txt" => Ok(Format::Text),
            "line" | "ref" | "reference" => Ok(Format::Line),
            "99" | "99problems" => Ok(Format::NinetyNine),
            "puchert" => Ok(Format::Puchert),
            "id" => Ok(Format::Id),
            _ => Err(format!(
                "unknown format '{s}': expected one of text, line, 99, puchert, id"
            )),
        }
    }
}

/// Guesses the format of `text` from its first line that is not blank or a
/// `#` comment: a board ID; two numbers (Puchert); three numbers (99problems);
/// `NAME WxH ...` (line); otherwise rows of cells (text).
pub fn detect(text: &str) -> Format {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return Format::Text;
    };
    let words: Vec<&str> = first.split_whitespace().collect();
    let numeric = words.iter().all(|w| w.bytes().all(|b| b.is_ascii_digit()));
    if words.len() == 1 && first.parse::<BoardId>().is_ok() {
        Format::Id
    } else if numeric && words.len() == 2 {
        Format::Puchert
    } else if numeric && words.len() == 3 {
        Format::NinetyNine
    } else if words.len() >= 2 && words[1].contains('x') {
        Format::Line
    } else {
        Format::Text
    }
}

/// Reads every board of `text` in `format`.
pub fn parse(text: &str, format: Format) -> Result<Vec<BoardEntry>, ParseError> {
    let boards = match format {
        Format::Text => text::parse(text)?,
        Format::Line => line::parse(text)?,
        Format::NinetyNine => vec![ninety_nine::parse(text)?],
        Format::Puchert => vec![puchert::parse(text)?],
        Format::Id => parse_ids(text)?,
    };
    if boards.is_empty() {
        let what = match format {
            Format::Id => "a board ID",
            _ => "a board",
        };
        return Err(ParseError::new(
            1,
            1,
            format!("empty input: expected {what}"),
        ));
    }
    Ok(boards)
}

/// Reads exactly one board.
pub fn parse_one(text: &str, format: Format) -> Result<BoardEntry, ParseError> {
    let mut boards = parse(text, format)?;
    if boards.len() > 1 {
        return Err(ParseError::new(
            1,
            1,
            format!("expected one board, found {}", boards.len()),
        ));
    }
    Ok(boards.remove(0))
}

/// Writes one board in `format`, ending with a newline.
pub fn write(entry: &BoardEntry, format: Format) -> String {
    match format {
        Format::Text => text::write(entry),
        Format::Line => line::write(entry),
        Format::NinetyNine => ninety_nine::write(entry),
        Format::Puchert => puchert::write(entry),
        Format::Id => format!("{}\n", entry.board.id()),
    }
}

fn parse_ids(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut out = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let indent = raw.chars().count() - raw.trim_start().chars().count();
        let id: BoardId = line
            .parse()
            .map_err(|e: crate::ParseIdError| ParseError::new(n + 1, indent + e.col, e.message))?;
        let board = id
            .board()
            .map_err(|e| ParseError::board(n + 1, indent + 1, &e))?;
        out.push(BoardEntry::new(board));
    }
    Ok(out)
}

/// `board` as rebuilt from `id` (so it keeps its short ID) when `id` parses
/// and names exactly this board; `None` otherwise.
pub(crate) fn board_named_by(board: &Board, id: &str) -> Option<Board> {
    let rebuilt = id.parse::<BoardId>().ok()?.board().ok()?;
    (rebuilt == *board).then_some(rebuilt)
}

/// The characters of a board's cells, row-major (`.` for the blank block).
pub(crate) fn cell_chars(board: &Board) -> impl Iterator<Item = char> + '_ {
    board
        .cells()
        .iter()
        .map(|cell| cell.map_or('.', crate::Color::to_char))
}
