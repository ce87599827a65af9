//! JSON shapes printed with `--json`. Core types stay serde-free; these are
//! the command line's own serializable counterparts.

use cw_core::Board;
use cw_core::format::BoardEntry;
use serde::Serialize;

/// A board as JSON.
#[derive(Debug, Serialize)]
pub struct BoardJson {
    /// The board ID.
    pub id: String,
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Colors.
    pub colors: usize,
    /// Rows of cells in the text format.
    pub rows: Vec<String>,
    /// A Flood-It board's start cell, `[row, column]` from 0 (none for
    /// Color Walk, whose start is the blank top-left block).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<[usize; 2]>,
    /// The name from the file, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The known optimum, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub optimum: Option<u32>,
}

impl BoardJson {
    /// The JSON form of an entry.
    pub fn new(entry: &BoardEntry) -> BoardJson {
        let b: &Board = &entry.board;
        BoardJson {
            id: b.id().to_string(),
            width: b.width(),
            height: b.height(),
            colors: b.n_colors(),
            rows: crate::render::board(b, |_| false, crate::render::Style::Plain)
                .lines()
                .map(str::to_string)
                .collect(),
            start: b.is_flood_it().then(|| {
                let (row, col) = b.start_row_col();
                [row, col]
            }),
            name: entry.name.clone(),
            optimum: entry.optimum,
        }
    }
}

/// Prints a value as one line of JSON.
pub fn print<T: Serialize>(value: &T) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    // As an I/O error, so that a closed pipe counts as done (see `main`).
    serde_json::to_writer(&mut out, value).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}
