//! The boards of a batch, as data: a generator with a range of numbers or
//! seeds, or a file's entries.

use cw_core::format::BoardEntry;
use cw_core::{Board, BoardError};
use std::sync::atomic::{AtomicBool, Ordering};

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
        if let BoardSet::Entries { entries, .. } = self {
            return Ok(usize::try_from(position)
                .ok()
                .and_then(|p| entries.get(p))
                .cloned());
        }
        if position >= self.len() {
            return Ok(None);
        }
        let mut one = self.clone();
        if let BoardSet::Koblenski { first, count, .. }
        | BoardSet::Seeds { first, count, .. }
        | BoardSet::FloodItSeeds { first, count, .. } = &mut one
        {
            *first = first.wrapping_add(position);
            *count = 1;
        }
        Ok(one.entries()?.pop())
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

    /// The boards, in order, with their known optimum if any.
    pub fn entries(&self) -> Result<Vec<BoardEntry>, BoardError> {
        Ok(self.entries_until(&|| false)?.unwrap_or_default())
    }

    /// The boards as [`entries`](Self::entries) makes them, but `None` as
    /// soon as `cancel` is set: a generated set of a million boards takes
    /// minutes to make (the series' sine generator is slow for high board
    /// numbers), and a cancelled run must not wait for it.
    pub fn entries_unless_cancelled(
        &self,
        cancel: Option<&AtomicBool>,
    ) -> Result<Option<Vec<BoardEntry>>, BoardError> {
        self.entries_until(&|| cancel.is_some_and(|c| c.load(Ordering::Relaxed)))
    }

    /// The boards, in order, or `None` once `stop` says so (asked between
    /// boards).
    fn entries_until(
        &self,
        stop: &dyn Fn() -> bool,
    ) -> Result<Option<Vec<BoardEntry>>, BoardError> {
        let make = |first: u64, count: u64, board: &dyn Fn(u64) -> Result<Board, BoardError>| {
            let mut entries = Vec::with_capacity(usize::try_from(count).unwrap_or(0).min(1 << 20));
            for i in 0..count {
                if i % 64 == 0 && stop() {
                    return Ok(None);
                }
                entries.push(BoardEntry::new(board(first.wrapping_add(i))?));
            }
            Ok(Some(entries))
        };
        match self {
            // The series' boards end at its last one: a range past it is
            // refused when that board is made.
            BoardSet::Koblenski {
                first,
                count,
                width,
                height,
                colors,
            } => make(*first, (*count).min(u64::MAX - first), &|n| {
                Board::koblenski(*width, *height, *colors, n)
            }),
            BoardSet::Seeds {
                first,
                count,
                width,
                height,
                colors,
            } => make(*first, *count, &|seed| {
                Board::seeded(*width, *height, *colors, seed)
            }),
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start,
            } => make(*first, *count, &|seed| {
                Board::seeded_flood_it(*width, *height, *colors, seed, *start)
            }),
            BoardSet::Entries { entries, .. } => Ok(Some(entries.clone())),
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

    #[test]
    fn making_a_set_stops_once_cancelled_and_makes_the_same_boards_otherwise() {
        let set = BoardSet::Seeds {
            first: 7,
            count: 200,
            width: 6,
            height: 5,
            colors: 3,
        };
        let cancel = AtomicBool::new(true);
        assert!(
            set.entries_unless_cancelled(Some(&cancel))
                .unwrap()
                .is_none()
        );
        cancel.store(false, Ordering::Relaxed);
        let made = set
            .entries_unless_cancelled(Some(&cancel))
            .unwrap()
            .unwrap();
        let ids = |entries: &[BoardEntry]| -> Vec<String> {
            entries.iter().map(|e| e.board.id().to_string()).collect()
        };
        assert_eq!(ids(&made), ids(&set.entries().unwrap()));
        assert_eq!(made.len(), 200);
        assert_eq!(made[0].board.id().to_string(), "6x5c3-s7");
    }
}
