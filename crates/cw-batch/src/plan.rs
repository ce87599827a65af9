//! A batch as one value: its boards (as data), its solver specs and the
//! limits of every game, checked by one function that every front end calls,
//! and the fingerprint that says which runs can be resumed or merged.
//!
//! A front end turns what a person asked for (command-line flags, a JSON
//! request) into a [`PlanDraft`] (the boards already as a [`BoardSet`], not
//! yet checked) and hands it to [`check`] with its own
//! [`Caps`]; what comes back is a [`Plan`] or a [`PlanError`] that names the
//! field at fault, which the front end words in its own terms (`--seeds`,
//! `"count"`).
//!
//! A plan's [`Fingerprint`] is the program's version (with a digest of the
//! engine's and solvers' sources: [`program_version`]) and the plan written
//! out in full: the boards (a generator and its range, or, for a file, the
//! number of boards and a digest of their IDs, so that a file read from
//! another path on another machine is the same plan), the specs, every
//! parameter of every solver with its default filled in, and the limits.
//! A run resumes only a run with the same fingerprint, and shard stores
//! merge only when their fingerprints agree.

use crate::BoardSet;
use cw_core::{Board, ClusterGraph, last_series_board};
use cw_solve::{Limits, Spec};
use serde_json::{Value, json};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What a batch plays, checked: specs × boards, with the limits of every game.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The boards.
    pub boards: BoardSet,
    /// The solver specs, without duplicates, in report order.
    pub specs: Vec<Spec>,
    /// The limits of every game.
    pub limits: GameLimits,
}

/// The limits of every game of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLimits {
    /// A game gives up after this many moves.
    pub max_moves: u32,
    /// A game gives up after this much time (`None`: results depend only on
    /// the board and the spec).
    pub time_limit: Option<Duration>,
    /// Memory one game's search may hold (`None`: only the specs' own caps).
    pub memory_bytes: Option<u64>,
}

impl Default for GameLimits {
    fn default() -> Self {
        let l = Limits::default();
        GameLimits {
            max_moves: l.max_moves,
            time_limit: l.time_limit,
            memory_bytes: l.memory_bytes,
        }
    }
}

/// What a front end asks for, before [`check`].
#[derive(Clone, Debug)]
pub struct PlanDraft {
    /// Solver specs or presets as written.
    pub specs: Vec<String>,
    /// The boards, as asked for (not yet checked).
    pub boards: BoardSet,
    /// A game gives up after this many moves.
    pub max_moves: u32,
    /// A game gives up after this much time.
    pub time_limit: Option<Duration>,
    /// Memory one game's search may hold, in bytes.
    pub memory_bytes: Option<u64>,
}

/// What a front end allows, besides the engine's own ranges.
pub struct Caps<'a> {
    /// Most boards in one plan.
    pub max_boards: u64,
    /// Most specs in one plan.
    pub max_specs: usize,
    /// Most games (boards × specs).
    pub max_games: u64,
    /// Most colors of a generated board.
    pub max_colors: usize,
    /// Most moves a game may be allowed.
    pub max_moves: u32,
    /// Longest time limit of a game.
    pub max_time: Duration,
    /// Parses a spec and checks it for a board whose cluster graph is given
    /// (the set's first: boards of one set hold about as much); the error is
    /// the reason, without the spec's text.
    pub spec: &'a dyn Fn(&str, &ClusterGraph) -> Result<Spec, String>,
}

/// Parses a spec, with no limits beyond the spec language's own.
fn parse_spec(text: &str, _: &ClusterGraph) -> Result<Spec, String> {
    Spec::parse(text).map_err(|e| e.to_string())
}

impl Caps<'static> {
    /// The command line's caps: a million boards, 64 specs, boards of every
    /// color count a board may have, moves and time as `colorwalk solve`
    /// allows.
    pub fn command_line() -> Caps<'static> {
        Caps {
            max_boards: 1_000_000,
            max_specs: 64,
            max_games: u64::MAX,
            max_colors: cw_core::MAX_COLORS,
            max_moves: 100_000,
            max_time: Duration::from_secs(86_400),
            spec: &parse_spec,
        }
    }
}

/// The part of a draft a [`PlanError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    /// The list of specs (none, too many).
    Specs,
    /// One spec, as written.
    Spec(String),
    /// The first board number or seed.
    First,
    /// The number of boards (or games).
    Count,
    /// The boards' size or colors.
    Shape,
    /// The start cell.
    Start,
    /// The boards of a file.
    Entries,
    /// The move limit.
    MaxMoves,
    /// The time limit.
    TimeLimit,
}

/// Why a draft is not a plan: the field at fault and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlanError {
    /// What is wrong.
    pub field: Field,
    /// Why, in words that do not name the field.
    pub message: String,
}

impl fmt::Display for PlanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for PlanError {}

fn fail<T>(field: Field, message: impl Into<String>) -> Result<T, PlanError> {
    Err(PlanError {
        field,
        message: message.into(),
    })
}

/// Checks a draft against the engine's ranges and the front end's `caps`,
/// and makes the plan: duplicate specs are dropped (the first stays).
pub fn check(draft: &PlanDraft, caps: &Caps<'_>) -> Result<Plan, PlanError> {
    if draft.specs.is_empty() {
        return fail(Field::Specs, "pick at least one solver spec");
    }
    if draft.specs.len() > caps.max_specs {
        return fail(
            Field::Specs,
            format!(
                "{} specs is too many: at most {}",
                draft.specs.len(),
                caps.max_specs
            ),
        );
    }
    let boards = board_set(&draft.boards, caps)?;
    let count = boards.len();
    let first = boards
        .first()
        .map_err(|e| PlanError {
            field: Field::Shape,
            message: e.to_string(),
        })?
        .ok_or_else(|| PlanError {
            field: Field::Count,
            message: "the set has no boards".into(),
        })?;
    let graph = ClusterGraph::new(&first.board);
    let mut specs: Vec<Spec> = Vec::new();
    for text in &draft.specs {
        let spec = (caps.spec)(text, &graph).map_err(|message| PlanError {
            field: Field::Spec(text.clone()),
            message,
        })?;
        if !specs.contains(&spec) {
            specs.push(spec);
        }
    }
    let games = count.saturating_mul(specs.len() as u64);
    if games > caps.max_games {
        return fail(
            Field::Count,
            format!(
                "{count} boards × {} specs = {games} games is too many: at most {}",
                specs.len(),
                caps.max_games
            ),
        );
    }
    if !(1..=caps.max_moves).contains(&draft.max_moves) {
        return fail(
            Field::MaxMoves,
            format!(
                "{} moves is out of range: 1 to {}",
                draft.max_moves, caps.max_moves
            ),
        );
    }
    if let Some(t) = draft.time_limit
        && (t.is_zero() || t > caps.max_time)
    {
        return fail(
            Field::TimeLimit,
            format!(
                "{} s is out of range: above 0, at most {} s",
                t.as_secs_f64(),
                caps.max_time.as_secs_f64()
            ),
        );
    }
    Ok(Plan {
        boards,
        specs,
        limits: GameLimits {
            max_moves: draft.max_moves,
            time_limit: draft.time_limit,
            memory_bytes: draft.memory_bytes,
        },
    })
}

/// Checks the boards asked for against the engine's ranges and `caps`.
fn board_set(boards: &BoardSet, caps: &Caps<'_>) -> Result<BoardSet, PlanError> {
    let shape = |width, height, colors: usize| {
        Board::check_shape(width, height, colors).map_err(|e| PlanError {
            field: Field::Shape,
            message: e.to_string(),
        })?;
        if colors > caps.max_colors {
            return fail(
                Field::Shape,
                format!(
                    "color count {colors} is out of range: generated boards have 2 to {}",
                    caps.max_colors
                ),
            );
        }
        Ok(())
    };
    let count = boards.len();
    if !(1..=caps.max_boards).contains(&count) {
        if let BoardSet::Entries { label, .. } = boards
            && count == 0
        {
            return fail(Field::Entries, format!("{label} holds no boards"));
        }
        return fail(
            Field::Count,
            format!("{count} boards is out of range: 1 to {}", caps.max_boards),
        );
    }
    match *boards {
        BoardSet::Koblenski {
            first,
            count,
            width,
            height,
            colors,
        } => {
            shape(width, height, colors)?;
            let last = last_series_board(width, height);
            if first == 0 || first > last {
                return fail(
                    Field::First,
                    format!("the series' {width}x{height} boards are numbered 1 to {last}"),
                );
            }
            if first + (count - 1) > last {
                return fail(
                    Field::Count,
                    format!(
                        "boards {first} to {} run past the end of the series' stream: it holds \
                         {width}x{height} boards 1 to {last}",
                        first.saturating_add(count - 1)
                    ),
                );
            }
        }
        BoardSet::Seeds {
            first,
            count,
            width,
            height,
            colors,
        }
        | BoardSet::FloodItSeeds {
            first,
            count,
            width,
            height,
            colors,
            ..
        } => {
            shape(width, height, colors)?;
            // The last seed, `first + count − 1`, is at most 2^64 − 1.
            if first.checked_add(count - 1).is_none() {
                return fail(Field::First, "the seeds run past 2^64 − 1, the last seed");
            }
            if let BoardSet::FloodItSeeds {
                start: (row, col), ..
            } = *boards
            {
                Board::check_start(width, height, row, col).map_err(|e| PlanError {
                    field: Field::Start,
                    message: e.to_string(),
                })?;
            }
        }
        BoardSet::Entries {
            ref label,
            ref entries,
        } => {
            // A run keeps one result per board and spec, so a board listed
            // twice would lose one of its games (and never finish a shard).
            // The same board may be written two ways (`k3`, or its cells in
            // full), so boards are told apart by what they are: their cells,
            // start and rules, and their colors (`2x2c4:1100` has colors
            // its cells do not use, which round-robin plays, and
            // `2x2c2:1100` none).
            let mut first_of = std::collections::HashMap::new();
            for (i, e) in entries.iter().enumerate() {
                let b = &e.board;
                let id = (
                    b.width(),
                    b.height(),
                    b.start(),
                    b.is_flood_it(),
                    b.n_colors(),
                    b.cells().to_vec(),
                );
                if let Some(&j) = first_of.get(&id) {
                    let at = |k: usize, e: &cw_core::format::BoardEntry| match &e.name {
                        Some(name) => format!("{} ('{name}')", k + 1),
                        None => (k + 1).to_string(),
                    };
                    return fail(
                        Field::Entries,
                        format!(
                            "{label} holds one board twice, as its boards {} and {}: a run keeps \
                             one result per board and spec, so list each board once",
                            at(j, &entries[j]),
                            at(i, e)
                        ),
                    );
                }
                first_of.insert(id, i);
            }
        }
    }
    Ok(boards.clone())
}

impl Plan {
    /// The canonical spec texts, which label the results.
    pub fn labels(&self) -> Vec<String> {
        self.specs.iter().map(ToString::to_string).collect()
    }

    /// The limits of one game, with a cancel flag; a search that asks for
    /// several threads gets them ([`SearchThreads`](crate::SearchThreads)).
    pub fn game_limits(&self, cancel: Option<Arc<AtomicBool>>) -> Limits {
        Limits {
            max_moves: self.limits.max_moves,
            time_limit: self.limits.time_limit,
            cancel,
            memory_bytes: self.limits.memory_bytes,
            crews: Some(crate::SearchThreads::shared()),
            progress: None,
        }
    }

    /// The first spec that must meet every board in order with one solver
    /// (so its boards cannot be split into shards), if any: one that
    /// carries state from board to board, or, on the series' run, one that
    /// draws from the series' stream (which runs on from board to board
    /// there; on other boards each game's draws start afresh).
    pub fn sequential_spec(&self) -> Option<&Spec> {
        self.specs
            .iter()
            .find(|s| crate::play::meets_boards_in_order(s, &self.boards))
    }

    /// The plan's fingerprint (the program's version and the plan in full).
    pub fn fingerprint(&self) -> Fingerprint {
        let boards = match &self.boards {
            BoardSet::Entries { entries, .. } => {
                let ids: Vec<String> = entries.iter().map(|e| e.board.id().to_string()).collect();
                json!({ "count": entries.len(), "ids": ids_digest(ids.iter().map(String::as_str)) })
            }
            generated => Value::from(generated.label()),
        };
        Fingerprint {
            version: program_version(),
            plan: json!({
                "boards": boards,
                "specs": self.labels(),
                "solvers": self.specs.iter().map(full_form).collect::<Vec<_>>(),
                "max_moves": self.limits.max_moves,
                "time_limit_s": self.limits.time_limit.map(|t| t.as_secs_f64()),
                "memory_bytes": self.limits.memory_bytes,
            }),
        }
    }
}

/// A spec with every parameter written out, defaults included:
/// `gla:depth=5,metric=area,form=p7`.
pub fn full_form(spec: &Spec) -> String {
    spec.alternatives()
        .iter()
        .map(|chain| {
            chain
                .iter()
                .map(|stage| {
                    let params: Vec<String> = stage
                        .params()
                        .iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .chain(stage.until().map(|u| format!("until={u}")))
                        .collect();
                    format!("{}:{}", stage.def().name, params.join(","))
                })
                .collect::<Vec<_>>()
                .join(">")
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The program's version as fingerprints give it: the package version and
/// a digest of the engine's and the solvers' sources (`build.rs`), such as
/// `0.1.0+engine.1a2b3c4d`, so that builds whose games may differ make
/// different plans.
pub fn program_version() -> String {
    format!(
        "{}+engine.{}",
        env!("CARGO_PKG_VERSION"),
        env!("CW_ENGINE_DIGEST")
    )
}

/// What makes two runs the same experiment: the program's version and the
/// plan in full ([`Plan::fingerprint`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Fingerprint {
    /// The version of the program.
    pub version: String,
    /// The plan: boards, specs, every solver parameter, limits (JSON).
    pub plan: Value,
}

impl Fingerprint {
    /// A short digest of the fingerprint (16 hexadecimal digits), kept with
    /// every run: equal digests, equal fingerprints.
    pub fn digest(&self) -> String {
        let mut digest = Fnv::new();
        digest.write(self.version.as_bytes());
        digest.write(b"\n");
        // serde_json's maps keep their keys sorted, so the text is canonical.
        digest.write(self.plan.to_string().as_bytes());
        digest.hex()
    }

    /// How `other` (a stored run's) differs from this one, in words, one
    /// line per difference: what a person needs to see to decide whether to
    /// start afresh. Empty when they are equal.
    pub fn differences(&self, other: &Fingerprint) -> Vec<String> {
        self.differences_as(other, "then", "now")
    }

    /// [`differences`](Self::differences) with each side named: `their_side`
    /// for `other`'s values and `my_side` for this one's (e.g. the two stores
    /// a merge compares), as in `move limit: 500 in a.db, 1000 in b.db`.
    pub fn differences_as(
        &self,
        other: &Fingerprint,
        their_side: &str,
        my_side: &str,
    ) -> Vec<String> {
        let mut out = Vec::new();
        if self.version != other.version {
            out.push(if (their_side, my_side) == ("then", "now") {
                format!(
                    "it was played by colorwalk {}; this is colorwalk {}",
                    other.version, self.version
                )
            } else {
                format!(
                    "colorwalk {} {their_side}, colorwalk {} {my_side}",
                    other.version, self.version
                )
            });
        }
        let empty = serde_json::Map::new();
        let mine = self.plan.as_object().unwrap_or(&empty);
        let theirs = other.plan.as_object().unwrap_or(&empty);
        let mut keys: Vec<&String> = mine.keys().chain(theirs.keys()).collect();
        keys.sort();
        keys.dedup();
        for key in keys {
            let (a, b) = (theirs.get(key), mine.get(key));
            if a == b {
                continue;
            }
            let show = |v: Option<&Value>| match v {
                None => "(not recorded)".to_string(),
                Some(Value::Null) => "none".to_string(),
                Some(v) => v.to_string(),
            };
            let what = match key.as_str() {
                "solvers" => "solver parameters, defaults included",
                "boards" => "boards",
                "specs" => "specs",
                "max_moves" => "move limit",
                "time_limit_s" => "time limit (s)",
                "memory_bytes" => "memory budget (bytes)",
                other => other,
            };
            out.push(format!(
                "{what}: {} {their_side}, {} {my_side}",
                show(a),
                show(b)
            ));
        }
        out
    }
}

/// The digest of a file's board IDs, in order, that a plan of its boards
/// keeps in its fingerprint (`"ids"`): what lets a merge check the boards
/// its results name against the plan.
pub(crate) fn ids_digest<'a>(ids: impl IntoIterator<Item = &'a str>) -> String {
    let mut digest = Fnv::new();
    for id in ids {
        digest.write(id.as_bytes());
        digest.write(b"\n");
    }
    digest.hex()
}

/// FNV-1a, 64 bits: a small, stable digest for fingerprints (not a
/// cryptographic hash: it tells runs apart, it does not guard them).
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn hex(&self) -> String {
        format!("{:016x}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cw_core::format::BoardEntry;

    fn draft(boards: BoardSet) -> PlanDraft {
        PlanDraft {
            specs: vec!["greedy".into(), "gla-3".into(), "greedy".into()],
            boards,
            max_moves: 1000,
            time_limit: None,
            memory_bytes: None,
        }
    }

    fn seeds(first: u64, count: u64) -> BoardSet {
        BoardSet::Seeds {
            first,
            count,
            width: 10,
            height: 8,
            colors: 4,
        }
    }

    fn error(d: &PlanDraft) -> PlanError {
        check(d, &Caps::command_line()).unwrap_err()
    }

    #[test]
    fn a_draft_becomes_a_plan_without_duplicate_specs() {
        let plan = check(&draft(seeds(5, 3)), &Caps::command_line()).unwrap();
        assert_eq!(plan.labels(), ["greedy", "gla:depth=3"]);
        assert_eq!(plan.boards.label(), "seeds:10x8c4:5..8");
        assert!(plan.sequential_spec().is_none());
    }

    #[test]
    fn every_bad_field_is_named() {
        let mut d = draft(seeds(1, 3));
        d.specs.clear();
        assert_eq!(error(&d).field, Field::Specs);
        d.specs = vec!["glaa".into()];
        let e = error(&d);
        assert_eq!(e.field, Field::Spec("glaa".into()));
        assert!(e.message.contains("did you mean 'gla'"), "{e}");
        let e = error(&draft(seeds(1, 0)));
        assert_eq!(
            (e.field, e.message.as_str()),
            (Field::Count, "0 boards is out of range: 1 to 1000000")
        );
        assert_eq!(error(&draft(seeds(u64::MAX, 2))).field, Field::First);
        // The last seed is a board like any: the two before the end fit,
        // and the set's label says so without an end past 2^64 − 1.
        let last_two = check(&draft(seeds(u64::MAX - 1, 2)), &Caps::command_line()).unwrap();
        assert!(
            last_two
                .boards
                .label()
                .ends_with(":18446744073709551614..=18446744073709551615"),
            "{}",
            last_two.boards.label()
        );
        let flood = BoardSet::FloodItSeeds {
            first: 1,
            count: 2,
            width: 10,
            height: 8,
            colors: 4,
            start: (8, 0),
        };
        assert_eq!(error(&draft(flood)).field, Field::Start);
        let series = |first, count| BoardSet::Koblenski {
            first,
            count,
            width: 30,
            height: 20,
            colors: 5,
        };
        assert_eq!(error(&draft(series(0, 1))).field, Field::First);
        let last = last_series_board(30, 20);
        assert!(check(&draft(series(last, 1)), &Caps::command_line()).is_ok());
        assert_eq!(error(&draft(series(last, 2))).field, Field::Count);
        let mut d = draft(BoardSet::Seeds {
            first: 1,
            count: 1,
            width: 10,
            height: 8,
            colors: cw_core::MAX_COLORS + 1,
        });
        assert_eq!(error(&d).field, Field::Shape);
        d.boards = seeds(1, 1);
        d.time_limit = Some(Duration::ZERO);
        assert_eq!(error(&d).field, Field::TimeLimit);
        d.time_limit = None;
        d.max_moves = 0;
        assert_eq!(error(&d).field, Field::MaxMoves);
        let e = error(&draft(BoardSet::Entries {
            label: "empty.txt".into(),
            entries: vec![],
        }));
        assert_eq!(
            (e.field, e.message.as_str()),
            (Field::Entries, "empty.txt holds no boards")
        );
        let board = |seed| cw_core::Board::seeded(6, 5, 3, seed).unwrap();
        let named = |seed, name: &str| cw_core::format::BoardEntry {
            name: Some(name.into()),
            ..cw_core::format::BoardEntry::new(board(seed))
        };
        let e = error(&draft(BoardSet::Entries {
            label: "dup.txt".into(),
            entries: vec![named(1, "a"), named(2, "b"), named(1, "c")],
        }));
        assert_eq!(e.field, Field::Entries);
        assert!(
            e.message
                .starts_with("dup.txt holds one board twice, as its boards 1 ('a') and 3 ('c')"),
            "{}",
            e.message
        );
        // The same board by its generator's ID and written out in full.
        let k3: cw_core::BoardId = "k3".parse().unwrap();
        let k3 = k3.board().unwrap();
        let cells: String = k3
            .cells()
            .iter()
            .map(|c| c.map_or('.', |c| char::from_digit(u32::from(c.0), 36).unwrap()))
            .collect();
        let full: cw_core::BoardId = format!("30x20c5:{cells}").parse().unwrap();
        assert!(matches!(full, cw_core::BoardId::Literal(_)));
        let e = error(&draft(BoardSet::Entries {
            label: "ids.txt".into(),
            entries: vec![
                cw_core::format::BoardEntry::new(k3.clone()),
                cw_core::format::BoardEntry::new(full.board().unwrap()),
            ],
        }));
        assert!(
            e.message
                .starts_with("ids.txt holds one board twice, as its boards 1 and 2"),
            "{}",
            e.message
        );
        // The same cells with another color count are another board.
        let entries = ["2x2c4:1100", "2x2c2:1100"]
            .map(|id| {
                let id: cw_core::BoardId = id.parse().unwrap();
                cw_core::format::BoardEntry::new(id.board().unwrap())
            })
            .to_vec();
        let plan = check(
            &draft(BoardSet::Entries {
                label: "ids.txt".into(),
                entries,
            }),
            &Caps::command_line(),
        );
        assert_eq!(plan.unwrap().boards.len(), 2);
    }

    #[test]
    fn a_front_end_brings_its_own_caps_and_spec_check() {
        let refuse_gla = |text: &str, g: &ClusterGraph| {
            let spec = parse_spec(text, g)?;
            if spec.to_string().starts_with("gla") {
                return Err("too costly here".to_string());
            }
            Ok(spec)
        };
        let caps = Caps {
            max_boards: 10,
            max_games: 15,
            spec: &refuse_gla,
            ..Caps::command_line()
        };
        let e = check(&draft(seeds(1, 3)), &caps).unwrap_err();
        assert_eq!(e.field, Field::Spec("gla-3".into()));
        let mut d = draft(seeds(1, 8));
        d.specs = vec!["greedy".into(), "random".into()];
        let e = check(&d, &caps).unwrap_err();
        assert!(
            e.message.contains("16 games is too many: at most 15"),
            "{e}"
        );
        let e = check(&draft(seeds(1, 11)), &caps).unwrap_err();
        assert!(e.message.contains("1 to 10"), "{e}");
    }

    #[test]
    fn the_fingerprint_holds_the_plan_in_full_and_says_what_differs() {
        let plan = check(&draft(seeds(1, 3)), &Caps::command_line()).unwrap();
        let f = plan.fingerprint();
        assert_eq!(
            f.plan["solvers"],
            json!(["greedy:metric=area", "gla:depth=3,metric=area,form=p7"])
        );
        assert_eq!(f.plan["boards"], "seeds:10x8c4:1..4");
        assert_eq!(f.digest().len(), 16);
        assert_eq!(f.digest(), plan.clone().fingerprint().digest());
        assert!(f.differences(&f).is_empty());

        let mut older = f.clone();
        older.version = "0.0.1".into();
        older.plan["solvers"][1] = "gla:depth=3,metric=area,form=p6".into();
        assert_ne!(older.digest(), f.digest());
        let why = f.differences(&older);
        assert_eq!(why.len(), 2, "{why:?}");
        assert!(why[0].contains("colorwalk 0.0.1"), "{why:?}");
        assert!(
            why[1].contains("form=p6") && why[1].contains("form=p7"),
            "{why:?}"
        );

        let mut limited = plan.clone();
        limited.limits.time_limit = Some(Duration::from_secs(1));
        assert_ne!(limited.fingerprint().digest(), f.digest());
    }

    #[test]
    fn a_files_boards_are_known_by_their_ids_not_by_its_path() {
        let entries: Vec<BoardEntry> = (1..=3)
            .map(|s| BoardEntry::new(Board::seeded(6, 6, 3, s).unwrap()))
            .collect();
        let file = |label: &str, entries: Vec<BoardEntry>| {
            check(
                &draft(BoardSet::Entries {
                    label: label.into(),
                    entries,
                }),
                &Caps::command_line(),
            )
            .unwrap()
            .fingerprint()
        };
        let here = file("sets/a.txt", entries.clone());
        let there = file("/cluster/data/a.txt", entries.clone());
        assert_eq!(here.digest(), there.digest());
        let mut other = entries;
        other.swap(0, 1);
        assert_ne!(file("sets/a.txt", other).digest(), here.digest());
    }
}
