//! The cluster engine against a from-scratch per-block flood, move by move.

use cw_core::{BlockFlood, Board, ClusterGraph, Color, Playthrough, replay};
use proptest::prelude::*;

/// Random boards up to 9×9 with 2 to 6 colors, and a random game on each.
fn board_and_moves() -> impl Strategy<Value = (Board, Vec<u8>)> {
    (2usize..=9, 2usize..=9, 2usize..=6, any::<u64>()).prop_flat_map(|(w, h, k, seed)| {
        let board = Board::seeded(w, h, k, seed).unwrap();
        let moves = proptest::collection::vec(0..k as u8, 0..60);
        (Just(board), moves)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn incremental_engine_equals_per_block_flood((board, moves) in board_and_moves()) {
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        let mut flood = BlockFlood::new(&board);
        for &m in &moves {
            let c = Color(m);
            // Useful moves: exactly the colors whose per-block flood removes something.
            let useful: Vec<Color> = (0..board.n_colors() as u8)
                .map(Color)
                .filter(|&c| { let mut f = flood.clone(); f.play(c) > 0 })
                .collect();
            prop_assert_eq!(game.useful_moves().iter().collect::<Vec<_>>(), useful);
            prop_assert_eq!(game.gain_of(c).blocks as usize, { let mut f = flood.clone(); f.play(c) });
            let before_game = game.clone();
            let before_flood = flood.clone();
            let gain = game.play(c);
            let removed = flood.play(c);
            prop_assert_eq!(gain.blocks as usize, removed);
            prop_assert_eq!(game.n_moves(), flood.n_moves());
            for (i, &blank) in flood.blank().iter().enumerate() {
                prop_assert_eq!(game.is_blank(i), blank, "block {}", i);
            }
            prop_assert_eq!(game.blocks_left() as usize, flood.blank().iter().filter(|b| !**b).count());
            prop_assert_eq!(game.is_solved(), flood.is_solved());
            prop_assert_eq!(game.exposed_perimeter(&before_game), flood.exposed_perimeter(&before_flood));
            // Frontier recomputed from scratch: live clusters touching a blank one.
            for cl in 0..graph.n_clusters() {
                let touches = graph.neighbors(cl).iter().any(|&n| game.flooded().contains(n as usize));
                prop_assert_eq!(game.frontier().contains(cl), touches && !game.flooded().contains(cl));
            }
            if game.is_solved() { break; }
        }
    }

    #[test]
    fn clusters_are_maximal_and_connected(board in (2usize..=12, 2usize..=12, 2usize..=8, any::<u64>())
        .prop_map(|(w, h, k, s)| Board::seeded(w, h, k, s).unwrap())) {
        let graph = ClusterGraph::new(&board);
        let mut seen = vec![false; board.n_blocks()];
        for cl in 0..graph.n_clusters() {
            for &cell in graph.cells(cl) {
                let cell = cell as usize;
                prop_assert!(!seen[cell]);
                seen[cell] = true;
                prop_assert_eq!(graph.cluster_of(cell), cl);
                prop_assert_eq!(board.cells()[cell], graph.color(cl));
                for j in board.neighbors(cell) {
                    // Same color next door means same cluster (maximal), and
                    // different clusters next door are listed as neighbors.
                    let other = graph.cluster_of(j);
                    if board.cells()[j] == board.cells()[cell] {
                        prop_assert_eq!(other, cl);
                    } else {
                        prop_assert!(graph.neighbors(cl).contains(&(other as u32)));
                    }
                }
            }
            prop_assert_eq!(graph.size(cl) as usize, graph.cells(cl).len());
        }
        prop_assert!(seen.iter().all(|&s| s));
    }
}

#[test]
fn playthrough_undo_restores_the_previous_position() {
    let board = Board::koblenski(30, 20, 5, 1).unwrap();
    let graph = ClusterGraph::new(&board);
    let mut p = Playthrough::new(&graph);
    assert_eq!(p.undo(), None);
    p.play(Color(3)).unwrap();
    let after_one = p.current().flooded().clone();
    p.play(Color(1)).unwrap();
    assert_eq!(p.undo(), Some(Color(1)));
    assert_eq!(p.current().flooded(), &after_one);
    assert_eq!(p.current().n_moves(), 1);
    assert_eq!(p.moves(), &[Color(3)]);
    assert!(
        p.play(Color(7)).is_err(),
        "a color the board lacks is refused"
    );
}

#[test]
fn replay_reports_clearing_move_useless_moves_and_surplus() {
    let board = crate::board(3, 2, ".01101");
    let graph = ClusterGraph::new(&board);
    // Colors: . 0 1 / 1 0 1. Playing 1 first removes block 3 only.
    let r = replay(&graph, &[Color(1), Color(1), Color(0), Color(1), Color(0)]).unwrap();
    assert!(r.cleared);
    assert_eq!(r.moves_played, 4);
    assert_eq!(r.useless, vec![2]);
    assert_eq!(r.surplus, 1);
    assert_eq!(r.removed, vec![1, 0, 2, 2]);
    let r = replay(&graph, &[Color(0)]).unwrap();
    assert!(!r.cleared);
    assert_eq!(r.blocks_left, 3);
    let err = replay(&graph, &[Color(0), Color(5)]).unwrap_err();
    assert_eq!(err.0, 2);
}
