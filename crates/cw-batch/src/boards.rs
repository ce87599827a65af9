//! The boards of a batch, as data: a generator with a range of numbers or
//! seeds, or a file's entries.

use cw_core::format::BoardEntry;
use cw_core::{BoardError, BoardId, KoblenskiStream};

/// The boards of a batch.
#[derive(Clone, Debug)]
pub enum BoardSet {
    /// Boards `first..first+count` of the series' sine-generator run.
    Koblenski {
        /// The first board number (1 is the run's first).
        first: u64,
        /// How many boards.
        count: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        colors: usize,
    },
    /// Seeded boards with seeds `first..first+count`.
    Seeds {
        /// The first seed.
        first: u64,
        /// How many boards.
        count: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        colors: usize,
    },
    /// Seeded Flood-It boards (`Board::seeded_flood_it`) with seeds
    /// `first..first+count`, all starting at one cell.
    FloodItSeeds {
        /// The first seed.
        first: u64,
        /// How many boards.
        count: u64,
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
        /// Colors.
        colors: usize,
        /// The start cell (row, column), from 0.
        start: (usize, usize),
    },
    /// Boards from a file.
    Entries {
        /// Where they came from (e.g. the file name).
        label: String,
        /// The boards.
        entries: Vec<BoardEntry>,
    },
}

impl BoardSet {
    /// The series' own run: its first 100 boards of 30×20 with 5 colors.
    pub fn series() -> BoardSet {
        BoardSet::Koblenski {
            first: 1,
            count: 100,
            width: 30,
            height: 20,
            colors: 5,
        }
    }

    /// A short text naming the set, stored with runs.
    pub fn label(&self) -> String {
        match self {
            BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            } => format!(
                "koblenski:{width}x{height}c{colors}:{first}..{}",
                first.saturating_add(*count)
            ),
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            } => format!(
                "seeds:{width}x{height}c{colors}:{}",
                seed_range(*first, *count)
            ),
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start: (row, col),
            } => format!(
                "floodit-seeds:{width}x{height}c{colors}@{row},{col}:{}",
                seed_range(*first, *count)
            ),
            BoardSet::Entries { label, .. } => format!("file:{label}"),
        }
    }

    /// How many boards the set has.
    pub fn len(&self) -> u64 {
        match self {
            BoardSet::Koblenski { count, .. }
            | BoardSet::Seeds { count, .. }
            | BoardSet::FloodItSeeds { count, .. } => *count,
            BoardSet::Entries { entries, .. } => entries.len() as u64,
        }
    }

    /// Whether the set has no boards.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The set in words, with an inclusive range, for people: "the series'
    /// boards 1–3 (30×20, 5 colors)", "seeded boards, seeds 5–9 (…)",
    /// "12 boards from FILE". ([`label`](Self::label) names it for the store.)
    pub fn description(&self) -> String {
        let range = |first: u64, count: u64| match count {
            1 => first.to_string(),
            _ => format!("{first}–{}", first.saturating_add(count.saturating_sub(1))),
        };
        let many = self.len() != 1;
        match self {
            BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            } => {
                let what = if many { "boards" } else { "board" };
                format!(
                    "the series' {what} {} ({width}×{height}, {colors} colors)",
                    range(*first, *count)
                )
            }
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            } => {
                let what = if many {
                    "seeded boards, seeds"
                } else {
                    "a seeded board, seed"
                };
                format!(
                    "{what} {} ({width}×{height}, {colors} colors)",
                    range(*first, *count)
                )
            }
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start: (row, col),
            } => {
                let what = if many {
                    "seeded Flood-It boards, seeds"
                } else {
                    "a seeded Flood-It board, seed"
                };
                format!(
                    "{what} {} ({width}×{height}, {colors} colors, start row {row}, column {col})",
                    range(*first, *count)
                )
            }
            BoardSet::Entries { label, entries } if entries.len() == 1 => {
                format!("1 board from {label}")
            }
            BoardSet::Entries { label, entries } => {
                format!("{} boards from {label}", entries.len())
            }
        }
    }

    /// The first board of the set (`None` for an empty set), without
    /// making the others.
    pub fn first(&self) -> Result<Option<BoardEntry>, BoardError> {
        self.nth(0)
    }

    /// The board at `position` (from 0; `None` past the end), without
    /// making the others.
    pub fn nth(&self, position: u64) -> Result<Option<BoardEntry>, BoardError> {
        if position >= self.len() {
            return Ok(None);
        }
        self.board_at(position).map(Some)
    }

    /// The generated set a [`label`](Self::label) names, back from its text
    /// (`None` for a file's label, or text that is no label): what lets a
    /// merge name a board no shard played.
    pub fn from_label(label: &str) -> Option<BoardSet> {
        let (kind, rest) = label.split_once(':')?;
        let (shape, range) = rest.rsplit_once(':')?;
        let (first, end) = range.split_once("..")?;
        let first: u64 = first.parse().ok()?;
        let count = end.parse::<u64>().ok()?.checked_sub(first)?;
        let (shape, start) = match shape.split_once('@') {
            Some((shape, start)) => {
                let (r, c) = start.split_once(',')?;
                (shape, Some((r.parse().ok()?, c.parse().ok()?)))
            }
            None => (shape, None),
        };
        let (width, rest) = shape.split_once('x')?;
        let (height, colors) = rest.split_once('c')?;
        let (width, height, colors) = (
            width.parse().ok()?,
            height.parse().ok()?,
            colors.parse().ok()?,
        );
        let set = match (kind, start) {
            ("koblenski", None) => BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            },
            ("seeds", None) => BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            },
            ("floodit-seeds", Some(start)) => BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start,
            },
            _ => return None,
        };
        (set.label() == label).then_some(set)
    }

    /// The boards, in order, with their known optimum if any: all of them
    /// at once (a batch makes each board when its game starts instead, see
    /// [`board_at`](Self::board_at)).
    pub fn entries(&self) -> Result<Vec<BoardEntry>, BoardError> {
        (0..self.len()).map(|i| self.board_at(i)).collect()
    }

    /// The board at `position` (from 0, below [`len`](Self::len)), made
    /// from its ID, or a copy of the file's entry.
    pub fn board_at(&self, position: u64) -> Result<BoardEntry, BoardError> {
        match self.generated_id(position) {
            Some(id) => Ok(BoardEntry::new(id.board()?)),
            None => Ok(self.entry(position).clone()),
        }
    }

    /// The ID of the board at `position` (from 0, below
    /// [`len`](Self::len)) as the board itself gives it, without making a
    /// generated board.
    pub fn id_at(&self, position: u64) -> String {
        match self.generated_id(position) {
            Some(id) => id.to_string(),
            None => self.entry(position).board.id().to_string(),
        }
    }

    /// The ID of a generated set's board at `position` (`None` for a
    /// file's entries): what its generator makes, and the board's own ID.
    fn generated_id(&self, position: u64) -> Option<BoardId> {
        let n = |first: u64| first.wrapping_add(position);
        Some(match *self {
            BoardSet::Koblenski {
                first,
                width,
                height,
                colors,
                ..
            } => BoardId::Koblenski {
                width,
                height,
                n_colors: colors,
                // Where `Board::koblenski` starts board `n`.
                first_draw: KoblenskiStream::at_board(width, height, n(first)).seed(),
            },
            BoardSet::Seeds {
                first,
                width,
                height,
                colors,
                ..
            } => BoardId::Seeded {
                width,
                height,
                n_colors: colors,
                seed: n(first),
            },
            BoardSet::FloodItSeeds {
                first,
                width,
                height,
                colors,
                start,
                ..
            } => BoardId::SeededFloodIt {
                width,
                height,
                n_colors: colors,
                seed: n(first),
                start,
            },
            BoardSet::Entries { .. } => return None,
        })
    }

    /// A file's entry at `position` (callers keep it below the length).
    fn entry(&self, position: u64) -> &BoardEntry {
        let entries = match self {
            BoardSet::Entries { entries, .. } => entries,
            _ => unreachable!("only a file's set has entries"),
        };
        usize::try_from(position)
            .ok()
            .and_then(|p| entries.get(p))
            .expect("a position below the set's length")
    }

    /// Checks that every board of the set can be made, by making the first
    /// and the last: a generator refuses a bad shape whatever the board
    /// (and makes every board of a good one). A range past the series' last
    /// board is the plan's check to refuse (`plan::check`), not this one's.
    pub fn check_boards(&self) -> Result<(), BoardError> {
        if let Some(last) = self.len().checked_sub(1) {
            self.board_at(0)?;
            self.board_at(last)?;
        }
        Ok(())
    }

    /// The boards a file lists with a known optimum (none for a generated
    /// set).
    pub fn listed_optima(&self) -> &[BoardEntry] {
        match self {
            BoardSet::Entries { entries, .. } => entries,
            _ => &[],
        }
    }
}

/// Seeds `first..first+count` in a label: `FIRST..END`, or `FIRST..=LAST`
/// when the range ends at the last seed, 2^64 − 1 (its end is no number).
fn seed_range(first: u64, count: u64) -> String {
    match first.checked_add(count) {
        Some(end) => format!("{first}..{end}"),
        None => format!("{first}..={}", first.wrapping_add(count.wrapping_sub(1))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cw_core::Board;

    #[test]
    fn ids_without_the_boards_are_the_boards_ids() {
        for set in [
            BoardSet::Seeds {
                first: 7,
                count: 50,
                width: 6,
                height: 5,
                colors: 3,
            },
            BoardSet::FloodItSeeds {
                first: u64::MAX - 20,
                count: 21,
                width: 4,
                height: 7,
                colors: 5,
                start: (3, 2),
            },
            BoardSet::Koblenski {
                first: 1,
                count: 30,
                width: 30,
                height: 20,
                colors: 5,
            },
            BoardSet::Koblenski {
                first: 900,
                count: 5,
                width: 10,
                height: 10,
                colors: 6,
            },
        ] {
            // Each board as its generator makes it.
            let by_generator = |i: u64| match set {
                BoardSet::Seeds {
                    first,
                    width,
                    height,
                    colors,
                    ..
                } => Board::seeded(width, height, colors, first.wrapping_add(i)),
                BoardSet::FloodItSeeds {
                    first,
                    width,
                    height,
                    colors,
                    start,
                    ..
                } => Board::seeded_flood_it(width, height, colors, first.wrapping_add(i), start),
                BoardSet::Koblenski {
                    first,
                    width,
                    height,
                    colors,
                    ..
                } => Board::koblenski(width, height, colors, first + i),
                BoardSet::Entries { .. } => unreachable!(),
            };
            let made = set.entries().unwrap();
            assert_eq!(made.len() as u64, set.len());
            for (i, entry) in (0..).zip(&made) {
                let board = by_generator(i).unwrap();
                assert_eq!(entry.board, board);
                assert_eq!(set.id_at(i), board.id().to_string());
            }
            set.check_boards().unwrap();
        }
        let no_shape = BoardSet::Seeds {
            first: 1,
            count: 10,
            width: 0,
            height: 20,
            colors: 5,
        };
        assert!(no_shape.check_boards().is_err());
    }
}
