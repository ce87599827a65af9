//! Statistics over game records: one summary per solver spec, and a
//! board-by-board comparison of two runs.
//!
//! Move statistics are over solved games only; the standard deviation is the
//! population one (divide by n), as in the series.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::record::{GameOutcome, GameRecord};

/// Known optima by board ID: (moves, proven), as [`Store::optima`](crate::Store::optima) returns.
pub type Optima = HashMap<String, (u32, bool)>;

/// What one solver spec did over a set of boards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The solver spec.
    pub spec: String,
    /// Boards played.
    pub n: u32,
    /// Boards cleared.
    pub solved: u32,
    /// Boards whose game ran out of its time budget (among those not
    /// cleared).
    pub out_of_time: u32,
    /// Fewest moves over solved boards (`None` if none was solved).
    pub min_moves: Option<u32>,
    /// Total moves over solved boards.
    #[serde(default)]
    pub total_moves: u64,
    /// Mean moves over solved boards.
    pub mean_moves: Option<f64>,
    /// Most moves over solved boards.
    pub max_moves: Option<u32>,
    /// Population standard deviation of moves over solved boards.
    pub stdev_moves: Option<f64>,
    /// Mean wall time per board, in milliseconds (all boards).
    pub mean_ms: f64,
    /// Median wall time per board, in milliseconds (nearest rank).
    #[serde(default)]
    pub median_ms: f64,
    /// 90th percentile of the wall time per board, in milliseconds (nearest
    /// rank: the time that 90 % of the boards took at most).
    #[serde(default)]
    pub p90_ms: f64,
    /// Longest wall time for one board, in milliseconds.
    pub max_ms: f64,
    /// Mean search nodes per board (all boards).
    pub mean_nodes: f64,
    /// Mean cluster inspections per board (all boards).
    pub mean_inspections: f64,
    /// Boards whose optimum (proven or best known) was given.
    pub with_optimum: u32,
    /// Mean of moves − optimum over solved boards with a known optimum
    /// (`None` if there are none). Negative only if a solver beat an unproven
    /// best.
    pub mean_gap: Option<f64>,
    /// Solved boards with a known optimum that took no more moves than it.
    pub optimal_hits: u32,
    /// Solved boards for which the solver proved a lower bound.
    #[serde(default)]
    pub with_bound: u32,
    /// Mean of moves − the solver's proven lower bound over those boards
    /// (`None` if there are none): how far from optimal the moves can be at
    /// most, where no optimum is known.
    #[serde(default)]
    pub mean_bound_gap: Option<f64>,
    /// Of those boards, how many the solver solved in exactly its lower
    /// bound (proven optimal).
    #[serde(default)]
    pub bound_hits: u32,
}

/// Summarizes `records` per spec, specs in the order they first appear.
/// With `optima`, also the gap to the known optimum and the optimal hits.
pub fn summarize(records: &[GameRecord], optima: Option<&Optima>) -> Vec<Summary> {
    group_by_spec(records)
        .into_iter()
        .map(|(spec, games)| summary(spec, &games, optima))
        .collect()
}

/// The records of each spec, specs in first-seen order.
fn group_by_spec(records: &[GameRecord]) -> Vec<(&str, Vec<&GameRecord>)> {
    let mut index: HashMap<&str, usize> = HashMap::new();
    let mut groups: Vec<(&str, Vec<&GameRecord>)> = Vec::new();
    for r in records {
        let i = *index.entry(&r.spec).or_insert_with(|| {
            groups.push((&r.spec, Vec::new()));
            groups.len() - 1
        });
        groups[i].1.push(r);
    }
    groups
}

fn summary(spec: &str, games: &[&GameRecord], optima: Option<&Optima>) -> Summary {
    let n = games.len() as u32;
    let moves: Vec<f64> = games
        .iter()
        .filter(|g| g.solved())
        .map(|g| f64::from(g.moves))
        .collect();
    let mean_moves = mean(&moves);
    let stdev_moves = mean_moves.map(|m| {
        let var = moves.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / moves.len() as f64;
        var.sqrt()
    });
    let solved_moves = || games.iter().filter(|g| g.solved()).map(|g| g.moves);
    let mut ms: Vec<f64> = games.iter().map(|g| g.nanos as f64 / 1e6).collect();
    ms.sort_by(f64::total_cmp);

    let mut with_optimum = 0;
    let mut gaps = Vec::new();
    let mut optimal_hits = 0;
    if let Some(optima) = optima {
        for g in games {
            let Some(&(best, _)) = optima.get(&g.board_id) else {
                continue;
            };
            with_optimum += 1;
            if g.solved() {
                gaps.push(f64::from(g.moves) - f64::from(best));
                if g.moves <= best {
                    optimal_hits += 1;
                }
            }
        }
    }

    let bound_gaps: Vec<f64> = games
        .iter()
        .filter(|g| g.solved())
        .filter_map(|g| g.lower_bound.map(|b| f64::from(g.moves) - f64::from(b)))
        .collect();

    Summary {
        spec: spec.to_string(),
        n,
        solved: moves.len() as u32,
        out_of_time: games
            .iter()
            .filter(|g| g.outcome == GameOutcome::OutOfTime)
            .count() as u32,
        min_moves: solved_moves().min(),
        total_moves: solved_moves().map(u64::from).sum(),
        mean_moves,
        max_moves: solved_moves().max(),
        stdev_moves,
        mean_ms: mean(&ms).unwrap_or(0.0),
        median_ms: nearest_rank(&ms, 50),
        p90_ms: nearest_rank(&ms, 90),
        max_ms: ms.last().copied().unwrap_or(0.0),
        mean_nodes: mean_of(games.iter().map(|g| g.nodes as f64)),
        mean_inspections: mean_of(games.iter().map(|g| g.inspections as f64)),
        with_optimum,
        mean_gap: mean(&gaps),
        optimal_hits,
        with_bound: bound_gaps.len() as u32,
        mean_bound_gap: mean(&bound_gaps),
        bound_hits: bound_gaps.iter().filter(|&&x| x <= 0.0).count() as u32,
    }
}

/// The `p`-th percentile of sorted `xs` by the nearest-rank method: the
/// smallest value that at least `p` % of them do not exceed (0 if empty).
pub fn nearest_rank(sorted: &[f64], p: usize) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (p * sorted.len()).div_ceil(100).max(1);
    sorted[rank - 1]
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

fn mean_of(xs: impl ExactSizeIterator<Item = f64>) -> f64 {
    let n = xs.len();
    if n == 0 {
        0.0
    } else {
        xs.sum::<f64>() / n as f64
    }
}

/// One spec compared across two runs, board by board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairedDiff {
    /// The solver spec.
    pub spec: String,
    /// Boards the spec played in both runs (paired by board ID).
    pub n_pairs: u32,
    /// Pairs where run b did better: fewer moves, or solved where a did not.
    pub better: u32,
    /// Pairs where run b did worse: more moves, or unsolved where a solved.
    pub worse: u32,
    /// Pairs with the same outcome (same moves, or both unsolved).
    pub equal: u32,
    /// Mean of b's moves − a's moves over pairs both runs solved (`None` if
    /// there are none); negative means b is better.
    pub mean_diff: Option<f64>,
    /// Mean moves of the spec in run a (its summary, all its boards).
    pub mean_a: Option<f64>,
    /// Mean moves of the spec in run b (its summary, all its boards).
    pub mean_b: Option<f64>,
    /// Mean milliseconds per board in run a.
    pub mean_ms_a: f64,
    /// Mean milliseconds per board in run b.
    pub mean_ms_b: f64,
}

/// Compares two runs spec by spec, for the specs present in both (in run a's
/// order), pairing their games by board ID.
pub fn compare(a: &[GameRecord], b: &[GameRecord]) -> Vec<PairedDiff> {
    let b_groups = group_by_spec(b);
    let b_by_spec: HashMap<&str, &Vec<&GameRecord>> = b_groups
        .iter()
        .map(|(spec, games)| (*spec, games))
        .collect();
    let mut diffs = Vec::new();
    for (spec, a_games) in group_by_spec(a) {
        let Some(b_games) = b_by_spec.get(spec) else {
            continue;
        };
        let b_by_board: HashMap<&str, &GameRecord> =
            b_games.iter().map(|g| (g.board_id.as_str(), *g)).collect();
        let (mut n_pairs, mut better, mut worse, mut equal) = (0, 0, 0, 0);
        let mut deltas = Vec::new();
        for ga in &a_games {
            let Some(gb) = b_by_board.get(ga.board_id.as_str()) else {
                continue;
            };
            n_pairs += 1;
            match (ga.solved(), gb.solved()) {
                (true, true) => {
                    deltas.push(f64::from(gb.moves) - f64::from(ga.moves));
                    match gb.moves.cmp(&ga.moves) {
                        std::cmp::Ordering::Less => better += 1,
                        std::cmp::Ordering::Greater => worse += 1,
                        std::cmp::Ordering::Equal => equal += 1,
                    }
                }
                (false, true) => better += 1,
                (true, false) => worse += 1,
                (false, false) => equal += 1,
            }
        }
        let sa = summary(spec, &a_games, None);
        let sb = summary(spec, b_games, None);
        diffs.push(PairedDiff {
            spec: spec.to_string(),
            n_pairs,
            better,
            worse,
            equal,
            mean_diff: mean(&deltas),
            mean_a: sa.mean_moves,
            mean_b: sb.mean_moves,
            mean_ms_a: sa.mean_ms,
            mean_ms_b: sb.mean_ms,
        });
    }
    diffs
}
