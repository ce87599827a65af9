//! `bench --shard` and `merge`: a plan split in two by hand and by a
//! scheduler's environment, merged into the run one process plays; the
//! errors a person meets on the way.

use crate::{stderr, stdout};
use cw_lab::Store;
use std::process::{Command, Output, Stdio};

/// The variables `--shard auto` reads: cleared, so that a test run inside a
/// Slurm job or a pod is not steered by them.
const SCHEDULER_VARS: &[&str] = &[
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "SLURM_ARRAY_TASK_MAX",
    "SLURM_ARRAY_TASK_STEP",
    "JOB_COMPLETION_INDEX",
    "COLORWALK_SHARD_COUNT",
];

/// Runs `colorwalk ARGS` with these scheduler variables (and no others).
fn colorwalk_in(env: &[(&str, &str)], args: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_colorwalk"));
    for var in SCHEDULER_VARS {
        cmd.env_remove(var);
    }
    cmd.envs(env.iter().copied())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("colorwalk runs")
}

const PLAN: &[&str] = &[
    "bench",
    "--seeds",
    "1..8",
    "--size",
    "12x10",
    "--colors",
    "4",
    "--spec",
    "greedy",
    "--spec",
    "exact",
    "--threads",
    "1",
];

fn bench(env: &[(&str, &str)], extra: &[&str]) -> Output {
    let args: Vec<&str> = PLAN.iter().chain(extra).copied().collect();
    colorwalk_in(env, &args)
}

/// A store's one run, as rows without times.
fn rows(path: &std::path::Path) -> Vec<String> {
    let store = Store::open_existing(path).unwrap();
    let runs = store.runs().unwrap();
    assert_eq!(runs.len(), 1, "{runs:?}");
    let mut rows: Vec<String> = store
        .results(runs[0].id)
        .unwrap()
        .into_iter()
        .map(|r| {
            format!(
                "{} {} {} {:?} {} {} {:?}",
                r.board_id, r.board_index, r.spec, r.outcome, r.moves, r.solution, r.lower_bound
            )
        })
        .collect();
    rows.sort();
    rows
}

#[test]
fn shards_by_hand_and_from_slurm_merge_into_the_single_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let single = bench(&[], &["--db", &path("single.db")]);
    assert!(single.status.success(), "{}", stderr(&single));

    // Shard 0 of 2 by hand; shard 1 as task 1 of a Slurm array --array=0-1.
    let s0 = bench(&[], &["--shard", "0/2", "--db", &path("s0.db")]);
    assert!(s0.status.success(), "{}", stderr(&s0));
    assert!(
        stderr(&s0).contains("shard 0/2: 4 of the plan's 7 boards"),
        "{}",
        stderr(&s0)
    );
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "2"),
        ("SLURM_ARRAY_TASK_MIN", "0"),
        ("SLURM_ARRAY_TASK_MAX", "1"),
    ];
    let s1 = bench(&slurm, &["--shard", "auto", "--db", &path("s1.db")]);
    assert!(s1.status.success(), "{}", stderr(&s1));
    assert!(
        stderr(&s1).contains("shard 1/2: 3 of the plan's 7 boards"),
        "{}",
        stderr(&s1)
    );

    // Only shard 0 merged: incomplete (exit 1), and it says which shard to run.
    let out = colorwalk_in(&[], &["merge", &path("merged.db"), &path("s0.db")]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("missing: 6 of 14 results, on 3 boards; run these shards again: 1/2"),
        "{text}"
    );
    assert!(
        text.contains("board 1 (12x10c4-s2): greedy, exact (shard 1/2)"),
        "{text}"
    );

    // Both: complete (exit 0), the single run's rows exactly.
    let out = colorwalk_in(
        &[],
        &["merge", &path("merged.db"), &path("s0.db"), &path("s1.db")],
    );
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("added 6 results, 8 duplicates"), "{text}");
    assert!(text.contains("complete: 14 of 14 results"), "{text}");
    assert_eq!(
        rows(dir.path().join("merged.db").as_path()),
        rows(dir.path().join("single.db").as_path())
    );

    // JSON for scripts.
    let out = colorwalk_in(
        &[],
        &[
            "merge",
            &path("merged.db"),
            &path("s0.db"),
            &path("s1.db"),
            "--json",
        ],
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (report["complete"].as_bool(), report["added"].as_u64()),
        (Some(true), Some(0))
    );

    // A Kubernetes Indexed Job's pod, with the count from the flag.
    let k8s = bench(
        &[("JOB_COMPLETION_INDEX", "1")],
        &[
            "--shard",
            "auto",
            "--shard-count",
            "2",
            "--db",
            &path("k1.db"),
        ],
    );
    assert!(k8s.status.success(), "{}", stderr(&k8s));
    assert_eq!(
        rows(dir.path().join("k1.db").as_path()),
        rows(dir.path().join("s1.db").as_path())
    );
}

#[test]
fn shard_and_merge_mistakes_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let err = |out: Output| {
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        stderr(&out)
    };
    let db = ["--db", "unused.db"];
    let e = err(bench(&[], &["--shard", "2/2", "--db", &path("x.db")]));
    assert!(
        e.contains("--shard: shard 2 of 2 does not exist: shards are numbered 0 to 1"),
        "{e}"
    );
    let e = err(bench(&[], &["--shard", "half", "--db", &path("x.db")]));
    assert!(e.contains("expected I/N"), "{e}");
    let e = err(bench(&[], &["--shard", "auto", "--db", &path("x.db")]));
    assert!(e.contains("found no scheduler"), "{e}");
    let e = err(bench(
        &[("JOB_COMPLETION_INDEX", "0")],
        &["--shard", "auto", "--db", &path("x.db")],
    ));
    assert!(
        e.contains("--shard-count N or set COLORWALK_SHARD_COUNT"),
        "{e}"
    );
    let e = err(bench(
        &[],
        &[
            "--shard",
            "0/2",
            "--shard-count",
            "2",
            "--db",
            &path("x.db"),
        ],
    ));
    assert!(e.contains("--shard-count goes with --shard auto"), "{e}");
    let e = err(bench(&[], &["--shard", "0/2"]));
    assert!(e.contains("--db"), "a shard needs its own store: {e}");
    let e = err(colorwalk_in(
        &[],
        &[
            "bench",
            "--spec",
            "round-robin-series",
            "--koblenski",
            "3",
            "--shard",
            "0/2",
            db[0],
            &path("x.db"),
        ],
    ));
    assert!(e.contains("cannot be split into shards"), "{e}");
    assert!(
        !std::path::Path::new(&path("x.db")).exists(),
        "a refused plan makes no store"
    );
    // A file that is no database: SQLite's message, once.
    std::fs::write(path("junk.db"), vec![7u8; 4096]).unwrap();
    let e = err(bench(&[], &["--db", &path("junk.db")]));
    assert!(e.ends_with(": file is not a database\n"), "{e}");
    assert!(!e.contains("Error code"), "{e}");

    let e = err(colorwalk_in(
        &[],
        &["merge", &path("out.db"), &path("typo.db")],
    ));
    assert!(
        e.contains("there is no results database") && e.contains("typo.db"),
        "{e}"
    );
    let s0 = bench(&[], &["--shard", "0/2", "--db", &path("s0.db")]);
    assert!(s0.status.success());
    let e = err(colorwalk_in(
        &[],
        &["merge", &path("s0.db"), &path("s0.db")],
    ));
    assert!(e.contains("is both the output and an input"), "{e}");
    // A hard link is the same file too.
    std::fs::hard_link(path("s0.db"), path("s0-link.db")).unwrap();
    let e = err(colorwalk_in(
        &[],
        &["merge", &path("s0-link.db"), &path("s0.db")],
    ));
    assert!(e.contains("is both the output and an input"), "{e}");
    // --solutions never writes over the store or the boards it reads.
    let before = rows(std::path::Path::new(&path("s0.db")));
    let e = err(bench(
        &[],
        &["--db", &path("s0.db"), "--solutions", &path("s0-link.db")],
    ));
    assert!(
        e.contains("is the results database too: writing the moves there would wipe it"),
        "{e}"
    );
    assert_eq!(rows(std::path::Path::new(&path("s0.db"))), before);
    std::fs::write(path("ids.txt"), "12x10c4-s1\n12x10c4-s2\n").unwrap();
    let e = err(colorwalk_in(
        &[],
        &[
            "bench",
            "--boards",
            &path("ids.txt"),
            "--spec",
            "greedy",
            "--no-store",
            "--solutions",
            &path("ids.txt"),
        ],
    ));
    assert!(e.contains("is the boards' file too"), "{e}");
    assert_eq!(
        std::fs::read_to_string(path("ids.txt")).unwrap(),
        "12x10c4-s1\n12x10c4-s2\n"
    );
    let other = colorwalk_in(
        &[],
        &[
            "bench",
            "--seeds",
            "1..8",
            "--size",
            "12x10",
            "--colors",
            "4",
            "--spec",
            "greedy",
            "--shard",
            "1/2",
            "--db",
            &path("other.db"),
        ],
    );
    assert!(other.status.success());
    let e = err(colorwalk_in(
        &[],
        &["merge", &path("out.db"), &path("s0.db"), &path("other.db")],
    ));
    assert!(e.contains("is not of the same plan as"), "{e}");
    // A failed merge leaves no output behind, and its inputs as they were
    // (an empty file stays empty: it is read, not made a store).
    assert!(!dir.path().join("out.db").exists());
    std::fs::write(path("empty.db"), "").unwrap();
    let e = err(colorwalk_in(
        &[],
        &["merge", &path("out.db"), &path("s0.db"), &path("empty.db")],
    ));
    assert!(e.contains("empty.db"), "{e}");
    assert!(!dir.path().join("out.db").exists());
    assert_eq!(std::fs::metadata(path("empty.db")).unwrap().len(), 0);
}

#[test]
fn a_run_is_resumed_only_by_the_same_plan_and_a_different_one_says_how_to_start_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("r.db");
    // An unfinished run of the same boards and specs, begun with another
    // move limit: not resumed, and the error says why and what to do.
    {
        let mut store = Store::open(&db).unwrap();
        let plan = cw_batch::check(
            &cw_batch::PlanDraft {
                specs: vec!["greedy".into(), "exact".into()],
                boards: cw_batch::BoardSet::Seeds {
                    first: 1,
                    count: 7,
                    width: 12,
                    height: 10,
                    colors: 4,
                },
                max_moves: 500,
                time_limit: None,
                memory_bytes: None,
            },
            &cw_batch::Caps::command_line(),
        )
        .unwrap();
        store
            .begin_run(&cw_batch::Batch::new(plan, 1).meta(7))
            .unwrap();
    }
    let out = bench(&[], &["--db", db.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(
        e.contains("run 1 on the same boards and specs is unfinished"),
        "{e}"
    );
    assert!(e.contains("move limit: 500 then, 1000 now"), "{e}");
    assert!(e.contains("Add --fresh"), "{e}");
    let out = bench(&[], &["--db", db.to_str().unwrap(), "--fresh"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("stored as run 2"), "{}", stderr(&out));
}

/// A shard that gets none of the plan's boards says so instead of printing
/// a table with no rows, and still stores its (empty) run for `merge`.
#[test]
fn a_shard_without_boards_prints_no_empty_table() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("s7.db");
    let out = bench(&[], &["--shard", "7/8", "--db", db.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    let err = stderr(&out);
    assert!(err.contains("shard 7/8: 0 of the plan's 7 boards"), "{err}");
    assert!(
        err.contains("no games were played, so there is no table"),
        "{err}"
    );
    assert_eq!(Store::open_existing(&db).unwrap().runs().unwrap().len(), 1);
    // JSON keeps its shape for programs: each spec's row, of no games.
    let json = dir.path().join("s7j.db");
    let out = bench(
        &[],
        &["--shard", "7/8", "--db", json.to_str().unwrap(), "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["run"], 1, "{v}");
    let rows: Vec<(&str, u64)> = v["summaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["spec"].as_str().unwrap(), r["n"].as_u64().unwrap()))
        .collect();
    assert_eq!(rows, [("greedy", 0), ("exact", 0)], "{}", stderr(&out));
}
