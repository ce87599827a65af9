//! Drawing boards for the terminal: 24-bit color blocks, or plain text.
//!
//! Color Walk boards draw their region (the blank blocks) grey, or `.` in
//! plain text. Flood-It boards draw their region in its current color, with
//! the start block marked `()`; in plain text the region's blocks are `*`
//! and the start block `@` (a region block drawn as its color's character
//! could not be told from the blocks around it), and the region's color is
//! said beside the board.

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

/// A region block of a Flood-It board in plain text.
pub const REGION_CHAR: char = '*';

/// The start block of a Flood-It board in plain text.
pub const START_CHAR: char = '@';

/// The start block of a Flood-It board in color: two characters on the
/// region's color.
pub const START_MARK: &str = "()";

/// Draws `board` with the blocks for which `is_blank` holds in the region.
/// A Flood-It board's region is drawn in the start block's color, which is
/// its color before any move; a caller that knows the moves draws the
/// region in its color after them with [`position`].
pub fn board(board: &Board, is_blank: impl Fn(usize) -> bool, style: Style) -> String {
    position(board, is_blank, board.region_color(&[]), style)
}

/// Draws a position of `board`: the blocks for which `in_region` holds are
/// the region, drawn blank (Color Walk) or in `region` (Flood-It: its color
/// after the moves, [`Board::region_color`]).
pub fn position(
    board: &Board,
    in_region: impl Fn(usize) -> bool,
    region: Option<Color>,
    style: Style,
) -> String {
    let flood_it = board.is_flood_it();
    let mut out = String::new();
    for y in 0..board.height() {
        for x in 0..board.width() {
            let i = y * board.width() + x;
            let inside = in_region(i);
            let start = flood_it && inside && i == board.start();
            let cell = if inside {
                if flood_it { region } else { None }
            } else {
                board.cells()[i]
            };
            match style {
                Style::Plain if flood_it && inside => {
                    out.push(if start { START_CHAR } else { REGION_CHAR });
                }
                Style::Plain => out.push(cell.map_or('.', Color::to_char)),
                Style::Color => {
                    let hex = cell.map_or(BLANK_HEX, Color::hex);
                    if start {
                        out.push_str(&marked(hex, START_MARK));
                    } else {
                        out.push_str(&swatch(hex, "  "));
                    }
                }
            }
        }
        out.push('\n');
    }
    out
}

/// `text` on a background of color `hex`.
pub fn swatch(hex: &str, text: &str) -> String {
    let (r, g, b) = rgb(hex);
    let mut s = String::new();
    write!(s, "\x1b[48;2;{r};{g};{b}m{text}\x1b[0m").expect("writing to a String cannot fail");
    s
}

/// Bold `text` on a background of color `hex`, in the ink that reads on it.
fn marked(hex: &str, text: &str) -> String {
    let (r, g, b) = rgb(hex);
    let ink = if is_light(hex) {
        "0;0;0"
    } else {
        "255;255;255"
    };
    format!("\x1b[1;38;2;{ink};48;2;{r};{g};{b}m{text}\x1b[0m")
}

/// The red, green and blue of `#rrggbb`.
fn rgb(hex: &str) -> (u32, u32, u32) {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    (v >> 16 & 0xff, v >> 8 & 0xff, v & 0xff)
}

/// Whether dark ink reads on `hex` (its relative luminance is high).
pub fn is_light(hex: &str) -> bool {
    let (r, g, b) = rgb(hex);
    let lin = |x: u32| {
        let x = f64::from(x) / 255.0;
        if x <= 0.04045 {
            x / 12.92
        } else {
            ((x + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b) > 0.18
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

#[cfg(test)]
mod tests {
    use super::*;
    use cw_core::ClusterGraph;

    /// 3×2 Flood-It board `001 / 210` starting at the top-left: the region
    /// is blocks 0 and 1 (color 0).
    fn small() -> Board {
        let cells = "001210".chars().map(Color::from_char).collect();
        Board::with_start(3, 2, 3, cells, 0).unwrap()
    }

    #[test]
    fn flood_it_regions_are_stars_with_the_start_at_an_at_sign() {
        let board = small();
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        let plain = position(&board, |c| game.is_blank(c), Some(Color(0)), Style::Plain);
        assert_eq!(plain, "@*1\n210\n");
        game.play(Color(1));
        let plain = position(&board, |c| game.is_blank(c), Some(Color(1)), Style::Plain);
        assert_eq!(plain, "@**\n2*0\n");
        // Nothing in the region: the text format's characters.
        assert_eq!(board_text(&board), "001\n210\n");
    }

    fn board_text(b: &Board) -> String {
        board(b, |_| false, Style::Plain)
    }

    #[test]
    fn flood_it_regions_take_their_color_and_the_start_is_marked() {
        let board = small();
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        game.play(Color(1));
        let drawn = position(&board, |c| game.is_blank(c), Some(Color(1)), Style::Color);
        let first_row = drawn.lines().next().unwrap();
        let (r, g, b) = Color(1).rgb();
        let region_bg = format!("48;2;{r};{g};{b}m");
        // The start block carries its mark on the region's color, and the
        // two other blocks of the row are the region's color too.
        assert!(
            first_row.contains(&format!("{region_bg}{START_MARK}")),
            "{first_row:?}"
        );
        assert_eq!(first_row.matches(&region_bg).count(), 3, "{first_row:?}");
        let (gr, gg, gb) = rgb(BLANK_HEX);
        assert!(
            !drawn.contains(&format!("48;2;{gr};{gg};{gb}m")),
            "no grey on a Flood-It board"
        );
    }

    #[test]
    fn color_walk_boards_draw_as_before() {
        let cells = ".01101".chars().map(Color::from_char).collect();
        let board = Board::new(3, 2, 2, cells).unwrap();
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        game.play(Color(0));
        let plain = board_position(&board, &game);
        assert_eq!(plain, "..1\n1.1\n");
        let drawn = position(&board, |c| game.is_blank(c), None, Style::Color);
        let (gr, gg, gb) = rgb(BLANK_HEX);
        assert_eq!(drawn.matches(&format!("48;2;{gr};{gg};{gb}m  ")).count(), 3);
        assert!(!drawn.contains(START_MARK));
    }

    fn board_position(b: &Board, game: &cw_core::Game<'_>) -> String {
        board(b, |c| game.is_blank(c), Style::Plain)
    }
}
