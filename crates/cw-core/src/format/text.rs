//! Our text format: one row per line, `.` for the blank start block of a
//! Color Walk board, `0`-`9` and `a`-`z` for colors; a board with no `.` is a
//! Flood-It board, starting from the top-left block unless a `# start:`
//! directive says otherwise. Lines starting with `#` are comments; five of
//! them are directives: `# colors: K` (the color count; otherwise one more
//! than the highest color used), `# start: ROW,COL` (a Flood-It board's start
//! cell, from 0), `# id: ID` (the board's short ID, checked against the
//! cells), `# name: NAME` and `# optimum: N`, each at most once a board.
//! Boards in one file are separated by blank lines, or follow each other
//! directly when the next one starts with a directive (as `write` puts
//! them); any other comment, also one between a board's rows, is skipped.

use super::{BoardEntry, ParseError, cell_chars};
use crate::{Board, Color, MAX_COLORS, MAX_SIDE, MIN_COLORS, MIN_SIDE};
use std::fmt::Write;

#[derive(Default)]
struct Pending {
    rows: Vec<(usize, Vec<Option<Color>>)>,
    n_colors: Option<(usize, usize)>,
    /// The blank block: its index, line and column.
    blank: Option<(usize, usize, usize)>,
    /// The `# start:` directive (row, column) and its line and column.
    start: Option<((usize, usize), usize, usize)>,
    name: Option<String>,
    optimum: Option<u32>,
    /// The `# id:` directive and its line and column.
    id: Option<(String, usize, usize)>,
    /// The directives read so far and their lines.
    seen: Vec<(&'static str, usize)>,
}

pub(super) fn parse(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut out = Vec::new();
    let mut pending = Pending::default();
    for (n, raw) in text.lines().enumerate() {
        let line_no = n + 1;
        let line = raw.trim_end();
        let indent = line.chars().count() - line.trim_start().chars().count();
        let trimmed = line.trim_start();
        if trimmed.is_empty() {
            if !pending.rows.is_empty() {
                out.push(finish(std::mem::take(&mut pending))?);
            }
            continue;
        }
        if let Some(comment) = trimmed.strip_prefix('#') {
            // A directive after rows starts the next board.
            if !pending.rows.is_empty() && directive_key(comment).is_some() {
                out.push(finish(std::mem::take(&mut pending))?);
            }
            directive(comment, line_no, indent, &mut pending)?;
            continue;
        }
        let mut row = Vec::with_capacity(trimmed.len());
        for (i, ch) in trimmed.chars().enumerate() {
            let col = indent + i + 1;
            let cell = match ch {
                '.' => None,
                _ => Some(Color::from_char(ch).ok_or_else(|| {
                    ParseError::new(
                        line_no,
                        col,
                        format!(
                            "unexpected {ch:?}: a block is '.' (blank) or a color '0'-'9', 'a'-'z'"
                        ),
                    )
                })?),
            };
            if let (Some(c), Some((k, _))) = (cell, pending.n_colors)
                && c.index() >= k
            {
                return Err(ParseError::new(
                    line_no,
                    col,
                    format!("color {} is not below the declared {k} colors", c.0),
                ));
            }
            if cell.is_none() {
                if pending.blank.is_some() {
                    return Err(ParseError::new(
                        line_no,
                        col,
                        "a second blank block '.': only the start block of a Color Walk \
                         board is blank",
                    ));
                }
                let width = pending.rows.first().map_or(0, |(_, r)| r.len());
                pending.blank = Some((pending.rows.len() * width + i, line_no, col));
            }
            row.push(cell);
        }
        if let Some((_, first)) = pending.rows.first()
            && row.len() != first.len()
        {
            let (col, what) = if row.len() < first.len() {
                (indent + row.len() + 1, "ends early")
            } else {
                (indent + first.len() + 1, "is too long")
            };
            return Err(ParseError::new(
                line_no,
                col,
                format!(
                    "row {what}: it has {} blocks, expected {} like the first row",
                    row.len(),
                    first.len()
                ),
            ));
        }
        pending.rows.push((line_no, row));
    }
    if !pending.rows.is_empty() {
        out.push(finish(pending)?);
    } else if let (Some(&(name, line)), false) = (pending.seen.first(), out.is_empty()) {
        // Directives after the last board's rows that no rows follow belong
        // to no board: most likely they were meant for the board above.
        // (With no board at all, the input is empty, as its reader says.)
        return Err(ParseError::new(
            line,
            1,
            format!(
                "'# {name}:' belongs to no board: no rows follow it after the last board's \
                 rows (a directive after rows begins the next board); put it before the rows \
                 of its board"
            ),
        ));
    }
    Ok(out)
}

/// The key of a directive, in any case (`colours` and the singulars read as
/// `colors`), or `None` for a plain comment.
fn directive_key(comment: &str) -> Option<&'static str> {
    let (key, _) = comment.split_once(':')?;
    match key.trim().to_ascii_lowercase().as_str() {
        "colors" | "colours" | "color" | "colour" => Some("colors"),
        "name" => Some("name"),
        "start" => Some("start"),
        "id" => Some("id"),
        "optimum" => Some("optimum"),
        _ => None,
    }
}

/// The directive a comment's key is a slip away from, which would otherwise
/// be read as a plain comment and silently change the board: two
/// neighbouring letters swapped (`# strat:`), or a letter dropped from one
/// of the long keys (`# colrs:`, `# optimm:`). Other near words stay
/// comments: `# game:`, `# names:` or `# stat:` are as likely notes as
/// slips.
fn directive_misspelled(comment: &str) -> Option<&'static str> {
    let (key, _) = comment.split_once(':')?;
    let key: Vec<char> = key.trim().to_ascii_lowercase().chars().collect();
    ["colors", "name", "start", "optimum"]
        .into_iter()
        .find(|d| {
            let d: Vec<char> = d.chars().collect();
            swapped_neighbours(&key, &d) || (d.len() >= 6 && one_dropped(&key, &d))
        })
}

/// Whether `a` is `b` with two neighbouring (different) letters swapped.
fn swapped_neighbours(a: &[char], b: &[char]) -> bool {
    a.len() == b.len()
        && (0..a.len().saturating_sub(1)).any(|i| {
            a[i] != a[i + 1]
                && a[i] == b[i + 1]
                && a[i + 1] == b[i]
                && a[..i] == b[..i]
                && a[i + 2..] == b[i + 2..]
        })
}

/// Whether `a` is `b` with one letter dropped.
fn one_dropped(a: &[char], b: &[char]) -> bool {
    a.len() + 1 == b.len() && (0..b.len()).any(|i| a[..i] == b[..i] && a[i..] == b[i + 1..])
}

fn directive(
    comment: &str,
    line: usize,
    indent: usize,
    pending: &mut Pending,
) -> Result<(), ParseError> {
    let Some((key, value)) = comment.split_once(':') else {
        return Ok(());
    };
    let value_start = comment.len() - value.trim_start().len();
    let value = value.trim();
    let col = indent + 1 + comment[..value_start].chars().count() + 1;
    let key_col = indent + 2 + comment.len() - comment.trim_start().len();
    let Some(name) = directive_key(comment) else {
        if let Some(meant) = directive_misspelled(comment) {
            return Err(ParseError::new(
                line,
                key_col,
                format!(
                    "'# {}:' is no directive; did you mean '# {meant}:'? (a comment that is \
                     no directive has no ':' right after its first word)",
                    key.trim()
                ),
            ));
        }
        return Ok(());
    };
    let key = key.trim();
    if let Some((_, first)) = pending.seen.iter().find(|(k, _)| *k == name) {
        return Err(ParseError::new(
            line,
            key_col,
            format!("a second '# {key}:' line for this board (the first is at line {first})"),
        ));
    }
    pending.seen.push((name, line));
    match name {
        "colors" => {
            let k: usize = value
                .parse()
                .ok()
                .filter(|k| (MIN_COLORS..=MAX_COLORS).contains(k))
                .ok_or_else(|| {
                    ParseError::new(
                        line,
                        col,
                        format!("color count '{value}': expected {MIN_COLORS} to {MAX_COLORS}"),
                    )
                })?;
            pending.n_colors = Some((k, line));
        }
        "name" => pending.name = Some(value.to_string()),
        "start" => {
            let start = value
                .split_once(',')
                .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)))
                .ok_or_else(|| {
                    ParseError::new(
                        line,
                        col,
                        format!("start '{value}': expected ROW,COL (from 0), such as 9,9"),
                    )
                })?;
            pending.start = Some((start, line, col));
        }
        "id" => pending.id = Some((value.to_string(), line, col)),
        "optimum" => {
            let v = value.parse().map_err(|_| {
                ParseError::new(
                    line,
                    col,
                    format!("optimum '{value}': expected a whole number"),
                )
            })?;
            pending.optimum = Some(v);
        }
        _ => {}
    }
    Ok(())
}

fn finish(p: Pending) -> Result<BoardEntry, ParseError> {
    let first_line = p.rows[0].0;
    let width = p.rows[0].1.len();
    let height = p.rows.len();
    if !(MIN_SIDE..=MAX_SIDE).contains(&width) {
        // A row too wide is reported at its first block past the limit
        // (rows are read from their first block).
        let col = if width > MAX_SIDE { MAX_SIDE + 1 } else { 1 };
        return Err(ParseError::new(
            first_line,
            col,
            format!(
                "the board is {width} block{} wide: width must be {MIN_SIDE} to {MAX_SIDE}",
                if width == 1 { "" } else { "s" }
            ),
        ));
    }
    if !(MIN_SIDE..=MAX_SIDE).contains(&height) {
        let line = if height < MIN_SIDE {
            first_line
        } else {
            p.rows[MAX_SIDE].0
        };
        return Err(ParseError::new(
            line,
            1,
            format!(
                "the board has {height} row{}: height must be {MIN_SIDE} to {MAX_SIDE}",
                if height == 1 { "" } else { "s" }
            ),
        ));
    }
    let highest = p
        .rows
        .iter()
        .flat_map(|(_, r)| r)
        .flatten()
        .map(|c| c.index())
        .max();
    let n_colors = match p.n_colors {
        // Colors at or above a declared count are reported as rows are read.
        Some((k, _)) => k,
        None => (highest.unwrap_or(0) + 1).max(MIN_COLORS),
    };
    let start = match (p.blank, p.start) {
        (Some((_, line, col)), Some(_)) => {
            return Err(ParseError::new(
                line,
                col,
                "a blank block '.' with a '# start:' line: a Color Walk board starts at its \
                 blank block, a Flood-It board (no '.') at its '# start:' cell",
            ));
        }
        (Some((index, ..)), None) => index,
        (None, Some(((row, col), line, dcol))) => {
            Board::check_start(width, height, row, col)
                .map_err(|e| ParseError::board(line, dcol, &e))?;
            row * width + col
        }
        (None, None) => 0,
    };
    let cells = p.rows.into_iter().flat_map(|(_, r)| r).collect();
    let board = Board::with_start(width, height, n_colors, cells, start)
        .map_err(|e| ParseError::board(first_line, 1, &e))?;
    // `# id:` gives the board back its short ID, and must name this board.
    let board = match &p.id {
        None => board,
        Some((id, line, col)) => {
            // Not an ID at all: say what is wrong with it, where.
            let named = match id.parse::<crate::BoardId>() {
                Ok(named) => named,
                Err(e) => {
                    return Err(ParseError::new(
                        *line,
                        *col + e.col - 1,
                        format!("'{id}' is not a board ID: {}", e.message),
                    ));
                }
            };
            super::board_named_by(&board, id).ok_or_else(|| {
                // The same blocks from another start: the start is what to fix.
                let message = match named.board() {
                    Ok(b) if b.cells() == board.cells() && b.width() == width => {
                        let (r, c) = b.start_row_col();
                        let (br, bc) = board.start_row_col();
                        format!(
                            "'{id}' starts at row {r}, column {c}, the board below it at row \
                             {br}, column {bc}: add '# start: {r},{c}' (or fix the ID)"
                        )
                    }
                    _ => format!(
                        "'{id}' is not the ID of the board below it (remove the line or fix it)"
                    ),
                };
                ParseError::new(*line, *col, message)
            })?
        }
    };
    Ok(BoardEntry {
        board,
        name: p.name,
        optimum: p.optimum,
    })
}

pub(super) fn write(entry: &BoardEntry) -> String {
    let b = &entry.board;
    let mut out = String::new();
    let w = |out: &mut String, s: std::fmt::Arguments<'_>| {
        out.write_fmt(s).expect("writing to a String cannot fail");
    };
    if let Some(name) = &entry.name {
        w(&mut out, format_args!("# name: {name}\n"));
    }
    if !matches!(b.id(), crate::BoardId::Literal(_)) {
        w(&mut out, format_args!("# id: {}\n", b.id()));
    }
    w(&mut out, format_args!("# colors: {}\n", b.n_colors()));
    if b.is_flood_it() && b.start() != 0 {
        let (row, col) = b.start_row_col();
        w(&mut out, format_args!("# start: {row},{col}\n"));
    }
    if let Some(opt) = entry.optimum {
        w(&mut out, format_args!("# optimum: {opt}\n"));
    }
    let chars: Vec<char> = cell_chars(b).collect();
    for row in chars.chunks(b.width()) {
        out.extend(row);
        out.push('\n');
    }
    out
}
