//! The rows the lab stores: one game, one run.

use serde::{Deserialize, Serialize};

/// One board played by one solver spec.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The board's ID, e.g. `"30x20c5-k1"`.
    pub board_id: String,
    /// Position of the board in the run's board set, from 0.
    pub board_index: u32,
    /// The canonical solver spec, e.g. `"gla:depth=5"`.
    pub spec: String,
    /// How the game ended.
    pub outcome: GameOutcome,
    /// Moves played (to clear the board, when solved).
    pub moves: u32,
    /// Wall time for this board, in nanoseconds.
    pub nanos: u64,
    /// Search nodes expanded.
    pub nodes: u64,
    /// Cluster inspections (the series' counter).
    pub inspections: u64,
    /// The moves as text, e.g. `"3,1,4"`.
    pub solution: String,
    /// A lower bound on the board's optimum that the solver proved (`exact`
    /// and `near` do, from the start), if any: no solution is shorter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u32>,
}

impl GameRecord {
    /// Whether the solver cleared the board.
    pub fn solved(&self) -> bool {
        self.outcome == GameOutcome::Solved
    }
}

/// How a stored game ended. A game cut off by Stop, a closed page or Ctrl-C
/// is never stored (a resumed run plays it again); running out of the
/// game's own time budget is a real outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameOutcome {
    /// The board was cleared.
    Solved,
    /// The game's time budget ran out first.
    OutOfTime,
    /// The solver found no move to propose.
    GaveUp,
    /// The game reached its move limit.
    MoveLimit,
    /// The solver proposed a move the board does not have, or moves that
    /// do not clear it.
    IllegalMove,
    /// Not solved, recorded before outcomes were kept (schema 1).
    Unsolved,
}

impl GameOutcome {
    /// Every outcome, in the order reports list them.
    pub const ALL: [GameOutcome; 6] = [
        GameOutcome::Solved,
        GameOutcome::OutOfTime,
        GameOutcome::GaveUp,
        GameOutcome::MoveLimit,
        GameOutcome::IllegalMove,
        GameOutcome::Unsolved,
    ];

    /// The outcome as stored and shown: `solved`, `out-of-time`, ….
    pub fn as_str(self) -> &'static str {
        match self {
            GameOutcome::Solved => "solved",
            GameOutcome::OutOfTime => "out-of-time",
            GameOutcome::GaveUp => "gave-up",
            GameOutcome::MoveLimit => "move-limit",
            GameOutcome::IllegalMove => "illegal-move",
            GameOutcome::Unsolved => "unsolved",
        }
    }

    /// The outcome stored as `text` (unknown text reads as `Unsolved`).
    pub fn from_stored(text: &str) -> GameOutcome {
        GameOutcome::ALL
            .into_iter()
            .find(|o| o.as_str() == text)
            .unwrap_or(GameOutcome::Unsolved)
    }
}

impl std::fmt::Display for GameOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.as_str().replace('-', " "))
    }
}

/// What a run is: which boards, which solvers, with what settings.
///
/// Two runs with the same fingerprint are the same experiment, which is how
/// an unfinished run is found again to resume it (with the same shard) and
/// how shard stores are merged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunMeta {
    /// The board set, e.g. `"koblenski:1..100"`.
    pub board_set: String,
    /// The canonical solver specs, in report order.
    pub specs: Vec<String>,
    /// How many boards the set has.
    pub n_boards: u32,
    /// Free-form settings (limits, seeds, thread count...).
    pub params: serde_json::Value,
    /// The version of the program that plays the run; a run of another
    /// version is never resumed (its results may differ).
    pub version: String,
    /// A digest of the version and the whole plan (boards, specs, every
    /// solver parameter, limits): runs with equal fingerprints play the same
    /// games. Empty for runs stored before fingerprints.
    pub fingerprint: String,
    /// The slice of the plan's boards the run plays, `I/N` (shard `I` of
    /// `N`); `None` for the whole plan.
    pub shard: Option<String>,
}

/// A stored run, as listed by [`Store::runs`](crate::Store::runs).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// The run's ID in the store.
    pub id: i64,
    /// When the run began, UTC, `YYYY-MM-DD HH:MM:SS`.
    pub created: String,
    /// When the run finished, UTC; `None` while it is unfinished.
    pub finished: Option<String>,
    /// The version of the program that recorded the run.
    pub version: String,
    /// The machine: host name and core count.
    pub machine: String,
    /// The board set, e.g. `"koblenski:1..100"`.
    pub board_set: String,
    /// The canonical solver specs, in report order.
    pub specs: Vec<String>,
    /// How many boards the set has.
    pub n_boards: u32,
    /// How many results (board × spec) are stored so far.
    pub n_results: u32,
    /// Free-form settings, as given to [`Store::begin_run`](crate::Store::begin_run).
    pub params: serde_json::Value,
    /// The plan's fingerprint (see [`RunMeta::fingerprint`]; empty for runs
    /// stored before fingerprints).
    pub fingerprint: String,
    /// The shard the run plays, `I/N`; `None` for the whole plan.
    pub shard: Option<String>,
}

impl RunInfo {
    /// The metadata the run was begun with.
    pub fn meta(&self) -> RunMeta {
        RunMeta {
            board_set: self.board_set.clone(),
            specs: self.specs.clone(),
            n_boards: self.n_boards,
            params: self.params.clone(),
            version: self.version.clone(),
            fingerprint: self.fingerprint.clone(),
            shard: self.shard.clone(),
        }
    }

    /// How many results the whole plan has: boards × specs.
    pub fn n_plan_results(&self) -> u64 {
        u64::from(self.n_boards) * self.specs.len() as u64
    }

    /// How many results a complete run has: its shard's boards × specs
    /// (shard `I/N` holds the boards at positions `p % N == I`), or the
    /// whole plan's.
    pub fn n_expected(&self) -> u64 {
        let shard = self.shard.as_deref().and_then(|s| {
            let (i, n) = s.split_once('/')?;
            Some((
                i.parse::<u64>().ok()?,
                n.parse::<u64>().ok().filter(|&n| n > 0)?,
            ))
        });
        match shard {
            Some((i, n)) => {
                let boards = u64::from(self.n_boards);
                let mine = if i < boards {
                    (boards - i - 1) / n + 1
                } else {
                    0
                };
                mine * self.specs.len() as u64
            }
            None => self.n_plan_results(),
        }
    }
}
