//! `colorwalk play`: the full-screen game in a terminal (see `tui.rs`), and
//! line mode for pipes and scripts (or `--lines`).
//!
//! Each line is a command: a color (its number `0`-`9`/`a`-`z`, or its name),
//! `u` undo, `r` restart, `?` help, `q` quit. On boards of 18 colors or
//! more some colors' letters are these commands' (`h`, `q`, `r`, `u`): the
//! command wins, and the help says to play those colors by name. End of input ends the game
//! cleanly, like `q`.
//!
//! Both rule sets play: on a Color Walk board the region is blank (`.` in
//! plain text); on a Flood-It board it has the color of the last move (at
//! first the start block's), drawn in that color, or as `*` with the start
//! block `@` in plain text, where the status line names its color. Playing
//! the region's own color takes in nothing and still counts.
//!
//! `--limit` plays with a move limit, as Flood-It games do: `par` (the
//! proven optimum, from the exact solver), `par+N`, or a number of moves.
//! When the moves run out before the board is clear the game is lost; undo
//! and restart still work.

use super::game_text::{
    Ending, LimitRule, MAX_GAME_MOVES, MoveLimit, PAR_TIME, move_text, parse_limit, resolve_limit,
    rules_title, too_many_moves_text, write_region_status,
};
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
    // Checked in every mode, though only the full-screen game steps with it:
    // a mistyped spec is an error, not a surprise later.
    let spec = cw_solve::Spec::parse(&args.spec)
        .map_err(|e| anyhow::anyhow!("--spec {}: {e}", cw_solve::quoted(&args.spec)))?;
    let rule = args
        .limit
        .as_deref()
        .map(parse_limit)
        .transpose()
        .context("--limit")?;
    let tty = std::io::stdout().is_terminal();
    let stdin_tty = std::io::stdin().is_terminal();
    let full_screen = tty && stdin_tty && !args.lines && !args.plain;
    // Line mode reads its commands from standard input: a board read from
    // there to its end would leave none, and the game would end unplayed.
    // (From a terminal, the board ends at Ctrl-D and the commands follow.)
    if args.board.as_deref() == Some(std::ffi::OsStr::new("-")) && !stdin_tty {
        bail!(
            "play reads its commands from standard input, so BOARD cannot be - there too: \
             give the board as a file or an ID"
        );
    }
    let board = match &args.board {
        Some(source) => load_one(source, args.from.map(Format::from), args.pick.as_deref())?.board,
        None if args.pick.is_some() || args.from.is_some() => anyhow::bail!(
            "--pick and --from say which board of a file to play, and how to read it: \
             give the file (or - for standard input) as BOARD"
        ),
        None => Board::seeded(30, 20, 5, super::board_cmds::random_seed())?,
    };
    let limit = match rule {
        Some(rule @ LimitRule::Par { .. }) => {
            // On standard error, in line mode too: the search may take
            // seconds before the game starts (Ctrl-C then ends the process).
            eprintln!(
                "finding par (the exact solver, at most {} s)…",
                PAR_TIME.as_secs()
            );
            Some(resolve_limit(&board, rule, PAR_TIME))
        }
        Some(rule) => Some(resolve_limit(&board, rule, PAR_TIME)),
        None => None,
    };
    if full_screen {
        let ending = super::tui::run(board, spec, limit)?;
        // A signal ended it: 130, as the searching commands do.
        return Ok(crate::interrupt::exit_code(ending.exit_code()));
    }
    let style = if args.plain || !tty {
        Style::Plain
    } else {
        Style::Color
    };
    let stdin = std::io::stdin();
    let ending = play_lines(
        &board,
        stdin.lock(),
        &mut std::io::stdout().lock(),
        style,
        tty,
        limit.as_ref(),
    )?;
    Ok(ending.exit_code())
}

/// Runs a game: reads commands from `input`, writes to `output`. The board is
/// drawn at the start and, when `redraw` is set, after every move. With a
/// `limit`, the game is lost when its moves run out before the board is
/// clear.
pub fn play_lines(
    board: &Board,
    mut input: impl BufRead,
    output: &mut impl Write,
    style: Style,
    redraw: bool,
    limit: Option<&MoveLimit>,
) -> Result<Ending> {
    let graph = ClusterGraph::new(board);
    let mut game = Playthrough::new(&graph);
    let n_colors = board.n_colors();
    let flood_it = board.is_flood_it();
    write!(
        output,
        "{} {}  ({} colors",
        rules_title(board),
        board.id(),
        n_colors
    )?;
    if flood_it {
        let (row, col) = board.start_row_col();
        write!(output, ", start row {row}, column {col}")?;
    }
    writeln!(output, ")")?;
    writeln!(output, "{}", render::legend(n_colors, style))?;
    if flood_it {
        writeln!(
            output,
            "flood the whole board: each move gives your region a color and takes in the groups of \
             that color it touches ({} is the start block, {} the rest of the region in plain text)",
            render::START_CHAR,
            render::REGION_CHAR
        )?;
    }
    if let Some(l) = limit {
        writeln!(output, "move limit: {} ({})", l.moves, l.how)?;
    }
    writeln!(
        output,
        "type a color number, u to undo, r to restart, q to quit, ? for help"
    )?;
    let status = |g: &Playthrough<'_>| -> String {
        let n = g.current().n_moves();
        let mut s = match limit {
            Some(l) => format!("moves: {n}/{}", l.moves),
            None => format!("moves: {n}"),
        };
        write_region_status(&mut s, board, g.moves(), g.current().blocks_left());
        s
    };
    let lost = |g: &Playthrough<'_>| {
        limit.is_some_and(|l| g.current().n_moves() >= l.moves && !g.current().is_solved())
    };
    let draw = |g: &Playthrough<'_>, out: &mut dyn Write| -> std::io::Result<()> {
        let region = board.region_color(g.moves());
        out.write_all(
            render::position(board, |c| g.current().is_blank(c), region, style).as_bytes(),
        )?;
        writeln!(out, "{}", status(g))
    };
    draw(&game, output)?;
    // A Flood-It board whose start group is the whole board is cleared as
    // it is, as `verify` and the full screen say.
    if game.current().is_solved() {
        writeln!(output, "cleared in 0 moves")?;
        return Ok(Ending::Cleared(0));
    }
    let mut bytes = Vec::new();
    let mut line_no = 0;
    // Whether the loss was told after the move that lost.
    let mut loss_told = false;
    while let Some(line) = read_command(&mut input, &mut bytes, &mut line_no)? {
        let line = match line {
            InputLine::Text(line) => line,
            InputLine::TooLong => {
                writeln!(
                    output,
                    "input line {line_no} is longer than {MAX_LINE_BYTES} bytes, skipped: a \
                     command is a color, u, r, q or ? on a line of its own"
                )?;
                continue;
            }
        };
        let cmd = line.trim();
        match cmd {
            "" => continue,
            "q" | "quit" | "exit" => break,
            "?" | "h" | "help" => {
                writeln!(output, "colors: {}", render::legend(n_colors, Style::Plain))?;
                writeln!(output, "u undo, r restart, q quit")?;
                let shadowed: Vec<String> = COMMAND_LETTERS
                    .iter()
                    .filter_map(|&ch| Color::from_char(ch))
                    .filter(|c| c.index() < n_colors)
                    .map(|c| format!("{} {}", c.to_char(), c.name()))
                    .collect();
                if !shadowed.is_empty() {
                    writeln!(
                        output,
                        "the letters of {} are commands here: play those colors by number or name",
                        shadowed.join(", ")
                    )?;
                }
                if flood_it {
                    writeln!(
                        output,
                        "plain text draws your region as {} and its start block as {}; \
                         playing the region's own color takes in nothing but counts",
                        render::REGION_CHAR,
                        render::START_CHAR
                    )?;
                }
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
                        "'{}' is not a command: type a color 0 to {}{} (or its name), u, r, q or ?",
                        // Control characters (an escape sequence) are shown,
                        // not sent to the terminal.
                        cmd.escape_debug(),
                        n_colors - 1,
                        if n_colors > 10 {
                            format!(
                                ", 10 and up also as a to {}",
                                Color((n_colors - 1) as u8).to_char()
                            )
                        } else {
                            String::new()
                        }
                    )?;
                    continue;
                };
                if lost(&game) {
                    writeln!(output, "out of moves: u to undo, r to restart, q to quit")?;
                    continue;
                }
                if game.current().n_moves() >= MAX_GAME_MOVES {
                    writeln!(output, "{}", too_many_moves_text())?;
                    continue;
                }
                let region_before = board.region_color(game.moves());
                let gain = game.play(c)?;
                writeln!(output, "{}", move_text(c, gain.blocks, region_before))?;
                if game.current().is_solved() {
                    draw(&game, output)?;
                    let n = game.current().n_moves();
                    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
                    writeln!(
                        output,
                        "cleared in {}: {}",
                        super::count(n, "move"),
                        moves.join(",")
                    )?;
                    return Ok(Ending::Cleared(n));
                }
                if lost(&game) {
                    draw(&game, output)?;
                    writeln!(output, "{}", lost_text(&game, limit))?;
                    loss_told = true;
                    continue;
                }
            }
        }
        if redraw {
            draw(&game, output)?;
        } else {
            writeln!(output, "{}", status(&game))?;
        }
    }
    let n = game.current().n_moves();
    if lost(&game) {
        // Said once: after the move that lost, if one did.
        if !loss_told {
            writeln!(output, "{}", lost_text(&game, limit))?;
        }
        return Ok(Ending::Lost(n));
    }
    writeln!(
        output,
        "stopped after {}, {} left",
        super::count(n, "move"),
        super::count(game.current().blocks_left(), "block")
    )?;
    Ok(Ending::Quit(n))
}

fn lost_text(game: &Playthrough<'_>, limit: Option<&MoveLimit>) -> String {
    let l = limit.map_or(0, |l| l.moves);
    let left = game.current().blocks_left();
    format!(
        "out of moves: all {l} are used and {} {} left: the game is lost (u undo, r restart, q quit)",
        super::count(left, "block"),
        if left == 1 { "is" } else { "are" }
    )
}

/// The longest command line read: commands are a few characters, so a
/// longer line is skipped.
pub const MAX_LINE_BYTES: u64 = 1024;

/// How far past [`MAX_LINE_BYTES`] a line is skipped in search of its end:
/// a line longer still is no game's input (`/dev/zero`, a binary file).
pub const MAX_SKIP_BYTES: u64 = 1 << 20;

/// A line of input as line mode reads it.
enum InputLine {
    /// A line (lossily decoded).
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`], skipped.
    TooLong,
}

/// The next line of `input`, or `None` at its end. A line longer than
/// [`MAX_LINE_BYTES`] is skipped to its end, holding at most that much;
/// one without an end within [`MAX_SKIP_BYTES`] more is an error.
fn read_command(
    input: &mut impl BufRead,
    bytes: &mut Vec<u8>,
    line_no: &mut u64,
) -> Result<Option<InputLine>> {
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
    if bytes.last() == Some(&b'\n') || (n as u64) <= MAX_LINE_BYTES {
        return Ok(Some(InputLine::Text(
            String::from_utf8_lossy(bytes).into_owned(),
        )));
    }
    let mut skipped = 0;
    while skipped <= MAX_SKIP_BYTES {
        bytes.clear();
        let n = input
            .by_ref()
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', bytes)
            .context("reading a command")?;
        if n == 0 || bytes.last() == Some(&b'\n') {
            return Ok(Some(InputLine::TooLong));
        }
        skipped += n as u64;
    }
    bail!(
        "input line {line_no} runs on past {} MiB without an end: this is no game's input",
        MAX_SKIP_BYTES >> 20
    )
}

/// The one-letter commands of line mode, which win over a color of the
/// same letter.
const COMMAND_LETTERS: [char; 4] = ['h', 'q', 'r', 'u'];

/// A color from its character, its number (as the legend and the moves
/// name it: `35`) or its name, if the board has it.
fn parse_color(text: &str, n_colors: usize) -> Option<Color> {
    let mut chars = text.chars();
    let by_char = match (chars.next(), chars.next()) {
        (Some(ch), None) => Color::from_char(ch),
        _ => None,
    };
    let by_number = || {
        text.parse::<u8>()
            .ok()
            .filter(|_| text.bytes().all(|b| b.is_ascii_digit()))
            .map(Color)
    };
    let c = by_char.or_else(by_number).or_else(|| {
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
        let ending = play_lines(
            board,
            script.as_bytes(),
            &mut out,
            Style::Plain,
            false,
            None,
        )
        .unwrap();
        (ending, String::from_utf8(out).unwrap())
    }

    fn run_limited(board: &Board, script: &str, limit: &MoveLimit) -> (Ending, String) {
        let mut out = Vec::new();
        let ending = play_lines(
            board,
            script.as_bytes(),
            &mut out,
            Style::Plain,
            true,
            Some(limit),
        )
        .unwrap();
        (ending, String::from_utf8(out).unwrap())
    }

    /// 3×2 Flood-It board `001 / 211` from the top-left: the region starts
    /// as blocks 0 and 1 (color 0); 1 then 2 clears it (par 2).
    fn flood_it() -> Board {
        let cells = "001211".chars().map(Color::from_char).collect();
        Board::with_start(3, 2, 3, cells, 0).unwrap()
    }

    #[test]
    fn a_scripted_game_clears_with_undo_and_bad_input() {
        let cells = ".01101".chars().map(Color::from_char).collect();
        let board = Board::new(3, 2, 2, cells).unwrap();
        let (ending, out) = run_script(&board, "1\nx\n9\nu\nu\n0\ncoral\nnavy\n1\n0\n");
        // 0 removes block 1 and 4; then 1 removes the rest.
        assert_eq!(ending, Ending::Cleared(2), "{out}");
        assert!(out.contains("'x' is not a command"));
        // An escape sequence typed or piped in is echoed escaped.
        let (_, escaped) = run_script(&board, "\u{1b}[2J\nq\n");
        assert!(
            escaped.contains("'\\u{1b}[2J' is not a command"),
            "{escaped}"
        );
        assert!(!escaped.contains('\u{1b}'), "{escaped}");
        assert!(out.contains("'9' is not a command"));
        assert!(out.contains("nothing to undo"));
        assert!(out.contains("cleared in 2 moves: 0,1"));
    }

    #[test]
    fn a_board_clear_from_the_start_is_cleared_in_no_moves() {
        // Flood-It, every cell of one color: the start group is the board.
        let cells = "0000".chars().map(Color::from_char).collect();
        let board = Board::with_start(2, 2, 2, cells, 0).unwrap();
        for script in ["", "1\n", "q\n"] {
            let (ending, out) = run_script(&board, script);
            assert_eq!(ending, Ending::Cleared(0), "{out}");
            assert!(out.contains("cleared in 0 moves"), "{out}");
        }
    }

    #[test]
    fn long_lines_are_skipped_and_short_ones_need_no_newline() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        // A long line between two moves: skipped, said so, the game goes on.
        let script = format!("0\n{}\n2\n", "x".repeat(2000));
        let (ending, out) = run_script(&board, &script);
        assert_eq!(ending, Ending::Quit(2), "{out}");
        assert!(
            out.contains("input line 2 is longer than 1024 bytes, skipped"),
            "{out}"
        );
        // A line with no end in sight is no game's input.
        let endless = vec![b'0'; (MAX_SKIP_BYTES + 4 * MAX_LINE_BYTES) as usize];
        let mut out = Vec::new();
        let err = play_lines(
            &board,
            endless.as_slice(),
            &mut out,
            Style::Plain,
            false,
            None,
        )
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("input line 1 runs on past 1 MiB without an end"),
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
    fn on_boards_of_many_colors_command_letters_stay_commands_and_names_play() {
        let id: cw_core::BoardId = "6x6c30-f1".parse().unwrap();
        let board = id.board().unwrap();
        let q = Color::from_char('q').unwrap();
        assert!(q.index() < 30, "the board has a color lettered q");
        // `?` names the shadowed colors; `q` quits rather than plays; the
        // color's name plays it.
        let (ending, out) = run_script(&board, &format!("?\n{}\nq\n0\n", q.name()));
        assert!(
            out.contains("the letters of h ") && out.contains(&format!("q {}", q.name())),
            "{out}"
        );
        assert!(out.contains("play those colors by number or name"), "{out}");
        assert!(!out.contains("is not a command"), "{out}");
        assert!(matches!(ending, Ending::Quit(1)), "one move, then q: {out}");
        // A color's number, as the legend and the moves name it, plays it;
        // its letter too, and both say the number.
        let k = Color::from_char('k').unwrap();
        let (ending, out) = run_script(&board, &format!("{}\nk\n", q.index()));
        assert!(matches!(ending, Ending::Quit(2)), "two moves: {out}");
        assert!(
            out.contains(&format!("{} ({})", q.index(), q.name())),
            "{out}"
        );
        assert!(
            out.contains(&format!("{} ({})", k.index(), k.name())),
            "{out}"
        );
        let (_, out) = run_script(&board, "30\n");
        assert!(
            out.contains("'30' is not a command: type a color 0 to 29, 10 and up also as a to t"),
            "{out}"
        );
        // Five colors: no letter is shadowed, and the help says nothing.
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let (_, out) = run_script(&board, "?\n");
        assert!(!out.contains("are commands here"), "{out}");
    }

    #[test]
    fn endless_moves_stop_at_the_most_a_game_plays() {
        // Color 0 again and again: wasted moves, counted, never clearing.
        let cells = ".01101".chars().map(Color::from_char).collect();
        let board = Board::new(3, 2, 2, cells).unwrap();
        let script = "0\n".repeat(MAX_GAME_MOVES as usize + 3) + "u\n0\n";
        let (ending, out) = run_script(&board, &script);
        assert_eq!(
            ending,
            Ending::Quit(MAX_GAME_MOVES),
            "{}",
            &out[out.len() - 400..]
        );
        // Each move past the most is refused, and undo makes room for one.
        assert_eq!(out.matches("a game plays at most 10000 moves").count(), 3);
        assert!(out.contains("undid 0 (teal)"));
    }

    #[test]
    fn end_of_input_stops_cleanly() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let (ending, out) = run_script(&board, "3\n4\n");
        assert_eq!(ending, Ending::Quit(2));
        assert!(out.contains("stopped after 2 moves"));
    }

    #[test]
    fn flood_it_draws_the_region_as_stars_in_its_color_and_counts_wasted_moves() {
        let board = flood_it();
        let (ending, out) = run_script(&board, "?\n0\n1\n2\n");
        assert_eq!(ending, Ending::Cleared(3), "{out}");
        assert!(
            out.starts_with("Flood-It 3x2c3:001211  (3 colors, start row 0, column 0)"),
            "{out}"
        );
        // Every color is listed, and the help explains the drawing.
        assert!(out.contains("0 teal  1 navy  2 coral"), "{out}");
        assert!(
            out.contains("plain text draws your region as * and its start block as @"),
            "{out}"
        );
        // The start: the region is the start group, in the start's color.
        assert!(
            out.contains("@*1\n211\nmoves: 0  blocks left: 4  region: 0 (teal)"),
            "{out}"
        );
        assert!(out.contains("0 (teal): the region is teal already: nothing taken in (a wasted move, still counted)"), "{out}");
        assert!(
            out.contains("moves: 1  blocks left: 4  region: 0 (teal)"),
            "{out}"
        );
        assert!(
            out.contains("1 (navy): the region takes in 3 blocks"),
            "{out}"
        );
        assert!(
            out.contains("moves: 2  blocks left: 1  region: 1 (navy)"),
            "{out}"
        );
        assert!(out.contains("@**\n***\n"), "{out}");
        assert!(out.contains("cleared in 3 moves: 0,1,2"), "{out}");
    }

    #[test]
    fn a_limited_game_is_lost_when_its_moves_run_out_and_undo_still_works() {
        let board = flood_it();
        let limit = resolve_limit(&board, LimitRule::Par { slack: 0 }, PAR_TIME);
        assert_eq!(
            limit,
            MoveLimit {
                moves: 2,
                how: "par 2".into()
            }
        );
        // A wasted move, then one that does not finish: lost.
        let (ending, out) = run_limited(&board, "0\n1\n2\n", &limit);
        assert_eq!(ending, Ending::Lost(2), "{out}");
        assert!(out.contains("move limit: 2 (par 2)"), "{out}");
        assert!(
            out.contains("moves: 1/2  blocks left: 4  region: 0 (teal)"),
            "{out}"
        );
        assert!(
            out.contains("@**\n2**\nmoves: 2/2  blocks left: 1  region: 1 (navy)"),
            "{out}"
        );
        assert!(
            out.contains("out of moves: all 2 are used and 1 block is left: the game is lost"),
            "{out}"
        );
        assert!(
            out.contains("out of moves: u to undo, r to restart, q to quit"),
            "{out}"
        );
        // The loss is told once, not again when the input ends.
        assert_eq!(out.matches("the game is lost").count(), 1, "{out}");
        // Undo, then the right moves: cleared within the limit.
        let (ending, out) = run_limited(&board, "0\n1\nu\nu\n1\n2\n", &limit);
        assert_eq!(ending, Ending::Cleared(2), "{out}");
        let slack = resolve_limit(&board, LimitRule::Par { slack: 3 }, PAR_TIME);
        assert_eq!(
            slack,
            MoveLimit {
                moves: 5,
                how: "par 2 + 3".into()
            }
        );
        let fixed = resolve_limit(&board, LimitRule::Moves(7), PAR_TIME);
        assert_eq!(
            fixed,
            MoveLimit {
                moves: 7,
                how: "7 moves".into()
            }
        );
    }

    #[test]
    fn move_limits_are_read_from_text() {
        assert_eq!(parse_limit("par").unwrap(), LimitRule::Par { slack: 0 });
        assert_eq!(
            parse_limit(" PAR + 2 ").unwrap(),
            LimitRule::Par { slack: 2 }
        );
        assert_eq!(parse_limit("25").unwrap(), LimitRule::Moves(25));
        for bad in [
            "",
            "0",
            "par-1",
            "par+",
            "par+x",
            "-3",
            "10001",
            "par+10001",
            "lots",
        ] {
            let e = parse_limit(bad).unwrap_err().to_string();
            assert!(e.contains(&format!("'{bad}'")), "{bad}: {e}");
        }
        assert!(
            parse_limit("7x")
                .unwrap_err()
                .to_string()
                .contains("expected par, par+N")
        );
    }

    #[test]
    fn color_walk_boards_play_as_before_with_a_limit() {
        let cells = ".01101".chars().map(Color::from_char).collect();
        let board = Board::new(3, 2, 2, cells).unwrap();
        let limit = resolve_limit(&board, LimitRule::Moves(1), PAR_TIME);
        let (ending, out) = run_limited(&board, "0\n", &limit);
        assert_eq!(ending, Ending::Lost(1), "{out}");
        assert!(
            out.starts_with("Color Walk 3x2c2:.01101  (2 colors)\n"),
            "{out}"
        );
        assert!(out.contains("0 (teal): removed 2 blocks"), "{out}");
        assert!(
            out.contains("..1\n1.1\nmoves: 1/1  blocks left: 3\n"),
            "{out}"
        );
        assert!(!out.contains("region:"), "{out}");
    }
}
