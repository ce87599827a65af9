//! Summaries and paired comparisons, checked against hand-computed numbers.

use std::collections::HashMap;

use cw_lab::{GameRecord, compare, summarize};

use crate::rec;

const MS: u64 = 1_000_000;

/// Spec "a": solved in 30, 32, 34, 36 moves and one unsolved board; spec "b":
/// nothing solved. Records interleave, "a" first.
fn example() -> Vec<GameRecord> {
    let a = [
        (true, 30, 2),
        (true, 32, 4),
        (true, 34, 6),
        (false, 200, 12),
        (true, 36, 1),
    ];
    let mut records = Vec::new();
    for (board, &(solved, moves, ms)) in a.iter().enumerate() {
        records.push(rec(board as u32, "a", solved, moves, ms * MS));
        records.push(rec(board as u32, "b", false, 200, 3 * MS));
    }
    records
}

fn close(x: f64, y: f64) -> bool {
    (x - y).abs() < 1e-9
}

#[test]
fn summary_numbers_by_hand() {
    let summaries = summarize(&example(), None);
    assert_eq!(summaries.len(), 2);
    let a = &summaries[0];
    assert_eq!(a.spec, "a");
    assert_eq!((a.n, a.solved), (5, 4));
    assert_eq!((a.min_moves, a.max_moves), (Some(30), Some(36)));
    assert!(close(a.mean_moves.unwrap(), 33.0));
    assert_eq!(a.total_moves, 132);
    // Population stdev: squared deviations 9 + 1 + 1 + 9 = 20, over n = 4.
    assert!(
        close(a.stdev_moves.unwrap(), 5f64.sqrt()),
        "{:?}",
        a.stdev_moves
    );
    // Time, nodes and inspections average over every board, solved or not.
    assert!(close(a.mean_ms, (2.0 + 4.0 + 6.0 + 12.0 + 1.0) / 5.0));
    assert!(close(a.max_ms, 12.0));
    // Sorted times 1, 2, 4, 6, 12: the median is rank 3 (of 5), the 90th
    // percentile rank ceil(4.5) = 5.
    assert!(close(a.median_ms, 4.0), "{}", a.median_ms);
    assert!(close(a.p90_ms, 12.0), "{}", a.p90_ms);
    assert!(close(
        a.mean_nodes,
        (300.0 + 320.0 + 340.0 + 2000.0 + 360.0) / 5.0
    ));
    assert!(close(a.mean_inspections, 6640.0));
    assert_eq!((a.with_optimum, a.mean_gap, a.optimal_hits), (0, None, 0));

    let b = &summaries[1];
    assert_eq!((b.spec.as_str(), b.n, b.solved), ("b", 5, 0));
    assert_eq!(
        (b.min_moves, b.mean_moves, b.max_moves, b.stdev_moves),
        (None, None, None, None)
    );
    assert!(close(b.mean_ms, 3.0));
}

#[test]
fn nearest_rank_percentiles() {
    use cw_lab::nearest_rank;
    let xs: Vec<f64> = (1..=10).map(f64::from).collect();
    assert_eq!(nearest_rank(&xs, 50), 5.0);
    assert_eq!(nearest_rank(&xs, 90), 9.0);
    assert_eq!(nearest_rank(&xs, 91), 10.0);
    assert_eq!(nearest_rank(&xs, 100), 10.0);
    assert_eq!(nearest_rank(&xs, 0), 1.0);
    assert_eq!(nearest_rank(&[7.0], 90), 7.0);
    assert_eq!(nearest_rank(&[], 50), 0.0);
}

#[test]
fn summaries_keep_first_seen_spec_order() {
    let mut records = example();
    records.reverse();
    let specs: Vec<String> = summarize(&records, None)
        .into_iter()
        .map(|s| s.spec)
        .collect();
    assert_eq!(specs, ["b", "a"]);
    assert!(summarize(&[], None).is_empty());
}

#[test]
fn gap_and_optimal_hits() {
    let optima: HashMap<String, (u32, bool)> = [
        ("30x20c5-k1", (30, true)),  // a: 30 moves, gap 0, a hit
        ("30x20c5-k2", (31, false)), // a: 32 moves, gap 1
        ("30x20c5-k3", (34, true)),  // a: 34 moves, gap 0, a hit
        ("30x20c5-k4", (28, true)),  // a: unsolved, counted, no gap
    ]
    .into_iter()
    .map(|(id, o)| (id.to_string(), o))
    .collect();
    let summaries = summarize(&example(), Some(&optima));
    let a = &summaries[0];
    assert_eq!(a.with_optimum, 4);
    assert!(close(a.mean_gap.unwrap(), 1.0 / 3.0), "{:?}", a.mean_gap);
    assert_eq!(a.optimal_hits, 2);
    let b = &summaries[1];
    assert_eq!((b.with_optimum, b.mean_gap, b.optimal_hits), (4, None, 0));
}

#[test]
fn compare_counts_a_hand_made_pair_of_runs() {
    let a = vec![
        rec(0, "x", true, 30, MS),
        rec(1, "x", true, 30, MS),
        rec(2, "x", true, 30, MS),
        rec(3, "x", false, 200, MS),
        rec(4, "x", true, 35, MS),
        rec(5, "x", false, 200, MS),
        rec(6, "x", true, 40, MS), // only in a
        rec(0, "y", true, 30, MS), // spec only in a
    ];
    let b = vec![
        rec(7, "x", true, 28, 3 * MS),   // only in b
        rec(0, "x", true, 29, 3 * MS),   // better by 1
        rec(1, "x", true, 30, 3 * MS),   // equal
        rec(2, "x", true, 33, 3 * MS),   // worse by 3
        rec(3, "x", true, 40, 3 * MS),   // better: solved where a was not
        rec(4, "x", false, 200, 3 * MS), // worse: unsolved where a solved
        rec(5, "x", false, 200, 3 * MS), // equal: both unsolved
        rec(0, "z", true, 30, MS),       // spec only in b
    ];
    let diffs = compare(&a, &b);
    assert_eq!(diffs.len(), 1, "only specs in both runs: {diffs:?}");
    let x = &diffs[0];
    assert_eq!(x.spec, "x");
    assert_eq!((x.n_pairs, x.better, x.worse, x.equal), (6, 2, 2, 2));
    // Over pairs both solved: -1, 0, +3.
    assert!(close(x.mean_diff.unwrap(), 2.0 / 3.0));
    // Means over the same pairs, both solved (boards 0 to 2): a 30, 30, 30;
    // b 29, 30, 33. Not a's 35 on board 4 nor b's 40 on board 3, which the
    // other run did not solve, nor a's board 6 and b's board 7.
    assert_eq!(x.n_both_solved, 3);
    assert!(close(x.mean_a.unwrap(), 30.0));
    assert!(close(x.mean_b.unwrap(), 92.0 / 3.0));
    assert!(close(
        x.mean_b.unwrap() - x.mean_a.unwrap(),
        x.mean_diff.unwrap()
    ));
    assert!(close(x.mean_ms_a.unwrap(), 1.0));
    assert!(close(x.mean_ms_b.unwrap(), 3.0));
}

/// A spec both runs played, but on no board in common: it has no pairs, so
/// no means, and its times are unknown rather than zero.
#[test]
fn a_spec_without_pairs_has_no_times() {
    let a = vec![rec(0, "x", true, 30, 2 * MS)];
    let b = vec![rec(1, "x", true, 31, 3 * MS)];
    let diffs = compare(&a, &b);
    assert_eq!(diffs.len(), 1);
    let x = &diffs[0];
    assert_eq!((x.n_pairs, x.n_both_solved), (0, 0));
    assert_eq!((x.mean_a, x.mean_b, x.mean_diff), (None, None, None));
    assert_eq!((x.mean_ms_a, x.mean_ms_b), (None, None));
}
