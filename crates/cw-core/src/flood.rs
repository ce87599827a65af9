//! `BlockFlood`: the rules played block by block, with no cluster graph.
//!
//! This is the series' original per-block search (spec §4.1) done correctly.
//! It is slow on purpose-free grounds: it exists as the reference the cluster
//! engine is tested against, and to count block inspections.

use crate::{Board, Color, Probe};

/// A game played on the blocks themselves.
#[derive(Clone, Debug)]
pub struct BlockFlood<'b> {
    board: &'b Board,
    blank: Vec<bool>,
    n_moves: u32,
}

impl<'b> BlockFlood<'b> {
    /// The start position: the start cell's group is flooded (on a Color
    /// Walk board, the blank start block alone).
    pub fn new(board: &'b Board) -> BlockFlood<'b> {
        let cells = board.cells();
        let mut blank = vec![false; board.n_blocks()];
        blank[board.start()] = true;
        let mut stack = vec![board.start()];
        while let Some(i) = stack.pop() {
            for j in board.neighbors(i) {
                if !blank[j] && cells[j] == cells[i] {
                    blank[j] = true;
                    stack.push(j);
                }
            }
        }
        BlockFlood {
            board,
            blank,
            n_moves: 0,
        }
    }

    /// Plays `c` and returns how many blocks it removed.
    pub fn play(&mut self, c: Color) -> usize {
        self.play_probed(c, &mut crate::NoProbe)
    }

    /// [`play`](Self::play), counting every neighbor block looked at.
    pub fn play_probed<P: Probe>(&mut self, c: Color, probe: &mut P) -> usize {
        self.n_moves += 1;
        let cells = self.board.cells();
        let mut stack: Vec<usize> = (0..cells.len()).filter(|&i| self.blank[i]).collect();
        let mut removed = 0;
        while let Some(i) = stack.pop() {
            for j in self.board.neighbors(i) {
                probe.blocks_inspected(1);
                if !self.blank[j] && cells[j] == Some(c) {
                    self.blank[j] = true;
                    removed += 1;
                    stack.push(j);
                }
            }
        }
        removed
    }

    /// Which blocks are blank.
    pub fn blank(&self) -> &[bool] {
        &self.blank
    }

    /// Moves made so far.
    pub fn n_moves(&self) -> u32 {
        self.n_moves
    }

    /// Whether every block is blank.
    pub fn is_solved(&self) -> bool {
        self.blank.iter().all(|&b| b)
    }

    /// The perimeter exposed since `earlier` (spec §3.7), block by block:
    /// edges from blocks blank now but not then to blocks still colored.
    pub fn exposed_perimeter(&self, earlier: &BlockFlood<'_>) -> u32 {
        let mut total = 0;
        for i in 0..self.blank.len() {
            if self.blank[i] && !earlier.blank[i] {
                total += self.board.neighbors(i).filter(|&j| !self.blank[j]).count() as u32;
            }
        }
        total
    }
}
