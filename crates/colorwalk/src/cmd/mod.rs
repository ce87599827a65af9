//! The subcommands, a module per group of them (see ARCHITECTURE.md);
//! `run` dispatches.

mod bench;
mod board_cmds;
mod game_text;
mod optimum;
mod play;
mod runs;
mod serve;
mod solve;
mod tui;
mod verify;

use crate::cli::{Cli, Command};
use anyhow::Context;
use cw_lab::Store;
use cw_solve::{ProgressSink, SearchProgress};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::New(args) => board_cmds::new(&args),
        Command::Show(args) => board_cmds::show(&args),
        Command::Convert(args) => board_cmds::convert(&args),
        Command::Play(args) => play::run(&args),
        Command::Verify(args) => verify::run(&args),
        Command::Solvers(args) => solve::solvers(&args),
        Command::Solve(args) => solve::solve(&args),
        Command::Optimum(args) => optimum::run(&args),
        Command::Bench(args) => bench::bench(&args),
        Command::Runs(args) => runs::runs(&args),
        Command::Merge(args) => runs::merge(&args),
        Command::Compare(args) => runs::compare(&args),
        Command::Plot(args) => runs::plot(&args),
        Command::Serve(args) => serve::run(&args),
    }
}

/// Whether two paths name one file, through symbolic or hard links too;
/// where either does not exist yet, whether they lead to the same place
/// (both would be made as one file).
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    if !a.exists() || !b.exists() {
        return matches!((resolved(a, 0), resolved(b, 0)), (Some(x), Some(y)) if x == y);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.dev() == y.dev() && x.ino() == y.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
    }
}

/// Where `path` leads, whether or not it exists: an existing path
/// canonicalized; a symbolic link (dangling too) followed; else its folder
/// resolved so, with its name. `None` past 40 links (a loop).
fn resolved(path: &Path, links: u32) -> Option<std::path::PathBuf> {
    let path = std::path::absolute(path).ok()?;
    if let Ok(real) = path.canonicalize() {
        return Some(real);
    }
    if let Ok(target) = std::fs::read_link(&path) {
        let target = match path.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
        return (links < 40).then(|| resolved(&target, links + 1)).flatten();
    }
    match (path.parent(), path.file_name()) {
        (Some(folder), Some(name)) => Some(resolved(folder, links)?.join(name)),
        // A path ending in `..` whose folder does not exist.
        _ => Some(path),
    }
}

/// Opens the results database at `db` (default: the user's data folder). An
/// error names the file once: the store's own message already does when
/// SQLite cannot open it; other failures (its folder, its schema) get it here.
pub(crate) fn open_store(db: Option<&Path>) -> anyhow::Result<Store> {
    let path = db.map_or_else(Store::default_path, Path::to_path_buf);
    Store::open(&path).map_err(|e| {
        let shown = path.display().to_string();
        if e.to_string().contains(&shown) {
            anyhow::Error::new(e)
        } else {
            anyhow::Error::new(e).context(format!("opening the results database {shown}"))
        }
    })
}

/// Opens the results database at `db` (default: the user's data folder)
/// for commands that only read it (`runs`, `compare`, `plot`, `bench
/// --dry-run`): nothing in the file changes, a read-only store reads as
/// well as any, and a database that does not exist is an error naming the
/// file and how results get there, never a new empty file (nor folders) at
/// a mistyped path. `None`
/// when the default database does not exist yet and `db` was not given,
/// so a caller can say that nothing is stored yet.
pub(crate) fn open_store_to_read(db: Option<&Path>) -> anyhow::Result<Option<Store>> {
    let path = db.map_or_else(Store::default_path, Path::to_path_buf);
    // Something there that is no file (a folder) is left to SQLite to name.
    if !path.exists() {
        if db.is_none() {
            return Ok(None);
        }
        anyhow::bail!(
            "there is no results database {} (check --db; `colorwalk bench --db FILE` stores runs there)",
            path.display()
        );
    }
    cw_lab::Store::open_to_read(&path).map(Some).map_err(|e| {
        let shown = path.display().to_string();
        if e.to_string().contains(&shown) {
            anyhow::Error::new(e)
        } else {
            anyhow::Error::new(e).context(format!("opening the results database {shown}"))
        }
    })
}

/// `n` and a noun with a regular plural: `1 move`, `2 moves`.
pub(crate) fn count(n: impl TryInto<u64>, noun: &str) -> String {
    // Every count here fits in 64 bits.
    let n = n.try_into().unwrap_or(u64::MAX);
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// One line for a search's progress report, e.g.
/// `30x30c6-s2: 40 ≤ minimum ≤ 41 after 1.6 s (93032 positions expanded, 59.7 MB held)`;
/// a search from the middle of a game (a later stage of a spec) counts the
/// moves left: `30x20c5-k1 after 5 moves: fewest moves left 25, proven after …`.
pub(crate) fn progress_line(p: &SearchProgress<'_>) -> String {
    let (board, what) = if p.moves_before == 0 {
        (p.board.to_string(), "minimum")
    } else {
        (
            format!("{} after {}", p.board, count(p.moves_before, "move")),
            "fewest moves left",
        )
    };
    let bounds = if p.lower_bound >= p.upper_bound {
        format!("{what} {}, proven", p.upper_bound)
    } else {
        format!("{} ≤ {what} ≤ {}", p.lower_bound, p.upper_bound)
    };
    format!(
        "{board}: {bounds} after {:.1} s ({} positions expanded, {:.1} MB held)",
        p.elapsed.as_secs_f64(),
        p.nodes_expanded,
        p.held_bytes as f64 / 1e6
    )
}

/// A sink that prints each report as a line on standard error (`--progress`).
pub(crate) fn stderr_progress(on: bool) -> Option<ProgressSink> {
    on.then(|| ProgressSink(Arc::new(|p| eprintln!("{}", progress_line(p)))))
}

/// Positions per move above which a look-ahead is worth a warning: about
/// ten seconds a move on this machine kind.
const COSTLY_POSITIONS: f64 = 1e9;

/// Says so when `spec`'s caps let it hold more than half of the machine's
/// memory on `graph` and no `--memory-mb` bounds the game: within its
/// documented ranges a spec can ask for more than the machine has, and the
/// process would then be killed rather than the game stopped.
pub(crate) fn note_memory(
    spec: &cw_solve::Spec,
    graph: &cw_core::ClusterGraph,
    memory_mb: Option<u64>,
) {
    if memory_mb.is_some() {
        return;
    }
    let Some(machine) = cw_web::machine_memory_mb() else {
        return;
    };
    let need = spec.memory_need(graph) >> 20;
    if need > machine / 2 {
        eprintln!(
            "note: {spec} may hold up to {need} MiB on this board, more than half of this \
             machine's {machine} MiB; --memory-mb N stops its searches within N MiB"
        );
    }
}

/// The optimum the board's file lists, unless what was found contradicts
/// it (`cw_batch::reconcile_optimum`, the rule `bench` and the web lab use
/// too): a solution shorter than it, or a proven bound above it (the
/// search's, or the colors `entry`'s board has left to play). A contradicted one is
/// ignored, with a warning.
pub(crate) fn listed_optimum_that_holds(
    entry: &cw_core::format::BoardEntry,
    solution: Option<usize>,
    bound: Option<u32>,
) -> Option<u32> {
    let found = cw_batch::OptimumEvidence {
        shortest: solution.map(|m| u32::try_from(m).unwrap_or(u32::MAX)),
        proven: None,
        lower: bound,
    };
    // Named as the results name it: by its name in the file, else its ID
    // (shortened where it writes out the cells).
    let label = crate::board_input::label(entry);
    let (listed, board) = (entry.optimum, &entry.board);
    let (holds, why) = cw_batch::reconcile_optimum(&label, listed, found, board);
    if let Some(why) = why {
        eprintln!("warning: {why}");
    }
    holds.map(|(moves, _)| moves)
}

/// A note on standard error when a stage of `spec` looks ahead over more
/// than [`COSTLY_POSITIONS`] positions a move on a board of `n_colors`
/// colors and no time limit bounds the game (the web lab refuses such
/// specs; the command line runs them, as asked).
pub(crate) fn note_costly(spec: &cw_solve::Spec, n_colors: usize, time_limit: Option<f64>) {
    if time_limit.is_some() {
        return;
    }
    for stage in spec.alternatives().iter().flatten() {
        for param in stage.def().params {
            if let cw_solve::ParamCost::PositionsPerMove { .. } = param.cost {
                let value = stage.params().int(param.name);
                let positions = (n_colors as f64).powi(value.min(i64::from(i32::MAX)) as i32);
                if positions > COSTLY_POSITIONS {
                    eprintln!(
                        "note: {} {}={value} with {n_colors} colors tries {positions:.0e} \
                         positions a move, which can take hours; --time-limit S bounds the \
                         game, Ctrl-C stops it",
                        stage.def().name,
                        param.name
                    );
                }
            }
        }
    }
}

/// The output of `--format TEXT`, or JSON for `--json`.
pub(super) fn table_format(text: &str, json: bool) -> anyhow::Result<cw_lab::TableFormat> {
    if json {
        return Ok(cw_lab::TableFormat::Json);
    }
    text.parse().map_err(|e| anyhow::anyhow!("--format: {e}"))
}

/// [`check_writable`] for a command that can keep nothing instead
/// (`--no-store`): its error says so.
pub(super) fn check_store_writable(path: &std::path::Path) -> anyhow::Result<()> {
    check_writable(path).map_err(|e| {
        anyhow::anyhow!("{e:#}; give another store with --db, or --no-store to keep nothing")
    })
}

/// Whether the run could write its store at `path`, as `bench` would open
/// it: the file (if there) and its folder (SQLite makes its journal files
/// beside it), or the nearest folder that exists (where the missing ones
/// would be made). An error that says why not.
pub(super) fn check_writable(path: &std::path::Path) -> anyhow::Result<()> {
    if path.exists() {
        // A named pipe or a device is no store (and opening a pipe to
        // write waits for a reader, past any Ctrl-C); a folder is refused
        // by the store itself.
        if !path.is_file() && !path.is_dir() {
            anyhow::bail!(
                "the results database {} is not a regular file",
                path.display()
            );
        }
        std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .with_context(|| {
                format!("the results database {} cannot be written", path.display())
            })?;
    }
    let mut dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    while let Some(d) = dir.filter(|d| !d.exists()) {
        dir = d.parent().filter(|d| !d.as_os_str().is_empty());
    }
    let dir = dir.unwrap_or(std::path::Path::new("."));
    // A file made and removed at once: the one portable test of a folder.
    let probe = dir.join(format!(".colorwalk-probe-{}", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
        .with_context(|| {
            if path.exists() {
                format!(
                    "the results database {} cannot be written: its folder {} cannot be \
                     written (SQLite keeps its journal files beside the store)",
                    path.display(),
                    dir.display()
                )
            } else {
                format!(
                    "the results database {} cannot be made: its folder {} cannot be written",
                    path.display(),
                    dir.display()
                )
            }
        })?;
    let _ = std::fs::remove_file(&probe);
    Ok(())
}

/// Makes the missing folders of `path`'s parent; a file standing where a
/// folder should be is named as such.
pub(super) fn make_parent_folders(path: &std::path::Path) -> anyhow::Result<()> {
    let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) else {
        return Ok(());
    };
    if let Err(e) = std::fs::create_dir_all(dir) {
        if let Some(file) = dir.ancestors().find(|a| a.is_file()) {
            anyhow::bail!(
                "cannot make the folder {}: {} is a file",
                dir.display(),
                file.display()
            );
        }
        return Err(e).with_context(|| format!("making the folder {}", dir.display()));
    }
    Ok(())
}
