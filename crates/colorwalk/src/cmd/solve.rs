//! `colorwalk solvers` and `colorwalk solve`.

use crate::board_input::{label, load_board};
use crate::cli::{SolveArgs, SolversArgs};
use anyhow::{Context, Result, bail};
use cw_core::{ClusterGraph, Moves, replay};
use cw_solve::presets::PRESETS;
use cw_solve::registry::SOLVERS;
use cw_solve::{Limits, Outcome, Spec};
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Serialize)]
struct ParamJson {
    name: &'static str,
    default: &'static str,
    values: String,
    doc: &'static str,
}

#[derive(Serialize)]
struct SolverJson {
    name: &'static str,
    summary: &'static str,
    params: Vec<ParamJson>,
}

#[derive(Serialize)]
struct PresetJson {
    name: &'static str,
    spec: String,
    summary: &'static str,
}

/// `colorwalk solvers`: the registry and the presets.
pub fn solvers(args: &SolversArgs) -> Result<ExitCode> {
    let until = cw_solve::registry::UNTIL;
    let solvers: Vec<SolverJson> = SOLVERS
        .iter()
        .map(|d| SolverJson {
            name: d.name,
            summary: d.summary,
            params: d
                .params
                .iter()
                .chain([&until])
                .map(|p| ParamJson {
                    name: p.name,
                    default: p.default,
                    values: p.kind.describe(),
                    doc: p.doc,
                })
                .collect(),
        })
        .collect();
    let presets: Vec<PresetJson> = PRESETS
        .iter()
        .map(|p| PresetJson {
            name: p.name,
            spec: Spec::parse(p.spec).map_or_else(|e| e.to_string(), |s| s.to_string()),
            summary: p.summary,
        })
        .collect();
    if args.json {
        crate::json::print(&serde_json::json!({ "solvers": solvers, "presets": presets }))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut w = std::io::stdout().lock();
    writeln!(
        w,
        "Solvers (spec: NAME:KEY=VALUE,...; stages: A>B; fallback: A|B)\n"
    )?;
    for s in &solvers {
        writeln!(w, "{}  {}", s.name, s.summary)?;
        for p in &s.params {
            // A parameter with no default (`until`) is left out unless given.
            if p.default.is_empty() {
                writeln!(w, "    {}  (optional: {}) {}", p.name, p.values, p.doc)?;
            } else {
                writeln!(w, "    {}={}  ({}) {}", p.name, p.default, p.values, p.doc)?;
            }
        }
        writeln!(w)?;
    }
    writeln!(w, "Presets\n")?;
    let width = presets.iter().map(|p| p.name.len()).max().unwrap_or(0);
    for p in &presets {
        writeln!(
            w,
            "  {:width$}  {}\n  {:width$}    = {}",
            p.name, p.summary, "", p.spec
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

#[derive(Serialize)]
struct SolveJson {
    board: String,
    spec: String,
    outcome: String,
    solved: bool,
    moves: usize,
    solution: String,
    millis: f64,
    nodes: u64,
    inspections: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    optimum: Option<u32>,
    /// The lower bound on the optimum that the solver proved, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound: Option<u32>,
    /// Whether the moves are a proven shortest solution.
    proven_optimal: bool,
    /// Why the solver gave up, when it says (a queue cap, a node limit).
    #[serde(skip_serializing_if = "Option::is_none")]
    gave_up_because: Option<String>,
    /// What cut a proof short, for a solver that proves (`exact`): why the
    /// moves are not proven optimal.
    #[serde(skip_serializing_if = "Option::is_none")]
    unproven_because: Option<String>,
    /// What a budget changed in the search without stopping it (a beam
    /// narrowed to fit `--memory-mb`, say).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    budget_notes: Vec<String>,
    /// On Ctrl-C: the whole solution the search had found when stopped
    /// (its best so far; not played, as the game was cancelled).
    #[serde(skip_serializing_if = "Option::is_none")]
    found_when_cancelled: Option<String>,
}

/// `colorwalk solve`: one board, one spec.
pub fn solve(args: &SolveArgs) -> Result<ExitCode> {
    crate::allocator::keep_large_buffers_returnable();
    let spec = Spec::parse(&args.spec)
        .with_context(|| format!("--spec {}", cw_solve::quoted(&args.spec)))?;
    let entry = load_board(&args.input)?;
    let graph = ClusterGraph::new(&entry.board);
    super::note_costly(&spec, graph.n_colors(), args.time_limit);
    super::note_memory(&spec, &graph, args.memory_mb);
    let mut solver = spec.build()?;
    let limits = Limits {
        max_moves: args.max_moves,
        time_limit: args.time_limit.map(Duration::from_secs_f64),
        cancel: Some(crate::interrupt::flag()),
        memory_bytes: args.memory_mb.map(|mb| mb << 20),
        // A spec that asks for several threads (`exact:threads=2`) gets them.
        crews: Some(cw_batch::SearchThreads::shared()),
        progress: super::stderr_progress(args.progress),
    };
    let report = cw_solve::solve(&graph, solver.as_mut(), &limits);
    let checked =
        replay(&graph, &report.moves).map_err(|(n, e)| anyhow::anyhow!("move {n}: {e}"))?;
    if report.solved() && !checked.cleared {
        bail!("internal error: the solver's moves do not clear the board");
    }
    // A search stopped by Ctrl-C may hand back its best line: shown when it
    // clears the board from where the game stood.
    let found_when_cancelled = (report.outcome == Outcome::Cancelled
        && !report.unplayed.is_empty())
    .then(|| [report.moves.as_slice(), &report.unplayed].concat())
    .filter(|line| replay(&graph, line).is_ok_and(|r| r.cleared))
    .map(Moves);
    // A listed optimum that the result contradicts is ignored, with a
    // warning.
    let optimum = super::listed_optimum_that_holds(
        &entry,
        report.solved().then_some(report.moves.len()),
        report.lower_bound,
    );
    let out = SolveJson {
        board: entry.board.id().to_string(),
        spec: spec.to_string(),
        outcome: report.outcome.name().to_string(),
        solved: report.solved(),
        moves: report.moves.len(),
        solution: Moves(report.moves.clone()).to_string(),
        millis: report.elapsed.as_secs_f64() * 1000.0,
        nodes: report.nodes,
        inspections: report.inspections.clusters,
        optimum,
        lower_bound: report.lower_bound,
        proven_optimal: report.proven_optimal,
        gave_up_because: report.gave_up_because.clone(),
        unproven_because: report.unproven_because.clone(),
        budget_notes: report.budget_notes.clone(),
        found_when_cancelled: found_when_cancelled.as_ref().map(Moves::to_string),
    };
    if args.json {
        crate::json::print(&out)?;
    } else {
        let mut w = std::io::stdout().lock();
        writeln!(w, "board    {}", label(&entry))?;
        writeln!(w, "spec     {}", out.spec)?;
        match report.outcome {
            Outcome::Solved => writeln!(w, "solved   in {}", super::count(out.moves, "move"))?,
            other => writeln!(
                w,
                "unsolved ({}{}) after {}, {} left",
                describe(other),
                out.gave_up_because
                    .as_deref()
                    .map_or(String::new(), |why| format!(": {why}")),
                super::count(out.moves, "move"),
                super::count(checked.blocks_left, "block")
            )?,
        }
        if let (Some(opt), true) = (optimum, out.solved) {
            writeln!(
                w,
                "optimum  {opt} (gap {})",
                out.moves as i64 - i64::from(opt)
            )?;
        }
        if let Some(lb) = out.lower_bound {
            let gap = if out.solved {
                let why = out
                    .unproven_because
                    .as_deref()
                    .map_or(String::new(), |why| format!("; not proven: {why}"));
                match out.moves as i64 - i64::from(lb) {
                    0 => " (proven optimal)".to_string(),
                    gap => format!(" (gap at most {gap}{why})"),
                }
            } else {
                String::new()
            };
            writeln!(w, "bound    at least {}{gap}", super::count(lb, "move"))?;
        }
        for note in &out.budget_notes {
            writeln!(w, "budget   {note}")?;
        }
        writeln!(w, "moves    {}", out.solution)?;
        if let Some(line) = &found_when_cancelled {
            writeln!(
                w,
                "found    {} when stopped (not played, not proven): {line}",
                super::count(line.0.len(), "move")
            )?;
        }
        writeln!(
            w,
            "effort   {:.1} ms, {} nodes, {} cluster inspections",
            out.millis, out.nodes, out.inspections
        )?;
    }
    Ok(crate::interrupt::exit_code(if out.solved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }))
}

/// Words for an unsolved outcome.
pub fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Solved => "solved",
        Outcome::GaveUp => "the solver gave up",
        Outcome::MoveLimit => "move limit reached",
        Outcome::TimeLimit => "out of time",
        Outcome::Cancelled => "cancelled",
        Outcome::IllegalMove => "the solver proposed an illegal move",
    }
}
