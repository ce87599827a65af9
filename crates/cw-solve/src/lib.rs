//! Solvers for Color Walk: every algorithm of the blog series, composed by a
//! small spec language, and the `solve` loop that replays their moves.
//!
//! A solver is a [`Solver`]: given a position it proposes the next moves.
//! [`solve`] asks it repeatedly, replays every move through the engine and
//! reports the outcome, so a faulty solver cannot corrupt a result.
//! Solvers are registered in [`registry::SOLVERS`] and built from text by
//! [`Spec`]; the series' hybrids are [`presets`].

mod ctx;
mod def;
mod metric;
pub mod presets;
pub mod registry;
pub mod search;
mod solve;
mod solvers;
mod spec;

pub use ctx::{Crew, Crews, Limits, ProgressSink, SearchCtx, SearchProgress, StopCause};
pub use def::{ParamCost, ParamDef, ParamKind, SolverDef, is_whole_number};
pub use metric::Metric;
pub use search::bound;
pub use solve::{Outcome, SolveReport, solve, solve_from};
pub use solvers::{exact, near};
pub use spec::{Spec, SpecError, nearest, quoted};

use cw_core::{Color, Game};

/// Chooses moves. `solve` calls it until the board is clear.
pub trait Solver: Send {
    /// The next moves from `game` (at least one), or `None` to give up at
    /// this position (a combinator may then ask another solver).
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>>;
}
