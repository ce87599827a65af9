//! Rule goldens (`tests/data/rules.perft`) for Color Walk and Flood-It
//! boards, each number checked against both the cluster engine and a
//! brute-force per-block flood written here.

use cw_core::{Board, BoardId, ClusterGraph, Color, distinct, perft};
use std::collections::HashSet;

/// The per-block position: which blocks are blank.
type Blank = Vec<bool>;

/// The position before any move, by a flood fill of our own: the start
/// cell's whole 4-connected group of equal cells. On a Color Walk board that
/// is the blank start block alone (no other block is blank); on a Flood-It
/// board, every block of the start color reachable through that color.
fn brute_start(board: &Board) -> Blank {
    let cells = board.cells();
    let start = board.start();
    let mut blank = vec![false; board.n_blocks()];
    blank[start] = true;
    let mut stack = vec![start];
    while let Some(i) = stack.pop() {
        for j in board.neighbors(i) {
            if !blank[j] && cells[j] == cells[start] {
                blank[j] = true;
                stack.push(j);
            }
        }
    }
    blank
}

/// Plays `c` block by block: repeatedly blank any block of color `c` that
/// touches a blank block, until nothing changes.
fn brute_play(board: &Board, blank: &Blank, c: Color) -> Blank {
    let mut next = blank.clone();
    loop {
        let mut changed = false;
        for i in 0..board.n_blocks() {
            if !next[i] && board.cells()[i] == Some(c) && board.neighbors(i).any(|j| next[j]) {
                next[i] = true;
                changed = true;
            }
        }
        if !changed {
            return next;
        }
    }
}

fn brute_useful(board: &Board, blank: &Blank) -> Vec<(Color, Blank)> {
    (0..board.n_colors() as u8)
        .map(Color)
        .map(|c| (c, brute_play(board, blank, c)))
        .filter(|(_, next)| next != blank)
        .collect()
}

fn brute_perft(board: &Board, blank: &Blank, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    brute_useful(board, blank)
        .iter()
        .map(|(_, next)| brute_perft(board, next, depth - 1))
        .sum()
}

fn brute_distinct(board: &Board, depth: u32) -> usize {
    let mut layer: HashSet<Blank> = HashSet::from([brute_start(board)]);
    for _ in 0..depth {
        layer = layer
            .iter()
            .flat_map(|b| brute_useful(board, b).into_iter().map(|(_, n)| n))
            .collect();
    }
    layer.len()
}

/// Clusters by plain flood fill from every unvisited block.
fn brute_clusters(board: &Board) -> usize {
    let mut seen = vec![false; board.n_blocks()];
    let mut count = 0;
    for s in 0..board.n_blocks() {
        if seen[s] {
            continue;
        }
        count += 1;
        let mut stack = vec![s];
        seen[s] = true;
        while let Some(i) = stack.pop() {
            for j in board.neighbors(i) {
                if !seen[j] && board.cells()[j] == board.cells()[i] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
    }
    count
}

#[test]
fn rules_perft_file() {
    let text = include_str!("../data/rules.perft");
    let mut board: Option<Board> = None;
    let mut checked = 0;
    let mut flood_it_boards = 0;
    for (n, line) in text.lines().enumerate() {
        let ctx = format!("rules.perft line {}: {line}", n + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let num = |i: usize| words[i].parse::<u64>().expect(&ctx);
        match words.first().copied() {
            None | Some("#") | Some("id") => {}
            Some("board") => {
                let b = words[1]
                    .parse::<BoardId>()
                    .expect(&ctx)
                    .board()
                    .expect(&ctx);
                flood_it_boards += usize::from(b.is_flood_it());
                board = Some(b);
            }
            Some(key) => {
                let b = board.as_ref().expect("a record starts with 'board'");
                let graph = ClusterGraph::new(b);
                let start = graph.start();
                let blank = brute_start(b);
                match key {
                    "rules" => {
                        assert_eq!(b.rules_name(), words[1], "{ctx}");
                        let brute = if b.cells()[b.start()].is_some() {
                            "flood-it"
                        } else {
                            "color-walk"
                        };
                        assert_eq!(brute, words[1], "{ctx} (brute force)");
                    }
                    "region" => {
                        assert_eq!(graph.size(0) as u64, num(1), "{ctx}");
                        assert_eq!(start.n_blank() as u64, num(1), "{ctx}");
                        let brute = blank.iter().filter(|&&b| b).count();
                        assert_eq!(brute as u64, num(1), "{ctx} (brute force)");
                    }
                    "clusters" => {
                        assert_eq!(graph.n_clusters() as u64, num(1), "{ctx}");
                        assert_eq!(brute_clusters(b) as u64, num(1), "{ctx} (brute force)");
                    }
                    "useful" => {
                        assert_eq!(start.useful_moves().to_string(), words[1], "{ctx}");
                        let brute: Vec<String> = brute_useful(b, &blank)
                            .iter()
                            .map(|(c, _)| c.to_string())
                            .collect();
                        assert_eq!(brute.join(","), words[1], "{ctx} (brute force)");
                    }
                    "perft" => {
                        let d = num(1) as u32;
                        assert_eq!(perft(&start, d), num(2), "{ctx}");
                        assert_eq!(brute_perft(b, &blank, d), num(2), "{ctx} (brute force)");
                    }
                    "distinct" => {
                        let d = num(1) as u32;
                        assert_eq!(distinct(&start, d) as u64, num(2), "{ctx}");
                        assert_eq!(brute_distinct(b, d) as u64, num(2), "{ctx} (brute force)");
                    }
                    other => panic!("{ctx}: unknown key {other}"),
                }
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 200,
        "the golden file was read ({checked} checks)"
    );
    assert!(
        flood_it_boards >= 8,
        "the Flood-It records were read ({flood_it_boards} boards)"
    );
}
