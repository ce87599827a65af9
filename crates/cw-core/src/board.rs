//! `Board`: the blocks of one game before any move.

use crate::{BoardId, Color};
use thiserror::Error;

/// The smallest width or height a board may have.
pub const MIN_SIDE: usize = 2;
/// The largest width or height a board may have.
pub const MAX_SIDE: usize = 100;
/// The fewest colors a board may have.
pub const MIN_COLORS: usize = 2;
/// The most colors a board may have: 36, the `0`-`9`, `a`-`z` of the
/// field's formats (the b10c35 benchmark set has 35).
pub const MAX_COLORS: usize = 36;

/// A board: `width × height` blocks, row-major from the top-left, each of one
/// of `n_colors` colors, and a **start cell** whose same-color group is the
/// region flooded before any move.
///
/// Two rule sets share this one model:
/// - **Color Walk**: the start cell is blank (`None`), a color of its own
///   that appears nowhere else and is never offered as a move. The series'
///   boards start at the top-left block.
/// - **Flood-It**: the start cell has a color like every other block, and the
///   region flooded at the start is its whole group. The region takes the
///   color of each move; playing its own color removes nothing.
///
/// In both, a move absorbs every group of its color touching the region, so
/// one engine plays both; only the drawing differs.
///
/// A board remembers how it was made (generator and seed, or literal cells),
/// so [`Board::id`] gives the short ID that rebuilds it.
#[derive(Clone, Debug)]
pub struct Board {
    width: usize,
    height: usize,
    n_colors: usize,
    cells: Box<[Option<Color>]>,
    start: usize,
    origin: Origin,
}

/// How a board was made; decides the form of its ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// Drawn from the series' sine stream, its first draw at this seed.
    KoblenskiDraw(u64),
    /// The seeded generator with this seed.
    Seeded(u64),
    /// The seeded Flood-It generator with this seed (every block drawn).
    SeededFloodIt(u64),
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
    #[error("color count {0} is out of range: a board has {MIN_COLORS} to {MAX_COLORS} colors")]
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
    /// A block other than the start cell is blank.
    #[error("block {index} (row {row}, column {col}) is blank; only the start block may be blank")]
    BlankElsewhere {
        /// The block's index.
        index: usize,
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        col: usize,
    },
    /// The start cell is not on the board.
    #[error(
        "start cell row {row}, column {col} is outside the {width}x{height} board \
         (rows 0 to {max_row}, columns 0 to {max_col})",
        max_row = height.saturating_sub(1),
        max_col = width.saturating_sub(1)
    )]
    StartOutside {
        /// The start row asked for, from 0.
        row: usize,
        /// The start column asked for, from 0.
        col: usize,
        /// The board's width.
        width: usize,
        /// The board's height.
        height: usize,
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
    /// Checks and builds a Color Walk board from its cells (row-major,
    /// `None` = blank): the top-left block must be the blank one.
    pub fn new(
        width: usize,
        height: usize,
        n_colors: usize,
        cells: Vec<Option<Color>>,
    ) -> Result<Board, BoardError> {
        let board = Self::with_start(width, height, n_colors, cells, 0)?;
        if board.is_flood_it() {
            return Err(BoardError::NoBlank);
        }
        Ok(board)
    }

    /// Checks and builds a board of either rule set from its cells
    /// (row-major) and the index of its start cell: a blank start cell
    /// (`None`) makes a Color Walk board, a colored one a Flood-It board.
    /// Only the start cell may be blank.
    pub fn with_start(
        width: usize,
        height: usize,
        n_colors: usize,
        cells: Vec<Option<Color>>,
        start: usize,
    ) -> Result<Board, BoardError> {
        Self::check_shape(width, height, n_colors)?;
        if cells.len() != width * height {
            return Err(BoardError::WrongCellCount {
                expected: width * height,
                found: cells.len(),
            });
        }
        Self::check_start(width, height, start / width, start % width)?;
        for (index, cell) in cells.iter().enumerate() {
            match cell {
                None if index == start => {}
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
            start,
            origin: Origin::Literal,
        })
    }

    /// Checks that the cell at `row`, `col` (from 0) is on a
    /// `width × height` board (whose shape is checked first: a board with
    /// no rows has no start cell to name).
    pub fn check_start(
        width: usize,
        height: usize,
        row: usize,
        col: usize,
    ) -> Result<(), BoardError> {
        Board::check_shape(width, height, MIN_COLORS)?;
        if row >= height || col >= width {
            return Err(BoardError::StartOutside {
                row,
                col,
                width,
                height,
            });
        }
        Ok(())
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

    /// The start cell's index (row-major); its group is the region flooded
    /// before any move.
    #[inline]
    pub fn start(&self) -> usize {
        self.start
    }

    /// The start cell as (row, column), from 0.
    pub fn start_row_col(&self) -> (usize, usize) {
        (self.start / self.width, self.start % self.width)
    }

    /// Whether this is a Flood-It board (its start cell has a color); a
    /// Color Walk board's start cell is blank.
    #[inline]
    pub fn is_flood_it(&self) -> bool {
        self.cells[self.start].is_some()
    }

    /// The name of the board's rule set: `"flood-it"` or `"color-walk"`.
    pub fn rules_name(&self) -> &'static str {
        if self.is_flood_it() {
            "flood-it"
        } else {
            "color-walk"
        }
    }

    /// The color of the flooded region after `moves`: `None` (blank) on a
    /// Color Walk board; on a Flood-It board the last move's color, at first
    /// the start cell's. In Flood-It the region takes a move's color even
    /// when the move absorbs nothing.
    pub fn region_color(&self, moves: &[Color]) -> Option<Color> {
        let start = self.cells[self.start]?;
        Some(moves.last().copied().unwrap_or(start))
    }

    /// Number of blocks, the blank one included.
    #[inline]
    pub fn n_blocks(&self) -> usize {
        self.cells.len()
    }

    /// The blocks row-major from the top-left; `None` is the blank start
    /// block of a Color Walk board.
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
        self.width == other.width
            && self.n_colors == other.n_colors
            && self.start == other.start
            && self.cells == other.cells
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
            Board::new(2, 2, 37, cells(".101")),
            Err(BoardError::ColorsOutOfRange(37))
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
