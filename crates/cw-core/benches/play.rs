//! Move application on 30×20 boards with 5 colors: random useful moves until
//! the board is clear. Criterion reports throughput in moves per second; the
//! goal is at most 50 ns per move (20 M moves/s) in release.
//!
//! Run with `cargo bench -p cw-core --bench play`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use cw_core::{Board, ClusterGraph, Color, SplitMix64};
use std::hint::black_box;

/// How many times each board's game is replayed in a row.
const REPLAYS: usize = 20;

/// Random games: a random useful color each move until the board is clear.
fn random_games(graphs: &[ClusterGraph]) -> Vec<Vec<Color>> {
    let mut rng = SplitMix64::new(7);
    graphs
        .iter()
        .map(|g| {
            let mut game = g.start();
            let mut moves = Vec::new();
            while !game.is_solved() {
                let useful: Vec<Color> = game.useful_moves().iter().collect();
                let c = useful[rng.below(useful.len() as u64) as usize];
                game.play(c);
                moves.push(c);
            }
            moves
        })
        .collect()
}

fn bench_play(c: &mut Criterion) {
    let graphs: Vec<ClusterGraph> = (1..=50)
        .map(|s| ClusterGraph::new(&Board::seeded(30, 20, 5, s).unwrap()))
        .collect();
    let games = random_games(&graphs);
    let n_moves: usize = games.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("engine");
    group.throughput(Throughput::Elements((n_moves * REPLAYS) as u64));
    group.bench_function("play_random_useful_moves_30x20c5", |b| {
        b.iter(|| {
            let mut blank = 0;
            for (graph, moves) in graphs.iter().zip(&games) {
                // A solver plays many moves on one board, so each board's
                // game is replayed several times in a row, with its graph
                // in cache as in a search.
                for _ in 0..REPLAYS {
                    let mut game = graph.start();
                    for &m in moves {
                        blank += game.play(black_box(m)).blocks;
                    }
                }
            }
            blank
        });
    });
    group.finish();

    let board = Board::koblenski(30, 20, 5, 1).unwrap();
    c.bench_function("cluster_graph_new_30x20c5", |b| {
        b.iter(|| ClusterGraph::new(black_box(&board)));
    });
}

criterion_group!(benches, bench_play);
criterion_main!(benches);
