//! Whitespace-separated tokens with their positions, for the number formats.

use super::ParseError;

/// A token and where it starts.
pub(crate) struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub col: usize,
}

/// Splits `text` into tokens, skipping lines that start with `#`.
pub(crate) fn tokenize(text: &str) -> Vec<Token<'_>> {
    tokens_of(text).collect()
}

/// The tokens of `text` one by one, skipping lines that start with `#`:
/// a reader that stops at the first error never holds the rest (a file of
/// 64 MiB of tokens held as a list took 1.1 GB).
fn tokens_of(text: &str) -> impl Iterator<Item = Token<'_>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with('#'))
        .flat_map(|(n, line)| line_tokens(line, n + 1))
}

/// The tokens of one line, numbered `line`, with their columns (from 1,
/// in characters).
fn line_tokens(line: &str, line_no: usize) -> impl Iterator<Item = Token<'_>> {
    let mut col = 0;
    let mut chars = line.char_indices().peekable();
    std::iter::from_fn(move || {
        while let Some(&(start, ch)) = chars.peek() {
            if ch.is_whitespace() {
                chars.next();
                col += 1;
                continue;
            }
            let begin_col = col + 1;
            let mut end = start;
            while let Some(&(i, ch)) = chars.peek() {
                if ch.is_whitespace() {
                    break;
                }
                end = i + ch.len_utf8();
                chars.next();
                col += 1;
            }
            return Some(Token {
                text: &line[start..end],
                line: line_no,
                col: begin_col,
            });
        }
        None
    })
}

/// The fields of one line of a one-board-per-line format: exactly one
/// token for each of `what` (what each field is, for messages), else an
/// error at the line's end ("line ends early: expected ...") or at the first
/// extra token. `format` spells the line's fields for the message.
pub(crate) fn line_fields<'a, const N: usize>(
    raw: &'a str,
    line: usize,
    what: [&str; N],
    format: &str,
) -> Result<[Token<'a>; N], ParseError> {
    let mut fields = tokenize(raw);
    for tok in &mut fields {
        tok.line = line;
    }
    if let Some(missing) = what.get(fields.len()) {
        return Err(ParseError::new(
            line,
            raw.trim_end().chars().count() + 1,
            format!("line ends early: expected {missing} (format: {format})"),
        ));
    }
    if let Some(extra) = fields.get(N) {
        return Err(ParseError::new(
            line,
            extra.col,
            format!(
                "unexpected '{}' after {}",
                extra.text.escape_debug(),
                what[N - 1]
            ),
        ));
    }
    fields.try_into().map_err(|_: Vec<Token<'a>>| {
        ParseError::new(line, 1, format!("expected {N} fields (format: {format})"))
    })
}

/// A cursor over tokens that knows where the input ended.
pub(crate) struct Tokens<'a> {
    tokens: std::iter::Peekable<Box<dyn Iterator<Item = Token<'a>> + 'a>>,
    end: (usize, usize),
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Tokens<'a> {
        let end_line = text.lines().count().max(1);
        // Just after the last line's last character (a lone `\r` at the
        // end of the input ends that line: `lines` keeps it).
        let end_col = text
            .lines()
            .last()
            .map_or(0, |l| l.trim_end_matches('\r').chars().count())
            + 1;
        let tokens: Box<dyn Iterator<Item = Token<'a>> + 'a> = Box::new(tokens_of(text));
        Tokens {
            tokens: tokens.peekable(),
            end: (end_line, end_col),
        }
    }

    /// The line of the next token, if any is left.
    pub fn next_line(&mut self) -> Option<usize> {
        self.tokens.peek().map(|t| t.line)
    }

    /// The next token as a number in `range`, described by `what`.
    pub fn number(
        &mut self,
        what: &str,
        range: std::ops::RangeInclusive<u64>,
    ) -> Result<(u64, usize, usize), ParseError> {
        let Some(tok) = self.tokens.next() else {
            let (line, col) = self.end;
            return Err(ParseError::new(
                line,
                col,
                format!("input ends early: expected {what}"),
            ));
        };
        let value: u64 = tok.text.parse().map_err(|_| {
            ParseError::new(
                tok.line,
                tok.col,
                format!("expected {what} (a whole number), found '{}'", tok.text),
            )
        })?;
        if !range.contains(&value) {
            return Err(ParseError::new(
                tok.line,
                tok.col,
                format!(
                    "{what} {value} is out of range: expected {} to {}",
                    range.start(),
                    range.end()
                ),
            ));
        }
        Ok((value, tok.line, tok.col))
    }

    /// Whether every token was used.
    pub fn finish(&mut self, what: &str) -> Result<(), ParseError> {
        match self.tokens.peek() {
            None => Ok(()),
            Some(tok) => Err(ParseError::new(
                tok.line,
                tok.col,
                format!("unexpected '{}' after {what}", tok.text.escape_debug()),
            )),
        }
    }

    /// Whether any tokens are left.
    pub fn is_done(&mut self) -> bool {
        self.tokens.peek().is_none()
    }
}

/// Whether the token at `start` has a value no other token has: the file
/// writes a Color Walk board, whose blank start block is a color of its own.
pub(crate) fn start_is_unique(values: &[(u64, usize, usize)], start: usize) -> bool {
    let v = values[start].0;
    values
        .iter()
        .enumerate()
        .all(|(i, t)| i == start || t.0 != v)
}

/// Builds a Color Walk board from color tokens where the start token is the
/// blank block's own color, used nowhere else. Colors are numbered from
/// `base`; the blank's value is left out of the numbering, so the other
/// colors become `0..` (the callers pass a blank above every other color,
/// so none of them moves).
pub(crate) fn board_with_blank_color(
    width: usize,
    height: usize,
    n_colors: usize,
    base: u64,
    values: &[(u64, usize, usize)],
    start: usize,
) -> Result<crate::Board, ParseError> {
    let blank = values[start].0;
    let mut cells = Vec::with_capacity(values.len());
    for (i, &(v, line, col)) in values.iter().enumerate() {
        if i == start {
            cells.push(None);
            continue;
        }
        if v == blank {
            return Err(ParseError::new(
                line,
                col,
                format!(
                    "color {v} of the start block appears again: a Color Walk board \
                     writes its blank block as a color used nowhere else"
                ),
            ));
        }
        let index = if v < blank { v - base } else { v - base - 1 };
        if index >= n_colors as u64 {
            return Err(ParseError::new(
                line,
                col,
                format!("color {v} is beyond the board's {n_colors} colors plus the blank"),
            ));
        }
        cells.push(Some(crate::Color(index as u8)));
    }
    crate::Board::with_start(width, height, n_colors, cells, start)
        .map_err(|e| ParseError::board(1, 1, &e))
}

/// Builds a Flood-It board from color tokens numbered from `base`, the
/// region starting at the group of token `start`.
pub(crate) fn flood_it_board(
    width: usize,
    height: usize,
    n_colors: usize,
    base: u64,
    values: &[(u64, usize, usize)],
    start: usize,
) -> Result<crate::Board, ParseError> {
    let mut cells = Vec::with_capacity(values.len());
    for &(v, line, col) in values {
        let index = v - base;
        if index >= n_colors as u64 {
            return Err(ParseError::new(
                line,
                col,
                format!("color {v} is beyond the board's {n_colors} colors"),
            ));
        }
        cells.push(Some(crate::Color(index as u8)));
    }
    crate::Board::with_start(width, height, n_colors, cells, start)
        .map_err(|e| ParseError::board(1, 1, &e))
}
