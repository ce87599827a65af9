//! `colorwalk optimum BOARD`: the proven minimum, a solution, the lower bound
//! at the start and the search effort.

use crate::board_input::{label, load_board};
use crate::cli::OptimumArgs;
use anyhow::{Context, Result, bail};
use cw_core::{ClusterGraph, Moves, replay};
use cw_solve::exact::{ExactOptions, StopReason, TailStats, solve_exact};
use cw_solve::{Limits, SearchCtx};
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(Serialize)]
struct OptimumJson {
    board: String,
    /// The canonical spec of the search run: `exact` with the command's
    /// memory cap, time limit and threads.
    spec: String,
    moves: usize,
    proven: bool,
    solution: String,
    lower_bound: u32,
    start_bound: u32,
    first_upper_bound: u32,
    nodes_expanded: u64,
    peak_states: u64,
    peak_bytes: u64,
    millis: f64,
    /// What stopped the proof, if something did: a budget (`memory`,
    /// `time`, `expansions`), Ctrl-C (`cancelled`) or `--within`'s answer
    /// (`answered`).
    stopped: Option<&'static str>,
    /// The optimum the board's file lists, if it lists one.
    #[serde(skip_serializing_if = "Option::is_none")]
    listed_optimum: Option<u32>,
    /// Whether the listed optimum holds against what the proof found (the
    /// text output marks one that does not "wrong").
    #[serde(skip_serializing_if = "Option::is_none")]
    listed_optimum_holds: Option<bool>,
    /// With `--within N`: N and the answer.
    #[serde(skip_serializing_if = "Option::is_none")]
    within: Option<WithinJson>,
    /// What the ball bound's tails did (`null` when they were never asked:
    /// off, or a search that ended within 20,000 expansions).
    tails: Option<TailsJson>,
}

/// The ball bound's counts ([`TailStats`]).
#[derive(Serialize)]
struct TailsJson {
    positions_asked: u64,
    positions_raised: u64,
    balls_asked: u64,
    tail_positions: u64,
    from_supersets: u64,
}

impl From<TailStats> for TailsJson {
    fn from(s: TailStats) -> TailsJson {
        TailsJson {
            positions_asked: s.positions_asked,
            positions_raised: s.positions_raised,
            balls_asked: s.balls_asked,
            tail_positions: s.tail_positions,
            from_supersets: s.from_supersets,
        }
    }
}

/// The answer to "can this board be cleared in N moves?".
#[derive(Serialize)]
struct WithinJson {
    moves: u32,
    /// `yes`, `no`, or `undecided` (a budget ran out between the bounds).
    answer: &'static str,
}

/// Whether `n` moves clear the board, from the search's bounds: a solution
/// of at most `n` moves says yes; a proven lower bound above `n` says no.
fn within_answer(found: u32, lower_bound: u32, n: u32) -> &'static str {
    if found <= n {
        "yes"
    } else if lower_bound > n {
        "no"
    } else {
        "undecided"
    }
}

/// Words for the budget that stopped a search, with its size when known.
fn stop_words(reason: Option<StopReason>, args: &OptimumArgs) -> String {
    match reason {
        Some(StopReason::Memory) => {
            // In MB too, the unit the effort line reports memory in.
            format!(
                "the memory budget of {} MiB ({:.1} MB) ran out",
                args.memory_mb,
                (args.memory_mb << 20) as f64 / 1e6
            )
        }
        Some(StopReason::Cancelled) => "interrupted (Ctrl-C, or SIGTERM or SIGHUP)".to_string(),
        Some(StopReason::Time) => match args.time_limit {
            Some(s) => format!("the time limit of {s} s ran out"),
            None => "the search was stopped".to_string(),
        },
        Some(StopReason::Expansions) => "the expansion budget ran out".to_string(),
        Some(StopReason::Answered) => match args.within {
            Some(n) => format!("--within {n} was answered first"),
            None => "the question was answered first".to_string(),
        },
        None => "the search stopped early".to_string(),
    }
}

/// The `exact` spec that the command's options make, canonical (defaults
/// left out).
fn exact_spec(args: &OptimumArgs) -> Result<String> {
    let mut text = format!(
        "exact:memory-mb={},threads={}",
        args.memory_mb, args.threads
    );
    if let Some(s) = args.time_limit {
        text.push_str(&format!(",time-ms={}", (s * 1000.0).round() as u64));
    }
    text.push_str(&format!(",tails={}", args.tails));
    Ok(cw_solve::Spec::parse(&text)?.to_string())
}

/// Solves exactly and reports; exit code 1 when a budget stopped the proof.
pub fn run(args: &OptimumArgs) -> Result<ExitCode> {
    crate::allocator::keep_large_buffers_returnable();
    let entry = load_board(&args.input)?;
    let spec = exact_spec(args)?;
    let graph = ClusterGraph::new(&entry.board);
    let opts = ExactOptions {
        memory_mb: args.memory_mb,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        threads: usize::from(args.threads),
        within: args.within,
        tails: args.tails,
        ..ExactOptions::default()
    };
    let limits = Limits {
        // Ctrl-C stops the search, which reports its best line and bound.
        cancel: Some(crate::interrupt::flag()),
        // --threads: the search's crew.
        crews: Some(cw_batch::SearchThreads::shared()),
        progress: super::stderr_progress(args.progress),
        ..Limits::default()
    };
    // Opened before the search, which may take hours: a store that cannot
    // be opened is said before it starts, not after it ends.
    let mut store = if args.no_store {
        None
    } else {
        // A store that cannot be written is said in those words, as
        // `bench` says it (SQLite's own words speak of its schema).
        let path = args.db.clone().unwrap_or_else(cw_lab::Store::default_path);
        super::check_store_writable(&path)?;
        Some(super::open_store(Some(&path))?)
    };
    let mut ctx = SearchCtx::new(&entry.board, &limits);
    let started = Instant::now();
    let r = solve_exact(&graph, &opts, &mut ctx);
    let elapsed = started.elapsed();
    let check = replay(&graph, &r.moves).map_err(|(n, e)| anyhow::anyhow!("move {n}: {e}"))?;
    if !check.cleared {
        bail!("internal error: the exact solver's moves do not clear the board");
    }
    let id = entry.board.id().to_string();
    let solution = Moves(r.moves.clone()).to_string();
    let out = OptimumJson {
        board: id,
        spec,
        moves: r.moves.len(),
        proven: r.proven,
        solution,
        lower_bound: r.lower_bound,
        start_bound: r.start_bound,
        first_upper_bound: r.first_upper_bound,
        nodes_expanded: r.nodes_expanded,
        peak_states: r.peak_states,
        peak_bytes: r.peak_bytes,
        millis: elapsed.as_secs_f64() * 1000.0,
        stopped: r.stopped.map(StopReason::name),
        listed_optimum: entry.optimum,
        listed_optimum_holds: None,
        within: args.within.map(|n| WithinJson {
            moves: n,
            answer: within_answer(r.moves.len() as u32, r.lower_bound, n),
        }),
        tails: r.tails.map(TailsJson::from),
    };
    let holds = super::listed_optimum_that_holds(&entry, Some(out.moves), Some(out.lower_bound));
    let out = OptimumJson {
        listed_optimum_holds: entry.optimum.map(|_| holds.is_some()),
        ..out
    };
    if args.json {
        crate::json::print(&out)?;
    } else {
        let mut w = std::io::stdout().lock();
        writeln!(w, "board        {}", label(&entry))?;
        writeln!(w, "spec         {}", out.spec)?;
        if r.proven {
            writeln!(
                w,
                "minimum      {} (proven)",
                super::count(out.moves, "move")
            )?;
        } else {
            writeln!(
                w,
                "best found   {} (not proven: {})",
                super::count(out.moves, "move"),
                stop_words(r.stopped, args)
            )?;
            writeln!(
                w,
                "minimum      at least {} (proven lower bound)",
                super::count(out.lower_bound as usize, "move")
            )?;
        }
        if let Some(listed) = entry.optimum {
            let wrong = if holds.is_none() { " (wrong)" } else { "" };
            writeln!(w, "listed       {listed}{wrong}")?;
        }
        writeln!(w, "solution     {}", out.solution)?;
        writeln!(
            w,
            "lower bound  {} at the start; first upper bound {}",
            out.start_bound, out.first_upper_bound
        )?;
        writeln!(
            w,
            "effort       {:.1} ms, {} positions expanded, {} stored, {:.1} MB",
            out.millis,
            out.nodes_expanded,
            out.peak_states,
            out.peak_bytes as f64 / 1e6
        )?;
        if let Some(t) = &out.tails {
            writeln!(
                w,
                "tails        {} of {} positions raised; {} balls asked, {} tail positions searched, {} answers from a proven superset",
                t.positions_raised,
                t.positions_asked,
                t.balls_asked,
                t.tail_positions,
                t.from_supersets
            )?;
        }
        if let Some(within) = &out.within {
            let why = match within.answer {
                "yes" => format!("a solution of {}", super::count(out.moves, "move")),
                "no" => format!(
                    "it needs at least {}",
                    super::count(out.lower_bound as usize, "move")
                ),
                _ => format!(
                    "between {} and {} moves, undecided: {}",
                    out.lower_bound,
                    out.moves,
                    match r.stopped {
                        Some(StopReason::Cancelled) => "the search was interrupted",
                        _ => "the budgets ran out first",
                    }
                ),
            };
            writeln!(w, "within {:<5} {} ({why})", within.moves, within.answer)?;
        }
    }
    // Kept once the answer is out: a store that fails now loses nothing
    // shown.
    if let (true, Some(store)) = (r.proven, store.as_mut()) {
        store
            .record_optimum(&out.board, out.moves as u32, true, &out.solution)
            .context("keeping the proven minimum in the results database")?;
    }
    Ok(crate::interrupt::exit_code(match (&out.within, r.proven) {
        (Some(w), _) if w.answer == "yes" => ExitCode::SUCCESS,
        (Some(w), _) if w.answer == "no" => ExitCode::from(1),
        (Some(_), _) => ExitCode::from(3),
        (None, true) => ExitCode::SUCCESS,
        (None, false) => ExitCode::from(1),
    }))
}
