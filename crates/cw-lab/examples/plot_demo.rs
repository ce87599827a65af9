//! Draws a made-up run, to look at the plot layout:
//! `cargo run -p cw-lab --example plot_demo -- /tmp/lab-plot.png [n_specs]`.

use std::path::PathBuf;

use cw_lab::{GameOutcome, GameRecord, plot_run};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(args.next().unwrap_or_else(|| "lab-plot.png".into()));
    let n_specs: usize = args.next().map_or(4, |n| n.parse().expect("a spec count"));
    let specs = [
        ("greedy:metric=area", 40.0, 0.05),
        ("gla:depth=5", 33.0, 4.0),
        ("gla:depth=5,until=18>bfs:cap=16384|gla:depth=5", 31.0, 60.0),
        (
            "dijkstra:scale=25,target=300,until=5>gla:depth=7",
            30.5,
            250.0,
        ),
        ("round-robin", 44.0, 0.01),
        ("astar:h=puchert", 29.0, 2500.0),
        ("random:seed=1", 70.0, 0.02),
        ("gla:depth=7", 32.5, 40.0),
    ];
    // A small LCG: the picture needs plausible noise, not good randomness.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as f64 / (1u64 << 31) as f64
    };
    let mut records = Vec::new();
    for (i, &(spec, mean, ms)) in specs.iter().cycle().take(n_specs).enumerate() {
        let spec = if i < specs.len() {
            spec.to_string()
        } else {
            format!("{spec}#{i}")
        };
        for b in 0..100u32 {
            let noise: f64 = (0..4).map(|_| next()).sum::<f64>() - 2.0;
            let moves = (mean + noise * 4.5).round().clamp(25.0, 75.0) as u32;
            let solved = spec != "gla:depth=5" || b % 37 != 5;
            records.push(GameRecord {
                board_id: format!("30x20c5-k{}", b + 1),
                board_index: b,
                spec: spec.clone(),
                outcome: if solved {
                    GameOutcome::Solved
                } else {
                    GameOutcome::OutOfTime
                },
                moves,
                nanos: (ms * 1e6 * (0.5 + next())) as u64,
                nodes: 1000,
                inspections: 5000,
                solution: String::new(),
                lower_bound: None,
            });
        }
    }
    plot_run(&records, &path).expect("plot");
    println!("wrote {}", path.display());
}
