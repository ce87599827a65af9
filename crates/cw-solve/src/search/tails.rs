//! The ball bound with exact tails: a stronger lower bound for positions
//! deep in a hard proof, bought with small searches (`exact:tails=T`).
//!
//! # The bound
//!
//! Let `B_t` be the clusters within distance `t` of a position's region
//! `R` (`B_0 = R`, and `B_{t+1}` adds every cluster touching `B_t`). A move
//! absorbs only clusters touching the region, so after `t` moves the
//! region lies within `B_t`; by monotonicity (a bigger region never needs
//! more moves: see [`bound`](super::bound)) the moves left then are at
//! least `opt(B_t)`. If `B_{t−1}` is not the whole board, no solution
//! takes fewer than `t` moves, so
//!
//! `opt(R) ≥ t + opt(B_t)`.
//!
//! The relaxed game of the refined bound is this with a bound in place of
//! `opt(B_t)`: it advances every direction at once. Solving the tail
//! exactly keeps its colors apart, which the relaxed game cannot: at the
//! start of `26x26c8-s13` (optimum 39) the refined bound is 32 and
//! `t + opt(B_t)` is 37.
//!
//! # Asking only what the search needs
//!
//! `exact` asks only once its search has expanded
//! [`TAILS_AFTER`](super::astar::TAILS_AFTER) positions (20,000): before
//! that the tails cost more than they save.
//!
//! A* needs no value, only an answer: a position popped at `f = g + h`
//! can wait for a later level if `opt(R) ≥ h + 1`. So the search asks, for
//! the first ball whose plain relaxed bound is at most `T` (a tail short
//! enough to search), whether `opt(B_t) ≥ h + 1 − t` ([`raises`]), and
//! when the answer is no, the same of the balls further in (below). The
//! ball is settled first (its exposed colors played, each one move, as the
//! elimination rule allows), and [`at_least`] answers by depth-first search
//! with the refined bound: `opt(X) ≥ k` holds when the board is not clear
//! and `k ≤ 1`, when the bound reaches `k`, or when every child that can
//! start a shortest solution ([`Graph::each_child`]), reached with `m`
//! moves, has `opt ≥ k − m`; a child that finishes in fewer than `k`
//! moves refutes it.
//!
//! # From the outside in
//!
//! Every ball gives its own bound, and the bound `t + opt(B_t)` does not
//! always grow as `t` shrinks: a ball one layer further in (a longer tail)
//! shows more for some positions and less for others. Asking several
//! balls raises every position that one of them raises; the cost is their
//! searches. So [`raises`] asks the first ball whose relaxed bound is at
//! most `T` (the outermost: the shortest tail, the cheapest search), and
//! only while the answer is no, the balls one, two, three and four layers
//! further in ([`BALLS`] in all, and on the last level up to nine: see
//! "More balls on the last level"; never `B_0`, the position itself): most
//! positions are raised by an outer ball's short search, and the long
//! searches go only to the positions no shorter one raises. With `T` =
//! 10 the innermost tails are about as long as a single ball's with 14.
//!
//! Measured against the single ball with `T` = 12 (the default before),
//! two threads (`colorwalk optimum BOARD --threads 2 --no-store`, single
//! runs beside nothing else):
//!
//! | balls, first `T` | `26x26c8-s13` | `-s3` | `-s17` |
//! |---|---|---|---|
//! | 1, 12 (before) | 4.1 s, 88k expanded | 15.3 s, 179k | 8.2 s, 121k |
//! | 2, 11 | 4.0 s, 76k | 12.4 s, 135k | 6.8 s, 121k |
//! | 3, 11 | 3.5 s, 37k | 9.2 s, 57k | 6.5 s, 54k |
//! | 4, 10 | 3.5 s, 37k | 7.7 s, 57k | 6.6 s, 52k |
//! | **5, 10** | **3.2 s, 24k** | **6.8 s, 32k** | **6.0 s, 28k** |
//! | 6, 9 | 3.2 s, 24k | 7.2 s, 32k | 6.1 s, 28k |
//! | 6, 10 | 3.3 s, 20k | 7.2 s, 24k | 6.2 s, 22k |
//!
//! (Five balls from 10 ask about the balls four from 11 do, plus one
//! further out, which is cheaper to ask first: four from 11 took 8.4 s on
//! `-s3`.) The
//! whole proof of `26x26c8-s20` (optimum 42, `--memory-mb 4096`) took
//! 83.8 s against 121.1 s (94k positions expanded against 743k, a peak of
//! 474 MB against 878 MB); the 20 Color Walk 30×30×6 boards
//! (`scripts/bench-big.sh`'s command line) 59.9 s against 110.3 s; every
//! tenth board of b24c6n1000 13.7 s against 15.2 s and the 99 boards of
//! 99problems 5.5 s against 5.9 s (`colorwalk bench --boards FILE --spec
//! exact:memory-mb=4096 --threads 2 --no-store`, a board a thread).
//!
//! # More balls on the last level
//!
//! On the level one below the upper bound a raised position is dropped
//! (a solution through it would not be shorter than the one known), where
//! on a level before it waits for the next one and is asked again there.
//! So a ball further in buys more on the last level: a position it
//! raises there costs nothing more, where one it leaves is expanded, and
//! each of its children is asked in turn. There a position asks up to
//! [`LAST_LEVEL_BALLS`] (nine), the other levels [`BALLS`] (five; six
//! there took about as long). Any ball's
//! bound holds on its own, so this changes which positions are expanded,
//! never an answer. On `26x26c8-s3` with seven, 128,324 of the 128,349
//! positions asked were raised, and the search expanded 20,090 positions
//! in all, against 26,586 with five: the tails left almost nothing of the
//! last level to expand. Side by side with five (`colorwalk optimum BOARD
//! --threads 2 --no-store`, single pairs run in turn, 2026-12-07, a probe
//! build that read the count from the environment): `26x26c8-s8` 0.56 of
//! the time (9.0 s against 16.1 s), `-s12` 0.74, `-s5` 0.77, `-s6` 0.82,
//! `-f14` 0.82, `-s13` 0.96, `-s2` 0.97, `-s10` 1.00, `-s3` 1.02,
//! `-f6` 1.03, `-s17` 1.18, and `30x30c6-s5` 0.88, `30x30c6-f10` 0.94.
//! Seven and ten balls took about as long as nine (`-s8` 10.1 and 10.5 s,
//! `-s6` 19.4 and 19.2 s, `-s3` 7.7 and 7.5 s). The boards that lose are
//! those whose first solution is a move too long (`-s17`, `-s10`): their
//! last level holds a solution, and the positions on its path, which no
//! ball can raise, ask all nine. The 20 Color Walk 26×26×8 boards in a
//! minute each (`bench`'s line in `scripts/bench-big.sh`, run after the
//! build before on the same evening): 14 proven against 13, 662.2 s
//! against 676.9 s, a median of 21.7 s against 20.5 s; over the 12
//! boards proven by both, a geometric mean of 0.93 of the time (`-s19`
//! 0.70, `-s8` 0.74, `-s12` 0.77, but `-s18` 1.15, `-s17` 1.10 and `-s5`
//! 1.09, single runs).
//!
//! Asking each position at once whether it needs as many moves as the
//! upper bound asks of it on the last level (dropped at once if so, before
//! it is asked level after level) was measured too, and left out: on `-s3`
//! the positions asked fell from 128k to 42k, but the tail positions
//! searched rose from 411k to 562k, and it took 8.8 s against 8.1 s
//! (`-s12` 13.1 s against 13.0 s); so was expanding at once a position
//! shown not to need them (10.4 s and 13.8 s): a question for many moves
//! costs what the questions for fewer, one level at a time, cost together.
//!
//! # Sharing what the tails prove
//!
//! Every answer is a fact about the position alone, so it is kept in a
//! table ([`TailTable`]): the largest `k` shown to hold and the smallest
//! shown to fail. And by monotonicity a fact `opt(X) ≥ k` holds for every
//! subset `Y` of `X` too (`Y ⊆ X ⇒ opt(Y) ≥ opt(X)`), so the table also
//! indexes the positions shown to need `k` moves by `k`, in the structure
//! of the dominance index ([`Supersets`]), and a question the exact facts
//! and the refined bound leave open asks it whether a proven superset
//! needs `k` (see "The index's level `k` alone" below). The tails of neighboring positions' balls differ in
//! a few clusters and meet the same or smaller positions after a few
//! moves. On `26x26c8-s13` with `T` = 11 (one thread; 438k questions, 62 %
//! of them answered yes), the tails searched 1.39M positions with exact
//! facts alone, and 0.20M with the index, which answered 405k questions
//! (the yes answers' share fell from 1.08M positions to 88k); the proof
//! took 25.5 s against 21.8 s before, the index's queries costing about
//! what the searches saved, but with tails this cheap a larger `T` pays.
//!
//! The table is one, shared by the search's threads. Its exact facts are
//! in 16 parts by hash, each with its own lock, held for a look-up or a
//! record. Its superset index has one lock, which a query holds for long
//! (it reads every stored set of its level that can answer); so with more than one thread, each
//! holds its index records back ([`Asker`]) and writes 256 at a time, and
//! its own questions look through those it holds as well. It may hold a
//! quarter of the memory cap, and less when the search needs the rest:
//! before each batch the search allows it what its own positions leave
//! free, and its positions may use what the table does not hold. When
//! full it starts again empty. An answer never depends on what the table
//! holds (it only saves work), so a search gives the same moves however
//! the table was filled: on one thread or two, whole or cleared.
//!
//! # Recent answers
//!
//! A proven superset that answers one question often answers the next
//! ones too: a tail search asks about positions a move or two apart, and
//! they lie inside the same few proven positions. So the index names the
//! position it found (its entry's id is the position's place among the
//! exact facts, whose words are read while the index is held), and each
//! thread keeps, for each `k`, the 16 latest positions that answered a
//! question for `k` ([`Asker::recent_needs`]; the one that answers moves
//! to the front). A question looks through them before the index, and a
//! child in [`at_least`] before its refined bound: a position that
//! contains the child and needs `k − m` moves shows that the child does,
//! for a few word comparisons where the bound costs a pass over the
//! board. (The thread's last questions answered yes, kept instead, and
//! the sets recorded last, were measured before and answered too few:
//! see "With five balls from `T` = 10".) Every position kept is a proven fact (read back only if it
//! contains the question and the exact facts hold `k` for it), so answers
//! stay the same; only their cost changes.
//!
//! On `26x26c8-s6` (one thread, counted with a probe build) the index
//! had answered 2.18M questions; with the recent answers, 1.66M were
//! answered by them (the children among them before their bound) and
//! 0.93M by the index, and the same positions were searched. Side by side
//! with the build before (`colorwalk optimum BOARD --threads 2
//! --no-store`, medians of three pairs run in turn, 2026-12-08):
//! `26x26c8-s6` 0.68 of the time (8.2 s against 12.2 s), `-s13` 0.82
//! (1.9 s against 2.2 s); with a probe build that turned them off by a
//! switch, `-s3` 0.82 (3.5 s against 4.3 s) and `30x30c6-f10` 0.83 (9.0 s
//! against 10.8 s). Measured and left out:
//! - One list for every `k` instead of one a `k`: 16 positions 0.92 of
//!   the time on `-s6` asked before the index only, 0.80 with the
//!   children too; 32 and 64 positions answered more but took 0.98 and
//!   0.97 of the time of 16, as every question reads the whole list.
//! - The thread's own new facts put in the list as well: fewer answers
//!   from it (1.33M against 1.41M on `-s6`, one list of 16).
//! - The lists kept from one batch of positions to the next (each
//!   thread's asker is made for a batch): 0.94, 0.98, 0.95 and 1.07 of
//!   the time on `-s6`, `-s13`, `-s3` and `30x30c6-f10`, no clear change.
//! - Leaving out the look through the records a thread has not written
//!   to the index yet, now that the recent answers catch many: 1.09 and
//!   1.07 of the time on `-s6` and `-s3`; that look made after the index
//!   instead of before it (so an index that answers spares it): 0.95 and
//!   1.01, and the recent answers looked through before a ball's refined
//!   bound too (they are before its children's): 0.97 and 1.02, no clear
//!   change either.
//! - The same for refutations: each thread's latest positions shown to
//!   finish in fewer than `k` moves, asked whether the question (or a
//!   child) contains one, since a larger region finishes no later. On
//!   `-s13` (one thread, 45.6k refutations kept) none ever answered: a
//!   tail's search asks about a superset of a refuted position only with
//!   fewer moves left.
//!
//! Measured on the last level (2026-12-08, the build before the recent
//! answers): a position's parent asked first (if the parent needs the moves the
//! upper bound leaves it, none of its children can do better, and the
//! answer, kept for the parent, would drop its other children at once).
//! The parents said yes to 23,707 of 23,807 questions, but that dropped
//! only 44k children, and a parent's question asks a tail about a move
//! longer: on `-s6` (two threads) the tail positions searched rose from
//! 0.77M to 1.39M and the proof took 19.5 s against 10.0 s. With the
//! recent answers, twelve balls on the last level instead of nine took
//! 1.01 and 0.99 of the time on `-s6` and `-s2` (medians of three pairs
//! run in turn).
//!
//! # What it buys
//!
//! `T` = 10, with the balls further in, is the default
//! ([`DEFAULT_TAILS`](super::DEFAULT_TAILS)): see above. Before, with one
//! ball and the superset index, each run beside other work on the
//! machine (so times compare within a pair or a bench only):
//! - `26x26c8-s20` (optimum 42; `colorwalk optimum 26x26c8-s20 --threads 1
//!   --progress --time-limit 150 --tails T`, the default 1 GiB cap): with
//!   `T` = 12 the proven bound reached 40 after 13 s and 41 after 56 s;
//!   with 11, 18 s and 96 s; with 13, 40 after 20 s and 41 not in 150 s.
//!   Without tails it reached 40 after 141 s and not 41 in 200 s; with
//!   the tails of the first version (no superset index, a table a thread),
//!   40 after 20 s and 41 after 105 s with `--memory-mb 8192`, and 41 not
//!   in 120 s with the default cap.
//! - `26x26c8-s13` (optimum 39; `colorwalk optimum 26x26c8-s13 --threads 1
//!   --no-store --tails T`): 64.7k positions expanded with `T` = 12,
//!   167k with 11, 23k with 13, 643k without; single runs took 20.8 s,
//!   25.5 s, 25.7 s and 22.9 s.
//! - The 20 Color Walk 30×30×6 boards, one thread each (`colorwalk bench
//!   --seeds 1..21 --size 30x30 --colors 6 --spec exact:threads=1,tails=0
//!   --spec exact:threads=1 --time-limit 120 --threads 1 --no-store`):
//!   per board a mean of 11.2 s against 21.8 s without tails, a median of
//!   4.8 s against 11.6 s, the slowest 61.9 s against 85.8 s, all 20
//!   proven both ways.
//! - The 100 reference boards (30×20×5): a median of 18 ms against 25 ms;
//!   the 99problems set: a mean of 425 ms against 422 ms.
//!
//! Two threads: at first the table had one lock, taken by every look-up
//! and every record. On `30x30c6-f10` two threads took 73 s against 85 s
//! on one (single runs of a build that counted the tails' work), with 1.3
//! cores busy: a record waited for the other thread's
//! superset query to end, and held up its next one, thousands of times a
//! second, and a thread that waits for a lock sleeps. Both did the same
//! tail work as one thread (2.4M tail positions searched), so nothing was
//! repeated: they waited. With the exact facts in parts and the index
//! records written in bunches, two threads take 47.0 s against 67.7 s
//! (1.7 cores busy; `colorwalk optimum 30x30c6-f10 --threads 2
//! --no-store`, medians of three pairs run in turn).
//! Spinning instead of sleeping on the one lock took 45.5 s but burnt 9 %
//! of the CPU time waiting; `parking_lot`'s locks in place of the
//! standard library's made no difference (74.8 s with one lock, 47.3 s
//! with the parts).
//!
//! The first version of the tails (a table a thread, exact facts only,
//! `T` = 11) paid only where a proof climbs many levels: 1.40 times as
//! long as without on `30x30c6-s2`, and so it was off by default. Larger
//! `T` asks fewer, longer tails; 13 is past the point where they pay.
//!
//! # Children of equal bound
//!
//! [`at_least`] searches a position's open children least bound first,
//! and among equal bounds (most are: the bounds are small numbers) the
//! child whose region holds the most clusters first. The order changes no
//! answer (each is a fact about the position), only the work (a larger
//! region is likelier to finish soon, so a refutation may come sooner).
//! The same positions are raised and expanded, with fewer tail positions
//! searched (`colorwalk optimum BOARD --threads 1 --no-store`, its `tails`
//! line): `26x26c8-s3` 447k against 496k, `-s13` 241k against 255k,
//! `-s17` 327k against 357k; the other tie order (the smallest region
//! first) searched more (`-s13` 275k). Side by side with the order of the
//! bound alone (`colorwalk optimum BOARD --threads 2 --no-store`, medians
//! of three pairs run in turn, 2026-11-28): `26x26c8-s3` 0.86 of the time,
//! `-s13` 0.99, `-s17` 0.85, `30x30c6-f10` 0.83; on one thread `-s3` 0.81
//! and `-s13` 0.97.
//!
//! # The index's level `k` alone
//!
//! A question for `k` is answered by an indexed position shown to need
//! `k` moves or more that contains it. It reads only the level of those
//! shown to need exactly `k`: any yes it finds is a proof, so answers stay
//! right whatever it leaves unread, and what it leaves unread never
//! answered. Counted with a probe build on `26x26c8-s13` (one thread),
//! every one of 468,527 yes answers came from level `k` itself, while a
//! question no superset answered read 4 to 8 levels: a position that
//! needs `k + 1` moves was mostly asked and indexed for `k` first (the
//! balls ask `k` level after level), and a superset of the question at a
//! higher level is also one at level `k`. Reading level `k` alone, the
//! tails' counts (`colorwalk optimum BOARD --threads 1 --no-store`, its
//! `tails` line) are the same to the unit on `26x26c8-s3`, `-s13` and
//! `-s17`, and `-s13` takes 0.895 of the time (medians of four pairs run
//! in turn, one thread). Side by side with the build that read every
//! level from `k` up (`colorwalk optimum BOARD --threads 2 --no-store`,
//! medians of three pairs run in turn, 2026-11-28): `26x26c8-s3` 0.84 of
//! the time, `-s13` 0.95, `-s17` 0.91, `30x30c6-f10` 0.74 (23.5 s against
//! 26.8 s).
//!
//! With this and the refined bound as a test (`bound.rs`), the default
//! `T` = 10 was checked again (`colorwalk optimum BOARD --threads 2
//! --no-store --tails T` against the default, medians of three pairs run
//! in turn): `T` = 11 took 1.10 of the time on `26x26c8-s13` and 1.15 on
//! `-s3`, `T` = 9 1.03 and 1.07; six balls instead of five 1.06 and 0.95
//! (no clear change, so five stay). Those boards take 4 to 8 s; on two
//! that take about 30 s, near the median of the 20 in a minute,
//! `26x26c8-s6` and the Flood-It `-f6` (the same command, later that
//! day), `T` = 11 took 0.97 and 0.98 of the time, within the spread of
//! the pairs, and `T` = 12 took 1.41 on `-s6`: so 10 stays.
//!
//! # Tried and dropped
//!
//! Measured with one ball and `T` = 12, before the balls were asked from
//! the outside in.
//!
//! With the tails on, the last level's merged refutation no longer runs
//! (see [`Budget::merge_last_level`](super::astar::Budget)): on
//! `26x26c8-s13` a proof then takes 7.2 s on one thread, of which the
//! tails' questions 4.6 s (213k answered yes, 196k of them without a
//! search: by the exact facts, the refined bound or a proven superset;
//! 56k answered no), and the index's superset query alone 28 % (`perf`).
//! Each of these was measured on it (one thread, single runs) and left
//! out:
//! - The merged refutation inside [`at_least`] (a position's children
//!   refuted together before they are searched one by one): 11.8 s
//!   against 10.2 s, and at the top question only, 11.1 s.
//! - A second ball when the first says no: one layer further out never
//!   raised a position the first did not (the same expansions); one
//!   layer in (a longer tail) cut the expansions from 89k to 50k, and two
//!   layers in to 37k, but took as long (6.8 s against 7.2 s; on two
//!   threads 4.3 to 5.0 s against 4.6 s, and `26x26c8-s17` 8.9 and 9.3 s
//!   against 8.4 s): the longer tails cost what the search saves.
//!   Measured again with one layer in (two threads, `colorwalk optimum
//!   BOARD --threads 2 --no-store`, medians of three pairs run in turn):
//!   `26x26c8-s3` 0.845 of the time (102k expansions instead of 179k),
//!   `-s13` 0.97, `-s17` 1.09; the 20 Color Walk 30×30×6 boards
//!   (`scripts/bench-big.sh`'s command line) 106.6 s against 97.4 s;
//!   the whole proof of `26x26c8-s20` (optimum 42; `--memory-mb 4096`)
//!   130.0 s against 128.6 s, with 226k positions expanded instead of
//!   743k and a peak of 686 MB against 878 MB (single runs).
//!   Asked on the last level only, `-s3` took 14.1 s against 15.2 s and
//!   12.7 s on every level (single runs).
//! - Asking the tails of the last level's children before they are
//!   stored, so that those raised are never stored: 40 % fewer positions
//!   stored and 18 to 28 % less memory, in the same time.
//! - `T` = 11, 13 and 14 without the merged refutation: 10.0 s, 13.4 s
//!   and 19.1 s (`26x26c8-s3`: 32.6 s, 30.9 s and 45.9 s, against 25.6 s
//!   with 12).
//! - Keeping each indexed set's words beside its rows and comparing a
//!   candidate's set directly once the filter rows leave at most 2 to 64
//!   candidates in a word: 7.8 to 8.8 s against 7.4 s.
//! - The index's blocks laid out word by word, tried again for the
//!   tails (see [`table`](super::table)): 30.8 s against 26.0 s on
//!   `26x26c8-s3`, 7.5 s against 7.2 s on `-s13`. Where the time goes on
//!   `-s3` (26 s, one thread, counted with a probe build): the tails'
//!   superset queries 11 s (1.4M answered yes, at 2.5 µs each, and 0.83M
//!   no, at 9 µs), the children of the 0.83M tail positions searched
//!   6.5 s, so even free queries would leave more than half the time.
//! - The tails of the last level's positions with a larger `T` than the
//!   other levels' (a raise there drops a position for good): with 13,
//!   `-s13` took 6.9 s against 7.6 s, `-s17` 17.0 s against 17.2 s and
//!   `-s3` 26.8 s against 27.1 s (with 4.2 times the expansions), within
//!   the noise; with 14, `-s13` took 10.0 s.
//! - A position whose own relaxed bound is at most `T` (which [`raises`]
//!   leaves to A*) asked its own tail by [`at_least`]: every one asked
//!   needed the move more, and as each such position raised stops a
//!   cascade of small ones, `-s3` expanded 136k positions instead of
//!   183k (`-s13` 77k instead of 89k), but on two threads it took 1.017
//!   times as long (`colorwalk optimum 26x26c8-s3 --threads 2 --no-store`,
//!   medians of three pairs run in turn): the searches cost what the
//!   expansions did.
//! - The filter clusters of a tail's superset query chosen once for all
//!   the index's levels it reads: 2 to 5 % faster in one pair of single
//!   runs (`-s13`, `-s3`), 6 to 12 % slower in the next: noise either way.
//! - The ball chosen by the refined bound instead of the plain one (the
//!   first ball whose refined bound is at most `T`, a ball further out,
//!   whose tail is no longer than `T` by the stronger measure): on two
//!   threads (single runs) `-s13` 5.2 s against 4.7 s with 1.7 times the
//!   expansions, `-s3` 14.3 s against 15.8 s with 1.5 times; with `T` =
//!   13 or 14 more expansions still (`-s3` 595k and 1.22M) and slower.
//!   The ball bound `t + opt(B_t)` is not monotone in `t`: a ball one
//!   layer further in is stronger for some positions and weaker for
//!   others, which is why asking both (above) cuts the expansions most.
//! - A question answered no first by replaying the last few refutations
//!   (a shorter solution of a neighboring ball, its colors played in
//!   turn with the forced moves after each, often clears this ball too,
//!   and a solution is a proof): on `-s13` none of 56k questions was so
//!   answered. Most refutations come back partial (an inner position is
//!   refuted by the exact facts, which keep no moves): of the 6.3k
//!   searched, 1.9k replayed on their own ball.
//! - A superset's yes kept as an exact fact (28 % of the yes answers on
//!   `-s13` were for a position answered so before): no clear change in
//!   time, with 25 to 36 % more memory.
//! - Nested tails: the ball bound asked inside [`at_least`] too, before
//!   a position's children are searched (inner `T` 6 to 9): the same
//!   answers, slower every time (7.3 s against 6.9 s with `T` = 12;
//!   13.1 and 13.7 s against 12.4 s with 13; 19.2 and 20.0 s against
//!   18.2 s with 14).
//! - A raised position asked at once for the levels above too, so that it
//!   waits for the highest level it is shown to need instead of being
//!   popped and asked again at each: 7.2 s against 7.4 s, and on
//!   `26x26c8-s20` the bound 41 came after 44.5 s instead of 39.5 s.
//!
//! ## With five balls from `T` = 10
//!
//! Where the time goes (2026-11-28, one thread, a probe build that timed
//! each question). On `26x26c8-s13` (9 to 11 s) the balls were asked 122k
//! times for 24k positions expanded, and answered:
//!
//! | ball | no | yes |
//! |---|---|---|
//! | first (outermost) | 88k, 1.1 s | 35k, 0.6 s |
//! | one layer in | 48k, 0.8 s | 40k, 1.3 s |
//! | two in | 29k, 1.0 s | 19k, 1.2 s |
//! | three in | 14k, 0.9 s | 15k, 1.3 s |
//! | four in | 4k, 0.4 s | 10k, 0.8 s |
//!
//! So the no answers took 45 % of the tails' time. By the gap between the
//! moves asked and the ball's refined bound: a gap of 1, 81k questions,
//! 62 % yes, 0.4 s; of 2, 144k, 37 % yes, 3.4 s; of 3, 75k, 21 % yes,
//! 3.6 s; never more. On `-s3` (24 s) the superset queries took 13.6 s
//! (1.65M queries, 8.3 µs each); on `-s13` a third of the queries' time
//! went to reading the rows of the set's other clusters for the
//! candidates the filter rows leave (`perf annotate`). Each of these was
//! measured and left out:
//! - One index for all `k`, each set stored with 64 more bits, the first
//!   `k` of them set, and a query for `k` asking for bit `k` as well (one
//!   query instead of one a level, the same answers): 1.08 times the time
//!   on `-s3` (one thread, medians of three pairs run in turn), 1.11 on
//!   `-s13` with two threads.
//! - Before a position's children, asking whether its ball one layer out
//!   (every child lies within it) was shown to need one move less, by the
//!   exact facts or a proven superset: it answered 5.6k of 245k positions
//!   searched, and the run was slower (13.5 s against 10.4 s, single
//!   runs; the ball bound nested, above, asked it by search).
//! - A child's exact facts looked up before its refined bound: few
//!   answered (the same positions searched within 1 %), 8.9 s against
//!   8.4 s.
//! - Queries that read only the newest 4,096 or 16,384 sets of each level:
//!   more positions searched, 10.5 s and 9.0 s against 9.3 to 11 s.
//! - Balls whose refined bound is 3 short of the question skipped (their
//!   searches took 40 % of the questions' time, and said yes to 21 %):
//!   twice the positions expanded (54.6k against 24.0k), in the same time.
//! - Levels of the index split at 4,096 or 8,192 sets instead of 32,768:
//!   9.7 s and 10.1 s against 9.4 s. On a board whose index grows far
//!   larger, `26x26c8-s1` (one thread, 45 s; 2.3M answers from a proven
//!   superset, whose queries then held 57 % of the `perf` samples), the
//!   proven bound reached 42 after 29.8 s splitting at 32,768, 31.7 s at
//!   8,192 and 37.0 s at 131,072 (single runs, 2026-11-28).
//! - Positions whose every child the refined bound settled kept as exact
//!   facts only, not in the index (on `-s13` every yes for 11 moves was
//!   such a position, and such a position costs one expansion to prove
//!   again): medians of three pairs run in turn, 0.96 of the time on
//!   `-s3` (one thread), 1.02 on `-s13` and 0.97 on `-s17` (two threads),
//!   each pair's ratio spread over more than 10 %: no clear change.
//! - The five balls asked in the order of their gap (the moves asked less
//!   the ball's refined bound; the outer first among equal gaps), so that
//!   the cheap questions that most often say yes go first, the exact facts
//!   and the refined bound of every ball looked at before any search: the
//!   same positions raised, 1.03 times the time on `-s3` (one thread,
//!   medians of three pairs run in turn).
//! - The refutations indexed too, for the positions that contain them (a
//!   position with a subset shown to finish in fewer than `k` moves
//!   finishes so too, by monotonicity; a refutation's path never meets a
//!   proven superset, so its every query there misses): a second index
//!   of the sets' complements, asked after a superset query missed. On
//!   `-s13` (one thread) it answered 19k of its 230k queries, in 0.8 s,
//!   and the run took 10.8 s against 10.6 s.
//! - A raised position asked at once for the levels above, by the ball
//!   that raised it, while it says yes (tried before with one ball: see
//!   above). The search's own counts (`colorwalk optimum`'s `tails` line)
//!   show why it saves little: on `-s13` the tails were asked 122,384
//!   times for 55k positions (8k asked once, 32k twice, 15k three times,
//!   counted with a probe build), 118,350 times raising the position;
//!   asked at once, the same ball seldom showed the next level too, and
//!   the positions asked fell only to 121,201 (on `-s3` from 172,115 to
//!   156,329): a position raised again at the next level is mostly raised
//!   there by a ball further in. Single runs, one thread: `-s13` 9.6 s
//!   against 8.7 s, `-s3` 21.1 s against 24.3 s.
//! - A raised position, asked again at the next level, asked only about
//!   the balls further in than the one that raised it (the balls further
//!   out said no before, and the same ball seldom says yes again, as the
//!   item above shows). The same positions were raised and expanded, with
//!   a third fewer balls asked (on `-s13` 196k against 300k, on `-s3` 345k
//!   against 537k) and a tenth fewer tail positions searched, but the time
//!   moved little and not always down (one thread, medians of three pairs
//!   run in turn): 0.89 of it on `-s13`, 0.99 on `-s3` and on `-s17`. On
//!   `30x30c6-f10` it took 90 s against 74 s (single runs), with 10 % more
//!   tail positions searched (1.24M against 1.13M): what the searches left
//!   out had proven answered later questions.
//! - A budget a question: a ball whose search passed 16, 64 or 256
//!   positions given up (taken as no). On `26x26c8-s1` (one thread, 60 s)
//!   the questions of 128 positions or more were 0.2 % of them but took
//!   40 % of the tail positions searched; yet with the budget the proven
//!   bound reached 42 after 49.4 s (64) and 48.5 s (256) against 48.5 s,
//!   and `-s3` took 20.3 s (16) and 21.1 s (64) against 23.2 s, `-s13`
//!   9.2 s and 9.6 s against 9.2 s, about the same positions expanded
//!   (single runs): what the long searches prove answers later questions.
//!   With 4 the expansions and the time doubled.
//! - A tail searched in a graph of its own: the clusters outside the ball
//!   alone, renumbered, so that its sets take 2 or 4 words instead of 8
//!   (on `26x26c8-s13` the positions the tails search hold about 90
//!   unflooded clusters of about 480; the balls asked left at most 128 in
//!   97 % of the questions for the outermost ball, and 129 to 256 in most
//!   for the innermost), its positions widened back to the board's sets
//!   for the table, the eight graphs last made of each width kept (74 %
//!   of the balls lie within one of them). The same answers and counts;
//!   the refined bound took 0.58 of its samples (`perf`), but making the
//!   graphs, renumbering the sets and widening them back took what that
//!   saved: 1.02 of the time on `-s13` (one thread, medians of four pairs
//!   run in turn), 1.03 on `-s3` (two pairs), and 1.00 on `-s13` once the
//!   queries read level `k` alone (above).
//! - The superset query put off until a child that the refined bound
//!   does not settle turns up (a position whose every child it settles
//!   then needs no query): on `-s13` (one thread) 708k tail positions
//!   searched against 241k, 11.2 s against 7.1 s, since the positions so
//!   settled went to the table and its index, which a superset had
//!   answered before without a record.
//!
//! Five more, measured on 2026-11-28 with the queries reading level `k`
//! alone and the refined bound as a test. On `26x26c8-s3` (one thread)
//! the superset queries, the tails' and the dominance index's together,
//! held 47 % of the `perf` samples, and the bound's test 20 %. A probe
//! build counted, on `-s13` (one thread, both indexes): the filter rows
//! left candidates in 4.40M words of positions, one candidate in 56 % of
//! them; the 0.71M words that held a superset read the rows of 160 of the
//! set's clusters each on average (113M reads), the other 3.69M read 27
//! each before no candidate was left (99M).
//! - Each word of 64 indexed positions summed up by the union and the
//!   intersection of their sets (2 bytes a position): a query skipped a
//!   word whose union lacks one of its clusters, and did not read the
//!   rows of clusters the intersection holds. The same answers, 0.99 of
//!   the time (`colorwalk optimum 26x26c8-s3 --threads 1 --no-store`,
//!   medians of three pairs run in turn): positions indexed one after
//!   another have little in common beyond what the index already skips.
//! - The indexed sets kept in order beside the rows (64 bytes a set on
//!   these boards, a third more memory on `-s13`), and a word that the
//!   filter rows and the first 16 rows of the set's clusters leave at
//!   most two candidates settled by comparing their sets with the
//!   question's, where a yes reads 160 rows: 1.03 of the time on `-s3`
//!   (the same command; 1.04 after 40 rows with at most eight
//!   candidates, and 1.08 comparing as soon as the filter rows leave at
//!   most two). A stored set is a read from far away in memory, where the
//!   rows a query reads are near each other and read side by side.
//! - The whole program compiled for this machine's processor
//!   (`RUSTFLAGS="-C target-cpu=native"`): 1.075 of the time on `-s3`
//!   (the same command, against the build as it is, whose hot loops
//!   already have AVX2 versions chosen at run time).
//! - The index in buckets by a cluster each set lacks, one index a
//!   bucket: a superset of the question lacks only clusters the question
//!   lacks, so a question reads only the buckets of the clusters it
//!   lacks. The same answers; with the lowest-numbered cluster a set
//!   lacks as its bucket, `-s13` took 9.4 s against 6.8 s (single runs,
//!   one thread); with the cluster the fewest sets indexed before lack,
//!   8.6 s against 7.5 s, and on `26x26c8-s1` (45 s, one thread) the
//!   proven bound reached 42 after 36.5 s against 27.7 s. A question
//!   lacks some 90 clusters, so it may read as many buckets, each a
//!   query of its own.
//! - A thread's last 16 (or 64) questions answered yes, asked before the
//!   index (a question contained in one of them, for as many moves or
//!   fewer, is answered yes too): on `-s13` (one thread) they answered
//!   21.6k (33.0k) of the 489k questions the index answered yes (an
//!   asker, and its memory of them, lasts about one position's
//!   questions: 141k askers for 122k positions asked), too few to pay
//!   for the look. The proven sets that gave those answers, kept instead
//!   of the questions, answer far more (a question is smaller than the
//!   set that answers it, and askers now last a batch of positions): see
//!   "Recent answers".
//!
//! Where the questions' time goes by the moves a position needs, and five
//! more changes left out (2026-11-28, the build with the level order of
//! `astar.rs`; `26x26c8-s3`, one thread, probe builds that timed each
//! question; the run takes 15 to 17 s as built, 18 s with the probe's
//! clocks, 16 s of it in the questions). Grouped by `want`, the moves the
//! position was asked to need, nearly all of the questions said yes, and
//! their cost peaks where a position needs 18 moves (a tail of about 13
//! from the first ball):
//!
//! | `want` | positions raised | time | tail positions searched each | balls asked each |
//! |---|---|---|---|---|
//! | 17 | 15.8k | 0.8 s | 2.3 | 1.9 |
//! | 18 | 23.0k | 7.6 s | 8.5 | 2.6 |
//! | 19 | 19.6k | 3.3 s | 3.8 | 3.0 |
//! | 20 | 19.4k | 2.2 s | 2.3 | 3.5 |
//! | 21 | 19.1k | 1.1 s | 1.3 | 3.8 |
//!
//! A tail position searched costs about 40 µs: its superset query (0.99M
//! answered yes, at 4.5 µs each, and 0.40M no, at 8.8 µs: 7.9 s in all)
//! and its children's refined bounds (2.7M children, 39 % of them settled
//! by the bound, 1.7 % by the exact facts).
//!
//! By the gap between the moves a question asks and the refined bound's
//! value below them (counted with a probe build on `-s3`, one thread,
//! 2026-12-07): with a gap of 1, a proven superset answered 748k of 993k
//! questions (75 %), and of the 245k it did not, the search showed 206k
//! to need the moves all the same; with 2, 207k of 317k (65 %), 76k more
//! by search; with 3, 34k of 77k (43 %), 20k more by search; with 4,
//! 136 of 1.5k. So no gap marks the questions whose query is wasted: a
//! query left out where the gap is large would mostly cost a search.
//! - Which sets answer: of the first 0.9M yes answers, 94.6k distinct
//!   sets of the 284k then indexed gave them all; the 64 that answered
//!   most gave 12 %, the 1,000 that answered most 38 %; and nearly half
//!   of all 0.99M came from a set recorded more than 8,192 records before
//!   the question (a fifth from the last 256). So no small list of sets,
//!   recently recorded or often used, asked before the index, would
//!   answer enough to pay for the look (see the item above). A list of
//!   the sets that answered *lately*, old or new, does: the same set
//!   answers runs of questions (see "Recent answers", 2026-12-08).
//! - The union of a position's children that need `k − 1` (those reached
//!   by one move), asked of the index before they are searched one by one
//!   (a set that contains the union contains each child, so one yes would
//!   answer them all): 11.8k of 264k unions answered yes (4.5 %).
//! - The filter rows of a query ANDed a whole block (32 words) at a time
//!   before its words are read one by one: 1.06 and 1.21 times the time
//!   (two pairs of single runs). Read word by word, most words end after
//!   the first two filter rows.
//! - 4 or 8 filter rows instead of 6 ([`table`](super::table)'s
//!   `FILTERS`), 8 remembered killer rows instead of 4: within the spread
//!   of the runs (two rounds of single runs in turn: 15.4 and 15.5 s as
//!   built, 14.2 and 16.3 s with 8 filters, 16.0 and 16.4 s with 4, 14.4
//!   and 15.4 s with 8 killers).
//! - The first ball moved out for a position raised far above its plain
//!   bound, so that no question asks a tail longer than `K` moves (the
//!   first ball the one at least `want − K` layers out as well as the
//!   first whose relaxed bound is at most `T`; the `want` of 18 above
//!   asks the longest tails, 12.7 moves on average against 12.3 for its
//!   neighbors): on two threads (single runs) `-s3` 13.5 s with `K` = 12,
//!   11.5 s with 13 and 10.3 s with 14 (the same expansions as without,
//!   so noise) against 9.4 s; `-s13` 4.6, 4.4 and 4.2 s against 4.4 s. A
//!   ball further out says no more often, and the searches of the balls
//!   further in then cost what the shorter tails saved.

use super::bound::{Graph, Set, is_empty};
use super::table::{Chunked, Store, Supersets, hash_words};
use std::cmp::Reverse;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// Proven facts about tail positions, shared by the search's threads: for
/// each settled position met, the largest `k` with `opt ≥ k` shown and the
/// smallest `k` with `opt < k` shown (a shorter solution found); and, for
/// the positions shown to need at least `k` moves, an index by `k` that
/// answers for their subsets too (see [`at_least`]). It holds at most
/// `share` bytes, and at most what the search allows it as the search's
/// own memory grows ([`allow`](Self::allow)): when full it starts again
/// empty.
///
/// The exact facts are in [`SHARDS`] parts with a lock each, held for a
/// look-up or a record. The index is read for long (a query reads every
/// set of its level that can answer), so with more than one thread its
/// records wait in each thread's [`Asker`] and go in [`PENDING`] at a
/// time: one write a record, each waiting for the other thread's query to
/// end and making it wait in turn, kept two threads 1.3 cores busy (see
/// the module docs).
pub(crate) struct TailTable {
    /// The exact facts, in [`SHARDS`] parts by their key's hash, each
    /// with its lock.
    exact: [Mutex<Exact>; SHARDS],
    index: RwLock<Supersets>,
    /// The bytes both parts hold: each growth is reserved here first,
    /// under the lock of the part that grows, so the sum never passes
    /// `allowed`.
    held: AtomicUsize,
    /// The most bytes it may hold: its share, or less when the search
    /// needs the rest of its cap.
    allowed: AtomicUsize,
    share: usize,
    /// The most bytes it has held since [`TailTable::take_peak`] last
    /// asked.
    peak: AtomicUsize,
    /// Words of a position's key, and clusters of the board (the size of
    /// the index's sets).
    w: usize,
    n: usize,
    /// Times it started again (for the tests).
    restarts: AtomicU64,
    /// What the askers counted, added as each is dropped.
    counted: Mutex<TailStats>,
}

/// What the ball bound's tails did in one search (`exact:tails=T`): the
/// counts of its table of tail facts, summed over the threads (each counts
/// its own and adds them to the table's when its batch is done, so the
/// threads do not share a counter). On more than one
/// thread the counts may differ from run to run (what one thread's search
/// proves may answer another's question), where the moves do not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TailStats {
    /// Positions about to be expanded whose balls were asked.
    pub positions_asked: u64,
    /// Of those, the positions shown to need a move more than their level
    /// (each waits for a later level, or past the upper bound is dropped).
    pub positions_raised: u64,
    /// Balls asked, up to five a position (nine on the last level).
    pub balls_asked: u64,
    /// Positions the tails' depth-first searches expanded (those the
    /// table's facts, the refined bound or a proven superset did not
    /// settle).
    pub tail_positions: u64,
    /// Questions, at any depth of a tail's search, answered by a proven
    /// superset.
    pub from_supersets: u64,
}

impl TailStats {
    fn add(&mut self, other: &TailStats) {
        self.positions_asked += other.positions_asked;
        self.positions_raised += other.positions_raised;
        self.balls_asked += other.balls_asked;
        self.tail_positions += other.tail_positions;
        self.from_supersets += other.from_supersets;
    }
}

/// The exact facts of a [`TailTable`].
struct Exact {
    store: Store,
    /// Per position: `at_least | (below << 16)`, 0 and `u16::MAX` when
    /// unknown.
    facts: Chunked<u32, 12>,
}

impl Exact {
    fn new(w: usize) -> Exact {
        Exact {
            store: Store::new(w, w),
            facts: Chunked::new(1),
        }
    }

    fn bytes(&self) -> usize {
        self.store.bytes() + self.facts.bytes()
    }
}

// The table's locks. Nothing done while one is held panics (short of an
// allocation failing, which aborts), so a poisoned lock is taken as it is.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn read<T>(m: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    m.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(m: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    m.write().unwrap_or_else(|e| e.into_inner())
}

/// The parts of a [`TailTable`]'s exact facts.
const SHARDS: usize = 16;

/// The part of a [`TailTable`]'s exact facts that holds a key of hash
/// `hash` (bits the stores' own slots do not use much).
fn shard(hash: u64) -> usize {
    (hash >> 56) as usize % SHARDS
}

/// The largest `k` the superset index keeps (a tail of a search's
/// `T` ≤ 30 never asks for more than about `T` plus the layers of a ball).
const MAX_INDEXED: u32 = 63;

/// The records a thread's [`Asker`] keeps for the index before it writes
/// them in one go.
pub(crate) const PENDING: usize = 256;

/// An index entry's id for a position whose place among the exact facts
/// does not fit in one (more than `2^28` positions in a part).
const NO_ID: u32 = u32::MAX;

/// Bits of an index entry's id that give the place within a part of the
/// exact facts; the part is in the bits above. (The one id that equals
/// [`NO_ID`] only loses its words: such an answer stays a yes.)
const ID_BITS: u32 = 28;
const _: () = assert!(SHARDS <= 1 << (32 - ID_BITS));

/// Whether `outer` contains every cluster of `inner`.
#[inline]
fn contains(outer: &[u64], inner: &[u64]) -> bool {
    inner.iter().zip(outer).all(|(a, b)| a & !b == 0)
}

/// What [`TailTable::index_superset`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Witness {
    /// No position that answers.
    None,
    /// A position that answers, whose words were read.
    Read,
    /// A position that answers, whose words could not be read (its place
    /// among the exact facts did not fit in the index's entry, or the
    /// table has started again since it was indexed).
    Unread,
}

/// A record waiting for the index: `k`, the position and its id there.
type Pending<const W: usize> = (u32, Set<W>, u32);

/// The positions a thread keeps for each `k` that answered its latest
/// questions for `k` ([`Asker::recent_needs`]).
const RECENT: usize = 16;

/// The `k` below which a thread keeps such positions: the tails with
/// `T` up to about 20 ask for no more.
const RECENT_LEVELS: usize = 32;

/// One thread's access to a [`TailTable`]: the positions it has shown to
/// need `k` moves and not yet written to the table's index (at most
/// [`PENDING`]; written when it is dropped), which its own questions see,
/// and for each `k` the proven positions that answered its latest
/// questions (see "Recent answers" in the module docs).
pub(crate) struct Asker<'a, const W: usize> {
    table: &'a TailTable,
    pending: Vec<Pending<W>>,
    /// For each `k` below [`RECENT_LEVELS`], up to [`RECENT`] positions
    /// shown to need `k` moves or more, the latest to answer first.
    recent: Vec<Vec<Set<W>>>,
    /// How many it holds before it writes them ([`PENDING`], or 0 when it
    /// is the only thread).
    holds: usize,
    /// What its questions did, added to the table's counts when dropped.
    counts: TailStats,
}

impl<const W: usize> Asker<'_, W> {
    /// The most bytes an asker holds of its own.
    pub const BYTES: usize = PENDING * size_of::<Pending<W>>()
        + RECENT_LEVELS * (RECENT * size_of::<Set<W>>() + size_of::<Vec<Set<W>>>());
}

impl<'a, const W: usize> Asker<'a, W> {
    /// A thread's access to `table`, holding up to `holds` records for
    /// the index (0: each is written at once, as the only thread does: its
    /// lock is never waited for, and its queries need not look through
    /// the records held, which took 4 % of the time on `26x26c8-s13`).
    pub fn new(table: &'a TailTable, holds: usize) -> Asker<'a, W> {
        Asker {
            table,
            pending: Vec::with_capacity(holds),
            recent: vec![Vec::new(); RECENT_LEVELS],
            holds,
            counts: TailStats::default(),
        }
    }

    /// Whether one of the positions that answered this thread's latest
    /// questions for `k` contains `key`: then `key` needs `k` moves too.
    /// The one that answers moves to the front.
    #[inline]
    fn recent_needs(&mut self, key: &[u64], k: u32) -> bool {
        let Some(recent) = self.recent.get_mut(k as usize) else {
            return false;
        };
        match recent.iter().position(|set| contains(set, key)) {
            Some(p) => {
                recent[..=p].rotate_right(1);
                self.counts.from_supersets += 1;
                true
            }
            None => false,
        }
    }

    /// Whether a position that contains `key` (`hint`: its boundary, the
    /// clusters rarest among the stored sets) was shown to need at least
    /// `k` moves: one that answered lately, one this thread has not
    /// written to the index yet, or one in the table's index (which then
    /// joins the recent ones).
    fn superset_needs(&mut self, key: &[u64], hint: &[u64], k: u32) -> bool {
        if self.recent_needs(key, k) {
            return true;
        }
        let mine = self
            .pending
            .iter()
            .any(|(j, set, _)| *j >= k && contains(set, key));
        let needs = mine || {
            let mut witness = [0; W];
            match self.table.index_superset(key, hint, k, &mut witness) {
                Witness::None => false,
                Witness::Unread => true,
                Witness::Read => {
                    if let Some(recent) = self.recent.get_mut(k as usize) {
                        if recent.len() == RECENT {
                            recent.pop();
                        }
                        recent.insert(0, witness);
                    }
                    true
                }
            }
        };
        if needs {
            self.counts.from_supersets += 1;
        }
        needs
    }

    /// Keeps what a search showed about the position `key`: `opt ≥
    /// at_least` and `opt < below`.
    fn record(&mut self, key: &[u64], hash: u64, at_least: u32, below: u32) {
        if let Some(id) = self.table.record(key, hash, at_least, below) {
            let mut set = [0; W];
            set[..key.len()].copy_from_slice(key);
            self.pending.push((at_least, set, id));
            if self.pending.len() >= self.holds {
                self.table.write_index(&mut self.pending);
            }
        }
    }
}

impl<const W: usize> Drop for Asker<'_, W> {
    fn drop(&mut self) {
        self.table.write_index(&mut self.pending);
        lock(&self.table.counted).add(&self.counts);
    }
}

impl TailTable {
    /// An empty table of positions of `w` words on a board of `n`
    /// clusters, within `share` bytes.
    pub fn new(w: usize, n: usize, share: usize) -> TailTable {
        let held = SHARDS * Exact::new(w).bytes() + Supersets::new(n).bytes();
        TailTable {
            exact: std::array::from_fn(|_| Mutex::new(Exact::new(w))),
            index: RwLock::new(Supersets::new(n)),
            held: AtomicUsize::new(held),
            allowed: AtomicUsize::new(share),
            share,
            peak: AtomicUsize::new(held),
            w,
            n,
            restarts: AtomicU64::new(0),
            counted: Mutex::new(TailStats::default()),
        }
    }

    /// The bytes it holds.
    pub fn bytes(&self) -> usize {
        self.held.load(Ordering::Relaxed)
    }

    /// The most bytes it has held since the last call (or since it was
    /// made); from now on, the most since this call.
    pub fn take_peak(&self) -> usize {
        self.peak.swap(self.bytes(), Ordering::Relaxed)
    }

    /// Lets it hold at most `bytes` (and never more than its share): the
    /// search calls this between its batches as its own memory grows.
    /// Holding more now, it starts again empty.
    pub fn allow(&self, bytes: usize) {
        self.allowed.store(bytes.min(self.share), Ordering::Relaxed);
        if self.bytes() > self.allowed.load(Ordering::Relaxed) {
            self.start_again(&mut write(&self.index));
        }
    }

    /// What the questions of its askers dropped so far did.
    pub fn stats(&self) -> TailStats {
        *lock(&self.counted)
    }

    /// The bytes its parts hold, counted part by part (for the tests: the
    /// table keeps the sum as they change).
    #[cfg(test)]
    fn counted_bytes(&self) -> usize {
        let index = read(&self.index);
        index.bytes() + self.exact.iter().map(|e| lock(e).bytes()).sum::<usize>()
    }

    /// Reserves `add` more bytes, if they fit what it is allowed. Called
    /// under the lock of the part that grows by them.
    fn reserve(&self, add: usize) -> bool {
        let allowed = self.allowed.load(Ordering::Relaxed);
        let fits = self
            .held
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |h| {
                (h + add <= allowed).then_some(h + add)
            });
        match fits {
            Ok(h) => {
                self.peak.fetch_max(h + add, Ordering::Relaxed);
                true
            }
            Err(_) => false,
        }
    }

    /// Sets the bytes a part was reserved (`reserved`) to what it holds
    /// (`now`).
    fn settle(&self, reserved: usize, now: usize) {
        if now > reserved {
            self.held.fetch_add(now - reserved, Ordering::Relaxed);
        } else {
            self.held.fetch_sub(reserved - now, Ordering::Relaxed);
        }
    }

    /// Forgets every fact, and gives back the memory that held them. The
    /// caller holds the index's lock; the exact facts' locks are taken
    /// after it, in order (as everywhere: the index's first).
    fn start_again(&self, index: &mut Supersets) {
        let mut exact: Vec<_> = self.exact.iter().map(lock).collect();
        *index = Supersets::new(self.n);
        let mut held = index.bytes();
        for e in &mut exact {
            **e = Exact::new(self.w);
            held += e.bytes();
        }
        self.held.store(held, Ordering::Relaxed);
        self.restarts.fetch_add(1, Ordering::Relaxed);
    }

    /// The largest `k` shown to hold for `key` and the smallest shown to
    /// fail.
    fn facts(&self, key: &[u64], hash: u64) -> (u32, u32) {
        let exact = lock(&self.exact[shard(hash)]);
        match exact.store.find(key, hash) {
            Some(i) => {
                let x = *exact.facts.at(i as usize);
                (x & 0xffff, x >> 16)
            }
            None => (0, u32::from(u16::MAX)),
        }
    }

    /// Whether the index holds a position that contains `key` and was
    /// shown to need `k` moves, and if so, that position's words in
    /// `witness` when they can be read (see [`Witness`]). Only the
    /// positions shown to need exactly `k` are read: one shown to need more
    /// would answer too, but none ever did, and reading their levels made a
    /// question that no superset answers cost several queries (see "The
    /// index's level `k` alone" in the module docs).
    fn index_superset(&self, key: &[u64], hint: &[u64], k: u32, witness: &mut [u64]) -> Witness {
        let index = read(&self.index);
        if index.len(k as usize) == 0 {
            return Witness::None;
        }
        let Some(id) = index.find_superset(k as usize, key, hint, u32::MAX, 0) else {
            return Witness::None;
        };
        // The index holds its read lock while the position is read: a
        // start again, which empties both parts, waits for it (and takes
        // the index's lock first, as this does). What is read is checked
        // all the same: the position must contain `key` and be known to
        // need `k` moves.
        if id != NO_ID {
            let exact = lock(&self.exact[(id >> ID_BITS) as usize]);
            let i = id & ((1 << ID_BITS) - 1);
            if (i as usize) < exact.store.len() && *exact.facts.at(i as usize) & 0xffff >= k {
                let words = exact.store.get(i);
                if contains(words, key) {
                    witness[..words.len()].copy_from_slice(words);
                    return Witness::Read;
                }
            }
        }
        Witness::Unread
    }

    /// Keeps the exact facts `opt ≥ at_least` and `opt < below` about the
    /// position `key`; when `at_least` is news for the index (larger than
    /// shown before, and within what it keeps), returns the position's
    /// place among the exact facts ([`NO_ID`] if it has none that fits in
    /// an index entry).
    fn record(&self, key: &[u64], hash: u64, at_least: u32, below: u32) -> Option<u32> {
        let at_least = at_least.min(u32::from(u16::MAX));
        let below = below.min(u32::from(u16::MAX));
        let mut exact = lock(&self.exact[shard(hash)]);
        let found = exact.store.find(key, hash);
        let old = found.map_or(0, |i| *exact.facts.at(i as usize) & 0xffff);
        let i = match found {
            Some(i) => i,
            None => {
                let (before, next) = (
                    exact.bytes(),
                    exact.store.bytes_next() + exact.facts.bytes_next(),
                );
                if !self.reserve(next - before) {
                    // Full: it starts again (both locks, the index's
                    // first), and this fact is let go.
                    drop(exact);
                    self.start_again(&mut write(&self.index));
                    return None;
                }
                exact.facts.push(u32::from(u16::MAX) << 16);
                let i = exact.store.insert(key, &[], hash);
                self.settle(next - before, exact.bytes() - before);
                i
            }
        };
        let x = exact.facts.at_mut(i as usize);
        let (a, b) = ((*x & 0xffff).max(at_least), (*x >> 16).min(below));
        *x = a | (b << 16);
        (at_least > old && (2..=MAX_INDEXED).contains(&at_least)).then(|| {
            if i < 1 << ID_BITS {
                ((shard(hash) as u32) << ID_BITS) | i
            } else {
                NO_ID
            }
        })
    }

    /// Writes a thread's pending records to the index (and empties them).
    fn write_index<const W: usize>(&self, pending: &mut Vec<Pending<W>>) {
        if pending.is_empty() {
            return;
        }
        let mut index = write(&self.index);
        for (k, set, id) in pending.drain(..) {
            let key = &set[..self.w];
            let before = index.bytes();
            let next = index.bytes_next(k as usize, key);
            if !self.reserve(next - before) {
                self.start_again(&mut index);
                return;
            }
            index.insert(k as usize, id, key);
            self.settle(next - before, index.bytes() - before);
        }
    }
}

/// The most balls [`raises`] asks about one position: the first, whose
/// relaxed bound is at most `T`, then one layer further in each time the
/// one before says no (see the module docs, "From the outside in").
pub(crate) const BALLS: u32 = 5;

/// The most balls asked about a position of the last level, where a
/// raise drops the position for good (see the module docs, "More balls on
/// the last level"); also the most [`raises`] asks at all.
pub(crate) const LAST_LEVEL_BALLS: u32 = 9;

/// Whether the ball bound shows `opt(R) ≥ want` for the settled position
/// `(flooded, frontier)`: asks the tail of the first ball whose relaxed
/// bound is at most `tmax`, and while the answer is no, the tails of up to
/// `balls − 1` balls further in, one layer each (`balls` from 1 to
/// [`LAST_LEVEL_BALLS`]; the search asks [`BALLS`], and on its last level
/// [`LAST_LEVEL_BALLS`]; see the module docs). `None` when
/// `halt` answered yes during a tail's search (nothing is known then).
#[allow(clippy::too_many_arguments)]
pub(crate) fn raises<const W: usize>(
    g: &Graph<W>,
    flooded: &Set<W>,
    frontier: &Set<W>,
    tmax: u32,
    want: u32,
    asker: &mut Asker<'_, W>,
    halt: &dyn Fn() -> bool,
    balls: u32,
) -> Option<bool> {
    let (mut ball, mut layer) = (*flooded, *frontier);
    // A layer takes the relaxed bound down by about one, so the ball is
    // looked for from `skip` layers out (any ball gives a valid bound: this
    // only picks which one is asked).
    let skip = g.bound(&ball, &layer).saturating_sub(tmax);
    // `skip = 0`: the position's own tail is short enough, which asks its
    // own optimum: that is A*'s own work.
    if skip == 0 {
        return Some(false);
    }
    // The last balls passed on the way out: `B_u` (with its layer) at
    // `inner[u % (LAST_LEVEL_BALLS − 1)]`.
    let mut inner = [([0; W], [0; W]); LAST_LEVEL_BALLS as usize - 1];
    let mut t = 0;
    loop {
        if is_empty(&layer) {
            // `B_t` is the whole board: no tail is left to ask.
            return Some(false);
        }
        if t >= skip && g.bound(&ball, &layer) <= tmax {
            break;
        }
        inner[t as usize % inner.len()] = (ball, layer);
        let mut next = [0; W];
        g.gather(&layer, &mut next);
        for i in 0..W {
            ball[i] |= layer[i];
        }
        for i in 0..W {
            next[i] &= !ball[i];
        }
        layer = next;
        t += 1;
    }
    if t >= want {
        return Some(false);
    }
    // From `B_t` in, down to `B_1` at the most (`B_0` is the position
    // itself: A*'s own question), until a tail says yes. Each ball's bound
    // holds on its own, so any yes raises the position.
    asker.counts.positions_asked += 1;
    let mut ticks = 0u32;
    let mut answer = Some(false);
    for u in (t
        .saturating_sub(balls.clamp(1, LAST_LEVEL_BALLS) - 1)
        .max(1)..=t)
        .rev()
    {
        let (mut ball, mut layer) = if u == t {
            (ball, layer)
        } else {
            inner[u as usize % inner.len()]
        };
        let forced = g.close(&mut ball, &mut layer, |_| ());
        let k = (want - u).saturating_sub(forced);
        asker.counts.balls_asked += 1;
        answer = at_least(g, &ball, &layer, k, asker, false, &mut ticks, halt);
        if answer != Some(false) {
            break;
        }
    }
    asker.counts.tail_positions += u64::from(ticks);
    asker.counts.positions_raised += u64::from(answer == Some(true));
    answer
}

/// Whether `opt ≥ k` from the settled position `(f, l)` (see the module
/// docs); `checked` when the caller knows its refined bound is below `k`.
/// `None` when `halt` answered yes (asked every 256 positions).
#[allow(clippy::too_many_arguments)]
fn at_least<const W: usize>(
    g: &Graph<W>,
    f: &Set<W>,
    l: &Set<W>,
    k: u32,
    asker: &mut Asker<'_, W>,
    checked: bool,
    ticks: &mut u32,
    halt: &dyn Fn() -> bool,
) -> Option<bool> {
    if is_empty(l) {
        return Some(k == 0);
    }
    if k <= 1 {
        return Some(true);
    }
    let key = &f[..g.w];
    let hash = hash_words(key);
    let (known, below) = asker.table.facts(key, hash);
    if known >= k {
        return Some(true);
    }
    if below <= k {
        return Some(false);
    }
    // The refined bound as a test (see `bound.rs`, "The refined bound as a
    // test"): at least `k` exactly when the bound is.
    if !checked && g.refined_reaches(f, l, k) >= k {
        return Some(true);
    }
    // A position that contains this one and needs `k` moves: by
    // monotonicity this one needs them too.
    if asker.superset_needs(key, &g.boundary(f, l)[..g.w], k) {
        return Some(true);
    }
    *ticks += 1;
    if (*ticks).is_multiple_of(256) && halt() {
        return None;
    }
    // The children the bound does not settle, least bound first (a
    // refutation is found sooner; the value `refined_reaches` gives, which
    // is at least the bound), and among equal bounds the one whose
    // region holds the most clusters first (the order changes no answer,
    // only the work: see "Children of equal bound" in the module docs); a
    // child that finishes in fewer than `k` moves refutes at once.
    let mut open: Vec<(u32, Reverse<u32>, Set<W>, Set<W>, u32)> = Vec::new();
    let mut refuted = false;
    g.each_child(f, l, |_, mut nf, mut nl, moves| {
        if is_empty(&nl) {
            refuted = moves < k;
            return !refuted;
        }
        if moves + 1 >= k {
            return true;
        }
        // A position that answered a recent question for `k − moves` and
        // contains the child answers for it, for less than its bound costs
        // (see "Recent answers" in the module docs).
        if asker.recent_needs(&nf[..g.w], k - moves) {
            return true;
        }
        // At least `k − moves` exactly when the refined bound is; below,
        // only an order for the children.
        let h = g.refined_reaches(&nf, &nl, k - moves);
        if moves + h >= k {
            return true;
        }
        g.settle_dead_ends(&mut nf, &mut nl);
        let clusters = nf.iter().map(|w| w.count_ones()).sum();
        open.push((moves + h, Reverse(clusters), nf, nl, moves));
        true
    });
    let mut answer = Some(!refuted);
    if !refuted {
        open.sort_by_key(|c| (c.0, c.1));
        for (_, _, nf, nl, moves) in &open {
            match at_least(g, nf, nl, k - moves, asker, true, ticks, halt) {
                Some(true) => {}
                other => {
                    answer = other;
                    break;
                }
            }
        }
    }
    match answer {
        Some(true) => asker.record(key, hash, k, u32::MAX),
        // A solution of fewer than `k` moves: `opt < k`, so `opt ≥ k` fails
        // from here for `k` and more (kept as the smallest failing `k`).
        Some(false) => asker.record(key, hash, 0, k),
        None => {}
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::bound::tests::breadth_first;
    use crate::search::bound::{WithWidth, dispatch};
    use cw_core::{Board, ClusterGraph};

    /// Along random lines of play on small boards of both rule sets, at
    /// each settled position: `at_least(k)` answers as the breadth-first
    /// optimum says for every `k` up to one past it, and `raises` never
    /// claims more than the optimum (with five balls or the last level's
    /// nine), nor less than its first ball alone, or nine less than five.
    /// One table serves all the questions of a board (so its facts answer
    /// many of them), within `extra` bytes more than it holds empty; and
    /// what it says it holds is what its parts hold, never more than that.
    /// Returns how often `raises` beat the refined bound, how often
    /// `at_least` answered from the table's own facts, how often from a
    /// proven superset, how often the table started again, and how often
    /// `raises` showed what its first ball alone did not.
    fn check_boards(extra: usize) -> [usize; 5] {
        struct Check<'a>(&'a ClusterGraph, u64, usize);
        impl WithWidth for Check<'_> {
            type Out = [usize; 5];
            fn run<const W: usize>(self, g: Graph<W>) -> [usize; 5] {
                let mut rng = cw_core::SplitMix64::new(self.1);
                let share = TailTable::new(g.w, g.n, 0).bytes() + self.2;
                let table = TailTable::new(g.w, g.n, share);
                let mut asker = Asker::new(&table, PENDING);
                let (mut f, mut l) = g.position(&self.0.start());
                let never = || false;
                // Positions where `raises` beat the refined bound, and
                // answers `at_least` took from the table.
                let mut met = [0; 5];
                while !is_empty(&l) {
                    let (mut sf, mut sl) = (f, l);
                    g.close(&mut sf, &mut sl, |_| ());
                    let opt = breadth_first(&g, &sf, &sl);
                    for k in 0..=opt + 1 {
                        let mut ticks = 0;
                        let before = table.facts(&sf[..g.w], hash_words(&sf[..g.w]));
                        let answer =
                            at_least(&g, &sf, &sl, k, &mut asker, false, &mut ticks, &never);
                        assert_eq!(answer, Some(opt >= k), "opt {opt}, k {k}");
                        met[1] += usize::from(ticks == 0 && (before.0 >= k || before.1 <= k));
                    }
                    let refined = g.refined_bound(&sf, &sl, u32::MAX);
                    for tmax in 1..6 {
                        for want in 1..=opt + 2 {
                            let r = raises(&g, &sf, &sl, tmax, want, &mut asker, &never, BALLS);
                            assert!(r.is_some());
                            if r == Some(true) {
                                assert!(opt >= want, "raised to {want}, opt {opt}");
                                met[0] += usize::from(want > refined);
                            }
                            // The balls further in only add to what the
                            // first shows.
                            let first = raises(&g, &sf, &sl, tmax, want, &mut asker, &never, 1);
                            assert!(first.is_some());
                            if first == Some(true) {
                                assert_eq!(r, Some(true));
                            }
                            met[4] += usize::from(r == Some(true) && first == Some(false));
                            // Nor do the last level's, which ask more of
                            // them, ever claim more than the optimum.
                            let last = raises(
                                &g,
                                &sf,
                                &sl,
                                tmax,
                                want,
                                &mut asker,
                                &never,
                                LAST_LEVEL_BALLS,
                            );
                            assert!(last.is_some());
                            if last == Some(true) {
                                assert!(opt >= want, "raised to {want}, opt {opt}");
                            }
                            if r == Some(true) {
                                assert_eq!(last, Some(true));
                            }
                        }
                    }
                    let useful: Vec<usize> = (0..g.k).filter(|&c| g.useful(&l, c)).collect();
                    let c = useful[rng.below(useful.len() as u64) as usize];
                    g.play(&mut f, &mut l, c);
                }
                drop(asker);
                // What the asker counted, added to the table's counts as it
                // was dropped.
                let s = table.stats();
                assert!(s.positions_raised <= s.positions_asked);
                assert!(s.positions_asked <= s.balls_asked);
                assert!(s.balls_asked <= u64::from(LAST_LEVEL_BALLS) * s.positions_asked);
                assert_eq!(table.bytes(), table.counted_bytes());
                assert!(table.take_peak() <= share);
                met[2] = s.from_supersets as usize;
                met[3] = table.restarts.load(Ordering::Relaxed) as usize;
                met
            }
        }
        let mut met = [0; 5];
        for seed in 0..40 {
            let board = if seed % 2 == 0 {
                Board::seeded(7, 7, 5, seed).unwrap()
            } else {
                Board::seeded_flood_it(7, 7, 5, seed, (3, 3)).unwrap()
            };
            let graph = ClusterGraph::new(&board);
            let m = dispatch(&graph, Check(&graph, seed, extra));
            for (a, b) in met.iter_mut().zip(m) {
                *a += b;
            }
        }
        met
    }

    #[test]
    fn tail_answers_agree_with_breadth_first() {
        // On boards this small the refined bound is nearly exact, so the
        // ball bound seldom beats it here (the search's own test,
        // `the_ball_bound_keeps_the_optimum_and_saves_expansions`, shows
        // it paying on larger ones), and few questions are left to the
        // superset index (5 on these boards); the table answered often
        // enough to mean something, and the index answered some. The balls
        // further in raised positions the first did not.
        let [_, from_table, from_supersets, _, inner_raised] = check_boards(1 << 30);
        assert!(
            inner_raised > 0,
            "a ball further in raised {inner_raised} times"
        );
        assert!(
            from_table > 20,
            "answered from the table {from_table} times"
        );
        assert!(
            from_supersets > 0,
            "answered from a proven superset {from_supersets} times"
        );
    }

    #[test]
    fn a_proven_superset_answers_with_its_words_and_then_from_the_recent_ones() {
        let table = TailTable::new(1, 64, 1 << 20);
        let mut asker = Asker::<1>::new(&table, 0);
        let (big, other) = ([0b1111u64], [0b1_0000_0001u64]);
        asker.record(&big, hash_words(&big), 5, u32::MAX);
        asker.record(&other, hash_words(&other), 5, u32::MAX);
        // The index names the position it found, with its words.
        let mut witness = [0; 1];
        assert_eq!(
            table.index_superset(&[0b0110], &[0b0110], 5, &mut witness),
            Witness::Read
        );
        assert_eq!(witness, big);
        assert_eq!(
            table.index_superset(&[0b1_0000], &[0b1_0000], 5, &mut witness),
            Witness::None
        );
        assert_eq!(
            table.index_superset(&[0b0110], &[0b0110], 6, &mut witness),
            Witness::None
        );
        // Asked through the asker, it joins the recent answers for 5, which
        // then answer its subsets, and only for 5.
        assert!(!asker.recent_needs(&[0b0011], 5));
        assert!(asker.superset_needs(&[0b0110], &[0b0110], 5));
        assert!(asker.recent_needs(&[0b0011], 5));
        assert!(asker.recent_needs(&[0b1001], 5));
        assert!(!asker.recent_needs(&[0b1_0001], 5));
        assert!(!asker.recent_needs(&[0b0011], 4));
        assert!(!asker.recent_needs(&[0b0011], 6));
        // A table started again holds nothing, and its index names nothing.
        table.start_again(&mut write(&table.index));
        assert_eq!(
            table.index_superset(&[0b0110], &[0b0110], 5, &mut witness),
            Witness::None
        );
    }

    #[test]
    fn a_table_that_starts_again_when_full_answers_the_same() {
        // A share of a few hundred bytes: the table is cleared again and
        // again, and every answer is still the oracle's.
        check_boards(600);
    }

    #[test]
    fn a_table_holds_what_it_counts_and_no_more_than_it_may() {
        // Room for a first chunk of facts or two: the table fills and starts
        // again, and its count stays its parts' bytes, within its share
        // (checked in `check_boards`).
        let [.., restarts, _] = check_boards(25_000);
        assert!(restarts > 0, "it never filled");
    }
}
