//! What a batch holds: this test binary counts every allocation, so a
//! batch's peak can be held to its games' needs rather than its boards'.

use cw_batch::{BoardSet, run_batch};
use cw_solve::{Limits, Spec};
use cw_testkit::CountingAllocator;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

#[test]
fn a_batch_holds_the_boards_of_its_games_under_way_not_all_its_boards() {
    // 4,000 boards of 40×40: about 3 KiB each as cells (more with their
    // cluster graphs), 12 MiB or more if all were made first. Each game
    // makes its board, so the peak is a few games' worth and the jobs.
    let set = BoardSet::Seeds {
        first: 1,
        count: 4000,
        width: 40,
        height: 40,
        colors: 6,
    };
    let specs = [Spec::parse("round-robin").unwrap()];
    let played = AtomicUsize::new(0);
    let before = CountingAllocator::start_peak();
    run_batch(
        &specs,
        &set,
        &Limits::default(),
        &HashSet::new(),
        1,
        None,
        &|r| {
            assert!(r.report.solved());
            played.fetch_add(1, Ordering::Relaxed);
        },
    )
    .unwrap();
    let peak = CountingAllocator::peak() - before;
    assert_eq!(played.load(Ordering::Relaxed), 4000);
    let one_board = std::mem::size_of::<Option<cw_core::Color>>() * 40 * 40;
    assert!(
        peak < 4000 * one_board / 8,
        "a peak of {peak} bytes, where all the boards' cells take {}",
        4000 * one_board
    );
}
