//! Drawing boards for the terminal: 24-bit color blocks, or plain text.

use cw_core::{BLANK_HEX, Board, Color};
use std::fmt::Write;

/// How to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Two-character blocks with the real colors (ANSI 24-bit background).
    Color,
    /// The text format's characters, `.` for blank blocks.
    Plain,
}

/// Draws `board` with the blocks for which `is_blank` holds shown blank.
pub fn board(board: &Board, is_blank: impl Fn(usize) -> bool, style: Style) -> String {
    let mut out = String::new();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let i = y * board.width() + x;
            let cell = if is_blank(i) { None } else { board.cells()[i] };
            match style {
                Style::Plain => out.push(cell.map_or('.', Color::to_char)),
                Style::Color => {
                    let hex = cell.map_or(BLANK_HEX, Color::hex);
                    out.push_str(&swatch(hex, "  "));
                }
            }
        }
        out.push('\n');
    }
    out
}

/// `text` on a background of color `hex`.
pub fn swatch(hex: &str, text: &str) -> String {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    let (r, g, b) = (v >> 16 & 0xff, v >> 8 & 0xff, v & 0xff);
    let mut s = String::new();
    write!(s, "\x1b[48;2;{r};{g};{b}m{text}\x1b[0m").expect("writing to a String cannot fail");
    s
}

/// The color legend: number, swatch and name of each color.
pub fn legend(n_colors: usize, style: Style) -> String {
    (0..n_colors as u8)
        .map(Color)
        .map(|c| match style {
            Style::Color => format!("{} {} {}", c, swatch(c.hex(), "  "), c.name()),
            Style::Plain => format!("{} {}", c, c.name()),
        })
        .collect::<Vec<_>>()
        .join("  ")
}
