//! The cluster engine against a from-scratch per-block flood, move by move,
//! on Color Walk and on Flood-It boards.

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

/// Random Flood-It boards up to 9×9 with 2 to 6 colors and a random start
/// cell, and a random game on each: from the seeded Flood-It generator, or
/// cells written out that use only the first `used` colors, so that large
/// start groups (a board of one color included) are common.
fn flood_it_board_and_moves() -> impl Strategy<Value = (Board, Vec<u8>)> {
    let seeded = (2usize..=9, 2usize..=9, 2usize..=6)
        .prop_flat_map(|(w, h, k)| (Just((w, h, k)), any::<u64>(), 0..h, 0..w))
        .prop_map(|((w, h, k), seed, row, col)| {
            Board::seeded_flood_it(w, h, k, seed, (row, col)).unwrap()
        });
    let literal = (2usize..=9, 2usize..=9, 2usize..=6)
        .prop_flat_map(|(w, h, k)| {
            (
                Just((w, h, k)),
                1..=k,
                proptest::collection::vec(any::<u8>(), w * h),
                0..w * h,
            )
        })
        .prop_map(|((w, h, k), used, draws, start)| {
            let cells = draws.iter().map(|&d| Some(Color(d % used as u8))).collect();
            Board::with_start(w, h, k, cells, start).unwrap()
        });
    prop_oneof![seeded, literal].prop_flat_map(|board| {
        let moves = proptest::collection::vec(0..board.n_colors() as u8, 0..60);
        (Just(board), moves)
    })
}

/// The start cell's same-color group, by a flood fill of our own.
fn start_group(board: &Board) -> Vec<bool> {
    let cells = board.cells();
    let start = board.start();
    let mut group = vec![false; board.n_blocks()];
    group[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        for j in board.neighbors(i) {
            if !group[j] && cells[j] == cells[start] {
                group[j] = true;
                stack.push(j);
            }
        }
    }
    group
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
    fn flood_it_engine_equals_per_block_flood((board, moves) in flood_it_board_and_moves()) {
        prop_assert!(board.is_flood_it());
        prop_assert_eq!(board.rules_name(), "flood-it");
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        let mut flood = BlockFlood::new(&board);
        let n = board.n_blocks();

        // The start region is the start cell's whole group, in both engines,
        // and it is exactly cluster 0.
        let group = start_group(&board);
        let group_cells: Vec<usize> = (0..n).filter(|&i| group[i]).collect();
        let mut cluster0: Vec<usize> = graph.cells(0).iter().map(|&c| c as usize).collect();
        cluster0.sort_unstable();
        prop_assert_eq!(&cluster0, &group_cells);
        prop_assert_eq!(graph.cluster_of(board.start()), 0);
        prop_assert_eq!(graph.color(0), board.cells()[board.start()]);
        prop_assert_eq!(graph.size(0) as usize, group_cells.len());
        prop_assert_eq!(game.n_blank() as usize, group_cells.len());
        prop_assert_eq!(game.blocks_left() as usize, n - group_cells.len());
        for (i, &in_group) in group.iter().enumerate() {
            prop_assert_eq!(game.is_blank(i), in_group, "block {}", i);
            prop_assert_eq!(flood.blank()[i], in_group, "block {}", i);
        }
        for cl in 0..graph.n_clusters() {
            prop_assert_eq!(game.flooded().contains(cl), cl == 0, "cluster {}", cl);
        }
        // Cluster 0 is in no color's mask, not even its own color's.
        for c in 0..board.n_colors() as u8 {
            prop_assert!(!graph.color_mask(Color(c)).contains(0), "color {}", c);
        }
        // The other clusters are numbered in the row-major order of their
        // first blocks.
        let firsts: Vec<u32> = (1..graph.n_clusters())
            .map(|cl| *graph.cells(cl).iter().min().unwrap())
            .collect();
        prop_assert!(firsts.windows(2).all(|w| w[0] < w[1]), "{:?}", firsts);
        prop_assert_eq!(game.is_solved(), group_cells.len() == n);
        prop_assert_eq!(flood.is_solved(), group_cells.len() == n);

        let mut played: Vec<Color> = Vec::new();
        for &m in &moves {
            if game.is_solved() { break; }
            let c = Color(m);
            // The region's own color never removes anything.
            let own = board.region_color(&played).unwrap();
            prop_assert_eq!(own, played.last().copied().unwrap_or(board.cells()[board.start()].unwrap()));
            prop_assert_eq!(game.gain_of(own).blocks, 0);
            prop_assert!(!game.useful_moves().contains(own));
            prop_assert_eq!({ let mut f = flood.clone(); f.play(own) }, 0);
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
            played.push(c);
            prop_assert_eq!(gain.blocks as usize, removed);
            prop_assert_eq!(game.n_moves(), flood.n_moves());
            prop_assert_eq!(game.n_moves() as usize, played.len());
            for (i, &blank) in flood.blank().iter().enumerate() {
                prop_assert_eq!(game.is_blank(i), blank, "block {}", i);
            }
            // The start group stays in the region.
            for &i in &group_cells {
                prop_assert!(game.is_blank(i), "start block {}", i);
            }
            prop_assert_eq!(game.blocks_left() as usize, flood.blank().iter().filter(|b| !**b).count());
            prop_assert_eq!(game.is_solved(), flood.is_solved());
            prop_assert_eq!(game.exposed_perimeter(&before_game), flood.exposed_perimeter(&before_flood));
            // Frontier recomputed from scratch: live clusters touching a blank one.
            for cl in 0..graph.n_clusters() {
                let touches = graph.neighbors(cl).iter().any(|&n| game.flooded().contains(n as usize));
                prop_assert_eq!(game.frontier().contains(cl), touches && !game.flooded().contains(cl));
            }
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

fn sorted(cells: &[u32]) -> Vec<u32> {
    let mut v = cells.to_vec();
    v.sort_unstable();
    v
}

#[test]
fn flood_it_own_color_moves_are_wasted_but_counted() {
    // 0 0 1 / 0 1 1 from the top-left: the region is the three 0 blocks.
    let id: cw_core::BoardId = "3x2c2:001011".parse().unwrap();
    let board = id.board().unwrap();
    assert!(board.is_flood_it());
    assert_eq!(board.region_color(&[]), Some(Color(0)));
    assert_eq!(board.region_color(&[Color(1)]), Some(Color(1)));
    assert_eq!(board.region_color(&[Color(1), Color(0)]), Some(Color(0)));
    let graph = ClusterGraph::new(&board);
    assert_eq!(graph.n_clusters(), 2);
    assert_eq!(sorted(graph.cells(0)), vec![0, 1, 3]);
    assert_eq!(graph.start().n_blank(), 3);
    assert_eq!(
        graph.start().useful_moves().iter().collect::<Vec<_>>(),
        vec![Color(1)]
    );
    let r = replay(&graph, &[Color(0), Color(1), Color(0)]).unwrap();
    assert!(r.cleared);
    assert_eq!(r.moves_played, 2);
    assert_eq!(r.useless, vec![1]);
    assert_eq!(r.removed, vec![0, 3]);
    assert_eq!(r.surplus, 1);
    // The same start region elsewhere: the start at row 1, column 0.
    let moved = Board::with_start(3, 2, 2, board.cells().to_vec(), 3).unwrap();
    assert_eq!(moved.id().to_string(), "3x2c2@1,0:001011");
    let moved_graph = ClusterGraph::new(&moved);
    assert_eq!(moved_graph.cluster_of(3), 0);
    assert_eq!(sorted(moved_graph.cells(0)), vec![0, 1, 3]);
    assert_eq!(replay(&moved_graph, &[Color(1)]).unwrap().removed, vec![3]);
    // A Color Walk board's region has no color.
    assert_eq!(crate::board(2, 2, ".010").region_color(&[Color(1)]), None);
}

#[test]
fn a_one_color_flood_it_board_is_solved_before_any_move() {
    let board = Board::with_start(4, 3, 3, vec![Some(Color(2)); 12], 7).unwrap();
    let graph = ClusterGraph::new(&board);
    assert_eq!(graph.n_clusters(), 1);
    let game = graph.start();
    assert!(game.is_solved());
    assert_eq!(game.blocks_left(), 0);
    assert!(game.useful_moves().is_empty());
    assert!(BlockFlood::new(&board).is_solved());
    assert_eq!(
        game.clone().try_play(Color(0)),
        Err(cw_core::IllegalMove::GameOver)
    );
    let r = replay(&graph, &[Color(1)]).unwrap();
    assert!(r.cleared);
    assert_eq!((r.moves_played, r.surplus), (0, 1));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A saved game restores to the same position, which plays on alike,
    /// on small graphs (inline sets) and large ones (sets on the heap).
    #[test]
    fn a_saved_game_restores_to_the_same_position(
        big in any::<bool>(),
        flood_it in any::<bool>(),
        seed in any::<u64>(),
        moves in proptest::collection::vec(0u8..6, 0..40),
    ) {
        let (w, h) = if big { (40, 40) } else { (9, 7) };
        let board = if flood_it {
            Board::seeded_flood_it(w, h, 6, seed, (h / 2, w / 2)).unwrap()
        } else {
            Board::seeded(w, h, 6, seed).unwrap()
        };
        let graph = ClusterGraph::new(&board);
        prop_assert_eq!(big, graph.n_clusters() > 512);
        let mut game = graph.start();
        let mut saved = Vec::new();
        for &m in &moves {
            saved.clear();
            game.save(&mut saved);
            prop_assert_eq!(saved.len(), cw_core::Game::saved_words(&graph));
            let mut back = cw_core::Game::restore(&graph, &saved);
            prop_assert_eq!(back.flooded(), game.flooded());
            prop_assert_eq!(back.frontier(), game.frontier());
            prop_assert_eq!((back.n_moves(), back.n_blank()), (game.n_moves(), game.n_blank()));
            prop_assert_eq!(cw_core::Game::saved_n_blank(&saved), game.n_blank());
            prop_assert_eq!(back.play(Color(m)), game.play(Color(m)));
        }
    }

    /// Words no game saved restore to some position that plays without a
    /// panic.
    #[test]
    fn any_words_restore_to_a_playable_position(
        words in proptest::collection::vec(any::<u64>(), 0..40),
        moves in proptest::collection::vec(0u8..5, 0..20),
    ) {
        let board = Board::seeded(30, 20, 5, 1).unwrap();
        let graph = ClusterGraph::new(&board);
        let mut game = cw_core::Game::restore(&graph, &words);
        for &m in &moves {
            game.play(Color(m));
        }
        prop_assert!(game.flooded().iter().all(|c| c < graph.n_clusters()));
    }
}
