//! Board IDs: short strings that rebuild a board.
//!
//! Grammar (`W`, `H`: size; `K`: colors):
//!
//! - `WxHcK-kN`: board `N` (from 1) of the series' sine-generator run;
//! - `WxHcK-k@S`: a board drawn from the sine stream starting at draw `S`
//!   (boards after a random solver shared the stream, spec §1.6);
//! - `WxHcK-sN`: the seeded generator with seed `N` (0 to 2^64−1);
//! - `WxHcK-fN`: a Flood-It board from the seeded generator with seed `N`,
//!   every block drawn (the same stream as `sN`, but the top-left block too);
//! - `WxHcK:CELLS`: the board written out in full, row-major, `.` for the
//!   blank start block of a Color Walk board and `0`-`9`, `a`-`z` for
//!   colors; with no `.` it is a Flood-It board.
//!
//! A Flood-It board may start elsewhere than the top-left block: `@R,C`
//! after the shape gives the start cell's row and column, from 0
//! (`19x19c6@9,9-f7`, `3x3c2@1,1:010101010`). A Color Walk board starts
//! at its blank block (the `k` and `s` generators: the top-left one).
//!
//! `kN` and `sN` alone mean the series' size, `30x20c5`.

use crate::board::Origin;
use crate::{Board, BoardError, Color, KoblenskiStream, MAX_SIDE, MIN_SIDE};
use std::fmt::{self, Write};
use std::str::FromStr;
use thiserror::Error;

/// The last draw of the series' stream that IDs may use: draw `n` is
/// `sin(n)`, and past 2^53 a draw's number no longer fits a double exactly,
/// so neighbouring draws come out equal and boards degenerate (a 30×20
/// board from draws near 6·10^17 has 6 clusters). Draws after a board's own
/// (a random solver's) may pass it; they stay reproducible.
pub const LAST_SERIES_DRAW: u64 = 1 << 53;

/// The last board number of the series' generator for boards of
/// `width`x`height`: board `n` uses draws `W·H·(n−1)+1 ..= W·H·n`, all of
/// them at most [`LAST_SERIES_DRAW`]. IDs past it are refused. A shape
/// of no blocks, or of more blocks than draws, has none (0).
pub fn last_series_board(width: usize, height: usize) -> u64 {
    match width.checked_mul(height) {
        Some(blocks) if blocks > 0 => LAST_SERIES_DRAW / blocks as u64,
        _ => 0,
    }
}

/// A board's ID. Its `Display` form is canonical and parses back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardId {
    /// From the sine stream, first draw at `first_draw`.
    Koblenski {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        n_colors: usize,
        /// The seed of the board's first draw.
        first_draw: u64,
    },
    /// From the seeded generator.
    Seeded {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        n_colors: usize,
        /// The seed.
        seed: u64,
    },
    /// From the seeded Flood-It generator.
    SeededFloodIt {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        n_colors: usize,
        /// The seed.
        seed: u64,
        /// The start cell (row, column), from 0.
        start: (usize, usize),
    },
    /// Written out in full.
    Literal(Board),
}

/// Why a string is not a board ID.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad board ID at character {col}: {message}")]
pub struct ParseIdError {
    /// 1-based character position of the problem.
    pub col: usize,
    /// What was expected.
    pub message: String,
}

impl BoardId {
    /// The ID of `board`.
    pub fn of(board: &Board) -> BoardId {
        let (width, height, n_colors) = (board.width(), board.height(), board.n_colors());
        match board.origin() {
            Origin::KoblenskiDraw(first_draw) => BoardId::Koblenski {
                width,
                height,
                n_colors,
                first_draw,
            },
            Origin::Seeded(seed) => BoardId::Seeded {
                width,
                height,
                n_colors,
                seed,
            },
            Origin::SeededFloodIt(seed) => BoardId::SeededFloodIt {
                width,
                height,
                n_colors,
                seed,
                start: board.start_row_col(),
            },
            Origin::Literal => BoardId::Literal(board.clone()),
        }
    }

    /// Rebuilds the board.
    pub fn board(&self) -> Result<Board, BoardError> {
        match *self {
            BoardId::Koblenski {
                width,
                height,
                n_colors,
                first_draw,
            } => KoblenskiStream::at(first_draw).next_board(width, height, n_colors),
            BoardId::Seeded {
                width,
                height,
                n_colors,
                seed,
            } => Board::seeded(width, height, n_colors, seed),
            BoardId::SeededFloodIt {
                width,
                height,
                n_colors,
                seed,
                start,
            } => Board::seeded_flood_it(width, height, n_colors, seed, start),
            BoardId::Literal(ref b) => Ok(b.clone()),
        }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardId::Koblenski {
                width,
                height,
                n_colors,
                first_draw,
            } => {
                let per_board = (width * height) as u64;
                if *first_draw > 0 && (first_draw - 1) % per_board == 0 {
                    let index = (first_draw - 1) / per_board + 1;
                    write!(f, "{width}x{height}c{n_colors}-k{index}")
                } else {
                    write!(f, "{width}x{height}c{n_colors}-k@{first_draw}")
                }
            }
            BoardId::Seeded {
                width,
                height,
                n_colors,
                seed,
            } => write!(f, "{width}x{height}c{n_colors}-s{seed}"),
            BoardId::SeededFloodIt {
                width,
                height,
                n_colors,
                seed,
                start,
            } => {
                write!(f, "{width}x{height}c{n_colors}")?;
                write_start(f, *start)?;
                write!(f, "-f{seed}")
            }
            BoardId::Literal(b) => {
                write!(f, "{}x{}c{}", b.width(), b.height(), b.n_colors())?;
                if b.is_flood_it() {
                    write_start(f, b.start_row_col())?;
                }
                f.write_char(':')?;
                crate::format::cell_chars(b).try_for_each(|ch| f.write_char(ch))
            }
        }
    }
}

/// Writes `@R,C` for a start cell other than the top-left one.
fn write_start(f: &mut fmt::Formatter<'_>, (row, col): (usize, usize)) -> fmt::Result {
    if (row, col) == (0, 0) {
        Ok(())
    } else {
        write!(f, "@{row},{col}")
    }
}

/// A small cursor over the ID text that reports 1-based positions.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn err(&self, message: impl Into<String>) -> ParseIdError {
        self.err_at(self.pos, message)
    }

    fn err_at(&self, pos: usize, message: impl Into<String>) -> ParseIdError {
        ParseIdError {
            col: self.text[..pos].chars().count() + 1,
            message: message.into(),
        }
    }

    fn number(&mut self, what: &str) -> Result<u64, ParseIdError> {
        let digits = self.text[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            return Err(self.err(format!("expected {what} (digits)")));
        }
        let value = self.text[self.pos..self.pos + digits]
            .parse()
            .map_err(|_| self.err(format!("{what} is too large")))?;
        self.pos += digits;
        Ok(value)
    }

    fn eat(&mut self, ch: char) -> bool {
        if self.text[self.pos..].starts_with(ch) {
            self.pos += ch.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, ch: char, what: &str) -> Result<(), ParseIdError> {
        if self.eat(ch) {
            Ok(())
        } else {
            Err(self.err(format!("expected '{ch}' {what}")))
        }
    }
}

impl FromStr for BoardId {
    type Err = ParseIdError;

    fn from_str(text: &str) -> Result<BoardId, ParseIdError> {
        let text = text.trim();
        let mut cur = Cursor { text, pos: 0 };
        let (width, height, n_colors, start) = if text.starts_with(['k', 's']) {
            (30, 20, 5, None)
        } else {
            let w_at = cur.pos;
            let w = cur.number("the width")? as usize;
            cur.expect('x', "between width and height")?;
            let h_at = cur.pos;
            let h = cur.number("the height")? as usize;
            cur.expect('c', "before the color count")?;
            let k_at = cur.pos;
            let k = cur.number("the color count")? as usize;
            // The error points at the number out of range.
            Board::check_shape(w, h, k).map_err(|e| {
                let off_side = |n| !(MIN_SIDE..=MAX_SIDE).contains(&n);
                let at = if off_side(w) {
                    w_at
                } else if off_side(h) {
                    h_at
                } else {
                    k_at
                };
                cur.err_at(at, e.to_string())
            })?;
            let start = if cur.eat('@') {
                let at = cur.pos;
                let row = cur.number("the start row")? as usize;
                cur.expect(',', "between the start row and column")?;
                let col = cur.number("the start column")? as usize;
                Board::check_start(w, h, row, col).map_err(|e| cur.err_at(at, e.to_string()))?;
                Some((row, col))
            } else {
                None
            };
            if cur.eat(':') {
                return parse_cells(&mut cur, w, h, k, start).map(BoardId::Literal);
            }
            cur.expect(
                '-',
                "before the generator ('-k', '-s' or '-f') or ':' before the cells",
            )?;
            (w, h, k, start)
        };
        let generator_at = cur.pos;
        let id = if cur.eat('f') {
            let seed = cur.number("the seed")?;
            BoardId::SeededFloodIt {
                width,
                height,
                n_colors,
                seed,
                start: start.unwrap_or((0, 0)),
            }
        } else if start.is_some() {
            return Err(cur.err_at(
                generator_at,
                "a start cell '@ROW,COL' goes with a Flood-It board ('-f' or ':' cells); \
                 the 'k' and 's' Color Walk generators start at the top-left block",
            ));
        } else if cur.eat('k') {
            let per_board = (width * height) as u64;
            let last = last_series_board(width, height);
            let start = cur.pos;
            let first_draw = if cur.eat('@') {
                let first_draw = cur.number("the first draw")?;
                let last_first = LAST_SERIES_DRAW + 1 - per_board;
                // The stream's draws are numbered from 1 (sin(1) is the
                // series' first).
                if first_draw == 0 {
                    return Err(cur.err_at(start + 1, "the series' draws are numbered from 1"));
                }
                if first_draw > last_first {
                    return Err(cur.err_at(
                        start + 1,
                        format!(
                            "its {per_board} draws run past the end of the series' stream \
                             (a {width}x{height} board's first draw is at most {last_first}; \
                             board numbers go up to {last})",
                        ),
                    ));
                }
                first_draw
            } else {
                let index = cur.number("the board number")?;
                if index == 0 {
                    return Err(cur.err_at(start, "board numbers start at 1"));
                }
                if index > last {
                    return Err(cur.err_at(
                        start,
                        format!(
                            "board {index} runs past the end of the series' stream: it holds \
                             {width}x{height} boards 1 to {last}"
                        ),
                    ));
                }
                (index - 1) * per_board + 1
            };
            BoardId::Koblenski {
                width,
                height,
                n_colors,
                first_draw,
            }
        } else if cur.eat('s') {
            let seed = cur.number("the seed")?;
            BoardId::Seeded {
                width,
                height,
                n_colors,
                seed,
            }
        } else {
            return Err(cur.err(
                "expected 'k' (series generator), 's' (seeded generator) \
                 or 'f' (seeded Flood-It generator)",
            ));
        };
        if cur.pos != text.len() {
            return Err(cur.err("unexpected text after the ID"));
        }
        Ok(id)
    }
}

fn parse_cells(
    cur: &mut Cursor<'_>,
    w: usize,
    h: usize,
    k: usize,
    start: Option<(usize, usize)>,
) -> Result<Board, ParseIdError> {
    // The caller has checked the shape.
    let first = cur.pos;
    let mut cells = Vec::with_capacity(w * h);
    let mut blank: Option<usize> = None;
    for ch in cur.text[first..].chars() {
        let cell = match ch {
            '.' if blank.is_none() && start.is_none() => {
                blank = Some(cells.len());
                None
            }
            '.' if start.is_some() => {
                return Err(cur.err(
                    "blank block '.' in a Flood-It board: a board with a start cell \
                     '@ROW,COL' has a color in every block",
                ));
            }
            '.' => {
                return Err(cur.err(
                    "a second blank block '.': only the start block of a Color Walk board \
                     is blank",
                ));
            }
            _ => match Color::from_char(ch) {
                Some(c) if c.index() < k => Some(c),
                Some(_) => return Err(cur.err(format!("color '{ch}' is not below {k}"))),
                None => {
                    return Err(cur.err(format!(
                        "unexpected {ch:?}: cells are '.' or colors '0'-'9', 'a'-'z'"
                    )));
                }
            },
        };
        cells.push(cell);
        cur.pos += ch.len_utf8();
    }
    let start = match (blank, start) {
        (Some(i), _) => i,
        (None, Some((row, col))) => row * w + col,
        (None, None) => 0,
    };
    Board::with_start(w, h, k, cells, start).map_err(|e| ParseIdError {
        col: first + 1,
        message: e.to_string(),
    })
}
