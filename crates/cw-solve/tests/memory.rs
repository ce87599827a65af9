//! The exact search's memory accounting against what the process really
//! uses: this test binary has its own counting global allocator, so the
//! bytes `solve_exact` reports can be held to the bytes it allocated, and
//! (on Linux) to the pages that became resident.
//!
//! The tests share the allocator's counters, so they take a lock and run
//! one at a time.

use cw_core::{Board, ClusterGraph, replay};
use cw_solve::exact::{ExactOptions, ExactResult, StopReason, solve_exact};
use cw_solve::{Limits, SearchCtx};
use cw_testkit::CountingAllocator;
use std::sync::Mutex;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// One test at a time: they read the same counters.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A board whose exact search stores some 140 000 positions (about 35 MB)
/// in a second or two of a debug build, and its proven optimum
/// (`26x26c6-s2`; 32, as `exact` proved it: a regression value, not an
/// independent golden). A search of a few MB would not do: the resident memory
/// of the test's own thread and of pages an earlier test freed is then a
/// good part of the 10 % allowed.
fn board() -> (Board, usize) {
    (Board::seeded(26, 26, 6, 2).expect("a valid shape"), 32)
}

/// A board whose proof needs far more than a few MiB (some 50 MB with the
/// tails; `board()`'s is proven within 1 MiB with them), and its optimum
/// (`data/big/30x30c6.txt`).
fn hard_board() -> (Board, usize) {
    (Board::seeded(30, 30, 6, 2).expect("a valid shape"), 41)
}

/// Runs the exact search on `board` with `opts`; returns its result and
/// the peak of the bytes allocated during the search, beyond those live
/// before it.
fn search(board: &Board, graph: &ClusterGraph, opts: &ExactOptions) -> (ExactResult, usize) {
    let mut ctx = SearchCtx::new(board, &Limits::default());
    let before = CountingAllocator::start_peak();
    let r = solve_exact(graph, opts, &mut ctx);
    let peak = CountingAllocator::peak() - before;
    (r, peak)
}

/// `a` is within 10 % of `b`.
fn within_10_percent(a: u64, b: u64) -> bool {
    a.abs_diff(b) * 10 <= b
}

/// A field of `/proc/self/status`, in KiB.
#[cfg(target_os = "linux")]
fn status_kib(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line[field.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

#[test]
fn the_search_counts_the_bytes_it_allocates_and_they_are_resident() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // A search of some 50 MB: `board()`'s, some 10 MB with the tails,
    // left about 1 MB of what became resident (the allocator's and the
    // threads' own) too near the 10 % this allows.
    let (board, optimum) = hard_board();
    let graph = ClusterGraph::new(&board);
    let opts = ExactOptions::default();
    // Resident memory: the peak since now (Linux resets it on writing 5 to
    // clear_refs), against the memory resident now.
    #[cfg(target_os = "linux")]
    let resident_before = std::fs::write("/proc/self/clear_refs", "5")
        .ok()
        .and_then(|()| status_kib("VmRSS:"));
    let (r, allocated) = search(&board, &graph, &opts);
    assert!(r.proven && r.moves.len() == optimum, "{r:?}");
    assert!(
        replay(&graph, &r.moves).expect("legal moves").cleared,
        "the solution clears the board"
    );
    eprintln!(
        "counted {} bytes, allocated {allocated} at the peak",
        r.peak_bytes
    );
    assert!(
        r.peak_bytes > 8 << 20,
        "the search is big enough to measure: {} bytes",
        r.peak_bytes
    );
    assert!(
        within_10_percent(r.peak_bytes, allocated as u64),
        "the search counts {} bytes at its peak, and allocated {allocated}",
        r.peak_bytes
    );
    #[cfg(target_os = "linux")]
    match (resident_before, status_kib("VmHWM:")) {
        (Some(before), Some(peak)) => {
            let resident = (peak - before) << 10;
            eprintln!("resident: {resident} bytes more at the peak");
            assert!(
                within_10_percent(r.peak_bytes, resident),
                "the search counts {} bytes at its peak, and {resident} bytes became resident",
                r.peak_bytes
            );
        }
        _ => cw_testkit::skip(
            "the_search_counts_the_bytes_it_allocates_and_they_are_resident",
            "the resident part: /proc/self cannot reset or tell the peak of resident memory",
        ),
    }
}

#[test]
fn a_small_cap_stops_the_search_within_it_with_a_valid_solution_and_a_lower_bound() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (board, optimum) = hard_board();
    let graph = ClusterGraph::new(&board);
    for memory_mb in [1, 4] {
        let opts = ExactOptions {
            memory_mb,
            ..ExactOptions::default()
        };
        let (r, allocated) = search(&board, &graph, &opts);
        assert_eq!(r.stopped, Some(StopReason::Memory), "{memory_mb} MiB");
        assert!(!r.proven);
        assert!(
            replay(&graph, &r.moves).expect("legal moves").cleared,
            "{memory_mb} MiB: the solution clears the board"
        );
        assert!(
            r.lower_bound as usize <= optimum && optimum <= r.moves.len(),
            "{memory_mb} MiB: {} ≤ {optimum} ≤ {}",
            r.lower_bound,
            r.moves.len()
        );
        assert!(
            r.lower_bound >= r.start_bound,
            "{memory_mb} MiB: the bound proven is no less than the bound at the start"
        );
        eprintln!(
            "{memory_mb} MiB: counted {}, allocated {allocated}",
            r.peak_bytes
        );
        let cap = memory_mb << 20;
        assert!(
            r.peak_bytes <= cap,
            "{memory_mb} MiB: the search counts {} bytes",
            r.peak_bytes
        );
        assert!(
            allocated as u64 <= cap,
            "{memory_mb} MiB: the search allocated {allocated} bytes"
        );
    }
}

#[test]
fn a_search_on_many_threads_allocates_no_more_than_its_cap() {
    // Expanded in batches of 64 positions a thread, whose children are
    // collected before they are stored: those lists count against the cap
    // too (they were left out, and 64 threads passed a 64 MiB cap by 25
    // MiB). No crew here: the batches are expanded one position after
    // another, into one list.
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (board, _) = board();
    let graph = ClusterGraph::new(&board);
    for (memory_mb, threads) in [(4, 16), (4, 64), (16, 64)] {
        let opts = ExactOptions {
            memory_mb,
            threads,
            ..ExactOptions::default()
        };
        let (r, allocated) = search(&board, &graph, &opts);
        assert_eq!(r.stopped, Some(StopReason::Memory), "{memory_mb} MiB");
        assert!(
            allocated as u64 <= memory_mb << 20,
            "{memory_mb} MiB on {threads} threads: allocated {allocated} bytes"
        );
    }
}

#[test]
fn every_searching_solver_allocates_no_more_than_the_games_budget() {
    // A game's memory budget (the web lab's share, `bench --memory-mb`)
    // binds every searching solver: what it allocates during the game,
    // beyond what was live before, stays within the budget. A buffer that
    // doubles must be allowed for before it grows: checked after, the
    // budget is passed by up to the buffer's size.
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let board = Board::koblenski(30, 20, 5, 3).expect("a valid shape");
    let graph = ClusterGraph::new(&board);
    for budget in [1 << 20, 2 << 20, 5 << 20] {
        within_budget(&graph, budget);
    }
}

/// Plays each searching spec on `graph` under a game budget of `budget`
/// bytes, and holds what it allocated to the budget.
fn within_budget(graph: &ClusterGraph, budget: u64) {
    let limits = Limits {
        memory_bytes: Some(budget),
        ..Limits::default()
    };
    for text in [
        "dijkstra:cap=2000000",
        "greedy-dijkstra",
        "bfs:cap=4000000|gla:depth=5",
        "dfs:depth=200,nodes=200000|greedy",
        "near:width=100000",
        "exact:memory-mb=4096,beam=65536",
    ] {
        let spec = cw_solve::Spec::parse(text).unwrap();
        let mut solver = spec.build().unwrap();
        let before = CountingAllocator::start_peak();
        let report = cw_solve::solve(graph, solver.as_mut(), &limits);
        let allocated = CountingAllocator::peak() - before;
        eprintln!("{text}: allocated {allocated} at the peak");
        assert!(
            replay(graph, &report.moves).expect("legal moves").cleared,
            "{text}"
        );
        assert!(
            allocated as u64 <= budget,
            "{text}: allocated {allocated} bytes under a budget of {budget}"
        );
    }
}
