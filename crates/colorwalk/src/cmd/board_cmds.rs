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
    let mut out = std::io::stdout().lock();
    if !args.ids.is_empty() {
        let entries = args
            .ids
            .iter()
            .map(|text| {
                let id: BoardId = text.parse().with_context(|| format!("'{text}'"))?;
                Ok(BoardEntry::new(id.board()?))
            })
            .collect::<Result<Vec<_>>>()?;
        print_entries(&entries, args.to.into(), args.json, &mut out)?;
        return Ok(ExitCode::SUCCESS);
    }
    // Generated boards as IDs are written without making the boards: an ID
    // says how to make one (100,000 boards of 100×100 took minutes).
    let ids_only = matches!(Format::from(args.to), Format::Id) && !args.json;
    // Generated boards are made and written one at a time, so a run of many
    // big boards holds one board, not all of them.
    let boards: Box<dyn Iterator<Item = Result<Board, cw_core::BoardError>>> = if let Some(first) =
        args.koblenski
    {
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
        if ids_only {
            Board::check_shape(w, h, k)?;
            return write_ids(
                (first..=first + (args.count - 1)).map(|n| BoardId::Koblenski {
                    width: w,
                    height: h,
                    n_colors: k,
                    first_draw: cw_core::KoblenskiStream::at_board(w, h, n).seed(),
                }),
            );
        }
        Box::new((first..=first + (args.count - 1)).map(move |n| Board::koblenski(w, h, k, n)))
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
        let seeds = (0..args.count).map(move |i| first + i);
        if args.flood_it || args.start.is_some() {
            let start = args.start.map_or((0, 0), |s| s.on(w, h));
            if ids_only {
                Board::check_shape(w, h, k)?;
                Board::check_start(w, h, start.0, start.1)?;
                return write_ids(seeds.map(|seed| BoardId::SeededFloodIt {
                    width: w,
                    height: h,
                    n_colors: k,
                    seed,
                    start,
                }));
            }
            Box::new(seeds.map(move |seed| Board::seeded_flood_it(w, h, k, seed, start)))
        } else if ids_only {
            Board::check_shape(w, h, k)?;
            return write_ids(seeds.map(|seed| BoardId::Seeded {
                width: w,
                height: h,
                n_colors: k,
                seed,
            }));
        } else {
            Box::new(seeds.map(move |seed| Board::seeded(w, h, k, seed)))
        }
    };
    stream_entries(boards, args.count, args.to.into(), args.json, &mut out)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `ids` a line each (`new --to id` of a generator).
fn write_ids(ids: impl Iterator<Item = BoardId>) -> Result<ExitCode> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for id in ids {
        writeln!(out, "{id}")?;
    }
    out.flush()?;
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
    format::check_color_counts(entries.iter().map(|e| &e.board), format)?;
    // Every board is written before any is printed, so a board the format
    // cannot hold stops the command with nothing half written.
    let mut text = String::new();
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 && format.separates_boards_by_blank_lines() {
            text.push('\n');
        }
        // The line and set formats name every board; a board given by its
        // cells alone would be `board`, so several are numbered instead.
        let numbered;
        let entry = if entries.len() > 1
            && matches!(format, Format::Line | Format::Set)
            && entry.name.is_none()
            && matches!(entry.board.id(), cw_core::BoardId::Literal(_))
        {
            numbered = BoardEntry {
                name: Some(format!("board{}", i + 1)),
                ..entry.clone()
            };
            &numbered
        } else {
            entry
        };
        let written = format::write(entry, format);
        // With several boards, the error names the one at fault.
        let written = match written {
            Err(e) if entries.len() > 1 => Err(anyhow::Error::new(e).context(format!(
                "board {} of {} ({})",
                i + 1,
                entries.len(),
                crate::board_input::label(entry)
            ))),
            w => w.map_err(anyhow::Error::new),
        };
        text.push_str(&written?);
    }
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// Writes generated boards to `out` one at a time in `format`, or as one
/// JSON array. The boards share their size, colors and start, so a format
/// that can hold the first can hold them all, but for the color count of
/// the formats that have none (below): an error comes before anything is
/// printed (or from the generator, on the first board, as the shape is the
/// same for all).
fn stream_entries(
    boards: impl Iterator<Item = Result<Board, cw_core::BoardError>>,
    count: u64,
    format: Format,
    as_json: bool,
    out: &mut impl Write,
) -> Result<()> {
    if count > 1 && !as_json && !format.is_multi_board() {
        bail!(
            "the {format} format holds one board per file; use text, line or id for {count} boards"
        );
    }
    let mut out = std::io::BufWriter::new(out);
    // A format with no color count needs one board of the file to show
    // the last color (see `format::check_color_counts`; the boards share
    // their shape and colors, so that is all it asks of them): the boards
    // are held back until one does, and if none does, nothing is written.
    let mut unshown: Option<(Vec<u8>, anyhow::Error)> = None;
    for (i, board) in boards.enumerate() {
        let entry = BoardEntry::new(board?);
        if as_json {
            out.write_all(if i == 0 { b"[" } else { b"," })?;
            serde_json::to_writer(&mut out, &BoardJson::new(&entry))?;
            continue;
        }
        let mut text = format::write(&entry, format)?.into_bytes();
        if i > 0 && format.separates_boards_by_blank_lines() {
            text.insert(0, b'\n');
        }
        let shows = format::check_color_counts([&entry.board], format);
        match (i, shows, &mut unshown) {
            (0, Err(e), _) => unshown = Some((text, e.into())),
            (_, Ok(()), Some((held, _))) => {
                out.write_all(held)?;
                out.write_all(&text)?;
                unshown = None;
            }
            (_, _, Some((held, _))) => held.extend_from_slice(&text),
            (_, _, None) => out.write_all(&text)?,
        }
    }
    if let Some((_, e)) = unshown {
        return Err(e);
    }
    if as_json {
        out.write_all(b"]\n")?;
    }
    out.flush()?;
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
                game.try_play(c).with_context(|| {
                    let on = if entries.len() > 1 {
                        format!(" on {}", crate::board_input::label(entry))
                    } else {
                        String::new()
                    };
                    format!("move {}{on}", n + 1)
                })?;
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
    // `-o -` is standard output, as `-` is elsewhere.
    let output = args
        .output
        .as_deref()
        .filter(|p| *p != std::path::Path::new("-"));
    // Writing over the input would lose what the output format cannot hold
    // (comments, names, optima), with no way back; the input `-` is the
    // file standard input reads, if it reads one.
    let input = if args.input == "-" {
        std::path::Path::new("/dev/stdin")
    } else {
        std::path::Path::new(&args.input)
    };
    if let Some(out) = output
        && out.exists()
        && input.exists()
        && super::same_file(input, out)
    {
        bail!(
            "{} is both the input and the output: write to another file",
            out.display()
        );
    }
    let entries = load_all(&args.input, args.from.map(Format::from))?;
    let mut buffer = Vec::new();
    print_entries(&entries, args.to.into(), args.json, &mut buffer)?;
    match output {
        Some(path) => {
            std::fs::write(path, buffer).with_context(|| format!("writing {}", path.display()))?
        }
        None => std::io::stdout().lock().write_all(&buffer)?,
    }
    Ok(ExitCode::SUCCESS)
}
