//! Turning a command-line board argument (ID, file or `-`) into boards.

use anyhow::{Context, Result, bail};
use cw_core::BoardId;
use cw_core::format::{self, BoardEntry, Format};
use std::io::Read;
use std::path::Path;

/// Reads every board named by `source`: `-` is standard input, an existing
/// path is a file, anything else must be a board ID.
pub fn load_all(source: &str, from: Option<Format>) -> Result<Vec<BoardEntry>> {
    let (text, origin) = if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .context("reading the board from standard input")?;
        (text, "standard input".to_string())
    } else if Path::new(source).is_file() {
        let text = std::fs::read_to_string(source)
            .with_context(|| format!("reading the board file {source}"))?;
        (text, source.to_string())
    } else {
        return match source.parse::<BoardId>() {
            Ok(id) => Ok(vec![BoardEntry::new(id.board()?)]),
            Err(e) if looks_like_path(source) => {
                bail!("no such file '{source}' (and it is not a board ID: {e})")
            }
            Err(e) => bail!("'{source}' is neither a board ID nor a file: {e}"),
        };
    };
    let format = from.unwrap_or_else(|| format::detect(&text));
    format::parse(&text, format).with_context(|| format!("reading {origin} as the {format} format"))
}

fn looks_like_path(s: &str) -> bool {
    s.contains(['/', '\\']) || Path::new(s).extension().is_some()
}

/// Reads the one board named by `source`, or the one `pick` chooses (a
/// number from 1 or a name) from a file with several.
pub fn load_one(source: &str, from: Option<Format>, pick: Option<&str>) -> Result<BoardEntry> {
    let mut boards = load_all(source, from)?;
    let Some(pick) = pick else {
        if boards.len() > 1 {
            bail!(
                "{source} holds {} boards: choose one with --pick NUMBER or --pick NAME",
                boards.len()
            );
        }
        return Ok(boards.remove(0));
    };
    if let Ok(n) = pick.parse::<usize>() {
        if n == 0 || n > boards.len() {
            bail!(
                "--pick {n} is out of range: {source} holds boards 1 to {}",
                boards.len()
            );
        }
        return Ok(boards.swap_remove(n - 1));
    }
    let names: Vec<String> = boards.iter().filter_map(|b| b.name.clone()).collect();
    match boards.into_iter().find(|b| b.name.as_deref() == Some(pick)) {
        Some(b) => Ok(b),
        None => {
            let hint = cw_solve::nearest(pick, names.iter().map(String::as_str))
                .map(|n| format!("; did you mean '{n}'?"))
                .unwrap_or_default();
            bail!("no board named '{pick}' in {source}{hint}")
        }
    }
}

/// The one board that a command's board arguments name.
pub fn load_board(args: &crate::cli::BoardArgs) -> Result<BoardEntry> {
    load_one(
        &args.board,
        args.from.map(Format::from),
        args.pick.as_deref(),
    )
}

/// How results name a board: its file name if it has one, else its ID
/// (literal IDs, which spell out every block, shortened to 40 characters).
pub fn label(entry: &BoardEntry) -> String {
    if let Some(name) = &entry.name {
        return name.clone();
    }
    let id = entry.board.id().to_string();
    match id.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &id[..cut]),
        None => id,
    }
}
