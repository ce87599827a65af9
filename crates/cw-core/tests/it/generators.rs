//! The two generators: the series' golden vectors, and pinned seeded boards.

use cw_core::{Board, BoardId, KoblenskiStream, format};

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
