//! The exact and near-optimal solvers against a breadth-first oracle, the
//! reference boards with proven minima, and the budgets.
//!
//! All 100 reference boards (minima proven by an independent solver) are
//! checked in every run: about 3 s in a debug build.

use cw_core::format::{BoardEntry, Format, parse};
use cw_core::{Board, ClusterGraph, Color, Game, replay};
use cw_solve::bound::{lower_bound, relaxed_lower_bound};
use cw_solve::exact::{ExactOptions, StopReason, solve_exact, solve_exact_from};
use cw_solve::near::{NearOptions, solve_near};
use cw_solve::{Crew, Crews, Limits, SearchCtx, Spec, solve};
use std::collections::{HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// The fewest moves that clear the board from `start`, by breadth-first
/// search over the sets of blank clusters (every color at every step).
fn oracle(start: &Game<'_>) -> u32 {
    if start.is_solved() {
        return 0;
    }
    let n_colors = start.graph().n_colors();
    let mut seen = HashSet::new();
    seen.insert(start.flooded().words().to_vec());
    let mut queue = VecDeque::from([(start.clone(), 0u32)]);
    while let Some((game, depth)) = queue.pop_front() {
        for c in 0..n_colors {
            let mut next = game.clone();
            next.play(Color(c as u8));
            if next.is_solved() {
                return depth + 1;
            }
            if seen.insert(next.flooded().words().to_vec()) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    unreachable!("every board can be cleared")
}

fn ctx(board: &Board) -> SearchCtx {
    SearchCtx::new(board, &Limits::default())
}

fn clears_from(game: &Game<'_>, moves: &[Color]) -> bool {
    let mut g = game.clone();
    for &c in moves {
        if g.is_solved() {
            return false;
        }
        g.play(c);
    }
    g.is_solved()
}

/// Small random boards: every shape from 2×2 to 5×5 with 2 to 6 colors.
fn small_boards() -> impl Iterator<Item = Board> {
    let mut seed = 0;
    (2..=5).flat_map(move |w| {
        (2..=5).flat_map(move |h| {
            (2..=6).flat_map(move |k| {
                (0..4).map(move |_| {
                    seed += 1;
                    Board::seeded(w, h, k, seed * 7919 + (w * 100 + h * 10 + k) as u64)
                        .expect("a valid shape")
                })
            })
        })
    })
}

#[test]
fn exact_equals_the_breadth_first_oracle_on_small_boards() {
    let mut boards = 0;
    for board in small_boards() {
        let graph = ClusterGraph::new(&board);
        let opt = oracle(&graph.start());
        let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&board));
        assert!(r.proven, "{board:?}");
        assert_eq!(r.moves.len() as u32, opt, "{board:?}");
        assert_eq!(r.lower_bound, opt);
        assert!(r.start_bound <= opt);
        assert!(r.first_upper_bound >= opt);
        assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
        boards += 1;
    }
    assert_eq!(boards, 4 * 4 * 5 * 4);
}

#[test]
fn asked_within_n_moves_the_search_answers_as_the_oracle_does() {
    // On the reference boards (minima known) and small boards (the oracle):
    // "within the minimum" is yes, "within one less" no, each with the
    // bounds that say so, and either may stop before the optimum is proven.
    let reference = reference().into_iter().take(20).map(|e| {
        let opt = e.optimum.expect("the reference gives each minimum");
        (e.board, opt)
    });
    let small = small_boards().step_by(7).map(|b| {
        let opt = oracle(&ClusterGraph::new(&b).start());
        (b, opt)
    });
    let mut stopped_early = 0;
    for (board, opt) in reference.chain(small) {
        let graph = ClusterGraph::new(&board);
        for n in [opt - 1, opt, opt + 3] {
            let opts = ExactOptions {
                within: Some(n),
                ..ExactOptions::default()
            };
            let r = solve_exact(&graph, &opts, &mut ctx(&board));
            assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
            assert!(
                r.lower_bound <= opt && r.moves.len() as u32 >= opt,
                "{board:?}"
            );
            if n >= opt {
                assert!(r.moves.len() as u32 <= n, "{board:?} within {n}");
            } else {
                assert!(r.lower_bound > n, "{board:?} within {n}");
            }
            assert_eq!(r.proven, r.stopped.is_none());
            if r.stopped == Some(StopReason::Answered) {
                stopped_early += 1;
            } else {
                assert!(r.proven, "{board:?} within {n}: {:?}", r.stopped);
            }
        }
    }
    assert!(stopped_early > 20, "{stopped_early}");
}

/// The fewest moves that flood `board`, by breadth-first search over sets of
/// flooded blocks, played block by block with no cluster graph: the start
/// cell's group first, then every color at every step.
fn block_oracle(board: &Board) -> u32 {
    let cells = board.cells();
    let flood = |region: &[bool], c: Option<Color>| {
        let mut next = region.to_vec();
        let mut stack: Vec<usize> = (0..next.len()).filter(|&i| next[i]).collect();
        while let Some(i) = stack.pop() {
            for j in board.neighbors(i) {
                if !next[j] && (cells[j] == c || (c.is_none() && cells[j] == cells[i])) {
                    next[j] = true;
                    stack.push(j);
                }
            }
        }
        next
    };
    let mut start = vec![false; board.n_blocks()];
    start[board.start()] = true;
    // The start group: the start cell's color spread through equal neighbors.
    let start = flood(&start, None);
    let done = |r: &[bool]| r.iter().all(|&b| b);
    if done(&start) {
        return 0;
    }
    let mut seen = HashSet::from([start.clone()]);
    let mut queue = VecDeque::from([(start, 0u32)]);
    while let Some((region, depth)) = queue.pop_front() {
        for c in 0..board.n_colors() {
            let next = flood(&region, Some(Color(c as u8)));
            if done(&next) {
                return depth + 1;
            }
            if seen.insert(next.clone()) {
                queue.push_back((next, depth + 1));
            }
        }
    }
    unreachable!("every board can be flooded")
}

/// Small Flood-It boards, 2×2 to 5×5 with 2 to 6 colors, each with a start
/// cell drawn from its seed.
fn small_flood_it_boards() -> impl Iterator<Item = Board> {
    let mut seed = 0u64;
    (2..=5).flat_map(move |w| {
        (2..=5).flat_map(move |h| {
            (2..=6).flat_map(move |k| {
                (0..3).map(move |_| {
                    seed += 1;
                    let s = seed * 104_729 + (w * 100 + h * 10 + k) as u64;
                    let start = ((s / 7 % h as u64) as usize, (s / 11 % w as u64) as usize);
                    Board::seeded_flood_it(w, h, k, s, start).expect("a valid shape")
                })
            })
        })
    })
}

#[test]
fn exact_equals_a_per_block_oracle_on_small_flood_it_boards() {
    let mut boards = 0;
    for board in small_flood_it_boards() {
        let graph = ClusterGraph::new(&board);
        let opt = block_oracle(&board);
        assert_eq!(oracle(&graph.start()), opt, "{}", board.id());
        let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&board));
        assert!(r.proven, "{}", board.id());
        assert_eq!(r.moves.len() as u32, opt, "{}", board.id());
        assert!(r.start_bound <= opt && r.first_upper_bound >= opt);
        assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
        let near = solve_near(&graph.start(), &NearOptions::default(), &mut ctx(&board));
        assert!(near.moves.len() as u32 >= opt, "{}", board.id());
        assert!(near.lower_bound <= opt, "{}", board.id());
        assert!(replay(&graph, &near.moves).expect("legal moves").cleared);
        boards += 1;
    }
    assert_eq!(boards, 4 * 4 * 5 * 3);
}

#[test]
fn exact_equals_the_oracle_on_6x6_flood_it_boards_with_random_starts() {
    for seed in 0..12u64 {
        let start = ((seed % 6) as usize, (seed * 5 % 6) as usize);
        let board = Board::seeded_flood_it(6, 6, 3 + seed as usize % 3, 2000 + seed, start)
            .expect("a valid shape");
        let graph = ClusterGraph::new(&board);
        let opt = block_oracle(&board);
        let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&board));
        assert!(r.proven);
        assert_eq!(r.moves.len() as u32, opt, "{}", board.id());
        assert!(lower_bound(&graph.start()) <= opt);
    }
}

#[test]
fn exact_equals_the_oracle_on_some_6x6_boards() {
    for seed in 0..12 {
        let board = Board::seeded(6, 6, 3 + seed as usize % 3, 1000 + seed).expect("a valid shape");
        let graph = ClusterGraph::new(&board);
        let opt = oracle(&graph.start());
        let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&board));
        assert!(r.proven);
        assert_eq!(r.moves.len() as u32, opt, "{board:?}");
        assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
        assert!(lower_bound(&graph.start()) <= opt);
    }
}

#[test]
fn exact_equals_the_oracle_from_positions_in_mid_game() {
    for (i, board) in small_boards().enumerate().filter(|(i, _)| i % 3 == 0) {
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        // A few arbitrary moves first (some of them useless).
        for m in 0..(i % 4) {
            if !game.is_solved() {
                game.play(Color(((i + m) % board.n_colors()) as u8));
            }
        }
        let opt = oracle(&game);
        let r = solve_exact_from(&game, &ExactOptions::default(), &mut ctx(&board));
        assert!(r.proven);
        assert_eq!(
            r.moves.len() as u32,
            opt,
            "{board:?} after {} moves",
            game.n_moves()
        );
        assert!(clears_from(&game, &r.moves));
    }
}

/// Calls `check` with every position of one line of play from the start
/// to the end (the `step`-th useful move in turn, cycling), and the number
/// of moves played; returns the final, solved game.
fn along_a_line_of_play<'g>(
    graph: &'g ClusterGraph,
    mut check: impl FnMut(&Game<'g>, usize),
) -> Game<'g> {
    let mut game = graph.start();
    let mut step = 0;
    while !game.is_solved() {
        check(&game, step);
        let useful = game.useful_moves();
        let c = useful
            .iter()
            .nth(step % useful.len())
            .expect("a useful move");
        game.play(c);
        step += 1;
    }
    game
}

#[test]
fn the_bound_never_exceeds_the_optimum() {
    for board in small_boards() {
        let graph = ClusterGraph::new(&board);
        // Along some line of play, not only at the start.
        let end = along_a_line_of_play(&graph, |game, step| {
            let opt = oracle(game);
            let h = lower_bound(game);
            assert!(
                h <= opt,
                "{board:?}: bound {h} > optimum {opt} after {step} moves"
            );
            // The bound is at least "colors left".
            assert!(h as usize >= game.colors_left().len());
        });
        assert_eq!(lower_bound(&end), 0);
    }
}

#[test]
fn the_refined_bound_never_exceeds_the_optimum_and_often_beats_the_relaxed_one() {
    // Boards big enough for the relaxed game's last layer to hold several
    // colors, small enough for the breadth-first oracle; both rule sets,
    // along a line of play.
    let mut positions = 0;
    let mut raised = 0;
    for seed in 0..24u64 {
        let (w, h, k) = [(6, 6, 4), (7, 6, 4), (7, 7, 3), (6, 6, 5)][seed as usize % 4];
        let board = if seed % 2 == 0 {
            Board::seeded(w, h, k, 5000 + seed).expect("a valid shape")
        } else {
            let start = ((seed % 6) as usize, (seed * 5 % 6) as usize);
            Board::seeded_flood_it(w, h, k, 5000 + seed, start).expect("a valid shape")
        };
        let graph = ClusterGraph::new(&board);
        along_a_line_of_play(&graph, |game, step| {
            let opt = oracle(game);
            let (relaxed, refined) = (relaxed_lower_bound(game), lower_bound(game));
            assert!(
                relaxed <= refined && refined <= opt,
                "{}: relaxed {relaxed}, refined {refined}, optimum {opt} after {step} moves",
                board.id()
            );
            positions += 1;
            raised += usize::from(refined > relaxed);
        });
    }
    // The refinement must do something (measured: 29 of 227 positions).
    assert!(raised * 10 >= positions, "raised {raised} of {positions}");
}

#[test]
fn near_is_never_below_the_optimum_and_clears_the_board() {
    for (i, board) in small_boards().enumerate() {
        let graph = ClusterGraph::new(&board);
        let opt = oracle(&graph.start());
        let opts = NearOptions {
            width: 1 + i % 5,
            widen: [1, 8][i % 2],
            gap: [0, 2][i % 5 % 2] as u32,
            root: [0, 3, 1000][i % 3],
            tail: [0, 5, 100][i % 4 % 3],
        };
        let r = solve_near(&graph.start(), &opts, &mut ctx(&board));
        let moves = r.moves;
        assert!(moves.len() as u32 >= opt, "{board:?}");
        // The bound it reports is proven: never above the optimum, and
        // equal to its length only when it is optimal.
        assert!(r.lower_bound <= opt, "{board:?}");
        assert!(r.lower_bound >= lower_bound(&graph.start()), "{board:?}");
        if r.lower_bound == moves.len() as u32 {
            assert_eq!(r.lower_bound, opt, "{board:?}");
        }
        assert!(
            replay(&graph, &moves).expect("legal moves").cleared,
            "{board:?}"
        );
    }
}

fn reference() -> Vec<BoardEntry> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/reference/optimal-30x20x5.txt"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let entries = parse(&text, Format::Line).expect("the reference file parses");
    assert_eq!(entries.len(), 100);
    entries
}

/// The reference board named `name`.
fn reference_board(name: &str) -> BoardEntry {
    reference()
        .into_iter()
        .find(|e| e.name.as_deref() == Some(name))
        .unwrap_or_else(|| panic!("no {name} in the reference file"))
}

#[test]
fn near_reports_a_proven_lower_bound_on_boards_with_known_optima() {
    // 30x20 boards with independently proven minima, and 10x10 Flood-It
    // boards proven by `exact`: the bound `near` reports never passes the
    // optimum, whatever budget its search from the start had (none, cut
    // short, or enough to prove), and a bound equal to its moves means they
    // are optimal.
    let mut boards: Vec<(Board, u32)> = reference()
        .into_iter()
        .take(6)
        .map(|e| (e.board, e.optimum.expect("a minimum")))
        .collect();
    for seed in 0..6 {
        let board = Board::seeded_flood_it(10, 10, 8, 700 + seed, (0, 0)).expect("a valid shape");
        let graph = ClusterGraph::new(&board);
        let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&board));
        assert!(r.proven);
        boards.push((board, r.moves.len() as u32));
    }
    let mut raised = 0;
    let mut proven = 0;
    for (board, opt) in &boards {
        let graph = ClusterGraph::new(board);
        let start = lower_bound(&graph.start());
        assert!(start <= *opt);
        for root in [0, 20, 2000, 1 << 20] {
            let opts = NearOptions {
                root,
                ..NearOptions::default()
            };
            let r = solve_near(&graph.start(), &opts, &mut ctx(board));
            let id = board.id();
            assert!(replay(&graph, &r.moves).expect("legal").cleared, "{id}");
            assert!(r.lower_bound >= start, "{id} root={root}");
            assert!(r.lower_bound <= *opt, "{id} root={root}");
            assert_eq!(r.proven(), r.lower_bound as usize == r.moves.len());
            if r.proven() {
                assert_eq!(r.moves.len() as u32, *opt, "{id} root={root}");
            }
            if root == 0 {
                // No search from the start: the bound at the start.
                assert_eq!(r.lower_bound, start, "{id}");
            }
            if root == 1 << 20 {
                // Enough to finish the search: the optimum, proven.
                assert!(r.proven(), "{id}");
                proven += 1;
            }
            raised += usize::from(r.lower_bound > start);
        }
    }
    assert_eq!(proven, boards.len());
    assert!(raised > 0, "the searches from the start raise the bound");
}

#[test]
fn near_reports_its_bound_through_solve_from_the_start_only() {
    let entry = &reference()[0];
    let opt = entry.optimum.expect("a minimum");
    let graph = ClusterGraph::new(&entry.board);
    let mut solver = Spec::parse("near").unwrap().build().unwrap();
    let report = solve(&graph, solver.as_mut(), &Limits::default());
    let lb = report.lower_bound.expect("near reports a bound");
    assert!(lower_bound(&graph.start()) <= lb && lb <= opt);
    assert_eq!(report.proven_optimal, lb as usize == report.moves.len());
    // Asked after a first move, its bound is not one on the whole game.
    let first = graph.start().useful_moves().iter().next().expect("a move");
    let mut solver = Spec::parse("near").unwrap().build().unwrap();
    let report = cw_solve::solve_from(&graph, &[first], solver.as_mut(), &Limits::default());
    assert!(report.solved());
    assert_eq!(report.lower_bound, None);
    assert!(!report.proven_optimal);
    // A solver that proves nothing reports nothing.
    let mut solver = Spec::parse("greedy").unwrap().build().unwrap();
    let report = solve(&graph, solver.as_mut(), &Limits::default());
    assert_eq!(report.lower_bound, None);
}

fn check_reference(entry: &BoardEntry) {
    let graph = ClusterGraph::new(&entry.board);
    let opt = entry.optimum.expect("the reference gives each minimum");
    let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&entry.board));
    let name = entry.name.as_deref().unwrap_or("?");
    assert!(r.proven, "{name}");
    assert_eq!(r.moves.len() as u32, opt, "{name}");
    assert!(r.start_bound <= opt, "{name}");
    assert!(
        replay(&graph, &r.moves).expect("legal moves").cleared,
        "{name}"
    );
}

#[test]
fn exact_finds_the_listed_minimum_on_every_reference_board() {
    for entry in &reference() {
        check_reference(entry);
    }
}

/// A crew of plain scoped threads, started anew for every batch (slow, and
/// simple: what the contract of `Crews` asks, for the test).
#[derive(Debug)]
struct ScopedCrews;

struct ScopedCrew(usize);

/// Batches the test's crews expanded side by side.
static CREW_BATCHES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Crew for ScopedCrew {
    fn size(&self) -> usize {
        self.0
    }
    fn each(&self, task: &(dyn Fn() + Sync)) {
        CREW_BATCHES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::thread::scope(|s| {
            for _ in 0..self.0 {
                s.spawn(task);
            }
        });
    }
}

impl Crews for ScopedCrews {
    fn run(&self, threads: usize, search: &mut (dyn FnMut(Option<&dyn Crew>) + Send)) {
        std::thread::scope(|s| {
            s.spawn(|| search(Some(&ScopedCrew(threads))))
                .join()
                .unwrap();
        });
    }
}

#[test]
fn exact_on_several_threads_proves_the_same_minima_with_the_same_moves_every_time() {
    // Every 5th reference board (independent minima) and Flood-It boards,
    // on 2 and 3 threads: proven, the listed minimum, and the very same
    // moves on a second run (the batch's children are stored in order,
    // whatever the threads did).
    let flood_it = (0..6u64).map(|s| {
        Board::seeded_flood_it(16, 16, 6, 300 + s, (s as usize % 16, 0)).expect("a valid shape")
    });
    let boards = reference()
        .into_iter()
        .step_by(5)
        .map(|e| (e.board, e.optimum))
        .chain(flood_it.map(|b| (b, None)));
    for (board, known) in boards {
        let graph = ClusterGraph::new(&board);
        let one = solve_exact(&graph, &ExactOptions::default(), &mut ctx(&board));
        assert!(one.proven);
        let opt = known.unwrap_or(one.moves.len() as u32);
        assert_eq!(one.moves.len() as u32, opt, "{}", board.id());
        for threads in [2, 3] {
            let opts = ExactOptions {
                threads,
                ..ExactOptions::default()
            };
            let with_crew = || {
                let limits = Limits {
                    crews: Some(Arc::new(ScopedCrews)),
                    ..Limits::default()
                };
                SearchCtx::new(&board, &limits)
            };
            let a = solve_exact(&graph, &opts, &mut with_crew());
            let b = solve_exact(&graph, &opts, &mut with_crew());
            // Without a crew the batches are expanded one position after the
            // other: the very same moves.
            let alone = solve_exact(&graph, &opts, &mut ctx(&board));
            assert_eq!(a.moves, alone.moves, "{} on {threads} threads", board.id());
            assert!(a.proven, "{} on {threads} threads", board.id());
            assert_eq!(
                a.moves.len() as u32,
                opt,
                "{} on {threads} threads",
                board.id()
            );
            assert!(replay(&graph, &a.moves).expect("legal moves").cleared);
            assert_eq!(a.moves, b.moves, "{} on {threads} threads", board.id());
            assert_eq!(a.nodes_expanded, b.nodes_expanded);
        }
    }
    assert!(
        CREW_BATCHES.load(std::sync::atomic::Ordering::Relaxed) > 0,
        "the crews did the work"
    );
}

#[test]
fn near_is_close_on_reference_boards() {
    let entries = reference();
    for entry in entries.iter().take(5) {
        let graph = ClusterGraph::new(&entry.board);
        let opt = entry.optimum.expect("the reference gives each minimum");
        let r = solve_near(
            &graph.start(),
            &NearOptions::default(),
            &mut ctx(&entry.board),
        );
        assert!(r.lower_bound <= opt);
        let moves = r.moves;
        assert!(replay(&graph, &moves).expect("legal moves").cleared);
        assert!(moves.len() as u32 >= opt);
        assert!(
            moves.len() as u32 <= opt + 2,
            "the default is within 2 moves here"
        );
    }
}

#[test]
fn solve_says_what_cut_a_proof_short_and_keeps_a_cancelled_search_line() {
    // 26x26c8-s13's proof needs some 90 MB: a 1 MiB cap cuts it short, and
    // `solve` says so beside the solved game.
    let hard = Board::seeded(26, 26, 8, 13).expect("a valid shape");
    let hard_graph = ClusterGraph::new(&hard);
    let mut capped = Spec::parse("exact:memory-mb=1").unwrap().build().unwrap();
    let r = solve(&hard_graph, capped.as_mut(), &Limits::default());
    assert!(r.solved() && !r.proven_optimal);
    assert_eq!(
        r.unproven_because.as_deref(),
        Some("the memory cap of 1 MiB ran out")
    );
    // A proof that ends has nothing to explain.
    let entry = reference_board("ref_1099");
    let graph = ClusterGraph::new(&entry.board);
    let mut whole = Spec::parse("exact").unwrap().build().unwrap();
    let r = solve(&graph, whole.as_mut(), &Limits::default());
    assert!(r.proven_optimal && r.unproven_because.is_none());
    // Cancelled at the search's first report (its bounds at the start):
    // nothing is played, but the solution the search hands back is kept
    // aside, and it clears the board.
    let flag = Arc::new(AtomicBool::new(false));
    let raise = flag.clone();
    let limits = Limits {
        cancel: Some(flag),
        progress: Some(cw_solve::ProgressSink(Arc::new(move |_| {
            raise.store(true, std::sync::atomic::Ordering::Relaxed);
        }))),
        ..Limits::default()
    };
    let mut exact = Spec::parse("exact").unwrap().build().unwrap();
    let r = solve(&graph, exact.as_mut(), &limits);
    assert_eq!(r.outcome, cw_solve::Outcome::Cancelled);
    assert!(r.moves.is_empty() && r.unproven_because.is_none());
    assert!(replay(&graph, &r.unplayed).expect("legal moves").cleared);
}

#[test]
fn a_tiny_memory_cap_gives_a_valid_unproven_solution_with_a_lower_bound() {
    // 26x26c8-s13 (optimum 39, `data/big/26x26c8.txt`): the beam's
    // solution is not provably optimal without a search, and the search
    // holds some 90 MB. (ref_1099, whose search held some 5 MB, was proven
    // within 1 MiB once the tails were on by default.)
    let board = Board::seeded(26, 26, 8, 13).expect("a valid shape");
    let graph = ClusterGraph::new(&board);
    let opt = 39;
    let opts = ExactOptions {
        memory_mb: 1,
        ..ExactOptions::default()
    };
    let r = solve_exact(&graph, &opts, &mut ctx(&board));
    assert!(!r.proven);
    assert_eq!(r.stopped, Some(StopReason::Memory));
    assert!(r.peak_bytes <= 1 << 20, "peak {} bytes", r.peak_bytes);
    assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
    assert!(r.lower_bound <= opt && opt <= r.moves.len() as u32);
    assert!(r.lower_bound >= r.start_bound);
}

#[test]
fn the_memory_cap_holds_for_the_first_stage_too() {
    // `exact`'s own cap (no game budget here, as on the command line) also
    // bounds the beam it runs first: asked for a beam a million wide under
    // 1 MiB, it runs one that fits and then stops A* on memory. Without the
    // cap the beam alone would run into the minute's time limit.
    let board = Board::seeded(26, 26, 8, 1).expect("a valid shape");
    let graph = ClusterGraph::new(&board);
    let opts = ExactOptions {
        memory_mb: 1,
        beam_width: 1 << 20,
        time_limit: Some(std::time::Duration::from_secs(60)),
        ..ExactOptions::default()
    };
    let r = solve_exact(&graph, &opts, &mut ctx(&board));
    assert_eq!(r.stopped, Some(StopReason::Memory));
    assert!(r.peak_bytes <= 1 << 20, "peak {} bytes", r.peak_bytes);
    assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
}

#[test]
fn a_cancelled_search_gives_the_first_solution_and_the_start_bound() {
    let entry = reference_board("ref_1001");
    let graph = ClusterGraph::new(&entry.board);
    let opt = entry.optimum.expect("listed");
    let limits = Limits {
        cancel: Some(Arc::new(AtomicBool::new(true))),
        ..Limits::default()
    };
    let mut ctx = SearchCtx::new(&entry.board, &limits);
    let r = solve_exact(&graph, &ExactOptions::default(), &mut ctx);
    assert!(!r.proven);
    // A raised cancel flag is named as such, not as a deadline.
    assert_eq!(r.stopped, Some(StopReason::Cancelled));
    assert_eq!(r.moves.len() as u32, r.first_upper_bound);
    assert_eq!(r.lower_bound, r.start_bound);
    assert!(r.lower_bound <= opt);
    assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
}

#[test]
fn the_registry_solvers_and_presets_clear_boards() {
    let board = Board::seeded(8, 7, 4, 11).expect("a valid shape");
    let graph = ClusterGraph::new(&board);
    let opt = oracle(&graph.start());
    for text in [
        "exact",
        "near",
        "near:width=4,tail=0",
        "exact:memory-mb=64,time-ms=60000,beam=2",
        "greedy:until=3>exact",
    ] {
        let spec = Spec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let report = solve(
            &graph,
            spec.build().expect("builds").as_mut(),
            &Limits::default(),
        );
        assert!(report.solved(), "{text}");
        assert!(replay(&graph, &report.moves).expect("legal").cleared);
        if text.starts_with("exact") {
            assert_eq!(report.moves.len() as u32, opt, "{text}");
        } else {
            assert!(report.moves.len() as u32 >= opt, "{text}");
        }
    }
}

#[test]
fn big_boards_use_the_wide_sets_and_still_clear() {
    // 40×40 with 10 colors: about 1 300 clusters, past both the engine's
    // inline sets (512) and the search's dense neighbor masks (1 024).
    for (w, h, k) in [(30, 30, 8), (40, 40, 10)] {
        let board = Board::seeded(w, h, k, 5).expect("a valid shape");
        let graph = ClusterGraph::new(&board);
        let opts = NearOptions {
            width: 1,
            widen: 4,
            gap: 0,
            root: 50,
            tail: 50,
        };
        let moves = solve_near(&graph.start(), &opts, &mut ctx(&board)).moves;
        assert!(replay(&graph, &moves).expect("legal").cleared);
        let opts = ExactOptions {
            memory_mb: 4,
            beam_width: 1,
            ..ExactOptions::default()
        };
        let r = solve_exact(&graph, &opts, &mut ctx(&board));
        assert!(replay(&graph, &r.moves).expect("legal").cleared);
        assert!(r.start_bound <= r.lower_bound && r.lower_bound <= r.moves.len() as u32);
        assert!(r.peak_bytes <= 4 << 20);
        assert!(r.proven || r.stopped == Some(StopReason::Memory));
    }
}

/// A sample of every Flood-It benchmark set with published optima
/// (`data/floodit/ci-sample.txt` names the boards: each set's slowest and
/// boards spread through the file) is proven by `exact` to exactly the
/// published optimum, and every solution floods its board. The sets are read
/// from `../shared/benchmarks/floodit/`; without it the test says it was
/// skipped. The slowest boards run only with `CW_SLOW=1` (CI, in release).
#[test]
fn floodit_set_samples_are_proven_to_the_published_optimum() {
    const TEST: &str = "floodit_set_samples_are_proven_to_the_published_optimum";
    let sample_path = cw_testkit::workspace_root().join("data/floodit/ci-sample.txt");
    let sample =
        std::fs::read_to_string(&sample_path).expect("the sample list is in the repository");
    let slow = std::env::var_os("CW_SLOW").is_some();
    let mut sets: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for line in sample
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let words: Vec<&str> = line.split_whitespace().collect();
        let [set, name, kind] = words[..] else {
            panic!("ci-sample.txt: expected SET NAME KIND, found {line:?}");
        };
        match sets.iter_mut().find(|(s, _)| *s == set) {
            Some((_, names)) => names.push((name, kind)),
            None => sets.push((set, vec![(name, kind)])),
        }
    }
    assert!(sets.len() >= 10, "the sample covers every set with optima");
    // 4 GiB, the budget the 99problems rows are held to (the hardest board,
    // 20x20 with 8 colors, counts about 16 MB today).
    let opts = ExactOptions {
        memory_mb: 4096,
        ..ExactOptions::default()
    };
    let (mut proven, mut skipped) = (0, 0);
    for (set, names) in &sets {
        let Some(path) = cw_testkit::shared_file(TEST, &format!("benchmarks/floodit/{set}")) else {
            return;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        let entries = parse(&text, Format::Set).unwrap_or_else(|e| panic!("{set}: {e}"));
        for &(name, kind) in names {
            if kind == "slow" && !slow {
                skipped += 1;
                continue;
            }
            let entry = entries
                .iter()
                .find(|e| e.name.as_deref() == Some(name))
                .unwrap_or_else(|| panic!("{set} has no board {name}"));
            // A set without published optima (b24c6n1000) is checked
            // against the optima we proved (data/floodit/).
            let optimum = entry
                .optimum
                .or_else(|| our_optima().get(name).map(|o| o.0))
                .unwrap_or_else(|| panic!("{name}: no published or proven optimum"));
            let graph = ClusterGraph::new(&entry.board);
            let r = solve_exact(&graph, &opts, &mut ctx(&entry.board));
            assert!(r.proven, "{name}: not proven ({:?})", r.stopped);
            assert_eq!(r.moves.len() as u32, optimum, "{name}");
            assert!(
                replay(&graph, &r.moves).expect("legal moves").cleared,
                "{name}"
            );
            proven += 1;
        }
    }
    eprintln!(
        "{proven} boards of {} sets proven to their published optimum",
        sets.len()
    );
    if skipped > 0 {
        cw_testkit::skip(
            TEST,
            &format!(
                "{skipped} slowest boards of the sets run only with CW_SLOW=1 (CI runs them in release)"
            ),
        );
    }
}

/// The optima we proved for sets without published ones, by board name:
/// (optimum, one optimal solution as characters `0`-`9`, `a`-`z`).
fn our_optima() -> std::collections::HashMap<String, (u32, String)> {
    let path = cw_testkit::workspace_root().join("data/floodit/b24c6n1000.optima.txt");
    let text = std::fs::read_to_string(&path).expect("the proven optima are in the repository");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(w.len(), 3, "{l}");
            (w[0].to_string(), (w[1].parse().expect(l), w[2].to_string()))
        })
        .collect()
}

/// The optima of b24c6n1000 that we proved (no solver had; the field's best
/// known solutions total 31,804): every one of the 1000 boards has one, its
/// solution floods its board (read from `../shared`) in exactly that many
/// moves, and none exceeds the best known solution's length.
#[test]
fn proven_b24c6_optima_replay_and_never_exceed_the_known_upper_bounds() {
    const TEST: &str = "proven_b24c6_optima_replay_and_never_exceed_the_known_upper_bounds";
    let optima = our_optima();
    assert_eq!(optima.len(), 1000);
    let Some(set) = cw_testkit::shared_file(TEST, "benchmarks/floodit/b24c6n1000.txt") else {
        return;
    };
    let Some(bounds) =
        cw_testkit::shared_file(TEST, "benchmarks/floodit/b24c6n1000.upper_bounds.txt")
    else {
        return;
    };
    let upper: std::collections::HashMap<String, u32> = std::fs::read_to_string(bounds)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (name, n) = l.split_once(' ').expect(l);
            (name.to_string(), n.trim().parse().expect(l))
        })
        .collect();
    let entries = parse(&std::fs::read_to_string(set).unwrap(), Format::Set).unwrap();
    assert_eq!(entries.len(), 1000);
    let (mut total, mut bound_total) = (0, 0);
    for entry in &entries {
        let name = entry.name.as_deref().unwrap();
        let (optimum, moves) = &optima[name];
        let moves: cw_core::Moves = moves.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(moves.0.len() as u32, *optimum, "{name}");
        let graph = ClusterGraph::new(&entry.board);
        let r = replay(&graph, &moves.0).unwrap_or_else(|(n, e)| panic!("{name} move {n}: {e}"));
        assert!(r.cleared && r.surplus == 0, "{name}");
        assert!(
            *optimum <= upper[name],
            "{name}: {optimum} > {}",
            upper[name]
        );
        // The admissible bound at the start never exceeds a proven optimum.
        assert!(lower_bound(&graph.start()) <= *optimum, "{name}");
        total += optimum;
        bound_total += upper[name];
    }
    assert_eq!(bound_total, 31_804, "the field's best known total");
    eprintln!("b24c6n1000: proven total {total} (best known before: {bound_total})");
}

/// What `exact` found about seeded boards bigger than any published set
/// (`data/big/*.txt`, written by `scripts/export-bounds.py`): for each board
/// ID its proven lower bound, the best solution's length and that solution.
/// Every solution clears its board (rebuilt from the ID) in exactly that
/// many moves, no bound exceeds it, and the admissible bound at the start
/// never exceeds the proven lower bound (which is the optimum when the two
/// numbers are equal). Each file holds seeds 1 to 20 in both rule sets, all
/// proven, with the totals the README (30×30×6) and `docs/big-boards.md`
/// (26×26×8) report.
#[test]
fn seeded_big_board_bounds_replay_and_are_ordered() {
    // File, then the Color Walk and the Flood-It boards' proven totals.
    let expected = [("26x26c8.txt", 849, 842), ("30x30c6.txt", 770, 766)];
    let dir = cw_testkit::workspace_root().join("data/big");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("data/big is in the repository")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let names: Vec<_> = files.iter().map(|p| p.file_name().unwrap()).collect();
    assert_eq!(names, expected.map(|(name, _, _)| name));
    for (path, (_, color_walk_total, flood_it_total)) in files.iter().zip(expected) {
        let text = std::fs::read_to_string(path).unwrap();
        let (mut boards, mut proven) = (0, 0);
        let mut ids = HashSet::new();
        let mut totals = [0, 0];
        for line in text.lines() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let w: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(w.len(), 4, "{}: {line}", path.display());
            let id: cw_core::BoardId = w[0].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            let (lower, upper): (u32, u32) = (w[1].parse().unwrap(), w[2].parse().unwrap());
            let moves: cw_core::Moves = w[3].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(moves.0.len() as u32, upper, "{line}");
            assert!(lower <= upper, "{line}");
            let board = id.board().unwrap();
            let graph = ClusterGraph::new(&board);
            let r =
                replay(&graph, &moves.0).unwrap_or_else(|(n, e)| panic!("{line}: move {n}: {e}"));
            assert!(r.cleared && r.surplus == 0, "{line}");
            assert!(lower_bound(&graph.start()) <= lower, "{line}");
            assert!(ids.insert(w[0]), "{line}: listed twice");
            boards += 1;
            proven += u32::from(lower == upper);
            totals[usize::from(board.is_flood_it())] += upper;
        }
        eprintln!("{}: {boards} boards, {proven} proven", path.display());
        assert_eq!((boards, proven), (40, 40), "{}", path.display());
        assert_eq!(
            totals,
            [color_walk_total, flood_it_total],
            "{}",
            path.display()
        );
    }
}

/// `eliminate`'s rule against the oracle: whenever its move clears a color
/// from the board, that move starts a shortest solution (the optimum after
/// it is one less), on every small board along `eliminate`'s own game.
#[test]
fn eliminating_a_color_never_loses_optimality() {
    let mut applied = 0;
    for board in small_boards() {
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        let mut solver = Spec::parse("eliminate").unwrap().build().unwrap();
        let mut ctx = ctx(&board);
        while !game.is_solved() {
            let moves = solver.next_moves(&game, &mut ctx).expect("a move");
            let before = oracle(&game);
            let mut after = game.clone();
            after.play(moves[0]);
            if !after.colors_left().contains(moves[0]) && game.colors_left().contains(moves[0]) {
                assert_eq!(oracle(&after) + 1, before, "{}", board.id());
                applied += 1;
            }
            game = after;
        }
    }
    assert!(applied > 500, "the rule applied {applied} times");
}

/// `near`'s second, wider beam runs where it is cheap and is skipped where
/// it would generate more than 200,000 positions (foretold from the first
/// beam's count): it adds positions on a 20×20 board, none on a 70×70 one
/// with 10 colors, whose first beam (60 wide) generates about 60,000, so a
/// second 250 wide is foretold 250,000.
#[test]
fn near_skips_its_second_beam_where_it_would_cost_too_much() {
    let nodes = |board: &Board, widen: usize| {
        let graph = ClusterGraph::new(board);
        let opts = NearOptions {
            widen,
            gap: 0,
            tail: 0,
            ..NearOptions::default()
        };
        let mut ctx = ctx(board);
        let r = solve_near(&graph.start(), &opts, &mut ctx);
        assert!(replay(&graph, &r.moves).expect("legal moves").cleared);
        ctx.nodes
    };
    let small = Board::seeded(20, 20, 6, 3).expect("a valid shape");
    assert!(nodes(&small, 250) > nodes(&small, 0));
    let big = Board::seeded(70, 70, 10, 3).expect("a valid shape");
    let first = nodes(&big, 0);
    assert!(first * 250 / 60 > 200_000, "{first}");
    assert_eq!(nodes(&big, 250), first);
}
