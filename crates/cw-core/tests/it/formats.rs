//! Board formats, board IDs and move lists: round trips through every format,
//! the reference optimum file, and every bad input reported at its line and
//! column with a message that says what was expected.

use cw_core::format::{self, BoardEntry, Format, ParseError};
use cw_core::{Board, BoardId, Color, KoblenskiStream, Moves, ParseIdError, SplitMix64};
use proptest::prelude::*;
use std::str::FromStr;

// ---------------------------------------------------------------------------
// Round trips
// ---------------------------------------------------------------------------

/// Whether `fmt` holds `b`: the dataset format only square boards starting
/// at the top-left block, Code Golf only boards starting at the centre with
/// at most 9 colors (the blank counted), 99 only top-left starts; the
/// three formats without a color count (dataset, Code Golf, Puchert) only
/// boards that show their last color (a Color Walk board's blank does);
/// and none of the field's formats a Flood-It board they would read back
/// as the Color Walk game ([`read_as_color_walk`]).
fn holds(fmt: Format, b: &Board) -> bool {
    fits(fmt, b) && !read_as_color_walk(fmt, b)
}

/// Whether `fmt` holds `b` by its shape, start and colors (see [`holds`]).
fn fits(fmt: Format, b: &Board) -> bool {
    let top = b.n_colors() + usize::from(!b.is_flood_it());
    let last_shown = !b.is_flood_it()
        || b.cells()
            .iter()
            .any(|c| c.is_some_and(|c| c.index() + 1 == b.n_colors()));
    match fmt {
        Format::Dataset => b.width() == b.height() && b.start() == 0 && last_shown,
        Format::Codegolf => {
            b.start() == (b.height() / 2) * b.width() + b.width() / 2 && top <= 9 && last_shown
        }
        Format::Puchert => last_shown,
        Format::NinetyNine => b.start() == 0,
        _ => true,
    }
}

/// Whether `fmt` would read the Flood-It board `b` back as the Color Walk
/// board it is in disguise (so the writer refuses it): its start color appears nowhere else, so it never
/// absorbs anything, and the format takes such a color for the blank. The
/// set, dataset and Code Golf formats write the blank as the highest color
/// k − 1 (k > 2): the set's declared count, the dataset's and Code Golf's
/// highest color used. 99 (more than 2 colors) and Puchert take any color
/// used once.
fn read_as_color_walk(fmt: Format, b: &Board) -> bool {
    let Some(s) = b.cells()[b.start()] else {
        return false;
    };
    let unique = b.cells().iter().filter(|&&c| c == Some(s)).count() == 1;
    let highest_used = b.cells().iter().flatten().max().map_or(0, |c| c.index());
    unique
        && match fmt {
            Format::Set | Format::NinetyNine => s.index() + 1 == b.n_colors() && b.n_colors() > 2,
            Format::Dataset | Format::Codegolf | Format::Puchert => {
                s.index() == highest_used && highest_used >= 2
            }
            _ => false,
        }
}

/// The board Puchert's format reads `b` back as (when it is not a Color Walk
/// board in disguise): the same cells and start; a Flood-It board's color
/// count, which the format does not write, is one more than its highest
/// color used (at least 2).
fn puchert_reads(b: &Board) -> Board {
    if !b.is_flood_it() {
        return b.clone();
    }
    let top = b.cells().iter().flatten().max().map_or(0, |c| c.index());
    Board::with_start(
        b.width(),
        b.height(),
        (top + 1).max(2),
        b.cells().to_vec(),
        b.start(),
    )
    .unwrap()
}

/// Writes `entry` in `fmt`, checks that `detect` recognizes the text, and
/// parses it back.
fn write_and_parse(entry: &BoardEntry, fmt: Format) -> (String, BoardEntry) {
    let text = format::write(entry, fmt).unwrap();
    assert!(text.ends_with('\n'), "{fmt} output ends with a newline");
    // Code Golf text is recognized only at the question's size (19x19,
    // colors 1-6), dataset lines only from 10x10 up; others need `--from`.
    let b = &entry.board;
    let detectable = match fmt {
        Format::Codegolf => {
            (b.width(), b.height()) == (19, 19) && b.n_colors() + usize::from(!b.is_flood_it()) <= 6
        }
        Format::Dataset => b.width() >= 10,
        _ => true,
    };
    if detectable {
        assert_eq!(
            format::detect(&text),
            fmt,
            "detect of {fmt} output:\n{text}"
        );
    }
    let back = format::parse_one(&text, fmt)
        .unwrap_or_else(|e| panic!("{fmt} output does not parse back: {e}\n{text}"));
    (text, back)
}

/// Every format writes `entry` and reads it back; names and optima survive
/// where the format carries them.
fn check_round_trips(entry: &BoardEntry) {
    let b = &entry.board;
    let positive_optimum = entry.optimum.filter(|&o| o > 0);
    for fmt in Format::ALL {
        // The color-count check is the caller's, before writing a file.
        let refused =
            format::write(entry, fmt).is_err() || format::check_color_counts([b], fmt).is_err();
        assert_eq!(refused, !holds(fmt, b), "{fmt}: refused {refused}");
        if !holds(fmt, b) {
            assert!(refused, "{fmt} refuses the board");
            continue;
        }
        let (text, back) = write_and_parse(entry, fmt);
        let got = &back.board;
        // The cells, the start and the size survive in every format.
        assert_eq!(got.cells(), b.cells(), "{fmt}:\n{text}");
        assert_eq!(got.start(), b.start(), "{fmt}:\n{text}");
        assert_eq!(
            (got.width(), got.height()),
            (b.width(), b.height()),
            "{fmt}"
        );
        match fmt {
            Format::Text => {
                assert_eq!(got, b, "{fmt}");
                // The `# id:` line gives a generated board back its short ID.
                assert_eq!(got.id().to_string(), b.id().to_string(), "{fmt} id");
                assert_eq!(back.name, entry.name, "{fmt} name");
                assert_eq!(back.optimum, entry.optimum, "{fmt} optimum");
            }
            Format::Line => {
                // The size field carries the color count when the cells do not
                // tell it (`WxHcK`), so the whole board survives.
                assert_eq!(got, b, "{fmt}");
                // Spaces in a name become underscores; a blank name is
                // replaced by the board's ID (or "board" for literal boards).
                let name = entry
                    .name
                    .as_deref()
                    .map(|n| n.split_whitespace().collect::<Vec<_>>().join("_"))
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| match b.id() {
                        BoardId::Literal(_) => "board".to_string(),
                        id => id.to_string(),
                    });
                // A name that is the board's own ID gives the board back its
                // short ID and is not kept as a name.
                if entry.name.as_deref().is_none_or(|n| n.trim().is_empty())
                    && !matches!(b.id(), BoardId::Literal(_))
                {
                    assert_eq!(back.name, None, "{fmt} name");
                    assert_eq!(got.id().to_string(), b.id().to_string(), "{fmt} id");
                } else {
                    assert_eq!(back.name, Some(name), "{fmt} name");
                }
                assert_eq!(back.optimum, positive_optimum, "{fmt} optimum");
            }
            Format::Set => {
                assert_eq!(got, b, "{fmt}");
                assert_eq!(back.optimum, positive_optimum, "{fmt} optimum");
            }
            Format::Dataset | Format::Codegolf => {
                // The color count is the file's highest color.
                assert_eq!((back.name, back.optimum), (None, None), "{fmt}");
            }
            Format::NinetyNine => {
                assert_eq!(got, b, "{fmt}");
                assert_eq!(back.name, None, "{fmt} name");
                assert_eq!(back.optimum, positive_optimum, "{fmt} optimum");
            }
            Format::Puchert => {
                // A Color Walk blank is written as color `n_colors`, so the
                // count survives; the format has no color count, so a
                // Flood-It board comes back with one more than its highest
                // color used.
                assert_eq!(got, &puchert_reads(b), "{fmt}");
                assert_eq!((back.name, back.optimum), (None, None), "{fmt}");
            }
            Format::Id => {
                assert_eq!(got, b, "{fmt}");
                assert_eq!(got.id(), b.id(), "{fmt} id");
                assert_eq!(got.id().to_string(), b.id().to_string(), "{fmt} id text");
                assert_eq!((back.name, back.optimum), (None, None), "{fmt}");
            }
        }
    }
}

fn named(board: Board, name: Option<&str>, optimum: Option<u32>) -> BoardEntry {
    BoardEntry {
        board,
        name: name.map(str::to_string),
        optimum,
    }
}

#[test]
fn seeded_boards_round_trip_through_every_format() {
    let sizes = [
        (2, 2),
        (3, 2),
        (2, 3),
        (5, 4),
        (8, 3),
        (7, 11),
        (10, 10),
        (17, 13),
        (20, 30),
        (30, 20),
    ];
    let mut checked = 0;
    for (w, h) in sizes {
        for k in [2, 3, 4, 5, 6, 8, 10, 12, 15, 16] {
            for seed in [0, 1, 42, u64::MAX] {
                let board = Board::seeded(w, h, k, seed).unwrap();
                let entry = match seed % 3 {
                    0 => BoardEntry::new(board),
                    1 => named(board, Some(&format!("b{w}x{h}c{k}")), Some(17)),
                    _ => named(board, None, Some(0)),
                };
                check_round_trips(&entry);
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 400);
}

#[test]
fn series_and_literal_boards_round_trip_through_every_format() {
    let k1 = Board::koblenski(30, 20, 5, 1).unwrap();
    assert_eq!(k1.id().to_string(), "30x20c5-k1");
    check_round_trips(&BoardEntry::new(k1.clone()));
    check_round_trips(&named(k1, Some("ref_1001"), Some(29)));
    let shifted = KoblenskiStream::at(608).next_board(12, 7, 4).unwrap();
    check_round_trips(&named(shifted, Some("shifted"), None));
    // The largest boards, with 16 colors.
    check_round_trips(&BoardEntry::new(Board::seeded(100, 100, 16, 7).unwrap()));
    // Literal boards (their ID writes the cells out), including one that does
    // not use its top color and one with hex colors.
    check_round_trips(&BoardEntry::new(crate::board(2, 2, ".010")));
    check_round_trips(&BoardEntry::new(crate::board(3, 3, ".01012")));
    check_round_trips(&named(crate::board(3, 3, ".01001"), Some("x"), Some(3)));
    check_round_trips(&BoardEntry::new(crate::board(4, 16, ".abc9def")));
    // Names with spaces, and blank names.
    let seeded = Board::seeded(6, 5, 4, 9).unwrap();
    check_round_trips(&named(seeded.clone(), Some("two words"), Some(8)));
    check_round_trips(&named(seeded, Some(""), None));
    check_round_trips(&named(crate::board(2, 2, ".010"), Some(""), Some(2)));
}

#[test]
fn seeded_flood_it_boards_round_trip_through_every_format() {
    let sizes = [
        (2, 2),
        (3, 2),
        (2, 3),
        (3, 3),
        (5, 4),
        (8, 3),
        (7, 11),
        (10, 10),
        (14, 14),
        (19, 19),
        (30, 20),
    ];
    let mut checked = 0;
    let mut disguised = 0;
    for (w, h) in sizes {
        for k in [2, 3, 4, 5, 6, 8, 9, 12, 16] {
            for seed in [0, 1, 42] {
                // The top-left, the centre (Code Golf's start), the
                // bottom-right corner, an edge, and a cell the seed picks.
                let starts = [
                    (0, 0),
                    (h / 2, w / 2),
                    (h - 1, w - 1),
                    (0, w / 2),
                    ((seed as usize * 7 + k) % h, (seed as usize * 3 + k) % w),
                ];
                for start in starts {
                    let board = Board::seeded_flood_it(w, h, k, seed, start).unwrap();
                    disguised += usize::from(read_as_color_walk(Format::Set, &board));
                    let entry = match (seed + start.0 as u64) % 3 {
                        0 => BoardEntry::new(board),
                        1 => named(board, Some(&format!("f{w}x{h}c{k}")), Some(17)),
                        _ => named(board, Some("flood it"), None),
                    };
                    check_round_trips(&entry);
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 11 * 9 * 3 * 5);
    assert!(
        disguised > 0,
        "some boards are Color Walk boards in disguise"
    );
}

#[test]
fn literal_flood_it_boards_round_trip_through_every_format() {
    let boards = [
        // The board of the ID docs, starting at the centre.
        "3x3c2@1,1:010101010",
        // Starting top-left, a start group of several blocks.
        "4x3c3:001100122012",
        // 16 colors, hex cells, a start on the bottom edge.
        "4x4c16@3,2:0123456789abcdef",
        // A start color used nowhere else, the highest: no field format
        // writes it (each would read it back as the Color Walk game).
        "3x3c3@1,1:010121010",
        "3x3c3:201010101",
        // A start color used nowhere else but not the highest: only Puchert
        // (and 99, from the top-left) takes it for the blank.
        "3x3c3@1,1:020212020",
        "3x3c4:102020202",
        // Two colors: a start color used once is still a Flood-It board in
        // the formats that write the blank as color k - 1 of k > 2.
        "2x2c2@0,1:0100",
        // Top colors unused.
        "5x2c9@1,4:0110101101",
        // A board of one color, solved before any move.
        "3x2c2@1,1:111111",
    ];
    for id in boards {
        let board = id.parse::<BoardId>().unwrap().board().unwrap();
        assert!(board.is_flood_it(), "{id}");
        assert_eq!(board.id().to_string(), id);
        check_round_trips(&BoardEntry::new(board.clone()));
        check_round_trips(&named(board.clone(), Some("lit"), Some(4)));
        round_trips_exactly(&board);
    }
}

#[test]
fn color_walk_boards_with_the_blank_anywhere_round_trip() {
    for id in [
        "4x3c3:01201.022102",
        "3x3c2:0101.1010",
        "3x3c4:01230123.",
        "5x2c16:f.abc01234",
        "2x2c2:0.11",
    ] {
        let board = id.parse::<BoardId>().unwrap().board().unwrap();
        assert!(!board.is_flood_it(), "{id}");
        assert_eq!(board.id().to_string(), id);
        check_round_trips(&named(board.clone(), Some("walk"), Some(6)));
        round_trips_exactly(&board);
    }
}

#[test]
fn the_field_formats_read_a_disguised_color_walk_board_as_one() {
    let read = |id: &str, fmt: Format| {
        let board = id.parse::<BoardId>().unwrap().board().unwrap();
        let text = format::write(&BoardEntry::new(board), fmt).unwrap();
        format::parse_one(&text, fmt)
            .unwrap()
            .board
            .id()
            .to_string()
    };
    let parsed =
        |text: &str, fmt: Format| format::parse_one(text, fmt).unwrap().board.id().to_string();
    // The start color 2 is the highest and used once: the Color Walk game,
    // read as it (the field's files hold such boards) and never written so
    // from a Flood-It board, which would come back as another board.
    let id = "3x3c3@1,1:010121010";
    for (fmt, text) in [
        (Format::Set, "b 3x3 3 1,1 ? 010121010\n"),
        (Format::Codegolf, "121\n232\n121\n"),
        (Format::Puchert, "3 3\n1 1\n0 1 0\n1 2 1\n0 1 0\n"),
    ] {
        assert_eq!(parsed(text, fmt), "3x3c2:0101.1010", "{fmt}");
        refused_as_color_walk(id, fmt);
    }
    for fmt in [Format::Text, Format::Line, Format::Id] {
        assert_eq!(read(id, fmt), id, "{fmt}");
    }
    let id = "3x3c3:201010101";
    for (fmt, text) in [
        (Format::Set, "b 3x3 3 0,0 ? 201010101\n"),
        (Format::Dataset, "312121212\n"),
        (Format::NinetyNine, "3 3 3\n3 1 2 1 2 1 2 1 2\n0\n"),
        (Format::Puchert, "3 3\n0 0\n2 0 1 0 1 0 1 0 1\n"),
    ] {
        assert_eq!(parsed(text, fmt), "3x3c2:.01010101", "{fmt}");
        refused_as_color_walk(id, fmt);
    }
    // The start color 1 is used once but 2 is higher: every format keeps
    // the Flood-It board, its colors numbered as they were (so a move list
    // for it still holds).
    let id = "3x3c3@1,1:020212020";
    for fmt in [Format::Set, Format::Codegolf, Format::Puchert] {
        assert_eq!(read(id, fmt), id, "{fmt}");
    }
    let id = "3x3c4:102020202";
    assert_eq!(read(id, Format::NinetyNine), id);
    assert_eq!(read(id, Format::Set), id);
    assert_eq!(read(id, Format::Puchert), "3x3c3:102020202");
    // The dataset's color count is its highest color: 3 colors here.
    assert_eq!(read(id, Format::Dataset), "3x3c3:102020202");
}

/// Writing the Flood-It board `id` in `fmt` is refused: it would read back
/// as the Color Walk game.
fn refused_as_color_walk(id: &str, fmt: Format) {
    let board = id.parse::<BoardId>().unwrap().board().unwrap();
    let start_color = board.cells()[board.start()].unwrap().index();
    let err = format::write(&BoardEntry::new(board), fmt).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "cannot write this board in the {fmt} format: the start color of this Flood-It \
             board, {start_color}, is its highest and on no other cell, and the {fmt} format \
             reads such a board as the Color Walk game (a blank start block, one color fewer): \
             the same play, but another board, with another ID; use text, line or id"
        ),
        "{id}"
    );
}

#[test]
fn exact_texts_of_the_field_formats() {
    // A Flood-It board starting at the centre.
    let board = "3x3c3@1,1:012201120"
        .parse::<BoardId>()
        .unwrap()
        .board()
        .unwrap();
    let entry = named(board, Some("tiny"), Some(3));
    let w = |fmt| format::write(&entry, fmt);
    assert_eq!(
        w(Format::Text).unwrap(),
        "# name: tiny\n# colors: 3\n# start: 1,1\n# optimum: 3\n012\n201\n120\n"
    );
    assert_eq!(w(Format::Line).unwrap(), "tiny 3x3@1,1 3 012201120\n");
    assert_eq!(w(Format::Set).unwrap(), "tiny 3x3 3 1,1 3 012201120\n");
    assert_eq!(w(Format::Codegolf).unwrap(), "123\n312\n231\n");
    assert_eq!(
        w(Format::Puchert).unwrap(),
        "3 3\n1 1\n0 1 2\n2 0 1\n1 2 0\n"
    );
    assert_eq!(w(Format::Id).unwrap(), "3x3c3@1,1:012201120\n");
    let err = w(Format::Dataset).unwrap_err();
    assert_eq!(err.format, Format::Dataset);
    assert_eq!(
        err.to_string(),
        "cannot write this board in the dataset format: the dataset format holds square \
         boards that start at the top-left block, not one starting at row 1, column 1"
    );
    let err = w(Format::NinetyNine).unwrap_err();
    assert!(
        err.reason.contains("starts from the top-left block"),
        "{err}"
    );
    // From the top-left it fits the dataset and 99 formats, not Code Golf.
    let board = "3x3c3:012201120"
        .parse::<BoardId>()
        .unwrap()
        .board()
        .unwrap();
    let entry = named(board, None, Some(5));
    let w = |fmt| format::write(&entry, fmt);
    assert_eq!(w(Format::Dataset).unwrap(), "123312231\n");
    assert_eq!(
        w(Format::NinetyNine).unwrap(),
        "3 3 3\n1 2 3 3 1 2 2 3 1\n5\n"
    );
    assert_eq!(w(Format::Set).unwrap(), "board 3x3 3 0,0 5 012201120\n");
    assert!(
        w(Format::Codegolf)
            .unwrap_err()
            .reason
            .contains("starts at the centre cell (row 1, column 1)")
    );
    // A Color Walk board writes its blank as one color more.
    let walk = named(crate::board(3, 3, ".01120"), Some("cw"), None);
    assert_eq!(
        format::write(&walk, Format::Set).unwrap(),
        "cw 2x3 4 0,0 ? 301120\n"
    );
    let square = BoardEntry::new(crate::board(2, 3, ".210"));
    assert_eq!(format::write(&square, Format::Dataset).unwrap(), "4321\n");
    let centre = Board::with_start(
        3,
        3,
        2,
        "0101.1010".chars().map(Color::from_char).collect(),
        4,
    )
    .unwrap();
    assert_eq!(
        format::write(&BoardEntry::new(centre), Format::Codegolf).unwrap(),
        "121\n232\n121\n"
    );
    // Code Golf writes digits 1 to 9: ten colors do not fit.
    let ten = "3x3c10@1,1:012345678"
        .parse::<BoardId>()
        .unwrap()
        .board()
        .unwrap();
    assert!(
        format::write(&BoardEntry::new(ten), Format::Codegolf)
            .unwrap_err()
            .reason
            .contains("too few for 10 colors")
    );
}

#[test]
fn line_format_keeps_a_color_count_that_the_cells_do_not_tell() {
    // A 5-color board that only uses 0..=2: Line writes `3x2c5`, and every
    // format reads it back with 5 colors.
    let b = crate::board(3, 3, ".01201");
    let b5 = Board::new(3, 2, 5, b.cells().to_vec()).unwrap();
    let entry = BoardEntry::new(b5.clone());
    assert_eq!(
        format::write(&entry, Format::Line).unwrap(),
        "board 3x2c5 0 .01201\n"
    );
    // (The dataset and Code Golf formats take the color count from the
    // file's highest color, and do not hold this board.)
    for fmt in Format::ALL
        .into_iter()
        .filter(|f| !matches!(f, Format::Dataset | Format::Codegolf))
    {
        let back = format::parse_one(&format::write(&entry, fmt).unwrap(), fmt).unwrap();
        assert_eq!(back.board, b5, "{fmt}");
        assert_eq!(back.board.n_colors(), 5, "{fmt}");
        assert_eq!(back.board.id().to_string(), "3x2c5:.01201", "{fmt}");
    }
    // The reference file's plain `WxH` still means one more than the
    // highest color used, and such a board is written that way.
    let plain = format::parse_one("x 3x2 0 .01201", Format::Line).unwrap();
    assert_eq!(plain.board, b);
    assert_eq!(plain.board.n_colors(), 3);
    assert_eq!(
        format::write(&plain, Format::Line).unwrap(),
        "x 3x2 0 .01201\n"
    );
    let declared = format::parse_one("x 3x2c3 0 .01201", Format::Line).unwrap();
    assert_eq!(declared.board, b);
    // The case of the issue: a seeded board whose top color is unused keeps
    // its ID through Line.
    let board = "6x4c16-s16".parse::<BoardId>().unwrap().board().unwrap();
    assert_eq!(board.color_counts()[15], 0);
    let text = format::write(&BoardEntry::new(board.clone()), Format::Line).unwrap();
    assert!(text.starts_with("6x4c16-s16 6x4c16 0 "), "{text}");
    let back = format::parse_one(&text, Format::Line).unwrap();
    assert_eq!(back.board.id().to_string(), "6x4c16-s16");
    assert_eq!(back.name, None);
}

#[test]
fn exact_texts_of_each_format() {
    let entry = named(crate::board(3, 3, ".01120"), Some("tiny"), Some(3));
    assert_eq!(
        format::write(&entry, Format::Text).unwrap(),
        "# name: tiny\n# colors: 3\n# optimum: 3\n.01\n120\n"
    );
    assert_eq!(
        format::write(&entry, Format::Line).unwrap(),
        "tiny 3x2 3 .01120\n"
    );
    assert_eq!(
        format::write(&entry, Format::NinetyNine).unwrap(),
        "2 3 4\n4 1 2 2 3 1\n3\n"
    );
    assert_eq!(
        format::write(&entry, Format::Puchert).unwrap(),
        "2 3\n0 0\n3 0 1\n1 2 0\n"
    );
    assert_eq!(format::write(&entry, Format::Id).unwrap(), "3x2c3:.01120\n");
    // A seeded board's text carries its ID as a comment; a Line name with
    // spaces is joined with underscores.
    let seeded = named(Board::seeded(5, 4, 3, 42).unwrap(), Some("my board"), None);
    assert!(
        format::write(&seeded, Format::Text)
            .unwrap()
            .contains("# id: 5x4c3-s42\n")
    );
    assert!(
        format::write(&seeded, Format::Line)
            .unwrap()
            .starts_with("my_board 5x4 0 .2001")
    );
    let unnamed = BoardEntry::new(Board::seeded(5, 4, 3, 42).unwrap());
    assert!(
        format::write(&unnamed, Format::Line)
            .unwrap()
            .starts_with("5x4c3-s42 5x4 0 ")
    );
}

#[test]
fn multi_board_files_round_trip() {
    let entries: Vec<BoardEntry> = (0..6)
        .map(|i| {
            let board = Board::seeded(3 + i, 2 + i % 3, 2 + i, i as u64).unwrap();
            named(board, Some(&format!("n{i}")), Some(10 + i as u32))
        })
        .collect();
    for fmt in Format::ALL
        .into_iter()
        .filter(|f| f.is_multi_board() && !matches!(f, Format::Dataset | Format::Codegolf))
    {
        let text: String = entries
            .iter()
            .map(|e| format::write(e, fmt).unwrap())
            .collect();
        assert_eq!(format::detect(&text), fmt);
        let back = format::parse(&text, fmt).unwrap();
        assert_eq!(back.len(), entries.len(), "{fmt}");
        for (got, want) in back.iter().zip(&entries) {
            assert_eq!(got.board.cells(), want.board.cells(), "{fmt}");
        }
        assert!(
            format::parse_one(&text, fmt).is_err(),
            "{fmt}: parse_one of 6 boards"
        );
    }
    // Text boards may also be separated by blank lines.
    let text = "# colors: 2\n.0\n10\n\n\n.1\n01\n\n";
    let back = format::parse(text, Format::Text).unwrap();
    assert_eq!(back.len(), 2);
    assert_eq!(back[1].board, crate::board(2, 2, ".101"));
    assert_eq!(back[1].board.n_colors(), 2);
}

#[test]
fn comments_between_rows_keep_the_board_whole() {
    // A plain comment between rows is skipped: one 5x4 board, not two.
    let text = "# name: mine\n.0120\n12012\n# note: rows 3-4 edited\n20120\n01201\n";
    let back = format::parse(text, Format::Text).unwrap();
    assert_eq!(back.len(), 1);
    let whole = format::parse_one(".0120\n12012\n20120\n01201\n", Format::Text).unwrap();
    assert_eq!(back[0].board, whole.board);
    assert_eq!(back[0].name.as_deref(), Some("mine"));
    // A directive after rows starts the next board, as written boards do.
    let back = format::parse("# name: a\n.0\n10\n# name: b\n.1\n01\n", Format::Text).unwrap();
    assert_eq!(back.len(), 2);
    assert_eq!(back[1].name.as_deref(), Some("b"));
    // A board's directive twice (`colours` is `colors`) is refused at the second.
    for (text, col, what) in [
        (
            "# colors: 3\n#  colours: 4\n.0120\n",
            4,
            "a second '# colours:' line for this board (the first is at line 1)",
        ),
        (
            "# name: a\n# optimum: 4\n# name: b\n.01\n120\n",
            3,
            "a second '# name:' line",
        ),
    ] {
        let e = format::parse(text, Format::Text).unwrap_err();
        assert_eq!(
            (e.line, e.col),
            (if what.contains("name") { 3 } else { 2 }, col),
            "{text:?}: {e}"
        );
        assert!(e.message.contains(what), "{text:?}: {e}");
    }
    // A directive after the last board's rows, with no rows after it, is
    // refused at its line, not dropped.
    let e = format::parse("0012\n0122\n# start: 1,1\n", Format::Text).unwrap_err();
    assert_eq!((e.line, e.col), (3, 1), "{e}");
    assert!(
        e.message
            .starts_with("'# start:' belongs to no board: no rows follow it after"),
        "{e}"
    );
}

#[test]
fn format_names_parse_back() {
    for fmt in Format::ALL {
        assert_eq!(fmt.to_string().parse::<Format>(), Ok(fmt));
    }
    assert!(
        "yaml"
            .parse::<Format>()
            .unwrap_err()
            .contains("expected one of")
    );
}

#[test]
fn board_ids_round_trip() {
    let cases: Vec<(Board, &str)> = vec![
        (Board::koblenski(30, 20, 5, 1).unwrap(), "30x20c5-k1"),
        (Board::koblenski(30, 20, 5, 100).unwrap(), "30x20c5-k100"),
        (Board::koblenski(7, 3, 9, 4).unwrap(), "7x3c9-k4"),
        (
            KoblenskiStream::at(608).next_board(30, 20, 5).unwrap(),
            "30x20c5-k@608",
        ),
        (
            KoblenskiStream::at(2).next_board(2, 2, 2).unwrap(),
            "2x2c2-k@2",
        ),
        (
            // Draw 5 starts board 2 of the 2x2 series: it gets the index form.
            KoblenskiStream::at(5).next_board(2, 2, 2).unwrap(),
            "2x2c2-k2",
        ),
        (Board::seeded(30, 20, 5, 42).unwrap(), "30x20c5-s42"),
        (Board::seeded(5, 4, 3, 0).unwrap(), "5x4c3-s0"),
        (
            Board::seeded(100, 100, 16, u64::MAX).unwrap(),
            "100x100c16-s18446744073709551615",
        ),
        (crate::board(2, 2, ".010"), "2x2c2:.010"),
        (crate::board(3, 16, ".0f1a2"), "3x2c16:.0f1a2"),
    ];
    for (board, text) in cases {
        let id = board.id();
        assert_eq!(id.to_string(), text);
        let parsed: BoardId = text.parse().unwrap();
        assert_eq!(parsed, id, "{text}");
        assert_eq!(parsed.board().unwrap(), board, "{text}");
        assert_eq!(parsed.board().unwrap().id().to_string(), text, "{text}");
        // Surrounding whitespace is ignored.
        assert_eq!(format!("  {text}\t").parse::<BoardId>().unwrap(), id);
    }
    // Shorthand: `kN` and `sN` mean the series' 30x20c5.
    let k1: BoardId = "k1".parse().unwrap();
    assert_eq!(k1, "30x20c5-k1".parse().unwrap());
    assert_eq!(k1.to_string(), "30x20c5-k1");
    assert_eq!(k1.board().unwrap(), Board::koblenski(30, 20, 5, 1).unwrap());
    let s42: BoardId = "s42".parse().unwrap();
    assert_eq!(s42.to_string(), "30x20c5-s42");
    assert_eq!(s42.board().unwrap(), Board::seeded(30, 20, 5, 42).unwrap());
    let at: BoardId = "k@608".parse().unwrap();
    assert_eq!(at.to_string(), "30x20c5-k@608");
    assert_eq!(
        at,
        BoardId::Koblenski {
            width: 30,
            height: 20,
            n_colors: 5,
            first_draw: 608
        }
    );
    // `k@S` at a board start is written in the index form.
    assert_eq!(
        "k@601".parse::<BoardId>().unwrap().to_string(),
        "30x20c5-k2"
    );
    // Literal cells accept upper-case hex colors and are written lower-case.
    let lit: BoardId = "2x2c12:.AbB".parse().unwrap();
    assert_eq!(lit.to_string(), "2x2c12:.abb");
}

#[test]
fn a_board_from_draw_zero_has_an_id_without_panicking() {
    // Draw 0 is before the series' stream; its ID must not overflow. (The
    // parser rejects `k@0`, "draws start at 1", so this ID is write-only.)
    let b = KoblenskiStream::at(0).next_board(3, 2, 3).unwrap();
    assert_eq!(b.id().to_string(), "3x2c3-k@0");
    assert!(
        format::write(&BoardEntry::new(b), Format::Text)
            .unwrap()
            .contains("# id: 3x2c3-k@0\n")
    );
}

#[test]
fn moves_round_trip() {
    let cases: [(&[u8], &str); 6] = [
        (&[], ""),
        (&[3], "3"),
        (&[3, 1, 4], "3,1,4"),
        (&[0, 15, 10, 9], "0,15,10,9"),
        // A single move above 9 is written as its character: "12" would be
        // read as the two moves 1 and 2.
        (&[12], "c"),
        (&[10], "a"),
    ];
    for (colors, text) in cases {
        let moves = Moves(colors.iter().map(|&c| Color(c)).collect());
        assert_eq!(moves.to_string(), text);
        assert_eq!(text.parse::<Moves>(), Ok(moves.clone()), "{text:?}");
    }
    let m = |s: &str| s.parse::<Moves>().unwrap().0;
    let colors = |v: &[u8]| v.iter().map(|&c| Color(c)).collect::<Vec<_>>();
    assert_eq!(m("314"), colors(&[3, 1, 4]));
    assert_eq!(m("3a1F"), colors(&[3, 10, 1, 15]));
    assert_eq!(m(" 3 1\t4 "), colors(&[3, 1, 4]));
    assert_eq!(m(" 3 , 1 ,4"), colors(&[3, 1, 4]));
    assert_eq!(m("12"), colors(&[1, 2]));
    assert_eq!(m("12,3"), colors(&[12, 3]));
}

// ---------------------------------------------------------------------------
// The reference optimum file
// ---------------------------------------------------------------------------

const REFERENCE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../data/reference/optimal-30x20x5.txt"
);

/// The project carries a copy of the shared reference set (so a clone tests
/// on its own); where `../shared` is present, the copy must hold the same
/// boards and minima.
#[test]
fn carried_reference_file_matches_the_shared_one() {
    let Some(shared) = cw_testkit::shared_file(
        "carried_reference_file_matches_the_shared_one",
        "reference/optimal-30x20x5.txt",
    ) else {
        return;
    };
    let ours = format::parse(&std::fs::read_to_string(REFERENCE).unwrap(), Format::Line).unwrap();
    let theirs = format::parse(&std::fs::read_to_string(shared).unwrap(), Format::Line).unwrap();
    assert_eq!(ours, theirs);
}

#[test]
fn reference_file_parses_into_100_boards() {
    let text = std::fs::read_to_string(REFERENCE)
        .unwrap_or_else(|e| panic!("cannot read {REFERENCE}: {e}"));
    assert_eq!(format::detect(&text), Format::Line);
    let entries = format::parse(&text, Format::Line).unwrap();
    assert_eq!(entries.len(), 100);
    let mut sum = 0;
    for (i, e) in entries.iter().enumerate() {
        assert_eq!(
            e.name.as_deref(),
            Some(format!("ref_{}", 1001 + i).as_str())
        );
        assert_eq!((e.board.width(), e.board.height()), (30, 20), "board {i}");
        assert_eq!(e.board.n_colors(), 5, "board {i}");
        assert_eq!(e.board.cells()[0], None);
        let opt = e
            .optimum
            .unwrap_or_else(|| panic!("board {i} has no optimum"));
        assert!((24..=33).contains(&opt), "board {i}: optimum {opt}");
        sum += opt;
        // Each reference board writes back to exactly its own line.
        let line = format::write(e, Format::Line).unwrap();
        assert!(
            text.contains(line.as_str()),
            "board {i} writes back unchanged"
        );
    }
    assert_eq!(sum, 2876);
    assert_eq!(f64::from(sum) / 100.0, 28.76);
    assert_eq!(entries.iter().filter_map(|e| e.optimum).min(), Some(24));
    assert_eq!(entries.iter().filter_map(|e| e.optimum).max(), Some(33));
}

// ---------------------------------------------------------------------------
// Bad input: line, column and what was expected
// ---------------------------------------------------------------------------

/// Parsing `text` in `fmt` fails at `line`, `col`, with `expect` in the message.
#[track_caller]
fn fails(fmt: Format, text: &str, line: usize, col: usize, expect: &str) {
    let err: ParseError = match format::parse(text, fmt) {
        Ok(boards) => panic!("{fmt} {text:?} parsed into {boards:?}"),
        Err(e) => e,
    };
    assert_eq!(
        (err.line, err.col),
        (line, col),
        "{fmt} {text:?}: position of {err}"
    );
    assert!(
        err.message.contains(expect),
        "{fmt} {text:?}: message {:?} lacks {expect:?}",
        err.message
    );
    assert_eq!(
        err.to_string(),
        format!("line {line}, column {col}: {}", err.message)
    );
}

#[test]
fn text_format_errors() {
    use Format::Text;
    // Row lengths against the first row.
    fails(
        Text,
        ".01\n01\n",
        2,
        3,
        "row ends early: it has 2 blocks, expected 3",
    );
    fails(
        Text,
        ".01\n012\n0120\n",
        3,
        4,
        "row is too long: it has 4 blocks, expected 3",
    );
    fails(Text, "  .01\n  01\n", 2, 5, "row ends early");
    // Characters that are not blocks ('0'-'9', 'a'-'z' are the 36 colors).
    fails(
        Text,
        ".01\n0!1\n",
        2,
        2,
        "unexpected '!': a block is '.' (blank) or a color",
    );
    fails(Text, ".01\n01?\n", 2, 3, "unexpected '?'");
    // A control character is shown escaped, not written raw.
    fails(Text, ".0\u{0}1\n", 1, 3, "unexpected '\\0'");
    fails(Text, "# c\n .0-\n", 2, 4, "unexpected '-'");
    // One blank block at most: a Color Walk board's start. With none, a
    // Flood-It board, starting top-left or at its `# start:` cell.
    let flood = format::parse_one("001\n011\n", Text).unwrap();
    assert_eq!(flood.board.id().to_string(), "3x2c2:001011");
    let flood = format::parse_one("# start: 1,2\n001\n011\n", Text).unwrap();
    assert_eq!(flood.board.id().to_string(), "3x2c2@1,2:001011");
    fails(
        Text,
        ".01\n0.1\n",
        2,
        2,
        "a second blank block '.': only the start block of a Color Walk board is blank",
    );
    fails(Text, ".0.\n011\n", 1, 3, "a second blank block");
    fails(
        Text,
        "# start: 0,0\n.01\n011\n",
        2,
        1,
        "a blank block '.' with a '# start:' line",
    );
    fails(
        Text,
        "# start: 2,0\n001\n011\n",
        1,
        10,
        "start cell row 2, column 0 is outside the 3x2 board",
    );
    fails(
        Text,
        "# start: 9\n001\n011\n",
        1,
        10,
        "start '9': expected ROW,COL",
    );
    // Sizes out of range.
    fails(
        Text,
        "# colors: 3\n.012\n",
        2,
        1,
        "the board has 1 row: height must be 2 to 100",
    );
    let wide = format!(".{}\n{}\n", "0".repeat(100), "1".repeat(101));
    fails(
        Text,
        &wide,
        1,
        101,
        "the board is 101 blocks wide: width must be 2 to 100",
    );
    let tall = format!(".0\n{}", "10\n".repeat(100));
    fails(
        Text,
        &tall,
        101,
        1,
        "the board has 101 rows: height must be 2 to 100",
    );
    // The color count directive.
    fails(
        Text,
        "# colors: 37\n.0\n10\n",
        1,
        11,
        "color count '37': expected 2 to 36",
    );
    fails(
        Text,
        "# colors: 1\n.0\n00\n",
        1,
        11,
        "color count '1': expected 2 to 36",
    );
    fails(
        Text,
        "  # colours:  40 \n.0\n10\n",
        1,
        15,
        "color count '40'",
    );
    // The column is the value's, even when the value also occurs in the key.
    fails(Text, "# colors: s\n.0\n10\n", 1, 11, "color count 's'");
    fails(
        Text,
        "# colors:\n.0\n10\n",
        1,
        10,
        "color count '': expected 2 to 36",
    );
    fails(
        Text,
        "# optimum: ten\n.0\n10\n",
        1,
        12,
        "optimum 'ten': expected a whole number",
    );
    // A color at or above the declared count.
    fails(
        Text,
        "# colors: 3\n.01\n322\n",
        3,
        1,
        "color 3 is not below the declared 3 colors",
    );
    fails(
        Text,
        "# colors: 3\n  .01\n  12a\n",
        3,
        5,
        "color 10 is not below the declared 3",
    );
    // No board at all.
    fails(Text, "", 1, 1, "empty input: expected a board");
    fails(
        Text,
        "# only a comment\n\n  \n",
        1,
        1,
        "empty input: expected a board",
    );
    fails(Text, "# colors: 3\n", 1, 1, "empty input");
    // Columns count characters, also in a non-ASCII indent.
    fails(
        Text,
        "\u{a0}\u{a0}.01\n\u{a0}\u{a0}0%1\n",
        2,
        4,
        "unexpected '%'",
    );
    fails(
        Text,
        "\u{a0}# colors: 99\n.0\n10\n",
        1,
        12,
        "color count '99'",
    );
    // A second board is checked like the first.
    fails(Text, ".0\n10\n\n.1\n1\n", 5, 2, "row ends early");
}

#[test]
fn line_format_errors() {
    use Format::Line;
    // Missing fields: the column is just after the end of the line.
    fails(
        Line,
        "ref_1",
        1,
        6,
        "line ends early: expected the size WIDTHxHEIGHT",
    );
    fails(
        Line,
        "ref_1 2x2  ",
        1,
        10,
        "line ends early: expected the minimum number",
    );
    fails(
        Line,
        "# c\n\nref_1 2x2 29\n",
        3,
        13,
        "line ends early: expected the cells",
    );
    fails(
        Line,
        "a 2x2 0 .010\nb 2x2 1",
        2,
        8,
        "expected the cells (format: NAME WxH MIN CELLS)",
    );
    // Bad sizes.
    fails(
        Line,
        "b 2y2 0 .010",
        1,
        3,
        "size '2y2': expected WIDTHxHEIGHT, each 2 to 100",
    );
    fails(Line, "b 1x4 0 .010", 1, 3, "size '1x4'");
    fails(
        Line,
        "b   101x2 0 .0",
        1,
        5,
        "size '101x2': expected WIDTHxHEIGHT",
    );
    fails(Line, "b 2x2x2 0 .010", 1, 3, "size '2x2x2'");
    fails(Line, "b x 0 .010", 1, 3, "size 'x'");
    // A bad color count in the size, and cells at or above it.
    fails(
        Line,
        "b 2x2c1 0 .010",
        1,
        3,
        "size '2x2c1': expected WIDTHxHEIGHT, each 2 to 100, optionally with the color \
         count as WIDTHxHEIGHTcCOLORS (2 to 36)",
    );
    fails(Line, "b 2x2c37 0 .010", 1, 3, "size '2x2c37'");
    fails(Line, "b 2x2c 0 .010", 1, 3, "size '2x2c'");
    fails(Line, "b 2xc3 0 .010", 1, 3, "size '2xc3'");
    fails(
        Line,
        "b 2x2c2 0 .012",
        1,
        14,
        "color 2 ('2') is not below the 2 colors of the size field",
    );
    fails(Line, "b 3x2c10 0 .0123a", 1, 17, "color 10 ('a')");
    // A bad minimum.
    fails(
        Line,
        "b 2x2 -1 .010",
        1,
        7,
        "minimum '-1': expected a whole number (0 if unknown)",
    );
    // The wrong number of cells: the column after the last good one.
    fails(
        Line,
        "b 2x2 0 .01",
        1,
        12,
        "3 blocks for a 2x2 board: expected 4",
    );
    fails(
        Line,
        "b 2x2 0 .0101",
        1,
        13,
        "5 blocks for a 2x2 board: expected 4",
    );
    // Bad cells.
    fails(
        Line,
        "b 2x2 0 .0!1",
        1,
        11,
        "unexpected '!': a block is '.' or a color",
    );
    fails(
        Line,
        "b 2x2 0 .0.1",
        1,
        11,
        "a second blank block '.': only the start block of a Color Walk board is blank",
    );
    fails(
        Line,
        "b 2x2@1,0 0 0.11",
        1,
        14,
        "blank block '.' in a Flood-It board",
    );
    fails(
        Line,
        "b 2x2@2,0 0 0011",
        1,
        3,
        "start cell row 2, column 0 is outside the 2x2 board (rows 0 to 1, columns 0 to 1)",
    );
    fails(
        Line,
        "b 2x2@1 0 0011",
        1,
        7,
        "start cell '@1': expected @ROW,COL",
    );
    // Anything after the cells.
    fails(
        Line,
        "b 2x2 0 .010 x",
        1,
        14,
        "unexpected 'x' after the cells",
    );
    fails(Line, "", 1, 1, "empty input: expected a board");
}

#[test]
fn ninety_nine_format_errors() {
    use Format::NinetyNine as NN;
    // Header numbers out of range.
    fails(
        NN,
        "1 2 3\n",
        1,
        1,
        "the row count 1 is out of range: expected 2 to 100",
    );
    fails(
        NN,
        "2 101 3\n",
        1,
        3,
        "the column count 101 is out of range: expected 2 to 100",
    );
    fails(
        NN,
        "2 2 1\n",
        1,
        5,
        "color count (a Color Walk blank's color included) 1 is out of range: expected 2 to 37",
    );
    fails(NN, "2 2 38\n", 1, 5, "expected 2 to 37");
    fails(
        NN,
        "2 2 c\n",
        1,
        5,
        "expected the color count (a Color Walk blank's color included) (a whole number), found 'c'",
    );
    // 37 colors only with a Color Walk blank among them.
    fails(
        NN,
        "2 2 37\n1 1 2 2\n0\n",
        1,
        5,
        "color count 37 is out of range: a Flood-It board has 2 to 36 colors",
    );
    // A block token out of range or not a number.
    fails(
        NN,
        "2 2 3\n3 1 4 2\n0\n",
        2,
        5,
        "a block color 4 is out of range: expected 1 to 3",
    );
    fails(
        NN,
        "2 2 3\n3 0 2 2\n0\n",
        2,
        3,
        "a block color 0 is out of range: expected 1 to 3",
    );
    fails(
        NN,
        "2 2 3\n3 x 2 1\n0\n",
        2,
        3,
        "expected a block color (a whole number), found 'x'",
    );
    // The input ends early: the column is just after the last line.
    fails(
        NN,
        "2 2 3\n3 1 2\n",
        2,
        6,
        "input ends early: expected a block color",
    );
    fails(
        NN,
        "2 2 3\n3 1 2 1\n",
        2,
        8,
        "input ends early: expected the known optimum (0 if unknown)",
    );
    fails(
        NN,
        "2 2",
        1,
        4,
        "input ends early: expected the color count",
    );
    // A line ending of `\r` alone at the end is no character of the line.
    fails(
        NN,
        "2 2\r",
        1,
        4,
        "input ends early: expected the color count",
    );
    // The top-left color appears again: a Flood-It board, starting from
    // the top-left block's whole group.
    let flood = format::parse_one("2 2 3\n3 1 3 2\n0\n", NN).unwrap();
    assert!(flood.board.is_flood_it());
    assert_eq!(flood.board.n_colors(), 3);
    assert_eq!(flood.board.id().to_string(), "2x2c3:2021");
    // Extra tokens.
    fails(
        NN,
        "2 2 3\n3 1 2 1\n0 7\n",
        3,
        3,
        "unexpected '7' after the optimum",
    );
    fails(NN, "", 1, 1, "empty input: expected 'rows cols colors'");
    // The color count missing from the header: named there, not read from
    // the cells.
    fails(
        NN,
        "2 2\n1 2 1 2\n0\n",
        1,
        4,
        "line ends early: expected the color count",
    );
    // A cell missing: the line of cells is named, not the optimum's.
    fails(
        NN,
        "2 2 3\n1 2 3\n0\n",
        2,
        1,
        "line 2 holds 3 block colors, expected 4 (2 rows × 2 columns, all on one line",
    );
    // Cells over several lines: the first line is named, not a bad cell
    // further on, nor an optimum read as a cell.
    fails(
        NN,
        "3 3 3\n1 2 3\n1 2 3\n1 2 7\n0\n",
        2,
        1,
        "line 2 holds 3 block colors, expected 9",
    );
    fails(
        NN,
        "2 2 2\n1 2 1\n1\n",
        2,
        1,
        "line 2 holds 3 block colors, expected 4",
    );
    fails(
        NN,
        "# nothing\n",
        1,
        1,
        "empty input: expected 'rows cols colors'",
    );
    // A valid one for contrast: the blank is the highest color, `colors`.
    let ok = format::parse_one("2 2 3\n3 1 2 1\n5\n", NN).unwrap();
    assert_eq!(ok.board, crate::board(2, 2, ".010"));
    assert_eq!(ok.optimum, Some(5));
    // A start color used nowhere else but not the highest: a Flood-It
    // board, its colors as written (so move lists for it still hold).
    let flood = format::parse_one("2 2 3\n1 2 3 2\n5\n", NN).unwrap();
    assert!(flood.board.is_flood_it());
    assert_eq!(flood.board.n_colors(), 3);
}

#[test]
fn puchert_format_errors() {
    use Format::Puchert as P;
    // The origin is the start cell: a unique color there is a Color Walk
    // blank, a shared one a Flood-It start.
    let walk = format::parse_one("2 2\n0 1\n0 2\n1 0\n", P).unwrap();
    assert_eq!(walk.board.id().to_string(), "2x2c2:0.10");
    let flood = format::parse_one("2 2\n1 0\n2 0\n0 1\n", P).unwrap();
    assert_eq!(flood.board.id().to_string(), "2x2c3@1,0:2001");
    fails(
        P,
        "2 2\n2 0\n",
        2,
        1,
        "the origin row 2 is out of range: expected 0 to 1",
    );
    fails(
        P,
        "2 3\n0 3\n",
        2,
        3,
        "the origin column 3 is out of range: expected 0 to 2",
    );
    // Bad tokens.
    fails(
        P,
        "2 2\n0 0\n2 x\n1 0\n",
        3,
        3,
        "expected a block color (a whole number), found 'x'",
    );
    fails(
        P,
        "2 2\n0 0\n2 37\n1 0\n",
        3,
        3,
        "a block color 37 is out of range: expected 0 to 36",
    );
    fails(
        P,
        "0 2\n",
        1,
        1,
        "the row count 0 is out of range: expected 2 to 100",
    );
    fails(
        P,
        "2 -2\n",
        1,
        3,
        "expected the column count (a whole number), found '-2'",
    );
    // Too few tokens.
    fails(
        P,
        "2 2\n0 0\n2 0\n1\n",
        4,
        2,
        "input ends early: expected a block color",
    );
    fails(
        P,
        "2 2\n0",
        2,
        2,
        "input ends early: expected the origin column",
    );
    // Colors beyond the 16 a Flood-It board may have.
    fails(
        P,
        "2 2\n0 0\n36 0\n1 36\n",
        3,
        1,
        "color 36 is out of range: a Flood-It board has at most 36 colors, 0 to 35",
    );
    fails(
        P,
        "2 2\n0 0\n2 0\n1 0 5\n",
        4,
        5,
        "unexpected '5' after the last block",
    );
    fails(P, "", 1, 1, "empty input: expected 'rows cols'");
    // A valid one for contrast: the blank is above every color.
    let ok = format::parse_one("2 2\n0 0\n2 0\n1 0\n", P).unwrap();
    assert_eq!(ok.board, crate::board(2, 2, ".010"));
    // A start color used nowhere else but not the highest: Flood-It.
    let flood = format::parse_one("2 2\n0 0\n1 0\n2 0\n", P).unwrap();
    assert!(flood.board.is_flood_it());
}

#[test]
fn set_format_errors() {
    use Format::Set;
    // Missing fields: the column is just after the end of the line.
    fails(
        Set,
        "pc",
        1,
        3,
        "line ends early: expected the size ROWSxCOLS",
    );
    fails(
        Set,
        "pc 3x3",
        1,
        7,
        "line ends early: expected the color count",
    );
    fails(
        Set,
        "pc 3x3 2",
        1,
        9,
        "line ends early: expected the start cell START_ROW,START_COL",
    );
    fails(
        Set,
        "pc 3x3 2 0,0  ",
        1,
        13,
        "line ends early: expected the optimum (or ?)",
    );
    fails(
        Set,
        "pc 3x3 2 0,0 ?",
        1,
        15,
        "line ends early: expected the cells (format: NAME ROWSxCOLS COLORS \
         START_ROW,START_COL OPTIMUM CELLS)",
    );
    fails(
        Set,
        "# pc\n\npc 3x3 2 0,0 ? 010101010\npc 3x3 2\n",
        4,
        9,
        "expected the start cell",
    );
    // Bad sizes (ROWSxCOLS).
    fails(
        Set,
        "pc 3y3 2 0,0 ? 010101010",
        1,
        4,
        "size '3y3': expected ROWSxCOLS, each 2 to 100",
    );
    fails(Set, "pc 1x3 2 0,0 ? 010", 1, 4, "size '1x3'");
    fails(Set, "pc 2x101 2 0,0 ? 01", 1, 4, "size '2x101'");
    fails(Set, "pc 3x3x3 2 0,0 ? 010101010", 1, 4, "size '3x3x3'");
    fails(Set, "  pc x 2 0,0 ? 0101", 1, 6, "size 'x'");
    // Color counts out of range: colorwalk plays 2 to 36 colors (37 with a
    // Color Walk blank among them).
    fails(
        Set,
        "pc 3x3 38 0,0 ? 010101010",
        1,
        8,
        "color count '38': colorwalk plays boards of 2 to 36 colors",
    );
    fails(Set, "pc 3x3 1 0,0 ? 000000000", 1, 8, "color count '1'");
    fails(Set, "pc 3x3 six 0,0 ? 010101010", 1, 8, "color count 'six'");
    fails(
        Set,
        "pc 3x3 37 0,0 ? 010101010",
        1,
        8,
        "color count 37 is out of range: a board has 2 to 36 colors",
    );
    let walk = format::parse_one("pc 3x3 37 0,0 ? 10101010A", Set);
    assert!(walk.is_err(), "{walk:?}");
    let walk = format::parse_one("pc 3x3 17 0,0 ? g10101010", Set).unwrap();
    assert_eq!(walk.board.id().to_string(), "3x3c16:.10101010");
    // The start cell, from 0: row, then column.
    fails(
        Set,
        "pc 3x3 2 0;0 ? 010101010",
        1,
        10,
        "start cell '0;0': expected START_ROW,START_COL, from 0",
    );
    fails(Set, "pc 3x3 2 1 ? 010101010", 1, 10, "start cell '1'");
    fails(Set, "pc 3x3 2 -1,0 ? 010101010", 1, 10, "start cell '-1,0'");
    fails(
        Set,
        "pc 3x3 2 3,0 ? 010101010",
        1,
        10,
        "start cell row 3, column 0 is outside the board of 3 rows and 3 columns (rows 0 to 2, columns 0 to 2)",
    );
    // 2 rows of 3 columns.
    fails(
        Set,
        "pc 2x3 2 2,1 ? 010101",
        1,
        10,
        "start cell row 2, column 1 is outside the",
    );
    fails(
        Set,
        "pc 2x3 2 1,3 ? 010101",
        1,
        10,
        "(rows 0 to 1, columns 0 to 2)",
    );
    // The optimum: a whole number of moves from 1, or ?.
    fails(
        Set,
        "pc 3x3 2 0,0 x 010101010",
        1,
        14,
        "optimum 'x': expected a whole number of moves, or ? if unknown",
    );
    fails(Set, "pc 3x3 2 0,0 0 010101010", 1, 14, "optimum '0'");
    fails(Set, "pc 3x3 2 0,0 -3 010101010", 1, 14, "optimum '-3'");
    // Cells: colors '0'-'9', 'a'-'z' below the color count.
    fails(
        Set,
        "pc 3x3 2 0,0 ? 0101z1010",
        1,
        20,
        "unexpected 'z': a cell is a color '0'-'9', 'a'-'z' below 2",
    );
    fails(Set, "pc 3x3 2 0,0 ? 0102", 1, 19, "unexpected '2'");
    fails(Set, "pc 3x3 2 0,0 ? 0101.1010", 1, 20, "unexpected '.'");
    fails(
        Set,
        "pc 2x2 3 0,0 ? 01\u{e9}1",
        1,
        18,
        "unexpected '\u{e9}'",
    );
    // Too few or too many cells: the column after the last good one.
    fails(
        Set,
        "pc 3x3 2 0,0 ? 01010101",
        1,
        24,
        "8 cells for a 3x3 board: expected 9",
    );
    fails(
        Set,
        "pc 3x3 2 0,0 ? 0101010101",
        1,
        25,
        "10 cells for a 3x3 board: expected 9",
    );
    // Anything after the cells.
    fails(
        Set,
        "pc 3x3 2 0,0 ? 010101010 x",
        1,
        26,
        "unexpected 'x' after the cells",
    );
    fails(Set, "", 1, 1, "empty input: expected a board");
    fails(
        Set,
        "# only a comment\n",
        1,
        1,
        "empty input: expected a board",
    );
    // A valid one for contrast: 2 rows of 3 columns, starting at the end of
    // the second row.
    let ok = format::parse_one("pc 2x3 3 1,2 7 012201", Set).unwrap();
    assert_eq!(ok.board.id().to_string(), "3x2c3@1,2:012201");
    assert_eq!((ok.board.width(), ok.board.height()), (3, 2));
    assert_eq!(ok.board.start_row_col(), (1, 2));
    assert_eq!((ok.name.as_deref(), ok.optimum), (Some("pc"), Some(7)));
}

#[test]
fn dataset_format_errors() {
    use Format::Dataset;
    // A line is a square board of N x N cells.
    fails(
        Dataset,
        "12121",
        1,
        1,
        "5 cells: a dataset line is a square board, N\u{d7}N cells with N from 2 to 100",
    );
    fails(Dataset, "1212\n  121\n", 2, 3, "3 cells: a dataset line is");
    fails(
        Dataset,
        "1",
        1,
        1,
        "1 cells: a dataset line is a square board",
    );
    // Cells are colors '1'-'9', 'a'-'z'; '0' is not a color.
    fails(
        Dataset,
        "1212\n1204\n",
        2,
        3,
        "unexpected '0': a cell is a color '1'-'9', 'a'-'z'",
    );
    fails(Dataset, "1212\n12.4\n", 2, 3, "unexpected '.'");
    fails(Dataset, "# b2c4\n\n  12-4\n", 3, 5, "unexpected '-'");
    fails(Dataset, "12\u{e9}4", 1, 3, "unexpected '\u{e9}'");
    // The color count is the file's highest color, up to 35 ('z'), as in
    // the b10c35 set.
    let wide = format::parse("1212\n12z4\n", Dataset).unwrap();
    assert_eq!(wide[1].board.n_colors(), 35);
    assert_eq!(wide[1].board.cells()[2], Some(Color(34)));
    assert_eq!(
        format::parse_one("1h23", Dataset).unwrap().board.n_colors(),
        17
    );
    let walk = format::parse_one("h123", Dataset).unwrap();
    assert_eq!(walk.board.id().to_string(), "2x2c16:.012");
    fails(Dataset, "", 1, 1, "empty input: expected a board");
    // Valid ones for contrast: one color count for the whole file.
    let ok = format::parse("1122\n# c\n2311\n", Dataset).unwrap();
    let ids: Vec<String> = ok.iter().map(|e| e.board.id().to_string()).collect();
    assert_eq!(ids, ["2x2c3:0011", "2x2c3:1200"]);
}

#[test]
fn codegolf_format_errors() {
    use Format::Codegolf;
    // Every row of a board as long as its first.
    fails(
        Codegolf,
        "123\n12\n",
        2,
        3,
        "row of 2 cells, expected 3 like the board's first row",
    );
    fails(
        Codegolf,
        "12\n123\n",
        2,
        3,
        "row of 3 cells, expected 2 like the board's first row",
    );
    fails(Codegolf, "  123\n  12\n", 2, 5, "row of 2 cells");
    // Cells are digits '1'-'9'.
    fails(
        Codegolf,
        "123\n103\n",
        2,
        2,
        "unexpected '0': a cell is a color '1'-'9'",
    );
    fails(Codegolf, "12\n21\n\n123\n1a3\n", 5, 2, "unexpected 'a'");
    fails(Codegolf, "12\n2 1\n", 2, 2, "unexpected ' '");
    // Sizes out of range, at the board's first row.
    fails(
        Codegolf,
        "123\n",
        1,
        1,
        "a 1x3 board: rows and columns must be 2 to 100",
    );
    fails(Codegolf, "12\n21\n\n1\n2\n", 4, 1, "a 2x1 board");
    fails(Codegolf, "", 1, 1, "empty input: expected a board");
    // Valid ones for contrast: the start is the centre; a centre color used
    // nowhere else is a Color Walk blank.
    let ok = format::parse("1212\n2121\n1212\n\n121\n232\n121\n", Codegolf).unwrap();
    assert_eq!(ok[0].board.id().to_string(), "4x3c3@1,2:010110100101");
    assert_eq!(ok[0].board.start_row_col(), (1, 2));
    assert_eq!(ok[1].board.id().to_string(), "3x3c2:0101.1010");
    // A comment between a board's rows is skipped (it once split the board
    // in two); a blank line ends the board.
    let commented = format::parse("# a\n1212\n2121\n# note\n1212\n2121\n", Codegolf).unwrap();
    let ids: Vec<String> = commented.iter().map(|e| e.board.id().to_string()).collect();
    assert_eq!(ids, ["4x4c2@2,2:0101101001011010"]);
}

/// `text` is not a board ID: the problem is at `col`, with `expect` in the message.
#[track_caller]
fn bad_id(text: &str, col: usize, expect: &str) {
    let err: ParseIdError = match text.parse::<BoardId>() {
        Ok(id) => panic!("{text:?} parsed as {id}"),
        Err(e) => e,
    };
    assert_eq!(err.col, col, "{text:?}: position of {err}");
    assert!(
        err.message.contains(expect),
        "{text:?}: message {:?} lacks {expect:?}",
        err.message
    );
    // Read as a file, it is no board either: what can only be an ID gets
    // the ID's error, anything else is read as rows of cells.
    let as_file = format::parse(text, format::detect(text));
    assert!(as_file.is_err(), "{text:?} read as {as_file:?}");
    let id_like = text.split_once('x').is_some_and(|(w, rest)| {
        !w.is_empty()
            && w.bytes().all(|b| b.is_ascii_digit())
            && rest.starts_with(|c: char| c.is_ascii_digit())
    }) && text.contains(['-', ':']);
    if id_like {
        assert_eq!(format::detect(text), Format::Id, "{text:?}");
        let e = as_file.unwrap_err();
        assert_eq!((e.line, e.col), (1, col), "{text:?} as a file: {e}");
    }
}

#[test]
fn board_id_errors() {
    bad_id(
        "30x20c5-x3",
        9,
        "expected 'k' (series generator), 's' (seeded generator) or 'f' (seeded Flood-It generator)",
    );
    bad_id("30y20c5-k1", 3, "expected 'x' between width and height");
    bad_id("30x20d5-k1", 6, "expected 'c' before the color count");
    bad_id("30x20c5", 8, "expected '-' before the generator");
    bad_id("30x20c5-s", 10, "expected the seed (digits)");
    bad_id("30x20c5-s1x", 11, "unexpected text after the ID");
    bad_id("30x20c5-s99999999999999999999", 10, "the seed is too large");
    bad_id("x20c5-s1", 1, "expected the width (digits)");
    bad_id("", 1, "expected the width (digits)");
    // Board numbers and draws start at 1; the column is the number's.
    bad_id("k0", 2, "board numbers start at 1");
    bad_id("30x20c5-k0", 10, "board numbers start at 1");
    bad_id(
        "k18446744073709551615",
        2,
        "runs past the end of the series' stream",
    );
    bad_id("k@", 3, "expected the first draw (digits)");
    bad_id("k@0", 3, "the series' draws are numbered from 1");
    bad_id("30x20c5-k@0", 11, "the series' draws are numbered from 1");
    // The stream's draws are exact up to 2^53 (past it, neighbouring draws
    // are equal): a board must not run past that.
    bad_id(
        "30x20c5-k15011998757902",
        10,
        "board 15011998757902 runs past the end of the series' stream: it holds 30x20 \
         boards 1 to 15011998757901",
    );
    bad_id(
        "30x20c5-k@9007199254740394",
        11,
        "its 600 draws run past the end of the series' stream (a 30x20 board's first draw \
         is at most 9007199254740393",
    );
    for last in ["30x20c5-k15011998757901", "30x20c5-k@9007199254740393"] {
        let id: BoardId = last.parse().expect(last);
        let board = id.board().unwrap();
        // Still a random board: about as many clusters as the first ones.
        let clusters = cw_core::ClusterGraph::new(&board).n_clusters();
        assert!(
            (300..=450).contains(&clusters),
            "{last}: {clusters} clusters"
        );
    }
    bad_id("q1", 1, "expected the width");
    // Sizes and color counts out of range: the column is the number's.
    bad_id("1x20c5-s1", 1, "board size 1x20 is out of range");
    bad_id("30x101c5-k1", 4, "board size 30x101 is out of range");
    bad_id(
        "30x20c37-s1",
        7,
        "color count 37 is out of range: a board has 2 to 36 colors",
    );
    bad_id("30x20c1-s1", 7, "color count 1 is out of range");
    bad_id("2x2c37:.010", 5, "color count 37 is out of range");
    bad_id("2x2c37@0,0-f1", 5, "color count 37 is out of range");
    // Literal cells.
    bad_id("2x2c3:.013", 10, "color '3' is not below 3");
    bad_id("2x2c3:.0x1", 9, "color 'x' is not below 3");
    bad_id("2x2c3:.0!1", 9, "unexpected '!': cells are '.' or colors");
    bad_id("2x2c3:.0.1", 9, "a second blank block '.'");
    bad_id("2x2c3@1,1:0.11", 12, "blank block '.' in a Flood-It board");
    bad_id(
        "2x2c3@2,1:0011",
        7,
        "start cell row 2, column 1 is outside the 2x2 board",
    );
    bad_id(
        "2x2c3@1:0011",
        8,
        "expected ',' between the start row and column",
    );
    bad_id(
        "30x20c5@1,1-s3",
        13,
        "a start cell '@ROW,COL' goes with a Flood-It board",
    );
    bad_id("2x2c3:.01", 7, "expected 4 blocks, found 3");
    bad_id("2x2c3:.0120", 7, "expected 4 blocks, found 5");
    bad_id("2x2c3:", 7, "expected 4 blocks, found 0");
    // The Display of an error names its position.
    let err = "k0".parse::<BoardId>().unwrap_err();
    assert_eq!(
        err.to_string(),
        "bad board ID at character 2: board numbers start at 1"
    );
}

#[test]
fn a_file_of_ids_names_at_most_its_share_of_blocks() {
    // Each ID of 100x100 names 10,000 blocks in 14 bytes: the file is
    // refused at the board that passes the cap, before it fills memory.
    let per_board = 100 * 100;
    let fit = format::MAX_ID_FILE_BLOCKS / per_board;
    let ids: String = (1..=fit + 1).map(|i| format!("100x100c2-s{i}\n")).collect();
    let err = format::parse(&ids, Format::Id).unwrap_err();
    assert_eq!((err.line, err.col), (fit + 1, 1), "{err}");
    assert!(err.message.contains("split it"), "{}", err.message);
    let boards = format::parse(
        &ids[..ids.len() - format!("100x100c2-s{}\n", fit + 1).len()],
        Format::Id,
    )
    .unwrap();
    assert_eq!(boards.len(), fit);
}

#[test]
fn id_format_errors() {
    use Format::Id;
    fails(
        Id,
        "30x20c5-s1\n30x20c5-x3\n",
        2,
        9,
        "expected 'k' (series generator)",
    );
    // Indented IDs report columns in the line.
    fails(
        Id,
        "# ids\n\n   30y20c5-k1\n",
        3,
        6,
        "expected 'x' between width and height",
    );
    fails(
        Id,
        "k1\n  1x20c5-s1",
        2,
        3,
        "board size 1x20 is out of range",
    );
    fails(Id, "\u{a0}\u{a0}k0", 1, 4, "board numbers start at 1");
    fails(Id, "", 1, 1, "empty input: expected a board ID");
    fails(Id, "# none\n", 1, 1, "empty input: expected a board ID");
    let ok = format::parse("k1\n  # c\n  s42  \n3x2c3:.01120\n", Id).unwrap();
    assert_eq!(ok.len(), 3);
    assert_eq!(ok[1].board, Board::seeded(30, 20, 5, 42).unwrap());
}

#[test]
fn moves_errors() {
    #[track_caller]
    fn bad_moves(text: &str, col: usize, expect: &str) {
        let err = text.parse::<Moves>().unwrap_err();
        assert_eq!(err.col, col, "{text:?}: {err}");
        assert!(err.message.contains(expect), "{text:?}: {:?}", err.message);
    }
    bad_moves(
        "3,?,1",
        3,
        "expected a color number (or its character '0'-'9', 'a'-'z'), found '?'",
    );
    bad_moves("3, xy", 4, "found 'xy'");
    // A color's character stands for its number in a list too.
    assert_eq!(
        "8,b, 5".parse::<Moves>().unwrap(),
        Moves(vec![Color(8), Color(11), Color(5)])
    );
    bad_moves("3,,1", 3, "found ''");
    bad_moves("3,256", 3, "found '256'");
    bad_moves("31!", 3, "expected a color ('0'-'9', 'a'-'z'), found '!'");
    bad_moves("3 1 $", 5, "found '$'");
    bad_moves("\u{a0}1$", 3, "found '$'");
    bad_moves("1,\u{a0}x!", 4, "found 'x!'");
    bad_moves("é,1", 1, "found 'é'");
}

#[test]
fn detect_tells_the_formats_apart() {
    assert_eq!(format::detect(""), Format::Text);
    assert_eq!(format::detect("# only\n\n"), Format::Text);
    assert_eq!(format::detect("# c\n  k12\n"), Format::Id);
    assert_eq!(format::detect("30x20c5-s3"), Format::Id);
    assert_eq!(format::detect("10 10\n0 0\n"), Format::Puchert);
    assert_eq!(format::detect("10 10 6\n"), Format::NinetyNine);
    assert_eq!(format::detect("ref_1 30x20 29 .0"), Format::Line);
    assert_eq!(format::detect(".01\n120\n"), Format::Text);
    // Rows 9 blocks wide with no `0`: a text board, not three 3x3 dataset
    // boards; a dataset line is recognized from the field's smallest side.
    assert_eq!(
        format::detect("123412341\n234123412\n312341234\n"),
        Format::Text
    );
    let dataset_10 = "1234".repeat(25);
    assert_eq!(
        format::detect(&format!("{dataset_10}\n{dataset_10}\n")),
        Format::Dataset
    );
    assert_eq!(format::detect(&dataset_10[..81]), Format::Text);
    // A lone dataset line with a stray character is a dataset line, whose
    // reader points at it (a text board has two rows or more); two such
    // lines may be rows of a text board 100 wide, whose cells hold `0`.
    let stray = format!("{}0{}", &dataset_10[..37], &dataset_10[38..]);
    assert_eq!(format::detect(&stray), Format::Dataset);
    let e = format::parse(&stray, Format::Dataset)
        .unwrap_err()
        .to_string();
    assert!(e.contains("line 1, column 38: unexpected '0'"), "{e}");
    assert_eq!(format::detect(&format!("{stray}\n{stray}\n")), Format::Text);
}

/// Two boards of a 14x14, 6-color benchmark set (pc19-like lines).
const PC19: &str = "\
# pc19: 14x14 boards, 6 colors
# NAME ROWSxCOLS COLORS START_ROW,START_COL OPTIMUM CELLS
pc19_0001 14x14 6 0,0 19 0011404403545101333000021314401342444031115453155424020113025153150334313140023544245404515054345543302403024212454215544410523550435505335255211050210205542543255145413154313050202352445434143234
pc19_0002 14x14 6 7,7 ? 4013515010155144440302052032355534100440421250513034525340210325025222344352525454310124321523424114331335205235242454553422241131121520545144250441332534250021314013023532343554343044511013543012
";

/// Three lines of a `b10c6n3.txt` dataset file.
const B10C6: &str = "\
2423532316341221112656365623542345345123365112514524643543144152463132646235651454344464355362265635
4364236424152333553111146622335466465352553232613162144163363616245364553426243624624154521445246161
6463422161536622331423261422321425212131433546352546346333433443562413116161661551425341531626123561
";

/// A 19x19 board of the Code Golf question, colors 1 to 6.
const GOLF: [&str; 19] = [
    "2261545161321323225",
    "1453426235522655514",
    "3654366136243414365",
    "5513112441653644364",
    "6331466415465215433",
    "6642154166412145625",
    "1452124524262616331",
    "3436564163141344314",
    "1521366314112633253",
    "5431313241241411234",
    "5411516422256623442",
    "5511614532612556523",
    "5553514114255533211",
    "3525615163242211343",
    "2156134335154353132",
    "5443213353412164115",
    "2612465616234633131",
    "6153564644166353345",
    "5165122432463315321",
];

#[test]
fn detect_reads_real_looking_field_files() {
    // A benchmark set: one board per line, with its start and optimum.
    assert_eq!(format::detect(PC19), Format::Set);
    let first_line = PC19.lines().nth(2).unwrap();
    assert_eq!(format::detect(first_line), Format::Set);
    let set = format::parse(PC19, Format::Set).unwrap();
    assert_eq!(set.len(), 2);
    let cells = first_line.split_whitespace().last().unwrap();
    assert_eq!(cells.len(), 196);
    for (e, name, start, optimum) in [
        (&set[0], "pc19_0001", (0, 0), Some(19)),
        (&set[1], "pc19_0002", (7, 7), None),
    ] {
        let b = &e.board;
        assert_eq!(e.name.as_deref(), Some(name));
        assert_eq!(e.optimum, optimum);
        assert_eq!((b.width(), b.height(), b.n_colors()), (14, 14, 6));
        assert_eq!(b.start_row_col(), start);
        assert!(b.is_flood_it(), "{name}");
    }
    let got: String = set[0]
        .board
        .cells()
        .iter()
        .map(|c| c.unwrap().to_char())
        .collect();
    assert_eq!(got, cells);
    // A dataset: N x N cells a line, colors from 1.
    assert_eq!(format::detect(B10C6), Format::Dataset);
    let data = format::parse(B10C6, Format::Dataset).unwrap();
    assert_eq!(data.len(), 3);
    for (e, line) in data.iter().zip(B10C6.lines()) {
        let b = &e.board;
        assert_eq!((b.width(), b.height(), b.n_colors()), (10, 10, 6));
        assert_eq!(b.start(), 0);
        assert!(b.is_flood_it());
        let got: String = b.cells().iter().map(|c| c.unwrap().to_char()).collect();
        let want: String = line
            .chars()
            .map(|ch| char::from_digit(ch.to_digit(10).unwrap() - 1, 10).unwrap())
            .collect();
        assert_eq!(got, want);
    }
    // Code Golf: 19 rows of 19 digits, boards apart by blank lines, the
    // start at the centre.
    let one = GOLF.join("\n") + "\n";
    assert_eq!(format::detect(&one), Format::Codegolf);
    let two = format!("{one}\n{one}");
    assert_eq!(format::detect(&two), Format::Codegolf);
    let golf = format::parse(&two, Format::Codegolf).unwrap();
    assert_eq!(golf.len(), 2);
    let b = &golf[0].board;
    assert_eq!((b.width(), b.height(), b.n_colors()), (19, 19, 6));
    assert_eq!(b.start_row_col(), (9, 9));
    assert_eq!(b.cell(9, 9), Some(Color(0)));
    assert!(b.is_flood_it());
    assert_eq!(golf[1].board, *b);
    // Near misses: a '0' (our text format numbers colors from 0), or another
    // size, is no Code Golf board (other sizes are read with `--from
    // codegolf`); a set line with a bad start field reads as the line
    // format's `NAME WxH ...`; a dataset line that is not square, or has a
    // '0', is text. Colors 7 to 9 are Code Golf (we write up to 9).
    let zero = one.replacen('6', "0", 1);
    assert_eq!(format::detect(&zero), Format::Text);
    let nine = one.replacen('6', "9", 1);
    assert_eq!(format::detect(&nine), Format::Codegolf);
    let small: String = GOLF[..10]
        .iter()
        .map(|r| format!("{}\n", &r[..10]))
        .collect();
    assert_eq!(format::detect(&small), Format::Text);
    assert_eq!(
        format::parse_one(&small, Format::Codegolf)
            .unwrap()
            .board
            .start_row_col(),
        (5, 5)
    );
    assert_eq!(format::detect("pc 14x14 6 0;0 19 0011"), Format::Line);
    assert_eq!(format::detect(&B10C6[..99]), Format::Text);
    assert_eq!(format::detect(&B10C6.replacen('2', "0", 1)), Format::Text);
    // Our own formats with a Flood-It start.
    assert_eq!(format::detect("19x19c6@9,9-f7"), Format::Id);
    assert_eq!(format::detect("3x3c2@1,1:010101010\n"), Format::Id);
    assert_eq!(format::detect("f 3x3@1,1 0 010101010"), Format::Line);
    assert_eq!(
        format::detect("# start: 1,1\n010\n101\n010\n"),
        Format::Text
    );
    assert_eq!(
        format::detect("3 3\n1 1\n0 1 0\n1 0 1\n0 1 0\n"),
        Format::Puchert
    );
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

/// A random seeded board, sometimes named, sometimes with an optimum.
fn entries() -> impl Strategy<Value = BoardEntry> {
    (
        2usize..=30,
        2usize..=20,
        2usize..=16,
        any::<u64>(),
        proptest::option::of("[A-Za-z0-9_.-]{1,12}"),
        proptest::option::of(0u32..1000),
    )
        .prop_map(|(w, h, k, seed, name, optimum)| BoardEntry {
            board: Board::seeded(w, h, k, seed).unwrap(),
            name,
            optimum,
        })
}

/// A random seeded Flood-It board with a random start cell, sometimes named,
/// sometimes with an optimum (from 1: the set format's optimum 0 is covered
/// by the Color Walk entries above).
fn flood_it_entries() -> impl Strategy<Value = BoardEntry> {
    (2usize..=30, 2usize..=20, 2usize..=16)
        .prop_flat_map(|(w, h, k)| (Just((w, h, k)), 0..h, 0..w))
        .prop_flat_map(|((w, h, k), row, col)| {
            (
                Just((w, h, k, row, col)),
                any::<u64>(),
                proptest::option::of("[A-Za-z0-9_.-]{1,12}"),
                proptest::option::of(1u32..1000),
            )
        })
        .prop_map(|((w, h, k, row, col), seed, name, optimum)| BoardEntry {
            board: Board::seeded_flood_it(w, h, k, seed, (row, col)).unwrap(),
            name,
            optimum,
        })
}

/// Any board: cells written out (often leaving the top colors unused), or
/// from either generator, small enough that the top color is often unused.
fn any_board() -> impl Strategy<Value = Board> {
    let literal = (2usize..=12, 2usize..=12, 2usize..=16)
        .prop_flat_map(|(w, h, k)| {
            (
                Just((w, h, k)),
                1..=k,
                proptest::collection::vec(any::<u8>(), w * h - 1),
            )
        })
        .prop_map(|((w, h, k), used, draws)| {
            let cells = std::iter::once(None)
                .chain(draws.iter().map(|&d| Some(Color(d % used as u8))))
                .collect();
            Board::new(w, h, k, cells).unwrap()
        });
    let seeded = (2usize..=8, 2usize..=8, 2usize..=16, any::<u64>())
        .prop_map(|(w, h, k, seed)| Board::seeded(w, h, k, seed).unwrap());
    let series = (2usize..=8, 2usize..=8, 2usize..=16, 1u64..1_000_000)
        .prop_map(|(w, h, k, draw)| KoblenskiStream::at(draw).next_board(w, h, k).unwrap());
    // Flood-It boards with a random start: cells written out (often leaving
    // the top colors unused, often a start color used once), or from the
    // seeded Flood-It generator.
    let flood_literal = (2usize..=12, 2usize..=12, 2usize..=16)
        .prop_flat_map(|(w, h, k)| {
            (
                Just((w, h, k)),
                1..=k,
                proptest::collection::vec(any::<u8>(), w * h),
                0..w * h,
            )
        })
        .prop_map(|((w, h, k), used, draws, start)| {
            let cells = draws.iter().map(|&d| Some(Color(d % used as u8))).collect();
            Board::with_start(w, h, k, cells, start).unwrap()
        });
    let flood_seeded = (2usize..=8, 2usize..=8, 2usize..=16)
        .prop_flat_map(|(w, h, k)| (Just((w, h, k)), any::<u64>(), 0..h, 0..w))
        .prop_map(|((w, h, k), seed, row, col)| {
            Board::seeded_flood_it(w, h, k, seed, (row, col)).unwrap()
        });
    // Color Walk boards whose blank start block is anywhere.
    let walk_anywhere = (2usize..=12, 2usize..=12, 2usize..=16)
        .prop_flat_map(|(w, h, k)| {
            (
                Just((w, h, k)),
                1..=k,
                proptest::collection::vec(any::<u8>(), w * h),
                0..w * h,
            )
        })
        .prop_map(|((w, h, k), used, draws, start)| {
            let cells = draws
                .iter()
                .enumerate()
                .map(|(i, &d)| (i != start).then_some(Color(d % used as u8)))
                .collect();
            Board::with_start(w, h, k, cells, start).unwrap()
        });
    prop_oneof![
        literal,
        seeded,
        series,
        flood_literal,
        flood_seeded,
        walk_anywhere
    ]
}

/// Every format writes `board` and reads back the same board, its color count
/// included, with the same ID. Text, line and id keep a generated board's
/// short ID; 99 and puchert, which have nowhere to put it, give the literal
/// ID, which spells out the same board. Two exceptions: Puchert writes no
/// color count, so a Flood-It board comes back with one more than its highest
/// color used. (A Flood-It board that would come back as the Color Walk game
/// is not written: see [`read_as_color_walk`].)
fn round_trips_exactly(board: &Board) {
    let entry = BoardEntry::new(board.clone());
    // The dataset and Code Golf formats take the color count from the
    // file's highest color; they are checked by the round trips above.
    for fmt in Format::ALL
        .into_iter()
        .filter(|&f| holds(f, board) && !matches!(f, Format::Dataset | Format::Codegolf))
    {
        let text = format::write(&entry, fmt).unwrap();
        let back = format::parse_one(&text, fmt)
            .unwrap_or_else(|e| panic!("{fmt} does not read back: {e}\n{text}"));
        let expected = match fmt {
            Format::Puchert => puchert_reads(board),
            _ => board.clone(),
        };
        assert_eq!(back.board, expected, "{fmt}:\n{text}");
        assert_eq!(back.board.n_colors(), expected.n_colors(), "{fmt}:\n{text}");
        let id = match fmt {
            Format::NinetyNine | Format::Puchert => BoardId::Literal(expected),
            _ => board.id(),
        };
        assert_eq!(
            back.board.id().to_string(),
            id.to_string(),
            "{fmt}:\n{text}"
        );
    }
}

/// Everything that parses writes back and parses to the same boards. The
/// dataset and Code Golf formats take the color count from the whole file's
/// highest color, so their boards are written back together as one file.
fn parses_back(text: &str) {
    for fmt in Format::ALL {
        let Ok(entries) = format::parse(text, fmt) else {
            continue;
        };
        if matches!(fmt, Format::Dataset | Format::Codegolf) {
            let written: Vec<String> = entries
                .iter()
                .map(|e| format::write(e, fmt).unwrap())
                .collect();
            // Code Golf boards are apart by blank lines.
            let sep = if fmt == Format::Codegolf { "\n" } else { "" };
            let again = format::parse(&written.join(sep), fmt)
                .unwrap_or_else(|err| panic!("{fmt} of {text:?}: {err}"));
            assert_eq!(again, entries, "{fmt} of {text:?}");
            continue;
        }
        for e in entries {
            let again = format::parse_one(&format::write(&e, fmt).unwrap(), fmt)
                .unwrap_or_else(|err| panic!("{fmt} of {text:?}: {err}"));
            assert_eq!(again.board, e.board, "{fmt} of {text:?}");
            assert_eq!(again.optimum, e.optimum, "{fmt} of {text:?}");
        }
    }
}

/// Up to three set lines of small boards; each line is valid, or has one of
/// its six fields replaced by junk, or an extra field.
fn set_like_files() -> impl Strategy<Value = String> {
    let line = (
        (2usize..=4, 2usize..=4, 2usize..=5),
        any::<u64>(),
        proptest::option::of(1u32..40),
        0usize..14,
        "[0-9a-z?,x.-]{0,5}",
    )
        .prop_map(|((rows, cols, k), seed, optimum, broken, junk)| {
            let mut rng = SplitMix64::new(seed);
            let start = (rng.below(rows as u64), rng.below(cols as u64));
            let cells: String = (0..rows * cols)
                .map(|_| char::from_digit(rng.below(k as u64) as u32, 36).unwrap())
                .collect();
            let mut fields = vec![
                format!("b{seed:x}"),
                format!("{rows}x{cols}"),
                k.to_string(),
                format!("{},{}", start.0, start.1),
                optimum.map_or("?".to_string(), |o| o.to_string()),
                cells,
            ];
            match broken {
                0..=5 => fields[broken] = junk,
                6 => fields.push(junk),
                _ => {}
            }
            fields.join(" ")
        });
    proptest::collection::vec(line, 1..=3).prop_map(|lines| lines.join("\n"))
}

/// Up to three Code Golf boards of 2 to 5 rows and columns of digits 1-9,
/// each now and then broken: a ragged row, a bad character, or run into the
/// next board with no blank line between.
fn codegolf_like_files() -> impl Strategy<Value = String> {
    let board = (
        (2usize..=5, 2usize..=5),
        proptest::collection::vec(1u32..=9, 25),
        0usize..10,
        "[0a-z. ]",
    )
        .prop_map(|((rows, cols), digits, broken, junk)| {
            let mut lines: Vec<String> = digits
                .chunks(5)
                .take(rows)
                .map(|r| {
                    r[..cols]
                        .iter()
                        .map(|&d| char::from_digit(d, 10).unwrap())
                        .collect()
                })
                .collect();
            match broken {
                0 => {
                    lines[rows - 1].pop();
                }
                1 => lines[0].replace_range(0..1, &junk),
                _ => {}
            }
            let mut text = lines.join("\n");
            text.push('\n');
            if broken != 2 {
                text.push('\n');
            }
            text
        });
    proptest::collection::vec(board, 1..=3).prop_map(|boards| boards.concat())
}

/// Feeds `text` to every parser: each returns Ok or Err, none panics.
fn never_panics(text: &str) {
    for fmt in Format::ALL {
        let _ = format::parse(text, fmt);
        let _ = format::parse_one(text, fmt);
    }
    let _ = format::detect(text);
    let _ = text.parse::<Format>();
    if let Ok(id) = BoardId::from_str(text) {
        let _ = id.to_string();
        let _ = id.board();
    }
    if let Ok(m) = Moves::from_str(text) {
        // Colors from 16 up are not colors; the others write back exactly.
        if m.0.iter().all(|c| c.0 < 16) {
            assert_eq!(m.to_string().parse::<Moves>(), Ok(m), "{text:?}");
        }
    }
    parses_back(text);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_boards_round_trip_through_every_format(entry in entries()) {
        check_round_trips(&entry);
    }

    #[test]
    fn random_flood_it_boards_round_trip_through_every_format(entry in flood_it_entries()) {
        prop_assert!(entry.board.is_flood_it());
        check_round_trips(&entry);
    }

    #[test]
    fn every_format_round_trips_any_board_exactly(board in any_board()) {
        round_trips_exactly(&board);
    }

    #[test]
    fn random_board_ids_round_trip(
        (w, h, k) in (2usize..=100, 2usize..=100, 2usize..=16),
        seed in any::<u64>(),
        index in 1u64..1_000_000,
        draw in 1u64..(1u64 << 53) - 100 * 100,
    ) {
        let ids = [
            BoardId::Seeded { width: w, height: h, n_colors: k, seed },
            BoardId::Koblenski { width: w, height: h, n_colors: k, first_draw: (index - 1) * (w * h) as u64 + 1 },
            BoardId::Koblenski { width: w, height: h, n_colors: k, first_draw: draw },
        ];
        for id in &ids {
            let text = id.to_string();
            prop_assert_eq!(text.parse::<BoardId>(), Ok(id.clone()), "{}", text);
        }
        // A first draw at a board start is written as the board number.
        let suffix = format!("-k{index}");
        prop_assert!(ids[1].to_string().ends_with(&suffix));
        let small = Board::seeded(w.min(12), h.min(9), k, seed).unwrap();
        let literal = BoardId::Literal(small.clone());
        let text = literal.to_string();
        prop_assert_eq!(text.parse::<BoardId>(), Ok(BoardId::Literal(small.clone())));
        prop_assert_eq!(text.parse::<BoardId>().unwrap().board().unwrap(), small);
    }

    #[test]
    fn random_moves_round_trip(colors in proptest::collection::vec(0u8..16, 0..40)) {
        let moves = Moves(colors.into_iter().map(Color).collect());
        let text = moves.to_string();
        prop_assert_eq!(text.parse::<Moves>(), Ok(moves), "{:?}", text);
    }

    #[test]
    fn arbitrary_strings_never_panic(text in any::<String>()) {
        never_panics(&text);
    }

    #[test]
    fn strings_of_format_characters_never_panic(text in "[.0123456789abcdefg #:x\n@ks-]{0,300}") {
        never_panics(&text);
    }

    #[test]
    fn numeric_inputs_never_panic(text in "[0-9 \n#-]{0,120}") {
        never_panics(&text);
    }

    /// The characters of the set, dataset and Code Golf formats.
    #[test]
    fn strings_of_field_format_characters_never_panic(text in "[0-9a-z?,x #\n.-]{0,300}") {
        never_panics(&text);
    }

    /// Set files: lines that are valid now and then, with one field broken
    /// or an extra field otherwise.
    #[test]
    fn set_like_files_never_panic(text in set_like_files()) {
        never_panics(&text);
    }

    /// Code Golf files: boards of rows of digits, now and then with a ragged
    /// row, a bad character or no blank line before the next board.
    #[test]
    fn codegolf_like_files_never_panic(text in codegolf_like_files()) {
        never_panics(&text);
    }

    /// Files shaped like dataset lines and Code Golf rows: square lines of
    /// colors, rows of digits, blank lines and some junk.
    #[test]
    fn dataset_and_codegolf_like_files_never_panic(
        text in "([1-6]{4}\n|[1-6]{9}\n|[1-9a-h]{9}\n|[1-5]{16}\n|[1-9]{3}\n|[1-4]{2}\n|\n|[0-9a-z. ]{1,5}\n){0,12}"
    ) {
        never_panics(&text);
    }
}

#[test]
fn set_format_writes_a_zero_optimum_as_unknown() {
    let entry = BoardEntry {
        board: Board::seeded(2, 2, 2, 0).unwrap(),
        name: None,
        optimum: Some(0),
    };
    let text = format::write(&entry, Format::Set).unwrap();
    assert!(text.contains(" ? "), "{text}");
    let back = format::parse_one(&text, Format::Set)
        .unwrap_or_else(|e| panic!("set output does not parse back: {e}\n{text}"));
    assert_eq!(back.optimum, None);
}

#[test]
fn field_format_errors_name_rows_and_columns_and_the_cell() {
    // A set line is rows x columns, and its start error says so.
    fails(
        Format::Set,
        "pc 2x3 3 2,0 ? 012012\n",
        1,
        10,
        "start cell row 2, column 0 is outside the board of 2 rows and 3 columns (rows 0 to 1, columns 0 to 2)",
    );
}

/// A byte-order mark first (as some editors save) is skipped: the file reads
/// and is detected as without it, and an error's column counts as an editor
/// shows it.
#[test]
fn a_byte_order_mark_first_is_skipped() {
    for (plain, format) in [
        (".01\n101\n", Format::Text),
        ("30x20c5-s42\n", Format::Id),
        ("3 3\n0 0\n0 1 0\n1 0 1\n0 1 0\n", Format::Puchert),
    ] {
        let marked = format!("\u{feff}{plain}");
        assert_eq!(format::detect(&marked), format, "{plain:?}");
        let a = format::parse(plain, format).unwrap();
        let b = format::parse(&marked, format).unwrap();
        assert_eq!(a[0].board, b[0].board, "{plain:?}");
    }
    let err = format::parse("\u{feff}.0!\n101\n", Format::Text).unwrap_err();
    assert_eq!((err.line, err.col), (1, 3), "{err}");
}

/// A text file's `# id:` line must be a board ID, and the ID of the board
/// below it: each mistake is told apart, at the ID's column.
#[test]
fn a_text_id_line_that_is_no_id_or_another_boards_says_which() {
    let err = format::parse("# id: zz\n.01\n101\n", Format::Text).unwrap_err();
    assert_eq!((err.line, err.col), (1, 7), "{err}");
    assert!(
        err.to_string()
            .contains("'zz' is not a board ID: expected the width"),
        "{err}"
    );
    let err = format::parse("# id: 3x2c37-s1\n.01\n101\n", Format::Text).unwrap_err();
    assert_eq!((err.line, err.col), (1, 11), "{err}");
    assert!(err.to_string().contains("color count 37"), "{err}");
    let err = format::parse("# id: 3x2c2-s1\n.01\n101\n", Format::Text).unwrap_err();
    assert!(
        err.to_string()
            .contains("'3x2c2-s1' is not the ID of the board below it"),
        "{err}"
    );
    let board = BoardId::from_str("3x2c2-s1").unwrap().board().unwrap();
    let text = format::write(&BoardEntry::new(board.clone()), Format::Text).unwrap();
    assert_eq!(format::parse(&text, Format::Text).unwrap()[0].board, board);
    // A Flood-It ID whose start the file leaves out: the start is named.
    let board = BoardId::from_str("5x5c3@2,2-f3").unwrap().board().unwrap();
    let text = format::write(&BoardEntry::new(board), Format::Text).unwrap();
    let without: String = text
        .lines()
        .filter(|l| !l.starts_with("# start:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let err = format::parse(&without, Format::Text).unwrap_err();
    assert_eq!((err.line, err.col), (1, 7), "{err}");
    assert!(
        err.to_string().contains(
            "'5x5c3@2,2-f3' starts at row 2, column 2, the board below it at row 0, column 0: \
             add '# start: 2,2'"
        ),
        "{err}"
    );
}

#[test]
fn formats_without_a_color_count_refuse_boards_that_would_read_back_with_fewer_colors() {
    let board = |id: &str| id.parse::<cw_core::BoardId>().unwrap().board().unwrap();
    // Four colors, the last (3) on no cell; and one that shows it.
    let hidden = board("3x3c4:012012012");
    let shown = board("3x3c4:012012013");
    for fmt in [Format::Dataset, Format::Puchert] {
        let e = format::check_color_counts([&hidden], fmt).unwrap_err();
        assert!(
            e.to_string().contains("the last color, 3, is on no cell"),
            "{e}"
        );
        format::check_color_counts([&shown], fmt).unwrap();
        // Written anyway, it reads back with three colors: why it is refused.
        let text = format::write(&BoardEntry::new(hidden.clone()), fmt).unwrap();
        assert_eq!(format::parse_one(&text, fmt).unwrap().board.n_colors(), 3);
    }
    // In one file a board may hide the last color another shows; boards of
    // other color counts may not share it.
    format::check_color_counts([&hidden, &shown], Format::Dataset).unwrap();
    let five = board("3x3c5:012012014");
    let e = format::check_color_counts([&shown, &five], Format::Dataset).unwrap_err();
    assert!(
        e.to_string().contains("boards of 4 and 5 color values"),
        "{e}"
    );
    // A Color Walk board's blank is its last value: always shown.
    let walk = board("3x3c3:.01010101");
    format::check_color_counts([&walk], Format::Dataset).unwrap();
    let e = format::check_color_counts([&walk, &shown], Format::Dataset);
    assert!(
        e.is_ok(),
        "3 colors and a blank are 4 values, as 4 colors: {e:?}"
    );
    // Formats with a color count hold them all.
    for fmt in [Format::Text, Format::Line, Format::Set, Format::Id] {
        format::check_color_counts([&hidden, &five], fmt).unwrap();
    }
}

#[test]
fn text_directives_are_read_in_any_case_and_a_near_miss_is_refused() {
    // A directive before the first row makes the file text, even where the
    // row could be read as a board ID.
    for text in ["# colors: 36\ns0\n00\n", "# start: 1,1\nk1\n11\n"] {
        assert_eq!(format::detect(text), Format::Text, "{text}");
        assert!(
            format::parse_one(text, format::detect(text)).is_ok(),
            "{text}"
        );
    }
    // Any case, and the singular.
    for text in ["# Start: 1,1\n001\n011\n", "# START: 1,1\n001\n011\n"] {
        let board = format::parse_one(text, format::detect(text)).unwrap().board;
        assert_eq!(board.start_row_col(), (1, 1), "{text}");
    }
    let board = format::parse_one("# Colour: 5\n.01\n012\n", Format::Text)
        .unwrap()
        .board;
    assert_eq!(board.n_colors(), 5);
    // A slip from a directive is refused, where it stands.
    for (text, meant) in [
        ("# strat: 1,1\n001\n011\n", "start"),
        ("# colrs: 5\n.01\n012\n", "colors"),
        ("# optmium: 3\n.01\n012\n", "optimum"),
        ("# nmae: x\n.01\n012\n", "name"),
    ] {
        let e = format::parse_one(text, Format::Text).unwrap_err();
        assert_eq!((e.line, e.col), (1, 3), "{text}");
        assert!(
            e.message.contains(&format!("did you mean '# {meant}:'")),
            "{}",
            e.message
        );
    }
    // Other comments, colons and all, stay comments, near words too.
    let text = "# note: hard\n# stats: x\n# seen at: home\n# game: 3\n# names: a b\n\
                # stat: 1\n# stars: 2\n001\n011\n";
    assert!(format::parse_one(text, Format::Text).is_ok());
    // A `# name:` or `# id:` heading a file of IDs leaves it a file of IDs.
    let ids = "# Name: my two boards\n30x20c5-s1\n30x20c5-s2\n";
    assert_eq!(format::detect(ids), Format::Id);
    assert_eq!(format::parse(ids, Format::Id).unwrap().len(), 2);
}
