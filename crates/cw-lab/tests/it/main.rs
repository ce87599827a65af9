//! The one integration-test binary of cw-lab.

mod plot;
mod report;
mod stats;
mod store;

use cw_lab::{GameOutcome, GameRecord, RunMeta};

/// A result with the given outcome; counters follow from the arguments so
/// that tests can check sums by hand.
pub fn rec(board: u32, spec: &str, solved: bool, moves: u32, nanos: u64) -> GameRecord {
    GameRecord {
        board_id: format!("30x20c5-k{}", board + 1),
        board_index: board,
        spec: spec.to_string(),
        outcome: if solved {
            GameOutcome::Solved
        } else {
            GameOutcome::GaveUp
        },
        moves,
        nanos,
        nodes: u64::from(moves) * 10,
        inspections: u64::from(moves) * 100,
        solution: (0..moves)
            .map(|i| (i % 5).to_string())
            .collect::<Vec<_>>()
            .join(","),
        lower_bound: None,
    }
}

/// Metadata of a small run over boards 1..=n with the given specs.
pub fn meta(n: u32, specs: &[&str]) -> RunMeta {
    RunMeta {
        board_set: format!("koblenski:1..{n}"),
        specs: specs.iter().map(|s| s.to_string()).collect(),
        n_boards: n,
        params: serde_json::json!({ "threads": 2, "limits": { "moves": 200, "nodes": 1000000 } }),
        version: "1.2.3".to_string(),
        fingerprint: format!("fp-{n}-{}", specs.join("+")),
        shard: None,
    }
}
