//! `convert` and `new` with boards of many colors: a format whose cells are
//! one character each holds a limited number of colors, writes the boards
//! it can hold so that they read back, and refuses the others with exit 2
//! and a message naming the limit, writing nothing.

use crate::{colorwalk, stderr, stdout};

/// Converts `board` to `format`, checks that it worked, and reads the
/// output back as a board ID.
fn round_trip_to_id(board: &str, format: &str) -> String {
    let out = colorwalk(&["convert", board, "--to", format], "");
    assert!(
        out.status.success(),
        "{board} to {format}: {}",
        stderr(&out)
    );
    let written = stdout(&out);
    let back = colorwalk(&["convert", "-", "--from", format, "--to", "id"], &written);
    assert!(
        back.status.success(),
        "{board} in {format} does not read back: {}\n{written}",
        stderr(&back)
    );
    stdout(&back)
}

/// The text format's board lines and color count, without the `# id:` line
/// (the dataset format does not keep a board's ID).
fn text_without_id(board: &str) -> String {
    let out = colorwalk(&["convert", board, "--to", "text"], "");
    assert!(out.status.success(), "{board}: {}", stderr(&out));
    stdout(&out)
        .lines()
        .filter(|l| !l.starts_with("# id:"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `convert BOARD --to FORMAT` and checks that it fails with exit 2,
/// prints nothing, and says why on standard error; returns that message.
fn refused(board: &str, format: &str) -> String {
    let out = colorwalk(&["convert", board, "--to", format], "");
    assert_eq!(out.status.code(), Some(2), "{board} to {format}");
    assert_eq!(stdout(&out), "", "{board} to {format} prints no board");
    let message = stderr(&out);
    assert!(
        message.contains(&format!("cannot write this board in the {format} format")),
        "{message}"
    );
    message
}

#[test]
fn the_set_format_writes_its_largest_boards_and_refuses_one_color_more() {
    // 36 Flood-It colors and 35 Color Walk colors (plus the blank) fill the
    // 36 characters 0-9, a-z; the set keeps the ID as the board's name.
    assert_eq!(round_trip_to_id("10x10c36-f1", "set"), "10x10c36-f1\n");
    assert_eq!(round_trip_to_id("10x10c35-s1", "set"), "10x10c35-s1\n");

    let message = refused("10x10c36-s1", "set");
    assert!(
        message
            .contains("36 characters 0-9, a-z, too few for 36 colors plus the blank start block"),
        "{message}"
    );
    assert!(
        message.contains("Color Walk boards of up to 35"),
        "{message}"
    );
}

#[test]
fn the_dataset_format_writes_its_largest_boards_and_refuses_one_color_more() {
    // 35 Flood-It colors and 34 Color Walk colors (plus the blank) fill the
    // 35 characters 1-9, a-z.
    for board in ["10x10c35-f1", "10x10c34-s1"] {
        let out = colorwalk(&["convert", board, "--to", "dataset"], "");
        assert!(out.status.success(), "{board}: {}", stderr(&out));
        let written = stdout(&out);
        assert!(!written.contains('?'), "{board}: {written}");
        let back = colorwalk(
            &["convert", "-", "--from", "dataset", "--to", "text"],
            &written,
        );
        assert!(back.status.success(), "{board}: {}", stderr(&back));
        assert_eq!(
            stdout(&back).trim_end(),
            text_without_id(board),
            "{board} via dataset"
        );
    }

    let message = refused("10x10c36-f1", "dataset");
    assert!(
        message.contains("35 characters 1-9, a-z, too few for 36 colors"),
        "{message}"
    );
    assert!(
        message.contains("Flood-It boards of up to 35 colors"),
        "{message}"
    );
    let message = refused("10x10c35-s1", "dataset");
    assert!(
        message.contains("Color Walk boards of up to 34"),
        "{message}"
    );
}

#[test]
fn a_refused_board_leaves_no_output_file_and_no_half_written_list() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("boards.txt");
    let out = colorwalk(
        &[
            "convert",
            "10x10c36-f1",
            "--to",
            "dataset",
            "-o",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(!path.exists(), "no file is written");

    // Two boards, the second too many colors for the set format: neither is
    // printed.
    let out = colorwalk(&["new", "10x10c5-s1", "10x10c36-s1", "--to", "set"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), "");
    // The board at fault is named.
    assert!(
        stderr(&out)
            .contains("board 2 of 2 (10x10c36-s1): cannot write this board in the set format"),
        "{}",
        stderr(&out)
    );
}
