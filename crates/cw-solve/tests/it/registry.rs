//! Registry invariants: names, parameters, defaults, presets.

use cw_solve::presets::{PRESETS, SERIES_TABLE};
use cw_solve::registry::{SOLVERS, UNTIL};
use cw_solve::{ParamCost, ParamKind, Spec};
use std::collections::HashSet;

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

#[test]
fn names_are_unique_and_well_formed() {
    let mut seen = HashSet::new();
    for def in SOLVERS {
        assert!(is_name(def.name), "{}", def.name);
        assert!(seen.insert(def.name), "duplicate solver {}", def.name);
        assert!(!def.summary.is_empty());
        let mut params = HashSet::new();
        for p in def.params {
            assert!(is_name(p.name), "{}:{}", def.name, p.name);
            assert!(
                params.insert(p.name),
                "duplicate parameter {}:{}",
                def.name,
                p.name
            );
            assert_ne!(p.name, UNTIL.name, "'until' belongs to every stage");
            assert!(!p.doc.is_empty(), "{}:{} has no doc", def.name, p.name);
            assert!(
                p.kind.check(p.default).is_ok(),
                "{}:{} default '{}' does not parse",
                def.name,
                p.name,
                p.default
            );
        }
    }
    let mut presets = HashSet::new();
    for preset in PRESETS {
        assert!(is_name(preset.name), "{}", preset.name);
        assert!(
            presets.insert(preset.name),
            "duplicate preset {}",
            preset.name
        );
        if seen.contains(preset.name) {
            // Same name as a solver: it must be exactly that solver.
            assert_eq!(
                Spec::parse(preset.spec).unwrap().to_string(),
                preset.name,
                "preset {} hides the solver of the same name",
                preset.name
            );
        }
    }
}

#[test]
fn every_solver_builds_with_defaults_and_every_preset_parses() {
    for def in SOLVERS {
        let spec = Spec::parse(def.name).unwrap();
        assert_eq!(
            spec.to_string(),
            def.name,
            "defaults are left out of the canonical form"
        );
        spec.build().unwrap();
    }
    for preset in PRESETS {
        let spec = Spec::parse(preset.name).unwrap_or_else(|e| panic!("{}: {e}", preset.name));
        assert_eq!(Spec::parse(preset.spec).unwrap(), spec);
        spec.build().unwrap();
    }
    for row in SERIES_TABLE {
        assert!(
            cw_solve::presets::find(row.preset).is_some(),
            "{}",
            row.preset
        );
    }
}

#[test]
fn costs_belong_to_whole_numbers_and_their_caps_allow_the_defaults() {
    for def in SOLVERS {
        for p in def.params.iter().chain([&UNTIL]) {
            if p.cost == ParamCost::None {
                continue;
            }
            let what = format!("{}:{}", def.name, p.name);
            let ParamKind::Int { min, max } = p.kind else {
                panic!("{what} has a cost but is not a whole number");
            };
            let default: i64 = p.default.parse().unwrap();
            match p.cost {
                ParamCost::None => {}
                ParamCost::MemoryCapMb => {
                    // The solver's memory function reads it as MiB.
                    assert!(min >= 1 && default >= 1, "{what}");
                }
                ParamCost::PositionsPerMove { max: positions } => {
                    // The default fits with the most colors a board has.
                    assert!(16f64.powi(default as i32) <= positions, "{what}");
                }
                ParamCost::BeamWidth { max: cap }
                | ParamCost::QueueSize { max: cap }
                | ParamCost::Threads { max: cap } => {
                    assert!((min..=max).contains(&cap), "{what}: cap {cap}");
                    assert!(default <= cap, "{what}: default above the cap");
                }
            }
        }
    }
}

/// `eliminate` was added as one file in `solvers/` plus its name in the
/// `solvers!` list: spec parsing and the listings find it with no other
/// change, and it plays as documented.
#[test]
fn a_solver_in_the_list_is_registered_eliminate_for_one() {
    use cw_core::{Board, ClusterGraph, Color};
    use cw_solve::{Limits, Outcome, registry, solve};

    let names: Vec<&str> = SOLVERS.iter().map(|d| d.name).collect();
    // Listed where the `solvers!` list has it: after `greedy`, which it
    // builds on (other solvers may come between).
    let at = |name: &str| names.iter().position(|n| *n == name).unwrap();
    assert!(
        at("greedy") < at("eliminate"),
        "listed in the order of the list"
    );
    let def = registry::find("eliminate").unwrap();
    assert_eq!(def.params.len(), 1);
    assert_eq!(
        Spec::parse("eliminate:metric=perimeter,until=9>greedy")
            .unwrap()
            .to_string(),
        "eliminate:metric=perimeter,until=9>greedy"
    );

    // Every move clears its color when some move can; otherwise it is the
    // greedy move.
    let (mut cleared, mut greedy_moves) = (0, 0);
    for seed in 0..40u64 {
        let board =
            Board::seeded(3 + (seed % 6) as usize, 3 + (seed % 4) as usize, 4, seed).unwrap();
        let graph = ClusterGraph::new(&board);
        let mut solver = Spec::parse("eliminate").unwrap().build().unwrap();
        let report = solve(&graph, solver.as_mut(), &Limits::default());
        assert_eq!(report.outcome, Outcome::Solved);
        let mut game = graph.start();
        let colors = || (0..graph.n_colors() as u8).map(Color);
        for &c in &report.moves {
            let clears = |c: Color| {
                let mut after = game.clone();
                after.play(c).blocks > 0 && !after.colors_left().contains(c)
            };
            let clearable: Vec<Color> = colors().filter(|&c| clears(c)).collect();
            if let Some(&first) = clearable.first() {
                assert_eq!(c, first, "seed {seed}: the first color it can clear");
                cleared += 1;
            } else {
                let blocks = |c: Color| game.gain_of(c).blocks;
                let most = colors().map(blocks).max().unwrap();
                let greedy = colors().find(|&c| blocks(c) == most).unwrap();
                assert_eq!(c, greedy, "seed {seed}: else the greedy move");
                greedy_moves += 1;
            }
            game.play(c);
        }
    }
    // Both rules were met.
    assert!(
        cleared > 40 && greedy_moves > 40,
        "{cleared} {greedy_moves}"
    );
}

/// `round-robin:start` reaches every color a board may have, counted
/// modulo the board's colors: on 30 colors `start=29` plays 0 first, and on
/// the series' 5 colors `start=7` plays 3 first (7 is color 2).
#[test]
fn round_robin_starts_after_any_color_of_a_board_of_up_to_36() {
    use cw_core::{BoardId, ClusterGraph, Color};
    use cw_solve::{Limits, solve};

    let first_move = |id: &str, spec: &str| {
        let board = id.parse::<BoardId>().unwrap().board().unwrap();
        let graph = ClusterGraph::new(&board);
        let mut solver = Spec::parse(spec).unwrap().build().unwrap();
        solve(&graph, solver.as_mut(), &Limits::default()).moves[0]
    };
    assert_eq!(first_move("6x6c30-f1", "round-robin:start=29"), Color(0));
    assert_eq!(first_move("6x6c30-f1", "round-robin:start=28"), Color(29));
    assert_eq!(first_move("k1", "round-robin:start=7"), Color(3));
    assert!(Spec::parse("round-robin:start=35").is_ok());
    assert!(Spec::parse("round-robin:start=36").is_err());
}

#[test]
fn dijkstra_stops_at_its_target_and_plays_the_path_there() {
    // `target=T`: the path it plays ends at the first position it takes
    // from the queue with at least T blocks in the region (the start
    // region included); every earlier position on that path has fewer
    // (it was taken from the queue before, and did not stop the search).
    use cw_core::{Board, ClusterGraph};
    use cw_solve::{Limits, SearchCtx};
    for (seed, target) in [(1, 150), (2, 300), (3, 450)] {
        let board = Board::koblenski(30, 20, 5, seed).unwrap();
        let graph = ClusterGraph::new(&board);
        let start = graph.start();
        let spec = format!("dijkstra:target={target}");
        let mut solver = Spec::parse(&spec).unwrap().build().unwrap();
        let mut ctx = SearchCtx::new(&board, &Limits::default());
        let path = solver.next_moves(&start, &mut ctx).expect("a path");
        let mut game = start.clone();
        for (i, &c) in path.iter().enumerate() {
            assert!(
                game.n_blank() < target,
                "{spec}: {} blocks after {i}",
                game.n_blank()
            );
            game.play(c);
        }
        assert!(
            game.n_blank() >= target,
            "{spec}: {} blocks",
            game.n_blank()
        );
        assert!(!game.is_solved() && path.len() > 1, "{spec}");
    }
}
