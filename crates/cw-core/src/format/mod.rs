//! Board file formats, read and written.
//!
//! | format | one board | colors | Color Walk blank | Flood-It start |
//! |---|---|---|---|---|
//! | [`Format::Text`] | one row per line | `0`-`9`, `a`-`z` | `.` | top-left, or `# start: R,C` |
//! | [`Format::Line`] | `NAME WxH MIN CELLS` on one line (`WxHcK` when the top colors are unused) | `0`-`9`, `a`-`z` | `.` | top-left, or `WxH@R,C` |
//! | [`Format::Set`] | `NAME ROWSxCOLS COLORS R,C OPTIMUM CELLS` on one line (the Flood-It benchmark sets) | `0`-`9`, `a`-`z` (Color Walk: at most 35 colors) | the highest color, used once | `R,C` |
//! | [`Format::Dataset`] | N² cells on one line (ColorFill's and terminal-flood's datasets) | `1`-`9`, `a`-`z` (at most 35 colors; Color Walk 34) | the highest color, used once | top-left |
//! | [`Format::Codegolf`] | rows of digits, boards apart by blank lines (Code Golf 26232) | `1`-`9` (at most 9 colors; Color Walk 8) | the highest color, used once | the centre |
//! | [`Format::NinetyNine`] | `rows cols colors` / cells / optimum | `1`..`k` | a color used once | top-left |
//! | [`Format::Puchert`] | `rows cols` / `origin_row origin_col` / cells | integers | a color used once | the origin |
//! | [`Format::Id`] | a board ID | | | |
//!
//! Every parser reports the first problem with its 1-based line and column.
//! The field's formats (set, dataset, codegolf, 99, Puchert) are Flood-It
//! formats; a board in them whose start color is the highest and appears
//! nowhere else is the Color Walk game, and is read as a Color Walk board
//! (see each module). The other colors keep their numbers, so a move list
//! means the same on the board as read and as written.

mod codegolf;
mod dataset;
mod line;
mod ninety_nine;
mod puchert;
mod set;
mod text;
mod tokens;

use crate::{Board, BoardError, BoardId, Color, MIN_COLORS};
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

/// Why a board cannot be written in a format.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("cannot write this board in the {format} format: {reason}")]
pub struct WriteError {
    /// The format asked for.
    pub format: Format,
    /// What the format cannot hold.
    pub reason: String,
}

/// The board formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Our text format: one row per line.
    Text,
    /// One board per line, as in the reference optimum file.
    Line,
    /// One board per line with size, colors, start and optimum: the Flood-It
    /// benchmark sets' format.
    Set,
    /// One square board per line, ColorFill's and terminal-flood's datasets.
    Dataset,
    /// The Code Golf 26232 boards: rows of digits, starting at the centre.
    Codegolf,
    /// The "99problems" format of existing exact Flood-It solvers.
    NinetyNine,
    /// Puchert's format: size, origin, then the color tokens.
    Puchert,
    /// Board IDs, one per line.
    Id,
}

impl Format {
    /// Every format, in documentation order.
    pub const ALL: [Format; 8] = [
        Format::Text,
        Format::Line,
        Format::Set,
        Format::Dataset,
        Format::Codegolf,
        Format::NinetyNine,
        Format::Puchert,
        Format::Id,
    ];

    /// The format's name on the command line.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Line => "line",
            Format::Set => "set",
            Format::Dataset => "dataset",
            Format::Codegolf => "codegolf",
            Format::NinetyNine => "99",
            Format::Puchert => "puchert",
            Format::Id => "id",
        }
    }

    /// Whether the boards of a file of this format are separated by a
    /// blank line (text and Code Golf boards are several lines each).
    pub fn separates_boards_by_blank_lines(self) -> bool {
        matches!(self, Format::Text | Format::Codegolf)
    }

    /// Whether a file may hold several boards in this format.
    pub fn is_multi_board(self) -> bool {
        matches!(
            self,
            Format::Text
                | Format::Line
                | Format::Set
                | Format::Dataset
                | Format::Codegolf
                | Format::Id
        )
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
            "set" | "floodit" => Ok(Format::Set),
            "dataset" | "colorfill" => Ok(Format::Dataset),
            "codegolf" | "floodtest" => Ok(Format::Codegolf),
            "99" | "99problems" => Ok(Format::NinetyNine),
            "puchert" => Ok(Format::Puchert),
            "id" => Ok(Format::Id),
            _ => Err(format!(
                "unknown format '{s}': expected one of text, line, set, dataset, codegolf, 99, \
                 puchert, id"
            )),
        }
    }
}

/// Guesses the format of `text` from its first line that is not blank or a
/// `#` comment: a board ID; two numbers (Puchert); three numbers
/// (99problems); `NAME ROWSxCOLS COLORS R,C ...` (set); `NAME WxH ...`
/// (line); 19 rows of 19 digits `1`-`6` (Code Golf); lines of N² cells
/// `1`-`9`, `a`-`z` (dataset); otherwise rows of cells (text). A
/// `# colors:` or `# start:` directive before it means text whatever that
/// line looks like; `# name:`, `# id:` or `# optimum:` means text unless the
/// line reads as an ID, Puchert, 99, set or line board (such a comment may
/// head those files; the field's Code Golf and dataset files have none).
pub fn detect(text: &str) -> Format {
    let text = without_bom(text);
    let meaningful = || {
        text.lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
    };
    let Some(first) = meaningful().next() else {
        return Format::Text;
    };
    let words: Vec<&str> = first.split_whitespace().collect();
    let numeric = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
    let pair = |w: &str, sep: char| {
        w.split_once(sep)
            .is_some_and(|(a, b)| numeric(a) && numeric(b))
    };
    // An ID, or what can only be one (a size, then '-' or ':', which no
    // row of cells holds), so that a bad one gets the ID's own error.
    let id_like = |w: &str| {
        w.split_once('x').is_some_and(|(width, rest)| {
            numeric(width) && rest.starts_with(|c: char| c.is_ascii_digit())
        }) && w.contains(['-', ':'])
    };
    if has_text_directive(text, &["colors", "colours", "color", "colour", "start"]) {
        // Only the text format has these (`s0` or `k1` is a row then); a
        // `# name:` or `# id:` may head a file of another format.
        Format::Text
    } else if words.len() == 1 && (id_like(first) || first.parse::<BoardId>().is_ok()) {
        Format::Id
    } else if words.iter().all(|w| numeric(w)) && words.len() == 2 {
        Format::Puchert
    } else if words.iter().all(|w| numeric(w)) && words.len() == 3 {
        Format::NinetyNine
    } else if words.len() >= 5 && pair(words[1], 'x') && numeric(words[2]) && pair(words[3], ',') {
        Format::Set
    } else if words.len() >= 2 && words[1].contains('x') {
        Format::Line
    } else if has_text_directive(text, TEXT_DIRECTIVES) {
        Format::Text
    } else if is_codegolf(text) {
        Format::Codegolf
    } else if is_dataset(meaningful().take(2)) {
        Format::Dataset
    } else {
        Format::Text
    }
}

/// The text format's directives' keys (read in any case).
const TEXT_DIRECTIVES: &[&str] = &[
    "colors", "colours", "color", "colour", "start", "id", "name", "optimum",
];

/// Whether a text-format directive with one of `keys` comes before the
/// first board line.
fn has_text_directive(text: &str, keys: &[&str]) -> bool {
    text.lines()
        .map(str::trim)
        .take_while(|l| l.is_empty() || l.starts_with('#'))
        .filter_map(|l| l.strip_prefix('#')?.split_once(':'))
        .any(|(key, _)| keys.contains(&key.trim().to_ascii_lowercase().as_str()))
}

/// Whether the first board is 19 rows of 19 digits `1`-`9`, the Code Golf
/// question's boards (its own have 6 colors; we write up to 9; other sizes
/// are read with `--from codegolf`). Our text format numbers colors from
/// `0`, so a text board has a `0` (or a `.`) somewhere.
fn is_codegolf(text: &str) -> bool {
    let rows: Vec<&str> = text
        .lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty() || l.starts_with('#'))
        .take_while(|l| !l.is_empty())
        .collect();
    rows.len() == 19
        && rows
            .iter()
            .all(|r| r.len() == 19 && r.bytes().all(|b| (b'1'..=b'9').contains(&b)))
}

/// Whether these lines are dataset lines: each N² cells `1`-`9`, `a`-`z`,
/// all of one length, with N at least [`DATASET_MIN_DETECTED`]. Below that,
/// a text board's rows are as likely (`123412341` is a row 9 blocks wide,
/// or a 3×3 dataset board): such datasets are read with `--from dataset`.
fn is_dataset<'a>(mut lines: impl Iterator<Item = &'a str>) -> bool {
    let Some(first) = lines.next() else {
        return false;
    };
    let second = lines.next();
    let side = first.len().isqrt();
    // One line alone is no text board (those have two rows or more): a
    // stray character in it (a `0`) is left for the dataset reader to
    // point at, rather than read as a board of one row.
    let alone = second.is_none();
    let cells_ok = |l: &str| {
        l.len() == first.len()
            && l.bytes().all(|b| {
                matches!(b, b'1'..=b'9' | b'a'..=b'z') || (alone && b.is_ascii_alphanumeric())
            })
    };
    side >= DATASET_MIN_DETECTED
        && side * side == first.len()
        && cells_ok(first)
        && second.is_none_or(cells_ok)
}

/// The smallest side of a dataset board that [`detect`] recognizes: that of
/// the field's smallest set (`b10c15n1000`).
const DATASET_MIN_DETECTED: usize = 10;

/// A text without the byte-order mark some editors put first (U+FEFF,
/// invisible): the columns of errors then count as an editor shows them.
fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads every board of `text` in `format` (a byte-order mark first is
/// skipped).
pub fn parse(text: &str, format: Format) -> Result<Vec<BoardEntry>, ParseError> {
    let text = without_bom(text);
    let boards = match format {
        Format::Text => text::parse(text)?,
        Format::Line => line::parse(text)?,
        Format::Set => set::parse(text)?,
        Format::Dataset => dataset::parse(text)?,
        Format::Codegolf => codegolf::parse(text)?,
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

/// Writes one board in `format`, ending with a newline; an error when the
/// format cannot hold the board (a dataset line is square and starts at the
/// top-left block, Code Golf boards start at the centre, and the set,
/// dataset and Code Golf formats have one character per color value, too
/// few for the largest color counts: set holds 36 colors, dataset 35 and
/// Code Golf 9, one fewer for a Color Walk board, whose blank takes a
/// value; and those formats, 99 and Puchert, having no blank, would read a
/// Flood-It board whose start color is on no other cell and the highest as
/// the Color Walk game, so they do not write one).
pub fn write(entry: &BoardEntry, format: Format) -> Result<String, WriteError> {
    let fail = |reason: String| WriteError { format, reason };
    let text = match format {
        Format::Text => return Ok(text::write(entry)),
        Format::Line => return Ok(line::write(entry)),
        Format::Id => return Ok(format!("{}\n", entry.board.id())),
        Format::Set => set::write(entry).map_err(fail)?,
        Format::Dataset => dataset::write(entry).map_err(fail)?,
        Format::Codegolf => codegolf::write(entry).map_err(fail)?,
        Format::NinetyNine => ninety_nine::write(entry).map_err(fail)?,
        Format::Puchert => puchert::write(entry),
    };
    // The field's formats have no blank: they read a Flood-It board whose
    // start color never absorbs anything as the Color Walk game, so such a
    // board would come back as another board (with another ID).
    let b = &entry.board;
    if reads_as_color_walk(format, b) {
        return Err(fail(format!(
            "the start color of this Flood-It board, {}, is its highest and on no other cell, \
             and the {format} format reads such a board as the Color Walk game (a blank start \
             block, one color fewer): the same play, but another board, with another ID; use \
             text, line or id",
            b.cells()[b.start()].map_or(0, Color::index)
        )));
    }
    Ok(text)
}

/// Whether `boards`, written in `format` as one file, read back with their
/// own color counts; otherwise why not. The dataset, Code Golf and Puchert
/// formats carry no color count: a reader gives every board of a file the
/// highest color value in it. So the boards must write the same number of
/// values (their colors, and a Color Walk board's blank as one more), and
/// one of them must show the last: a Color Walk board always does (its
/// blank), a Flood-It board whose last color is on none of its cells does
/// not. Other formats hold any boards (as far as color counts go).
pub fn check_color_counts<'a>(
    boards: impl IntoIterator<Item = &'a Board>,
    format: Format,
) -> Result<(), WriteError> {
    if !matches!(format, Format::Dataset | Format::Codegolf | Format::Puchert) {
        return Ok(());
    }
    let fail = |reason: String| WriteError { format, reason };
    let shows_last = |b: &Board| {
        let last = values_to_write(b) - 1;
        !b.is_flood_it()
            || b.cells()
                .iter()
                .any(|c| c.is_some_and(|c| c.index() == last))
    };
    let mut first: Option<&Board> = None;
    let mut shown = false;
    for b in boards {
        let f = *first.get_or_insert(b);
        if values_to_write(b) != values_to_write(f) {
            return Err(fail(format!(
                "the {format} format has no color count (a reader gives every board of a file the \
                 highest color value in it), so boards of {} and {} color values (a Color Walk \
                 board's blank counts as one) cannot share a file; use text, line, set or id",
                values_to_write(f),
                values_to_write(b)
            )));
        }
        shown |= shows_last(b);
    }
    match first {
        Some(b) if !shown => Err(fail(format!(
            "the {format} format has no color count (a reader takes the highest color it finds), \
             and the last color, {}, is on no cell: the board{} would read back with one color \
             fewer; use text, line, set or id",
            b.n_colors() - 1,
            if format == Format::Puchert { "" } else { "s" }
        ))),
        _ => Ok(()),
    }
}

/// How many color values a Flood-It format needs to write `board`: one per
/// color, and for a Color Walk board one more, the blank start block's.
pub(crate) fn values_to_write(board: &Board) -> usize {
    if board.is_flood_it() {
        board.n_colors()
    } else {
        board.n_colors() + 1
    }
}

/// Whether a format that writes a color as one of `room` characters
/// (`symbols`, for the message) can write `board`; otherwise why not, as a
/// [`WriteError`] reason that names the limit.
pub(crate) fn check_color_room(
    format: Format,
    symbols: &str,
    room: usize,
    board: &Board,
) -> Result<(), String> {
    let needed = values_to_write(board);
    if needed <= room {
        return Ok(());
    }
    let what = if board.is_flood_it() {
        format!("{needed} colors")
    } else {
        format!(
            "{} colors plus the blank start block, written as one color more",
            board.n_colors()
        )
    };
    Err(format!(
        "the {format} format writes colors as the {room} characters {symbols}, too few for \
         {what}: it holds Flood-It boards of up to {room} colors and Color Walk boards of up \
         to {}",
        room - 1
    ))
}

/// A color's value in the field's formats: `0`-`9`, then `a`-`z` for 10 to 35.
pub(crate) fn radix36_value(ch: char) -> Option<u8> {
    ch.to_digit(36).map(|d| d as u8)
}

/// The character for a value `0..36`: `0`-`9`, then `a`-`z` (`?` beyond,
/// which writers never reach: they refuse such boards with
/// [`check_color_room`] first).
pub(crate) fn radix36_char(v: usize) -> char {
    char::from_digit(v as u32, 36).unwrap_or('?')
}

/// Whether `format` would read the Flood-It board `board` back as the Color
/// Walk game: its start color is on no other cell and is the one the format
/// takes for a blank. Set, dataset, Code Golf and 99 take the highest color
/// `k − 1` for it (`k` above the fewest colors), `k` being the written
/// count, or the file's highest color, which `check_color_counts` makes the
/// board's count; Puchert takes a start color above every other cell's.
fn reads_as_color_walk(format: Format, board: &Board) -> bool {
    let cells = board.cells();
    let Some(s) = cells[board.start()] else {
        return false;
    };
    let others = || {
        cells
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != board.start())
            .map(|(_, c)| *c)
    };
    if others().any(|c| c == Some(s)) {
        return false;
    }
    match format {
        Format::Set | Format::Dataset | Format::Codegolf | Format::NinetyNine => {
            s.index() + 1 == board.n_colors() && board.n_colors() > MIN_COLORS
        }
        Format::Puchert => others().all(|c| c.is_some_and(|c| c < s)) && s.index() >= MIN_COLORS,
        Format::Text | Format::Line | Format::Id => false,
    }
}

/// A board of the field's Flood-It formats from color values `0..k` and a
/// start cell. When the start color is `k − 1` and appears nowhere else, the
/// board is the Color Walk game (that color never absorbs anything), and it
/// becomes a Color Walk board of `k − 1` colors with the same numbering.
pub(crate) fn foreign_board(
    width: usize,
    height: usize,
    k: usize,
    values: &[u8],
    start: usize,
) -> Result<Board, BoardError> {
    let s = values[start];
    let blank = usize::from(s) + 1 == k
        && k > MIN_COLORS
        && values
            .iter()
            .enumerate()
            .all(|(i, &v)| i == start || v != s);
    let cells = values
        .iter()
        .enumerate()
        .map(|(i, &v)| (!(blank && i == start)).then_some(Color(v)))
        .collect();
    let n_colors = if blank { k - 1 } else { k };
    Board::with_start(width, height, n_colors, cells, start)
}

/// The name a line of the line or set format gives `entry`: its name with
/// spaces as underscores, else its board ID (or `board` for literal ones).
pub(crate) fn line_name(entry: &BoardEntry) -> String {
    entry
        .name
        .as_deref()
        .map(|n| n.split_whitespace().collect::<Vec<_>>().join("_"))
        .filter(|n| !n.is_empty())
        .map(|n| {
            if n.starts_with('#') {
                format!("_{n}")
            } else {
                n
            }
        })
        .unwrap_or_else(|| match entry.board.id() {
            BoardId::Literal(_) => "board".to_string(),
            id => id.to_string(),
        })
}

/// The most blocks the boards of one file of IDs may hold together: 64 Mi,
/// as many as 64 MiB of written cells. Other formats write every block, so
/// their text bounds their boards; a line of ID names up to 10,000 blocks
/// in 14 bytes, and a few megabytes of IDs would otherwise fill the memory
/// before anything could refuse them.
pub const MAX_ID_FILE_BLOCKS: usize = 64 << 20;

fn parse_ids(text: &str) -> Result<Vec<BoardEntry>, ParseError> {
    let mut out = Vec::new();
    let mut blocks = 0;
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
        blocks += board.n_blocks();
        if blocks > MAX_ID_FILE_BLOCKS {
            return Err(ParseError::new(
                n + 1,
                indent + 1,
                format!(
                    "the {} boards named up to here hold more than {} Mi blocks, the most one \
                     file of IDs may name: split it",
                    out.len() + 1,
                    MAX_ID_FILE_BLOCKS >> 20
                ),
            ));
        }
        out.push(BoardEntry::new(board));
    }
    Ok(out)
}

/// `board` as rebuilt from `id` (so it keeps its short ID) when `id` parses
/// and names exactly this board; `None` otherwise.
pub(crate) fn board_named_by(board: &Board, id: &str) -> Option<Board> {
    let id = id.parse::<BoardId>().ok()?;
    // The shape first: building a board of the series' generator draws a
    // sine per block, too slow to do for every line of a large file whose
    // names are IDs of other boards.
    let shape = (board.width(), board.height(), board.n_colors());
    let same_shape = match &id {
        BoardId::Koblenski {
            width,
            height,
            n_colors,
            ..
        }
        | BoardId::Seeded {
            width,
            height,
            n_colors,
            ..
        } => (*width, *height, *n_colors) == shape,
        BoardId::SeededFloodIt {
            width,
            height,
            n_colors,
            start,
            ..
        } => (*width, *height, *n_colors) == shape && *start == board.start_row_col(),
        BoardId::Literal(named) => named == board,
    };
    if !same_shape {
        return None;
    }
    let rebuilt = id.board().ok()?;
    (rebuilt == *board).then_some(rebuilt)
}

/// The characters of a board's cells, row-major (`.` for the blank block).
pub(crate) fn cell_chars(board: &Board) -> impl Iterator<Item = char> + '_ {
    board
        .cells()
        .iter()
        .map(|cell| cell.map_or('.', crate::Color::to_char))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str) -> BoardEntry {
        let board = id.parse::<BoardId>().expect("a valid ID").board();
        BoardEntry::new(board.expect("a valid board"))
    }

    /// Writes `id`'s board in `format` and reads it back.
    fn round_trip(id: &str, format: Format) -> Board {
        let text = write(&entry(id), format).unwrap_or_else(|e| panic!("{id}: {e}"));
        parse_one(&text, format)
            .unwrap_or_else(|e| panic!("{id} in {format} does not read back: {e}\n{text}"))
            .board
    }

    #[test]
    fn the_set_format_holds_36_flood_it_colors_and_35_color_walk_colors() {
        for id in ["10x10c36-f1", "10x10c35-s1"] {
            let board = entry(id).board;
            assert_eq!(round_trip(id, Format::Set), board, "{id}");
        }
        let err = write(&entry("10x10c36-s1"), Format::Set).unwrap_err();
        assert_eq!(err.format, Format::Set);
        assert_eq!(
            err.to_string(),
            "cannot write this board in the set format: the set format writes colors as the \
             36 characters 0-9, a-z, too few for 36 colors plus the blank start block, \
             written as one color more: it holds Flood-It boards of up to 36 colors and \
             Color Walk boards of up to 35"
        );
    }

    #[test]
    fn the_dataset_format_holds_35_flood_it_colors_and_34_color_walk_colors() {
        for id in ["10x10c35-f1", "10x10c34-s1"] {
            let board = entry(id).board;
            let back = round_trip(id, Format::Dataset);
            assert_eq!(back.cells(), board.cells(), "{id}");
            assert_eq!(back.n_colors(), board.n_colors(), "{id}");
        }
        let flood_it = write(&entry("10x10c36-f1"), Format::Dataset).unwrap_err();
        assert_eq!(
            flood_it.reason,
            "the dataset format writes colors as the 35 characters 1-9, a-z, too few for 36 \
             colors: it holds Flood-It boards of up to 35 colors and Color Walk boards of up \
             to 34"
        );
        let color_walk = write(&entry("10x10c35-s1"), Format::Dataset).unwrap_err();
        assert!(
            color_walk
                .reason
                .contains("too few for 35 colors plus the blank start block"),
            "{color_walk}"
        );
    }

    #[test]
    fn the_codegolf_format_counts_a_color_walk_blank_as_a_color() {
        // A Color Walk board starting at the centre: 8 colors and the blank
        // fit in the digits 1-9, 9 colors and the blank do not.
        let centred = |k: usize| {
            let cells = (0..9)
                .map(|i| (i != 4).then(|| Color((i % k) as u8)))
                .collect();
            BoardEntry::new(Board::with_start(3, 3, k, cells, 4).expect("a valid board"))
        };
        let text = write(&centred(8), Format::Codegolf).expect("8 colors fit");
        assert_eq!(text, "123\n496\n781\n");
        let back = parse_one(&text, Format::Codegolf).expect("it reads back");
        assert_eq!(back.board, centred(8).board);
        let err = write(&centred(9), Format::Codegolf).unwrap_err();
        assert!(
            err.reason
                .contains("too few for 9 colors plus the blank start block"),
            "{err}"
        );
    }

    /// Every writer, for every color count, either writes text that reads
    /// back as the same board or refuses the board: it never writes a file
    /// that cannot be read, or one that reads as another board. Every
    /// format accepts some of these boards.
    #[test]
    fn every_format_writes_a_readable_board_or_refuses_it() {
        let mut accepted = vec![0; Format::ALL.len()];
        for k in MIN_COLORS..=crate::MAX_COLORS {
            for id in [
                format!("12x12c{k}-f3"),
                format!("12x12c{k}-s3"),
                format!("11x11c{k}@5,5-f3"),
            ] {
                let entry = entry(&id);
                for (i, format) in Format::ALL.into_iter().enumerate() {
                    match write(&entry, format) {
                        Ok(text) => {
                            let back = parse_one(&text, format).unwrap_or_else(|e| {
                                panic!("{id} in {format} does not read back: {e}\n{text}")
                            });
                            assert_eq!(back.board, entry.board, "{id} in {format}");
                            accepted[i] += 1;
                        }
                        Err(e) => assert_eq!(e.format, format, "{id}: {e}"),
                    }
                }
            }
        }
        for (format, n) in Format::ALL.into_iter().zip(accepted) {
            assert!(n > 0, "{format} refused every board");
        }
    }
}
