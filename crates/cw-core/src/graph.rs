//! `ClusterGraph`: a board analysed once into clusters and their contacts.

use crate::bits::INLINE_WORDS;
use crate::{Board, ClusterSet, Color, Game};

/// Index of a cluster in its [`ClusterGraph`]; cluster 0 is the start region.
pub type ClusterId = usize;

/// A board's maximal same-color 4-connected groups of blocks ("clusters")
/// and which clusters touch, built once per board.
///
/// Cluster 0 is the start cell's group, the region flooded before any move:
/// the blank block alone on a Color Walk board, the start cell's whole
/// same-color group on a Flood-It board. The other clusters are numbered in
/// the order their first block appears row-major, so the numbering depends
/// only on the board (and is plain row-major order when the start is the
/// top-left block).
///
/// Cluster 0 is in no color's mask: it is never absorbed, whatever its color.
#[derive(Clone, Debug)]
pub struct ClusterGraph {
    board: Board,
    cell_cluster: Box<[u32]>,
    colors: Box<[Option<Color>]>,
    cell_start: Box<[u32]>,
    sizes: Box<[u32]>,
    cluster_cells: Box<[u32]>,
    nbr_start: Box<[u32]>,
    nbrs: Box<[u32]>,
    nbr_edges: Box<[u32]>,
    color_masks: Box<[ClusterSet]>,
    /// Each cluster's neighbors as a bitset, for graphs whose sets are inline.
    nbr_masks: Option<Box<[[u64; INLINE_WORDS]]>>,
}

impl ClusterGraph {
    /// Analyses a board. Linear in the number of blocks.
    pub fn new(board: &Board) -> ClusterGraph {
        let n = board.n_blocks();
        let cells = board.cells();
        let mut cell_cluster = vec![u32::MAX; n];
        let mut colors = Vec::new();
        let mut cell_start = vec![0u32];
        let mut cluster_cells = Vec::with_capacity(n);
        let start = board.start();
        let seeds = std::iter::once(start).chain((0..n).filter(|&i| i != start));
        for seed in seeds {
            if cell_cluster[seed] != u32::MAX {
                continue;
            }
            let id = colors.len() as u32;
            let color = cells[seed];
            colors.push(color);
            cell_cluster[seed] = id;
            let first = cluster_cells.len();
            cluster_cells.push(seed as u32);
            let mut next = first;
            while next < cluster_cells.len() {
                let i = cluster_cells[next] as usize;
                next += 1;
                for j in board.neighbors(i) {
                    if cell_cluster[j] == u32::MAX && cells[j] == color {
                        cell_cluster[j] = id;
                        cluster_cells.push(j as u32);
                    }
                }
            }
            cell_start.push(cluster_cells.len() as u32);
        }
        let n_clusters = colors.len();

        // Contacts: one (a, b) pair for every pair of adjacent blocks in
        // different clusters, seen from both sides; runs give the edge counts.
        let mut pairs = Vec::with_capacity(4 * n);
        for i in 0..n {
            let a = cell_cluster[i];
            for j in board.neighbors(i) {
                let b = cell_cluster[j];
                if a != b {
                    pairs.push((a, b));
                }
            }
        }
        pairs.sort_unstable();
        let mut nbr_start = vec![0u32; n_clusters + 1];
        let mut nbrs = Vec::new();
        let mut nbr_edges: Vec<u32> = Vec::new();
        let mut k = 0;
        while k < pairs.len() {
            let (a, b) = pairs[k];
            let run = pairs[k..].iter().take_while(|&&p| p == (a, b)).count();
            nbrs.push(b);
            nbr_edges.push(run as u32);
            nbr_start[a as usize + 1] = nbrs.len() as u32;
            k += run;
        }
        for a in 1..=n_clusters {
            nbr_start[a] = nbr_start[a].max(nbr_start[a - 1]);
        }

        let mut color_masks = vec![ClusterSet::with_capacity(n_clusters); board.n_colors()];
        for (id, color) in colors.iter().enumerate().skip(1) {
            if let Some(c) = color {
                color_masks[c.index()].insert(id);
            }
        }
        let nbr_masks = (n_clusters.div_ceil(64) <= INLINE_WORDS).then(|| {
            (0..n_clusters)
                .map(|a| {
                    let mut words = [0u64; INLINE_WORDS];
                    for &b in &nbrs[nbr_start[a] as usize..nbr_start[a + 1] as usize] {
                        words[b as usize / 64] |= 1 << (b % 64);
                    }
                    words
                })
                .collect()
        });
        let sizes = cell_start.windows(2).map(|w| w[1] - w[0]).collect();
        ClusterGraph {
            sizes,
            nbr_masks,
            board: board.clone(),
            cell_cluster: cell_cluster.into_boxed_slice(),
            colors: colors.into_boxed_slice(),
            cell_start: cell_start.into_boxed_slice(),
            cluster_cells: cluster_cells.into_boxed_slice(),
            nbr_start: nbr_start.into_boxed_slice(),
            nbrs: nbrs.into_boxed_slice(),
            nbr_edges: nbr_edges.into_boxed_slice(),
            color_masks: color_masks.into_boxed_slice(),
        }
    }

    /// The board this graph was built from.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The number of clusters, the blank one included.
    #[inline]
    pub fn n_clusters(&self) -> usize {
        self.colors.len()
    }

    /// The board's number of playable colors.
    #[inline]
    pub fn n_colors(&self) -> usize {
        self.color_masks.len()
    }

    /// The cluster that block `cell` belongs to.
    #[inline]
    pub fn cluster_of(&self, cell: usize) -> ClusterId {
        self.cell_cluster[cell] as ClusterId
    }

    /// The cluster's color (`None` for the blank start cluster of a Color
    /// Walk board; a Flood-It board's cluster 0 has its start color).
    #[inline]
    pub fn color(&self, cluster: ClusterId) -> Option<Color> {
        self.colors[cluster]
    }

    /// The blocks of a cluster, first the one that appears first row-major
    /// (for cluster 0, the start cell).
    #[inline]
    pub fn cells(&self, cluster: ClusterId) -> &[u32] {
        &self.cluster_cells
            [self.cell_start[cluster] as usize..self.cell_start[cluster + 1] as usize]
    }

    /// The number of blocks in a cluster.
    #[inline]
    pub fn size(&self, cluster: ClusterId) -> u32 {
        self.sizes[cluster]
    }

    /// The clusters touching `cluster`, in increasing order.
    #[inline]
    pub fn neighbors(&self, cluster: ClusterId) -> &[u32] {
        &self.nbrs[self.nbr_start[cluster] as usize..self.nbr_start[cluster + 1] as usize]
    }

    /// For each of [`neighbors`](Self::neighbors), how many block edges the two clusters share.
    #[inline]
    pub fn neighbor_edges(&self, cluster: ClusterId) -> &[u32] {
        &self.nbr_edges[self.nbr_start[cluster] as usize..self.nbr_start[cluster + 1] as usize]
    }

    /// Every cluster's neighbors as words of a bitset, when this graph's sets
    /// are small enough to live inline (up to 512 clusters).
    #[inline]
    pub(crate) fn neighbor_masks(&self) -> Option<&[[u64; INLINE_WORDS]]> {
        self.nbr_masks.as_deref()
    }

    /// The clusters of color `c` (never cluster 0, the start region).
    #[inline]
    pub fn color_mask(&self, c: Color) -> &ClusterSet {
        &self.color_masks[c.index()]
    }

    /// An empty set of this graph's clusters.
    pub fn empty_set(&self) -> ClusterSet {
        ClusterSet::with_capacity(self.n_clusters())
    }

    /// The game before any move.
    pub fn start(&self) -> Game<'_> {
        Game::new(self)
    }

    /// Bytes one copy of a game of this graph holds: the value and its two
    /// sets' heap blocks (none for graphs of up to 512 clusters). Searches
    /// that keep games count this against their memory budgets.
    pub fn game_bytes(&self) -> usize {
        std::mem::size_of::<Game<'_>>() + self.game_heap_bytes()
    }

    /// The part of [`game_bytes`](Self::game_bytes) on the heap: its two
    /// sets' blocks (0 for graphs of up to 512 clusters).
    pub fn game_heap_bytes(&self) -> usize {
        2 * self.empty_set().heap_bytes()
    }
}
