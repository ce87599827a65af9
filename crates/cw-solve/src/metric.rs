//! The heuristics of the series' Part 6 (spec §3.7): how good a look-ahead
//! position is, measured against the real position it started from.

use cw_core::Game;
use std::fmt;
use std::str::FromStr;

/// A position's value for the greedy and look-ahead solvers; larger is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Blocks removed by the look-ahead moves ("areaCount", exact).
    Area,
    /// Block edges between the removed blocks and the live ones, or the
    /// area when there are none ("perimeterCount").
    Perimeter,
    /// Perimeter for the first 20 moves of the game, then area.
    PerimeterArea,
    /// Perimeter divided by area: long, thin openings ("Deep Path").
    Ratio,
    /// Ratio for the first 12 moves of the game, then area ("Path-Area").
    RatioArea,
}

impl Metric {
    /// Every metric, in documentation order.
    pub const ALL: [Metric; 5] = [
        Metric::Area,
        Metric::Perimeter,
        Metric::PerimeterArea,
        Metric::Ratio,
        Metric::RatioArea,
    ];

    /// The metric's name in specs.
    pub fn as_str(self) -> &'static str {
        match self {
            Metric::Area => "area",
            Metric::Perimeter => "perimeter",
            Metric::PerimeterArea => "perimeter-area",
            Metric::Ratio => "ratio",
            Metric::RatioArea => "ratio-area",
        }
    }

    /// The value of `after`, a position reached from `real` by look-ahead
    /// moves. The hybrids switch on the number of real moves made so far.
    pub fn value(self, after: &Game<'_>, real: &Game<'_>) -> f64 {
        let area = f64::from(after.n_blank() - real.n_blank());
        let perimeter = || match after.exposed_perimeter(real) {
            0 => area,
            edges => f64::from(edges),
        };
        let ratio = || if area == 0.0 { 0.0 } else { perimeter() / area };
        match self {
            Metric::Area => area,
            Metric::Perimeter => perimeter(),
            Metric::PerimeterArea if real.n_moves() >= 20 => area,
            Metric::PerimeterArea => perimeter(),
            Metric::Ratio => ratio(),
            Metric::RatioArea if real.n_moves() >= 12 => area,
            Metric::RatioArea => ratio(),
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Metric {
    type Err = ();

    fn from_str(s: &str) -> Result<Metric, ()> {
        Metric::ALL.into_iter().find(|m| m.as_str() == s).ok_or(())
    }
}
