//! Golden move counts and node counts: a silent change in a search shows here.

use cw_core::{BoardId, ClusterGraph, Moves};
use cw_solve::{Limits, Spec, solve};

/// (board ID, spec, moves, nodes expanded, the solution's first ten moves).
const GOLDEN: &[(&str, &str, usize, u64, &str)] = &[
    ("30x20c5-k1", "greedy", 40, 200, "3,4,0,2,1,4,0,2,4,0"),
    ("30x20c5-k1", "gla-3", 36, 2564, "3,4,0,2,1,4,2,4,0,1"),
    (
        "30x20c5-k1",
        "gla:depth=3,metric=perimeter,form=p6",
        40,
        4395,
        "3,4,0,2,1,4,2,4,0,4",
    ),
    ("30x20c5-k1", "bfs-gla", 34, 233765, "3,4,0,2,1,4,2,4,0,1"),
    ("30x20c5-k1", "dfs-gla", 38, 219234, "3,4,0,2,1,4,2,4,0,1"),
    ("30x20c5-k1", "dijkstra", 33, 16364, "3,4,0,2,4,0,2,4,0,1"),
    (
        "30x20c5-k1",
        "dijkstra-greedy",
        38,
        200400,
        "3,4,0,2,4,0,2,4,0,1",
    ),
    ("30x20c5-k2", "greedy", 39, 195, "0,3,4,1,2,3,0,1,2,4"),
    ("30x20c5-k2", "gla-3", 36, 2564, "2,3,4,1,2,3,1,4,2,1"),
    (
        "30x20c5-k2",
        "gla:depth=3,metric=perimeter,form=p6",
        34,
        3765,
        "2,3,4,1,2,3,1,4,2,1",
    ),
    ("30x20c5-k2", "bfs-gla", 33, 217487, "2,3,4,1,2,3,1,4,2,1"),
    ("30x20c5-k2", "dfs-gla", 34, 218150, "2,3,4,1,2,3,1,4,2,1"),
    ("30x20c5-k2", "dijkstra", 35, 27163, "2,3,4,1,0,3,1,2,4,2"),
    (
        "30x20c5-k2",
        "dijkstra-greedy",
        42,
        263808,
        "2,3,4,1,0,3,1,4,2,1",
    ),
    ("14x14c6-s1", "greedy", 24, 144, "3,4,0,5,3,2,5,4,1,3"),
    ("14x14c6-s1", "gla-3", 23, 2513, "3,4,0,4,5,4,1,3,0,2"),
    (
        "14x14c6-s1",
        "gla:depth=3,metric=perimeter,form=p6",
        24,
        4212,
        "3,4,0,4,5,4,1,3,4,0",
    ),
    ("14x14c6-s1", "bfs-gla", 22, 43834, "3,4,0,4,5,4,1,3,0,2"),
    ("14x14c6-s1", "dfs-gla", 22, 43502, "3,4,0,4,5,4,1,3,0,2"),
    ("14x14c6-s1", "dijkstra", 27, 620162, "3,2,4,5,0,2,4,5,0,1"),
    (
        "14x14c6-s1",
        "dijkstra-greedy",
        27,
        1013428,
        "3,2,4,5,0,2,4,5,0,1",
    ),
    ("10x10c4-s3", "greedy", 12, 48, "0,2,3,2,1,0,2,3,0,1"),
    ("10x10c4-s3", "gla-3", 12, 366, "3,2,3,2,1,2,3,0,2,0"),
    (
        "10x10c4-s3",
        "gla:depth=3,metric=perimeter,form=p6",
        13,
        708,
        "3,2,3,2,1,0,2,1,0,3",
    ),
    ("10x10c4-s3", "bfs-gla", 13, 2386, "3,2,3,2,1,2,3,0,1,0"),
    ("10x10c4-s3", "dfs-gla", 13, 2386, "3,2,3,2,1,2,3,0,1,0"),
    ("10x10c4-s3", "dijkstra", 13, 1454, "3,2,3,2,1,2,3,0,1,2"),
    (
        "10x10c4-s3",
        "dijkstra-greedy",
        13,
        1454,
        "3,2,3,2,1,2,3,0,1,2",
    ),
];

#[test]
fn golden_counts() {
    for &(id, spec_text, moves, nodes, prefix) in GOLDEN {
        let board = id.parse::<BoardId>().unwrap().board().unwrap();
        let graph = ClusterGraph::new(&board);
        let mut solver = Spec::parse(spec_text).unwrap().build().unwrap();
        let r = solve(&graph, solver.as_mut(), &Limits::default());
        assert!(r.solved(), "{id} {spec_text}");
        let text = Moves(r.moves.clone()).to_string();
        assert_eq!(
            (r.moves.len(), r.nodes, &text[..prefix.len()]),
            (moves, nodes, prefix),
            "{id} {spec_text}: moves, nodes expanded, first moves"
        );
    }
}
