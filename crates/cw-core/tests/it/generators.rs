//! The generators: the series' golden vectors, and pinned seeded boards of
//! both rule sets (Color Walk `-s`, Flood-It `-f`).

use cw_core::{Board, BoardId, Color, KoblenskiStream, SplitMix64, format};
use proptest::prelude::*;

#[test]
fn koblenski_first_draws_match_the_series() {
    let mut s = KoblenskiStream::new();
    for expected in [
        0.709848078965,
        0.974268256818,
        0.200080598672,
        0.975046920718,
        0.757253368616,
    ] {
        let got = s.random();
        assert!((got - expected).abs() < 1e-11, "{got} vs {expected}");
    }
}

fn row(board: &Board, y: usize) -> String {
    (0..board.width())
        .map(|x| board.cell(x, y).map_or('.', |c| c.to_char()))
        .collect()
}

#[test]
fn koblenski_board_one_matches_the_golden_rows_and_counts() {
    let b = Board::koblenski(30, 20, 5, 1).unwrap();
    // Spec §1.6 shows cell 0's discarded draw (3); here it is blank.
    assert_eq!(row(&b, 0), ".41434420301304400322231223033");
    assert_eq!(row(&b, 1), "310401334033100432211110223314");
    assert_eq!(b.color_counts(), vec![139, 114, 119, 113, 114]);
    assert_eq!(b.id().to_string(), "30x20c5-k1");
}

#[test]
fn koblenski_boards_follow_each_other_in_the_stream() {
    let mut stream = KoblenskiStream::new();
    for k in 1..=3 {
        let from_stream = stream.next_board(30, 20, 5).unwrap();
        let by_index = Board::koblenski(30, 20, 5, k).unwrap();
        assert_eq!(from_stream, by_index);
        assert_eq!(from_stream.id().to_string(), format!("30x20c5-k{k}"));
    }
    // A board drawn after other draws gets an '@' ID that rebuilds it.
    let mut shifted = KoblenskiStream::at(601 + 7);
    let b = shifted.next_board(30, 20, 5).unwrap();
    let id = b.id().to_string();
    assert_eq!(id, "30x20c5-k@608");
    assert_eq!(id.parse::<BoardId>().unwrap().board().unwrap(), b);
}

/// Seeded boards are part of the project's contract: these must never change.
#[test]
fn seeded_boards_are_pinned() {
    let pinned = [
        ("5x4c3-s0", PIN_S0),
        ("5x4c3-s42", PIN_S42),
        ("8x3c6-s18446744073709551615", PIN_SMAX),
    ];
    for (id, cells) in pinned {
        let b = id.parse::<BoardId>().unwrap().board().unwrap();
        let text: String = format::write(&format::BoardEntry::new(b.clone()), format::Format::Text)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("/");
        assert_eq!(text, cells, "{id}");
        assert_eq!(b.id().to_string(), id);
    }
    let b = Board::seeded(30, 20, 5, 1).unwrap();
    let checksum = b
        .cells()
        .iter()
        .flatten()
        .fold(0u64, |h, c| h.wrapping_mul(31).wrapping_add(c.0 as u64 + 1));
    assert_eq!(checksum, PIN_30X20_S1_CHECKSUM);
}

const PIN_S0: &str = ".2102/00020/21211/21120";
const PIN_S42: &str = ".2001/02021/10111/10010";
const PIN_SMAX: &str = ".5512445/14004051/42102242";
const PIN_30X20_S1_CHECKSUM: u64 = 12210941063322369592;

/// Seeded Flood-It boards are part of the contract too: these must never
/// change. Small ones are pinned as their whole literal IDs.
#[test]
fn seeded_flood_it_boards_are_pinned() {
    let pinned = [
        ("4x3c3-f0", "4x3c3:210200020212"),
        ("5x5c4@2,2-f7", "5x5c4@2,2:1032101101033332312320113"),
        (
            "6x2c16@1,5-f18446744073709551615",
            "6x2c16@1,5:ee36bdf4c00c",
        ),
    ];
    for (id, literal) in pinned {
        let b = id.parse::<BoardId>().unwrap().board().unwrap();
        assert!(b.is_flood_it(), "{id}");
        assert_eq!(BoardId::Literal(b.clone()).to_string(), literal, "{id}");
        assert_eq!(b.id().to_string(), id);
        // The literal ID spells out the same board, start cell included.
        assert_eq!(literal.parse::<BoardId>().unwrap().board().unwrap(), b);
    }
    // Larger ones: the first row, the color counts and a checksum.
    let b = "19x19c6@9,9-f1"
        .parse::<BoardId>()
        .unwrap()
        .board()
        .unwrap();
    assert_eq!(b.start_row_col(), (9, 9));
    assert_eq!(row(&b, 0), "3452245314232321344");
    assert_eq!(b.color_counts(), vec![68, 54, 71, 52, 60, 56]);
    assert_eq!(checksum(&b), 1673311737079771043);
    let b = Board::seeded_flood_it(30, 20, 5, 1, (0, 0)).unwrap();
    assert_eq!(b.id().to_string(), "30x20c5-f1");
    assert_eq!(row(&b, 0), "234223421323222034340020102304");
    assert_eq!(b.color_counts(), vec![127, 117, 130, 118, 108]);
    assert_eq!(checksum(&b), 9604291488802425037);
}

fn checksum(board: &Board) -> u64 {
    board
        .cells()
        .iter()
        .flatten()
        .fold(0u64, |h, c| h.wrapping_mul(31).wrapping_add(c.0 as u64 + 1))
}

/// `-fN` is the stream of `-sN` with the top-left block drawn too: block `i`
/// of the Flood-It board is block `i + 1` of the Color Walk one, and every
/// block is one `SplitMix64::below(k)` draw; the start cell changes nothing
/// but the start.
#[test]
fn flood_it_generator_draws_every_block_from_the_seeded_stream() {
    for (w, h, k, seed) in [
        (5, 4, 3, 0),
        (8, 3, 6, 42),
        (30, 20, 5, 1),
        (7, 7, 16, u64::MAX),
    ] {
        let f = Board::seeded_flood_it(w, h, k, seed, (0, 0)).unwrap();
        let s = Board::seeded(w, h, k, seed).unwrap();
        assert_eq!(
            &f.cells()[..w * h - 1],
            &s.cells()[1..],
            "{w}x{h}c{k} seed {seed}"
        );
        let mut rng = SplitMix64::new(seed);
        let drawn: Vec<Option<Color>> = (0..w * h)
            .map(|_| Some(Color(rng.below(k as u64) as u8)))
            .collect();
        assert_eq!(f.cells(), &drawn[..]);
        for start in [(h - 1, w - 1), (h / 2, w / 2), (0, w - 1)] {
            let moved = Board::seeded_flood_it(w, h, k, seed, start).unwrap();
            assert_eq!(moved.cells(), f.cells());
            assert_eq!(moved.start_row_col(), start);
            assert_eq!(moved.start(), start.0 * w + start.1);
        }
    }
    // The start cell must be on the board.
    assert!(Board::seeded_flood_it(5, 4, 3, 0, (4, 0)).is_err());
    assert!(Board::seeded_flood_it(5, 4, 3, 0, (0, 5)).is_err());
}

#[test]
fn flood_it_ids_round_trip() {
    let cases = [
        ((3, 3, 2, 1, (0, 0)), "3x3c2-f1"),
        ((19, 19, 6, 7, (9, 9)), "19x19c6@9,9-f7"),
        ((14, 14, 6, 0, (13, 0)), "14x14c6@13,0-f0"),
        (
            (2, 100, 16, u64::MAX, (99, 1)),
            "2x100c16@99,1-f18446744073709551615",
        ),
    ];
    for ((w, h, k, seed, start), text) in cases {
        let board = Board::seeded_flood_it(w, h, k, seed, start).unwrap();
        let id = board.id();
        assert_eq!(id.to_string(), text);
        assert_eq!(
            id,
            BoardId::SeededFloodIt {
                width: w,
                height: h,
                n_colors: k,
                seed,
                start
            }
        );
        let parsed: BoardId = text.parse().unwrap();
        assert_eq!(parsed, id, "{text}");
        assert_eq!(parsed.board().unwrap(), board, "{text}");
        assert_eq!(parsed.board().unwrap().id().to_string(), text);
    }
    // `@0,0` is the default start and is left out when written.
    let explicit: BoardId = "3x3c2@0,0-f1".parse().unwrap();
    assert_eq!(explicit.to_string(), "3x3c2-f1");
    assert_eq!(explicit, "3x3c2-f1".parse().unwrap());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_flood_it_ids_round_trip_and_rebuild_the_board(
        (w, h, row, col) in (2usize..=100, 2usize..=100)
            .prop_flat_map(|(w, h)| (Just(w), Just(h), 0..h, 0..w)),
        k in 2usize..=16,
        seed in any::<u64>(),
    ) {
        let text = if (row, col) == (0, 0) {
            format!("{w}x{h}c{k}-f{seed}")
        } else {
            format!("{w}x{h}c{k}@{row},{col}-f{seed}")
        };
        let id: BoardId = text.parse().unwrap();
        prop_assert_eq!(id.to_string(), text.clone());
        let board = id.board().unwrap();
        prop_assert_eq!(&board, &Board::seeded_flood_it(w, h, k, seed, (row, col)).unwrap());
        prop_assert!(board.is_flood_it());
        prop_assert_eq!(board.start_row_col(), (row, col));
        prop_assert_eq!((board.width(), board.height(), board.n_colors()), (w, h, k));
        prop_assert_eq!(board.id(), id);
        prop_assert_eq!(board.id().to_string(), text);
        // Its literal ID spells out the same board and start.
        let literal = BoardId::Literal(board.clone()).to_string();
        let back = literal.parse::<BoardId>().unwrap().board().unwrap();
        prop_assert_eq!(&back, &board, "{}", literal);
        prop_assert_eq!(back.start_row_col(), (row, col));
    }
}
