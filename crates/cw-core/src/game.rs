//! `Game`: a position, and `Playthrough`: a game with undo.

use crate::bits::INLINE_WORDS;
use crate::{ClusterGraph, ClusterSet, Color, ColorSet};
use thiserror::Error;

/// A position: which clusters are blank (absorbed), which touch the blank
/// region (the frontier) and how many moves were made.
///
/// A `Game` is a small value that borrows its graph; search copies it to try a
/// move ("evaluate move k on top of moves 1..k−1") and never copies the board.
#[derive(Clone, Debug)]
pub struct Game<'g> {
    graph: &'g ClusterGraph,
    flooded: ClusterSet,
    frontier: ClusterSet,
    n_moves: u32,
    n_blank: u32,
}

/// What one move removed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gain {
    /// Clusters absorbed.
    pub clusters: u32,
    /// Blocks removed.
    pub blocks: u32,
}

/// A move that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMove {
    /// The color is not one of the board's.
    #[error("color {color} does not exist: the board has colors 0 to {max}")]
    NoSuchColor {
        /// The color asked for.
        color: u8,
        /// The board's largest color.
        max: u8,
    },
    /// The board is already clear.
    #[error("the board is already clear")]
    GameOver,
}

/// Instrumentation for the engine's inner loop (the series' inspection
/// counters, spec §4.3). [`NoProbe`] compiles to nothing.
pub trait Probe {
    /// Whether this probe counts anything; the engine skips the counting
    /// work entirely when it does not.
    const ACTIVE: bool = true;
    /// `n` neighbor clusters were looked at while absorbing clusters.
    fn clusters_inspected(&mut self, n: u64);
    /// `n` neighbor blocks were looked at by a per-block flood.
    fn blocks_inspected(&mut self, n: u64);
}

/// The probe that counts nothing and costs nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProbe;

impl Probe for NoProbe {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn clusters_inspected(&mut self, _: u64) {}
    #[inline(always)]
    fn blocks_inspected(&mut self, _: u64) {}
}

/// A probe that counts inspections.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InspectionCount {
    /// Neighbor clusters inspected.
    pub clusters: u64,
    /// Neighbor blocks inspected.
    pub blocks: u64,
}

impl Probe for InspectionCount {
    #[inline]
    fn clusters_inspected(&mut self, n: u64) {
        self.clusters += n;
    }
    #[inline]
    fn blocks_inspected(&mut self, n: u64) {
        self.blocks += n;
    }
}

impl<'g> Game<'g> {
    /// The position before any move: only the start region (cluster 0) is
    /// flooded.
    pub fn new(graph: &'g ClusterGraph) -> Game<'g> {
        let mut flooded = graph.empty_set();
        flooded.insert(0);
        let mut frontier = graph.empty_set();
        for &n in graph.neighbors(0) {
            frontier.insert(n as usize);
        }
        Game {
            graph,
            flooded,
            frontier,
            n_moves: 0,
            n_blank: graph.size(0),
        }
    }

    /// Words [`save`](Self::save) writes for a game on `graph`: its two
    /// sets in the words the graph's clusters need, and its counts.
    pub fn saved_words(graph: &ClusterGraph) -> usize {
        2 * graph.n_clusters().div_ceil(64) + 1
    }

    /// Appends the position to `out` as [`saved_words`](Self::saved_words)
    /// words, for a search that keeps millions of positions back to back
    /// (one buffer, where games of more than 512 clusters hold two heap
    /// blocks each, which take long to free). [`restore`](Self::restore)
    /// gives the game back.
    pub fn save(&self, out: &mut Vec<u64>) {
        let at = out.len();
        out.resize(at + Self::saved_words(self.graph), 0);
        self.save_into(&mut out[at..]);
    }

    /// [`save`](Self::save) into `out`, which holds exactly
    /// [`saved_words`](Self::saved_words) words (a slot used again).
    pub fn save_into(&self, out: &mut [u64]) {
        let n = self.graph.n_clusters().div_ceil(64);
        out[..n].copy_from_slice(&self.flooded.words()[..n]);
        out[n..2 * n].copy_from_slice(&self.frontier.words()[..n]);
        out[2 * n] = u64::from(self.n_moves) << 32 | u64::from(self.n_blank);
    }

    /// The blank blocks of the game that [`save`](Self::save) wrote as
    /// `words`, without restoring it.
    pub fn saved_n_blank(words: &[u64]) -> u32 {
        // The last word holds the counts: moves high, blank blocks low.
        words.last().map_or(0, |&w| w as u32)
    }

    /// The game that [`save`](Self::save) wrote as `words` on the same
    /// graph. Other words make a position no moves reach (ids past the
    /// graph's clusters are dropped, so playing it never panics).
    pub fn restore(graph: &'g ClusterGraph, words: &[u64]) -> Game<'g> {
        let n = graph.n_clusters().div_ceil(64);
        let mut flooded = graph.empty_set();
        let mut frontier = graph.empty_set();
        let word = |i: usize| words.get(i).copied().unwrap_or(0);
        let tail = graph.n_clusters() % 64;
        for i in 0..n {
            let keep = if i + 1 == n && tail != 0 {
                (1u64 << tail) - 1
            } else {
                u64::MAX
            };
            flooded.words_mut()[i] = word(i) & keep;
            frontier.words_mut()[i] = word(n + i) & keep & !flooded.words()[i];
        }
        let counts = word(2 * n);
        Game {
            graph,
            flooded,
            frontier,
            n_moves: (counts >> 32) as u32,
            n_blank: counts as u32,
        }
    }

    /// The graph this game is played on.
    #[inline]
    pub fn graph(&self) -> &'g ClusterGraph {
        self.graph
    }

    /// The absorbed (blank) clusters.
    #[inline]
    pub fn flooded(&self) -> &ClusterSet {
        &self.flooded
    }

    /// The live clusters touching the blank region.
    #[inline]
    pub fn frontier(&self) -> &ClusterSet {
        &self.frontier
    }

    /// Moves made so far, useless ones included.
    #[inline]
    pub fn n_moves(&self) -> u32 {
        self.n_moves
    }

    /// Blocks in the region, the start region included ("cleared" in the
    /// series: its blank blocks).
    #[inline]
    pub fn n_blank(&self) -> u32 {
        self.n_blank
    }

    /// Blocks still colored.
    #[inline]
    pub fn blocks_left(&self) -> u32 {
        self.graph.board().n_blocks() as u32 - self.n_blank
    }

    /// Whether every block is blank.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.frontier.is_empty()
    }

    /// Whether block `cell` is blank.
    #[inline]
    pub fn is_blank(&self, cell: usize) -> bool {
        self.flooded.contains(self.graph.cluster_of(cell))
    }

    /// The colors that would remove something now.
    pub fn useful_moves(&self) -> ColorSet {
        let mut set = ColorSet::EMPTY;
        for c in 0..self.graph.n_colors() {
            let c = Color(c as u8);
            if self.frontier.intersects(self.graph.color_mask(c)) {
                set.insert(c);
            }
        }
        set
    }

    /// The colors of the blocks still colored.
    pub fn colors_left(&self) -> ColorSet {
        let mut set = ColorSet::EMPTY;
        for c in 0..self.graph.n_colors() {
            let c = Color(c as u8);
            let mask = self.graph.color_mask(c);
            if !mask.is_subset(&self.flooded) {
                set.insert(c);
            }
        }
        set
    }

    /// What playing `c` would remove, without playing it.
    pub fn gain_of(&self, c: Color) -> Gain {
        let mask = self.graph.color_mask(c);
        let mut gain = Gain::default();
        for (w, (&f, &m)) in self.frontier.words().iter().zip(mask.words()).enumerate() {
            let mut bits = f & m;
            while bits != 0 {
                let id = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                gain.clusters += 1;
                gain.blocks += self.graph.size(id);
            }
        }
        gain
    }

    /// Plays `c` after checking it is a color of the board and the board is
    /// not clear yet. A move that removes nothing is legal and counts.
    pub fn try_play(&mut self, c: Color) -> Result<Gain, IllegalMove> {
        let n_colors = self.graph.n_colors();
        if c.index() >= n_colors {
            return Err(IllegalMove::NoSuchColor {
                color: c.0,
                max: (n_colors - 1) as u8,
            });
        }
        if self.is_solved() {
            return Err(IllegalMove::GameOver);
        }
        Ok(self.play(c))
    }

    /// Plays `c`: every live block of color `c` connected to the blank region
    /// through blocks of color `c` becomes blank. The color must be one of the
    /// board's (checked in debug builds only).
    #[inline]
    pub fn play(&mut self, c: Color) -> Gain {
        self.play_probed(c, &mut NoProbe)
    }

    /// [`play`](Self::play), reporting its work to `probe`.
    ///
    /// The absorbed clusters are exactly the frontier clusters of color `c`:
    /// clusters are maximal, so no two clusters of one color touch and the
    /// neighbors added to the frontier are never of color `c`. One pass over
    /// the words therefore absorbs and extends the frontier together; the
    /// cost is the words of one set plus the neighbors of the absorbed
    /// clusters.
    #[inline]
    pub fn play_probed<P: Probe>(&mut self, c: Color, probe: &mut P) -> Gain {
        debug_assert!(c.index() < self.graph.n_colors());
        self.n_moves += 1;
        let graph = self.graph;
        let gain = match (
            graph.neighbor_masks(),
            graph.color_mask(c).inline_words(),
            self.flooded.inline_words_mut(),
            self.frontier.inline_words_mut(),
        ) {
            (Some(nbr_masks), Some(mask), Some(flooded), Some(frontier)) => {
                absorb_inline(graph, nbr_masks, mask, flooded, frontier, probe)
            }
            _ => absorb_any(
                graph,
                graph.color_mask(c).words(),
                self.flooded.words_mut(),
                self.frontier.words_mut(),
                probe,
            ),
        };
        self.n_blank += gain.blocks;
        gain
    }

    /// The perimeter exposed since `earlier` (spec §3.7): the block edges
    /// between blocks blank now but not in `earlier` and blocks still colored.
    /// `earlier` must be an ancestor position of this one on the same graph.
    pub fn exposed_perimeter(&self, earlier: &Game<'_>) -> u32 {
        let mut total = 0;
        for (w, (&now, &before)) in self
            .flooded
            .words()
            .iter()
            .zip(earlier.flooded.words())
            .enumerate()
        {
            let mut bits = now & !before;
            while bits != 0 {
                let id = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let nbrs = self.graph.neighbors(id);
                let edges = self.graph.neighbor_edges(id);
                for (&n, &e) in nbrs.iter().zip(edges) {
                    if !self.flooded.contains(n as usize) {
                        total += e;
                    }
                }
            }
        }
        total
    }
}

/// Absorbs the frontier clusters in `mask`, for graphs with inline sets:
/// fixed-size word arrays the compiler turns into vector operations, and the
/// absorbed clusters' neighbor bitsets gathered in registers.
#[inline]
fn absorb_inline<P: Probe>(
    graph: &ClusterGraph,
    nbr_masks: &[[u64; INLINE_WORDS]],
    mask: &[u64; INLINE_WORDS],
    flooded: &mut [u64; INLINE_WORDS],
    frontier: &mut [u64; INLINE_WORDS],
    probe: &mut P,
) -> Gain {
    let mut absorbed = [0u64; INLINE_WORDS];
    for w in 0..INLINE_WORDS {
        absorbed[w] = frontier[w] & mask[w];
    }
    let mut reached = [0u64; INLINE_WORDS];
    let mut gain = Gain::default();
    for (w, &word) in absorbed.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let id = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            gain.clusters += 1;
            gain.blocks += graph.size(id);
            if P::ACTIVE {
                probe.clusters_inspected(graph.neighbors(id).len() as u64);
            }
            let nbrs = &nbr_masks[id];
            for k in 0..INLINE_WORDS {
                reached[k] |= nbrs[k];
            }
        }
    }
    for k in 0..INLINE_WORDS {
        flooded[k] |= absorbed[k];
        frontier[k] = (frontier[k] | reached[k]) & !flooded[k];
    }
    gain
}

/// Absorbs the frontier clusters in `mask`, for graphs of any size: the
/// absorbed clusters' neighbors are marked from their lists, then the blank
/// ones leave the frontier in one pass.
fn absorb_any<P: Probe>(
    graph: &ClusterGraph,
    mask: &[u64],
    flooded: &mut [u64],
    frontier: &mut [u64],
    probe: &mut P,
) -> Gain {
    let mut gain = Gain::default();
    for w in 0..mask.len() {
        let mut bits = frontier[w] & mask[w];
        if bits == 0 {
            continue;
        }
        flooded[w] |= bits;
        while bits != 0 {
            let id = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            gain.clusters += 1;
            gain.blocks += graph.size(id);
            let nbrs = graph.neighbors(id);
            probe.clusters_inspected(nbrs.len() as u64);
            for &n in nbrs {
                frontier[n as usize / 64] |= 1 << (n % 64);
            }
        }
    }
    if gain.clusters > 0 {
        for (f, b) in frontier.iter_mut().zip(flooded.iter()) {
            *f &= !b;
        }
    }
    gain
}

/// A game with its history, for people: play, undo, the move list.
#[derive(Clone, Debug)]
pub struct Playthrough<'g> {
    states: Vec<Game<'g>>,
    moves: Vec<Color>,
}

impl<'g> Playthrough<'g> {
    /// A new game on `graph`.
    pub fn new(graph: &'g ClusterGraph) -> Playthrough<'g> {
        Playthrough {
            states: vec![graph.start()],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn current(&self) -> &Game<'g> {
        self.states
            .last()
            .expect("a playthrough always has its start position")
    }

    /// The moves made, oldest first.
    pub fn moves(&self) -> &[Color] {
        &self.moves
    }

    /// Plays `c` (checked, see [`Game::try_play`]).
    pub fn play(&mut self, c: Color) -> Result<Gain, IllegalMove> {
        let mut next = self.current().clone();
        let gain = next.try_play(c)?;
        self.states.push(next);
        self.moves.push(c);
        Ok(gain)
    }

    /// Takes back the last move; `None` at the start.
    pub fn undo(&mut self) -> Option<Color> {
        let c = self.moves.pop()?;
        self.states.pop();
        Some(c)
    }

    /// Back to the start position.
    pub fn restart(&mut self) {
        self.states.truncate(1);
        self.moves.clear();
    }
}
