//! Every registered solver and every preset, on many small random boards of
//! both rule sets (Color Walk, and Flood-It with random start cells): its
//! moves replay to a flooded board, and the same spec plays the same moves.

use cw_core::{Board, ClusterGraph, replay};
use cw_solve::presets::PRESETS;
use cw_solve::registry::SOLVERS;
use cw_solve::{Limits, Outcome, Spec, solve};

fn boards() -> Vec<Board> {
    let mut out = Vec::new();
    for seed in 0..30u64 {
        let w = 2 + (seed % 7) as usize;
        let h = 2 + (seed * 3 % 6) as usize;
        let k = 2 + (seed % 5) as usize;
        out.push(Board::seeded(w, h, k, seed).unwrap());
    }
    out.push(Board::koblenski(8, 6, 5, 3).unwrap());
    // Flood-It boards, the start cell anywhere.
    for seed in 0..20u64 {
        let w = 2 + (seed % 6) as usize;
        let h = 2 + (seed * 5 % 7) as usize;
        let k = 2 + (seed % 6) as usize;
        let start = (
            (seed * 7 % h as u64) as usize,
            (seed * 3 % w as u64) as usize,
        );
        out.push(Board::seeded_flood_it(w, h, k, 100 + seed, start).unwrap());
    }
    out.push(Board::seeded_flood_it(19, 19, 6, 1, (9, 9)).unwrap());
    out
}

fn check(spec: &Spec) {
    for board in boards() {
        let graph = ClusterGraph::new(&board);
        let mut solver = spec.build().unwrap();
        let report = solve(&graph, solver.as_mut(), &Limits::default());
        assert_eq!(report.outcome, Outcome::Solved, "{spec} on {}", board.id());
        let r = replay(&graph, &report.moves).unwrap();
        assert!(r.cleared && r.surplus == 0, "{spec} on {}", board.id());
        // Only solvers that say so (round robin and random without
        // skipping, as in the series) may play a color that removes nothing.
        if !spec.may_waste_moves() {
            assert!(
                r.useless.is_empty(),
                "{spec} on {} wasted moves {:?}",
                board.id(),
                r.useless
            );
        }
        let mut again = spec.build().unwrap();
        let second = solve(&graph, again.as_mut(), &Limits::default());
        assert_eq!(
            second.moves,
            report.moves,
            "{spec} is deterministic on {}",
            board.id()
        );
        assert_eq!(
            second.nodes, report.nodes,
            "{spec} node count is deterministic"
        );
    }
}

#[test]
fn every_registered_solver_clears_small_boards() {
    for def in SOLVERS {
        // BFS and DFS give up when no finish is within reach: a fallback
        // finishes the game, as in the series' hybrids.
        check(&Spec::parse(&format!("{}|greedy", def.name)).unwrap());
    }
    for text in [
        "gla:depth=3,metric=perimeter,form=p6",
        "gla:depth=3,metric=ratio-area",
        "greedy:metric=perimeter-area",
        "random:rng=seeded,seed=9,skip=true",
        "dfs:depth=12,nodes=500|greedy",
        "dijkstra:cap=10,scale=5",
        "bfs:cap=8|greedy",
    ] {
        check(&Spec::parse(text).unwrap());
    }
}

#[test]
fn every_preset_clears_small_boards() {
    for preset in PRESETS {
        check(&Spec::parse(preset.name).unwrap());
    }
}

#[test]
fn a_solver_that_gives_up_is_reported_not_solved() {
    // BFS alone, with a queue too small to reach a finish on a real board.
    let board = Board::koblenski(30, 20, 5, 1).unwrap();
    let graph = ClusterGraph::new(&board);
    let mut solver = Spec::parse("bfs:cap=4").unwrap().build().unwrap();
    let report = solve(&graph, solver.as_mut(), &Limits::default());
    assert_eq!(report.outcome, Outcome::GaveUp);
    assert!(report.moves.is_empty());
    // It says which of its budgets ran out; so does DFS.
    assert_eq!(
        report.gave_up_because.as_deref(),
        Some("no finish within its queue cap of 4 positions")
    );
    let mut solver = Spec::parse("dfs:nodes=1000").unwrap().build().unwrap();
    let report = solve(&graph, solver.as_mut(), &Limits::default());
    assert_eq!(
        (report.outcome, report.gave_up_because.as_deref()),
        (
            Outcome::GaveUp,
            Some("no finish found within its node limit of 1000")
        )
    );
    // A solver that finishes says nothing of the kind.
    let mut solver = Spec::parse("greedy").unwrap().build().unwrap();
    let report = solve(&graph, solver.as_mut(), &Limits::default());
    assert_eq!(report.gave_up_because, None);
}

#[test]
fn the_move_limit_stops_a_solver() {
    let board = Board::koblenski(30, 20, 5, 1).unwrap();
    let graph = ClusterGraph::new(&board);
    let mut solver = Spec::parse("random").unwrap().build().unwrap();
    let limits = Limits {
        max_moves: 10,
        ..Limits::default()
    };
    let report = solve(&graph, solver.as_mut(), &limits);
    assert_eq!(report.outcome, Outcome::MoveLimit);
    assert_eq!(report.moves.len(), 10);
}
