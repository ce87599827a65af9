//! `new`, `show` and `convert`: boards in, boards out.

use crate::board_input::{load_all, load_one};
use crate::cli::{ConvertArgs, NewArgs, ShowArgs};
use crate::json::{self, BoardJson};
use crate::render::{self, Style};
use anyhow::{Context, Result, bail};
use cw_core::format::{self, BoardEntry, Format};
use cw_core::{Board, BoardId, ClusterGraph, Moves};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

/// `colorwalk new`.
pub fn new(args: &NewArgs) -> Result<ExitCode> {
    let (w, h) = args.size;
    let k = usize::from(args.colors);
    let boards: Vec<Board> = if !args.ids.is_empty() {
        args.ids
            .iter()
            .map(|text| {
                let id: BoardId = text.parse().with_context(|| format!("'{text}'"))?;
                Ok(id.board()?)
            })
            .collect::<Result<_>>()?
    } else if let Some(first) = args.koblenski {
        let last = cw_core::last_series_board(w, h);
        if first > last || args.count - 1 > last - first {
            let asked = if args.count == 1 {
                format!("--koblenski {first}")
            } else {
                format!("--koblenski {first} -n {}", args.count)
            };
            bail!(
                "{asked} runs past the end of the series' stream: it holds {w}x{h} boards 1 to {last}"
            );
        }
        (first..=first + (args.count - 1))
            .map(|n| Board::koblenski(w, h, k, n))
            .collect::<Result<_, _>>()?
    } else {
        // A random first seed is below 10⁹, so only a given one can run
        // past the last seed.
        let first = args.seed.unwrap_or_else(random_seed);
        if first.checked_add(args.count - 1).is_none() {
            bail!(
                "--seed {first} -n {} runs past the last seed, {}",
                args.count,
                u64::MAX
            );
        }
        let seeds = (0..args.count).map(|i| first + i);
        if args.flood_it || args.start.is_some() {
            let start = args.start.map_or((0, 0), |s| s.on(w, h));
            seeds
                .map(|seed| Board::seeded_flood_it(w, h, k, seed, start))
                .collect::<Result<_, _>>()?
        } else {
            seeds
                .map(|seed| Board::seeded(w, h, k, seed))
                .collect::<Result<_, _>>()?
        }
    };
    let entries: Vec<BoardEntry> = boards.into_iter().map(BoardEntry::new).collect();
    print_entries(
        &entries,
        args.to.into(),
        args.json,
        &mut std::io::stdout().lock(),
    )?;
    Ok(ExitCode::SUCCESS)
}

/// A seed from the clock, for boards nobody asked for by number. The seed is
/// printed with the board (its ID), so the board can still be rebuilt.
pub fn random_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    cw_core::SplitMix64::new(nanos ^ u64::from(std::process::id())).next_u64() % 1_000_000_000
}

/// Prints `entries` to `out` in `format`, or as JSON; an error, with
/// nothing printed, when the format cannot hold one of them.
fn print_entries(
    entries: &[BoardEntry],
    format: Format,
    as_json: bool,
    out: &mut impl Write,
) -> Result<()> {
    if as_json {
        let all: Vec<BoardJson> = entries.iter().map(BoardJson::new).collect();
        serde_json::to_writer(&mut *out, &all)?;
        writeln!(out)?;
        return Ok(());
    }
    if entries.len() > 1 && !format.is_multi_board() {
        bail!(
            "the {format} format holds one board per file; use text, line or id for {} boards",
            entries.len()
        );
    }
    // Every board is written before any is printed, so a board the format
    // cannot hold stops the command with nothing half written.
    let mut text = String::new();
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 && format == Format::Text {
            text.push('\n');
        }
        text.push_str(&format::write(entry, format)?);
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// `colorwalk show`.
pub fn show(args: &ShowArgs) -> Result<ExitCode> {
    let from = args.input.from.map(Format::from);
    let entries = match &args.input.pick {
        Some(pick) => vec![load_one(&args.input.board, from, Some(pick))?],
        None => load_all(&args.input.board, from)?,
    };
    let style = if args.plain || !std::io::stdout().is_terminal() {
        Style::Plain
    } else {
        Style::Color
    };
    let mut out = std::io::stdout().lock();
    let mut reports = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let board = &entry.board;
        let graph = ClusterGraph::new(board);
        let mut game = graph.start();
        let mut played = Vec::new();
        if let Some(moves) = &args.moves {
            let moves: Moves = moves.parse()?;
            for (n, &c) in moves.0.iter().enumerate() {
                if game.is_solved() {
                    break;
                }
                game.try_play(c)
                    .with_context(|| format!("move {}", n + 1))?;
                played.push(c);
            }
        }
        // A Flood-It region has the color of the last move.
        let region = board.region_color(&played);
        if args.json {
            reports.push(serde_json::json!({
                "board": BoardJson::new(entry),
                "clusters": graph.n_clusters(),
                "moves": game.n_moves(),
                "blocks_left": game.blocks_left(),
                "position": render::position(board, |c| game.is_blank(c), region, Style::Plain)
                    .lines().collect::<Vec<_>>(),
            }));
            continue;
        }
        if i > 0 {
            writeln!(out)?;
        }
        writeln!(
            out,
            "# {}  {}x{}, {} colors, {}{}",
            crate::board_input::label(entry),
            board.width(),
            board.height(),
            board.n_colors(),
            super::count(graph.n_clusters() as u64, "cluster"),
            entry
                .optimum
                .map(|o| format!(", optimum {o}"))
                .unwrap_or_default()
        )?;
        if args.moves.is_some() {
            writeln!(
                out,
                "# after {}: {} left{}",
                super::count(game.n_moves(), "move"),
                super::count(game.blocks_left(), "block"),
                if game.is_solved() { " (cleared)" } else { "" }
            )?;
        }
        out.write_all(render::position(board, |c| game.is_blank(c), region, style).as_bytes())?;
        if style == Style::Color {
            writeln!(out, "{}", render::legend(board.n_colors(), style))?;
        }
    }
    if args.json {
        json::print(&reports)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `colorwalk convert`.
pub fn convert(args: &ConvertArgs) -> Result<ExitCode> {
    let entries = load_all(&args.input, args.from.map(Format::from))?;
    let mut buffer = Vec::new();
    print_entries(&entries, args.to.into(), args.json, &mut buffer)?;
    match &args.output {
        Some(path) => {
            std::fs::write(path, buffer).with_context(|| format!("writing {}", path.display()))?
        }
        None => std::io::stdout().lock().write_all(&buffer)?,
    }
    Ok(ExitCode::SUCCESS)
}
