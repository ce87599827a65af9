//! `bench`: a plan of specs × boards played on all cores (or one shard of
//! it) into the store, with its table; `--dry-run` says what it would do.

use super::{make_parent_folders, open_store, open_store_to_read, table_format};
use crate::cli::BenchArgs;
use anyhow::{Context, Result, anyhow, bail};
use cw_batch::{Batch, BatchError, BoardSet, Caps, Event, Field, Plan, PlanDraft, Resume, Shard};
use cw_lab::{GameRecord, Store, TableFormat};
use cw_solve::presets::SERIES_TABLE;
use cw_solve::{ProgressSink, SearchProgress, Spec};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Parses `A..B` (B excluded) or a count `N` (from 1) into (first, count);
/// the plan's check decides whether that many boards may be played.
fn parse_range(text: &str, what: &str) -> Result<(u64, u64)> {
    let bad =
        || anyhow!("{what} '{text}': expected FIRST..END (end excluded), FIRST..=LAST or a count");
    let number = |s: &str| {
        let s = s.trim();
        s.parse::<u64>().map_err(|e| match e.kind() {
            std::num::IntErrorKind::PosOverflow => anyhow!(
                "{what} '{text}': {s} is too large: seeds and board numbers go up to {}",
                u64::MAX
            ),
            _ => bad(),
        })
    };
    // (first, count); `..=` reaches the last number too (seed 2^64 − 1).
    if let Some((a, b)) = text.split_once("..=") {
        let (first, last) = (number(a)?, number(b)?);
        if last < first {
            bail!("{what} '{text}' holds no boards: the last is below the first");
        }
        return (last - first)
            .checked_add(1)
            .map(|count| (first, count))
            .ok_or_else(|| anyhow!("{what} '{text}' holds more boards than can be counted"));
    }
    let (first, end) = match text.split_once("..") {
        Some((a, b)) => (number(a)?, number(b)?),
        // A count: the plan says whether it is within its cap.
        None => match number(text)? {
            0 => bail!("{what} '{text}': a count of boards is at least 1"),
            n => return Ok((1, n)),
        },
    };
    if end <= first {
        bail!("{what} '{text}' holds no boards: the end is excluded and must be above the first");
    }
    Ok((first, end - first))
}

/// The boards the flags ask for, and the flag that chose them.
fn boards_draft(args: &BenchArgs) -> Result<(BoardSet, &'static str)> {
    let (width, height) = args.size;
    let colors = usize::from(args.colors);
    if let Some(path) = &args.boards {
        let from = args.from.map(cw_core::format::Format::from);
        let entries = crate::board_input::load_all(path, from)?;
        let label = path.to_string_lossy().into_owned();
        return Ok((BoardSet::Entries { label, entries }, "--boards"));
    }
    if let Some(seeds) = &args.seeds {
        let (first, count) = parse_range(seeds, "--seeds")?;
        let draft = if args.flood_it || args.start.is_some() {
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start: args.start.map_or((0, 0), |s| s.on(width, height)),
            }
        } else {
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            }
        };
        return Ok((draft, "--seeds"));
    }
    let (first, count) = match &args.koblenski {
        Some(k) => parse_range(k, "--koblenski")?,
        None => (1, 100),
    };
    let draft = BoardSet::Koblenski {
        first,
        count,
        width,
        height,
        colors,
    };
    Ok((draft, "--koblenski"))
}

/// The plan the flags ask for, checked by the plan's one check.
fn plan(args: &BenchArgs) -> Result<Plan> {
    let specs: Vec<String> = if args.spec.is_empty() {
        SERIES_TABLE.iter().map(|r| r.preset.to_string()).collect()
    } else {
        args.spec.clone()
    };
    let (boards, boards_flag) = boards_draft(args)?;
    let draft = PlanDraft {
        specs,
        boards,
        max_moves: args.max_moves,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        memory_bytes: args.memory_mb.map(|mb| mb << 20),
    };
    let plan = cw_batch::check(&draft, &Caps::command_line()).map_err(|e| {
        let flag = match &e.field {
            Field::Specs => "--spec".to_string(),
            Field::Spec(text) => format!("--spec {}", cw_solve::quoted(text)),
            Field::First | Field::Count | Field::Entries => boards_flag.to_string(),
            Field::Shape => "--size/--colors".to_string(),
            Field::Start => "--start".to_string(),
            Field::MaxMoves => "--max-moves".to_string(),
            Field::TimeLimit => "--time-limit".to_string(),
        };
        anyhow!("{flag}: {}", e.message)
    })?;
    // Look-aheads that would take hours a move on these boards (the first
    // board's colors stand for the set's).
    if let Ok(Some(first)) = plan.boards.first() {
        let graph = cw_core::ClusterGraph::new(&first.board);
        for spec in &plan.specs {
            super::note_costly(spec, first.board.n_colors(), args.time_limit);
            super::note_memory(spec, &graph, args.memory_mb);
        }
    }
    // A spec given twice (in any spelling) is played once: say so.
    let mut first_text: Vec<(String, &str)> = Vec::new();
    for text in &draft.specs {
        let Ok(spec) = Spec::parse(text) else {
            continue;
        };
        let canonical = spec.to_string();
        match first_text.iter().find(|(c, _)| *c == canonical) {
            Some((_, first)) => eprintln!(
                "note: --spec '{text}' is '{first}' again ({canonical}): it is played once"
            ),
            None => first_text.push((canonical, text)),
        }
    }
    Ok(plan)
}

/// The shard `--shard` names: `I/N`, or `auto` from the scheduler's
/// environment.
fn shard(args: &BenchArgs) -> Result<Option<Shard>> {
    let Some(text) = &args.shard else {
        return Ok(None);
    };
    let shard = if text.trim() == "auto" {
        Shard::from_env(|name| std::env::var(name).ok(), args.shard_count)
    } else {
        if args.shard_count.is_some() {
            bail!("--shard-count goes with --shard auto; --shard {text} gives the count itself");
        }
        text.parse()
    };
    Ok(Some(shard.map_err(|e| anyhow!("--shard: {e}"))?))
}

/// `colorwalk bench`.
pub fn bench(args: &BenchArgs) -> Result<ExitCode> {
    let format = table_format(&args.format, args.json)?;
    if args.published && matches!(format, TableFormat::Json | TableFormat::Csv) {
        bail!(
            "--published adds a second table after the summaries, so it takes --format table \
             or markdown, not {}",
            if format == TableFormat::Json {
                "JSON"
            } else {
                "csv"
            }
        );
    }
    let plan = plan(args)?;
    if args.published
        && !matches!(
            plan.boards,
            BoardSet::Koblenski {
                first: 1,
                count: 100,
                width: 30,
                height: 20,
                colors: 5
            }
        )
    {
        bail!(
            "--published compares with the series' figures for its 100 boards (the default \
             board set); these boards are {}",
            plan.boards.description()
        );
    }
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games, eta {eta}",
        )
        .expect("the template is valid"),
    );
    // --progress lines go above the bar (which hides itself while one prints).
    let progress = args.progress.then(|| {
        let bar = bar.clone();
        ProgressSink(Arc::new(move |p: &SearchProgress<'_>| {
            bar.suspend(|| eprintln!("{}", super::progress_line(p)));
        }))
    });
    let batch = Batch {
        shard: shard(args)?,
        progress,
        // Ctrl-C stops the games; what finished is kept (and stored).
        cancel: (!args.dry_run).then(crate::interrupt::flag),
        ..Batch::new(
            plan,
            args.threads.map_or_else(
                || std::thread::available_parallelism().map_or(1, |n| n.get()),
                usize::from,
            ),
        )
    };
    // The solutions' file is opened (made if missing, but not emptied)
    // before the store and before any game is played, so a path that cannot
    // be written makes no store and loses no run, and a file it made is
    // removed when the store refuses the run; never over the store or the
    // boards read. It is emptied and written at the end.
    let store_path = (!args.no_store).then(|| args.db.clone().unwrap_or_else(Store::default_path));
    if let Some(path) = args.solutions.as_deref() {
        // The file has a line per board of the plan, and its moves replay
        // on that board: a spec that meets boards of its own (the series'
        // stream shared on the series' run, `k@` IDs) has none to give.
        let first = &batch.plan.specs[0];
        if matches!(batch.plan.boards, BoardSet::Koblenski { .. }) && first.uses_series_stream() {
            bail!(
                "--solutions writes the first spec's moves for the plan's boards, but {first} draws \
                 from the series' stream on the series' run, so it plays boards of its own (their \
                 `k@` IDs are in `colorwalk runs RUN --games`); put another spec first, or give it \
                 rng=seeded"
            );
        }
        for (what, other) in [
            ("the results database", store_path.as_deref()),
            ("the boards' file", args.boards.as_deref()),
        ] {
            // `-` is standard output here (and standard input as the
            // boards): no file of that name is meant.
            let dash = std::path::Path::new("-");
            if path != dash
                && other.is_some_and(|other| other != dash && super::same_file(path, other))
            {
                bail!(
                    "--solutions {} is {what} too: writing the moves there would wipe it; \
                     give another file",
                    path.display()
                );
            }
        }
        // Nor over another store (a slip of the finger between `--db` and
        // `--solutions`): a moves file is text, never an SQLite database.
        if is_sqlite_file(path) {
            bail!(
                "--solutions {} is an SQLite database (a results store?): writing the moves \
                 there would wipe it; give another file",
                path.display()
            );
        }
    }
    // A dry run refuses what the run would (above), and says what it would
    // play; it makes no file.
    if args.dry_run {
        return dry_run(args, &batch);
    }
    // What the run would refuse (a spec that cannot be sharded), before a
    // store is made for it; then a store that cannot be written, before a
    // run is begun in it.
    cw_batch::resume_point(&batch, None, Resume::Same)?;
    if let Some(path) = &store_path {
        super::check_store_writable(path)?;
    }
    // The solutions file is made next (a path that cannot be written is
    // refused before a store is made for the run), and taken away again if
    // the store is refused.
    let made_solutions = args
        .solutions
        .as_deref()
        .filter(|p| *p != std::path::Path::new("-") && !p.exists())
        .map(|p| (p, first_missing_folder(p)));
    let mut solutions_out = match args.solutions.as_deref() {
        // `-`, or the file standard output already writes (`/dev/stdout`
        // with the output sent to a file): the table then goes to standard
        // error. The file standard error writes is written through it.
        Some(path) if path == std::path::Path::new("-") || same_as_fd(path, "/dev/stdout") => {
            Some(SolutionsOut::Stdout)
        }
        Some(path) if same_as_fd(path, "/dev/stderr") => Some(SolutionsOut::Stderr),
        Some(path) => Some(SolutionsOut::File(
            open_to_write_later(path)?,
            path.to_owned(),
        )),
        None => None,
    };
    let resume = if args.fresh {
        Resume::Fresh
    } else {
        Resume::Same
    };
    let open = || -> Result<Option<cw_lab::Store>> {
        let store = match &store_path {
            None => None,
            Some(path) => Some(open_store(Some(path))?),
        };
        // What the store's runs make the run refuse (an unfinished
        // look-alike).
        match cw_batch::resume_point(&batch, store.as_ref(), resume) {
            Err(e @ BatchError::CannotResume(_)) => bail!("{e}. {FRESH_HINT}"),
            other => other?,
        };
        Ok(store)
    };
    let mut store = match open() {
        Ok(store) => store,
        Err(e) => {
            if let Some((file, folders)) = &made_solutions {
                remove_made(file, folders.as_deref());
            }
            return Err(e);
        }
    };
    let started = Instant::now();
    // The games of the plan (of its shard), until the run says how many are
    // left (a run cancelled while its boards are made never does).
    let boards = batch.plan.boards.len();
    let mut to_play =
        batch.plan.specs.len() * batch.shard.map_or(boards, |s| s.len_of(boards)) as usize;
    let outcome = cw_batch::run(&batch, store.as_mut(), resume, &mut |event| match event {
        Event::Started {
            run,
            already_done,
            total,
            ..
        } => {
            if let Some(shard) = batch.shard {
                eprintln!(
                    "shard {shard}: {} of the plan's {} boards (fingerprint {})",
                    total / batch.plan.specs.len().max(1),
                    batch.plan.boards.len(),
                    batch.plan.fingerprint().digest()
                );
            }
            if let (Some(run), 1..) = (run, already_done) {
                eprintln!("resuming run {run}: {already_done} of {total} games already played");
            }
            to_play = total - already_done;
            bar.set_length(to_play as u64);
        }
        Event::Played(_) => bar.inc(1),
    });
    // A run refused or failed leaves no solutions file it made.
    let outcome = match outcome {
        Ok(outcome) => outcome,
        Err(e) => {
            if let Some((file, folders)) = &made_solutions {
                remove_made(file, folders.as_deref());
            }
            match e {
                e @ BatchError::CannotResume(_) => bail!("{e}. {FRESH_HINT}"),
                e => return Err(e.into()),
            }
        }
    };
    bar.finish_and_clear();
    let wall = started.elapsed();
    let (cancelled, played) = (outcome.cancelled, outcome.played);
    let (run, records) = (outcome.run, outcome.records);
    let boards = &batch.plan.boards;
    let known = cw_batch::known_optima(store.as_ref(), boards.listed_optima(), &records)?;
    for conflict in &known.conflicts {
        eprintln!("warning: {conflict}");
    }
    let optima = known.optima;
    // A solutions file is written before the table (which may go to a
    // closed pipe), and an interrupted run leaves a file it did not make as
    // it was: it holds the moves of some earlier run, which this one's
    // unfinished games would replace with `-`.
    if let Some(SolutionsOut::File(file, path)) = solutions_out.as_mut() {
        if cancelled && made_solutions.is_none() {
            eprintln!(
                "--solutions {} is left as it was: the run was interrupted",
                path.display()
            );
        } else {
            let text = solutions_text(
                &records,
                &batch.plan.specs[0].to_string(),
                boards.len() as usize,
            )?;
            // A regular file is emptied first (it may hold more than this);
            // a device or a pipe (`/dev/null`, `>(…)`) is only written.
            file.metadata()
                .and_then(|m| if m.is_file() { file.set_len(0) } else { Ok(()) })
                .and_then(|()| file.write_all(text.as_bytes()))
                .with_context(|| format!("writing {}", path.display()))?;
        }
    }
    // With `--solutions -` the moves go to standard output and the table to
    // standard error.
    let mut w: Box<dyn Write> = match solutions_out {
        Some(SolutionsOut::Stdout) => Box::new(std::io::stderr().lock()),
        _ => Box::new(std::io::stdout().lock()),
    };
    // Rows in the order the specs were asked for, not the order games
    // finished; a spec with no games yet (a run played in part) has its row.
    let summaries = cw_lab::Summary::per_spec(&records, Some(&optima), &batch.plan.labels());
    if records.is_empty() && matches!(format, TableFormat::Terminal | TableFormat::Markdown) {
        // A table for people of no games says nothing; JSON and CSV keep
        // their shapes (a row of no games per spec) for programs.
        eprintln!("no games were played, so there is no table");
    } else if format == TableFormat::Json {
        // The run's ID (what `runs` and a resume know it by; none without a
        // store) beside its summaries.
        let value = serde_json::json!({ "run": run, "summaries": summaries });
        writeln!(w, "{value}")?;
    } else {
        write!(w, "{}", cw_lab::render_summaries(&summaries, format))?;
    }
    if args.published {
        write!(w, "{}", published_table(&records, format))?;
    }
    drop(w);
    if let Some(out @ (SolutionsOut::Stdout | SolutionsOut::Stderr)) = solutions_out.as_ref() {
        let text = solutions_text(
            &records,
            &batch.plan.specs[0].to_string(),
            boards.len() as usize,
        )?;
        match out {
            SolutionsOut::Stdout => std::io::stdout().lock().write_all(text.as_bytes())?,
            _ => std::io::stderr().lock().write_all(text.as_bytes())?,
        }
    }
    if cancelled {
        eprintln!(
            "interrupted: {} of {to_play} played{}",
            super::count(played as u64, "game"),
            match run {
                Some(r) => format!(
                    "; run {r} keeps what was played: the same command{} plays the {} left",
                    if args.fresh { " without --fresh" } else { "" },
                    to_play - played
                ),
                None => String::new(),
            }
        );
        return Ok(ExitCode::from(crate::interrupt::EXIT_INTERRUPTED));
    }
    eprintln!(
        "{} in {:.1} s on {}{}{}",
        super::count(to_play as u64, "game"),
        wall.as_secs_f64(),
        super::count(batch.threads as u64, "thread"),
        peak_memory_mb()
            .map(|mb| format!("; peak memory {mb:.0} MB (process)"))
            .unwrap_or_default(),
        run.map(|r| format!("; stored as run {r}"))
            .unwrap_or_default()
    );
    Ok(ExitCode::SUCCESS)
}

/// What to do when a run cannot be resumed.
const FRESH_HINT: &str = "Add --fresh to begin a new run beside it (it stays as it is).";

/// `bench --dry-run`: the checked plan, its fingerprint and the shard's
/// part, on standard output; nothing is played or stored.
fn dry_run(args: &BenchArgs, batch: &Batch) -> Result<ExitCode> {
    let plan = &batch.plan;
    let (boards, specs) = (plan.boards.len(), plan.specs.len() as u64);
    // Where the results would go, and whether the run would begin at all.
    let path = args.db.clone().unwrap_or_else(cw_lab::Store::default_path);
    if !args.no_store {
        super::check_store_writable(&path)?;
    }
    let store = if args.no_store || !path.exists() {
        None
    } else {
        open_store_to_read(Some(&path))?
    };
    let resume = if args.fresh {
        Resume::Fresh
    } else {
        Resume::Same
    };
    let point = match cw_batch::resume_point(batch, store.as_ref(), resume) {
        Err(e @ BatchError::CannotResume(_)) => bail!("{e}. {FRESH_HINT}"),
        other => other?,
    };
    // As the run would: a run another process is playing is refused.
    if let (Some(store), Some((run, _))) = (&store, point) {
        store.check_run_free(run)?;
    }
    let games = batch.shard.map_or(boards, |s| s.len_of(boards)) * specs;
    let mut w = std::io::stdout().lock();
    if table_format(&args.format, args.json)? == TableFormat::Json {
        let value = serde_json::json!({
            "plan": plan.fingerprint().digest(),
            "boards": boards,
            "board_set": plan.boards.description(),
            "specs": plan.labels(),
            "games": boards * specs,
            "shard": batch.shard.map(|s| serde_json::json!({
                "shard": s.to_string(),
                "boards": s.len_of(boards),
                "games": s.len_of(boards) * specs,
            })),
            "store": (!args.no_store).then(|| path.display().to_string()),
            "resume": point.map(|(run, done)| serde_json::json!({
                "run": run,
                "played": done,
                "games": games,
            })),
        });
        serde_json::to_writer_pretty(&mut w, &value)?;
        writeln!(w)?;
        return Ok(ExitCode::SUCCESS);
    }
    writeln!(
        w,
        "plan {}: {} ({}) × {} ({}) = {}",
        plan.fingerprint().digest(),
        super::count(boards, "board"),
        plan.boards.description(),
        super::count(specs, "spec"),
        plan.labels().join(", "),
        super::count(boards * specs, "game")
    )?;
    if let Some(shard) = batch.shard {
        let mine = shard.len_of(boards);
        writeln!(
            w,
            "shard {shard}: {}, {}",
            super::count(mine, "board"),
            super::count(mine * specs, "game")
        )?;
    }
    let store = match (args.no_store, point) {
        (true, _) => "not stored".to_string(),
        (false, None) => format!("store {}, a new run", path.display()),
        (false, Some((run, done))) => format!(
            "store {}, resuming run {run}: {done} of {games} games already played",
            path.display(),
        ),
    };
    writeln!(w, "{store}; nothing played (--dry-run)")?;
    Ok(ExitCode::SUCCESS)
}

/// Where `bench --solutions` writes.
enum SolutionsOut {
    Stdout,
    Stderr,
    File(std::fs::File, std::path::PathBuf),
}

/// Whether `path` is the file the standard stream `stream` (`/dev/stdout`,
/// `/dev/stderr`) writes, which opening it anew would write over.
fn same_as_fd(path: &std::path::Path, stream: &str) -> bool {
    path.exists() && super::same_file(path, std::path::Path::new(stream))
}

/// Opens the file at `path` to write it later, making it and its missing
/// folders if needed; what it holds stays until then.
/// The highest folder on the way to `path` that does not exist yet: what
/// making its parent folders makes (`None`: they all exist).
fn first_missing_folder(path: &std::path::Path) -> Option<std::path::PathBuf> {
    path.ancestors()
        .skip(1)
        .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
        .last()
        .map(std::path::Path::to_path_buf)
}

/// Takes away a file the run made, and the folders made for it up to
/// `folders` (each only if empty: something else may have been put there).
fn remove_made(file: &std::path::Path, folders: Option<&std::path::Path>) {
    let _ = std::fs::remove_file(file);
    let Some(top) = folders else { return };
    for dir in file.ancestors().skip(1) {
        if std::fs::remove_dir(dir).is_err() || dir == top {
            break;
        }
    }
}

fn open_to_write_later(path: &std::path::Path) -> Result<std::fs::File> {
    make_parent_folders(path)?;
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .with_context(|| format!("writing {}", path.display()))
}

/// Whether `path` is a regular file that begins as every SQLite database
/// does.
fn is_sqlite_file(path: &std::path::Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    path.is_file()
        && std::fs::File::open(path)
            .and_then(|mut f| f.read_exact(&mut head))
            .is_ok()
        && &head == b"SQLite format 3\0"
}

/// `spec`'s moves, one line per board in the set's order, each color as one
/// character `0`-`9`, `a`-`z`; `-` where it did not clear the board, `?`
/// where it has not played it (another shard's board, or a run
/// interrupted before it).
fn solutions_text(records: &[GameRecord], spec: &str, n_boards: usize) -> Result<String> {
    let mut lines = vec!["?".to_string(); n_boards];
    for r in records.iter().filter(|r| r.spec == spec) {
        if !r.solved() {
            if let Some(line) = lines.get_mut(r.board_index as usize) {
                *line = "-".to_string();
            }
            continue;
        }
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
    Ok(lines.iter().map(|l| format!("{l}\n")).collect())
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
