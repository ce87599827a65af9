//! `colorwalk play`: the full-screen game in a terminal (see `tui.rs`), and
//! line mode for pipes and scripts (or `--lines`).
//!
//! Each line is a command: a color (its number `0`-`9`/`a`-`f`, or its name),
//! `u` undo, `r` restart, `?` help, `q` quit. End of input ends the game
//! cleanly, like `q`.

use crate::board_input::load_one;
use crate::cli::PlayArgs;
use crate::render::{self, Style};
use anyhow::{Context, Result, bail};
use cw_core::format::Format;
use cw_core::{Board, ClusterGraph, Color, Playthrough};
use std::io::{BufRead, IsTerminal, Read, Write};
use std::process::ExitCode;

/// Plays on standard input and output.
pub fn run(args: &PlayArgs) -> Result<ExitCode> {
    let board = match &args.board {
        Some(source) => load_one(source, args.from.map(Format::from), args.pick.as_deref())?.board,
        None => Board::seeded(30, 20, 5, super::board_cmds::random_seed())?,
    };
    let tty = std::io::stdout().is_terminal();
    if tty && std::io::stdin().is_terminal() && !args.lines && !args.plain {
        let spec = cw_solve::Spec::parse(&args.spec)
            .map_err(|e| anyhow::anyhow!("--spec '{}': {e}", args.spec))?;
        super::tui::run(board, spec)?;
        return Ok(ExitCode::SUCCESS);
    }
    let style = if args.plain || !tty {
        Style::Plain
    } else {
        Style::Color
    };
    let stdin = std::io::stdin();
    play_lines(
        &board,
        stdin.lock(),
        &mut std::io::stdout().lock(),
        style,
        tty,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// How a line-mode game ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ending {
    /// The board was cleared in this many moves.
    Cleared(u32),
    /// The player quit (or input ended) after this many moves.
    Quit(u32),
}

/// Runs a game: reads commands from `input`, writes to `output`. The board is
/// drawn at the start and, when `redraw` is set, after every move.
pub fn play_lines(
    board: &Board,
    mut input: impl BufRead,
    output: &mut impl Write,
    style: Style,
    redraw: bool,
) -> Result<Ending> {
    let graph = ClusterGraph::new(board);
    let mut game = Playthrough::new(&graph);
    let n_colors = board.n_colors();
    writeln!(output, "Color Walk {}  ({} colors)", board.id(), n_colors)?;
    writeln!(output, "{}", render::legend(n_colors, style))?;
    writeln!(
        output,
        "type a color number, u to undo, r to restart, q to quit"
    )?;
    let draw = |g: &Playthrough<'_>, out: &mut dyn Write| -> std::io::Result<()> {
        out.write_all(render::board(board, |c| g.current().is_blank(c), style).as_bytes())?;
        writeln!(
            out,
            "moves: {}  blocks left: {}",
            g.current().n_moves(),
            g.current().blocks_left()
        )
    };
    draw(&game, output)?;
    let mut bytes = Vec::new();
    let mut line_no = 0;
    while let Some(line) = read_command(&mut input, &mut bytes, &mut line_no)? {
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "q" | "quit" | "exit" => break,
            "?" | "h" | "help" => {
                writeln!(output, "colors: {}", render::legend(n_colors, Style::Plain))?;
                writeln!(output, "u undo, r restart, q quit")?;
                continue;
            }
            "u" | "undo" => match game.undo() {
                Some(c) => writeln!(output, "undid {} ({})", c, c.name())?,
                None => writeln!(output, "nothing to undo")?,
            },
            "r" | "restart" => {
                game.restart();
                writeln!(output, "restarted")?;
            }
            _ => {
                let Some(c) = parse_color(cmd, n_colors) else {
                    writeln!(
                        output,
                        "'{cmd}' is not a command: type a color 0 to {} (or its name), u, r, q or ?",
                        Color((n_colors - 1) as u8).to_char()
                    )?;
                    continue;
                };
                let gain = game.play(c)?;
                writeln!(
                    output,
                    "{} ({}): removed {} blocks",
                    c,
                    c.name(),
                    gain.blocks
                )?;
                if game.current().is_solved() {
                    draw(&game, output)?;
                    let n = game.current().n_moves();
                    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
                    writeln!(output, "cleared in {n} moves: {}", moves.join(","))?;
                    return Ok(Ending::Cleared(n));
                }
            }
        }
        if redraw {
            draw(&game, output)?;
        } else {
            writeln!(
                output,
                "moves: {}  blocks left: {}",
                game.current().n_moves(),
                game.current().blocks_left()
            )?;
        }
    }
    let n = game.current().n_moves();
    writeln!(
        output,
        "stopped after {n} moves, {} blocks left",
        game.current().blocks_left()
    )?;
    Ok(Ending::Quit(n))
}

/// The longest command line read: commands are a few characters, so a
/// longer line is not a game (e.g. `/dev/zero` or a binary file as input).
pub const MAX_LINE_BYTES: u64 = 1024;

/// The next line of `input` (lossily decoded), or `None` at its end; lines
/// longer than [`MAX_LINE_BYTES`] are an error, so nothing unbounded is held.
fn read_command(
    input: &mut impl BufRead,
    bytes: &mut Vec<u8>,
    line_no: &mut u64,
) -> Result<Option<String>> {
    bytes.clear();
    let n = input
        .by_ref()
        .take(MAX_LINE_BYTES + 1)
        .read_until(b'\n', bytes)
        .context("reading a command")?;
    if n == 0 {
        return Ok(None);
    }
    *line_no += 1;
    if bytes.last() != Some(&b'\n') && n as u64 > MAX_LINE_BYTES {
        bail!(
            "input line {line_no} is longer than {MAX_LINE_BYTES} bytes: a command is a color, \
             u, r, q or ? on a line of its own"
        );
    }
    Ok(Some(String::from_utf8_lossy(bytes).into_owned()))
}

/// A color from its character or its name, if the board has it.
fn parse_color(text: &str, n_colors: usize) -> Option<Color> {
    let mut chars = text.chars();
    let by_char = match (chars.next(), chars.next()) {
        (Some(ch), None) => Color::from_char(ch),
        _ => None,
    };
    let c = by_char.or_else(|| {
        (0..n_colors as u8)
            .map(Color)
            .find(|c| c.name().eq_ignore_ascii_case(text))
    })?;
    (c.index() < n_colors).then_some(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_script(board: &Board, script: &str) -> (Ending, String) {
        let mut out = Vec::new();
        let ending = play_lines(board, script.as_bytes(), &mut out, Style::Plain, false).unwrap();
        (ending, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_scripted_game_clears_with_undo_and_bad_input() {
        let cells = ".01101".chars().map(Color::from_char).collect();
        let board = Board::new(3, 2, 2, cells).unwrap();
        let (ending, out) = run_script(&board, "1\nx\n9\nu\nu\n0\ncoral\nnavy\n1\n0\n");
        // 0 removes block 1 and 4; then 1 removes the rest.
        assert_eq!(ending, Ending::Cleared(2), "{out}");
        assert!(out.contains("'x' is not a command"));
        assert!(out.contains("'9' is not a command"));
        assert!(out.contains("nothing to undo"));
        assert!(out.contains("cleared in 2 moves: 0,1"));
    }

    #[test]
    fn long_lines_are_refused_and_short_ones_need_no_newline() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let long = "x".repeat(MAX_LINE_BYTES as usize + 1);
        let mut out = Vec::new();
        let err = play_lines(&board, long.as_bytes(), &mut out, Style::Plain, false).unwrap_err();
        assert!(
            err.to_string()
                .contains("input line 1 is longer than 1024 bytes"),
            "{err}"
        );
        // A line of exactly the limit is read (and is not a command); the
        // last line may lack its newline.
        let script = format!("{}\n3", "y".repeat(MAX_LINE_BYTES as usize));
        let (ending, out) = run_script(&board, &script);
        assert_eq!(ending, Ending::Quit(1), "{out}");
        assert!(out.contains("is not a command"));
    }

    #[test]
    fn end_of_input_stops_cleanly() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let (ending, out) = run_script(&board, "3\n4\n");
        assert_eq!(ending, Ending::Quit(2));
        assert!(out.contains("stopped after 2 moves"));
    }
}
