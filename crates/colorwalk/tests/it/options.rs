//! Which options go together: `bench`'s board sources and the options only
//! some of them take, the order of `bench`'s rows, and the color counts that
//! `new` and `bench` accept.

use std::process::Output;

use crate::{colorwalk, stderr, stdout};
use cw_core::{MAX_COLORS, MIN_COLORS};

/// The series' reference boards, in the `line` format.
const REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/reference/optimal-30x20x5.txt"
);

/// `colorwalk bench ARGS --spec greedy --dry-run --no-store`.
fn bench_dry_run(args: &[&str]) -> Output {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--spec", "greedy", "--dry-run", "--no-store"]);
    colorwalk(&all, "")
}

/// `colorwalk bench ARGS --spec greedy --no-store --json`: the games
/// played and solved.
fn bench_played(args: &[&str]) -> (u64, u64) {
    let mut all = vec!["bench"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--spec", "greedy", "--no-store", "--json"]);
    let out = colorwalk(&all, "");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert!(v["run"].is_null(), "no run without a store: {v}");
    let row = &v["summaries"][0];
    (row["n"].as_u64().unwrap(), row["solved"].as_u64().unwrap())
}

/// The `error:` line of a usage error.
fn error_line(out: &Output) -> String {
    let err = stderr(out);
    err.lines()
        .find(|l| l.starts_with("error:"))
        .unwrap_or_else(|| panic!("no error line in: {err}"))
        .to_string()
}

#[test]
fn bench_refuses_an_option_its_board_source_does_not_take() {
    let cases: [(&[&str], &str, &str); 9] = [
        (
            &["--size", "10x10", "--boards", REFERENCE],
            "--boards",
            "--size",
        ),
        (
            &["--colors", "7", "--boards", REFERENCE],
            "--boards",
            "--colors",
        ),
        (
            &["--flood-it", "--koblenski", "1..2"],
            "--flood-it",
            "--koblenski",
        ),
        (
            &["--flood-it", "--boards", REFERENCE],
            "--flood-it",
            "--boards",
        ),
        (
            &["--start", "3,3", "--koblenski", "1..2"],
            "--start",
            "--koblenski",
        ),
        (
            &["--start", "3,3", "--boards", REFERENCE],
            "--start",
            "--boards",
        ),
        (
            &["--flood-it", "--start", "3,3", "--boards", REFERENCE],
            "--flood-it",
            "--boards",
        ),
        (
            &["--from", "set", "--koblenski", "1..2"],
            "--from",
            "--koblenski",
        ),
        (&["--from", "line", "--seeds", "1..2"], "--from", "--seeds"),
    ];
    for (args, option, source) in cases {
        let out = bench_dry_run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        assert!(stdout(&out).is_empty(), "{args:?}: {}", stdout(&out));
        let line = error_line(&out);
        assert!(
            line.contains(&format!("'{option}"))
                && line.contains(&format!("'{source}"))
                && line.contains("cannot be used with"),
            "{args:?}: {line}"
        );
    }
    // Without any board source, each still asks for the one it goes with.
    for (args, needed) in [
        (&["--flood-it"][..], "--seeds"),
        (&["--start", "centre"][..], "--seeds"),
        (&["--from", "line"][..], "--boards"),
    ] {
        let out = bench_dry_run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(
            err.contains("required arguments were not provided") && err.contains(needed),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn bench_keeps_the_options_that_apply_to_its_board_source() {
    // --flood-it and --start make the seeded boards Flood-It boards.
    for (args, boards) in [
        (
            &["--flood-it", "--seeds", "1..3"][..],
            "seeded Flood-It boards, seeds 1–2 (30×20, 5 colors, start row 0, column 0)",
        ),
        (
            &["--start", "3,3", "--seeds", "1..3"][..],
            "start row 3, column 3",
        ),
        (
            &["--flood-it", "--start", "centre", "--seeds", "1..3"][..],
            "start row 10, column 15",
        ),
        (
            &["--seeds", "1..3"][..],
            "seeded boards, seeds 1–2 (30×20, 5 colors)",
        ),
    ] {
        let out = bench_dry_run(args);
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).contains(boards), "{args:?}: {}", stdout(&out));
    }
    // And they are played as such: a cleared Flood-It board.
    let played = bench_played(&[
        "--flood-it",
        "--start",
        "centre",
        "--seeds",
        "1..2",
        "--size",
        "8x8",
        "--colors",
        "4",
    ]);
    assert_eq!(played, (1, 1));

    // --from is the format the --boards file is read in: the right one reads
    // it, a wrong one fails on it.
    let out = bench_dry_run(&["--boards", REFERENCE, "--from", "line"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("100 boards from"), "{}", stdout(&out));
    let out = bench_dry_run(&["--boards", REFERENCE, "--from", "set"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("as the set format"),
        "{}",
        stderr(&out)
    );
}

/// The spec of each row of `bench ARGS --no-store --threads 2 --json`.
fn bench_rows(args: &[&str]) -> Vec<String> {
    let mut all = vec!["bench", "--no-store", "--threads", "2", "--json"];
    all.extend_from_slice(args);
    let out = colorwalk(&all, "");
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    v["summaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row["spec"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn bench_rows_come_in_the_order_the_specs_were_asked_for() {
    // Two threads finish the quick specs' games before the exact search's,
    // whichever comes first on the command line.
    for specs in [["exact", "greedy", "gla"], ["gla", "greedy", "exact"]] {
        let mut args = vec!["--koblenski", "1..3"];
        for spec in specs {
            args.extend_from_slice(&["--spec", spec]);
        }
        assert_eq!(bench_rows(&args), specs);
    }
    // Without --spec, the rows of the series' table, in its order, every time.
    let table: Vec<String> = cw_solve::presets::SERIES_TABLE
        .iter()
        .map(|row| cw_solve::Spec::parse(row.preset).unwrap().to_string())
        .collect();
    for _ in 0..2 {
        assert_eq!(bench_rows(&["--koblenski", "1..2"]), table);
    }
}

#[test]
fn new_and_bench_take_every_color_count_a_board_may_have() {
    let most = MAX_COLORS.to_string();
    let too_many = (MAX_COLORS + 1).to_string();
    let range_error = format!(
        "{too_many} is out of range: expected a whole number from {MIN_COLORS} to {MAX_COLORS}"
    );

    // `new` prints boards with the most colors, under IDs that `show` rebuilds.
    for args in [
        &["--seed", "1"][..],
        &["--seed", "2", "--flood-it", "--start", "centre"][..],
    ] {
        let mut all = vec!["new", "--size", "10x10", "--colors", &most, "--json"];
        all.extend_from_slice(args);
        let out = colorwalk(&all, "");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        let made: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        let id = made[0]["id"].as_str().unwrap();
        assert!(id.starts_with(&format!("10x10c{most}")), "{id}");
        assert_eq!(made[0]["colors"].as_u64(), Some(MAX_COLORS as u64));
        let out = colorwalk(&["show", id, "--json"], "");
        assert!(out.status.success(), "{id}: {}", stderr(&out));
        let shown: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        assert_eq!(shown[0]["board"]["id"].as_str(), Some(id));
        assert_eq!(shown[0]["board"]["rows"], made[0]["rows"], "{id}");
    }
    let out = colorwalk(&["new", "--seed", "1", "--colors", &too_many], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&range_error), "{}", stderr(&out));

    // `bench` plays them.
    let played = bench_played(&["--seeds", "1..3", "--size", "10x10", "--colors", &most]);
    assert_eq!(played, (2, 2));
    let out = bench_dry_run(&["--seeds", "1..3", "--colors", &too_many]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains(&range_error), "{}", stderr(&out));

    // Both help texts give that range.
    let range = format!("({MIN_COLORS} to {MAX_COLORS})");
    for command in ["new", "bench"] {
        let help = stdout(&colorwalk(&[command, "--help"], ""));
        assert!(help.contains(&range), "{command} --help: {help}");
    }
}

/// `new` with board IDs takes no generator settings: an ID has its own size
/// and colors and is one board.
#[test]
fn new_with_ids_refuses_generator_settings() {
    for (args, option) in [
        (&["new", "k1", "--size", "10x10"][..], "--size"),
        (&["new", "k1", "--colors", "7"], "--colors"),
        (&["new", "k1", "-n", "3"], "--count"),
    ] {
        let out = colorwalk(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stdout(&out).is_empty(), "{args:?}");
        let line = error_line(&out);
        assert!(
            line.contains("cannot be used with") && line.contains(option),
            "{line}"
        );
    }
    // With a generator they apply.
    let out = colorwalk(
        &[
            "new", "--seed", "3", "--size", "4x4", "--colors", "3", "-n", "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("# id: 4x4c3-s3") && text.contains("# id: 4x4c3-s4"),
        "{text}"
    );
}

/// Seeds do not wrap round: a count that runs past the last seed is an
/// error, and the last seed itself is a board.
#[test]
fn new_refuses_seeds_past_the_last() {
    let last = u64::MAX.to_string();
    let out = colorwalk(&["new", "--seed", &last, "-n", "3"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("runs past the last seed"),
        "{}",
        stderr(&out)
    );
    let out = colorwalk(&["new", "--seed", &last, "--flood-it", "-n", "2"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = colorwalk(&["new", "--seed", &last, "--size", "3x3"], "");
    assert!(out.status.success());
    assert!(
        stdout(&out).contains(&format!("# id: 3x3c5-s{last}")),
        "{}",
        stdout(&out)
    );
    // bench reaches it with FIRST..=LAST (an end-excluded range cannot).
    let out = colorwalk(
        &[
            "bench",
            "--seeds",
            &format!("{}..={last}", u64::MAX - 1),
            "--size",
            "3x3",
            "--spec",
            "greedy",
            "--no-store",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("\"n\":2"), "{}", stdout(&out));
    // Past it, and a count of none, each say what is wrong.
    for (seeds, said) in [
        (
            "1..99999999999999999999",
            "99999999999999999999 is too large: seeds and board numbers go up to 18446744073709551615",
        ),
        ("0", "a count of boards is at least 1"),
        ("5..5", "the end is excluded and must be above the first"),
    ] {
        let out = colorwalk(
            &["bench", "--seeds", seeds, "--spec", "greedy", "--dry-run"],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{seeds}");
        assert!(stderr(&out).contains(said), "{seeds}: {}", stderr(&out));
    }
}

/// A whole-number option that is not a number, or out of range, says the
/// range either way.
#[test]
fn whole_number_options_give_their_range_whatever_is_wrong() {
    for (args, said) in [
        (
            &["optimum", "k1", "--threads", "abc"][..],
            "'abc' is not a whole number from 1 to 64",
        ),
        (
            &["optimum", "k1", "--threads", "65"],
            "65 is out of range: expected a whole number from 1 to 64",
        ),
        (
            &["optimum", "k1", "--within=-3"],
            "'-3' is out of range: expected a whole number from 0 to 100000",
        ),
        (
            &["serve", "--port", "70000"],
            "'70000' is out of range: expected a whole number from 0 to 65535",
        ),
        (
            &["optimum", "k1", "--threads", "99999999999999999999999"],
            "'99999999999999999999999' is out of range: expected a whole number from 1 to 64",
        ),
        (
            &["solve", "k1", "--spec", "bfs:cap=99999999999999999999"],
            "'99999999999999999999' is out of range: expected a whole number from 1 to",
        ),
        (&["runs", "x"], "'x' is not a whole number from 1 to"),
        (
            &["compare", "1", "0"],
            "0 is out of range: expected a whole number from 1 to",
        ),
        (
            &["new", "-n", "0", "--seed", "1"],
            "0 is out of range: expected a whole number from 1 to 100000",
        ),
        // The last board number depends on the size (it once said 2^64 − 1).
        (
            &["new", "--koblenski", "0"],
            "'0' is not a board number: expected a whole number from 1 (the last depends on the \
             board size: 15011998757901 for 30x20)",
        ),
    ] {
        let out = colorwalk(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(stderr(&out).contains(said), "{args:?}: {}", stderr(&out));
    }
}

/// `--published` sets the series' figures beside the series' own 100
/// boards only: on other boards the comparison would mislead.
#[test]
fn published_figures_go_with_the_series_boards_only() {
    for source in [&["--seeds", "1..3"][..], &["--koblenski", "1..5"]] {
        let mut args = vec!["bench", "--published", "--spec", "greedy", "--no-store"];
        args.extend_from_slice(source);
        let out = colorwalk(&args, "");
        assert_eq!(out.status.code(), Some(2), "{source:?}");
        assert!(
            stderr(&out).contains("the series' figures for its 100 boards"),
            "{}",
            stderr(&out)
        );
    }
    let out = colorwalk(
        &["bench", "--published", "--spec", "greedy", "--no-store"],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    // The series' Greedy row: its published mean beside ours.
    assert!(stdout(&out).contains("39.8"), "{}", stdout(&out));
}
