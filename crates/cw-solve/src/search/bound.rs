//! The search core shared by `exact` and `near`: the cluster graph in the
//! shape search wants, the elimination rule and the admissible lower bound.
//!
//! A position is two sets of clusters: the flooded (blank) clusters and the
//! frontier (live clusters touching them). Search code is generic over the
//! number of 64-bit words `W` of a set, so the word loops are unrolled and
//! sets live in registers or on the stack; `dispatch` picks the smallest
//! supported `W` for a graph (1, 2, 4, 6, 8, 12, 16, 24, 32, 64 or 160
//! words; `words_for`). Stored positions keep only the words the graph uses.
//!
//! Search only meets *settled* positions (`Graph::close`): every exposed
//! color is played (the elimination rule below, which costs its moves), and
//! then the frontier's dead ends (clusters whose neighbors are all blank or
//! on the frontier) are absorbed without a move. Neither changes the fewest
//! moves to the end, and the second merges many positions: it cuts the
//! exact search's expansions about threefold on 30×20 boards.
//!
//! # The lower bound
//!
//! From a region `R`, run a relaxed game: keep a relaxed region `Q` (at
//! first `R`) and its frontier layer `L`, and repeat until every cluster is
//! in `Q`:
//! - if some colors have every cluster outside `Q` inside `L` ("exposed"
//!   colors), count one move per such color and add to `Q` only the
//!   clusters of those colors;
//! - otherwise count one move and add the whole layer `L` to `Q`, as if it
//!   were all one color.
//!
//! The count never exceeds `opt(R)`, the fewest moves that clear the board
//! from `R`. Two facts about the real game:
//! 1. Monotonicity: if `A ⊆ B` then playing a color from `A` gives a subset
//!    of playing it from `B` (a cluster of that color touching `A` touches
//!    `B` or is in it). So a bigger region never needs more moves:
//!    `A ⊆ B ⇒ opt(B) ≤ opt(A)`.
//! 2. Elimination: if every remaining cluster of color `c` touches `R`, some
//!    optimal solution from `R` starts with `c`. Take any optimal solution;
//!    it plays `c` somewhere (those clusters must go). Move its first `c` to
//!    the front: after `c` every cluster of `c` is gone, and by (1) each
//!    later position contains the original one (the original's first `c`
//!    absorbs only clusters of `c`, which are already blank). So the moved
//!    sequence also clears the board, with the same length. Hence
//!    `opt(R) = 1 + opt(R ∪ clusters of c)`, and for a set `E` of such
//!    colors (each stays exposed while the others are played, and each
//!    absorbs exactly its own remaining clusters)
//!    `opt(R) = |E| + opt(R ∪ clusters of E)`.
//!
//! By induction on the number of live clusters, `bound(Q) ≤ opt(Q)` for
//! every region `Q`:
//! - the exposed step counts `|E|` and continues from `Q ∪ clusters of E`,
//!   and by (2) `opt(Q)` is exactly `|E|` plus the optimum from there;
//! - the layer step counts 1 and continues from `Q ∪ L`. An optimal solution
//!   from `Q` starts with some move to `Q'`, and `Q' ⊆ Q ∪ L` (a move only
//!   absorbs frontier clusters), so by (1)
//!   `opt(Q ∪ L) ≤ opt(Q') = opt(Q) − 1`.
//!
//! It is at least "colors left" (a layer step runs only when no color is
//! exposed, so it never removes a color's last cluster: every color is
//! removed by an exposed step that counts one move for it) and at least the
//! distance to the farthest cluster (each step grows `Q` by at most one
//! layer).
//!
//! # The refined bound: one real move at the relaxed game's last layer step
//!
//! The induction above proves more than `bound(R) ≤ opt(R)`: if the relaxed
//! game from `R` has counted `m` moves when it reaches a region `Q` (each
//! step's inequality chains), then `opt(R) ≥ m + opt(Q)`. At a layer step
//! the relaxed game takes the whole layer `L` for one move; a real move from
//! `Q` plays one color `c` and absorbs only `L_c`, the layer's clusters of
//! `c`, so `opt(Q) = 1 + min_c opt(Q ∪ L_c)` and
//! `opt(R) ≥ m + 1 + min_c bound(Q ∪ L_c)` (the bound counts the moves the
//! elimination rule forces after `c` itself: they are its first steps).
//! `Graph::refined_bound` takes the larger of this and `bound(R)` at the
//! relaxed game's *last* layer step, where it pays best and costs least:
//! there the layer holds the last clusters of several colors at once, which
//! the relaxed step absorbs together but real moves must take one color at
//! a time, and the games left from there are short. The relaxed game that
//! gives `bound(R)` records its last layer step on the way, so the
//! refinement costs one short relaxed game per color. Measured on 30×30
//! boards with 6 colors (`30x30c6-s2`, `-s3`, `-s4`): 1.70M, 478k and
//! 221k expansions with the plain bound, 926k, 125k and 100k refined (with
//! the dominance check of that time, which looked at the newest 2 048
//! positions of a depth only; with today's, 390k, 85k and 73k refined).
//! Branching at every layer step instead of only the last saved about 5 %
//! more expansions for 3 to 5 times the cost, and branching twice at the
//! last step about 8 % for twice the cost: not worth it.
//!
//! # The refined bound as a test
//!
//! The tails' searches (`tails.rs`) ask the refined bound only whether it
//! reaches a number `k` (a position is settled if it does), and use its
//! value otherwise only to order a position's children. So there
//! `Graph::refined_reaches` stops at the first color whose game, run to
//! its end, comes out below `k`: the minimum over the colors is then below
//! `k` too, so the refined bound (the larger of it and the plain bound,
//! which is below `k` as well) does not reach `k`, and that color's value,
//! which is at least the minimum, orders the children. When the bound does
//! reach `k`, every color's game reaches it, none stops the loop, and the
//! value is the refined bound's own. The colors' games are most of the
//! bound's cost: on `26x26c8-s13` a refinement looked at 7.4 colors and
//! played 5.3 of them, and raised the bound in 58 % of the cases (counted
//! with a probe build). The same positions are raised and expanded;
//! children of equal or near bounds come in another order, so the tails
//! search a few more positions (`26x26c8-s13` on one thread: 241,040
//! against 241,063); `colorwalk optimum BOARD --threads 2 --no-store`
//! took 0.875 of the time on `26x26c8-s13`, 0.876 on `-s3`, 0.93 on
//! `-s17` and 0.985 on `30x30c6-f10` (medians of three pairs run in turn,
//! two for `-f10`, 2026-11-28). Returning the plain bound below `k`
//! instead (a true lower bound, but a worse order) searched 246k positions
//! on `-s13`, and took 1.02 and 0.88 of the time on `-s13` and `-s3`. The
//! colors tried by their clusters in the layer, most first (to come on
//! one that falls short sooner), searched 247k and was slower (6.3 s
//! against 5.5 s, single runs, one thread): a color that falls short
//! sooner gives a lower value, a worse order for the children.
//!
//! # Other admissible bounds, measured and not used
//!
//! On `26x26c8-s14` the bound at the start is 33 and the optimum 41 or 42.
//! Two other bounds were computed at every third position along a 42-move
//! solution, to see whether either closes that gap:
//! - **Two targets.** A cluster is absorbed at the first move after which
//!   the colors of some path to it (from the region) appear in order among
//!   the moves played. So the fewest moves that absorb two given clusters
//!   is the shortest common supersequence of two such paths' color
//!   strings, minimised over the paths. A search over pairs of clusters
//!   (one per path) gives it for every pair at once, and its maximum never
//!   exceeds `opt`. It equalled the relaxed game at the start (33) and fell
//!   below it from the 15th move on (18 against 19, then lower).
//! - **Sums over color groups.** Every move has one color, so for a
//!   partition of the colors into groups, `opt` is at least the sum, over
//!   the groups, of the fewest moves of that group's colors that clear the
//!   board when moves of the other colors cost nothing. Each term has the
//!   relaxed game (with the free colors absorbed at no cost) as a lower
//!   bound. The best split into two groups gave 29 at the start, against
//!   33. One color a group gave 8, since the other seven colors connect
//!   nearly everything.
//!
//! - **Colors past a ball.** After `m` moves the region lies within
//!   distance `m` of where it started, and a cluster is absorbed by a move
//!   of its own color, so the moves after the `m`-th must play, for each
//!   color `c`, at least as many `c` moves as the path from that ball to
//!   some cluster outside it needs at the least (a 0-1 search counting the
//!   path's clusters of color `c`); summed over the colors, plus `m`, and
//!   maximised over `m`, this never exceeds `opt`. Computed at every
//!   position along the 40 optimal solutions (1,691 positions, a probe not
//!   kept): never above the refined bound, equal at 733, below at 958; the
//!   gap at the start 9.35 on average against the refined bound's 8.55.
//! - **Colors played twice.** A color played once clears all its clusters
//!   with that one move; so if some cluster of color `b` can only be reached
//!   through a cluster of color `a` (every path from the region to it
//!   passes one: `a` separates it), then either `a` or `b` is played twice,
//!   or the one `a` comes before the one `b`. Over the `k` colors left, with
//!   an edge `a → b` for each such pair (a loop when `a` separates a
//!   cluster of its own color), a solution plays the colors it plays once
//!   in an order of the graph without the others, so `opt ≥ k + ` the
//!   fewest colors whose removal leaves no cycle. Taken at every region
//!   the relaxed game passes, plus the moves counted to get there: never
//!   above the refined bound at any of the 1,691 positions along the 40
//!   optimal 26×26×8 solutions (nor at the 1,536 of the 30×30×6 ones). In
//!   the middle game no single color separates anything (the seven others
//!   connect the board), and where the graph has cycles, near the end, the
//!   relaxed game's layers already count them.
//! - **The linear-programming relaxation of the game.** Over a horizon of
//!   `T` moves: `x[c,t]` (color `c` is move `t`, at most one color a
//!   move), `y[v,t]` (cluster `v` is in the region after move `t`, never
//!   leaving it); a cluster joins at `t` only if its color is played then
//!   (`y[v,t] ≤ y[v,t−1] + x[color(v),t]`) and some neighbor was in the
//!   region before (`y[v,t] ≤ Σ y[u,t−1]` over its neighbors `u`); every
//!   cluster is in at `T`. With whole numbers this is the game itself, so
//!   the smallest `T` whose relaxation is feasible never exceeds `opt`.
//!   Solved with HiGHS at every position along seven optimal solutions
//!   (five 26×26×8, one 30×30×6; 287 positions, a probe not kept): above
//!   the refined bound by one at 8 positions, all in the second half of
//!   the game, equal at 244, one below at 35 (at the start of `s14`, 32
//!   against 33), at 1 to 15 s a position. The optimal relaxation spreads
//!   a fraction of a move over every color early on, so a thin film of
//!   region advances one layer a move in every direction at once: the
//!   relaxed game again. Cuts that count a color's clusters on every path
//!   to a cluster, one move taken whole (a mixed-integer program, 153 s
//!   for one answer) or one real move before the relaxation changed none
//!   of the middle game's positions by more than one.
//!
//! None of these beats the relaxed game on these boards, so none is
//! built.
//!
//! One bound does beat it by far, and is still not built, because it costs
//! a search where the relaxed game costs a pass over the board:
//! - **Balls with an exact tail.** Let `B_t` be the clusters within
//!   distance `t` of the region `R`. A move absorbs only frontier
//!   clusters, so after `t` moves the region lies within `B_t`, and by
//!   monotonicity `opt(R) ≥ t + opt(B_t)` whenever `B_{t−1}` is not the
//!   whole board (then at least `t` moves are needed). The relaxed game is
//!   this with a bound in place of `opt(B_t)`; solving the tail exactly
//!   keeps its colors apart. Measured with probes not kept (the tails
//!   solved by `exact` from `B_t`): at the start of `26x26c8-s13`
//!   (optimum 39) the refined bound is 32 and `t + opt(B_t)` is 37 at
//!   `t` = 10 and 11 (tails of 27 and 26 moves, proven in 5.5 and 4.1 s);
//!   after 12 moves of an optimal solution (27 left) the refined bound is
//!   21 and the ball bound 26; after 18 (21 left) 16 against 21, exact.
//!   Two ways of using it, on `26x26c8-s13` (one thread; the search alone
//!   expands 643k positions in 24 s):
//!   - *Around the start only.* The tails of the start's balls, proven or
//!     bounded once before the search (searches of at most 20,000
//!     expansions each, 6 s in all), give every position `R` the bound
//!     `max_t (t + tail(j_t))`, where `j_t` is the farthest distance from
//!     the start within `B_t` (`B_t` lies within the start's ball of that
//!     radius). It raised the start to 36, but the search took as long
//!     (22 s after the tails): it lifts the positions that stay within a
//!     small ball, whose `f` is at most 36 anyway, and a proof's work is
//!     on its last two levels (37 and 38 here).
//!   - *Each position's own balls*, when it is popped (raised positions
//!     go back to the queue at their new `f`), with the tail of the first
//!     ball whose relaxed bound is at most `T`, cached by ball, solved by
//!     A* only as far as the position's level needs: with `T` = 10,
//!     394k expansions (from 643k) and 45 s; with `T` = 12 (tails of at
//!     most 300 expansions) 73k expansions, a ninth, but 68k tail
//!     searches of 7.7M expansions in all, 140 s; with `T` = 14, 8k
//!     expansions when it was stopped at 300 s, nearly all of it in tails.
//!     Asking only positions whose ball is at least 3 (or 6) layers out,
//!     which leaves alone the endgames the refined bound already gets
//!     right, kept 252k (543k) expansions for tails of 6.2M (1.1M): 178 s
//!     (70 s), still slower.
//!
//!   So the bound is strong enough to cut the search tenfold or more, but
//!   its tails repeat each other's work: neighboring positions' balls
//!   differ in a few clusters, and each tail search starts afresh. What
//!   could make it pay is tails that share what they prove: once a search
//!   proves `opt(X) ≥ L`, every position `P` it reached in `d` moves has
//!   `opt(P) ≥ L − d`, and by monotonicity so has every subset of `P`; a
//!   table of such bounds, asked by superset as the dominance index is,
//!   would answer most tails without a search. That is what is built
//!   (`tails.rs`, `exact:tails=T`, on by default, then with
//!   `T` = 12): the tail is asked only whether it needs one move more than
//!   the position's level, by a depth-first search that keeps what it
//!   proves about every position it meets in a table shared by the
//!   threads, and a fact about a position answers for its subsets too.
//!   It roughly halves the time of the 30×30×6 proofs and takes the hard
//!   26×26×8 proofs more than a level further in the same time (figures
//!   there).
//!
//! # Where the bound falls short
//!
//! Along an optimal solution of each of the 40 proven 26×26 boards with 8
//! colors (`data/big/26x26c8.txt`), the refined bound at each position
//! against the moves really left (`cargo run --release -p cw-solve
//! --example bound_gaps`): at the start it is 7 to 11 below (8.55 on
//! average; the relaxed game alone 8.97); that gap stays the same for the
//! first 2 to 21 moves (10.6 on average), as each of those moves takes the
//! bound down by one; it then closes by about one move in two; and the
//! bound is exact for the last 10 to 13 moves, where what is left is one
//! exposed color after another. So the gap is the middle game's:
//! the frontier holds every color, each real move advances it where its
//! color lies, and the relaxed game advances it everywhere at once. A
//! bound that closes it must see that several directions have to be
//! advanced by different colors; the two-target bound above does in
//! principle, but the many paths to each cluster let two targets share
//! their colors.
//!
//! # Refuting positions together: a search that merges
//!
//! `Graph::refutes_merged` proves, for a few positions at once, that none
//! of them finishes before a move count `t`: each position `P` is held with
//! its depth `d` (moves already counted), and the claim is
//! `d + opt(P) ≥ t` for all of them. It searches depth by depth, but keeps
//! one position per depth: the union of every position held there. Let
//! `M` be `min(t, d + opt(P))` over the positions held; the claim is
//! `M = t` at the start. Each step keeps `M` from rising:
//! - expanding a position replaces it by its children, each at its depth
//!   (one move plus the forced ones): `opt(P)` is one plus the smallest
//!   child's count, so the minimum stays (the children that cannot start a
//!   shortest solution, see `Graph::grows`, do not change it);
//! - a child whose depth plus bound reaches `t` is dropped: it cannot make
//!   `M` less than `t`;
//! - two positions of the same depth become their union (settled again,
//!   which counts the forced moves as depth): by monotonicity the union
//!   finishes no later than either, so `M` does not rise.
//!
//! So if nothing is left at the end (`M = t` there), `M = t` held at the
//! start. A union reaching the end of the game before `t` proves nothing
//! and answers `false`. Merging is what makes it cheap (a few positions
//! per call, one per depth), and also why it can fail where the search
//! itself would succeed.
//!
//! The bound is the search's hot spot; on x86-64 CPUs with AVX2 it runs a
//! copy compiled for AVX2 and POPCNT (chosen once per graph at run time).

use cw_core::{ClusterGraph, Color, Game};

/// The largest set width in words: a 100×100 board has at most 10 000 clusters.
pub(crate) const MAX_WORDS: usize = 160;

/// Widths up to this use dense neighbor masks (one `W`-word set per cluster).
const DENSE_WORDS: usize = 16;

/// A set of clusters, `W` words.
pub(crate) type Set<const W: usize> = [u64; W];

/// The cluster graph for search with sets of `W` words.
#[derive(Clone, Debug)]
pub(crate) struct Graph<const W: usize> {
    /// Clusters, the blank one included.
    pub n: usize,
    /// Words a set of this graph actually uses (`≤ W`); the rest are zero.
    pub w: usize,
    /// Colors.
    pub k: usize,
    /// Each cluster's number of blocks.
    pub size: Vec<u32>,
    /// The clusters of each color.
    pub masks: Vec<Set<W>>,
    /// Each cluster's neighbors as a set (for `W ≤ DENSE_WORDS`), padded
    /// with empty sets to `64 × W` entries so that every id a set can hold
    /// indexes it without a bounds check.
    dense: Vec<Set<W>>,
    /// Each cluster's neighbors as (word, bits) pairs (for wider sets):
    /// cluster `i`'s are `sparse[sparse_start[i]..sparse_start[i + 1]]`.
    sparse_start: Vec<u32>,
    sparse: Vec<(u32, u64)>,
    /// Whether the CPU runs the AVX2 build of the bound.
    avx2: bool,
}

/// Something to run with the set width that fits a graph.
pub(crate) trait WithWidth {
    /// What it returns.
    type Out;
    /// Runs with sets of `W` words.
    fn run<const W: usize>(self, graph: Graph<W>) -> Self::Out;
}

/// Builds the search graph of `graph` with the smallest supported width and
/// runs `f` with it.
pub(crate) fn dispatch<F: WithWidth>(graph: &ClusterGraph, f: F) -> F::Out {
    match words_for(graph) {
        1 => f.run(Graph::<1>::new(graph)),
        2 => f.run(Graph::<2>::new(graph)),
        4 => f.run(Graph::<4>::new(graph)),
        6 => f.run(Graph::<6>::new(graph)),
        8 => f.run(Graph::<8>::new(graph)),
        12 => f.run(Graph::<12>::new(graph)),
        16 => f.run(Graph::<16>::new(graph)),
        24 => f.run(Graph::<24>::new(graph)),
        32 => f.run(Graph::<32>::new(graph)),
        64 => f.run(Graph::<64>::new(graph)),
        _ => f.run(Graph::<MAX_WORDS>::new(graph)),
    }
}

/// The word width `W` that [`dispatch`] picks for `graph`: the smallest
/// supported width that holds its clusters.
pub(crate) fn words_for(graph: &ClusterGraph) -> usize {
    match graph.n_clusters().div_ceil(64) {
        0 | 1 => 1,
        2 => 2,
        3 | 4 => 4,
        5 | 6 => 6,
        7 | 8 => 8,
        9..=12 => 12,
        13..=16 => 16,
        17..=24 => 24,
        25..=32 => 32,
        33..=64 => 64,
        _ => MAX_WORDS,
    }
}

/// Whether the CPU has AVX2 and POPCNT (checked once per graph).
fn cpu_has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Whether a set is empty.
#[inline(always)]
pub(crate) fn is_empty<const W: usize>(s: &Set<W>) -> bool {
    s.iter().fold(0, |a, &b| a | b) == 0
}

/// Whether `a ⊆ b`, looking at the first `w` words.
#[inline(always)]
pub(crate) fn is_subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(x, y)| x & !y == 0)
}

/// Calls `f` with every id in `s`.
#[inline(always)]
pub(crate) fn for_each<const W: usize>(s: &Set<W>, mut f: impl FnMut(usize)) {
    for (wi, &word) in s.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(wi * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

impl<const W: usize> Graph<W> {
    /// Builds the search graph; the graph's sets must fit in `W` words.
    pub fn new(graph: &ClusterGraph) -> Graph<W> {
        let n = graph.n_clusters();
        let w = n.div_ceil(64);
        assert!(w <= W, "{n} clusters do not fit in {W} words");
        let k = graph.n_colors();
        let size = (0..n).map(|i| graph.size(i)).collect();
        let masks = (0..k)
            .map(|c| {
                let mut m = [0; W];
                m[..w].copy_from_slice(&graph.color_mask(Color(c as u8)).words()[..w]);
                m
            })
            .collect();
        let mut dense = Vec::new();
        let mut sparse_start = Vec::new();
        let mut sparse: Vec<(u32, u64)> = Vec::new();
        if W <= DENSE_WORDS {
            dense = (0..64 * W)
                .map(|i| {
                    if i >= n {
                        return [0; W];
                    }
                    let mut m = [0; W];
                    for &j in graph.neighbors(i) {
                        m[j as usize / 64] |= 1 << (j % 64);
                    }
                    m
                })
                .collect();
        } else {
            sparse_start.push(0);
            for i in 0..n {
                let start = sparse.len();
                // Neighbors are increasing, so equal words are adjacent.
                for &j in graph.neighbors(i) {
                    let (word, bit) = (j / 64, 1u64 << (j % 64));
                    let own = sparse.len() > start;
                    match sparse.last_mut() {
                        Some((last, bits)) if own && *last == word => {
                            *bits |= bit;
                        }
                        _ => sparse.push((word, bit)),
                    }
                }
                sparse_start.push(sparse.len() as u32);
            }
        }
        Graph {
            n,
            w,
            k,
            size,
            masks,
            dense,
            sparse_start,
            sparse,
            avx2: cpu_has_avx2(),
        }
    }

    /// Bytes held by the graph's buffers.
    pub fn bytes(&self) -> usize {
        fn of<T>(v: &Vec<T>) -> usize {
            v.capacity() * size_of::<T>()
        }
        of(&self.size)
            + of(&self.masks)
            + of(&self.dense)
            + of(&self.sparse_start)
            + of(&self.sparse)
    }

    /// The position of a game.
    pub fn position(&self, game: &Game<'_>) -> (Set<W>, Set<W>) {
        let mut f = [0; W];
        let mut l = [0; W];
        f[..self.w].copy_from_slice(&game.flooded().words()[..self.w]);
        l[..self.w].copy_from_slice(&game.frontier().words()[..self.w]);
        (f, l)
    }

    /// The frontier of a region: the live clusters outside it that touch
    /// it. A position's frontier is always this (a move adds the absorbed
    /// clusters' neighbors, and a dead end absorbed without a move has its
    /// neighbors in the region or on the frontier already), so stores keep
    /// the region alone and get the frontier back from it.
    #[inline]
    pub fn frontier_of(&self, flooded: &Set<W>) -> Set<W> {
        let mut reach = [0; W];
        self.gather(flooded, &mut reach);
        for i in 0..W {
            reach[i] &= !flooded[i];
        }
        reach
    }

    /// The neighbors of every cluster in `set`, ORed into `out`.
    #[inline(always)]
    pub(crate) fn gather(&self, set: &Set<W>, out: &mut Set<W>) {
        if W <= DENSE_WORDS {
            let dense = &self.dense[..64 * W];
            for_each(set, |id| {
                let m = &dense[id];
                for i in 0..W {
                    out[i] |= m[i];
                }
            });
        } else {
            for_each(set, |id| {
                let (a, b) = (
                    self.sparse_start[id] as usize,
                    self.sparse_start[id + 1] as usize,
                );
                for &(j, bits) in &self.sparse[a..b] {
                    out[j as usize] |= bits;
                }
            });
        }
    }

    /// Calls `f` with each neighbor of cluster `id`.
    #[inline]
    pub(crate) fn for_each_neighbor(&self, id: usize, mut f: impl FnMut(usize)) {
        if W <= DENSE_WORDS {
            for_each(&self.dense[id], f);
        } else {
            let (a, b) = (
                self.sparse_start[id] as usize,
                self.sparse_start[id + 1] as usize,
            );
            for &(j, bits) in &self.sparse[a..b] {
                let mut bits = bits;
                while bits != 0 {
                    f(j as usize * 64 + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        }
    }

    /// The blocks of the clusters in `now` but not in `before`.
    #[inline]
    pub fn blocks(&self, now: &Set<W>, before: &Set<W>) -> u32 {
        let mut new = [0; W];
        for i in 0..W {
            new[i] = now[i] & !before[i];
        }
        let mut b = 0;
        for_each(&new, |i| b += self.size[i]);
        b
    }

    /// The flooded clusters that touch the frontier.
    #[inline]
    pub fn boundary(&self, flooded: &Set<W>, frontier: &Set<W>) -> Set<W> {
        let mut reach = [0; W];
        self.gather(frontier, &mut reach);
        for i in 0..W {
            reach[i] &= flooded[i];
        }
        reach
    }

    /// Whether color `c` absorbs something from this position.
    #[inline(always)]
    pub fn useful(&self, frontier: &Set<W>, c: usize) -> bool {
        let m = &self.masks[c];
        (0..W).fold(0, |a, i| a | (frontier[i] & m[i])) != 0
    }

    /// Plays color `c`: absorbs its frontier clusters. Returns whether it
    /// absorbed anything.
    #[inline]
    pub fn play(&self, flooded: &mut Set<W>, frontier: &mut Set<W>, c: usize) -> bool {
        let m = &self.masks[c];
        let mut absorbed = [0; W];
        for i in 0..W {
            absorbed[i] = frontier[i] & m[i];
        }
        if is_empty(&absorbed) {
            return false;
        }
        let mut reach = *frontier;
        self.gather(&absorbed, &mut reach);
        for i in 0..W {
            flooded[i] |= absorbed[i];
            frontier[i] = reach[i] & !flooded[i];
        }
        true
    }

    /// Whether a move from a position closed under the elimination rule
    /// can start a shortest solution, given the frontier before (`old`) and
    /// after it (`new`): it must bring a new cluster to the frontier.
    ///
    /// A move of color `c` that brings none only absorbed clusters whose
    /// neighbors were already blank or on the frontier. `c` is not exposed
    /// (the position is closed), so any solution plays `c` again later.
    /// Dropping the first move changes nothing in between (whatever touched
    /// the absorbed clusters touched the region already) and the next `c`
    /// absorbs them, so a solution one move shorter exists.
    #[inline(always)]
    pub fn grows(&self, new: &Set<W>, old: &Set<W>) -> bool {
        (0..W).fold(0, |a, i| a | (new[i] & !old[i])) != 0 || is_empty(new)
    }

    /// The moves worth trying from a settled position, in color order: each
    /// color that absorbs something and brings a new cluster to the
    /// frontier (the others never start a shortest solution: see
    /// [`grows`](Self::grows)). For each, `child` gets the color, the
    /// position after it and the moves the elimination rule then forces
    /// (its dead ends not yet settled), and how many moves that is in all.
    /// Stops and answers `false` as soon as `child` does; `true` otherwise.
    ///
    /// A*'s expansion, the merged refutation and the beam all generate
    /// children this way.
    #[inline(always)]
    pub fn each_child(
        &self,
        flooded: &Set<W>,
        frontier: &Set<W>,
        mut child: impl FnMut(usize, Set<W>, Set<W>, u32) -> bool,
    ) -> bool {
        for c in 0..self.k {
            if !self.useful(frontier, c) {
                continue;
            }
            let (mut nf, mut nl) = (*flooded, *frontier);
            self.play(&mut nf, &mut nl, c);
            if !self.grows(&nl, frontier) {
                continue;
            }
            let moves = 1 + self.force(&mut nf, &mut nl, |_| ());
            if !child(c, nf, nl, moves) {
                return false;
            }
        }
        true
    }

    /// Whether color `c` is exposed: it has live clusters and all of them
    /// touch the region.
    #[inline(always)]
    pub fn exposed(&self, flooded: &Set<W>, frontier: &Set<W>, c: usize) -> bool {
        let m = &self.masks[c];
        let mut outside = 0;
        let mut inside = 0;
        for i in 0..W {
            outside |= m[i] & !flooded[i] & !frontier[i];
            inside |= m[i] & frontier[i];
        }
        outside == 0 && inside != 0
    }

    /// Settles a position: applies the elimination rule until no color is
    /// exposed (plays every exposed color; each such move is optimal, see
    /// the module docs), then absorbs the frontier's dead ends without a
    /// move (see `settle_dead_ends`). Calls `played` with each color played;
    /// returns how many.
    #[inline]
    pub fn close(
        &self,
        flooded: &mut Set<W>,
        frontier: &mut Set<W>,
        played: impl FnMut(u8),
    ) -> u32 {
        let n = self.force(flooded, frontier, played);
        self.settle_dead_ends(flooded, frontier);
        n
    }

    /// The first half of [`close`](Self::close): plays every exposed color
    /// until none is, calling `played` with each; returns how many. The
    /// frontier is empty afterwards exactly when the board is clear (were
    /// it all dead ends, every color left would be exposed).
    #[inline]
    pub fn force(
        &self,
        flooded: &mut Set<W>,
        frontier: &mut Set<W>,
        mut played: impl FnMut(u8),
    ) -> u32 {
        let mut n = 0;
        loop {
            let mut any = false;
            for c in 0..self.k {
                if self.exposed(flooded, frontier, c) {
                    self.play(flooded, frontier, c);
                    played(c as u8);
                    n += 1;
                    any = true;
                }
            }
            if !any {
                return n;
            }
        }
    }

    /// Absorbs, without a move, the frontier clusters whose neighbors are
    /// all blank or on the frontier ("dead ends"), in a position where no
    /// color is exposed. This changes no optimum, and a move list that
    /// clears the board from the settled position clears it from the
    /// position itself: a dead end of color `c` blocks nothing (whatever
    /// touches it touches the region already), it stays on the frontier,
    /// and `c` is not exposed, so every solution plays `c` again (its other
    /// clusters need it), which absorbs the dead end. Merging positions that
    /// differ only in dead ends makes more duplicates and supersets.
    ///
    /// Nor does it change the bound, plain or refined: the relaxed game's
    /// first step from such a position is a layer step (no color is
    /// exposed), which takes the dead ends with the rest of the frontier,
    /// and they add no neighbors; no color's last clusters are dead ends
    /// (that color would be exposed). So A* bounds a child before settling
    /// it and settles only the children the bound keeps.
    pub fn settle_dead_ends(&self, flooded: &mut Set<W>, frontier: &mut Set<W>) {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2 and POPCNT.
            return unsafe { self.settle_avx2(flooded, frontier) };
        }
        self.settle_body(flooded, frontier);
    }

    /// [`settle_dead_ends`](Self::settle_dead_ends) compiled for AVX2.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn settle_avx2(&self, flooded: &mut Set<W>, frontier: &mut Set<W>) {
        self.settle_body(flooded, frontier);
    }

    #[inline(always)]
    fn settle_body(&self, flooded: &mut Set<W>, frontier: &mut Set<W>) {
        let mut vis = [0; W];
        for i in 0..W {
            vis[i] = flooded[i] | frontier[i];
        }
        let mut dead = [0; W];
        let dense = &self.dense[..if W <= DENSE_WORDS { 64 * W } else { 0 }];
        for_each(frontier, |id| {
            let is_dead = if W <= DENSE_WORDS {
                let m = &dense[id];
                (0..W).fold(0, |a, i| a | (m[i] & !vis[i])) == 0
            } else {
                let (a, b) = (
                    self.sparse_start[id] as usize,
                    self.sparse_start[id + 1] as usize,
                );
                self.sparse[a..b]
                    .iter()
                    .all(|&(j, bits)| bits & !vis[j as usize] == 0)
            };
            if is_dead {
                dead[id / 64] |= 1 << (id % 64);
            }
        });
        for i in 0..W {
            flooded[i] |= dead[i];
            frontier[i] &= !dead[i];
        }
    }

    /// The admissible lower bound from a position (see the module docs).
    pub fn bound(&self, flooded: &Set<W>, frontier: &Set<W>) -> u32 {
        self.bound_below(flooded, frontier, u32::MAX)
    }

    /// The bound, or an admissible value at least `limit` as soon as the
    /// bound is known to reach `limit` (every color still to be removed
    /// costs at least one more step).
    pub fn bound_below(&self, flooded: &Set<W>, frontier: &Set<W>, limit: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2 and POPCNT.
            return unsafe { self.bound_avx2(flooded, frontier, limit) };
        }
        self.bound_body(flooded, frontier, limit)
    }

    /// [`bound_below`](Self::bound_below) compiled for AVX2 and POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn bound_avx2(&self, flooded: &Set<W>, frontier: &Set<W>, limit: u32) -> u32 {
        self.bound_body(flooded, frontier, limit)
    }

    #[inline(always)]
    fn bound_body(&self, flooded: &Set<W>, frontier: &Set<W>, limit: u32) -> u32 {
        self.relaxed_game::<false>(flooded, frontier, limit, &mut None)
    }

    /// The refined bound of the module docs ("The refined bound"), or an
    /// admissible value at least `limit` as soon as it is known to reach
    /// `limit`.
    pub fn refined_bound(&self, flooded: &Set<W>, frontier: &Set<W>, limit: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2 and POPCNT.
            return unsafe { self.refined_avx2::<false>(flooded, frontier, limit) };
        }
        self.refined_body::<false>(flooded, frontier, limit)
    }

    /// Whether the refined bound reaches `limit`, with a value to order
    /// positions by: at least `limit` (and admissible, as
    /// [`refined_bound`](Self::refined_bound)'s) exactly when the refined
    /// bound is; otherwise a value below `limit` that is **not** a lower
    /// bound but at least the refined bound, from the colors looked at
    /// until one showed that the bound falls short (see the module docs,
    /// "The refined bound as a test").
    pub fn refined_reaches(&self, flooded: &Set<W>, frontier: &Set<W>, limit: u32) -> u32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when the CPU has AVX2 and POPCNT.
            return unsafe { self.refined_avx2::<true>(flooded, frontier, limit) };
        }
        self.refined_body::<true>(flooded, frontier, limit)
    }

    /// [`refined_bound`](Self::refined_bound), or with `TEST`
    /// [`refined_reaches`](Self::refined_reaches), compiled for AVX2 and
    /// POPCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,popcnt")]
    unsafe fn refined_avx2<const TEST: bool>(
        &self,
        flooded: &Set<W>,
        frontier: &Set<W>,
        limit: u32,
    ) -> u32 {
        self.refined_body::<TEST>(flooded, frontier, limit)
    }

    /// The refined bound, or with `TEST` the value of
    /// [`refined_reaches`](Self::refined_reaches).
    #[inline(always)]
    fn refined_body<const TEST: bool>(
        &self,
        flooded: &Set<W>,
        frontier: &Set<W>,
        limit: u32,
    ) -> u32 {
        let mut last = None;
        let base = self.relaxed_game::<true>(flooded, frontier, limit, &mut last);
        if base >= limit {
            return base;
        }
        // The relaxed game ran to its end, so `last` is its last layer step.
        let Some((q, layer, m)) = last else {
            return base;
        };
        // m + 1 + min over colors of the bound after it: stop as soon as one
        // color shows the refinement cannot beat `base`.
        let mut best = u32::MAX;
        for c in 0..self.k {
            if !self.useful(&layer, c) {
                continue;
            }
            // The relaxed game counts the forced moves after `c` itself (its
            // first steps are the exposed colors), so no `close` is needed.
            let (mut f, mut l) = (q, layer);
            self.play(&mut f, &mut l, c);
            let spent = m + 1;
            // A color's game needs to run only while it can still lower
            // the minimum: stopped at `best` (or `limit`), its value is at
            // least that, so the minimum is the same.
            let stop = limit.min(best);
            let v = if is_empty(&l) || spent >= stop {
                spent
            } else {
                spent + self.relaxed_game::<false>(&f, &l, stop - spent, &mut None)
            };
            best = best.min(v);
            if best <= base {
                return base;
            }
            // A color's game run to its end below `limit`: the bound does
            // not reach `limit`, and `best` is one color's exact value.
            if TEST && best < limit {
                return best;
            }
        }
        // A layer holds some color's clusters, so `best` was set (were it
        // not, the plain bound is the answer).
        if best == u32::MAX { base } else { best }
    }

    /// Whether the merged search of the module docs ("Refuting positions
    /// together") proves `d + opt(P) ≥ t` for every position `P` in
    /// `start`, given as `(d, flooded, frontier)`, each settled (one with
    /// `d ≥ t` needs nothing). `false` means not proven, not the opposite.
    pub fn refutes_merged(&self, start: &[(u32, Set<W>, Set<W>)], t: u32) -> bool {
        // The union held at each depth below `t`, and whether it is a
        // union of several (then it needs settling again).
        let mut held: Vec<Option<(Set<W>, Set<W>, bool)>> = vec![None; t as usize];
        let hold =
            |held: &mut Vec<Option<(Set<W>, Set<W>, bool)>>, d: u32, f: &Set<W>, l: &Set<W>| {
                match &mut held[d as usize] {
                    slot @ None => *slot = Some((*f, *l, false)),
                    Some((hf, hl, merged)) => {
                        for i in 0..W {
                            hf[i] |= f[i];
                            hl[i] |= l[i];
                        }
                        *merged = true;
                    }
                }
            };
        for (d, f, l) in start.iter().filter(|s| s.0 < t) {
            hold(&mut held, *d, f, l);
        }
        for m in 0..t {
            let Some((mut f, mut l, merged)) = held[m as usize].take() else {
                continue;
            };
            if merged {
                // The union's frontier: both frontiers less the union.
                for i in 0..W {
                    l[i] &= !f[i];
                }
                let forced = self.close(&mut f, &mut l, |_| ());
                if is_empty(&l) {
                    if m + forced < t {
                        return false;
                    }
                    continue;
                }
                if forced > 0 {
                    let d = m + forced;
                    if d < t && d + self.refined_bound(&f, &l, t - d) < t {
                        hold(&mut held, d, &f, &l);
                    }
                    continue;
                }
            }
            let open = self.each_child(&f, &l, |_, mut nf, mut nl, moves| {
                let d = m + moves;
                if is_empty(&nl) {
                    // A finish before `t`: nothing is refuted.
                    return d >= t;
                }
                if d < t && d + self.refined_bound(&nf, &nl, t - d) < t {
                    self.settle_dead_ends(&mut nf, &mut nl);
                    hold(&mut held, d, &nf, &nl);
                }
                true
            });
            if !open {
                return false;
            }
        }
        true
    }

    /// The relaxed game of the module docs from a position: the moves it
    /// counts, or a value at least `limit` once that is certain. With
    /// `RECORD`, `last` receives the region, its layer and the moves counted
    /// before each layer step, so when the game runs to its end (the value
    /// is below `limit`) it holds its last layer step, if it took one.
    #[inline(always)]
    fn relaxed_game<const RECORD: bool>(
        &self,
        flooded: &Set<W>,
        frontier: &Set<W>,
        limit: u32,
        last: &mut Option<(Set<W>, Set<W>, u32)>,
    ) -> u32 {
        let mut vis = [0; W];
        for i in 0..W {
            vis[i] = flooded[i] | frontier[i];
        }
        let mut cur = *frontier;
        // Colors already gone or exposed; `exposed` is waiting to be played.
        let mut done = 0u64;
        let mut exposed = 0u64;
        for c in 0..self.k {
            let m = &self.masks[c];
            let mut outside = 0;
            let mut live = 0;
            for i in 0..W {
                outside |= m[i] & !vis[i];
                live |= m[i] & !flooded[i];
            }
            if live == 0 {
                done |= 1 << c;
            } else if outside == 0 {
                done |= 1 << c;
                exposed |= 1 << c;
            }
        }
        let all = (1u64 << self.k) - 1;
        let mut moves = 0;
        while !is_empty(&cur) {
            let ahead = moves + ((all & !done) | exposed).count_ones();
            if ahead >= limit {
                return ahead;
            }
            let mut absorb = cur;
            if exposed != 0 {
                moves += exposed.count_ones();
                let mut em = [0; W];
                let mut bits = exposed;
                while bits != 0 {
                    let m = &self.masks[bits.trailing_zeros() as usize];
                    bits &= bits - 1;
                    for i in 0..W {
                        em[i] |= m[i];
                    }
                }
                for i in 0..W {
                    absorb[i] &= em[i];
                    cur[i] &= !em[i];
                }
                exposed = 0;
            } else {
                if RECORD {
                    let mut q = [0; W];
                    for i in 0..W {
                        q[i] = vis[i] & !cur[i];
                    }
                    *last = Some((q, cur, moves));
                }
                moves += 1;
                cur = [0; W];
            }
            let mut reach = [0; W];
            self.gather(&absorb, &mut reach);
            let mut any = 0;
            for i in 0..W {
                let new = reach[i] & !vis[i];
                any |= new;
                vis[i] |= new;
                cur[i] |= new;
            }
            if any != 0 && done != all {
                let mut open = all & !done;
                while open != 0 {
                    let c = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let m = &self.masks[c];
                    if (0..W).fold(0, |a, i| a | (m[i] & !vis[i])) == 0 {
                        done |= 1 << c;
                        exposed |= 1 << c;
                    }
                }
            }
        }
        moves
    }
}

/// The full move list for chosen colors from a closed position: each
/// chosen move followed by the forced moves after it.
pub(crate) fn replay_path<const W: usize>(
    g: &Graph<W>,
    flooded: &Set<W>,
    frontier: &Set<W>,
    colors: &[u8],
) -> Vec<Color> {
    let (mut f, mut l) = (*flooded, *frontier);
    let mut moves = Vec::new();
    for &c in colors {
        g.play(&mut f, &mut l, c as usize);
        moves.push(Color(c));
        g.close(&mut f, &mut l, |c| moves.push(Color(c)));
    }
    moves
}

/// The lower bound at a game's position: the refined bound of the module
/// docs, after playing the exposed colors (each of which counts one move).
pub fn lower_bound(game: &Game<'_>) -> u32 {
    bound_at(game, true)
}

/// The lower bound at a game's position without the refinement: the
/// relaxed game's count alone (for comparisons; never above
/// [`lower_bound`]).
pub fn relaxed_lower_bound(game: &Game<'_>) -> u32 {
    bound_at(game, false)
}

fn bound_at(game: &Game<'_>, refined: bool) -> u32 {
    struct Lb<'a, 'g>(&'a Game<'g>, bool);
    impl WithWidth for Lb<'_, '_> {
        type Out = u32;
        fn run<const W: usize>(self, g: Graph<W>) -> u32 {
            let (mut f, mut l) = g.position(self.0);
            let forced = g.close(&mut f, &mut l, |_| ());
            if self.1 {
                forced + g.refined_bound(&f, &l, u32::MAX)
            } else {
                forced + g.bound(&f, &l)
            }
        }
    }
    dispatch(game.graph(), Lb(game, refined))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use cw_core::Board;
    use proptest::prelude::*;

    /// Plays `moves` on `board` with the checked engine (`Game::play`) and
    /// with the search core's own rules (`Graph<W>::play`), comparing the
    /// two positions after every move; `Graph::play` must also say whether
    /// the move absorbed anything, as the engine's gain does.
    fn agree(board: &Board, moves: &[u8]) -> Result<(), TestCaseError> {
        struct Check<'a> {
            graph: &'a ClusterGraph,
            moves: &'a [u8],
        }
        impl WithWidth for Check<'_> {
            type Out = Result<(), TestCaseError>;
            fn run<const W: usize>(self, g: Graph<W>) -> Self::Out {
                let mut game = self.graph.start();
                let (mut f, mut l) = g.position(&game);
                for &m in self.moves {
                    if game.is_solved() {
                        break;
                    }
                    let c = usize::from(m) % g.k;
                    let gain = game.play(Color(c as u8));
                    let absorbed = g.play(&mut f, &mut l, c);
                    prop_assert_eq!(absorbed, gain.clusters > 0);
                    let (gf, gl) = g.position(&game);
                    prop_assert_eq!(f, gf, "flooded after {} moves", game.n_moves());
                    prop_assert_eq!(l, gl, "frontier after {} moves", game.n_moves());
                    prop_assert_eq!(is_empty(&l), game.is_solved());
                }
                Ok(())
            }
        }
        let graph = ClusterGraph::new(board);
        dispatch(
            &graph,
            Check {
                graph: &graph,
                moves,
            },
        )
    }

    /// Boards of both rule sets, small to 64×64 (so every word width from 1
    /// to 64 is met), with random games.
    fn board_and_moves() -> impl Strategy<Value = (Board, Vec<u8>)> {
        (
            2usize..=64,
            2usize..=64,
            2usize..=8,
            any::<u64>(),
            any::<bool>(),
            any::<(u8, u8)>(),
        )
            .prop_map(|(w, h, k, seed, flood_it, (r, c))| {
                if flood_it {
                    let start = (usize::from(r) % h, usize::from(c) % w);
                    Board::seeded_flood_it(w, h, k, seed, start).unwrap()
                } else {
                    Board::seeded(w, h, k, seed).unwrap()
                }
            })
            .prop_flat_map(|b| {
                let moves = proptest::collection::vec(any::<u8>(), 0..80);
                (Just(b), moves)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn search_play_agrees_with_game_play((board, moves) in board_and_moves()) {
            agree(&board, &moves)?;
        }
    }

    #[test]
    fn settling_dead_ends_changes_no_bound() {
        // A* bounds a child before settling its dead ends: the plain and
        // the refined bound must be the same either way.
        struct Check<'a>(&'a ClusterGraph, u64);
        impl WithWidth for Check<'_> {
            type Out = usize;
            fn run<const W: usize>(self, g: Graph<W>) -> usize {
                let (mut f, mut l) = g.position(&self.0.start());
                let mut rng = cw_core::SplitMix64::new(self.1);
                let mut settled_some = 0;
                g.force(&mut f, &mut l, |_| ());
                while !is_empty(&l) {
                    let (mut sf, mut sl) = (f, l);
                    g.settle_dead_ends(&mut sf, &mut sl);
                    settled_some += usize::from(sf != f);
                    assert_eq!(g.bound(&f, &l), g.bound(&sf, &sl));
                    for limit in [u32::MAX, 3, 8] {
                        let (a, b) = (
                            g.refined_bound(&f, &l, limit),
                            g.refined_bound(&sf, &sl, limit),
                        );
                        assert!(a == b || (a >= limit && b >= limit), "{a} {b} {limit}");
                    }
                    // A random move, then the forced ones, unsettled.
                    let useful: Vec<usize> = (0..g.k).filter(|&c| g.useful(&l, c)).collect();
                    let c = useful[rng.below(useful.len() as u64) as usize];
                    g.play(&mut f, &mut l, c);
                    g.force(&mut f, &mut l, |_| ());
                }
                settled_some
            }
        }
        let mut settled = 0;
        for seed in 0..40 {
            let board = if seed % 2 == 0 {
                Board::seeded(12, 12, 5, seed).unwrap()
            } else {
                Board::seeded_flood_it(16, 16, 6, seed, (8, 8)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            settled += dispatch(&graph, Check(&graph, seed));
        }
        assert!(settled > 100, "dead ends met at {settled} positions");
    }

    #[test]
    fn the_refined_test_answers_as_the_refined_bound() {
        // Along random lines of play on small boards of both rule sets:
        // `refined_reaches` reaches each limit exactly when the refined
        // bound does, and below a limit it is never below the bound.
        struct Check<'a>(&'a ClusterGraph, u64);
        impl WithWidth for Check<'_> {
            type Out = [usize; 2];
            fn run<const W: usize>(self, g: Graph<W>) -> [usize; 2] {
                let (mut f, mut l) = g.position(&self.0.start());
                let mut rng = cw_core::SplitMix64::new(self.1);
                // Values below the limit above the bound, and limits tried.
                let mut met = [0; 2];
                g.close(&mut f, &mut l, |_| ());
                while !is_empty(&l) {
                    let exact = g.refined_bound(&f, &l, u32::MAX);
                    for limit in 1..=exact + 2 {
                        let (bound, test) = (
                            g.refined_bound(&f, &l, limit),
                            g.refined_reaches(&f, &l, limit),
                        );
                        assert_eq!(bound >= limit, test >= limit, "{bound} {test} {limit}");
                        if test < limit {
                            assert!(test >= exact, "{test} below the bound {exact}");
                            met[0] += usize::from(test > exact);
                        }
                        met[1] += 1;
                    }
                    let useful: Vec<usize> = (0..g.k).filter(|&c| g.useful(&l, c)).collect();
                    let c = useful[rng.below(useful.len() as u64) as usize];
                    g.play(&mut f, &mut l, c);
                    g.close(&mut f, &mut l, |_| ());
                }
                met
            }
        }
        let mut met = [0; 2];
        for seed in 0..40 {
            let board = if seed % 2 == 0 {
                Board::seeded(14, 14, 6, seed).unwrap()
            } else {
                Board::seeded_flood_it(16, 16, 7, seed, (8, 8)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let m = dispatch(&graph, Check(&graph, seed));
            met[0] += m[0];
            met[1] += m[1];
        }
        // The test's value is above the bound sometimes (it stops early)
        // but not always.
        assert!(met[0] > 0 && met[0] < met[1], "{met:?}");
    }

    /// The fewest moves that clear the board from a position, by
    /// breadth-first search over the regions reachable (every color every
    /// time): the oracle the search's rules are held to.
    pub(crate) fn breadth_first<const W: usize>(g: &Graph<W>, f: &Set<W>, l: &Set<W>) -> u32 {
        let mut seen = std::collections::HashSet::new();
        let mut layer = vec![(*f, *l)];
        seen.insert(*f);
        for depth in 0.. {
            if layer.iter().any(|(_, l)| is_empty(l)) {
                return depth;
            }
            let mut next = Vec::new();
            for (f, l) in &layer {
                for c in 0..g.k {
                    let (mut nf, mut nl) = (*f, *l);
                    if g.play(&mut nf, &mut nl, c) && seen.insert(nf) {
                        next.push((nf, nl));
                    }
                }
            }
            layer = next;
        }
        unreachable!()
    }

    #[test]
    fn the_search_rules_keep_the_optimum() {
        // Along random lines of play on small boards, each rule the search
        // applies without looking further is held to the breadth-first
        // optimum of the positions it relates:
        // - the elimination rule: the moves it forces plus the optimum
        //   after them is the optimum before;
        // - settling dead ends changes no optimum;
        // - a move that brings no new cluster to the frontier (`grows`
        //   says no) starts no shortest solution;
        // - so the children `each_child` makes hold a shortest solution:
        //   the least of their moves plus their optimum is the optimum.
        struct Check<'a>(&'a ClusterGraph, u64);
        impl WithWidth for Check<'_> {
            type Out = [usize; 3];
            fn run<const W: usize>(self, g: Graph<W>) -> [usize; 3] {
                let mut rng = cw_core::SplitMix64::new(self.1);
                let (mut f, mut l) = g.position(&self.0.start());
                let mut met = [0; 3];
                while !is_empty(&l) {
                    let opt = breadth_first(&g, &f, &l);
                    let (mut ff, mut fl) = (f, l);
                    let forced = g.force(&mut ff, &mut fl, |_| ());
                    assert_eq!(forced + breadth_first(&g, &ff, &fl), opt);
                    met[0] += usize::from(forced > 0);
                    let (mut sf, mut sl) = (ff, fl);
                    g.settle_dead_ends(&mut sf, &mut sl);
                    let settled_opt = breadth_first(&g, &sf, &sl);
                    assert_eq!(settled_opt, opt - forced);
                    met[1] += usize::from(sf != ff);
                    // The moves from the position closed under the
                    // elimination rule (from a settled one, every move
                    // grows: what it could absorb alone are dead ends).
                    for c in (0..g.k).filter(|&c| g.useful(&fl, c)) {
                        let (mut cf, mut cl) = (ff, fl);
                        g.play(&mut cf, &mut cl, c);
                        if !g.grows(&cl, &fl) {
                            assert!(1 + breadth_first(&g, &cf, &cl) > settled_opt);
                            met[2] += 1;
                        }
                    }
                    if !is_empty(&sl) {
                        let mut best = u32::MAX;
                        g.each_child(&sf, &sl, |_, cf, cl, moves| {
                            best = best.min(moves + breadth_first(&g, &cf, &cl));
                            true
                        });
                        assert_eq!(best, settled_opt);
                    }
                    // A random useful move from the unsettled position.
                    let useful: Vec<usize> = (0..g.k).filter(|&c| g.useful(&l, c)).collect();
                    let c = useful[rng.below(useful.len() as u64) as usize];
                    g.play(&mut f, &mut l, c);
                }
                met
            }
        }
        let mut met = [0; 3];
        for seed in 0..60 {
            let board = if seed % 2 == 0 {
                Board::seeded(6, 6, 4, seed).unwrap()
            } else {
                Board::seeded_flood_it(6, 6, 4, seed, (3, 2)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let m = dispatch(&graph, Check(&graph, seed));
            for (a, b) in met.iter_mut().zip(m) {
                *a += b;
            }
        }
        // Each rule was met often enough to mean something.
        assert!(
            met.iter().all(|&n| n > 20),
            "forced, settled, not grown: {met:?}"
        );
    }

    #[test]
    fn the_merged_search_refutes_only_what_no_solution_beats() {
        // Along random lines of play on small boards, pairs of settled
        // positions at depths 0 and 1 are handed to the merged search with
        // every `t`; whenever it says "refuted", each position's depth plus
        // its optimum (breadth-first) reaches `t`. It must also refute
        // something the bound alone does not.
        struct Check<'a>(&'a ClusterGraph, u64);
        impl WithWidth for Check<'_> {
            type Out = (usize, usize);
            fn run<const W: usize>(self, g: Graph<W>) -> (usize, usize) {
                let mut rng = cw_core::SplitMix64::new(self.1);
                let (mut f, mut l) = g.position(&self.0.start());
                g.close(&mut f, &mut l, |_| ());
                let (mut checked, mut beyond) = (0, 0);
                let mut last: Option<(Set<W>, Set<W>, u32)> = None;
                while !is_empty(&l) {
                    let opt = breadth_first(&g, &f, &l);
                    let mut start = vec![(0, f, l)];
                    let mut reach = opt;
                    if let Some((pf, pl, popt)) = last {
                        start.push((1, pf, pl));
                        reach = reach.min(1 + popt);
                    }
                    let bound = g.refined_bound(&f, &l, u32::MAX);
                    for t in 1..=opt + 2 {
                        if g.refutes_merged(&start, t) {
                            checked += 1;
                            assert!(t <= reach, "refuted {t} with a solution of {reach}");
                            beyond += usize::from(start.len() == 1 && t > bound);
                        }
                        if start.len() == 2 {
                            let alone = [start[0]];
                            beyond += usize::from(t > bound && g.refutes_merged(&alone, t));
                        }
                    }
                    last = Some((f, l, opt));
                    let useful: Vec<usize> = (0..g.k).filter(|&c| g.useful(&l, c)).collect();
                    let c = useful[rng.below(useful.len() as u64) as usize];
                    g.play(&mut f, &mut l, c);
                    g.close(&mut f, &mut l, |_| ());
                }
                (checked, beyond)
            }
        }
        let (mut checked, mut beyond) = (0, 0);
        for seed in 0..30 {
            let board = if seed % 2 == 0 {
                Board::seeded(7, 7, 4, seed).unwrap()
            } else {
                Board::seeded_flood_it(7, 7, 5, seed, (3, 3)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let (c, b) = dispatch(&graph, Check(&graph, seed));
            checked += c;
            beyond += b;
        }
        assert!(
            checked > 200 && beyond > 10,
            "{checked} refuted, {beyond} beyond the bound"
        );
    }

    #[test]
    fn search_play_agrees_on_the_widest_sets() {
        // 100x100 boards with many colors use the widest sets (160 words).
        for (k, flood_it) in [(16, false), (36, true)] {
            let board = if flood_it {
                Board::seeded_flood_it(100, 100, k, 3, (50, 50)).unwrap()
            } else {
                Board::seeded(100, 100, k, 3).unwrap()
            };
            assert_eq!(words_for(&ClusterGraph::new(&board)), MAX_WORDS);
            let moves: Vec<u8> = (0..400u32).map(|i| (i * 7 % k as u32) as u8).collect();
            agree(&board, &moves).unwrap();
        }
    }
}
