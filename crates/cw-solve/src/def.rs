//! What a solver is to the rest of the crate: its registry entry
//! ([`SolverDef`]), its parameters ([`ParamDef`], [`ParamKind`]) and their
//! checked values ([`Params`]).
//!
//! These types sit below the solvers: every solver file imports them to
//! declare its `DEF`, and the [`registry`](super::registry), at the top,
//! lists the `DEF`s.

use crate::{Metric, Solver, SpecError};

/// The parameter every stage of a spec accepts: play this stage while the
/// game has fewer moves than this.
pub const UNTIL: ParamDef = ParamDef {
    name: "until",
    doc: "play this stage while fewer moves than this were made, then the next stage (or, \
          after a chain's last stage, the next alternative); a search's whole proposal is \
          played, even past it, as in the series",
    default: "",
    kind: ParamKind::Int {
        min: 1,
        max: 10_000,
    },
    cost: ParamCost::None,
};

/// A registered solver.
#[derive(Debug)]
pub struct SolverDef {
    /// Its name in specs.
    pub name: &'static str,
    /// One line for listings.
    pub summary: &'static str,
    /// Its parameters, in canonical order.
    pub params: &'static [ParamDef],
    /// Builds the solver from checked parameters, or refuses values that make
    /// no sense together (each in range, say, but one ignored beside
    /// another). Spec parsing calls it, so a spec that parses builds.
    pub build: fn(&Params) -> Result<Box<dyn Solver>, SpecError>,
    /// The most memory, in bytes, one game of the solver may hold on a
    /// graph with these parameters (its queues, tables, beams), for a
    /// server to refuse what cannot fit; `None` for solvers that hold only
    /// a few positions. A solver also stays within the game's budget
    /// ([`Limits::memory_bytes`](crate::Limits::memory_bytes)) whatever its
    /// parameters say.
    pub memory: Option<fn(&Params, &cw_core::ClusterGraph) -> u64>,
    /// Whether the solver, with these parameters, carries state from one
    /// board of a batch to the next (round robin's cycle with
    /// `carry=true`, as the series ran it), so that a batch must play its
    /// boards in order with one solver
    /// ([`Spec::is_sequential`](crate::Spec::is_sequential)).
    pub carries_state: fn(&Params) -> bool,
    /// Whether the solver, with these parameters, draws from the series'
    /// shared random stream (`random` with `rng=series`): the boards of a
    /// series run then depend on it, and a batch plays them in order
    /// ([`Spec::uses_series_stream`](crate::Spec::uses_series_stream)).
    pub draws_series_stream: fn(&Params) -> bool,
    /// Whether the solver, with these parameters, may play a color that
    /// removes nothing (round robin and random without `skip`, as in the
    /// series). Every other solver plays only moves that absorb something
    /// ([`Spec::may_waste_moves`](crate::Spec::may_waste_moves)).
    pub may_waste_moves: fn(&Params) -> bool,
}

/// A solver parameter.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    /// Its name in specs.
    pub name: &'static str,
    /// What it does.
    pub doc: &'static str,
    /// Its default, as text (empty: none).
    pub default: &'static str,
    /// Its values.
    pub kind: ParamKind,
    /// What its value costs the solver, with the most a shared server
    /// should allow (only whole-number parameters have a cost).
    pub cost: ParamCost,
}

/// What a whole-number parameter's value costs a solver, and the most a
/// server that shares its machine should allow (the web lab refuses more).
/// The parameter's own range ([`ParamKind::Int`]) may be wider: on the
/// command line, the user owns the machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ParamCost {
    /// Nothing to cap: the value is cheap, or bounded by other means (a
    /// node budget, a time, the game's memory budget).
    None,
    /// The solver tries `colors^value` positions for every move it plays
    /// (a look-ahead depth).
    PositionsPerMove {
        /// Most positions per move.
        max: f64,
    },
    /// The solver keeps `value` positions at each step of a beam.
    BeamWidth {
        /// Widest beam.
        max: i64,
    },
    /// The solver's queue may grow to `value` positions.
    QueueSize {
        /// Largest queue.
        max: i64,
    },
    /// The solver runs on `value` threads.
    Threads {
        /// Most threads.
        max: i64,
    },
    /// The solver's own memory cap, in MiB. A front end with a smaller
    /// budget for one game runs the solver within that budget anyway
    /// ([`Limits::memory_bytes`](crate::Limits::memory_bytes)), so a spec
    /// that leaves this at its default asks for no more than the budget
    /// (see [`Spec::memory_need_within`](crate::Spec::memory_need_within));
    /// a value set above the budget is the spec's own, and a front end may
    /// refuse it.
    MemoryCapMb,
}

/// The values a parameter takes.
#[derive(Clone, Copy, Debug)]
pub enum ParamKind {
    /// A whole number in `min..=max`.
    Int {
        /// Smallest value.
        min: i64,
        /// Largest value.
        max: i64,
    },
    /// One of these words.
    Choice(&'static [&'static str]),
    /// `true` or `false`.
    Bool,
}

impl ParamKind {
    /// Describes the allowed values, for errors and listings.
    pub fn describe(&self) -> String {
        match self {
            ParamKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            ParamKind::Choice(words) => format!("one of {}", words.join(", ")),
            ParamKind::Bool => "true or false; also yes/no, on/off, 1/0".to_string(),
        }
    }

    /// Checks a value, returning its canonical text.
    pub fn check(&self, value: &str) -> Result<String, String> {
        match self {
            ParamKind::Int { min, max } => match value.parse::<i64>() {
                Ok(v) if (*min..=*max).contains(&v) => Ok(v.to_string()),
                Ok(v) => Err(format!("{v} is out of range: expected {}", self.describe())),
                // Digits too many for any whole number we hold.
                Err(_) if is_whole_number(value) => Err(format!(
                    "{} is out of range: expected {}",
                    crate::quoted(value),
                    self.describe()
                )),
                Err(_) => Err(format!(
                    "{} is not {}",
                    crate::quoted(value),
                    self.describe()
                )),
            },
            ParamKind::Choice(words) => words
                .iter()
                .find(|w| **w == value)
                .map(|w| (*w).to_string())
                .ok_or_else(|| {
                    let hint = crate::nearest(value, words.iter().copied())
                        .map(|w| format!("; did you mean '{w}'?"))
                        .unwrap_or_default();
                    format!("{} is not {}{hint}", crate::quoted(value), self.describe())
                }),
            // Any case: `True`, `YES`.
            ParamKind::Bool => match value.to_ascii_lowercase().as_str() {
                "true" | "yes" | "1" | "on" => Ok("true".into()),
                "false" | "no" | "0" | "off" => Ok("false".into()),
                _ => Err(format!(
                    "{} is not true or false (nor yes/no, on/off, 1/0)",
                    crate::quoted(value)
                )),
            },
        }
    }
}

/// Checked parameter values, one per parameter of a solver, in its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Params {
    values: Vec<(&'static str, String)>,
}

impl Params {
    pub(crate) fn new(values: Vec<(&'static str, String)>) -> Params {
        Params { values }
    }

    /// The values in canonical order.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.values.iter().map(|(k, v)| (*k, v.as_str()))
    }

    fn get(&self, name: &str) -> &str {
        self.values
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
            .unwrap_or_else(|| panic!("parameter '{name}' is not declared by this solver"))
    }

    /// A whole-number parameter.
    pub fn int(&self, name: &str) -> i64 {
        self.get(name)
            .parse()
            .expect("checked when the spec was parsed")
    }

    /// A true/false parameter.
    pub fn bool(&self, name: &str) -> bool {
        self.get(name) == "true"
    }

    /// A choice parameter.
    pub fn choice(&self, name: &str) -> &str {
        self.get(name)
    }

    /// A metric parameter.
    pub fn metric(&self, name: &str) -> Metric {
        self.get(name)
            .parse()
            .expect("checked when the spec was parsed")
    }
}

// Two entries are the same solver when they have the same name (the
// registry tests check that names are unique).
impl PartialEq for SolverDef {
    fn eq(&self, other: &SolverDef) -> bool {
        self.name == other.name
    }
}

impl Eq for SolverDef {}

/// Whether `text` is written as a whole number (digits, with a sign or
/// not), whatever its size.
pub fn is_whole_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}
