//! The stored runs: `runs`, `compare` and `plot` read them, `merge` joins
//! the shards of one plan into one run.

use super::{check_writable, make_parent_folders, open_store, open_store_to_read, table_format};
use crate::cli::{CompareArgs, MergeArgs, PlotArgs, RunsArgs};
use anyhow::{Context, Result, anyhow, bail};
use cw_lab::{GameRecord, Store, TableFormat};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `colorwalk runs`.
pub fn runs(args: &RunsArgs) -> Result<ExitCode> {
    let format = table_format(&args.format, args.json)?;
    let Some(store) = open_store_to_read(args.db.as_deref())? else {
        // Nothing stored yet in the default database: no runs to list.
        if let Some(id) = args.run {
            bail!(
                "no run {id}: nothing is stored yet ({})",
                missing_default_db()
            );
        }
        // Written, not printed: a closed pipe is an error to pass on (taken
        // as success by `main`), not a panic.
        let mut w = std::io::stdout().lock();
        if format == TableFormat::Terminal {
            writeln!(w, "no runs stored yet ({})", missing_default_db())?;
        } else {
            write!(w, "{}", cw_lab::render_runs(&[], format))?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    let mut w = std::io::stdout().lock();
    match args.run {
        None => write!(w, "{}", cw_lab::render_runs(&store.runs()?, format))?,
        Some(id) => {
            let info = store
                .run(id)?
                .ok_or_else(|| no_run(id, args.db.as_deref()))?;
            let mut records = store.results(id)?;
            if args.games {
                let spec_order = |spec: &str| info.specs.iter().position(|s| s == spec);
                records.sort_by_key(|r| (r.board_index, spec_order(&r.spec)));
                write!(w, "{}", cw_lab::render_games(&records, format))?;
                return Ok(ExitCode::SUCCESS);
            }
            let ids: HashSet<&str> = records.iter().map(|r| r.board_id.as_str()).collect();
            let optima = store.optima(ids)?;
            if format == TableFormat::Terminal {
                writeln!(
                    w,
                    "run {id}: {}{} of {}, {}, created {}{}",
                    info.shard
                        .as_deref()
                        .map_or(String::new(), |s| format!("shard {s} of ")),
                    super::count(info.n_boards, "board"),
                    info.board_set,
                    super::count(info.n_results, "result"),
                    info.created,
                    match (&info.finished, info.fingerprint.is_empty()) {
                        (Some(_), _) => "",
                        (None, false) =>
                            " (unfinished: `colorwalk bench` with the same settings resumes it)",
                        (None, true) =>
                            " (unfinished, and never resumed: it was begun before runs had \
                             fingerprints)",
                    }
                )?;
            }
            write!(
                w,
                "{}",
                cw_lab::render_summaries(
                    &cw_lab::Summary::per_spec(&records, Some(&optima), &info.specs),
                    format
                )
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// How many conflicts and missing boards `merge` lists in words (JSON has
/// them all).
const MERGE_LIST: usize = 20;

/// `colorwalk merge`: exit 0 when the merged run is complete with no
/// conflicting results, 1 when boards are still missing or results conflict
/// (what could be merged is merged either way), 2 on an error.
pub fn merge(args: &MergeArgs) -> Result<ExitCode> {
    if let Some(s) = args.shards.iter().find(|s| super::same_file(s, &args.out)) {
        bail!(
            "{} is both the output and an input: merge into another file",
            s.display()
        );
    }
    let mut inputs = Vec::new();
    for path in &args.shards {
        let store = cw_lab::Store::open_to_read(path)
            .with_context(|| format!("opening the shard store {}", path.display()))?;
        inputs.push((path.display().to_string(), store));
    }
    // A merge that fails leaves no new output behind.
    check_writable(&args.out)?;
    let made = !args.out.exists();
    let mut out = open_store(Some(&args.out))?;
    let named: Vec<(String, &cw_lab::Store)> = inputs.iter().map(|(n, s)| (n.clone(), s)).collect();
    let report = match cw_batch::merge(&mut out, &named) {
        Ok(report) => report,
        Err(e) => {
            drop(out);
            if made {
                for suffix in ["", "-wal", "-shm"] {
                    let mut file = args.out.clone().into_os_string();
                    file.push(suffix);
                    let _ = std::fs::remove_file(file);
                }
            }
            return Err(e.into());
        }
    };
    let mut w = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut w, &report)?;
        writeln!(w)?;
    } else {
        write_merge_report(&mut w, &report, &args.out.display().to_string())?;
    }
    Ok(if report.complete && report.conflicts.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn write_merge_report(
    w: &mut impl Write,
    r: &cw_batch::MergeReport,
    out: &str,
) -> std::io::Result<()> {
    writeln!(
        w,
        "plan {} ({}; {} × {}): {} into run {} of {out}{}",
        r.fingerprint,
        r.board_set,
        super::count(u64::from(r.n_boards), "board"),
        super::count(r.specs.len() as u64, "spec"),
        super::count(r.inputs.len() as u64, "store"),
        r.run,
        if r.new_run { " (new)" } else { "" }
    )?;
    for input in &r.inputs {
        for run in &input.runs {
            writeln!(
                w,
                "  {}: run {}, {}, {} results{}",
                input.store,
                run.run,
                run.shard
                    .as_deref()
                    .map_or("the whole plan".to_string(), |s| format!("shard {s}")),
                run.results,
                if run.finished { "" } else { ", unfinished" }
            )?;
        }
    }
    writeln!(
        w,
        "added {}, {} (the same result again), {}; {} taken",
        super::count(r.added, "result"),
        super::count(r.duplicates, "duplicate"),
        super::count(r.conflicts.len() as u64, "conflict"),
        match r.optima_taken {
            1 => "1 known optimum".to_string(),
            n => format!("{n} known optima"),
        }
    )?;
    for c in r.conflicts.iter().take(MERGE_LIST) {
        writeln!(
            w,
            "  conflict: {} with {}: kept {} in {} moves from {}, {} has {} in {} moves",
            c.board_id, c.spec, c.kept.0, c.kept.1, c.kept_from, c.from, c.other.0, c.other.1
        )?;
    }
    if r.conflicts.len() > MERGE_LIST {
        writeln!(
            w,
            "  … and {} more conflicts (--json lists them all)",
            r.conflicts.len() - MERGE_LIST
        )?;
    }
    if r.complete && r.finished {
        return writeln!(
            w,
            "complete: {} of {} results; run {} is finished",
            r.results, r.expected, r.run
        );
    }
    if r.complete {
        return writeln!(
            w,
            "complete: {} of {} results, but with {}: run {} stays unfinished (`colorwalk \
             bench` with the same plan and --db {out} marks it finished)",
            r.results,
            r.expected,
            super::count(r.conflicts.len() as u64, "conflict"),
            r.run
        );
    }
    writeln!(
        w,
        "missing: {} of {}, on {}{}",
        r.expected.saturating_sub(r.results),
        super::count(r.expected, "result"),
        super::count(r.missing.len(), "board"),
        if r.shards_to_rerun.is_empty() {
            String::new()
        } else {
            format!(
                "; run these shards again: {} (bench --shard I/N, or in a Slurm array \
                 --array with their indices and --shard-count N)",
                r.shards_to_rerun.join(" ")
            )
        }
    )?;
    for m in r.missing.iter().take(MERGE_LIST) {
        writeln!(
            w,
            "  board {}{}: {}{}",
            m.board_index,
            m.board_id
                .as_deref()
                .map_or(String::new(), |id| format!(" ({id})")),
            m.specs.join(", "),
            m.shard
                .as_deref()
                .map_or(String::new(), |s| format!(" (shard {s})"))
        )?;
    }
    if r.missing.len() > MERGE_LIST {
        writeln!(
            w,
            "  … and {} more boards (--json lists them all)",
            r.missing.len() - MERGE_LIST
        )?;
    }
    writeln!(
        w,
        "run {} stays unfinished: merge the reruns' stores into {out} as well, or run \
         `colorwalk bench` with the same plan and --db {out} to play what is missing",
        r.run
    )
}

/// The results database of a command that reads runs from it: an error if
/// there is none (see [`open_store_to_read`]).
fn stored_runs(db: Option<&std::path::Path>) -> Result<Store> {
    open_store_to_read(db)?
        .ok_or_else(|| anyhow!("nothing is stored yet ({})", missing_default_db()))
}

/// The error for a run that the database at `db` (or the default one) does
/// not hold, naming the file.
fn no_run(id: i64, db: Option<&std::path::Path>) -> anyhow::Error {
    let path = db.map_or_else(Store::default_path, std::path::Path::to_path_buf);
    anyhow!(
        "no run {id} in {} (`colorwalk runs` lists the runs there)",
        path.display()
    )
}

/// Why nothing is stored when the default database does not exist.
fn missing_default_db() -> String {
    format!(
        "{} does not exist: `colorwalk bench` stores its runs there",
        Store::default_path().display()
    )
}

/// `colorwalk compare`.
pub fn compare(args: &CompareArgs) -> Result<ExitCode> {
    let format = table_format(&args.format, args.json)?;
    let store = stored_runs(args.db.as_deref())?;
    let load = |id: i64| -> Result<(cw_lab::RunInfo, Vec<GameRecord>)> {
        let info = store
            .run(id)?
            .ok_or_else(|| no_run(id, args.db.as_deref()))?;
        Ok((info, store.results(id)?))
    };
    let ((info_a, a), (info_b, b)) = (load(args.a)?, load(args.b)?);
    // A run still under way (or stopped) is compared on what it has played.
    for (info, run) in [(&info_a, args.a), (&info_b, args.b)] {
        if info.finished.is_none() && info.n_results > 0 {
            eprintln!(
                "note: run {run} is unfinished ({} of {} results): compared on what it has \
                 played",
                info.n_results,
                info.n_boards as u64 * info.specs.len() as u64
            );
        }
    }
    for (games, run) in [(&a, args.a), (&b, args.b)] {
        if games.is_empty() {
            bail!("run {run} has no games stored yet: nothing to compare");
        }
    }
    let diffs = cw_lab::compare(&a, &b);
    // Specs that only one run played have no pairs: say which are left out.
    for (one, other, run, other_run, other_info) in [
        (&a, &b, args.a, args.b, &info_b),
        (&b, &a, args.b, args.a, &info_a),
    ] {
        let alone = cw_lab::specs_only_in(one, other);
        // The other run may have it in its plan and not have played it yet.
        let (unplayed, alone): (Vec<_>, Vec<_>) = alone
            .into_iter()
            .partition(|s| other_info.specs.iter().any(|p| p == s));
        let quoted = |specs: &[_]| {
            specs
                .iter()
                .map(|s| format!("'{s}'"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !alone.is_empty() {
            eprintln!("left out: {} only in run {run}", quoted(&alone));
        }
        if !unplayed.is_empty() {
            eprintln!(
                "left out: {}, which run {other_run} has not played yet",
                quoted(&unplayed)
            );
        }
    }
    if diffs.is_empty() {
        bail!(
            "runs {} and {} share no solver spec that both have played",
            args.a,
            args.b
        );
    }
    if diffs.iter().all(|d| d.n_pairs == 0) {
        bail!(
            "runs {} and {} share no board that a spec played in both: nothing to pair",
            args.a,
            args.b
        );
    }
    let mut w = std::io::stdout().lock();
    if format == TableFormat::Terminal {
        writeln!(
            w,
            "run {} (a) against run {} (b): better/worse count boards where b used fewer/more \
             moves (a board cleared is better than one not cleared)",
            args.a, args.b
        )?;
    }
    write!(w, "{}", cw_lab::render_comparison(&diffs, format))?;
    Ok(ExitCode::SUCCESS)
}

/// `colorwalk plot`.
pub fn plot(args: &PlotArgs) -> Result<ExitCode> {
    let store = stored_runs(args.db.as_deref())?;
    store
        .run(args.run)?
        .ok_or_else(|| no_run(args.run, args.db.as_deref()))?;
    let records = store.results(args.run)?;
    let out: &PathBuf = &args.out;
    let db = args.db.clone().unwrap_or_else(Store::default_path);
    if super::same_file(out, &db) {
        bail!(
            "--out {} is the results database too: drawing there would wipe it; give another file",
            out.display()
        );
    }
    // Drawn before anything is made, so a name of no image format makes no
    // folder; missing folders are made, as for --db and bench --solutions.
    let image = cw_lab::plot_run_image(&records, out)
        .with_context(|| format!("drawing {}", out.display()))?;
    make_parent_folders(out)?;
    std::fs::write(out, image).with_context(|| format!("writing {}", out.display()))?;
    eprintln!("wrote {}", out.display());
    Ok(ExitCode::SUCCESS)
}
