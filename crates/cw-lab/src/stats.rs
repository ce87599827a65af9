//! Statistics over game records: one summary per solver spec, and a
//! board-by-board comparison of two runs.
//!
//! Move statistics are over solved games only; the standard deviation is the
//! population one (divide by n), as in the series.

use std::collections::{BTreeMap, HashMap, HashSet};

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
    /// most, whether an optimum is known or not.
    #[serde(default)]
    pub mean_bound_gap: Option<f64>,
    /// Of those boards, how many the solver solved in exactly its lower
    /// bound (proven optimal).
    #[serde(default)]
    pub bound_hits: u32,
}

impl Summary {
    /// Summarizes `records` per spec, in the order of `spec_order`: the
    /// plan's specs as they were asked for (a run's [`RunInfo::specs`](crate::RunInfo::specs)).
    /// A spec of `spec_order` without records (a run played only in part)
    /// gets a summary of no games (`n` 0, no move statistics), so a table
    /// shows every spec of the plan; specs of `records` missing from
    /// `spec_order` come last, by name. The result does not depend on the
    /// order of `records`, so games that finished in any order give the same
    /// table. With `optima`, also the gap to the known optimum and the
    /// optimal hits.
    pub fn per_spec(
        records: &[GameRecord],
        optima: Option<&Optima>,
        spec_order: &[String],
    ) -> Vec<Summary> {
        group_in_spec_order(records, spec_order)
            .into_iter()
            .map(|(spec, games)| summary(spec, &games, optima))
            .collect()
    }
}

/// Summarizes `records` per spec, specs in the order they first appear in
/// `records`. That order is only as meaningful as the order of `records`:
/// [`Store::results`](crate::Store::results) gives a run's results in its
/// plan's order, but games played in parallel arrive in the order they
/// finish; [`Summary::per_spec`] takes the order of the specs instead. With
/// `optima`, also the gap to the known optimum and the optimal hits.
pub fn summarize(records: &[GameRecord], optima: Option<&Optima>) -> Vec<Summary> {
    group_by_spec(records)
        .into_iter()
        .map(|(spec, games)| summary(spec, &games, optima))
        .collect()
}

/// The records of each spec, specs in first-seen order; each spec's games
/// by board (see [`by_board`]).
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
    for (_, games) in &mut groups {
        by_board(games);
    }
    groups
}

/// The records of each spec: the specs of `spec_order` in that order, with
/// or without records (a spec listed twice counts at its first place), then
/// the other specs of `records` by name; each spec's games by board (see
/// [`by_board`]).
fn group_in_spec_order<'a>(
    records: &'a [GameRecord],
    spec_order: &'a [String],
) -> Vec<(&'a str, Vec<&'a GameRecord>)> {
    let mut by_name: BTreeMap<&str, Vec<&GameRecord>> = BTreeMap::new();
    for r in records {
        by_name.entry(&r.spec).or_default().push(r);
    }
    let mut groups: Vec<(&str, Vec<&GameRecord>)> = Vec::with_capacity(by_name.len());
    for spec in spec_order {
        if let Some(group) = by_name.remove_entry(spec.as_str()) {
            groups.push(group);
        } else if !groups.iter().any(|(listed, _)| listed == spec) {
            groups.push((spec, Vec::new()));
        }
    }
    groups.extend(by_name);
    for (_, games) in &mut groups {
        by_board(games);
    }
    groups
}

/// Puts one spec's games in board order (index, then ID), so that sums of
/// fractions (the standard deviation) are added in the same order however
/// the games finished, and the summary comes out the same to the last bit.
fn by_board(games: &mut [&GameRecord]) {
    games.sort_by(|a, b| (a.board_index, &a.board_id).cmp(&(b.board_index, &b.board_id)));
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
    /// Pairs both runs solved: the boards of the three means below.
    pub n_both_solved: u32,
    /// Mean of b's moves − a's moves over pairs both runs solved (`None` if
    /// there are none); negative means b is better.
    pub mean_diff: Option<f64>,
    /// Mean moves of the spec in run a over the pairs both runs solved.
    pub mean_a: Option<f64>,
    /// Mean moves of the spec in run b over the pairs both runs solved (so
    /// `mean_b − mean_a = mean_diff`).
    pub mean_b: Option<f64>,
    /// Mean milliseconds per board in run a, over the paired boards (`None`
    /// if there are none).
    pub mean_ms_a: Option<f64>,
    /// Mean milliseconds per board in run b, over the paired boards (`None`
    /// if there are none).
    pub mean_ms_b: Option<f64>,
}

/// The specs of `one`'s games that `other` has no game of, in `one`'s
/// order: what [`compare`] leaves out.
pub fn specs_only_in(one: &[GameRecord], other: &[GameRecord]) -> Vec<String> {
    let theirs: HashSet<&str> = other.iter().map(|r| r.spec.as_str()).collect();
    let mut alone: Vec<String> = Vec::new();
    for r in one {
        if !theirs.contains(r.spec.as_str()) && !alone.contains(&r.spec) {
            alone.push(r.spec.clone());
        }
    }
    alone
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
        let (mut deltas, mut moves_a, mut moves_b) = (Vec::new(), Vec::new(), Vec::new());
        // The games of the pairs: every column is over the same boards.
        let (mut paired_a, mut paired_b) = (Vec::new(), Vec::new());
        for ga in &a_games {
            let Some(gb) = b_by_board.get(ga.board_id.as_str()) else {
                continue;
            };
            n_pairs += 1;
            paired_a.push(*ga);
            paired_b.push(*gb);
            match (ga.solved(), gb.solved()) {
                (true, true) => {
                    deltas.push(f64::from(gb.moves) - f64::from(ga.moves));
                    moves_a.push(f64::from(ga.moves));
                    moves_b.push(f64::from(gb.moves));
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
        let sa = summary(spec, &paired_a, None);
        let sb = summary(spec, &paired_b, None);
        diffs.push(PairedDiff {
            spec: spec.to_string(),
            n_pairs,
            better,
            worse,
            equal,
            n_both_solved: deltas.len() as u32,
            mean_diff: mean(&deltas),
            mean_a: mean(&moves_a),
            mean_b: mean(&moves_b),
            mean_ms_a: (n_pairs > 0).then_some(sa.mean_ms),
            mean_ms_b: (n_pairs > 0).then_some(sb.mean_ms),
        });
    }
    diffs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A solved game of `spec` on board `board` (from 0) in `moves` moves.
    fn game(board: u32, spec: &str, moves: u32) -> GameRecord {
        GameRecord {
            board_id: format!("30x20c5-k{}", board + 1),
            board_index: board,
            spec: spec.to_string(),
            outcome: GameOutcome::Solved,
            moves,
            nanos: u64::from(moves) * 1_000,
            nodes: u64::from(moves) * 7,
            inspections: u64::from(moves) * 11,
            solution: String::new(),
            lower_bound: None,
        }
    }

    fn strings(specs: &[&str]) -> Vec<String> {
        specs.iter().map(ToString::to_string).collect()
    }

    fn spec_names(summaries: &[Summary]) -> Vec<&str> {
        summaries.iter().map(|s| s.spec.as_str()).collect()
    }

    /// The plan's specs, as asked: neither by name nor by speed.
    const ASKED: [&str; 3] = ["exact", "greedy", "gla:depth=5"];

    /// Every spec of [`ASKED`] on five boards, in the plan's order (board by
    /// board); the moves give fractional means and deviations.
    fn plan_order() -> Vec<GameRecord> {
        let moves = [
            [29, 40, 33],
            [31, 43, 35],
            [30, 38, 34],
            [33, 47, 36],
            [28, 41, 31],
        ];
        (0..5u32)
            .flat_map(|b| {
                ASKED
                    .iter()
                    .zip(moves[b as usize])
                    .map(move |(spec, m)| game(b, spec, m))
            })
            .collect()
    }

    /// `records` in the order of `positions` (a permutation of their indexes).
    fn reorder(records: &[GameRecord], positions: &[usize]) -> Vec<GameRecord> {
        positions.iter().map(|&i| records[i].clone()).collect()
    }

    #[test]
    fn per_spec_follows_the_asked_order_whatever_order_the_games_finished_in() {
        let records = plan_order();
        let asked = strings(&ASKED);
        // How two workers might finish them: the fast greedy games first,
        // then the look-ahead, the exact searches last.
        let finished = reorder(
            &records,
            &[1, 4, 10, 7, 13, 2, 8, 5, 14, 11, 3, 0, 9, 6, 12],
        );
        // First-seen grouping follows the finish order, not the plan...
        assert_eq!(
            spec_names(&summarize(&finished, None)),
            ["greedy", "gla:depth=5", "exact"]
        );
        // ...the asked order does not depend on it.
        let in_plan_order = Summary::per_spec(&records, None, &asked);
        assert_eq!(spec_names(&in_plan_order), ASKED);
        assert_eq!(Summary::per_spec(&finished, None, &asked), in_plan_order);
        let mut reversed = records.clone();
        reversed.reverse();
        assert_eq!(Summary::per_spec(&reversed, None, &asked), in_plan_order);

        // The numbers are the plan-order ones, checked by hand for exact:
        // 29, 31, 30, 33, 28 → mean 30.2.
        let exact = &in_plan_order[0];
        assert_eq!(
            (exact.n, exact.min_moves, exact.max_moves),
            (5, Some(28), Some(33))
        );
        assert!((exact.mean_moves.unwrap() - 30.2).abs() < 1e-12);
    }

    #[test]
    fn per_spec_puts_unlisted_specs_last_by_name_and_keeps_asked_specs_without_games() {
        let mut records = plan_order();
        records.push(game(0, "dijkstra", 30));
        records.insert(0, game(0, "random", 90));
        // "near" was asked for but has no games yet (a run played in part);
        // "greedy" is listed twice.
        let order = strings(&["greedy", "near", "exact", "greedy"]);
        let optima: Optima = [("30x20c5-k1".to_string(), (28, true))].into();
        let summaries = Summary::per_spec(&records, Some(&optima), &order);
        assert_eq!(
            spec_names(&summaries),
            [
                "greedy",
                "near",
                "exact",
                "dijkstra",
                "gla:depth=5",
                "random"
            ]
        );
        assert_eq!(summaries[0].n, 5);
        // Its row says it played nothing, and has no statistics.
        let near = &summaries[1];
        assert_eq!((near.n, near.solved, near.out_of_time), (0, 0, 0));
        assert_eq!(
            (
                near.min_moves,
                near.max_moves,
                near.mean_moves,
                near.stdev_moves
            ),
            (None, None, None, None)
        );
        assert_eq!(
            (
                near.with_optimum,
                near.mean_gap,
                near.with_bound,
                near.mean_bound_gap
            ),
            (0, None, 0, None)
        );
        // With no order at all, every spec comes by name.
        assert_eq!(
            spec_names(&Summary::per_spec(&records, None, &[])),
            ["dijkstra", "exact", "gla:depth=5", "greedy", "random"]
        );
        // Before any game, every asked spec has its row of no games.
        let none = Summary::per_spec(&[], None, &order);
        assert_eq!(spec_names(&none), ["greedy", "near", "exact"]);
        assert!(none.iter().all(|s| s.n == 0 && s.mean_moves.is_none()));
    }

    #[test]
    fn a_comparison_of_runs_on_overlapping_boards_reads_the_pairs_only() {
        // Run a played boards 0-4, run b boards 3-7: the pairs are boards 3
        // and 4, and every column is about them alone.
        let a: Vec<_> = (0..5).map(|b| game(b, "greedy", 40 + b)).collect();
        let b: Vec<_> = (3..8).map(|b| game(b, "greedy", 30 + 2 * b)).collect();
        let d = &compare(&a, &b)[0];
        assert_eq!((d.n_pairs, d.better, d.worse, d.equal), (2, 2, 0, 0));
        // a: 43 and 44; b: 36 and 38.
        assert_eq!((d.mean_a, d.mean_b), (Some(43.5), Some(37.0)));
        assert_eq!(d.mean_diff, Some(-6.5));
        // Times follow the moves here (1 µs a move).
        let (ms_a, ms_b) = (d.mean_ms_a.unwrap(), d.mean_ms_b.unwrap());
        assert!((ms_a - 0.0435).abs() < 1e-12 && (ms_b - 0.037).abs() < 1e-12);
    }
}
