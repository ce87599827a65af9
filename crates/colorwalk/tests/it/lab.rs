//! `solvers`, `solve`, `bench`, `runs`, `compare` and `plot` end to end, with
//! a temporary results database.

use crate::{colorwalk, stderr, stdout};
use cw_lab::{GameRecord, RunMeta, Store};

#[test]
fn solvers_lists_parameters_ranges_and_presets() {
    let out = colorwalk(&["solvers"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("gla  greedy look-ahead"), "{text}");
    assert!(
        text.contains("depth=2  (a whole number from 2 to 10)"),
        "{text}"
    );
    assert!(text.contains("greedy-dijkstra"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&colorwalk(&["solvers", "--json"], ""))).unwrap();
    assert!(
        json["solvers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["name"] == "dijkstra")
    );
}

#[test]
fn solve_reports_moves_and_effort_and_rejects_bad_specs() {
    let out = colorwalk(&["solve", "k1", "--spec", "gla-3"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("solved   in 36 moves"), "{text}");
    assert!(text.contains("spec     gla:depth=3"), "{text}");

    let out = colorwalk(&["solve", "k1", "--spec", "greedy", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["moves"], 40);
    assert_eq!(v["board"], "30x20c5-k1");
    // The reported moves clear the board when replayed by `verify`.
    let solution = v["solution"].as_str().unwrap().to_string();
    assert!(colorwalk(&["verify", "k1", &solution], "").status.success());

    // A solver that proves a lower bound reports it; the series' first
    // board needs 29 moves (`exact`), so the bound is at most that.
    let out = colorwalk(&["solve", "k1", "--spec", "near", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let lb = v["lower_bound"].as_u64().expect("near reports its bound");
    let exact = colorwalk(&["solve", "k1", "--spec", "exact", "--json"], "");
    let e: serde_json::Value = serde_json::from_str(&stdout(&exact)).unwrap();
    assert_eq!(e["proven_optimal"], true);
    assert!(lb <= e["moves"].as_u64().unwrap() && e["moves"].as_u64() <= v["moves"].as_u64());
    assert_eq!(e["lower_bound"], e["moves"]);
    let out = colorwalk(&["solve", "k1", "--spec", "near"], "");
    assert!(stdout(&out).contains(&format!("bound    at least {lb} moves")));
    // One that proves none reports none.
    let out = colorwalk(&["solve", "k1", "--spec", "greedy", "--json"], "");
    let g: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(g.get("lower_bound").is_none());

    let out = colorwalk(&["solve", "k1", "--spec", "glaa"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("did you mean 'gla'"),
        "{}",
        stderr(&out)
    );
    // The error points at the value, and says the range.
    let out = colorwalk(&["solve", "k1", "--spec", "gla:depth=12"], "");
    assert!(stderr(&out).contains("from 2 to 10"), "{}", stderr(&out));
    assert!(stderr(&out).contains("at character 11"), "{}", stderr(&out));
}

/// A game of `spec` on the series' first board, as an unfinished run's
/// store holds it (solved in 40 moves, its moves not kept).
fn game_on_k1(spec: &str) -> GameRecord {
    GameRecord {
        board_id: "30x20c5-k1".into(),
        board_index: 0,
        spec: spec.into(),
        outcome: cw_lab::GameOutcome::Solved,
        moves: 40,
        nanos: 1,
        nodes: 200,
        inspections: 0,
        solution: String::new(),
        lower_bound: None,
    }
}

/// The metadata `colorwalk bench --koblenski 1..(n+1)` gives its run with
/// these specs and the default limits (what a resumed run must match).
fn meta_for(specs: &[&str], n_boards: u32) -> RunMeta {
    let plan = cw_batch::Plan {
        specs: specs
            .iter()
            .map(|s| cw_solve::Spec::parse(s).unwrap())
            .collect(),
        boards: cw_batch::BoardSet::Koblenski {
            first: 1,
            count: u64::from(n_boards),
            width: 30,
            height: 20,
            colors: 5,
        },
        limits: cw_batch::GameLimits::default(),
    };
    cw_batch::Batch::new(plan, 1).meta(n_boards)
}

/// `compare` says when a run is unfinished, and tells a spec that the
/// other run has not played yet from one it does not have.
#[test]
fn compare_names_an_unfinished_runs_specs_not_played_yet() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.db");
    let db_s = db.to_str().unwrap();
    let out = colorwalk(
        &[
            "bench",
            "--koblenski",
            "1..3",
            "--spec",
            "greedy",
            "--spec",
            "gla-3",
            "--db",
            db_s,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // Run 2 plans gla:depth=5 and greedy, and has played one game of the first.
    {
        let mut store = Store::open(&db).unwrap();
        let run = store
            .begin_run(&meta_for(&["gla:depth=5", "greedy"], 2))
            .unwrap();
        store
            .insert_results(run, &[game_on_k1("gla:depth=5")])
            .unwrap();
    }
    let out = colorwalk(&["compare", "1", "2", "--db", db_s], "");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    for said in [
        "note: run 2 is unfinished (1 of 4 results)",
        "left out: 'gla:depth=3' only in run 1",
        "left out: 'greedy', which run 2 has not played yet",
        "left out: 'gla:depth=5' only in run 2",
        "runs 1 and 2 share no solver spec that both have played",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
}

#[test]
fn bench_stores_runs_resumes_compares_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.db");
    let db_s = db.to_str().unwrap();

    // An interrupted run: one game of ten stored, the run not finished.
    {
        let mut store = Store::open(&db).unwrap();
        let meta = meta_for(&["greedy", "gla:depth=3"], 5);
        assert_eq!(meta.board_set, "koblenski:30x20c5:1..6");
        let run = store.begin_run(&meta).unwrap();
        store.insert_results(run, &[game_on_k1("greedy")]).unwrap();
    }
    let args = [
        "bench",
        "--spec",
        "greedy",
        "--spec",
        "gla-3",
        "--koblenski",
        "1..6",
        "--db",
        db_s,
        "--format",
        "csv",
    ];
    let out = colorwalk(&args, "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("resuming run 1: 1 of 10 games"),
        "{}",
        stderr(&out)
    );
    let csv = stdout(&out);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 3, "{csv}");
    assert!(lines[1].starts_with("greedy,5,5,"), "{csv}");
    assert!(lines[2].starts_with("gla:depth=3,5,5,"), "{csv}");

    // A second, different run; then list, show, compare and plot.
    let out = colorwalk(
        &[
            "bench",
            "--spec",
            "greedy",
            "--koblenski",
            "1..6",
            "--db",
            db_s,
            "--format",
            "json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["summaries"][0]["n"], 5);
    let runs = stdout(&colorwalk(&["runs", "--db", db_s, "--format", "csv"], ""));
    assert_eq!(runs.lines().count(), 3, "{runs}");
    let show = stdout(&colorwalk(&["runs", "1", "--db", db_s], ""));
    assert!(show.contains("gla:depth=3"), "{show}");
    let cmp = colorwalk(&["compare", "1", "2", "--db", db_s, "--format", "csv"], "");
    assert!(cmp.status.success(), "{}", stderr(&cmp));
    let cmp = stdout(&cmp);
    assert!(
        cmp.lines().nth(1).unwrap().starts_with("greedy,5,0,0,5"),
        "{cmp}"
    );
    // Runs of the same spec on other boards: nothing to pair, said so; run
    // 1's other spec is named as left out.
    let out = colorwalk(
        &[
            "bench",
            "--spec",
            "greedy",
            "--koblenski",
            "6..8",
            "--db",
            db_s,
            "--format",
            "csv",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let cmp = colorwalk(&["compare", "1", "3", "--db", db_s], "");
    assert!(!cmp.status.success());
    assert!(
        stderr(&cmp).contains("runs 1 and 3 share no board that a spec played in both"),
        "{}",
        stderr(&cmp)
    );
    assert!(
        stderr(&cmp).contains("left out: 'gla:depth=3' only in run 1"),
        "{}",
        stderr(&cmp)
    );
    let png = dir.path().join("run.png");
    let out = colorwalk(
        &["plot", "1", "--out", png.to_str().unwrap(), "--db", db_s],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(std::fs::read(&png).unwrap().starts_with(b"\x89PNG"));
    let out = colorwalk(&["plot", "1", "--out", "x.gif", "--db", db_s], "");
    assert_eq!(out.status.code(), Some(2));
    let out = colorwalk(&["runs", "9", "--db", db_s], "");
    assert!(stderr(&out).contains("no run 9"), "{}", stderr(&out));
}

#[test]
fn bench_without_store_reads_optima_from_a_board_file() {
    let reference = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/reference/optimal-30x20x5.txt"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("three.txt");
    let text: String = std::fs::read_to_string(reference)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&file, &text).unwrap();
    let out = colorwalk(
        &[
            "bench",
            "--spec",
            "gla-3",
            "--boards",
            file.to_str().unwrap(),
            "--no-store",
            "--format",
            "json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let gla = &v["summaries"][0];
    assert_eq!(
        (gla["with_optimum"].as_u64(), gla["solved"].as_u64()),
        (Some(3), Some(3))
    );
    // The gap is the mean of moves − the file's minima (the third field).
    let minima: Vec<f64> = text
        .lines()
        .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
        .collect();
    let mean_minimum = minima.iter().sum::<f64>() / 3.0;
    let gap = gla["mean_moves"].as_f64().unwrap() - mean_minimum;
    assert!(
        (gla["mean_gap"].as_f64().unwrap() - gap).abs() < 1e-9,
        "{}",
        gla
    );
    // A proven minimum is never beaten, and the look-ahead finds none of
    // these three.
    assert!(gap > 0.0, "{}", gla);
    assert_eq!(gla["optimal_hits"], 0);
}

/// The bounds of each `--progress` line of `board` on standard error:
/// `(lower, upper)`; a line that says "proven" has both at the minimum.
fn progress_bounds(err: &str, board: &str) -> Vec<(u32, u32)> {
    let number = |s: &str| {
        s.trim()
            .parse::<u32>()
            .unwrap_or_else(|_| panic!("{s:?} in {err}"))
    };
    err.lines()
        .filter_map(|line| line.strip_prefix(&format!("{board}: ")))
        .map(|rest| {
            let (bounds, effort) = rest.split_once(" after ").expect("a time after the bounds");
            assert!(
                effort.contains("positions expanded") && effort.contains("MB held"),
                "{rest}"
            );
            match bounds.strip_prefix("minimum ") {
                Some(proven) => {
                    let n = number(proven.strip_suffix(", proven").expect("proven"));
                    (n, n)
                }
                None => {
                    let (lower, upper) = bounds.split_once(" ≤ minimum ≤ ").expect("two bounds");
                    (number(lower), number(upper))
                }
            }
        })
        .collect()
}

#[test]
fn progress_lines_close_in_on_the_minimum() {
    // `optimum` and `solve` print their bounds as they move; the last line
    // is the proven minimum, the number the result gives.
    for command in [
        &[
            "optimum",
            "16x16c6-s6",
            "--no-store",
            "--json",
            "--progress",
        ][..],
        &[
            "solve",
            "16x16c6-s6",
            "--spec",
            "exact",
            "--json",
            "--progress",
        ][..],
    ] {
        let out = colorwalk(command, "");
        assert!(out.status.success(), "{command:?}: {}", stderr(&out));
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let moves = v["moves"]
            .as_u64()
            .or_else(|| v["moves"].as_array().map(|m| m.len() as u64))
            .unwrap() as u32;
        let heard = progress_bounds(&stderr(&out), "16x16c6-s6");
        assert!(
            heard.len() >= 3,
            "{command:?}: too few lines: {}",
            stderr(&out)
        );
        assert_eq!(heard[heard.len() - 1], (moves, moves), "{command:?}");
        for (a, b) in heard.iter().zip(&heard[1..]) {
            assert!(b.0 >= a.0 && b.1 <= a.1, "{command:?}: {heard:?}");
        }
    }
    // A later stage searches from the middle of the game: its lines count
    // the moves left from there, not the board's minimum (k1's is 29).
    let out = colorwalk(
        &[
            "solve",
            "k1",
            "--spec",
            "greedy:until=5>exact",
            "--json",
            "--progress",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let err = stderr(&out);
    assert!(progress_bounds(&err, "30x20c5-k1").is_empty(), "{err}");
    let last = err.lines().last().unwrap_or_default();
    let left = v["moves"].as_u64().unwrap() - 5;
    assert!(
        last.starts_with(&format!(
            "30x20c5-k1 after 5 moves: fewest moves left {left}, proven after "
        )),
        "{err}"
    );
    // Without the flag, nothing.
    let out = colorwalk(&["optimum", "16x16c6-s6", "--no-store"], "");
    assert!(progress_bounds(&stderr(&out), "16x16c6-s6").is_empty());
    // `bench` names each board in its lines.
    let out = colorwalk(
        &[
            "bench",
            "--seeds",
            "1..3",
            "--size",
            "12x12",
            "--colors",
            "6",
            "--spec",
            "exact",
            "--no-store",
            "--threads",
            "2",
            "--format",
            "csv",
            "--progress",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    for board in ["12x12c6-s1", "12x12c6-s2"] {
        let heard = progress_bounds(&stderr(&out), board);
        let last = heard.last().expect("a line for each board");
        assert_eq!(last.0, last.1, "{board}: proven");
    }
}

#[test]
fn optimum_proves_the_listed_minimum_and_feeds_the_gap_column() {
    let reference = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/reference/optimal-30x20x5.txt"
    );
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.db");
    let db_s = db.to_str().unwrap();
    let out = colorwalk(
        &[
            "optimum", reference, "--pick", "ref_1004", "--db", db_s, "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["moves"], 26);
    assert_eq!(v["proven"], true);
    assert_eq!(v["listed_optimum"], 26);
    assert!(v["start_bound"].as_u64().unwrap() <= 26);
    let solution = v["solution"].as_str().unwrap().to_string();
    let board = v["board"].as_str().unwrap().to_string();
    assert!(
        colorwalk(&["verify", &board, &solution], "")
            .status
            .success()
    );

    // A budget too small to prove anything: the best found, not proven.
    let out = colorwalk(
        &[
            "optimum",
            "30x20c5-s5",
            "--time-limit",
            "0.001",
            "--no-store",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("not proven"), "{}", stdout(&out));

    // The stored optimum gives a bench of that board its gap column.
    let file = dir.path().join("b.txt");
    std::fs::write(&file, format!("{board}\n")).unwrap();
    let out = colorwalk(
        &[
            "bench",
            "--spec",
            "greedy",
            "--boards",
            file.to_str().unwrap(),
            "--db",
            db_s,
            "--format",
            "json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["summaries"][0]["with_optimum"], 1);
}

#[test]
fn time_limits_accept_and_name_the_same_range_everywhere() {
    for command in [
        vec!["solve", "k1"],
        vec!["optimum", "k1", "--no-store"],
        vec![
            "bench",
            "--spec",
            "greedy",
            "--koblenski",
            "1",
            "--no-store",
        ],
    ] {
        for (bad, is) in [
            ("0", "is out of range: expected"),
            ("0.0005", "is out of range: expected"),
            ("86401", "is out of range: expected"),
            ("-1", "is out of range: expected"),
            ("x", "is not"),
            ("NaN", "is not"),
            ("inf", "is not"),
        ] {
            let flag = format!("--time-limit={bad}");
            let mut args = command.clone();
            args.push(&flag);
            let out = colorwalk(&args, "");
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(
                stderr(&out).contains(&format!(
                    "'{bad}' {is} a number of seconds from 0.001 to 86400"
                )),
                "{args:?}: {}",
                stderr(&out)
            );
        }
        let mut args = command.clone();
        args.extend(["--time-limit", "86400"]);
        if command[0] != "optimum" {
            let out = colorwalk(&args, "");
            assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        }
    }
}

#[test]
fn solve_says_when_the_memory_budget_narrowed_a_search() {
    // The beam of `near` fits itself to the game's memory budget; the
    // queue of `dijkstra` plays its path so far when it reaches it. Either
    // way the game goes on, with other moves than the spec alone plays.
    for (spec, said) in [
        (
            "near:width=3000",
            "the beam kept 187 positions a step, not the 3000 asked for, to fit the game's \
             memory budget of 1 MiB",
        ),
        (
            "dijkstra",
            "the queue reached the game's memory budget of 1 MiB before its cap of 250000 \
             positions",
        ),
    ] {
        let out = colorwalk(&["solve", "k2", "--spec", spec, "--memory-mb", "1"], "");
        assert!(out.status.success(), "{spec}: {}", stderr(&out));
        let text = stdout(&out);
        let notes: Vec<&str> = text.lines().filter(|l| l.starts_with("budget ")).collect();
        assert_eq!(notes.len(), 1, "{spec}: {text}");
        assert!(notes[0].contains(said), "{spec}: {text}");
        let out = colorwalk(
            &["solve", "k2", "--spec", spec, "--memory-mb", "1", "--json"],
            "",
        );
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert!(
            v["budget_notes"][0].as_str().unwrap().contains(said),
            "{spec}: {v}"
        );
        // With room enough, nothing is said.
        let out = colorwalk(&["solve", "k2", "--spec", spec, "--json"], "");
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert!(v.get("budget_notes").is_none(), "{spec}: {v}");
    }
}

#[test]
fn optimum_says_which_budget_ran_out_without_debug_text() {
    let out = colorwalk(
        &["optimum", "40x40c6-s1", "--memory-mb", "1", "--no-store"],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("not proven: the memory budget of 1 MiB (1.0 MB) ran out"),
        "{text}"
    );
    assert!(text.contains("minimum      at least "), "{text}");
    assert!(
        !text.contains("Some(") && !text.contains("Memory"),
        "{text}"
    );
    let out = colorwalk(
        &[
            "optimum",
            "40x40c6-s1",
            "--memory-mb",
            "1",
            "--no-store",
            "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["stopped"], "memory");
    assert_eq!(v["proven"], false);
    assert!(v["lower_bound"].as_u64().unwrap() <= v["moves"].as_u64().unwrap());

    let out = colorwalk(
        &[
            "optimum",
            "30x20c5-s5",
            "--time-limit",
            "0.001",
            "--no-store",
        ],
        "",
    );
    assert!(
        stdout(&out).contains("not proven: the time limit of 0.001 s ran out"),
        "{}",
        stdout(&out)
    );
    // `solve --json` names its outcome in words too.
    let out = colorwalk(&["solve", "k1", "--spec", "greedy", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["outcome"], "solved");
    let out = colorwalk(
        &[
            "solve",
            "k1",
            "--spec",
            "greedy",
            "--max-moves",
            "3",
            "--json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["outcome"], "move-limit");
}

#[test]
fn a_database_that_cannot_be_opened_is_named_once() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_file = dir.path().to_str().unwrap();
    let blocked = dir.path().join("file");
    std::fs::write(&blocked, "").unwrap();
    let under_a_file = blocked.join("results.db");
    for db in [not_a_file, under_a_file.to_str().unwrap()] {
        for args in [
            vec!["runs", "--db", db],
            vec!["compare", "1", "2", "--db", db],
            vec!["serve", "--port", "0", "--db", db],
        ] {
            let out = colorwalk(&args, "");
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            let err = stderr(&out);
            // A folder is named as one; a path under a file holds no
            // database: the commands that only read one say so, the others
            // fail to make it.
            let said = if db == not_a_file {
                "is a folder, not a results database file"
            } else if args[0] == "serve" {
                "opening the results database"
            } else {
                "there is no results database"
            };
            assert_eq!(err.matches(said).count(), 1, "{args:?}: {err}");
            assert!(err.contains(db), "{err}");
        }
    }
}

#[test]
fn every_command_that_prints_data_takes_json() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.db");
    let db_s = db.to_str().unwrap();
    let bench = |extra: &[&str]| {
        let mut args = vec![
            "bench",
            "--spec",
            "greedy",
            "--koblenski",
            "1..3",
            "--db",
            db_s,
        ];
        args.extend(extra);
        colorwalk(&args, "")
    };
    // The run's ID (the one `runs` lists and a resume finds) beside its
    // summaries.
    let out = bench(&["--json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["run"], 1, "{v}");
    assert_eq!(v["summaries"][0]["spec"], "greedy");
    assert_eq!(v["summaries"][0]["n"], 2);
    let out = bench(&["--fresh", "--format", "json"]);
    let w: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(w["run"], 2, "{w}");
    assert_eq!(w["summaries"][0]["n"], 2);
    let out = bench(&["--json", "--format", "csv"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot be used with"),
        "{}",
        stderr(&out)
    );
    let out = bench(&["--json", "--published"]);
    assert_eq!(out.status.code(), Some(2));
    let out = bench(&["--format", "csv", "--published"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("takes --format table or markdown"));
    // A dry run says in JSON what the run would do: begin a new run in the
    // store (the runs before finished).
    let out = bench(&["--dry-run", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dry: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(
        (dry["games"].as_u64(), dry["specs"][0].as_str()),
        (Some(2), Some("greedy"))
    );
    assert_eq!(
        (dry["store"].as_str(), dry["resume"].is_null()),
        (Some(db_s), true),
        "{dry}"
    );

    let runs: serde_json::Value =
        serde_json::from_str(&stdout(&colorwalk(&["runs", "--db", db_s, "--json"], ""))).unwrap();
    assert_eq!(runs.as_array().unwrap().len(), 2, "{runs}");
    let mut ids: Vec<&serde_json::Value> =
        runs.as_array().unwrap().iter().map(|r| &r["id"]).collect();
    ids.sort_by_key(|id| id.as_i64());
    assert_eq!(ids, [&v["run"], &w["run"]]);
    let run: serde_json::Value = serde_json::from_str(&stdout(&colorwalk(
        &["runs", "1", "--db", db_s, "--json"],
        "",
    )))
    .unwrap();
    assert_eq!(run[0]["spec"], "greedy");
    let cmp = colorwalk(&["compare", "1", "2", "--db", db_s, "--json"], "");
    assert!(cmp.status.success(), "{}", stderr(&cmp));
    let cmp: serde_json::Value = serde_json::from_str(&stdout(&cmp)).unwrap();
    assert_eq!(cmp[0]["spec"], "greedy", "{cmp}");
}

#[test]
fn a_closed_standard_output_counts_as_done() {
    for args in [
        vec!["solvers"],
        vec!["solve", "k1", "--spec", "greedy"],
        vec!["optimum", "8x6c4-s3", "--no-store"],
        // Greedy's solution of k1 (tests/data/regression.golden of
        // cw-solve): a "yes" answer, exit 0 whether or not the write fails.
        vec![
            "verify",
            "k1",
            "3,4,0,2,1,4,0,2,4,0,1,4,3,0,2,1,3,4,0,2,3,1,0,4,1,2,3,0,1,3,2,4,0,2,3,1,0,4,2,1",
        ],
    ] {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the command writes.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    }
}

#[test]
fn optimum_within_answers_whether_n_moves_clear_a_flood_it_board() {
    // A Flood-It board starting in the centre; its minimum from the solver,
    // then the question asked at that number and one below.
    let board = "7x7c4@3,3-f11";
    let out = colorwalk(&["optimum", board, "--no-store", "--json"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["proven"], true);
    // The result names its board and the search's canonical spec.
    assert_eq!(
        (&v["board"], &v["spec"]),
        (&json_str(board), &json_str("exact"))
    );
    // A search this short ends before the tails are first asked (after
    // 20,000 expansions): their counts are there, as null.
    assert!(v.as_object().unwrap().contains_key("tails"));
    assert!(v["tails"].is_null(), "{v}");
    let m = v["moves"].as_u64().unwrap();
    let yes = colorwalk(
        &["optimum", board, "--no-store", "--within", &m.to_string()],
        "",
    );
    assert_eq!(yes.status.code(), Some(0), "{}", stderr(&yes));
    assert!(
        stdout(&yes).contains(&format!("within {m:<5} yes")),
        "{}",
        stdout(&yes)
    );
    let no = colorwalk(
        &[
            "optimum",
            board,
            "--no-store",
            "--within",
            &(m - 1).to_string(),
        ],
        "",
    );
    assert_eq!(no.status.code(), Some(1), "{}", stderr(&no));
    assert!(
        stdout(&no).contains("no (it needs at least"),
        "{}",
        stdout(&no)
    );
    // A generous limit is answered by the first solution, with no search
    // (on a board no proof would end in the test's time).
    let big = colorwalk(
        &[
            "optimum",
            "26x26c8-s2",
            "--no-store",
            "--within",
            "60",
            "--json",
        ],
        "",
    );
    assert_eq!(big.status.code(), Some(0), "{}", stderr(&big));
    let b: serde_json::Value = serde_json::from_str(&stdout(&big)).unwrap();
    assert_eq!(
        (&b["stopped"], &b["within"]["answer"], &b["nodes_expanded"]),
        (
            &serde_json::json!("answered"),
            &serde_json::json!("yes"),
            &serde_json::json!(0)
        )
    );
    // A limit between the bounds when the memory budget runs out (a
    // counted budget, so the same on every machine) is undecided: exit 3.
    let open = colorwalk(
        &[
            "optimum",
            "26x26c8-s2",
            "--no-store",
            "--within",
            "40",
            "--memory-mb",
            "16",
        ],
        "",
    );
    assert_eq!(open.status.code(), Some(3), "{}", stderr(&open));
    assert!(
        stdout(&open).contains("within 40    undecided (between "),
        "{}",
        stdout(&open)
    );
    // The solution replays to a flooded board.
    let solution = v["solution"].as_str().unwrap();
    let check = colorwalk(&["verify", board, solution], "");
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

#[test]
fn bench_reads_a_flood_it_set_file_and_reports_totals_against_its_optima() {
    // Three generated Flood-It boards written in the benchmark-set format,
    // their optima filled in from `optimum`, then benched.
    let out = colorwalk(
        &[
            "new",
            "--flood-it",
            "--seed",
            "3",
            "--size",
            "8x8",
            "--colors",
            "4",
            "-n",
            "3",
            "--start",
            "centre",
            "--to",
            "set",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let mut lines = Vec::new();
    let mut total = 0;
    for line in stdout(&out).lines() {
        let id = line.split_whitespace().next().unwrap();
        assert!(id.starts_with("8x8c4@4,4-f"), "{line}");
        let opt = colorwalk(&["optimum", id, "--no-store", "--json"], "");
        let v: serde_json::Value = serde_json::from_str(&stdout(&opt)).unwrap();
        let m = v["moves"].as_u64().unwrap();
        total += m;
        lines.push(line.replacen(" ? ", &format!(" {m} "), 1));
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("set.txt");
    std::fs::write(&file, lines.join("\n") + "\n").unwrap();
    let moves_file = dir.path().join("exact.moves");
    let out = colorwalk(
        &[
            "bench",
            "--spec",
            "exact",
            "--spec",
            "greedy",
            "--boards",
            file.to_str().unwrap(),
            "--no-store",
            "--format",
            "json",
            "--solutions",
            moves_file.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("peak memory"), "{}", stderr(&out));
    let all: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let row = |spec: &str| {
        all["summaries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["spec"] == spec)
            .unwrap_or_else(|| panic!("no row for {spec}: {all}"))
            .clone()
    };
    let v = [row("exact"), row("greedy")];
    assert_eq!(v[0]["total_moves"], total);
    assert_eq!(v[0]["with_optimum"], 3);
    assert_eq!(v[0]["mean_gap"], 0.0);
    assert_eq!(v[0]["optimal_hits"], 3);
    let greedy_total = v[1]["total_moves"].as_u64().unwrap();
    assert!(greedy_total >= total);
    let gap = v[1]["mean_gap"].as_f64().unwrap();
    assert!(
        (gap - (greedy_total - total) as f64 / 3.0).abs() < 1e-9,
        "{gap}"
    );
    for key in ["median_ms", "p90_ms", "max_ms"] {
        assert!(v[0][key].as_f64().unwrap() >= 0.0, "{key}");
    }
    assert!(v[0]["median_ms"].as_f64() <= v[0]["p90_ms"].as_f64());
    assert!(v[0]["p90_ms"].as_f64() <= v[0]["max_ms"].as_f64());
    // --solutions: exact's moves, one line per board in the file's order,
    // each of the optimum's length and flooding its board.
    let solutions = std::fs::read_to_string(&moves_file).unwrap();
    let solutions: Vec<&str> = solutions.lines().collect();
    assert_eq!(solutions.len(), 3);
    for (line, moves) in lines.iter().zip(&solutions) {
        let id = line.split_whitespace().next().unwrap();
        let m: usize = line.split_whitespace().nth(4).unwrap().parse().unwrap();
        assert_eq!(moves.len(), m, "{id}");
        let check = colorwalk(&["verify", id, moves], "");
        assert_eq!(check.status.code(), Some(0), "{id}: {}", stdout(&check));
    }
}

#[test]
fn reading_commands_never_create_a_database_at_a_mistyped_path() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("no-such-folder").join("typo.sqlite");
    let typo_s = typo.to_str().unwrap();
    for args in [
        vec!["runs", "--db", typo_s],
        vec!["runs", "1", "--db", typo_s],
        vec!["compare", "1", "2", "--db", typo_s],
        vec!["plot", "1", "--out", "unused.svg", "--db", typo_s],
    ] {
        let out = colorwalk(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = stderr(&out);
        assert!(
            err.contains("there is no results database") && err.contains("typo.sqlite"),
            "{args:?}: {err}"
        );
    }
    assert!(
        !dir.path().join("no-such-folder").exists(),
        "neither the file nor its folder was made"
    );

    // With no --db and no database at the default path yet: `runs` says
    // nothing is stored (an empty list in JSON), the others say so as an
    // error; none of them makes the file.
    let default = dir.path().join("default").join("results.db");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"))
            .args(args)
            .env("COLORWALK_DB", &default)
            .output()
            .unwrap()
    };
    let out = run(&["runs"]);
    assert!(out.status.success());
    assert!(
        stdout(&out).contains("no runs stored yet"),
        "{}",
        stdout(&out)
    );
    let out = run(&["runs", "--json"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out).trim(), "[]");
    for args in [
        &["runs", "3"][..],
        &["compare", "1", "2"],
        &["plot", "1", "--out", "x.svg"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("nothing is stored yet"),
            "{}",
            stderr(&out)
        );
    }
    assert!(!dir.path().join("default").exists());
}

/// Runs `colorwalk ARGS` until its standard error has a line containing
/// An interrupted `optimum --within` says it was interrupted, not that its
/// budgets ran out.
#[cfg(unix)]
#[test]
fn an_interrupted_within_question_says_so() {
    let args = [
        "optimum",
        "26x26c8-s2",
        "--no-store",
        "--within",
        "40",
        "--progress",
    ];
    let (status, out, err) = interrupted_once(&args, "26x26c8-s2: 33 ≤ minimum");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        out.contains("undecided: the search was interrupted"),
        "{out}\n{err}"
    );
}

/// `ready`, then sends it Ctrl-C (SIGINT); its output and exit status.
#[cfg(unix)]
fn interrupted_once(args: &[&str], ready: &str) -> (std::process::ExitStatus, String, String) {
    signalled_once("INT", args, ready)
}

/// As [`interrupted_once`], with the signal `signal` (`INT`, `TERM`, `HUP`).
#[cfg(unix)]
fn signalled_once(
    signal: &str,
    args: &[&str],
    ready: &str,
) -> (std::process::ExitStatus, String, String) {
    signalled(signal, false, args, ready)
}

/// As [`signalled_once`]; with `to_group` the command runs in a process
/// group of its own, and one `kill` signals it, then its group, as
/// `timeout` does.
#[cfg(unix)]
fn signalled(
    signal: &str,
    to_group: bool,
    args: &[&str],
    ready: &str,
) -> (std::process::ExitStatus, String, String) {
    use std::io::{BufRead, BufReader, Read};
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .process_group(0)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        assert!(err.read_line(&mut line).unwrap() > 0, "ended first: {seen}");
        seen.push_str(&line);
        if line.contains(ready) {
            break;
        }
    }
    let pid = child.id().to_string();
    let group = format!("-{pid}");
    let targets = if to_group {
        &[&pid, &group][..]
    } else {
        &[&pid]
    };
    let kill = Command::new("kill")
        .arg(format!("-{signal}"))
        .arg("--")
        .args(targets)
        .status()
        .unwrap();
    assert!(kill.success());
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    err.read_to_string(&mut seen).unwrap();
    (child.wait().unwrap(), out, seen)
}

#[cfg(unix)]
#[test]
fn one_stop_signalled_twice_at_once_still_reports() {
    // `timeout -s INT` signals the process, then its group: the two arrive
    // within microseconds and are one stop, not a second Ctrl-C that quits
    // without a word. (When the kernel merges the two, which it may while
    // the first is pending, this checks nothing more than one signal.)
    for _ in 0..10 {
        let (status, out, err) = signalled(
            "INT",
            true,
            &[
                "optimum",
                "26x26c8-s2",
                "--no-store",
                "--json",
                "--progress",
            ],
            "≤ minimum ≤",
        );
        assert_eq!(status.code(), Some(130), "{err}");
        let v: serde_json::Value =
            serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {err}"));
        assert_eq!(v["stopped"], "cancelled");
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_sigterm_and_sighup_stop_a_proof_with_its_best_line_and_bound() {
    // A board no proof finishes in a test's time; the signal once the
    // search has proven a first bound. SIGTERM (what a scheduler sends) and
    // SIGHUP (a closed terminal) do what Ctrl-C does.
    for signal in ["INT", "TERM", "HUP"] {
        let (status, out, err) = signalled_once(
            signal,
            &[
                "optimum",
                "26x26c8-s2",
                "--no-store",
                "--json",
                "--progress",
            ],
            "≤ minimum ≤",
        );
        assert_eq!(status.code(), Some(130), "{signal}: {err}");
        assert!(err.contains("interrupted: stopping"), "{signal}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["proven"], false, "{signal}");
        assert_eq!(v["stopped"], "cancelled", "{signal}");
        assert!(v["moves"].as_u64().unwrap() >= v["lower_bound"].as_u64().unwrap());
        let solution = v["solution"].as_str().unwrap();
        let check = colorwalk(&["verify", "26x26c8-s2", solution], "");
        assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_a_bench_that_the_same_command_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let db_s = db.to_str().unwrap();
    // Boards whose proofs take a while each; Ctrl-C once the first is in
    // (its progress line says so).
    let args = [
        "bench",
        "--seeds",
        "1..6",
        "--size",
        "30x30",
        "--colors",
        "6",
        "--spec",
        "exact",
        "--threads",
        "1",
        "--db",
        db_s,
        "--progress",
        "--format",
        "csv",
    ];
    let (status, _, err) = interrupted_once(&args, "30x30c6-s1: minimum");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted: "), "{err}");
    assert!(
        err.contains("; run 1 keeps what was played: the same command plays the"),
        "{err}"
    );
    // While another process plays the run, the dry run refuses it, as the
    // run itself would; once it has let go, the dry run would resume it.
    let held = Store::open(&db).unwrap().claim_run(1).unwrap();
    let busy = colorwalk(&[&args[..], &["--dry-run"]].concat(), "");
    assert_eq!(busy.status.code(), Some(2), "{}", stdout(&busy));
    assert!(
        stderr(&busy).contains("run 1 of this store is being played by another process"),
        "{}",
        stderr(&busy)
    );
    // The run refuses it too, and takes away the solutions file it made.
    let made = dir.path().join("made.txt");
    let refused = colorwalk(
        &[&args[..], &["--solutions", made.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(!made.exists(), "{}", stderr(&refused));
    // And the folders it made for it (it once left them, empty).
    let deep = dir.path().join("new").join("folder").join("made.txt");
    let refused = colorwalk(
        &[&args[..], &["--solutions", deep.to_str().unwrap()]].concat(),
        "",
    );
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(!dir.path().join("new").exists(), "{}", stderr(&refused));
    drop(held);
    let dry = colorwalk(&[&args[..], &["--dry-run"]].concat(), "");
    assert!(
        stdout(&dry).contains("resuming run 1: "),
        "{}",
        stdout(&dry)
    );
    // A run begun with --fresh is resumed by the command without it.
    let fresh = [&args[..], &["--fresh"]].concat();
    let (status, _, err) = interrupted_once(&fresh, "30x30c6-s1: minimum");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("; run 2 keeps what was played: the same command without --fresh plays the"),
        "{err}"
    );
    // Interrupted, a run leaves a solutions file it did not make as it was
    // (with nothing stored, its moves were all there was); one it made
    // gets the games played, `-` for the others.
    let kept = dir.path().join("kept.txt");
    std::fs::write(&kept, "precious\n").unwrap();
    let made = dir.path().join("made-now.txt");
    for (file, before) in [(&kept, Some("precious\n")), (&made, None)] {
        let mut no_store: Vec<&str> = args.to_vec();
        let at = no_store.iter().position(|&a| a == "--db").unwrap();
        no_store.splice(at..at + 2, ["--no-store"]);
        no_store.extend(["--solutions", file.to_str().unwrap()]);
        let (status, _, err) = interrupted_once(&no_store, "30x30c6-s1: minimum");
        assert_eq!(status.code(), Some(130), "{err}");
        let text = std::fs::read_to_string(file).unwrap();
        match before {
            Some(before) => {
                assert_eq!(text, before);
                assert!(
                    err.contains("is left as it was: the run was interrupted"),
                    "{err}"
                );
            }
            None => assert_eq!(text.lines().count(), 5, "{text}"),
        }
    }
}

/// The cells of `spec`'s row of a terminal table.
fn table_row(table: &str, spec: &str) -> Vec<String> {
    let line = table
        .lines()
        .find(|l| l.contains(&format!("│ {spec} ")))
        .unwrap_or_else(|| panic!("no row of {spec}: {table}"));
    line.trim_matches('│')
        .split('┆')
        .map(|cell| cell.trim().to_string())
        .collect()
}

#[cfg(unix)]
#[test]
fn a_bench_played_in_part_shows_every_spec_with_the_games_it_has() {
    // exact clears the small first board, then is stopped on the big second
    // one (once its search has said something of it): greedy, whose games
    // come after exact's, has played none.
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("two.txt");
    std::fs::write(&boards, "10x8c4-s1\n30x30c6-s1\n").unwrap();
    let db = dir.path().join("r.db");
    let db_s = db.to_str().unwrap();
    let args = [
        "bench",
        "--boards",
        boards.to_str().unwrap(),
        "--spec",
        "exact",
        "--spec",
        "greedy",
        "--threads",
        "1",
        "--db",
        db_s,
        "--progress",
    ];
    let (status, table, err) = interrupted_once(&args, "30x30c6-s1:");
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted: 1 game of 4 played"), "{err}");
    let exact = table_row(&table, "exact");
    assert_eq!(exact[1..3], ["1", "1"], "{table}");
    let greedy = table_row(&table, "greedy");
    assert_eq!(greedy.len(), exact.len(), "{table}");
    assert_eq!(greedy[1], "0", "{table}");
    assert!(greedy[2..].iter().all(|c| c == "-"), "{table}");

    // The stored run's table says the same, and its JSON has the row too.
    let runs = colorwalk(&["runs", "1", "--db", db_s], "");
    assert!(runs.status.success(), "{}", stderr(&runs));
    assert_eq!(table_row(&stdout(&runs), "greedy"), greedy);
    let json = colorwalk(&["runs", "1", "--db", db_s, "--json"], "");
    let rows: serde_json::Value = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(rows[1]["spec"], "greedy", "{rows}");
    assert_eq!(rows[1]["n"], 0, "{rows}");
}

fn json_str(s: &str) -> serde_json::Value {
    serde_json::Value::String(s.to_string())
}

#[test]
fn a_look_ahead_of_hours_a_move_is_noted_unless_a_time_limit_bounds_it() {
    let bench = |extra: &[&str]| {
        let mut args = vec![
            "bench",
            "--seeds",
            "1..2",
            "--size",
            "10x10",
            "--colors",
            "36",
            "--spec",
            "gla:depth=7",
            "--dry-run",
            "--no-store",
        ];
        args.extend(extra);
        colorwalk(&args, "")
    };
    let out = bench(&[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("gla depth=7 with 36 colors tries 8e10 positions a move"),
        "{}",
        stderr(&out)
    );
    let out = bench(&["--time-limit", "5"]);
    assert!(
        !stderr(&out).contains("positions a move"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn runs_lists_a_runs_games_whose_moves_replay() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    let db = db.to_str().unwrap();
    let plan = "bench --seeds 1..4 --size 12x10 --colors 4 --spec greedy --spec exact --threads 1";
    let args: Vec<&str> = plan.split(' ').chain(["--db", db]).collect();
    let played = colorwalk(&args, "");
    assert!(played.status.success(), "{}", stderr(&played));
    let out = colorwalk(&["runs", "1", "--games", "--format", "csv", "--db", db], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("board,index,spec,outcome,moves,bound,ms,solution")
    );
    let rows: Vec<Vec<String>> = lines
        .map(|l| {
            let (head, solution) = l.split_once(",\"").unwrap_or_else(|| {
                let i = l.rfind(',').unwrap();
                (&l[..i], &l[i + 1..])
            });
            let mut row: Vec<String> = head.split(',').map(String::from).collect();
            row.push(solution.trim_end_matches('"').to_string());
            row
        })
        .collect();
    // Board by board, in the plan's spec order; every game replays.
    let order: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| (r[0].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(
        order,
        [
            ("12x10c4-s1", "greedy"),
            ("12x10c4-s1", "exact"),
            ("12x10c4-s2", "greedy"),
            ("12x10c4-s2", "exact"),
            ("12x10c4-s3", "greedy"),
            ("12x10c4-s3", "exact"),
        ]
    );
    for r in &rows {
        assert_eq!(r[3], "solved", "{r:?}");
        let check = colorwalk(&["verify", &r[0], &r[7]], "");
        assert!(check.status.success(), "{r:?}: {}", stdout(&check));
        assert!(
            stdout(&check).contains(&format!("cleared in {} moves", r[4])),
            "{r:?}: {}",
            stdout(&check)
        );
        // exact proves its bound: it equals its moves.
        if r[2].starts_with("exact") {
            assert_eq!(r[5], r[4], "{r:?}");
        }
    }
    let json = colorwalk(&["runs", "1", "--games", "--json", "--db", db], "");
    let games: Vec<serde_json::Value> = serde_json::from_str(&stdout(&json)).unwrap();
    assert_eq!(games.len(), 6);
    assert_eq!(games[0]["board_id"], "12x10c4-s1");
}

/// `--solutions` tells a board not played (`?`: another shard's here)
/// from one not cleared (`-`: greedy under a move limit too small).
#[test]
fn a_shards_solutions_mark_the_boards_it_did_not_play() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // Greedy on four small seeded boards, with `extra` flags.
    let run = |extra: &[&str]| {
        let plan = [
            "bench", "--seeds", "1..5", "--size", "6x6", "--colors", "3", "--spec", "greedy",
        ];
        colorwalk(&[&plan[..], extra].concat(), "")
    };
    let moves = at("moves.txt");
    let bench = |extra: &[&str]| {
        let out = run(&[&["--solutions", &moves][..], extra].concat());
        assert!(out.status.success(), "{}", stderr(&out));
        std::fs::read_to_string(&moves).unwrap()
    };
    let db = at("s.db");
    let lines = bench(&["--shard", "1/2", "--db", &db]);
    let lines: Vec<&str> = lines.lines().collect();
    assert_eq!(lines.len(), 4, "{lines:?}");
    // Shard 1 of 2 plays the boards at odd positions.
    for (i, line) in lines.iter().enumerate() {
        if i % 2 == 1 {
            assert!(
                line.chars().all(|c| c.is_ascii_digit()) && !line.is_empty(),
                "{lines:?}"
            );
        } else {
            assert_eq!(*line, "?", "{lines:?}");
        }
    }
    let limited = bench(&["--max-moves", "1", "--no-store"]);
    assert_eq!(limited, "-\n-\n-\n-\n");
    // Another store is never taken for a moves file.
    let other = at("other.db");
    let out = run(&["--db", &other]);
    assert!(out.status.success(), "{}", stderr(&out));
    let before = std::fs::read(&other).unwrap();
    let out = run(&["--no-store", "--solutions", &other]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is an SQLite database"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&other).unwrap(), before);
}

#[test]
fn a_refused_bench_leaves_its_solutions_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let solutions = at("moves.txt");
    std::fs::write(&solutions, "precious\n").unwrap();
    std::fs::write(at("notes.txt"), "my notes\n").unwrap();
    let refused = [
        // A store that is not a database.
        vec![
            "--seeds", "1..3", "--size", "6x6", "--colors", "3", "--spec", "greedy", "--db",
        ]
        .into_iter()
        .map(String::from)
        .chain([at("notes.txt")])
        .collect::<Vec<_>>(),
        // A spec that cannot be sharded.
        [
            "--koblenski",
            "1..3",
            "--spec",
            "round-robin-series",
            "--shard",
            "0/2",
            "--db",
        ]
        .into_iter()
        .map(String::from)
        .chain([at("s.db")])
        .collect(),
    ];
    for args in refused {
        let mut all = vec!["bench".to_string()];
        all.extend(args);
        all.extend(["--solutions".to_string(), solutions.clone()]);
        let all: Vec<&str> = all.iter().map(String::as_str).collect();
        let out = colorwalk(&all, "");
        assert_eq!(out.status.code(), Some(2), "{all:?}");
        assert_eq!(
            std::fs::read_to_string(&solutions).unwrap(),
            "precious\n",
            "{all:?}"
        );
    }
    // Two small seeded boards played by greedy, with `extra` flags.
    let small_bench = |extra: &[&str]| {
        let mut args = vec![
            "bench", "--seeds", "1..3", "--size", "6x6", "--colors", "3", "--spec", "greedy",
        ];
        args.extend_from_slice(extra);
        colorwalk(&args, "")
    };
    // A run that plays writes its moves over what the file held.
    let out = small_bench(&["--no-store", "--solutions", &solutions]);
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read_to_string(&solutions).unwrap();
    assert_eq!(written.lines().count(), 2, "{written}");
    assert!(!written.contains("precious"));
    // A device takes the moves too (it cannot be emptied).
    let out = small_bench(&["--no-store", "--solutions", "/dev/null"]);
    assert!(out.status.success(), "{}", stderr(&out));
    // A store not made yet is the same file as a --solutions of its name.
    // Nor through `..` or a link to its folder.
    std::fs::create_dir(at("sub")).unwrap();
    std::os::unix::fs::symlink(at("sub"), at("link")).unwrap();
    let fresh = at("fresh.db");
    for (db, solutions) in [
        (fresh.clone(), fresh.clone()),
        (fresh.clone(), at("sub/../fresh.db")),
        (at("sub/z.db"), at("link/z.db")),
    ] {
        let out = small_bench(&["--db", &db, "--solutions", &solutions]);
        assert_eq!(out.status.code(), Some(2), "{solutions}");
        assert!(
            stderr(&out).contains("is the results database too"),
            "{}",
            stderr(&out)
        );
        assert!(!std::path::Path::new(&db).exists());
    }
    // The file standard output writes already: the moves go there, the
    // table to standard error, as with `-`.
    let piped = small_bench(&["--no-store", "--solutions", "-"]);
    assert!(piped.status.success(), "{}", stderr(&piped));
    assert_eq!(stdout(&piped), written, "the lines a file gets");
    assert!(stderr(&piped).contains("greedy"), "{}", stderr(&piped));
    let out = small_bench(&["--no-store", "--solutions", "/dev/stdout"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), stdout(&piped));
    assert!(stderr(&out).contains("greedy"), "{}", stderr(&out));
    // A solutions file that cannot be made makes no store either; one made
    // for a run the store then refuses is taken away again.
    let unmade = at("never.db");
    let out = small_bench(&[
        "--db",
        &unmade,
        "--solutions",
        "/proc/no-such-folder/moves.txt",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!std::path::Path::new(&unmade).exists());
    let new_moves = at("new-moves.txt");
    let out = small_bench(&["--db", &at("notes.txt"), "--solutions", &new_moves]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(!std::path::Path::new(&new_moves).exists());
    // A first spec that plays boards of its own on the series' run (the
    // series' stream shared: `k@` boards) has no line for the plan's boards.
    let out = colorwalk(
        &[
            "bench",
            "--koblenski",
            "1..3",
            "--spec",
            "random",
            "--no-store",
            "--solutions",
            &new_moves,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("plays boards of its own"),
        "{}",
        stderr(&out)
    );
    assert!(!std::path::Path::new(&new_moves).exists());
}

#[test]
fn plot_never_draws_over_its_store_nor_makes_folders_for_a_name_it_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // A store whose name ends in .svg, as a plot's could.
    let db = at("results.svg");
    let out = colorwalk(
        &[
            "bench", "--seeds", "1..3", "--size", "6x6", "--colors", "3", "--spec", "greedy",
            "--db", &db,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let before = std::fs::read(&db).unwrap();
    let out = colorwalk(&["plot", "1", "--db", &db, "--out", &db], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is the results database too"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read(&db).unwrap(), before);
    let out = colorwalk(&["plot", "1", "--db", &db, "--out", &at("new/sub/x")], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(".svg or .png"), "{}", stderr(&out));
    assert!(!dir.path().join("new").exists());
    let out = colorwalk(
        &["plot", "1", "--db", &db, "--out", &at("new/sub/x.svg")],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        std::fs::read_to_string(at("new/sub/x.svg"))
            .unwrap()
            .contains("<svg")
    );
}

#[test]
fn optimum_says_its_store_cannot_be_opened_before_it_searches() {
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.txt");
    std::fs::write(&notes, "my notes\n").unwrap();
    let out = colorwalk(
        &[
            "optimum",
            "8x8c4-s1",
            "--progress",
            "--db",
            notes.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("file is not a database"), "{err}");
    assert!(!err.contains("minimum"), "no search ran: {err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
}

#[test]
fn a_listed_optimum_that_a_solver_contradicts_is_warned_about() {
    for (text, says) in [
        ("# optimum: 1\n.01\n011\n", "a proven lower bound of 2"),
        ("# optimum: 5\n.01\n011\n", "a solution of 2 moves"),
    ] {
        for args in [
            vec!["solve", "-", "--spec", "exact"],
            vec!["optimum", "-", "--no-store"],
        ] {
            let out = colorwalk(&args, text);
            assert!(out.status.success(), "{}", stderr(&out));
            let err = stderr(&out);
            assert!(
                err.contains("the listed optimum") && err.contains(says),
                "{args:?}: {err}"
            );
            // And it is ignored: no gap is counted from it.
            let said = stdout(&out);
            assert!(!said.contains("gap"), "{args:?}: {said}");
            if args[0] == "optimum" {
                assert!(said.contains("(wrong)"), "{said}");
            }
        }
    }
    // `verify` knows only its moves: 2 moves refute a listed 5.
    let out = colorwalk(&["verify", "-", "0,1"], "# optimum: 5\n.01\n011\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("lists an optimum of 5, but this lab knows a solution of 2 moves"),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("known optimum"), "{}", stdout(&out));
    // The warning names the board as the results do: by its name in the
    // file (it once said "the board" for a board of a line file).
    let lines = "ref_a 3x2 5 .01011\nref_b 3x2 9 .01011\n";
    let out = colorwalk(&["optimum", "-", "--pick", "2", "--no-store"], lines);
    assert!(
        stderr(&out).contains("warning: ref_b: its board file lists an optimum of 9"),
        "{}",
        stderr(&out)
    );
    // Nor is a listed optimum below the exact search's bound at the start
    // believed (at least the colors left to play, each needing a move):
    // `verify`, a solver that proves nothing, and `bench`, by the same
    // rule. The 4x2 board needs 5 moves; the 12x10 one, of 4 colors, more
    // than the 4 its file lists (the web lab once took a pasted 4 as par).
    let big = stdout(&colorwalk(&["new", "12x10c4-s1", "--to", "text"], ""));
    for (board, listed, bound) in [
        ("# optimum: 0\n.012\n1201\n".to_string(), 0, Some(5)),
        (format!("# optimum: 4\n{big}"), 4, None),
    ] {
        for args in [
            vec!["verify", "-", "2,1,0"],
            vec!["solve", "-", "--spec", "greedy"],
            vec!["bench", "--boards", "-", "--spec", "greedy", "--no-store"],
        ] {
            let out = colorwalk(&args, &board);
            let said = format!(
                "lists an optimum of {listed}, but this lab knows a proven lower bound of "
            );
            let err = stderr(&out);
            let at = err.find(&said).unwrap_or_else(|| panic!("{args:?}: {err}"));
            let lower: u32 = err[at + said.len()..]
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert!(lower > listed && bound.is_none_or(|b| b == lower), "{err}");
            assert!(!stdout(&out).contains("known optimum"), "{}", stdout(&out));
            assert!(!stdout(&out).contains("gap"), "{}", stdout(&out));
        }
    }
    // A listed optimum that holds says nothing, and counts.
    let out = colorwalk(&["optimum", "-", "--no-store"], "# optimum: 2\n.01\n011\n");
    assert!(!stderr(&out).contains("listed optimum"), "{}", stderr(&out));
    let out = colorwalk(
        &["solve", "-", "--spec", "exact"],
        "# optimum: 2\n.01\n011\n",
    );
    assert!(
        stdout(&out).contains("optimum  2 (gap 0)"),
        "{}",
        stdout(&out)
    );
}

#[cfg(unix)]
#[test]
fn bench_convert_and_runs_keep_their_files_and_streams_apart() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // A dry run refuses a --solutions that is the store, as the run does.
    let db = at("r.db");
    let out = colorwalk(
        &[
            "bench",
            "--seeds",
            "1..3",
            "--size",
            "6x6",
            "--colors",
            "3",
            "--spec",
            "greedy",
            "--db",
            &db,
            "--solutions",
            &db,
            "--dry-run",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("is the results database too"),
        "{}",
        stderr(&out)
    );
    // Boards from standard input, moves to standard output: two streams,
    // not one file named `-`.
    let out = colorwalk(
        &[
            "bench",
            "--boards",
            "-",
            "--spec",
            "greedy",
            "--no-store",
            "--solutions",
            "-",
        ],
        "6x6c3-s1\n6x6c3-s2\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().count(), 2, "{}", stdout(&out));
    // A named pipe is no store: refused, not waited on.
    let fifo = at("fifo.db");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let out = colorwalk(
        &[
            "bench", "--seeds", "1..2", "--size", "6x6", "--spec", "greedy", "--db", &fifo,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is not a regular file"),
        "{}",
        stderr(&out)
    );
    // A store that cannot be written points to --no-store, for the commands
    // that have it.
    for command in ["bench", "optimum"] {
        let args: &[&str] = if command == "bench" {
            &[
                "bench", "--seeds", "1..2", "--size", "6x6", "--spec", "greedy",
            ]
        } else {
            &["optimum", "6x6c5-s1"]
        };
        let out = colorwalk(&[args, &["--db", &fifo]].concat(), "");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("give another store with --db, or --no-store to keep nothing"),
            "{command}: {}",
            stderr(&out)
        );
    }
    // A full standard output is an error (exit 2), not a panic.
    let full = std::fs::File::create("/dev/full").unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .args(["runs", "--db", &at("none.db")])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    // `convert -o -` writes standard output; a file standard input reads is
    // not written over.
    let out = colorwalk(&["convert", "6x6c3-s1", "--to", "id", "-o", "-"], "");
    assert_eq!(stdout(&out), "6x6c3-s1\n");
    assert!(!dir.path().join("-").exists() && !std::path::Path::new("-").exists());
    let board = at("b.txt");
    std::fs::write(&board, stdout(&colorwalk(&["new", "6x6c3-s1"], ""))).unwrap();
    let before = std::fs::read_to_string(&board).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .args(["convert", "-", "--to", "line", "-o", &board])
        .stdin(std::fs::File::open(&board).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("is both the input and the output"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&board).unwrap(), before);
}

#[test]
fn optimum_json_says_whether_a_listed_optimum_holds() {
    for (listed, holds) in [(2, true), (1, false)] {
        let out = colorwalk(
            &["optimum", "-", "--no-store", "--json"],
            &format!("# optimum: {listed}\n.01\n011\n"),
        );
        let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(v["listed_optimum"], listed);
        assert_eq!(v["listed_optimum_holds"], holds);
    }
    let out = colorwalk(&["optimum", "2x2c2:.011", "--no-store", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(v.get("listed_optimum_holds").is_none(), "{v}");
}

/// A board file whose name is not UTF-8 is read (it was "not found").
#[cfg(unix)]
#[test]
fn bench_reads_a_board_file_whose_name_is_not_utf8() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"boards-\xff.txt"));
    std::fs::write(&path, stdout(&colorwalk(&["new", "10x10c4-s1"], ""))).unwrap();
    let run = |file: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"))
            .args(["bench", "--spec", "greedy", "--no-store", "--boards"])
            .arg(file)
            .output()
            .unwrap()
    };
    let out = run(&path);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("│ greedy ┆      1 ┆      1 ┆"),
        "{}",
        stdout(&out)
    );
    // One that does not exist is named as well as it can be.
    let out = run(&dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"none-\xff.txt")));
    assert!(stderr(&out).contains("no such file") && stderr(&out).contains("none-\u{fffd}.txt"));
    // So do the commands that take one board.
    for (args, said) in [
        (&["solve", "--spec", "greedy"][..], "board    10x10c4-s1"),
        (&["show"][..], "# 10x10c4-s1"),
        (&["verify"][..], "not cleared"),
        (&["convert", "--to", "id"][..], "10x10c4-s1"),
        (&["optimum", "--no-store"][..], "minimum "),
    ] {
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"));
        command.args(&args[..1]).arg(&path).args(&args[1..]);
        if args[0] == "verify" {
            command.arg("0");
        }
        let out = command.output().unwrap();
        assert!(stdout(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

#[test]
fn pick_takes_a_short_board_id_and_names_standard_input() {
    let out = colorwalk(&["show", "-", "--pick", "k2"], "k1\nk2\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("# 30x20c5-k2 "),
        "{}",
        stdout(&out)
    );
    let out = colorwalk(&["show", "-", "--pick", "30x20c5-k9"], "k1\nk2\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("no board named '30x20c5-k9' in standard input"),
        "{}",
        stderr(&out)
    );
}
