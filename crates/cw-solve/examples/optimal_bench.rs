//! Benchmark of `exact` and `near` on the reference boards with proven minima.
//!
//! ```text
//! cargo run --release -p cw-solve --example optimal_bench -- [FILE] [--width N] [--tail N] [--boards N] [--repeat N] [--beam N] [--exact-only] [--near-only] [-v]
//! ```
//!
//! FILE defaults to `data/reference/optimal-30x20x5.txt` (a copy of the lab's shared reference set, from the
//! workspace root). Prints, for each solver, the median, 90th percentile and
//! worst time per board and the peak memory, and for `near` the mean gap to
//! the optimum; then `exact` on seeded boards of the standard Flood-It
//! sizes 14×14 and 18×18 with 6 colors. One thread. A board's time is the
//! shortest of `--repeat` runs (default 3), so that other load on the
//! machine does not count; `--repeat 1` gives single runs.

use cw_core::ClusterGraph;
use cw_core::format::{Format, parse};
use cw_solve::exact::{ExactOptions, solve_exact};
use cw_solve::near::{NearOptions, solve_near};
use cw_solve::{Limits, SearchCtx};
use std::time::{Duration, Instant};

fn main() {
    let mut file = None;
    let mut near = NearOptions::default();
    let mut n_boards = usize::MAX;
    let mut repeat = 3;
    let mut exact = ExactOptions::default();
    let (mut run_exact, mut run_near, mut verbose) = (true, true, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--width" => near.width = args.next().and_then(|v| v.parse().ok()).expect("--width N"),
            "--tail" => near.tail = args.next().and_then(|v| v.parse().ok()).expect("--tail N"),
            "--boards" => {
                n_boards = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--boards N")
            }
            "--beam" => {
                exact.beam_width = args.next().and_then(|v| v.parse().ok()).expect("--beam N")
            }
            "--repeat" => {
                repeat = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .expect("--repeat N")
            }
            "--exact-only" => run_near = false,
            "--near-only" => run_exact = false,
            "-v" => verbose = true,
            _ => file = Some(a),
        }
    }
    let file = file.unwrap_or_else(|| {
        let root = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/reference/optimal-30x20x5.txt"
        );
        root.to_string()
    });
    let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{file}: {e}"));
    let entries = parse(&text, Format::Line).expect("a reference file in the line format");
    let entries = &entries[..entries.len().min(n_boards)];
    println!("{} boards from {file}", entries.len());
    let graphs: Vec<ClusterGraph> = entries
        .iter()
        .map(|e| ClusterGraph::new(&e.board))
        .collect();

    if run_exact && !entries.is_empty() {
        let mut times = Vec::new();
        let mut peak_bytes = 0u64;
        let mut peak_states = 0u64;
        let mut wrong = 0;
        let mut start_gap = 0.0;
        let mut beam_gap = 0.0;
        let mut expanded = 0u64;
        for (e, g) in entries.iter().zip(&graphs) {
            let (r, dt) = timed(repeat, || {
                let mut ctx = SearchCtx::new(&e.board, &Limits::default());
                solve_exact(g, &exact, &mut ctx)
            });
            times.push(dt);
            peak_bytes = peak_bytes.max(r.peak_bytes);
            peak_states = peak_states.max(r.peak_states);
            expanded += r.nodes_expanded;
            let opt = e.optimum.expect("the reference gives each minimum");
            start_gap += f64::from(opt - r.start_bound);
            beam_gap += f64::from(r.first_upper_bound - opt);
            let ok = r.proven
                && r.moves.len() as u32 == opt
                && cw_core::replay(g, &r.moves).is_ok_and(|p| p.cleared);
            if !ok {
                wrong += 1;
            }
            if verbose || !ok {
                println!(
                    "  {:<10} opt {opt:>3} got {:>3} proven {} start {:>3} beam {:>3} expanded {:>8} states {:>8} {:>8.1} ms{}",
                    e.name.as_deref().unwrap_or("?"),
                    r.moves.len(),
                    r.proven,
                    r.start_bound,
                    r.first_upper_bound,
                    r.nodes_expanded,
                    r.peak_states,
                    dt.as_secs_f64() * 1e3,
                    if ok { "" } else { "  WRONG" }
                );
            }
        }
        let n = entries.len() as f64;
        println!(
            "exact: {} wrong; time median {} p90 {} worst {} total {:.2} s; peak {:.1} MB ({} states) by count, VmHWM {}; mean start-bound gap {:.2}, beam gap {:.2}, expanded {:.0}/board",
            wrong,
            ms(pct(&times, 0.5)),
            ms(pct(&times, 0.9)),
            ms(pct(&times, 1.0)),
            times.iter().sum::<Duration>().as_secs_f64(),
            peak_bytes as f64 / 1e6,
            peak_states,
            vm_hwm(),
            start_gap / n,
            beam_gap / n,
            expanded as f64 / n,
        );
    }

    if run_exact {
        // Standard Flood-It sizes, seeded boards (no reference: the exact
        // solver must prove its own result).
        for (w, h, k) in [(14, 14, 6), (18, 18, 6)] {
            let mut times = Vec::new();
            let mut moves = 0;
            let mut unproven = 0;
            for seed in 1..=20 {
                let board = cw_core::Board::seeded(w, h, k, seed).expect("a valid shape");
                let g = ClusterGraph::new(&board);
                let (r, dt) = timed(repeat, || {
                    let mut ctx = SearchCtx::new(&board, &Limits::default());
                    solve_exact(&g, &exact, &mut ctx)
                });
                times.push(dt);
                moves += r.moves.len();
                unproven += usize::from(!r.proven);
                assert!(cw_core::replay(&g, &r.moves).is_ok_and(|p| p.cleared));
            }
            println!(
                "exact {w}x{h}x{k} (20 seeded boards): median {} p90 {} worst {}; mean optimum {:.2}; unproven {unproven}",
                ms(pct(&times, 0.5)),
                ms(pct(&times, 0.9)),
                ms(pct(&times, 1.0)),
                moves as f64 / 20.0,
            );
        }
    }

    if run_near && !entries.is_empty() {
        let mut times = Vec::new();
        let mut gap = 0u32;
        let mut hits = 0;
        let mut worst_gap = 0;
        for (e, g) in entries.iter().zip(&graphs) {
            let (moves, dt) = timed(repeat, || {
                let mut ctx = SearchCtx::new(&e.board, &Limits::default());
                solve_near(&g.start(), &near, &mut ctx).moves
            });
            times.push(dt);
            assert!(cw_core::replay(g, &moves).is_ok_and(|p| p.cleared));
            let opt = e.optimum.expect("the reference gives each minimum");
            let d = moves.len() as u32 - opt;
            gap += d;
            worst_gap = worst_gap.max(d);
            hits += usize::from(d == 0);
        }
        println!(
            "near (width {}, tail {}): time median {} p90 {} worst {}; mean gap {:.3} (worst {worst_gap}, optimal on {hits}/{}); VmHWM {}",
            near.width,
            near.tail,
            ms(pct(&times, 0.5)),
            ms(pct(&times, 0.9)),
            ms(pct(&times, 1.0)),
            f64::from(gap) / entries.len() as f64,
            entries.len(),
            vm_hwm(),
        );
    }
}

/// Runs `f` `repeat` times (at least once); returns its last result and
/// its shortest time, which filters out other load on the machine.
fn timed<T>(repeat: usize, mut f: impl FnMut() -> T) -> (T, Duration) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..repeat.max(1) {
        let t = Instant::now();
        out = Some(f());
        best = best.min(t.elapsed());
    }
    (out.expect("ran at least once"), best)
}

/// The `p` quantile (nearest rank) of the times.
fn pct(times: &[Duration], p: f64) -> Duration {
    let mut t = times.to_vec();
    t.sort();
    let rank = ((p * t.len() as f64).ceil() as usize).clamp(1, t.len());
    t[rank - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

/// The process's peak resident memory, from /proc (Linux only).
fn vm_hwm() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l["VmHWM:".len()..].trim().to_string())
        })
        .unwrap_or_else(|| "n/a".into())
}
