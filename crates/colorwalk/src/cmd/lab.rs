//! The batch lab: `bench`, `runs`, `compare` and `plot`.

use super::open_store;
use crate::cli::{BenchArgs, CompareArgs, PlotArgs, RunsArgs};
use anyhow::{Context, Result, anyhow, bail};
use cw_batch::{Batch, Event};
use cw_lab::{GameRecord, TableFormat};
use cw_solve::presets::SERIES_TABLE;
use cw_solve::{BoardSet, Limits, Spec};
use indicatif::{ProgressBar, ProgressStyle};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The output of `--format TEXT`, or JSON for `--json`.
fn table_format(text: &str, json: bool) -> Result<TableFormat> {
    if json {
        return Ok(TableFormat::Json);
    }
    text.parse().map_err(|e| anyhow!("--format: {e}"))
}

/// Parses `A..B` (B excluded) or a count `N` (from 1).
fn parse_range(text: &str, what: &str) -> Result<(u64, u64)> {
    let bad = || anyhow!("{what} '{text}': expected FIRST..END (end excluded) or a count");
    let (first, end) = match text.split_once("..") {
        Some((a, b)) => (
            a.trim().parse().map_err(|_| bad())?,
            b.trim().parse().map_err(|_| bad())?,
        ),
        None => {
            let n: u64 = text.trim().parse().map_err(|_| bad())?;
            (1, n.checked_add(1).ok_or_else(bad)?)
        }
    };
    if end <= first {
        bail!("{what} '{text}' holds no boards: the end is excluded and must be above the first");
    }
    if end - first > 1_000_000 {
        bail!("{what} '{text}' is too many boards: at most 1000000");
    }
    Ok((first, end - first))
}

fn board_set(args: &BenchArgs) -> Result<BoardSet> {
    let (width, height) = args.size;
    let colors = usize::from(args.colors);
    if let Some(path) = &args.boards {
        let source = path.to_string_lossy();
        let from = args.from.map(cw_core::format::Format::from);
        let entries = crate::board_input::load_all(&source, from)?;
        return Ok(BoardSet::Entries {
            label: source.into_owned(),
            entries,
        });
    }
    if let Some(seeds) = &args.seeds {
        let (first, count) = parse_range(seeds, "--seeds")?;
        if args.flood_it || args.start.is_some() {
            let start = args.start.map_or((0, 0), |s| s.on(width, height));
            cw_core::Board::check_start(width, height, start.0, start.1)?;
            return Ok(BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start,
            });
        }
        return Ok(BoardSet::Seeds {
            first,
            count,
            width,
            height,
            colors,
        });
    }
    let (first, count) = match &args.koblenski {
        Some(k) => {
            let (first, count) = parse_range(k, "--koblenski")?;
            if first == 0 {
                bail!("--koblenski: the series' boards are numbered from 1");
            }
            let last = crate::board_input::last_series_board(width, height);
            if first + (count - 1) > last {
                bail!(
                    "--koblenski '{k}' runs past the end of the series' stream: it holds \
                     {width}x{height} boards 1 to {last}"
                );
            }
            (first, count)
        }
        None => (1, 100),
    };
    Ok(BoardSet::Koblenski {
        first,
        count,
        width,
        height,
        colors,
    })
}

/// `colorwalk bench`.
pub fn bench(args: &BenchArgs) -> Result<ExitCode> {
    let format = table_format(&args.format, args.json)?;
    if args.published && format == TableFormat::Json {
        bail!("--published adds a table beside the summaries, so it does not combine with JSON");
    }
    let texts: Vec<String> = if args.spec.is_empty() {
        SERIES_TABLE.iter().map(|r| r.preset.to_string()).collect()
    } else {
        args.spec.clone()
    };
    let mut specs: Vec<Spec> = Vec::new();
    for text in &texts {
        let spec = Spec::parse(text).with_context(|| format!("--spec '{text}'"))?;
        if !specs.contains(&spec) {
            specs.push(spec);
        }
    }
    let set = board_set(args)?;
    let batch = Batch {
        specs,
        set,
        limits: Limits {
            max_moves: args.max_moves,
            time_limit: args.time_limit.map(Duration::from_secs_f64),
            cancel: None,
            memory_bytes: args.memory_mb.map(|mb| mb << 20),
        },
        threads: args.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            usize::from,
        ),
    };
    let mut store = if args.no_store {
        None
    } else {
        Some(open_store(args.db.as_deref())?)
    };
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games, eta {eta}",
        )
        .expect("the template is valid"),
    );
    let started = Instant::now();
    let mut to_play = 0;
    let outcome = cw_batch::run(
        &batch,
        store.as_mut(),
        args.fresh,
        &mut |event| match event {
            Event::Started {
                run,
                already_done,
                total,
            } => {
                if let (Some(run), 1..) = (run, already_done) {
                    eprintln!("resuming run {run}: {already_done} of {total} games already played");
                }
                to_play = total - already_done;
                bar.set_length(to_play as u64);
            }
            Event::Played(_) => bar.inc(1),
        },
    )?;
    bar.finish_and_clear();
    let wall = started.elapsed();
    let (run, records, entries) = (outcome.run, outcome.records, outcome.entries);
    if let Some(path) = &args.solutions {
        write_solutions(path, &records, &batch.specs[0].to_string(), entries.len())?;
    }
    let optima = cw_batch::known_optima(store.as_ref(), &entries, &records)?;
    let mut w = std::io::stdout().lock();
    write!(
        w,
        "{}",
        cw_lab::render_summaries(&cw_lab::summarize(&records, Some(&optima)), format)
    )?;
    if args.published {
        write!(w, "{}", published_table(&records, format))?;
    }
    eprintln!(
        "{} games in {:.1} s on {} threads{}{}",
        to_play,
        wall.as_secs_f64(),
        batch.threads,
        peak_memory_mb()
            .map(|mb| format!("; peak memory {mb:.0} MB (process)"))
            .unwrap_or_default(),
        run.map(|r| format!("; stored as run {r}"))
            .unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes `spec`'s moves, one line per board in the set's order, each color
/// as one character `0`-`9`, `a`-`z`; `-` where it did not clear the board.
fn write_solutions(
    path: &std::path::Path,
    records: &[GameRecord],
    spec: &str,
    n_boards: usize,
) -> Result<()> {
    let mut lines = vec!["-".to_string(); n_boards];
    for r in records.iter().filter(|r| r.spec == spec && r.solved()) {
        let moves: cw_core::Moves = r
            .solution
            .parse()
            .with_context(|| format!("the stored moves of board {}", r.board_id))?;
        if let Some(line) = lines.get_mut(r.board_index as usize) {
            *line = moves
                .0
                .iter()
                .map(|c| char::from_digit(u32::from(c.0), 36).unwrap_or('?'))
                .collect();
        }
    }
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))
}

/// The process's peak resident memory in MB (10^6 bytes), from
/// `/proc/self/status` (`VmHWM`); `None` where that is not available.
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line["VmHWM:".len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024.0 / 1e6)
}

/// The series' published numbers beside the reproduced ones, for the rows of
/// its table that were run.
fn published_table(records: &[GameRecord], format: TableFormat) -> String {
    let summaries = cw_lab::summarize(records, None);
    let mut table = comfy_table::Table::new();
    match format {
        TableFormat::Markdown => table.load_style(comfy_table::presets::ASCII_MARKDOWN),
        _ => table.load_style(comfy_table::presets::UTF8_FULL_CONDENSED),
    };
    table.force_no_tty();
    table.set_header([
        "series row",
        "part",
        "published min/mean/max/sd",
        "reproduced min/mean/max/sd",
        "mean diff",
    ]);
    for row in SERIES_TABLE {
        let Ok(spec) = Spec::parse(row.preset) else {
            continue;
        };
        let label = spec.to_string();
        let Some(s) = summaries.iter().find(|s| s.spec == label) else {
            continue;
        };
        let ours = match (s.min_moves, s.mean_moves, s.max_moves, s.stdev_moves) {
            (Some(a), Some(b), Some(c), Some(d)) => format!("{a} / {b:.2} / {c} / {d:.2}"),
            _ => "unsolved".to_string(),
        };
        let (published, diff) = match (row.published, s.mean_moves) {
            (Some((a, b, c, d)), Some(m)) => (
                format!("{a} / {b:.1} / {c} / {d:.1}"),
                format!("{:+.2}", m - b),
            ),
            (Some((a, b, c, d)), None) => (format!("{a} / {b:.1} / {c} / {d:.1}"), String::new()),
            (None, _) => ("not published".to_string(), String::new()),
        };
        table.add_row([
            row.label.to_string(),
            if row.part == 0 {
                "ours".to_string()
            } else {
                format!("P{}", row.part)
            },
            published,
            ours,
            diff,
        ]);
    }
    format!("\n{table}\n")
}

/// `colorwalk runs`.
pub fn runs(args: &RunsArgs) -> Result<ExitCode> {
    let format = table_format(&args.format, args.json)?;
    let store = open_store(args.db.as_deref())?;
    let mut w = std::io::stdout().lock();
    match args.run {
        None => write!(w, "{}", cw_lab::render_runs(&store.runs()?, format))?,
        Some(id) => {
            let info = store
                .run(id)?
                .ok_or_else(|| anyhow!("no run {id} in the database"))?;
            let records = store.results(id)?;
            let ids: HashSet<&str> = records.iter().map(|r| r.board_id.as_str()).collect();
            let optima = store.optima(ids)?;
            if format == TableFormat::Terminal {
                writeln!(
                    w,
                    "run {id}: {} boards of {}, {} results, created {}{}",
                    info.n_boards,
                    info.board_set,
                    info.n_results,
                    info.created,
                    if info.finished.is_none() {
                        " (unfinished: `colorwalk bench` with the same settings resumes it)"
                    } else {
                        ""
                    }
                )?;
            }
            write!(
                w,
                "{}",
                cw_lab::render_summaries(&cw_lab::summarize(&records, Some(&optima)), format)
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `colorwalk compare`.
pub fn compare(args: &CompareArgs) -> Result<ExitCode> {
    let format = table_format(&args.format, args.json)?;
    let store = open_store(args.db.as_deref())?;
    let load = |id: i64| -> Result<Vec<GameRecord>> {
        store
            .run(id)?
            .ok_or_else(|| anyhow!("no run {id} in the database"))?;
        Ok(store.results(id)?)
    };
    let (a, b) = (load(args.a)?, load(args.b)?);
    let diffs = cw_lab::compare(&a, &b);
    if diffs.is_empty() {
        bail!("runs {} and {} share no solver spec", args.a, args.b);
    }
    let mut w = std::io::stdout().lock();
    if format == TableFormat::Terminal {
        writeln!(
            w,
            "run {} (a) against run {} (b): better/worse count boards where b used fewer/more moves",
            args.a, args.b
        )?;
    }
    write!(w, "{}", cw_lab::render_comparison(&diffs, format))?;
    Ok(ExitCode::SUCCESS)
}

/// `colorwalk plot`.
pub fn plot(args: &PlotArgs) -> Result<ExitCode> {
    let store = open_store(args.db.as_deref())?;
    store
        .run(args.run)?
        .ok_or_else(|| anyhow!("no run {} in the database", args.run))?;
    let records = store.results(args.run)?;
    let out: &PathBuf = &args.out;
    cw_lab::plot_run(&records, out)?;
    eprintln!("wrote {}", out.display());
    Ok(ExitCode::SUCCESS)
}
