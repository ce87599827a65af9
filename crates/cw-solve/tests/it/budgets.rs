//! Budgets: a cancel stops every searching solver in the middle of its
//! search (and is not an outcome of the solver), a deadline is "out of
//! time", and a memory budget keeps a search within it while it still
//! plays legal moves.

use cw_core::{Board, ClusterGraph, replay};
use cw_solve::{Limits, Outcome, SearchCtx, Spec, solve};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Specs whose first move on a 100×100 board with 16 colors takes seconds:
/// a cancel must reach them inside the search.
const SLOW_ON_LARGE_BOARDS: &[&str] = &[
    "near:width=4096,tail=1000000000",
    "exact:beam=65536",
    "exact",
    "gla:depth=6",
    "dijkstra:cap=2000000",
    "dfs:nodes=1000000000,depth=200",
];

#[test]
fn a_cancel_stops_every_search_in_the_middle_and_is_reported_as_cancelled() {
    let board = Board::seeded(100, 100, 16, 1).unwrap();
    let graph = ClusterGraph::new(&board);
    for text in SLOW_ON_LARGE_BOARDS {
        let flag = Arc::new(AtomicBool::new(false));
        let limits = Limits {
            cancel: Some(flag.clone()),
            ..Limits::default()
        };
        let mut solver = Spec::parse(text).unwrap().build().unwrap();
        let report = std::thread::scope(|s| {
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(100));
                flag.store(true, Ordering::Relaxed);
            });
            solve(&graph, solver.as_mut(), &limits)
        });
        assert_eq!(report.outcome, Outcome::Cancelled, "{text}");
        assert!(
            replay(&graph, &report.moves).is_ok(),
            "{text}: the moves played before the cancel are legal"
        );
    }
}

#[test]
fn a_deadline_is_out_of_time_not_a_solver_giving_up() {
    let board = Board::seeded(100, 100, 16, 2).unwrap();
    let graph = ClusterGraph::new(&board);
    for text in ["dijkstra:cap=2000000", "bfs:cap=4000000", "gla:depth=6"] {
        let limits = Limits {
            time_limit: Some(Duration::from_millis(50)),
            ..Limits::default()
        };
        let mut solver = Spec::parse(text).unwrap().build().unwrap();
        let report = solve(&graph, solver.as_mut(), &limits);
        assert_eq!(report.outcome, Outcome::TimeLimit, "{text}");
        // `dijkstra` plays the path to the best position it reached, as it
        // does when its queue outgrows the cap.
        if text.starts_with("dijkstra") {
            assert!(!report.moves.is_empty(), "{text}");
            assert!(cw_core::replay(&graph, &report.moves).is_ok(), "{text}");
        }
    }
}

#[test]
fn a_spent_time_budget_still_gets_a_whole_solution_and_a_proven_bound() {
    // A time budget spent before the search starts (as a 1-ms limit is on a
    // 100×100 board with 36 colors): `exact` and `near` still hand back
    // moves that clear the board, finished greedily from the start, with
    // the bound at the start, proven; nothing is said to be optimal.
    let board = Board::seeded(100, 100, 36, 1).unwrap();
    let graph = ClusterGraph::new(&board);
    let bound_at_start = cw_solve::search::bound::lower_bound(&graph.start());
    let limits = Limits {
        time_limit: Some(Duration::ZERO),
        ..Limits::default()
    };
    for text in ["exact", "near"] {
        let mut solver = Spec::parse(text).unwrap().build().unwrap();
        let mut ctx = SearchCtx::new(&board, &limits);
        let moves = solver
            .next_moves(&graph.start(), &mut ctx)
            .unwrap_or_else(|| panic!("{text}: no moves"));
        assert!(replay(&graph, &moves).unwrap().cleared, "{text}");
        // Within the move limit of a game.
        assert!(moves.len() < Limits::default().max_moves as usize, "{text}");
        let bound = ctx
            .lower_bound
            .unwrap_or_else(|| panic!("{text}: no bound"));
        assert!(
            bound >= bound_at_start && bound as usize <= moves.len(),
            "{text}: bound {bound}"
        );
        assert!(!ctx.proven_optimal, "{text}");
        // One look at each color a move at most: no step of the beam ran.
        let most = (board.n_colors() * moves.len()) as u64;
        assert!(ctx.nodes <= most, "{text}: {} nodes", ctx.nodes);
    }
}

#[test]
fn searches_within_a_small_memory_budget_still_play_legal_games() {
    // 2 MiB is far below what these specs' caps allow on a 30×20 board;
    // each keeps within it and still clears the board (bfs alone cannot,
    // and gives up).
    let board = Board::koblenski(30, 20, 5, 3).unwrap();
    let graph = ClusterGraph::new(&board);
    let limits = Limits {
        memory_bytes: Some(2 << 20),
        ..Limits::default()
    };
    for text in [
        "dijkstra:cap=2000000",
        "exact:memory-mb=4096,beam=65536",
        "near:width=100000",
        "gla:depth=5,until=18>bfs:cap=4000000|gla:depth=5",
    ] {
        let spec = Spec::parse(text).unwrap();
        assert!(
            spec.memory_need(&graph) > 2 << 20,
            "{text}: its caps ask for more"
        );
        let report = solve(&graph, spec.build().unwrap().as_mut(), &limits);
        assert_eq!(report.outcome, Outcome::Solved, "{text}");
        assert!(replay(&graph, &report.moves).unwrap().cleared, "{text}");
    }
}

#[test]
fn memory_needs_grow_with_caps_and_positions() {
    let small = ClusterGraph::new(&Board::koblenski(30, 20, 5, 1).unwrap());
    let large = ClusterGraph::new(&Board::seeded(100, 100, 16, 1).unwrap());
    let need = |text: &str, g: &ClusterGraph| Spec::parse(text).unwrap().memory_need(g);
    assert_eq!(need("greedy", &small), 0);
    assert_eq!(need("gla:depth=5", &large), 0);
    assert_eq!(need("exact:memory-mb=64", &small), 64 << 20);
    for (a, b) in [
        ("bfs:cap=1000", "bfs:cap=1000000"),
        ("dijkstra:cap=1000", "dijkstra"),
        ("near:width=10,tail=0", "near:width=4000,tail=0"),
        ("dfs:depth=10", "dfs:depth=200"),
    ] {
        assert!(need(a, &small) < need(b, &small), "{a} < {b}");
        assert!(need(b, &small) < need(b, &large), "{b}: larger board");
    }
    // A hybrid needs what its hungriest stage needs.
    assert_eq!(
        need(
            "gla:depth=3,until=10>dijkstra:cap=1000|bfs:cap=5000",
            &small
        ),
        need("dijkstra:cap=1000", &small).max(need("bfs:cap=5000", &small))
    );
}
