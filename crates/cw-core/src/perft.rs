//! Rule counts in the style of chess "perft": how many ways the game goes.

use crate::{ClusterSet, Game};
use std::collections::HashSet;

/// The number of move sequences of length `depth` from `game` in which every
/// move removes something. Sequences stop early when the board clears, so a
/// sequence that clears the board before `depth` is not counted.
pub fn perft(game: &Game<'_>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut total = 0;
    for c in game.useful_moves().iter() {
        let mut next = game.clone();
        next.play(c);
        total += perft(&next, depth - 1);
    }
    total
}

/// The number of distinct sets of blank clusters reached by those sequences.
pub fn distinct(game: &Game<'_>, depth: u32) -> usize {
    let mut layer: HashSet<ClusterSet> = HashSet::from([game.flooded().clone()]);
    let mut games = vec![game.clone()];
    for _ in 0..depth {
        layer.clear();
        let mut next_games = Vec::new();
        for g in &games {
            for c in g.useful_moves().iter() {
                let mut next = g.clone();
                next.play(c);
                if layer.insert(next.flooded().clone()) {
                    next_games.push(next);
                }
            }
        }
        games = next_games;
    }
    layer.len()
}
