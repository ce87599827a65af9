//! Regression goldens: what this code itself played on a few boards
//! (moves, nodes expanded, the whole solution), so that a silent change in
//! a search shows here. They are not evidence of correctness; the checks
//! against independent sources are elsewhere (`fidelity.rs`: the series'
//! published numbers; `tests/optimal.rs`: proven minima and a
//! breadth-first oracle).
//!
//! The goldens live in `tests/data/regression.golden`, one game a line:
//! `BOARD_ID SPEC MOVES NODES SOLUTION`. When a change is meant to alter
//! them, regenerate the file and review the diff:
//!
//! ```text
//! CW_UPDATE_GOLDEN=1 cargo test -p cw-solve --test it golden
//! git diff crates/cw-solve/tests/data/regression.golden
//! ```

use cw_core::{BoardId, ClusterGraph, Moves};
use cw_solve::{Limits, Spec, solve};

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/regression.golden");

/// The header of the golden file, rewritten with it.
const HEADER: &str = "\
# Regression goldens of cw-solve (tests/it/golden.rs): what this code played.
# BOARD_ID SPEC MOVES NODES SOLUTION. Regenerate with CW_UPDATE_GOLDEN=1 and review the diff.
";

/// One game as the golden file writes it.
fn play(id: &str, spec_text: &str) -> String {
    let board = id.parse::<BoardId>().unwrap().board().unwrap();
    let graph = ClusterGraph::new(&board);
    let mut solver = Spec::parse(spec_text).unwrap().build().unwrap();
    let r = solve(&graph, solver.as_mut(), &Limits::default());
    assert!(r.solved(), "{id} {spec_text}");
    format!(
        "{id} {spec_text} {} {} {}",
        r.moves.len(),
        r.nodes,
        Moves(r.moves)
    )
}

#[test]
fn golden_games_play_as_recorded() {
    let text = std::fs::read_to_string(GOLDEN).unwrap_or_else(|e| panic!("{GOLDEN}: {e}"));
    let recorded: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    assert!(recorded.len() >= 20, "the golden file lists its games");
    let played: Vec<String> = recorded
        .iter()
        .map(|line| {
            let mut fields = line.split_whitespace();
            let (id, spec) = (fields.next().unwrap(), fields.next().unwrap());
            play(id, spec)
        })
        .collect();
    if std::env::var_os("CW_UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        let mut out = HEADER.to_string();
        for line in &played {
            out.push_str(line);
            out.push('\n');
        }
        std::fs::write(GOLDEN, out).unwrap();
        eprintln!("CW_UPDATE_GOLDEN=1: rewrote {GOLDEN}; review the diff");
        return;
    }
    for (want, got) in recorded.iter().zip(&played) {
        assert_eq!(
            got, want,
            "moves, nodes expanded and solution (CW_UPDATE_GOLDEN=1 rewrites the file)"
        );
    }
}
