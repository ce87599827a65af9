//! A*: a move sequence of proven minimum length (the `exact` solver).
//!
//! A* over sets of absorbed clusters:
//! - positions are settled (see [`bound`](super::bound)): a color whose
//!   every remaining cluster touches the region is played at once, which
//!   never loses optimality, so an edge of the search is one chosen move
//!   plus the forced moves after it; then dead ends on the frontier are
//!   absorbed for free;
//! - only colors that absorb something are tried, and only those that
//!   bring new clusters to the frontier (a move that brings none never starts
//!   a shortest solution from a closed position: see `Graph::grows`);
//! - duplicates are detected on the flooded set (a position reached again
//!   with no fewer moves is dropped; with fewer, it is reopened);
//! - dominance: a position is dropped (when generated, and again when its
//!   turn to be expanded comes) if a stored position reached with as many
//!   moves contains all of its clusters and more. By monotonicity (bigger
//!   regions never need more moves, see [`bound`](super::bound)) the bigger
//!   position finishes at least as early, so no solution is lost; strict
//!   containment makes the chains of such arguments finite. On 30×20
//!   boards it cuts the expansions about sixfold.
//!   The positions of each depth are bit-sliced by cluster, so a query ANDs
//!   rows (the query's rarest clusters first, then the rest until no
//!   position is left) over every stored position of its depth, skipping
//!   the words where one of its first rows is empty; on 30×30 boards with
//!   6 colors this finds 2.5 to 6 times more dominated positions than a
//!   scan of the newest 2 048 did (a dominator missed costs work, never
//!   correctness);
//! - `f = g + h` with the refined admissible bound of [`bound`](super::bound), raised
//!   to the parent's `f` (pathmax), in a bucket queue indexed by `f` then
//!   `g`: shallowest first, except on the level one below the upper bound,
//!   deepest first (see "The order within a level" below);
//! - a known solution gives the first upper bound (the `exact` solver runs
//!   the near-optimal search first: see `prove.rs`); positions with `f` at or
//!   above it are never stored, and the search ends as soon as the smallest
//!   open `f` reaches it; a long search (`exact`'s, after
//!   [`WIDEN_AFTER`] expansions) runs a wider beam, and a beam ten times
//!   wider each time its expansions grow tenfold (up to
//!   [`Budget::widen_max`]), whose solution, if shorter, lowers the upper
//!   bound from then on (any solution's length is an upper bound, so
//!   nothing with an `f` at or above it is needed). A first solution one
//!   move too long costs the most on the last levels: with the optimum as
//!   the upper bound, the level below it is the last, where children are
//!   refuted together and no child of a larger `f` is stored;
//! - the last level (the open `f` is one below the upper bound, so only a
//!   solution shorter than the best known is left to rule out), when the
//!   tails are off (with them on, this no longer pays: see
//!   [`Budget::merge_last_level`]): the
//!   children a position keeps are first handed together to the merged
//!   search of [`bound`](super::bound) ("Refuting positions together"),
//!   asking for `ub` moves from the position; when it proves that none of
//!   them finishes sooner, none is stored. Most positions of that level end
//!   there after a few merged steps, instead of each child being stored,
//!   checked for dominance and expanded in turn. The children that a
//!   stored position of their depth dominates are dropped before the
//!   merged search, not after it (the check every stored child gets,
//!   moved ahead): the union of the others is smaller, so it is cheaper
//!   to refute and fails less often. Against the check made after, run in
//!   turn: 0.92 of the CPU time on `26x26c8-s13` and 0.85 on `30x30c6-s2`
//!   (one thread, medians of 3), 0.95 on `26x26c8-s17` (two threads,
//!   median of 2) and on the 20 Color Walk 30×30×6 boards;
//! - with more than one thread, a batch of positions of the same `f` is
//!   expanded side by side by the crew the caller hands in
//!   (`Limits::crews`; cw-solve starts no thread) and their children are
//!   stored in batch order, so the moves found do not depend on the
//!   threads' timing, nor on whether there was a crew at all.
//!
//! When the memory cap, the time limit or a cancellation stops the search,
//! the best solution found so far (at worst the first one) is returned with the
//! proven lower bound: the smallest open `f` (no solution is shorter).
//! Memory is the bytes the search holds: its graph, the stored positions
//! (each its region alone, in the words the graph uses: the frontier is
//! computed again when a position is expanded, see
//! [`Graph::frontier_of`]), their metadata, the hash table, the
//! queue and the dominance index. All but the hash table are kept in
//! fixed-size chunks filled front to back (see [`table`](super::table)), so
//! the bytes counted are bytes written, give or take one chunk per buffer:
//! a doubling buffer would hold up to half of itself reserved but never
//! touched, which the process does not really use. The hash table doubles,
//! and while it rehashes the old and the new table count together, as both
//! are in use. The search stops before an insertion would pass the cap
//! less a margin of 1/128 of it; on searches of 100 MB and more the count is
//! within 1 % of the growth of the process's resident memory.
//!
//! # The order within a level
//!
//! A level (the positions of one `f`) is done only when each of its
//! positions is expanded, raised to a later level or dropped, so the order
//! within it changes no answer: a solution found on a level is optimal,
//! since every smaller `f` is done. It changes the work, in two ways.
//! - Dominance compares positions of one depth. Shallowest first, a
//!   level's positions of depth `g` are popped only once every position of
//!   depth `g − 1` on it is expanded, so every position of depth `g` that
//!   the level will make is stored by then, and the check each popped
//!   position gets sees all of them. Deepest first, a position may be
//!   asked and expanded before the position that contains it is made.
//! - The tails (`tails.rs`): a shallower position's balls are larger, and
//!   the facts their searches prove about the positions they meet answer
//!   the deeper positions' questions later (by the exact facts and the
//!   proven supersets). Asked the other way round, the small facts answer
//!   little.
//!
//! But a solution is found only when its last position's parent, the
//! deepest of the level, is expanded: shallowest first, a level that holds
//! a solution is expanded whole before it is found, where deepest first (a
//! dive, as A* usually breaks ties) finds it after a few hundred
//! expansions. Only the level one below the upper bound can hold a solution
//! when the first solution is at most one move too long, as it is on the 40
//! proven 26×26×8 boards (27 with the optimum, 13 one move more), so that
//! level is popped deepest first and the others shallowest first. A first
//! solution two moves too long would cost a whole level more.
//!
//! Against deepest first everywhere (`colorwalk optimum BOARD --threads 2
//! --no-store`, medians of three pairs run in turn, 2026-11-28, with a
//! build that chose the order by a switch): `26x26c8-s13` 0.78 of the
//! time, `-s3` 0.91, `-s12` 0.97, and the boards whose first solution is
//! a move too long, `-s17` 0.67, the Flood-It `-f14` 0.73; against the
//! build before itself, `-f13` 0.86, but `-s5` 1.37 (1.47 with the switch):
//! there the dive on the solution's level took 12k expansions and 21 s
//! against 824 and 9.6 s (a dive goes where the deepest and newest
//! positions of the level lie, which the order of the level before
//! changes). Counted on one thread: `-s13` expanded 21,010 positions
//! against 24,034 and its tails searched 210k positions against 241k,
//! `-s3` 26.6k against 32.7k expansions. The 20 Color Walk 30×30×6 boards
//! (`scripts/bench-big.sh`'s command line, single runs): 74.3 s against
//! 82.3 s, a median of 1.8 s against 2.2 s. Measured and left out:
//! - Shallowest first on every level: `-s13` 5.1 s against 6.7 s on one
//!   thread (166k tail positions, as the last level gains too), but
//!   `-s17`, whose last level holds a solution, 59k expansions against
//!   26k.
//! - A dive of the first 500 or 2,000 positions popped on each level,
//!   then shallowest first: the dive missed the solution on `-f14` and
//!   `-f19`, which then took more than 150 s.
//! - Shallowest first everywhere, with beams 1,000 and 10,000 wide run
//!   when the level below the upper bound is reached (a shorter solution
//!   found there ends the search, as every smaller `f` is done): `-s5`
//!   12.6 s against 16.7 s, `-s6` 0.87 and `-s2` 0.92 of the time, but
//!   `-s13` 5.5 s against 4.3 s, and the 20 Color Walk 30×30×6 boards
//!   99.3 s against 82.3 s (a median of 3.8 s against 2.2 s): the beams
//!   cost more than a dive on every board whose first solution is the
//!   optimum.
//! - With the order as built, one beam 1,000 wide (about 0.2 s) run when
//!   the level below the upper bound is reached, to spare `-s5` its dive:
//!   it did not find `-s5`'s 43 (30.5 s, as without it).
//! - On the level below the upper bound, a batch's children stored in the
//!   order of the clusters they flood, the most last (so that the dive
//!   pops the position nearest to clearing the board first among those of
//!   a depth): `-s5` 43.7 s against 44.7 s, with 53,063 positions
//!   expanded against 53,077; `-s17` and `-f14` within 2 % (single runs,
//!   two threads, 2026-11-28).
//! - No solution on any level, by a first upper bound from a beam 10,000
//!   wide (`exact:beam=10000`, whose first solution is the optimum on all
//!   13 proven 26×26×8 boards where `near`'s is a move too long): `-s5`
//!   15.9 s against 32.5 s, but `-s13` 6.9 s against 4.1 s, `-s3` 10.7 s
//!   against 9.5 s and `-s17` 9.6 s against 5.7 s (`colorwalk solve
//!   26x26c8-BOARD --spec exact:threads=2[,beam=10000]`, whole-process
//!   wall times, single runs, 2026-11-28). The beam costs 1 to 4 s on
//!   every board, where the dive is cheap on most boards whose first
//!   solution is a move too long (`-s17` is one).
//! - The same beam run only on reaching the level two below the upper
//!   bound after 100,000 positions popped (a count the same on any number
//!   of threads), so that quick boards never pay for it, and the last
//!   level then popped shallowest first when it found a shorter solution
//!   (that level is then likelier to hold none; a beam that finds nothing
//!   leaves the dive as it is, since shallowest first on a level that
//!   holds a solution expands it whole: `-s5` took 40 s so after a beam
//!   2,000 wide missed its 43). `-s5` 10.7 s against 21.9 s, `-s10` 17.6 s
//!   against 18.0 s, `-s17` 6.2 s against 5.0 s (`colorwalk optimum BOARD
//!   --threads 2 --no-store`, single pairs run in turn, 2026-12-07, probe
//!   build); the 20 Color Walk 26×26×8 boards in a minute each (`bench`'s
//!   line in `scripts/bench-big.sh`, run after the build as it is) 12
//!   proven against 13, 719.5 s against 676.9 s, a median of 24.4 s
//!   against 20.5 s. The beam's 1.5 to 2 s on every long board cost more
//!   than the dives it spared. The last level shallowest first alone (no
//!   beam), on boards whose first solution is the optimum, was no clear
//!   gain either: `-s3` 0.86 of the time, `-s13` 0.90, `-s12` 0.74, but
//!   `-s6` 1.10, and `-s10` (whose last level holds a solution) 1.58
//!   (single pairs, the same day).
//!
//! # Where a proof's time goes
//!
//! Timed part by part (a clock read around each, one thread) on
//! `26x26c8-s13` (optimum 39, 29 s, two thirds of it on the last level):
//! - the last level (`f` = 38): the merged refutation 36 % (290k calls,
//!   98 % of them successful, each bounding 21 children of unions over
//!   2.9 depths on average), the expanded positions' children and their
//!   bounds 19 %, the check of each position popped for dominance 8 %
//!   (590k, 30 % dominated);
//! - the levels before: the children and their bounds 12 %, the children's
//!   dominance checks 15 % (1.58M, 45 % dominated), the popped positions'
//!   own checks 2 %.
//!
//! Two threads help less once the dominance checks dominate: over the
//! first 30 s of `26x26c8-s1`, two threads expanded 1.39 times as many
//! positions as one (4.44M against 3.20M), against 1.77 times as fast on
//! the whole proof of `26x26c8-s13`. Storing the children, the one part
//! done on one thread, took 2.6 s of the 30, and the two threads were busy
//! 54.6 s of the 60 they had: each is slower, as the checks read the
//! dominance index from memory the two cores share.
//!
//! Measured there and dropped (with other work on the second core, so the
//! times are comparisons in one setting):
//! - Refuting, at every level, the children of `f` one below the upper
//!   bound together when they are generated (the last level's merged
//!   refutation, run one level early): 68 % of those groups were refuted
//!   and never stored, which took 28 % off the peak (154 → 110 MiB; on
//!   `26x26c8-s17` 24 %, 368 → 279 MiB), but the search took 7 % longer
//!   (s17: 16 %): a group that is not refuted costs a whole merged search,
//!   and a refuted group holds positions that a dominance check would have
//!   dropped later for much less. Capping such a search at 2, 3 or 5
//!   depths refuted 16, 28 or 47 % of the groups, and was slower still.
//!   Trying only groups of at most two or three children (85 to 98 %
//!   refuted) still took 7 to 10 % longer: refuting a lone child (45 µs)
//!   costs about what its expansion on the last level would have.
//! - The plain bound instead of the refined one inside the merged
//!   refutation: 43 % of the calls succeeded instead of 98 %, and the
//!   search took 1.5 times as long.
//! - Dropping, inside the last level's merged search, a union that a
//!   stored position of its depth contains (that position finishes no
//!   later, and the search holds it, so the union needs no refuting):
//!   13 expansions fewer on `30x30c6-s2` (of 224k) and 14 on
//!   `26x26c8-s13` (of 643k), for 3 to 7 % more time, as 98 % of those
//!   searches succeed without it and each held union costs a query.
//! - Looking a child up in the table before bounding it: only 1 % of the
//!   children bounded (43k of 4.39M) were stored already.
//! - Dominance across depths: a position stored one or two depths higher
//!   (fewer moves) that contains a popped one would dominate it as well,
//!   and its descendants would escape the same-depth check. Asking depths
//!   `g − 1` and `g − 2` for every popped position that survived its own
//!   depth's check found none in 600k (the same queries find a popped
//!   position's parent every time, so they work): no such check is made.
//! - Skipping a child whose move commutes with the move before it (it
//!   absorbs only clusters the grandparent's frontier held, so the other
//!   order reaches a superset): not built, since in the middle game a move
//!   absorbs about eight clusters and uncovers some two dozen neighbors,
//!   of which almost surely some have the next move's color, so such pairs
//!   are rare; the 1 % of children stored already (above) agrees.
//! - Checking a child whose `f` is above the level being expanded only when
//!   it is popped, not when it is generated. Such checks were 5.2M of
//!   the 7.0M and 33 s of the 40 s the checks took in 60 s on
//!   `26x26c8-s1` (one thread), and a 60 s run on two threads ended with
//!   the bound at 41 instead of 40 (1.7M positions expanded instead of
//!   1.0M). But that is work put off, not saved: every position a proof
//!   stores has `f` below the upper bound, so it is popped and checked
//!   before the proof ends, against a larger index, and the dominated
//!   ones are held until then. Proving `26x26c8-s17` took the same CPU
//!   time (47.9 s and 47.7 s) with a peak of 630 MB instead of 443 MB;
//!   `26x26c8-s13` 3 % longer, 255 MB instead of 154 MB; the 20 Color
//!   Walk 30×30×6 boards as long, 549 MB instead of 326 MB.
//! - Refuting a popped position's children of its own level `F` together
//!   for `F + 1` moves at every level (the last level's merged refutation,
//!   asked one move beyond the level), and on success putting the
//!   position back at `F + 1` unexpanded: a stronger bound found lazily,
//!   which would leave a position whose true `f` reaches the upper bound
//!   to be refuted once a level instead of expanding its subtree. But far
//!   from the end the unions of the merged search lose the game's
//!   directions and mostly fail, a refuted position is expanded at the
//!   next level all the same, and its children are made twice: on
//!   `30x30c6-s2` (one thread) 16.8 s and 317k expansions against 6.3 s
//!   and 228k, on `-s3` 3.5 s against 1.3 s.
//! - Where a long search's time goes now, sampled by `perf` over the
//!   first 40 s of `26x26c8-s1` on one thread (798k positions expanded,
//!   2.96M stored): the dominance index's query 59 % (its filter rows 5 %
//!   more, its insertions 3 %), the refined bound 18 %, the expansion's own
//!   work 5 %. So a long proof is bound by the dominance checks' reads of
//!   memory, which is also why two threads gain less there (above).
//! - Merging near-duplicates. Most positions that survive the dominance
//!   check are *almost* contained in another of their depth: sampling
//!   every 300th one on `26x26c8-s13` (2,168 samples, 1,370 of them on the
//!   last level), the stored position of the same depth that lacks the
//!   fewest of its clusters lacks one for 53 %, two for 24 %, three for
//!   11 % and more for 11 %. Holding the union of such a pair instead of
//!   both would be sound for a refutation (by monotonicity the union
//!   finishes no later than either part; see "Refuting positions
//!   together" in [`bound`](super::bound)), but a union's moves are no
//!   real solution, so a union finishing before the upper bound would
//!   send the search back to a run without merging. Of the pairs within
//!   two clusters, the settled union kept an `f` at least both parts' in
//!   81 %, and the partner was still open (so one expansion could replace
//!   two) in 53 %: at most 38 % of the expansions (47 % on the last level)
//!   could be saved at first hand. Finding the partner is the catch: it is
//!   rarely among the positions expanded just before (among the last 256
//!   of the same `f` and depth, one within one or two clusters for 23 %
//!   of all positions popped, against 77 % of the survivors over the
//!   whole depth), and a query of
//!   the dominance index that tolerates a missing cluster cannot rely on
//!   the rare filter rows that make the exact query cheap (the partner
//!   may lack just that cluster), while the exact query is already most
//!   of a long search's time. Not built.
//!   A search built around such merging, measured with a probe not kept:
//!   breadth first over depths, holding every position of a depth at once
//!   (so partners are found by hashing each position on a random half of
//!   its clusters and comparing it with the newest 8 of its bucket, two
//!   rounds), asked whether `opt ≥ t` with `t` the optimum, on
//!   `26x26c8-s13` (`t` = 39). With no merging beyond containment it
//!   expanded 15.1M positions (A* with its full index: 650k). Merging any
//!   two within 4 clusters made the layers smaller up to depth 13 (by up
//!   to 40 %) but larger from depth 15 on, as the unions' children keep
//!   lower bounds, and expanded 16.2M in all. Merging only where the
//!   union's refined bound is at least both parts' expanded 14.1M with up
//!   to 6 clusters apart: 7 % saved, before the cost of finding partners.
//!   So merging near-duplicates does not compound over the depths.

use super::beam::{beam, beam_bytes_of};
use super::bound::{Graph, Set, is_empty, replay_path};
use super::table::{Chunked, Store, Supersets, bytes_of, grow, hash_words};
use super::tails::{Asker, BALLS, LAST_LEVEL_BALLS, PENDING, TailStats, TailTable, raises};
use crate::{Crew, SearchCtx};
use cw_core::Color;
use std::cell::OnceCell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Budgets and settings of [`solve_exact`](super::solve_exact).
#[derive(Clone, Debug)]
pub struct ExactOptions {
    /// Memory cap of the search (its graph, positions, hash table, queue,
    /// dominance index), in MiB; the beam's few positions are not counted.
    pub memory_mb: u64,
    /// Time limit of the search (besides the context's own deadline).
    pub time_limit: Option<Duration>,
    /// Width of the first beam of the near-optimal search run first for an
    /// upper bound (see `prove.rs`).
    pub beam_width: usize,
    /// Threads that expand positions side by side (1: the caller's alone).
    pub threads: usize,
    /// A question instead of the optimum: can the position be cleared in
    /// at most this many moves? The search stops as soon as it knows, with
    /// a solution that short (the near-optimal search's first one, if it
    /// is) or a proven lower bound above it ([`StopReason::Answered`]).
    pub within: Option<u32>,
    /// The ball bound with exact tails (`search/tails.rs`): the
    /// first tail asked about a position has a relaxed bound of at most
    /// this, the others are further in (0: off; [`DEFAULT_TAILS`] by
    /// default).
    pub tails: u32,
}

/// The tails the exact search asks by default (see `search/tails.rs`
/// for what other values cost and buy).
pub const DEFAULT_TAILS: u32 = 10;

impl Default for ExactOptions {
    fn default() -> Self {
        ExactOptions {
            memory_mb: 1024,
            time_limit: None,
            beam_width: 40,
            threads: 1,
            within: None,
            tails: DEFAULT_TAILS,
        }
    }
}

/// What [`solve_exact`](super::solve_exact) found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExactResult {
    /// Moves from the position searched that clear the board.
    pub moves: Vec<Color>,
    /// Whether `moves` is proven to be a shortest solution.
    pub proven: bool,
    /// A proven lower bound on the number of moves (`moves.len()` when proven).
    pub lower_bound: u32,
    /// The admissible bound at the position searched.
    pub start_bound: u32,
    /// The length of the beam search's solution, the first upper bound.
    pub first_upper_bound: u32,
    /// Positions expanded by A*.
    pub nodes_expanded: u64,
    /// Positions stored (the peak: nothing is freed during a search).
    pub peak_states: u64,
    /// Bytes held by the search at its peak (see the module docs for what
    /// is counted).
    pub peak_bytes: u64,
    /// Why the search stopped before proving its result, if it did.
    pub stopped: Option<StopReason>,
    /// What the ball bound's tails did, when they were asked (with
    /// [`ExactOptions::tails`] above 0, once the search had expanded 20,000
    /// positions).
    pub tails: Option<TailStats>,
}

/// Why a search stopped before proving its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// The memory cap was reached.
    Memory,
    /// The time limit passed (the search's own or its context's deadline).
    Time,
    /// The context's cancel flag was raised (Ctrl-C, a Stop button).
    Cancelled,
    /// The expansion budget ran out (only in the exact tail of `near`).
    Expansions,
    /// The question of [`ExactOptions::within`] was answered first.
    Answered,
}

impl StopReason {
    /// The name in JSON: `memory`, `time` or `expansions` (the budget that
    /// ran out), `cancelled`, or `answered`.
    pub fn name(self) -> &'static str {
        match self {
            StopReason::Memory => "memory",
            StopReason::Time => "time",
            StopReason::Cancelled => "cancelled",
            StopReason::Expansions => "expansions",
            StopReason::Answered => "answered",
        }
    }
}

/// Per-position data besides its words.
#[derive(Clone, Copy, Debug)]
struct Meta {
    parent: u32,
    g: u16,
    /// The lower bound used for this position (its bound, raised by pathmax).
    h: u16,
    color: u8,
    closed: bool,
    /// The block of the dominance index from which its check before
    /// expansion starts (saturating): the positions of its depth stored in
    /// earlier blocks were there when it was generated, and the check then
    /// found none that contains it. Zero for a reopened position, which
    /// was not checked at its new depth.
    dom_since: u16,
}

/// A queue of position indices by `f`, then `g` (smaller first, or larger
/// from the level [`pop`](Self::pop) is told), last in first out. Each
/// bucket is a stack in chunks of `1 << BUCKET_SHIFT` positions, kept when
/// emptied.
#[derive(Default)]
struct Buckets {
    levels: Vec<Vec<Chunked<u32, BUCKET_SHIFT>>>,
    min_f: usize,
    bytes: usize,
}

/// Positions in a chunk of a bucket of the queue: 1024 (4 KiB).
const BUCKET_SHIFT: u32 = 10;

/// Positions in a chunk of the positions' metadata: 4096 (48 KiB).
const META_SHIFT: u32 = 12;

impl Buckets {
    fn bucket(&mut self, f: usize, g: usize) -> &mut Chunked<u32, BUCKET_SHIFT> {
        if self.levels.len() <= f {
            let before = bytes_of(&self.levels);
            let add = f + 1 - self.levels.len();
            grow(&mut self.levels, add);
            self.levels.resize_with(f + 1, Vec::new);
            self.bytes += bytes_of(&self.levels) - before;
        }
        let level = &mut self.levels[f];
        if level.len() <= g {
            let before = bytes_of(level);
            grow(level, g + 1 - level.len());
            level.resize_with(g + 1, || Chunked::new(1));
            self.bytes += bytes_of(level) - before;
        }
        &mut self.levels[f][g]
    }

    /// Bytes held while pushing one more position at `f`, `g` (the lists of
    /// buckets are made first, if missing).
    fn bytes_next(&mut self, f: usize, g: usize) -> usize {
        let b = self.bucket(f, g);
        let extra = b.bytes_next() - b.bytes();
        self.bytes + extra
    }

    fn push(&mut self, f: usize, g: usize, i: u32) {
        let b = self.bucket(f, g);
        let before = b.bytes();
        b.push(i);
        let after = b.bytes();
        self.bytes += after - before;
        self.min_f = self.min_f.min(f);
    }

    /// The next position of the smallest open `f`: deepest first from
    /// `f = deep_at` up, shallowest first below it (see the module docs,
    /// "The order within a level").
    fn pop(&mut self, deep_at: usize) -> Option<(u32, usize, usize)> {
        while self.min_f < self.levels.len() {
            let deep = self.min_f >= deep_at;
            let level = &mut self.levels[self.min_f];
            let depths = level.len();
            for j in 0..depths {
                let g = if deep { depths - 1 - j } else { j };
                if let Some(i) = level[g].pop() {
                    return Some((i, self.min_f, g));
                }
            }
            self.min_f += 1;
        }
        None
    }
}

/// The budgets of one search.
pub(crate) struct Budget {
    /// Memory cap in bytes.
    pub cap: usize,
    /// When to stop.
    pub deadline: Option<Instant>,
    /// How many positions to expand at most.
    pub max_expanded: u64,
    /// Threads that expand positions side by side (1: this one alone).
    pub threads: usize,
    /// Width of the beam run once the search has expanded `widen_after`
    /// positions, for a shorter first solution (0: none).
    pub widen: usize,
    /// When to run that beam ([`WIDEN_AFTER`] for `exact`).
    pub widen_after: u64,
    /// The widest beam: after the first, each time the expansions have
    /// grown tenfold since the last beam, a beam ten times wider runs, up to
    /// this width (`widen` or less: the first beam only).
    pub widen_max: usize,
    /// Report to the context's progress sink ([`SearchCtx::report`]): for
    /// the search of a whole proof, not for `near`'s searches of a part.
    pub report: bool,
    /// Stop once a solution of at most this many moves from the position
    /// is known, or none can be ([`ExactOptions::within`]).
    pub within: Option<u32>,
    /// Refute the last level's children together before storing them (see
    /// the module docs), when the tails are off (`tails` 0). `exact`'s
    /// proofs without tails gain; `near`'s short searches of the endgame
    /// lose: with it, `near` took 1.23 times as long on 200 fresh 30×20
    /// boards (seeds 5001 to 5200). With the tails on, it no longer pays:
    /// the tails drop most of the last level's positions before they are
    /// expanded (119k of 169k on `26x26c8-s13`), and the merged search
    /// failed on 64 % of the rest (26k of 40k), each failure a whole
    /// merged search for nothing. Without it `26x26c8-s13` took 7.2 s
    /// against 10.1 s, `30x30c6-s2` 3.7 s against 5.6 s, `26x26c8-s3`
    /// 25.6 s against 28.9 s (single runs, one thread); on the 1000
    /// boards of `b14c8n1000`, which end before the tails are asked, 0.964
    /// of the time (medians of three pairs run in turn). Without tails it
    /// still keeps memory down (`26x26c8-s13` 154 MB against 225 MB, in
    /// about the same time), so there it stays.
    pub merge_last_level: bool,
    /// [`ExactOptions::tails`] (0: off).
    pub tails: u32,
    /// Expansions before the tails are first asked ([`TAILS_AFTER`] for
    /// `exact`).
    pub tails_after: u64,
}

/// Expansions after which `exact`'s search runs its wider beam
/// ([`Budget::widen`]). The first upper bound decides what A* stores: every
/// position with a smaller `f`. A first solution one move above the
/// optimum makes it store and expand positions of the optimum's `f` that
/// could not beat the optimum: on `30x30c6-f4`, when `near`'s first
/// solution there was 39 moves (optimum 38), 1.33M positions stored
/// without the beam, 0.90M with it (today's `near` finds 38 itself).
/// A beam 1000 wide costs about 0.2 s on a 30×30 board, a tenth of a
/// search of 200 000 expansions on two threads; searches that end sooner
/// never pay for it.
pub(crate) const WIDEN_AFTER: u64 = 200_000;

/// Expansions after which `exact`'s search first asks the tails
/// ([`Budget::tails_after`]). A search that ends within a few thousand
/// expansions pays for its tails more than they save, and even a long
/// proof gains nothing from them on its first levels, which it crosses in
/// a second. On 1000 boards of `b14c8n1000` (one thread) the tails from
/// the start took 1.52 times as long as none; with this wait, the same
/// as none (11.4 s against 11.3 s for the set). Single runs, one thread,
/// asking from the start or after 20,000: 99problems 16.0 s and 12.1 s
/// (14.2 s without tails), every tenth board of b24c6n1000 33.9 s and
/// 28.8 s (31.1 s), `26x26c8-s13` 12.1 s and 10.4 s, `30x30c6-s2` 7.0 s
/// and 5.8 s; on `26x26c8-s20` the bound reached 41 after 40.7 s and
/// 39.3 s. On the 100 reference boards the tails from the start pay
/// (1.9 s against 2.4 s), and with the wait they are as without (2.4 s).
/// Tried again once the last level's merged refutation no longer ran with
/// the tails, on the 20 Color Walk 30×30×6 boards (two threads, `colorwalk
/// bench --seeds 1..21 --size 30x30 --colors 6 --spec
/// exact:memory-mb=4096,threads=2 --time-limit 60 --threads 1 --no-store`,
/// single runs of a probe build): after 5,000 expansions 124 s, after
/// 20,000 103 s (median 2.2 s), after 50,000 99 s (median 2.6 s).
/// With the five balls (`tails.rs`, "From the outside in"), on two
/// threads (`colorwalk optimum BOARD --threads 2 --no-store`, single runs
/// of a probe build, 2026-11-28): after 1,000, 5,000 and 50,000
/// expansions, `26x26c8-s13` took 6.0, 4.8 and 4.9 s against 4.1 and 3.7 s
/// after 20,000 (two runs), `-s3` 12.7, 10.4 and 9.3 s against 9.4 and
/// 8.8 s, and the Flood-It `-f14` 17.7, 15.3 and 23.2 s against 14.5 and
/// 15.8 s: fewer positions to raise, but each with longer tails. Again
/// once the tails kept their recent answers (2026-12-08, medians of three
/// pairs run in turn, against 20,000): after 10,000 expansions 0.99 of
/// the time on `26x26c8-s6` and 1.03 on `-s2`, after 40,000 1.11 and
/// 1.18.
pub(crate) const TAILS_AFTER: u64 = 20_000;

/// Searches from a position for a shortest solution. `first` is a known
/// solution from the position, the first upper bound. The result's moves
/// start at the position.
pub(crate) fn search<const W: usize>(
    g: &Graph<W>,
    flooded: &Set<W>,
    frontier: &Set<W>,
    first: Vec<Color>,
    budget: &Budget,
    ctx: &mut SearchCtx,
    crew: Option<&dyn Crew>,
) -> ExactResult {
    let deadline = budget.deadline;
    let reporting = budget.report && ctx.wants_progress();
    // Reports the end to a progress sink: the bounds of the result.
    let report_end = |ctx: &SearchCtx, r: &ExactResult, nodes_expanded: u64, held_bytes: u64| {
        if !reporting {
            return;
        }
        ctx.report(
            r.lower_bound,
            r.moves.len() as u32,
            nodes_expanded,
            held_bytes,
        );
    };
    let w = g.w;
    let (mut f0, mut l0) = (*flooded, *frontier);
    let mut prefix = Vec::new();
    g.close(&mut f0, &mut l0, |c| prefix.push(Color(c)));
    let base = prefix.len() as u32;
    let mut result = ExactResult {
        moves: prefix,
        proven: true,
        lower_bound: base,
        start_bound: base,
        first_upper_bound: base,
        nodes_expanded: 0,
        peak_states: 0,
        peak_bytes: 0,
        stopped: None,
        tails: None,
    };
    if is_empty(&l0) {
        report_end(ctx, &result, 0, 0);
        return result;
    }
    let h0 = g.refined_bound(&f0, &l0, u32::MAX);
    result.start_bound = base + h0;

    // The first upper bound: the given solution (from the position
    // searched, so the forced prefix is in it); `best` is replaced by the
    // moves after the prefix when the search finds shorter.
    let mut best = first;
    let mut ub = (best.len() as u32).saturating_sub(base);
    result.first_upper_bound = base + ub;
    let finish = |mut result: ExactResult,
                  best: Vec<Color>,
                  found: bool,
                  lower: u32,
                  stopped: Option<StopReason>| {
        if !found {
            result.moves = best;
        } else {
            result.moves.extend_from_slice(&best);
        }
        result.proven = stopped.is_none();
        result.lower_bound = (base + lower).min(result.moves.len() as u32);
        result.stopped = stopped;
        result
    };
    if ub <= h0 {
        let result = finish(result, best, false, ub, None);
        report_end(ctx, &result, 0, 0);
        return result;
    }
    // Asked whether `within` moves do: they do, or the bound says they
    // cannot.
    let answered = |ub: u32, lower: u32| {
        budget
            .within
            .is_some_and(|n| base + ub <= n || base + lower > n)
    };
    if answered(ub, h0) {
        let result = finish(result, best, false, h0, Some(StopReason::Answered));
        report_end(ctx, &result, 0, 0);
        return result;
    }

    // A margin of 1/128 of the cap for the little the count leaves out (the
    // allocator's bookkeeping, the pages a chunk shares with other data):
    // the process grows by about the count, so it stays within the cap.
    let cap = budget.cap - budget.cap / 128;
    // The ball bound's table of tail facts, shared by the threads (see
    // `tails.rs`), may hold up to a quarter of the cap, and less when the
    // rest of the search needs it: before each batch it is allowed what
    // the search leaves free; the search may use what the table does not
    // hold. On `26x26c8-s20` the facts of 2 minutes fill about 600 MB, and
    // an eighth of a 1 GiB cap, cleared again and again, cost it a level.
    // It is made when the tails are first asked (after
    // `budget.tails_after` expansions): a search that ends sooner never
    // holds it.
    let tails: OnceCell<TailTable> = OnceCell::new();
    let tail_bytes = || tails.get().map_or(0, TailTable::bytes);
    let mut store = Store::new(w, w);
    let mut meta: Chunked<Meta, META_SHIFT> = Chunked::new(1);
    let mut queue = Buckets::default();
    let mut dom = Supersets::new(g.n);
    debug_assert_eq!(g.frontier_of(&f0), l0);
    let root = store.insert(&f0[..w], &[], hash_words(&f0[..w]));
    meta.push(Meta {
        parent: u32::MAX,
        g: 0,
        h: h0 as u16,
        color: 0,
        closed: false,
        dom_since: 0,
    });
    dom.insert(0, root, &f0[..w]);
    queue.push(h0 as usize, 0, root);
    // The graph is the search's too (it is built for it). On more than one
    // thread, so are a batch's children: each thread collects those of the
    // positions it expands, then they are put in order in one list, so at
    // most twice a full batch's (`k` children a position), and each thread
    // of the crew holds some memory of its own (its stack, its allocator's
    // arena: 0.4 MiB a thread in all was measured at 64 threads on
    // `50x50c8-s1`, with the children).
    let batch_bytes = if budget.threads > 1 {
        let batch = 64 * budget.threads;
        2 * batch * g.k * std::mem::size_of::<Child<W>>() + budget.threads * THREAD_BYTES
    } else {
        0
    };
    // And with tails on, each thread's asker holds the positions that
    // answered its latest questions, and with more than one thread the
    // records it has not written to the table yet (on one thread the
    // asker writes each at once: see `expand`).
    let asker_bytes = if budget.tails > 0 {
        budget.threads * Asker::<W>::BYTES
    } else {
        0
    };
    let fixed = g.bytes() + batch_bytes + asker_bytes;
    let bytes =
        |store: &Store, meta: &Chunked<Meta, META_SHIFT>, queue: &Buckets, dom: &Supersets| {
            fixed + store.bytes() + meta.bytes() + queue.bytes + dom.bytes()
        };
    let mut peak = bytes(&store, &meta, &queue, &dom);
    // Batches expanded, and for each depth the batch that last stored a
    // position there with the positions the depth had before it.
    let mut batches = 0u64;
    let mut seen: Vec<(u64, usize)> = Vec::new();

    let mut expanded = 0u64;
    let mut best_node: Option<(u32, u8)> = None;
    let mut stopped = None;
    let mut lower = ub;
    let mut cur_f = 0;
    // The next wider beam: when (expansions) and how wide.
    let mut next_beam = (budget.widen > 0).then_some((budget.widen_after, budget.widen));
    // The bounds last reported to a progress sink.
    let mut reported = (0, 0);
    // One position at a time on one thread; on more, a batch of positions
    // of the same `f`, expanded side by side by the crew (see `expand`).
    // The batch size follows the threads asked for, not the crew's, so a
    // thread count gives the same moves with a crew or without one.
    let threads = budget.threads.max(1);
    let batch_size = if threads == 1 { 1 } else { 64 * threads };
    let mut batch: Vec<(u32, usize)> = Vec::with_capacity(batch_size);
    let mut children: Vec<Child<W>> = Vec::new();
    'search: loop {
        // The next batch: positions of the smallest open `f`, shallowest
        // first, except on the level one below the upper bound, where a
        // solution may be waiting, deepest first.
        batch.clear();
        let mut batch_f = None;
        while batch.len() < batch_size {
            let Some((i, f, gi)) = queue.pop(ub.saturating_sub(1) as usize) else {
                break;
            };
            if batch_f.is_some_and(|bf| bf != f) {
                // Not this batch's `f`: back for the next one.
                queue.push(f, gi, i);
                break;
            }
            let m = meta.at_mut(i as usize);
            if m.closed || usize::from(m.g) != gi {
                continue;
            }
            m.closed = true;
            batch_f = Some(f);
            batch.push((i, gi));
        }
        let Some(f) = batch_f else {
            break;
        };
        if f as u32 >= ub {
            break;
        }
        // Every position of smaller `f` is expanded; the upper bound may
        // have come down (a goal found, a wider beam).
        if answered(ub, f as u32) {
            stopped = Some(StopReason::Answered);
            lower = f as u32;
            break;
        }
        cur_f = f as u32;
        // Every position of smaller `f` is expanded: no solution has fewer
        // than `base + f` moves.
        if reporting && (base + cur_f, base + ub) != reported {
            reported = (base + cur_f, base + ub);
            let held = bytes(&store, &meta, &queue, &dom) as u64;
            ctx.report(reported.0, reported.1, expanded, held);
        }
        if let Some((after, wide)) = next_beam
            && expanded >= after
        {
            // A wider beam, for a solution shorter than `ub` (its few
            // positions counted against the cap while it runs).
            next_beam = beam_after(expanded, wide, budget.widen_max);
            let held = bytes(&store, &meta, &queue, &dom);
            let one = beam_bytes_of(g.n, g.k, W, 1).max(1) as usize;
            let width = wide.min(cap.saturating_sub(held + tail_bytes()) / one);
            if width > 0 {
                peak = peak.max(held + tail_bytes() + width * one);
                let stop = |c: &SearchCtx| {
                    c.should_stop() || deadline.is_some_and(|d| Instant::now() >= d)
                };
                if let Some(s) = beam(g, &f0, &l0, width, ctx, stop, ub)
                    && (s.len() as u32) < ub
                {
                    ub = s.len() as u32;
                    best = result.moves.iter().copied().chain(s).collect();
                    best_node = None;
                    if f as u32 >= ub {
                        break;
                    }
                }
            }
        }
        if expanded >= budget.max_expanded {
            stopped = Some(StopReason::Expansions);
            lower = f as u32;
            break;
        }
        // A stop is looked for before each position is expanded (in
        // `expand`: on large boards one expansion costs up to a millisecond,
        // a bound per child, so a stop lands within a few), and here too
        // (on one thread every 8 expansions), before a wider beam starts.
        if (threads > 1 || expanded.is_multiple_of(8))
            && (ctx.should_stop() || deadline.is_some_and(|d| Instant::now() >= d))
        {
            stopped = Some(match ctx.stop_cause() {
                Some(crate::StopCause::Cancelled) => StopReason::Cancelled,
                _ => StopReason::Time,
            });
            lower = f as u32;
            break;
        }
        if budget.tails > 0 && expanded >= budget.tails_after {
            tails.get_or_init(|| TailTable::new(w, g.n, cap / 4));
        }
        if let Some(t) = tails.get() {
            t.allow(cap.saturating_sub(bytes(&store, &meta, &queue, &dom)));
        }
        let view = View {
            g,
            store: &store,
            meta: &meta,
            dom: &dom,
            ub,
            f: f as u32,
            // The tails take the merged refutation's place: see
            // [`Budget::merge_last_level`].
            merge_last_level: budget.merge_last_level && budget.tails == 0,
            tails: tails.get().map(|t| (budget.tails, t)),
        };
        children.clear();
        // On more than one thread a batch holds hundreds of positions (up
        // to 64 a thread), seconds of work on a large board: the threads
        // look for a stop before each position they take.
        let probe = ctx.stop_probe();
        let halt = || probe.should_stop() || deadline.is_some_and(|d| Instant::now() >= d);
        let (done, complete) = expand(&view, &batch, crew, &mut children, &halt);
        expanded += done;
        if !complete {
            // Stopped inside the batch: its positions not expanded are
            // still open at `f` (so that is the bound proven, whatever the
            // queue holds after them), and its children are dropped, as the
            // search ends here.
            stopped = Some(match ctx.stop_cause() {
                Some(crate::StopCause::Cancelled) => StopReason::Cancelled,
                _ => StopReason::Time,
            });
            lower = f as u32;
            break;
        }
        batches += 1;
        // The table grew while the search's own memory stood still; now
        // the search stores the children while the table stands still.
        if let Some(t) = tails.get() {
            peak = peak.max(bytes(&store, &meta, &queue, &dom) + t.take_peak());
        }
        let tail_held = tail_bytes();
        let cap_now = cap - tail_held.min(cap);
        // Store the children in order (the same whatever the threads did).
        for child in &children {
            let (gc, c, i) = (child.g, child.color, child.parent);
            if child.raised {
                // The position itself, to wait for the level its raised
                // bound gives it (unless reached since with fewer moves).
                if u32::from(meta.at(i as usize).g) == gc {
                    if fixed
                        + queue.bytes_next(child.f as usize, gc as usize)
                        + store.bytes()
                        + meta.bytes()
                        + dom.bytes()
                        > cap_now
                    {
                        stopped = Some(StopReason::Memory);
                        break 'search;
                    }
                    let m = meta.at_mut(i as usize);
                    m.closed = false;
                    m.h = (child.f - gc) as u16;
                    queue.push(child.f as usize, gc as usize, i);
                }
                continue;
            }
            ctx.nodes += 1;
            if child.goal {
                if gc < ub {
                    ub = gc;
                    best_node = Some((i, c));
                }
                continue;
            }
            if child.f >= ub {
                continue;
            }
            // The positions of its depth when the batch was expanded: its
            // dominance check saw them all, not those this batch stores.
            let level = gc as usize;
            if seen.len() <= level {
                seen.resize(level + 1, (u64::MAX, 0));
            }
            if seen[level].0 != batches {
                seen[level] = (batches, dom.len(level));
            }
            let (nf, nl) = (&child.flooded, &child.frontier);
            if let Some(j) = store.find(&nf[..w], child.hash) {
                let mj = meta.at_mut(j as usize);
                if u32::from(mj.g) <= gc {
                    continue;
                }
                // Reached with fewer moves: reopen.
                let fj = (gc + u32::from(mj.h)).max(f as u32);
                *mj = Meta {
                    parent: i,
                    g: gc as u16,
                    h: (fj - gc) as u16,
                    color: c,
                    closed: false,
                    dom_since: 0,
                };
                if fj < ub {
                    if fixed
                        + queue.bytes_next(fj as usize, gc as usize)
                        + dom.bytes_next(gc as usize, &nf[..w])
                        + store.bytes()
                        + meta.bytes()
                        > cap_now
                    {
                        stopped = Some(StopReason::Memory);
                        break 'search;
                    }
                    queue.push(fj as usize, gc as usize, j);
                    dom.insert(gc as usize, j, &nf[..w]);
                }
                continue;
            }
            let fc = child.f;
            let need = fixed
                + store.bytes_next()
                + meta.bytes_next()
                + queue.bytes_next(fc as usize, gc as usize)
                + dom.bytes_next(gc as usize, &nf[..w]);
            // Positions are numbered in 32 bits (`u32::MAX` is the root's
            // parent): the table is full at that many, whatever the cap.
            if need > cap_now || store.len() >= MAX_POSITIONS {
                stopped = Some(StopReason::Memory);
                break 'search;
            }
            let j = store.insert(&nf[..w], &[], child.hash);
            debug_assert_eq!(g.frontier_of(nf), *nl);
            meta.push(Meta {
                parent: i,
                g: gc as u16,
                h: (fc - gc) as u16,
                color: c,
                closed: false,
                dom_since: Supersets::block_of(seen[level].1).min(usize::from(u16::MAX)) as u16,
            });
            dom.insert(gc as usize, j, &nf[..w]);
            queue.push(fc as usize, gc as usize, j);
            peak = peak.max(need + tail_held);
        }
    }
    if stopped == Some(StopReason::Memory) {
        // Positions of smaller f are all expanded; the one being expanded
        // and everything open have f at least `cur_f`.
        lower = cur_f;
    }
    result.nodes_expanded = expanded;
    result.peak_states = store.len() as u64;
    result.peak_bytes = peak.max(bytes(&store, &meta, &queue, &dom) + tail_bytes()) as u64;
    result.tails = tails.get().map(TailTable::stats);
    let found = best_node.is_some();
    if let Some((i, c)) = best_node {
        let mut colors = path(&meta, i);
        colors.push(c);
        best = replay_path(g, &f0, &l0, &colors);
        // Shorter when `i` was reached again by fewer moves after the goal
        // was found below it (its path is the newer one), and the search
        // stopped before expanding it again.
        debug_assert!(best.len() as u32 <= ub);
    }
    let held = bytes(&store, &meta, &queue, &dom) as u64;
    let result = finish(result, best, found, lower.min(ub), stopped);
    report_end(ctx, &result, expanded, held);
    result
}

/// Memory a thread of the search's crew holds of its own, beyond the
/// children it collects (see where the search counts it).
const THREAD_BYTES: usize = 192 << 10;

/// What the expansion of a batch reads: the search's structures as they were
/// when the batch was taken.
struct View<'a, const W: usize> {
    g: &'a Graph<W>,
    store: &'a Store,
    meta: &'a Chunked<Meta, META_SHIFT>,
    dom: &'a Supersets,
    /// The upper bound: children that cannot beat it are not kept.
    ub: u32,
    /// The batch's `f`.
    f: u32,
    /// [`Budget::merge_last_level`].
    merge_last_level: bool,
    /// [`Budget::tails`] when on, with the table of tail facts (the
    /// threads share it).
    tails: Option<(u32, &'a TailTable)>,
}

/// The most positions a search stores: their indices are `u32`, and
/// `u32::MAX` marks the root's parent (and the table's empty slots take
/// index + 1). About 4.3 billion: 200 GB or more even on small boards.
const MAX_POSITIONS: usize = u32::MAX as usize - 1;

/// A child of an expanded position, to be stored (or to finish the search).
struct Child<const W: usize> {
    parent: u32,
    color: u8,
    /// Its moves from the root.
    g: u32,
    /// Its `f` (unused for goals and for positions stored already).
    f: u32,
    /// It clears the board.
    goal: bool,
    /// Not a child: the expanded position itself (`parent`, at depth `g`),
    /// whose bound the ball bound raised to `f`, back to the queue.
    raised: bool,
    hash: u64,
    flooded: Set<W>,
    frontier: Set<W>,
}

/// Expands the positions of `batch` (index and depth each), appending their
/// children to `out` in batch order, and returns how many were expanded
/// (the others were dominated) and whether the whole batch was: before
/// each position, `halt` is asked, and once it answers yes no more are
/// taken (the children then are of some of the positions only). With a
/// crew, its threads share the positions out (each takes the next one not
/// taken); the order of `out` does not depend on how.
fn expand<const W: usize>(
    view: &View<'_, W>,
    batch: &[(u32, usize)],
    crew: Option<&dyn Crew>,
    out: &mut Vec<Child<W>>,
    halt: &(dyn Fn() -> bool + Sync),
) -> (u64, bool) {
    // Each thread asks the tails through an asker of its own (see
    // `tails.rs`), which writes what it keeps to the table when dropped.
    let asker = |holds| view.tails.map(|(_, table)| Asker::new(table, holds));
    let Some(crew) = crew.filter(|c| batch.len() > 1 && c.size() > 1) else {
        let mut expanded = 0;
        let mut asker = asker(0);
        for &(i, gi) in batch {
            if halt() {
                return (expanded, false);
            }
            expanded += u64::from(expand_one(view, i, gi, out, asker.as_mut(), halt));
        }
        return (expanded, true);
    };
    let next = AtomicUsize::new(0);
    let halted = AtomicBool::new(false);
    let parts = Mutex::new(Vec::with_capacity(batch.len()));
    crew.each(&|| {
        let mut done: Vec<(usize, Vec<Child<W>>, bool)> = Vec::new();
        let mut asker = asker(PENDING);
        loop {
            if halted.load(Ordering::Relaxed) || halt() {
                halted.store(true, Ordering::Relaxed);
                break;
            }
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(i, gi)) = batch.get(k) else {
                break;
            };
            let mut kids = Vec::new();
            let expanded = expand_one(view, i, gi, &mut kids, asker.as_mut(), halt);
            done.push((k, kids, expanded));
        }
        parts.lock().unwrap_or_else(|e| e.into_inner()).extend(done);
    });
    let mut parts = parts.into_inner().unwrap_or_else(|e| e.into_inner());
    parts.sort_unstable_by_key(|p| p.0);
    let mut expanded = 0;
    for (_, kids, e) in parts {
        expanded += u64::from(e);
        out.extend(kids);
    }
    (expanded, !halted.into_inner())
}

/// Expands position `i` (at depth `gi`) unless a stored position dominates
/// it: its children that bring something new, with their bounds, skipping
/// those that cannot beat the upper bound, those stored already with no
/// more moves, and those dominated. Returns whether it was expanded.
fn expand_one<const W: usize>(
    view: &View<'_, W>,
    i: u32,
    gi: usize,
    out: &mut Vec<Child<W>>,
    asker: Option<&mut Asker<'_, W>>,
    halt: &dyn Fn() -> bool,
) -> bool {
    let (g, store, ub, w) = (view.g, view.store, view.ub, view.g.w);
    let mut cf = [0; W];
    cf[..w].copy_from_slice(store.get(i));
    let cl = g.frontier_of(&cf);
    let since = usize::from(view.meta.at(i as usize).dom_since);
    if view
        .dom
        .find_superset(gi, &cf[..w], &g.boundary(&cf, &cl)[..w], i, since)
        .is_some()
    {
        return false;
    }
    // The ball bound (see `tails.rs`): if it shows that the position needs
    // one move more than its level, the position waits for the next level
    // (or, past the upper bound, is dropped) instead of being expanded. On
    // the last level a raise drops the position for good, so more balls
    // are asked there ("More balls on the last level" in `tails.rs`).
    if let (Some((tmax, _)), Some(asker)) = (view.tails, asker) {
        let want = view.f + 1 - gi as u32;
        let balls = if view.f + 1 >= ub {
            LAST_LEVEL_BALLS
        } else {
            BALLS
        };
        if raises(g, &cf, &cl, tmax, want, asker, halt, balls) == Some(true) {
            if view.f + 1 < ub {
                out.push(Child {
                    parent: i,
                    color: 0,
                    g: gi as u32,
                    f: view.f + 1,
                    goal: false,
                    raised: true,
                    hash: 0,
                    flooded: cf,
                    frontier: cl,
                });
            }
            return false;
        }
    }
    // The children kept so far, and whether one finishes the game.
    let mut kept: Vec<Child<W>> = Vec::new();
    let mut goal = false;
    g.each_child(&cf, &cl, |c, mut nf, mut nl, moves| {
        let gc = gi as u32 + moves;
        if is_empty(&nl) {
            out.push(Child {
                parent: i,
                color: c as u8,
                g: gc,
                f: 0,
                goal: true,
                raised: false,
                hash: 0,
                flooded: nf,
                frontier: nl,
            });
            goal = true;
            return true;
        }
        if gc + 1 >= ub {
            return true;
        }
        // The bound first, on the position before its dead ends are
        // settled (the same value: see `Graph::settle_dead_ends`): most
        // children end here, and settling is not free.
        let fc = (gc + g.refined_bound(&nf, &nl, ub - gc)).max(view.f);
        if fc >= ub {
            return true;
        }
        g.settle_dead_ends(&mut nf, &mut nl);
        kept.push(Child {
            parent: i,
            color: c as u8,
            g: gc,
            f: fc,
            goal: false,
            raised: false,
            hash: hash_words(&nf[..w]),
            flooded: nf,
            frontier: nl,
        });
        true
    });
    let dominated = |k: &Child<W>| {
        let boundary = g.boundary(&k.flooded, &k.frontier);
        view.dom
            .find_superset(k.g as usize, &k.flooded[..w], &boundary[..w], u32::MAX, 0)
            .is_some()
    };
    // The last level: the children no stored position dominates are
    // refuted together (see the module docs).
    let last = view.merge_last_level && view.f + 1 >= ub && !goal;
    if last {
        kept.retain(|k| !dominated(k));
        if !kept.is_empty() {
            let start: Vec<_> = kept
                .iter()
                .map(|k| (k.g - gi as u32, k.flooded, k.frontier))
                .collect();
            if g.refutes_merged(&start, ub - gi as u32) {
                return true;
            }
        }
    }
    for child in kept {
        if let Some(j) = store.find(&child.flooded[..w], child.hash) {
            if u32::from(view.meta.at(j as usize).g) > child.g {
                out.push(child);
            }
            continue;
        }
        // On the last level the check was made already.
        if !last && dominated(&child) {
            continue;
        }
        out.push(child);
    }
    true
}

/// The beam that follows one `wide` wide, run after `expanded`
/// expansions: ten times wider (at most `widest`), once the expansions
/// have grown tenfold; none after the widest.
fn beam_after(expanded: u64, wide: usize, widest: usize) -> Option<(u64, usize)> {
    (wide < widest).then(|| {
        (
            expanded.max(1).saturating_mul(10),
            wide.saturating_mul(10).min(widest),
        )
    })
}

/// The chosen colors from the root to position `i`.
fn path(meta: &Chunked<Meta, META_SHIFT>, mut i: u32) -> Vec<u8> {
    let mut colors = Vec::new();
    while meta.at(i as usize).parent != u32::MAX {
        colors.push(meta.at(i as usize).color);
        i = meta.at(i as usize).parent;
    }
    colors.reverse();
    colors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bound::tests::breadth_first;
    use crate::search::bound::{WithWidth, dispatch};
    use cw_core::{Board, ClusterGraph};
    use std::sync::Arc;

    /// The tests' budget: 64 MiB, one thread, a beam `widen` wide at once
    /// (0: none), reporting progress or not.
    fn test_budget(widen: usize, report: bool) -> Budget {
        Budget {
            cap: 64 << 20,
            deadline: None,
            max_expanded: u64::MAX,
            threads: 1,
            widen,
            widen_after: 0,
            widen_max: widen,
            report,
            within: None,
            merge_last_level: true,
            tails: 0,
            tails_after: 0,
        }
    }

    /// [`test_budget`] with beams from `widen` wide at once up to
    /// `widen_max` wide, ten times wider after ten times the expansions.
    fn growing_beams(widen: usize, widen_max: usize) -> Budget {
        Budget {
            widen_max,
            ..test_budget(widen, false)
        }
    }

    /// A long first solution: the first color that absorbs something, over
    /// and over.
    fn poor_solution<const W: usize>(g: &Graph<W>, f: &Set<W>, l: &Set<W>) -> Vec<Color> {
        let (mut f, mut l) = (*f, *l);
        let mut moves = Vec::new();
        while !is_empty(&l) {
            let c = (0..g.k).find(|&c| g.useful(&l, c)).unwrap();
            g.play(&mut f, &mut l, c);
            moves.push(Color(c as u8));
        }
        moves
    }

    /// The search from the start with a poor first solution: without a
    /// beam, with one 8 wide at once, and with beams from 1 to 100 wide:
    /// (optimum, moves, lower bound, positions stored) each.
    fn all_three(board: &Board) -> [(usize, Vec<Color>, u32, u64); 3] {
        struct Go<'a>(&'a Board, &'a ClusterGraph);
        impl WithWidth for Go<'_> {
            type Out = [(usize, Vec<Color>, u32, u64); 3];
            fn run<const W: usize>(self, g: Graph<W>) -> Self::Out {
                let (f, l) = g.position(&self.1.start());
                let first = poor_solution(&g, &f, &l);
                [(0, 0), (8, 8), (1, 100)].map(|(widen, widest)| {
                    let budget = growing_beams(widen, widest);
                    let mut ctx = SearchCtx::new(self.0, &crate::Limits::default());
                    let r = search(&g, &f, &l, first.clone(), &budget, &mut ctx, None);
                    assert!(r.proven);
                    (r.moves.len(), r.moves, r.lower_bound, r.peak_states)
                })
            }
        }
        let graph = ClusterGraph::new(board);
        dispatch(&graph, Go(board, &graph))
    }

    #[test]
    fn the_ball_bound_keeps_the_optimum_and_saves_expansions() {
        // Color Walk 30×20×5 and Flood-It 14×14×6 boards: with tails of
        // relaxed bound up to 6 and 11 the search proves the same optimum
        // as without (whose own proofs the reference boards check), on one
        // thread and on a crew of 2, and expands fewer positions in all;
        // its counts say that the tails raised positions (and nothing when
        // they are off).
        struct Go<'a>(&'a Board, &'a ClusterGraph);
        impl WithWidth for Go<'_> {
            type Out = [(usize, u64, u64); 4];
            fn run<const W: usize>(self, g: Graph<W>) -> Self::Out {
                let (f, l) = g.position(&self.1.start());
                let first = poor_solution(&g, &f, &l);
                [(0, 1), (6, 1), (11, 1), (11, 2)].map(|(tails, threads)| {
                    let budget = Budget {
                        tails,
                        tails_after: 0,
                        threads,
                        ..test_budget(0, false)
                    };
                    let mut ctx = SearchCtx::new(self.0, &crate::Limits::default());
                    let crew = ScopedCrew(threads);
                    let crew = (threads > 1).then_some(&crew as &dyn Crew);
                    let r = search(&g, &f, &l, first.clone(), &budget, &mut ctx, crew);
                    assert!(r.proven);
                    let mut game = self.1.start();
                    for &c in &r.moves {
                        game.play(c);
                    }
                    assert!(game.is_solved());
                    let raised = match r.tails {
                        None => {
                            assert_eq!(tails, 0);
                            0
                        }
                        Some(t) => {
                            assert!(t.positions_raised <= t.positions_asked);
                            assert!(t.positions_asked <= t.balls_asked);
                            assert!(
                                t.balls_asked <= u64::from(LAST_LEVEL_BALLS) * t.positions_asked
                            );
                            t.positions_raised
                        }
                    };
                    (r.moves.len(), r.nodes_expanded, raised)
                })
            }
        }
        let (mut expanded, mut raised) = ([0; 4], [0; 4]);
        for seed in 1..=6 {
            let boards = [
                Board::seeded(30, 20, 5, seed).unwrap(),
                Board::seeded_flood_it(14, 14, 6, seed, (7, 7)).unwrap(),
            ];
            for board in &boards {
                let graph = ClusterGraph::new(board);
                let runs = dispatch(&graph, Go(board, &graph));
                for (i, (moves, n, r)) in runs.iter().enumerate() {
                    assert_eq!(*moves, runs[0].0, "seed {seed}, run {i}");
                    expanded[i] += n;
                    raised[i] += r;
                }
            }
        }
        assert!(
            expanded[2] < expanded[0] && expanded[1] < expanded[0],
            "positions expanded (without, 6, 11, 11 on 2 threads): {expanded:?}"
        );
        assert!(
            raised[1..].iter().all(|&r| r > 0),
            "positions raised: {raised:?}"
        );
    }

    /// Threads of this test, started for each batch.
    struct ScopedCrew(usize);

    impl Crew for ScopedCrew {
        fn size(&self) -> usize {
            self.0
        }
        fn each(&self, task: &(dyn Fn() + Sync)) {
            std::thread::scope(|s| {
                for _ in 0..self.0 {
                    s.spawn(task);
                }
            });
        }
    }

    #[test]
    fn a_batch_stops_taking_positions_once_told_to_stop() {
        // A batch of 200 positions (the start, over and over) on a large
        // board, alone and on a crew of 3: told to stop at the 10th look,
        // no thread takes another position, and the batch says it is cut
        // short. (It once looked only between batches: seconds on large
        // boards with many threads.)
        struct Go<'a>(&'a ClusterGraph);
        impl WithWidth for Go<'_> {
            type Out = ();
            fn run<const W: usize>(self, g: Graph<W>) {
                let (f0, _) = g.position(&self.0.start());
                let w = g.w;
                let mut store = Store::new(w, w);
                let mut meta: Chunked<Meta, META_SHIFT> = Chunked::new(1);
                let mut dom = Supersets::new(g.n);
                let root = store.insert(&f0[..w], &[], hash_words(&f0[..w]));
                meta.push(Meta {
                    parent: u32::MAX,
                    g: 0,
                    h: 0,
                    color: 0,
                    closed: true,
                    dom_since: 0,
                });
                dom.insert(0, root, &f0[..w]);
                let view = View {
                    g: &g,
                    store: &store,
                    meta: &meta,
                    dom: &dom,
                    ub: u32::MAX,
                    f: 0,
                    merge_last_level: false,
                    tails: None,
                };
                let batch = vec![(root, 0); 200];
                let crew = ScopedCrew(3);
                for crew in [None, Some(&crew as &dyn Crew)] {
                    let threads = crew.map_or(1, |c| c.size()) as u64;
                    let mut out = Vec::new();
                    let (done, complete) = expand(&view, &batch, crew, &mut out, &|| false);
                    assert_eq!((done, complete), (200, true));
                    let looks = AtomicUsize::new(0);
                    let halt = || looks.fetch_add(1, Ordering::Relaxed) >= 9;
                    let mut cut = Vec::new();
                    let (done, complete) = expand(&view, &batch, crew, &mut cut, &halt);
                    assert!(!complete, "{threads} threads");
                    // Every position taken follows a look that said go on:
                    // 9 at most.
                    assert!((1..=9).contains(&done), "{threads} threads: {done}");
                    assert_eq!(cut.len() as u64, done * out.len() as u64 / 200);
                }
            }
        }
        let board = Board::seeded(60, 60, 8, 3).unwrap();
        let graph = ClusterGraph::new(&board);
        dispatch(&graph, Go(&graph));
    }

    #[test]
    fn a_star_alone_equals_breadth_first_search() {
        // From a poor first solution, so that A* (not the near-optimal
        // search run before it in `exact`) finds every optimum: any rule
        // of A* that loses optimality shows here.
        struct Go<'a>(&'a Board, &'a ClusterGraph);
        impl WithWidth for Go<'_> {
            type Out = (usize, usize);
            fn run<const W: usize>(self, g: Graph<W>) -> (usize, usize) {
                let (f, l) = g.position(&self.1.start());
                let first = poor_solution(&g, &f, &l);
                let budget = test_budget(0, false);
                let mut ctx = SearchCtx::new(self.0, &crate::Limits::default());
                let r = search(&g, &f, &l, first.clone(), &budget, &mut ctx, None);
                assert!(r.proven);
                let mut game = self.1.start();
                for &c in &r.moves {
                    game.play(c);
                }
                assert!(game.is_solved());
                (r.moves.len(), breadth_first(&g, &f, &l) as usize)
            }
        }
        let mut shorter = 0;
        for seed in 0..60 {
            let board = if seed % 2 == 0 {
                Board::seeded(7, 6, 4, seed).unwrap()
            } else {
                let start = ((seed / 2 % 6) as usize, (seed / 3 % 7) as usize);
                Board::seeded_flood_it(7, 6, 4, seed, start).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let (astar, bfs) = dispatch(&graph, Go(&board, &graph));
            assert_eq!(astar, bfs, "seed {seed}");
            shorter += usize::from(bfs < poor_len(&graph));
        }
        assert!(shorter > 50, "the poor solution was optimal too often");
    }

    #[test]
    fn progress_reports_bounds_that_close_on_the_optimum() {
        // From a poor first solution, so that the search raises its lower
        // bound level by level and lowers its upper bound as it finds
        // shorter solutions: every report holds the optimum between its
        // bounds, the bounds only ever close in, and the last report is
        // the optimum, proven.
        struct Go<'a>(&'a Board, &'a ClusterGraph);
        impl WithWidth for Go<'_> {
            type Out = (Vec<(u32, u32, u64)>, usize, u32, usize);
            fn run<const W: usize>(self, g: Graph<W>) -> Self::Out {
                let (f, l) = g.position(&self.1.start());
                let first = poor_solution(&g, &f, &l);
                let heard = Arc::new(Mutex::new(Vec::new()));
                let sink = {
                    let heard = Arc::clone(&heard);
                    let board = self.0.id().to_string();
                    crate::ProgressSink(Arc::new(move |p: &crate::SearchProgress<'_>| {
                        assert_eq!(p.board, board);
                        heard.lock().unwrap().push((
                            p.lower_bound,
                            p.upper_bound,
                            p.nodes_expanded,
                        ));
                    }))
                };
                let limits = crate::Limits {
                    progress: Some(sink),
                    ..crate::Limits::default()
                };
                let budget = test_budget(0, true);
                let mut ctx = SearchCtx::new(self.0, &limits);
                let r = search(&g, &f, &l, first.clone(), &budget, &mut ctx, None);
                assert!(r.proven);
                let heard = heard.lock().unwrap().clone();
                (
                    heard,
                    first.len(),
                    r.start_bound,
                    breadth_first(&g, &f, &l) as usize,
                )
            }
        }
        let mut rose = 0;
        for seed in 0..40 {
            let board = if seed % 2 == 0 {
                Board::seeded(9, 8, 4, seed).unwrap()
            } else {
                Board::seeded_flood_it(9, 8, 4, seed, (3, 2)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let (heard, poor, start_bound, opt) = dispatch(&graph, Go(&board, &graph));
            let opt = opt as u32;
            let (first, last) = (heard[0], heard[heard.len() - 1]);
            assert_eq!((last.0, last.1), (opt, opt), "seed {seed}: the end");
            if heard.len() > 1 {
                assert_eq!(first.0, start_bound, "seed {seed}: the first lower bound");
                assert_eq!(first.1 as usize, poor, "seed {seed}: the first upper bound");
            }
            for (a, b) in heard.iter().zip(&heard[1..]) {
                assert!(
                    b.0 >= a.0 && b.1 <= a.1 && b.2 >= a.2,
                    "seed {seed}: {heard:?}"
                );
                assert!(
                    (a.0, a.1) != (b.0, b.1),
                    "seed {seed}: a report that says nothing new"
                );
            }
            assert!(
                heard.iter().all(|&(lo, up, _)| lo <= opt && opt <= up),
                "seed {seed}"
            );
            rose += usize::from(heard.len() > 2);
        }
        assert!(
            rose > 20,
            "too few searches went through several levels: {rose}"
        );
    }

    fn poor_len(graph: &ClusterGraph) -> usize {
        struct P<'a>(&'a ClusterGraph);
        impl WithWidth for P<'_> {
            type Out = usize;
            fn run<const W: usize>(self, g: Graph<W>) -> usize {
                let (f, l) = g.position(&self.0.start());
                poor_solution(&g, &f, &l).len()
            }
        }
        dispatch(graph, P(graph))
    }

    #[test]
    fn each_beam_is_ten_times_wider_after_ten_times_the_expansions() {
        assert_eq!(
            beam_after(200_000, 1000, 100_000),
            Some((2_000_000, 10_000))
        );
        assert_eq!(
            beam_after(2_000_000, 10_000, 100_000),
            Some((20_000_000, 100_000))
        );
        assert_eq!(beam_after(20_000_000, 100_000, 100_000), None);
        assert_eq!(beam_after(0, 1, 50), Some((10, 10)));
        assert_eq!(beam_after(10, 10, 50), Some((100, 50)));
        assert_eq!(beam_after(0, 8, 8), None, "one beam when it is the widest");
    }

    #[test]
    fn the_wider_beam_lowers_the_upper_bound_and_keeps_the_optimum() {
        // A poor first solution, then a beam 8 wide at the first batch: the
        // same optimum, proven, with fewer positions stored (those whose
        // `f` could not beat the beam's solution are not).
        let (mut fewer, mut plain_total, mut widened_total) = (0, 0, 0);
        for seed in 1..=12 {
            let board = if seed % 2 == 0 {
                Board::seeded(14, 14, 6, seed).unwrap()
            } else {
                Board::seeded_flood_it(14, 14, 6, seed, (0, 0)).unwrap()
            };
            let [plain, widened, growing] = all_three(&board);
            for (run, name) in [(&widened, "one beam"), (&growing, "growing beams")] {
                assert_eq!(run.0, plain.0, "seed {seed}, {name}: the same optimum");
                assert_eq!(run.2 as usize, run.0, "seed {seed}, {name}: proven");
                let graph = ClusterGraph::new(&board);
                let mut game = graph.start();
                for &c in &run.1 {
                    game.play(c);
                }
                assert!(
                    game.is_solved(),
                    "seed {seed}, {name}: the moves clear the board"
                );
            }
            fewer += usize::from(widened.3 < plain.3);
            plain_total += plain.3;
            widened_total += widened.3;
        }
        assert!(fewer >= 10, "the beam saved work on {fewer} boards of 12");
        assert!(
            2 * widened_total < plain_total,
            "{widened_total} vs {plain_total}"
        );
    }
}
