//! How far the lower bound falls short along optimal solutions.
//!
//! ```text
//! cargo run --release -p cw-solve --example bound_gaps -- [FILE] [-v]
//! ```
//!
//! FILE (default `data/big/26x26c8.txt`, from the workspace root) lists
//! board IDs with their proven lower bound, best length and solution, as
//! `scripts/export-bounds.py` writes them. For every board whose optimum is
//! proven, the solution is replayed and, at each position on the way, the
//! refined bound is compared with the moves really left (the solution is
//! optimal, so from its `k`-th position exactly `optimum − k` are needed).
//! Prints, over the boards, the gap at the start (refined, and the relaxed
//! game alone), for how many moves the gap stays at its starting value,
//! and for how many last moves the bound is exact; `-v` prints each
//! board's gaps move by move.

use cw_core::{BoardId, ClusterGraph, Game, Moves};
use cw_solve::bound::{lower_bound, relaxed_lower_bound};

fn main() {
    let mut file = None;
    let mut verbose = false;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "-v" => verbose = true,
            _ => file = Some(a),
        }
    }
    let file = file.unwrap_or_else(|| {
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/big/26x26c8.txt").to_string()
    });
    let text = match std::fs::read_to_string(&file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("bound_gaps: cannot read {file}: {e}");
            std::process::exit(2);
        }
    };
    let mut start = Vec::new();
    let mut start_relaxed = Vec::new();
    let mut flat = Vec::new();
    let mut exact_tail = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with('#') || fields.len() != 4 || fields[1] != fields[2] {
            continue;
        }
        let parsed = fields[0]
            .parse::<BoardId>()
            .map_err(|e| e.to_string())
            .and_then(|id| id.board().map_err(|e| e.to_string()))
            .and_then(|board| {
                let moves = fields[3].parse::<Moves>().map_err(|e| e.to_string())?;
                Ok((board, moves))
            });
        let (board, moves) = match parsed {
            Ok(p) => p,
            Err(e) => {
                eprintln!("bound_gaps: {file}:{}: {e}", n + 1);
                std::process::exit(2);
            }
        };
        let graph = ClusterGraph::new(&board);
        let mut game = Game::new(&graph);
        let optimum = moves.0.len() as u32;
        let mut gaps = Vec::with_capacity(moves.0.len());
        for (k, &c) in moves.0.iter().enumerate() {
            let left = optimum - k as u32;
            let (refined, relaxed) = (lower_bound(&game), relaxed_lower_bound(&game));
            let (Some(gap), Some(gap_relaxed)) =
                (left.checked_sub(refined), left.checked_sub(relaxed))
            else {
                eprintln!(
                    "bound_gaps: {file}:{}: after {k} moves the bound ({refined}, relaxed \
                     {relaxed}) is above the {left} moves left: it is not admissible",
                    n + 1
                );
                std::process::exit(1);
            };
            gaps.push(gap);
            if k == 0 {
                start_relaxed.push(gap_relaxed);
            }
            if game.try_play(c).is_err() {
                eprintln!("bound_gaps: {file}:{}: move {} is illegal", n + 1, k + 1);
                std::process::exit(2);
            }
        }
        if !game.is_solved() {
            eprintln!(
                "bound_gaps: {file}:{}: the moves do not clear the board",
                n + 1
            );
            std::process::exit(2);
        }
        if verbose {
            println!("{} ({optimum}): {gaps:?}", fields[0]);
        }
        start.push(gaps[0]);
        flat.push(gaps.iter().take_while(|&&g| g == gaps[0]).count() as u32);
        exact_tail.push(gaps.iter().rev().take_while(|&&g| g == 0).count() as u32);
    }
    if start.is_empty() {
        println!("no proven board in {file}");
        return;
    }
    let summary = |v: &[u32]| {
        let mean = v.iter().sum::<u32>() as f64 / v.len() as f64;
        let (lo, hi) = (v.iter().min().unwrap_or(&0), v.iter().max().unwrap_or(&0));
        format!("{lo} to {hi} (mean {mean:.2})")
    };
    println!("proven boards: {}", start.len());
    println!("gap at the start, refined bound: {}", summary(&start));
    println!(
        "gap at the start, relaxed game:  {}",
        summary(&start_relaxed)
    );
    println!("moves before the gap first shrinks: {}", summary(&flat));
    println!(
        "last moves where the bound is exact: {}",
        summary(&exact_tail)
    );
}
