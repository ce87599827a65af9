//! Colors and sets of colors.

use std::fmt;

/// A playable color: `0..n_colors` of its board (at most 36).
///
/// The blank block has no color; boards store it as `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Color(pub u8);

impl Color {
    /// The color's index, as used in board files and move lists.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The character for this color in the text format: `0`-`9`, then `a`-`z`
    /// (colors 10 to 35).
    pub const fn to_char(self) -> char {
        let d = self.0;
        if d < 10 {
            (b'0' + d) as char
        } else {
            (b'a' + d - 10) as char
        }
    }

    /// Parses a text-format color character (`0`-`9`, `a`-`z`, also `A`-`Z`).
    pub const fn from_char(ch: char) -> Option<Color> {
        match ch {
            '0'..='9' => Some(Color(ch as u8 - b'0')),
            'a'..='z' => Some(Color(ch as u8 - b'a' + 10)),
            'A'..='Z' => Some(Color(ch as u8 - b'A' + 10)),
            _ => None,
        }
    }

    /// The display color as `#rrggbb`: the series' five button colors first,
    /// then further distinct colors for boards with more than five (36 in all).
    pub fn hex(self) -> &'static str {
        PALETTE.get(self.index()).copied().unwrap_or("#000000")
    }

    /// The color as red, green and blue components.
    pub fn rgb(self) -> (u8, u8, u8) {
        parse_hex(self.hex())
    }

    /// A short English name (the first five are the series' button colors).
    pub fn name(self) -> &'static str {
        const NAMES: [&str; 36] = [
            "teal", "navy", "coral", "purple", "amber", "green", "sky", "brown", "pink", "olive",
            "slate", "lime", "maroon", "cyan", "gold", "violet", "black", "white", "red", "blue",
            "orange", "mint", "plum", "tan", "indigo", "rose", "khaki", "forest", "salmon",
            "steel", "lavender", "rust", "aqua", "charcoal", "peach", "moss",
        ];
        NAMES.get(self.index()).copied().unwrap_or("?")
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Display colors in button order: the series' five (spec §1.2), then eleven
/// more, then twenty for the boards of the field with up to 36 colors.
pub const PALETTE: [&str; 36] = [
    "#14b19f", "#0e274e", "#ec5257", "#6c2275", "#f9ac00", "#4caf50", "#64b5f6", "#795548",
    "#f48fb1", "#808000", "#607d8b", "#cddc39", "#800000", "#00bcd4", "#ffd700", "#9c27b0",
    "#000000", "#ffffff", "#ff0000", "#0000ff", "#ff8c00", "#98ff98", "#8e4585", "#d2b48c",
    "#4b0082", "#ff66cc", "#c3b091", "#228b22", "#fa8072", "#4682b4", "#b57edc", "#b7410e",
    "#7fffd4", "#36454f", "#ffcba4", "#8a9a5b",
];

/// The color of the blank (removed) blocks.
pub const BLANK_HEX: &str = "#d9d9d9";

/// Parses `#rrggbb` into components.
pub(crate) fn parse_hex(hex: &str) -> (u8, u8, u8) {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    ((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// A set of colors, one bit per color.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ColorSet(pub u64);

impl ColorSet {
    /// The empty set.
    pub const EMPTY: ColorSet = ColorSet(0);

    /// Every color of a board with `n_colors` colors.
    pub const fn all(n_colors: usize) -> ColorSet {
        ColorSet((1u64 << n_colors) - 1)
    }

    /// Whether `c` is in the set.
    #[inline]
    pub const fn contains(self, c: Color) -> bool {
        self.0 & (1 << c.0) != 0
    }

    /// Adds `c`.
    #[inline]
    pub fn insert(&mut self, c: Color) {
        self.0 |= 1 << c.0;
    }

    /// Removes `c`.
    #[inline]
    pub fn remove(&mut self, c: Color) {
        self.0 &= !(1 << c.0);
    }

    /// The number of colors in the set.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The colors in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Color> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let c = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Color(c))
            }
        })
    }
}

impl FromIterator<Color> for ColorSet {
    fn from_iter<I: IntoIterator<Item = Color>>(iter: I) -> Self {
        let mut set = ColorSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

impl fmt::Display for ColorSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}
