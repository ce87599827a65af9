//! `Board`: the blocks of one game before any move.

use crate::{BoardId, Color};
use thiserror::Error;

/// The smallest width or height a board may have.
pub const MIN_SIDE: usize = 2;
/// The largest width or height a board may have.
pub const MAX_SIDE: usize = 100;
/// The fewest colors a board may have.
pub const MIN_COLORS: usize = 2;
/// The most colors a board may have.
pub const MAX_COLORS: usize = 16;

/// A Color Walk board: `width × height` blocks, row-major from the top-left,
/// where block 0 is blank and every other block has one of `n_colors` colors.
///
/// A board remembers how it was made (generator and seed, or literal cells),
/// so [`Board::id`] gives the short ID that rebuilds it.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    n_colors: usize,
    cells: Box<[Option<Color>]>,
    origin: Origin,
}

/// How a board was made; decides the form of its ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Drawn from the series' sine stream, its first draw at this seed.
    KoblenskiDraw(u64),
    /// The seeded generator with this seed.
    Seeded(u64),
    /// Given cell by cell (a file, a paste).
    Literal,
}

/// Why a set of cells is not a valid board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BoardError {
    /// Width or height outside `MIN_SIDE..=MAX_SIDE`.
    #[error(
        "board size {width}x{height} is out of range: width and height must be {MIN_SIDE} to {MAX_SIDE}"
    )]
    SizeOutOfRange {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// Color count outside `MIN_COLORS..=MAX_COLORS`.
    #[error("{0} colors is out of range: a board has {MIN_COLORS} to {MAX_COLORS} colors")]
    ColorsOutOfRange(usize),
    /// The number of cells is not `width × height`.
    #[error("expected {expected} blocks, found {found}")]
    WrongCellCount {
        /// `width × height`.
        expected: usize,
        /// The number given.
        found: usize,
    },
    /// The top-left block has a color.
    #[error("the top-left block must be blank")]
    NoBlank,
    /// A block other than the top-left one is blank.
    #[error(
        "block {index} (row {row}, column {col}) is blank; only the top-left block may be blank"
    )]
    BlankElsewhere {
        /// The block's index.
        index: usize,
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        col: usize,
    },
    /// A block's color is not below the color count.
    #[error("block {index} has color {color}, but the board has only {n_colors} colors")]
    ColorOutOfRange {
        /// The block's index.
        index: usize,
        /// Its color.
        color: u8,
        /// The board's color count.
        n_colors: usize,
    },
}

impl Board {
    /// Checks and builds a board from its cells (row-major, `None` = blank).
    pub fn new(
        width: usize,
        height: usize,
        n_colors: usize,
        cells: Vec<Option<Color>>,
    ) -> Result<Board, BoardError> {
        Self::check_shape(width, height, n_colors)?;
        if cells.len() != width * height {
            return Err(BoardError::WrongCellCount {
                expected: width * height,
                found: cells.len(),
            });
        }
        if cells[0].is_some() {
            return Err(BoardError::NoBlank);
        }
        for (index, cell) in cells.iter().enumerate().skip(1) {
            match cell {
                None => {
                    return Err(BoardError::BlankElsewhere {
                        index,
                        row: index / width,
                        col: index % width,
                    });
                }
                Some(c) if c.index() >= n_colors => {
                    return Err(BoardError::ColorOutOfRange {
                        index,
                        color: c.0,
                        n_colors,
                    });
                }
                Some(_) => {}
            }
        }
        Ok(Board {
            width,
            height,
            n_colors,
            cells: cells.into_boxed_slice(),
            origin: Origin::Literal,
        })
    }

    /// Checks a size and color count against the engine's ranges.
    pub fn check_shape(width: usize, height: usize, n_colors: usize) -> Result<(), BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(BoardError::SizeOutOfRange { width, height });
        }
        if !(MIN_COLORS..=MAX_COLORS).contains(&n_colors) {
            return Err(BoardError::ColorsOutOfRange(n_colors));
        }
        Ok(())
    }

    pub(crate) fn with_origin(mut self, origin: Origin) -> Board {
        self.origin = origin;
        self
    }

    pub(crate) fn origin(&self) -> Origin {
        self.origin
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.width
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.height
    }

    /// Number of playable colors.
    #[inline]
    pub fn n_colors(&self) -> usize {
        self.n_colors
    }

    /// Number of blocks, the blank one included.
    #[inline]
    pub fn n_blocks(&self) -> usize {
        self.cells.len()
    }

    /// The blocks row-major from the top-left; `None` is the blank block.
    #[inline]
    pub fn cells(&self) -> &[Option<Color>] {
        &self.cells
    }

    /// The block at column `x`, row `y`.
    #[inline]
    pub fn cell(&self, x: usize, y: usize) -> Option<Color> {
        self.cells[y * self.width + x]
    }

    /// The ID that rebuilds this board (see [`BoardId`]).
    pub fn id(&self) -> BoardId {
        BoardId::of(self)
    }

    /// The 4-neighbors of block `i` (no diagonals, no wrap).
    pub fn neighbors(&self, i: usize) -> impl Iterator<Item = usize> {
        let (w, n) = (self.width, self.cells.len());
        let x = i % w;
        let left = (x > 0).then(|| i - 1);
        let right = (x + 1 < w).then_some(i + 1);
        let up = (i >= w).then(|| i - w);
        let down = (i + w < n).then_some(i + w);
        [left, right, up, down].into_iter().flatten()
    }

    /// How many blocks have each color.
    pub fn color_counts(&self) -> Vec<usize> {
        let mut counts = vec![0; self.n_colors];
        for c in self.cells.iter().flatten() {
            counts[c.index()] += 1;
        }
        counts
    }
}

/// Boards are equal when their blocks are; how they were made does not matter.
impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.width == other.width && self.n_colors == other.n_colors && self.cells == other.cells
    }
}

impl Eq for Board {}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(s: &str) -> Vec<Option<Color>> {
        s.chars().map(Color::from_char).collect()
    }

    #[test]
    fn rejects_bad_shapes_and_cells() {
        assert_eq!(
            Board::new(1, 5, 3, cells(".1234")),
            Err(BoardError::SizeOutOfRange {
                width: 1,
                height: 5
            })
        );
        assert_eq!(
            Board::new(2, 2, 17, cells(".101")),
            Err(BoardError::ColorsOutOfRange(17))
        );
        assert_eq!(
            Board::new(2, 2, 2, cells(".10")),
            Err(BoardError::WrongCellCount {
                expected: 4,
                found: 3
            })
        );
        assert_eq!(Board::new(2, 2, 2, cells("0101")), Err(BoardError::NoBlank));
        assert!(matches!(
            Board::new(2, 2, 2, cells(".1.1")),
            Err(BoardError::BlankElsewhere {
                index: 2,
                row: 1,
                col: 0
            })
        ));
        assert!(matches!(
            Board::new(2, 2, 2, cells(".121")),
            Err(BoardError::ColorOutOfRange {
                index: 2,
                color: 2,
                ..
            })
        ));
    }

    #[test]
    fn neighbors_are_four_way_without_wrap() {
        let b = Board::new(3, 2, 2, cells(".01010")).unwrap();
        let n = |i| b.neighbors(i).collect::<Vec<_>>();
        assert_eq!(n(0), vec![1, 3]);
        assert_eq!(n(2), vec![1, 5]);
        assert_eq!(n(4), vec![3, 5, 1]);
    }
}
