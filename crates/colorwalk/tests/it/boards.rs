//! `new`, `show`, `play`, `verify` and `convert` end to end.

use crate::{colorwalk, stderr, stdout};

#[test]
fn new_prints_the_series_board_one_with_its_id() {
    let out = colorwalk(&["new", "--koblenski", "1"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("# id: 30x20c5-k1"));
    assert!(text.contains(".41434420301304400322231223033\n310401334033100432211110223314\n"));
}

#[test]
fn new_is_reproducible_from_a_seed_and_prints_ids_and_json() {
    let a = stdout(&colorwalk(
        &["new", "--seed", "42", "-n", "3", "--to", "id"],
        "",
    ));
    assert_eq!(a, "30x20c5-s42\n30x20c5-s43\n30x20c5-s44\n");
    let text1 = stdout(&colorwalk(&["new", "30x20c5-s43"], ""));
    let text2 = stdout(&colorwalk(&["new", "--seed", "43"], ""));
    assert_eq!(text1, text2);
    let json = stdout(&colorwalk(&["new", "k2", "--json"], ""));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v[0]["id"], "30x20c5-k2");
    assert_eq!(v[0]["rows"].as_array().unwrap().len(), 20);
    assert!(v[0].get("start").is_none(), "Color Walk: {v}");
    // A Flood-It board's start cell is given as [row, column].
    let json = stdout(&colorwalk(&["new", "10x8c4@4,5-f7", "--json"], ""));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v[0]["start"], serde_json::json!([4, 5]));
}

#[test]
fn single_board_formats_refuse_many_boards() {
    let out = colorwalk(&["new", "--seed", "1", "-n", "2", "--to", "99"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("one board per file"));
}

#[test]
fn convert_round_trips_through_every_format() {
    let original = stdout(&colorwalk(
        &["new", "--seed", "9", "--size", "12x7", "--colors", "4"],
        "",
    ));
    for format in ["line", "99", "puchert", "id", "text"] {
        let converted = colorwalk(&["convert", "-", "--to", format], &original);
        assert!(
            converted.status.success(),
            "{format}: {}",
            stderr(&converted)
        );
        let back = colorwalk(&["convert", "-", "--to", "text"], &stdout(&converted));
        assert!(back.status.success(), "{format}: {}", stderr(&back));
        let rows = |t: &str| {
            t.lines()
                .filter(|l| !l.starts_with('#'))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert_eq!(rows(&stdout(&back)), rows(&original), "via {format}");
        // Text, line (the ID as the name) and id keep the board's short ID.
        if ["text", "line", "id"].contains(&format) {
            assert_eq!(stdout(&back), original, "via {format}");
        }
    }
}

#[test]
fn new_writes_a_color_count_free_format_when_a_later_board_shows_the_last_color() {
    // 3×3 Flood-It boards with 9 colors: seed 3 lacks color 8, seed 4 has
    // it, so the two read back with their 9 colors, as `convert` agrees.
    let args = |to: &'static str, n: &'static str| {
        [
            "new",
            "--seed",
            "3",
            "-n",
            n,
            "--size",
            "3x3",
            "--colors",
            "9",
            "--flood-it",
            "--to",
            to,
        ]
    };
    let out = colorwalk(&args("dataset", "2"), "");
    assert!(out.status.success(), "{}", stderr(&out));
    let rows = |text: &str, from: &str| {
        let out = colorwalk(
            &["convert", "-", "--from", from, "--to", "text", "--json"],
            text,
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let boards: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
        boards
            .as_array()
            .unwrap()
            .iter()
            .map(|b| (b["colors"].clone(), b["rows"].clone()))
            .collect::<Vec<_>>()
    };
    let dataset = stdout(&out);
    let text = stdout(&colorwalk(&args("text", "2"), ""));
    assert_eq!(rows(&dataset, "dataset"), rows(&text, "text"));
    // Alone, seed 3 cannot be written so, and nothing is.
    let out = colorwalk(&args("dataset", "1"), "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is on no cell"), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
}

#[test]
fn convert_never_writes_over_its_input() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in.txt");
    let text = "# name: mine\n# optimum: 2\n.01\n011\n";
    std::fs::write(&input, text).unwrap();
    let link = dir.path().join("link.txt");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&input, &link).unwrap();
    #[cfg(not(unix))]
    std::fs::hard_link(&input, &link).unwrap();
    for out_path in [&input, &link] {
        let out = colorwalk(
            &[
                "convert",
                input.to_str().unwrap(),
                "--to",
                "line",
                "-o",
                out_path.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
        assert!(
            stderr(&out).contains("is both the input and the output"),
            "{}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&input).unwrap(), text);
    }
}

#[test]
fn convert_writes_a_file_and_reads_the_reference_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("b.99");
    let out = colorwalk(
        &["convert", "k1", "--to", "99", "-o", path.to_str().unwrap()],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.starts_with("20 30 6\n"));
    let reference = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/reference/optimal-30x20x5.txt"
    );
    let out = colorwalk(&["show", reference, "--pick", "ref_1004", "--plain"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("ref_1004"));
    assert!(stdout(&out).contains("optimum 26"));
    let out = colorwalk(&["show", reference, "--pick", "ref_10004"], "");
    assert!(
        stderr(&out).contains("did you mean 'ref_1004'"),
        "{}",
        stderr(&out)
    );
    // Boards that `new` wrote are named by their IDs, in every format that
    // holds several.
    let dir = tempfile::tempdir().unwrap();
    for to in ["text", "line", "id"] {
        let file = dir.path().join(format!("three.{to}"));
        let out = colorwalk(
            &[
                "new", "--seed", "1", "-n", "3", "--size", "5x5", "--colors", "3", "--to", to,
            ],
            "",
        );
        std::fs::write(&file, stdout(&out)).unwrap();
        let out = colorwalk(
            &[
                "show",
                file.to_str().unwrap(),
                "--pick",
                "5x5c3-s2",
                "--json",
            ],
            "",
        );
        assert!(out.status.success(), "{to}: {}", stderr(&out));
        assert!(
            stdout(&out).contains("\"5x5c3-s2\""),
            "{to}: {}",
            stdout(&out)
        );
    }
    // A name two boards share picks neither: their numbers are given.
    let twice = dir.path().join("twice.txt");
    std::fs::write(
        &twice,
        "a 3x3 0 .12211221\na 3x3 0 .21122112\nb 3x3 0 .12211222\n",
    )
    .unwrap();
    let out = colorwalk(&["show", twice.to_str().unwrap(), "--pick", "a"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("2 boards in ") && stderr(&out).contains("named 'a' (boards 1, 2)"),
        "{}",
        stderr(&out)
    );
    // Boards given by their cells alone are numbered in the formats that
    // name every board, not all called `board`.
    let out = colorwalk(&["convert", "-", "--to", "line"], ".12\n201\n\n.21\n102\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "board1 3x2 0 .12201\nboard2 3x2 0 .21102\n");
}

#[test]
fn verify_reports_clearing_useless_moves_and_exit_codes() {
    // 3x2 board ". 0 1 / 1 0 1": 1 removes one block, 0 two, 1 the rest.
    let board = "30x20c5:.";
    let bad = colorwalk(&["verify", board, "0"], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("3x2") || stderr(&bad).contains("expected"),
        "{}",
        stderr(&bad)
    );

    let out = colorwalk(&["verify", "3x2c2:.01101", "1,1,0,1,0"], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("cleared in 4 moves"), "{text}");
    assert!(text.contains("moves that removed nothing (counted from 1): 2"));
    assert!(text.contains("1 move after the board was clear was not played"));

    let out = colorwalk(&["verify", "3x2c2:.01101", "0", "--json"], "");
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    assert_eq!(v["cleared"], false);
    assert_eq!(v["blocks_left"], 3);
    assert_eq!(v["board"], "3x2c2:.01101");

    let out = colorwalk(&["verify", "k1", "3,4,?"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("character 5"), "{}", stderr(&out));
}

#[test]
fn play_line_mode_clears_undoes_and_ends_on_end_of_input() {
    let out = colorwalk(&["play", "3x2c2:.01101"], "1\nu\n0\n1\n");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("undid 1"));
    assert!(text.contains("cleared in 2 moves: 0,1"), "{text}");

    // The exit code tells a cleared board (0) from one left uncleared (1),
    // as `verify`'s does.
    let out = colorwalk(&["play", "k1"], "3\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("stopped after 1 move, 598 blocks left"));
    let out = colorwalk(&["play", "3x2c2:.01101", "--limit", "1"], "0\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("lost"), "{}", stdout(&out));
    // A par limit says that par is searched before the game starts.
    let out = colorwalk(&["play", "3x2c2:.01101", "--limit", "par"], "0\n1\n");
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stderr(&out).starts_with("finding par"), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("move limit: 2 (par 2)"),
        "{}",
        stdout(&out)
    );

    // --pick and --from need a file to pick from.
    let out = colorwalk(&["play", "--pick", "3", "--plain"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("give the file"), "{}", stderr(&out));

    // A board ID has no format for --from to name: refused, not ignored,
    // by play and by every other command that reads a board.
    for command in ["play", "show", "solve", "optimum"] {
        let out = colorwalk(&[command, "30x20c5-k1", "--from", "set"], "");
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(stdout(&out).is_empty(), "{command}: {}", stdout(&out));
        assert!(
            stderr(&out).contains("--from set names the format of a board file")
                && stderr(&out).contains("'30x20c5-k1' is a board ID"),
            "{command}: {}",
            stderr(&out)
        );
    }
    // A file still takes it.
    let out = colorwalk(&["show", "-", "--from", "id", "--plain"], "30x20c5-k1\n");
    assert!(out.status.success(), "{}", stderr(&out));

    // The solver spec is checked in line mode too, before the game starts.
    let out = colorwalk(&["play", "k1", "--spec", "glaa"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(stdout(&out).is_empty());
    assert!(
        stderr(&out).contains("did you mean 'gla'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_board_files_name_the_line_and_column() {
    let out = colorwalk(&["show", "-"], ".0123\n01234\n0123\n");
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("line 3, column 5"), "{err}");
    assert!(err.contains("ends early"), "{err}");

    let out = colorwalk(&["show", "-", "--from", "puchert"], "2 2\n0 2\n0 1 2 1\n");
    assert!(
        stderr(&out).contains("line 2, column 3")
            && stderr(&out).contains("the origin column 2 is out of range: expected 0 to 1"),
        "{}",
        stderr(&out)
    );
    // A Flood-It set line with a bad cell, and one whose start is off the board.
    let out = colorwalk(&["show", "-"], "b1 2x2 3 0,0 2 01x2\n");
    assert!(
        stderr(&out).contains("line 1, column 18") && stderr(&out).contains("unexpected 'x'"),
        "{}",
        stderr(&out)
    );
    let out = colorwalk(&["show", "-"], "b1 2x2 3 0,5 2 0122\n");
    assert!(
        stderr(&out).contains("line 1, column 10")
            && stderr(&out).contains("start cell row 0, column 5 is outside the board of 2 rows"),
        "{}",
        stderr(&out)
    );

    let out = colorwalk(&["show", "-"], "");
    assert!(stderr(&out).contains("empty input"), "{}", stderr(&out));
}

#[test]
fn show_draws_a_position_after_moves() {
    let out = colorwalk(&["show", "3x2c2:.01101", "--moves", "0", "--plain"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.contains("after 1 move: 3 blocks left"), "{text}");
    assert!(text.contains("..1\n1.1\n"), "{text}");
}

/// Runs `colorwalk ARGS` with standard input from `stdin` (a file or device).
#[cfg(unix)]
fn colorwalk_reading(args: &[&str], stdin: std::fs::File) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .args(args)
        .stdin(stdin)
        .output()
        .expect("colorwalk runs")
}

/// A board from standard input would leave line mode no commands to read
/// there: refused, rather than a game that ends unplayed. (Standard input is
/// a file, not a pipe: the refusal comes before anything is read.)
#[cfg(unix)]
#[test]
fn play_refuses_a_board_from_standard_input_that_is_no_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("board.txt");
    std::fs::write(&path, "3x2c2:.01101\n").unwrap();
    let out = colorwalk_reading(&["play", "-"], std::fs::File::open(&path).unwrap());
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stdout(&out).is_empty(), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("play reads its commands from standard input"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn endless_input_stops_at_a_cap_with_a_clear_error() {
    let zero = || std::fs::File::open("/dev/zero").unwrap();
    let out = colorwalk_reading(&["show", "-"], zero());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("standard input holds more than 64 MiB"),
        "{}",
        stderr(&out)
    );
    let out = colorwalk_reading(&["play", "k1", "--lines"], zero());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("input line 1 runs on past 1 MiB without an end"),
        "{}",
        stderr(&out)
    );
    // A file over the cap is refused before it is read.
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(65 << 20)
        .unwrap();
    let out = colorwalk(&["show", big.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is 65.0 MiB, more than the 64 MiB that colorwalk reads"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn board_paths_that_are_not_board_files_say_what_they_are() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    let dir_s = dir.path().to_str().unwrap().to_string();
    let cases = [
        (
            "/dev/null",
            "'/dev/null' is not a regular file (a character device)",
        ),
        (
            "/dev/zero",
            "'/dev/zero' is not a regular file (a character device)",
        ),
        (dir_s.as_str(), "is a directory, not a board file"),
        (empty.to_str().unwrap(), "empty.txt' is empty"),
        ("no/such.txt", "no such file 'no/such.txt'"),
    ];
    for (path, expect) in cases {
        let out = colorwalk(&["show", path], "");
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(stderr(&out).contains(expect), "{path}: {}", stderr(&out));
    }
    // A pipe is read like a file: here /dev/stdin, the test's pipe.
    let board = stdout(&colorwalk(&["new", "k1"], ""));
    let out = colorwalk(&["show", "/dev/stdin", "--plain"], &board);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("30x20c5-k1"), "{}", stdout(&out));
}

#[test]
fn series_boards_past_the_end_of_the_stream_are_refused() {
    // 30x20 boards use 600 draws each: board n ends at draw 600n, which
    // must be at most 2^53 (past it, draws are no longer exact).
    let last = (1u64 << 53) / 600;
    for args in [
        vec![
            "new".to_string(),
            "--koblenski".into(),
            u64::MAX.to_string(),
        ],
        vec![
            "new".into(),
            "--koblenski".into(),
            last.to_string(),
            "-n".into(),
            "2".into(),
        ],
        vec!["new".into(), format!("30x20c5-k@{}", (1u64 << 53) - 598)],
        vec!["show".into(), format!("30x20c5-k{}", last + 1)],
        vec![
            "bench".into(),
            "--koblenski".into(),
            format!("{last}..{}", last + 2),
            "--no-store".into(),
        ],
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = colorwalk(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("past the end of the series' stream"),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(stderr(&out).contains(&last.to_string()), "{}", stderr(&out));
    }
    let out = colorwalk(&["new", "--koblenski", &last.to_string(), "--to", "id"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), format!("30x20c5-k{last}\n"));
    let out = colorwalk(
        &[
            "new",
            &format!("30x20c5-k@{}", (1u64 << 53) - 599),
            "--to",
            "id",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_board_with_unused_top_colors_keeps_its_id_through_every_format() {
    for format in ["line", "text", "99", "puchert", "id"] {
        let written = colorwalk(&["new", "6x4c16-s16", "--to", format], "");
        assert!(written.status.success(), "{format}");
        let id = colorwalk(&["convert", "-", "--to", "id"], &stdout(&written));
        assert!(id.status.success(), "{format}: {}", stderr(&id));
        let want = if ["99", "puchert"].contains(&format) {
            // These have nowhere to put a generator's ID: the literal ID,
            // with the same 16 colors, spells out the same board.
            "6x4c16:.51d9a3508eaa0d3aa2c11ae\n"
        } else {
            "6x4c16-s16\n"
        };
        assert_eq!(stdout(&id), want, "{format}");
    }
}

#[test]
fn several_code_golf_boards_read_back_as_themselves() {
    // The cells, colors and start (the generator's ID is not in the format).
    let cells = |text: String| -> String {
        text.lines()
            .filter(|l| !l.starts_with("# id:"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Written apart by a blank line, detected at 19x19 even with 9 colors.
    let ids = ["19x19c6@9,9-f2", "19x19c9@9,9-f3"];
    for id in ids {
        let golf = colorwalk(&["new", id, "--to", "codegolf"], "");
        assert!(golf.status.success(), "{}", stderr(&golf));
        let back = colorwalk(&["convert", "-", "--to", "text"], &stdout(&golf));
        let direct = colorwalk(&["new", id, "--to", "text"], "");
        assert_eq!(cells(stdout(&back)), cells(stdout(&direct)), "{id}");
    }
    let two = colorwalk(
        &[
            "new",
            "19x19c6@9,9-f2",
            "19x19c6@9,9-f3",
            "--to",
            "codegolf",
        ],
        "",
    );
    assert!(two.status.success(), "{}", stderr(&two));
    let back = colorwalk(&["convert", "-", "--to", "text"], &stdout(&two));
    let direct = colorwalk(
        &["new", "19x19c6@9,9-f2", "19x19c6@9,9-f3", "--to", "text"],
        "",
    );
    assert_eq!(cells(stdout(&back)), cells(stdout(&direct)));
    // Boards of two color counts cannot share a file without a count.
    let mixed = colorwalk(&["new", "4x4c3-f1", "4x4c6-f1", "--to", "dataset"], "");
    assert_eq!(mixed.status.code(), Some(2));
    assert!(
        stderr(&mixed).contains("cannot share a file"),
        "{}",
        stderr(&mixed)
    );
}

#[test]
fn numbers_out_of_range_say_the_range_and_bad_bytes_their_place() {
    let reference = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/reference/optimal-30x20x5.txt"
    );
    for pick in ["99999999999999999999", "-1", "0", "101"] {
        let out = colorwalk(&["show", reference, &format!("--pick={pick}")], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(
            stderr(&out).contains("is out of range") && stderr(&out).contains("boards 1 to 100"),
            "{pick}: {}",
            stderr(&out)
        );
    }
    let out = colorwalk(
        &["bench", "--seeds", "18446744073709551615", "--no-store"],
        "",
    );
    assert!(
        stderr(&out).contains("out of range: 1 to 1000000"),
        "{}",
        stderr(&out)
    );
    let out = colorwalk(
        &[
            "bench",
            "--seeds",
            "1..3",
            "--shard",
            "0/4294967296",
            "--db",
            "x.db",
        ],
        "",
    );
    assert!(
        stderr(&out).contains("shards is out of range: 1 to"),
        "{}",
        stderr(&out)
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("u.txt");
    std::fs::write(&file, b".01\n012\n0\xe91\n").unwrap();
    let out = colorwalk_reading(&["show", "-"], std::fs::File::open(&file).unwrap());
    assert!(
        stderr(&out).contains("line 3, column 2 (byte 10) is not UTF-8"),
        "{}",
        stderr(&out)
    );
}

#[cfg(unix)]
#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    // As `colorwalk new … | head -c 10`: the reader closes the pipe after a
    // few bytes; writing on is no error worth a message or a failure.
    for json in [false, true] {
        let mut args = vec!["new", "--seed", "1", "-n", "5000"];
        if json {
            args.push("--json");
        }
        let mut child = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut head = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut head).unwrap();
        // The pipe's reading end is dropped here.
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(
            out.stderr.is_empty(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn new_writes_a_generators_ids_as_the_boards_themselves_carry_them() {
    // `--to id` writes a generator's IDs without making the boards; they
    // are the IDs the boards carry (`--json` makes them).
    for args in [
        "--koblenski 7 -n 3 --size 10x8 --colors 4",
        "--seed 5 -n 3 --size 12x9 --colors 7",
        "--seed 3 -n 3 --flood-it --size 9x9 --colors 5",
        "--seed 3 -n 2 --start centre --size 9x7 --colors 5",
        "--seed 18446744073709551614 -n 2",
    ] {
        let args: Vec<&str> = std::iter::once("new").chain(args.split(' ')).collect();
        let ids = colorwalk(&[&args[..], &["--to", "id"]].concat(), "");
        assert!(ids.status.success(), "{args:?}: {}", stderr(&ids));
        let json = colorwalk(&[&args[..], &["--json"]].concat(), "");
        let boards: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let carried: Vec<&str> = boards
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            stdout(&ids).lines().collect::<Vec<_>>(),
            carried,
            "{args:?}"
        );
    }
    // A start off the board is refused as before.
    let out = colorwalk(
        &[
            "new", "--seed", "1", "--start", "9,9", "--size", "5x5", "--to", "id",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("outside the 5x5 board"),
        "{}",
        stderr(&out)
    );
}
