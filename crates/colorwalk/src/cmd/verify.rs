//! `colorwalk verify BOARD MOVES`: replay and report.

use crate::board_input::load_board;
use crate::cli::VerifyArgs;
use anyhow::{Result, anyhow};
use cw_core::{ClusterGraph, Moves, replay};
use serde::Serialize;
use std::io::Write;
use std::process::ExitCode;

#[derive(Serialize)]
struct Report {
    board: String,
    cleared: bool,
    moves_played: usize,
    useless_moves: Vec<usize>,
    surplus_moves: usize,
    blocks_left: u32,
    removed_per_move: Vec<u32>,
}

/// Replays the moves; exit code 0 if they clear the board, 1 if not.
pub fn run(args: &VerifyArgs) -> Result<ExitCode> {
    let entry = load_board(&args.input)?;
    let moves: Moves = args.moves.parse()?;
    let graph = ClusterGraph::new(&entry.board);
    let r = replay(&graph, &moves.0).map_err(|(n, e)| anyhow!("move {n}: {e}"))?;
    let report = Report {
        board: entry.board.id().to_string(),
        cleared: r.cleared,
        moves_played: r.moves_played,
        useless_moves: r.useless.clone(),
        surplus_moves: r.surplus,
        blocks_left: r.blocks_left,
        removed_per_move: r.removed.clone(),
    };
    if args.json {
        crate::json::print(&report)?;
    } else {
        let mut w = std::io::stdout().lock();
        let name = crate::board_input::label(&entry);
        if r.cleared {
            writeln!(
                w,
                "{name}: cleared in {}",
                super::count(r.moves_played, "move")
            )?;
        } else {
            writeln!(
                w,
                "{name}: not cleared: {} left after {}",
                super::count(r.blocks_left, "block"),
                super::count(r.moves_played, "move")
            )?;
        }
        if !r.useless.is_empty() {
            let list: Vec<String> = r.useless.iter().map(ToString::to_string).collect();
            writeln!(
                w,
                "moves that removed nothing (counted from 1): {}",
                list.join(", ")
            )?;
        }
        if r.surplus > 0 {
            writeln!(
                w,
                "{} after the board was clear {} not played",
                super::count(r.surplus, "move"),
                if r.surplus == 1 { "was" } else { "were" }
            )?;
        }
        let optimum =
            super::listed_optimum_that_holds(&entry, r.cleared.then_some(r.moves_played), None);
        if let (Some(opt), true) = (optimum, r.cleared) {
            writeln!(
                w,
                "known optimum: {opt} ({} over)",
                r.moves_played as i64 - i64::from(opt)
            )?;
        }
    }
    Ok(if r.cleared {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
