//! The spec language: solvers composed as text.
//!
//! ```text
//! spec  := chain ('|' chain)*      fallback: when a chain gives up at a position, ask the next
//! chain := stage ('>' stage)*      phases: a stage plays while the game has fewer moves than its `until`
//! stage := name (':' key '=' value (',' key '=' value)*)?
//! ```
//!
//! A whole spec may also be a preset name. Every spec has one canonical
//! form, which labels results: parameters in the solver's order, those at
//! their default left out, `until` last; it parses back to the same spec.
//! (A stored run also keeps the program version and every parameter's value,
//! defaults included, so a run is never resumed by a program whose defaults
//! changed.)

use crate::def::{ParamDef, Params, SolverDef, UNTIL};
use crate::registry;
use crate::{SearchCtx, Solver, presets};
use cw_core::{Color, Game};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A parsed, checked spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    alternatives: Vec<Vec<Stage>>,
}

/// One stage: a solver with its parameters, played while `n_moves < until`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    def: &'static SolverDef,
    params: Params,
    until: Option<u32>,
}

/// Why a text is not a spec.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad solver spec at character {col}: {message}")]
pub struct SpecError {
    /// 1-based character position of the problem.
    pub col: usize,
    /// What is wrong and what was expected.
    pub message: String,
}

impl SpecError {
    pub(crate) fn new(col: usize, message: impl Into<String>) -> SpecError {
        SpecError {
            col,
            message: message.into(),
        }
    }
}

impl Spec {
    /// Parses and checks a spec (or a preset name).
    pub fn parse(text: &str) -> Result<Spec, SpecError> {
        text.parse()
    }

    /// The stages of each alternative.
    pub fn alternatives(&self) -> &[Vec<Stage>] {
        &self.alternatives
    }

    /// Builds a fresh solver for one game.
    pub fn build(&self) -> Result<Box<dyn Solver>, SpecError> {
        let mut chains = Vec::new();
        for chain in &self.alternatives {
            let mut stages = Vec::new();
            for stage in chain {
                stages.push(((stage.def.build)(&stage.params)?, stage.until));
            }
            chains.push(stages);
        }
        Ok(Box::new(Composite { chains }))
    }

    /// Whether a batch must play its boards in order with one solver: some
    /// stage carries state from board to board (the series' round robin) or
    /// draws from the series' shared stream. See
    /// [`SolverDef::carries_state`] and [`SolverDef::draws_series_stream`].
    pub fn is_sequential(&self) -> bool {
        self.any_stage(|s| {
            (s.def.carries_state)(&s.params) || (s.def.draws_series_stream)(&s.params)
        })
    }

    /// The most memory, in bytes, one game of this spec may hold on
    /// `graph` as its parameters set it: the largest of its stages (one
    /// stage searches at a time), 0 for solvers that hold only a few
    /// positions. See [`SolverDef::memory`].
    pub fn memory_need(&self, graph: &cw_core::ClusterGraph) -> u64 {
        // No budget lowers a cap.
        self.memory_need_within(graph, u64::MAX)
    }

    /// [`memory_need`](Self::memory_need) in a game whose memory budget is
    /// `budget` bytes: a stage's memory cap left at its default
    /// ([`ParamCost::MemoryCapMb`](crate::ParamCost::MemoryCapMb)) counts as
    /// at most the budget, since the solver stays within the game's budget
    /// whatever its cap; a cap set to another value counts as it is.
    pub fn memory_need_within(&self, graph: &cw_core::ClusterGraph, budget: u64) -> u64 {
        let budget_mb = (budget >> 20).max(1);
        self.alternatives
            .iter()
            .flatten()
            .filter_map(|s| {
                let need = s.def.memory?;
                let values = s
                    .def
                    .params
                    .iter()
                    .zip(s.params.iter())
                    .map(|(def, (name, value))| {
                        let lowered = def.cost == crate::ParamCost::MemoryCapMb
                            && value == def.default
                            && value.parse::<u64>().is_ok_and(|mb| mb > budget_mb);
                        let value = if lowered {
                            budget_mb.to_string()
                        } else {
                            value.to_string()
                        };
                        (name, value)
                    })
                    .collect();
                Some(need(&Params::new(values), graph))
            })
            .max()
            .unwrap_or(0)
    }

    /// Whether some stage carries state from one board to the next (see
    /// [`SolverDef::carries_state`]): it must meet every board in order.
    pub fn carries_state(&self) -> bool {
        self.any_stage(|s| (s.def.carries_state)(&s.params))
    }

    /// Whether any stage draws from the series' shared random stream (the
    /// board sequence of a series run then depends on the solver, spec §1.6;
    /// on other boards each game's draws start afresh).
    pub fn uses_series_stream(&self) -> bool {
        self.any_stage(|s| (s.def.draws_series_stream)(&s.params))
    }

    /// Whether some stage may play a color that removes nothing (see
    /// [`SolverDef::may_waste_moves`]); when none may, every move of the
    /// spec absorbs something.
    pub fn may_waste_moves(&self) -> bool {
        self.any_stage(|s| (s.def.may_waste_moves)(&s.params))
    }

    fn any_stage(&self, test: impl Fn(&Stage) -> bool) -> bool {
        self.alternatives.iter().flatten().any(test)
    }
}

impl Stage {
    /// The solver's registry entry.
    pub fn def(&self) -> &'static SolverDef {
        self.def
    }

    /// The checked parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The move count at which this stage hands over.
    pub fn until(&self) -> Option<u32> {
        self.until
    }
}

/// A spec built into a solver: ask the chains in order; in each chain, the
/// first stage whose `until` is not yet reached plays.
struct Composite {
    chains: Vec<Vec<BuiltStage>>,
}

/// A built stage: the solver and the move count where it hands over.
type BuiltStage = (Box<dyn Solver>, Option<u32>);

impl Solver for Composite {
    fn next_moves(&mut self, game: &Game<'_>, ctx: &mut SearchCtx) -> Option<Vec<Color>> {
        for chain in &mut self.chains {
            let stage = chain
                .iter_mut()
                .find(|(_, until)| until.is_none_or(|u| game.n_moves() < u));
            // A stage's whole proposal is played, even past its `until`
            // (as the series' Dijkstra-GLA played Dijkstra's whole path).
            // Why a stage gave up is the last one asked's to say.
            ctx.gave_up_because = None;
            if let Some((solver, _)) = stage
                && let Some(moves) = solver.next_moves(game, ctx)
            {
                return Some(moves);
            }
        }
        None
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, chain) in self.alternatives.iter().enumerate() {
            if i > 0 {
                f.write_str("|")?;
            }
            for (j, stage) in chain.iter().enumerate() {
                if j > 0 {
                    f.write_str(">")?;
                }
                write!(f, "{stage}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.def.name)?;
        let mut sep = ':';
        for ((k, v), def) in self.params.iter().zip(self.def.params) {
            if v != def.default {
                write!(f, "{sep}{k}={v}")?;
                sep = ',';
            }
        }
        if let Some(u) = self.until {
            write!(f, "{sep}until={u}")?;
        }
        Ok(())
    }
}

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Spec, SpecError> {
        match presets::find(text.trim()) {
            Some(preset) => parse_chains(preset.spec),
            None => parse_chains(text),
        }
    }
}

/// Parses the chains of a spec (no preset names).
fn parse_chains(text: &str) -> Result<Spec, SpecError> {
    {
        if text.trim().is_empty() {
            return Err(SpecError::new(
                1,
                "empty spec: expected a solver name or a preset",
            ));
        }
        let mut alternatives = Vec::new();
        let mut offset = 0;
        for alt in text.split('|') {
            let mut chain = Vec::new();
            let mut columns = Vec::new();
            let mut stage_offset = offset;
            for stage in alt.split('>') {
                chain.push(parse_stage(stage, stage_offset)?);
                columns.push(
                    stage_offset + stage.chars().take_while(|c| c.is_whitespace()).count() + 1,
                );
                stage_offset += stage.chars().count() + 1;
            }
            // The move count the stages before this one hand over at.
            let mut handed_over_at = 0;
            for (i, stage) in chain.iter().enumerate() {
                if i + 1 < chain.len() && stage.until.is_none() {
                    return Err(SpecError::new(
                        columns[i],
                        format!(
                            "stage '{}' needs until=N: the stages after it would never play",
                            stage.def.name
                        ),
                    ));
                }
                // A stage plays from the move where the ones before it hand
                // over, until its own `until`: one that ends no later never
                // plays.
                if let Some(until) = stage.until {
                    if i > 0 && until <= handed_over_at {
                        return Err(SpecError::new(
                            columns[i],
                            format!(
                                "stage '{}' never plays: its until={until} is not after the \
                                 stages before it hand over (at move {handed_over_at})",
                                stage.def.name
                            ),
                        ));
                    }
                    handed_over_at = handed_over_at.max(until);
                }
            }
            alternatives.push((chain, columns));
            offset += alt.chars().count() + 1;
        }
        // A last stage's `until` hands over to the next alternative; the
        // last alternative's has nothing to hand over to, so the game would
        // stop there unsolved.
        if let Some((chain, columns)) = alternatives.last()
            && let (Some(stage), Some(&col)) = (chain.last(), columns.last())
            && let Some(until) = stage.until
        {
            return Err(SpecError::new(
                col,
                format!(
                    "stage '{}' has until={until} but nothing follows it, so the game would \
                     stop unsolved at move {until}: add a stage after it (>) or a fallback (|), \
                     or drop until",
                    stage.def.name
                ),
            ));
        }
        let alternatives = alternatives.into_iter().map(|(chain, _)| chain).collect();
        Ok(Spec { alternatives })
    }
}

/// `text` in quotes for a message: whole up to 60 characters, else its
/// first 50 and its length (a message that repeats a spec of 100 kB, or a
/// name of one, helps no one).
pub fn quoted(text: &str) -> String {
    let n = text.chars().count();
    if n <= 60 {
        format!("'{text}'")
    } else {
        let head: String = text.chars().take(50).collect();
        format!("'{head}…' ({n} characters)")
    }
}

/// Parses one stage; `offset` is the character offset of `text` in the spec.
fn parse_stage(text: &str, offset: usize) -> Result<Stage, SpecError> {
    let lead = text.chars().take_while(|c| c.is_whitespace()).count();
    let col = offset + lead + 1;
    let trimmed = text.trim();
    // `name_chars`: the name as written, spaces before the `:` included,
    // so that the parameters' columns count them.
    let (name, name_chars, rest) = match trimmed.split_once(':') {
        Some((n, r)) => (n.trim(), n.chars().count(), Some(r)),
        None => (trimmed, trimmed.chars().count(), None),
    };
    if name.is_empty() {
        return Err(SpecError::new(col, "expected a solver name"));
    }
    let def = registry::find(name).ok_or_else(|| {
        let hint = if presets::find(name).is_some() {
            format!(
                "{} is a preset, which stands alone as a whole spec ({})",
                quoted(name),
                presets::find(name).map_or("", |p| p.spec)
            )
        } else if let Some(written) = depth_form(name) {
            // `gla-6`, on the pattern of the presets `gla-3` and `gla-5`;
            // `gla-11` says the depth's range.
            match written {
                Ok(written) => {
                    format!("unknown solver {}; did you mean '{written}'?", quoted(name))
                }
                Err(why) => format!("unknown solver {}; as a depth: {why}", quoted(name)),
            }
        } else {
            let names = registry::SOLVERS
                .iter()
                .map(|d| d.name)
                .chain(presets::PRESETS.iter().map(|p| p.name));
            match nearest(name, names) {
                Some(near) => format!("unknown solver {}; did you mean '{near}'?", quoted(name)),
                None => format!(
                    "unknown solver {} (solvers: {}; presets: {})",
                    quoted(name),
                    registry::SOLVERS
                        .iter()
                        .map(|d| d.name)
                        .collect::<Vec<_>>()
                        .join(", "),
                    presets::PRESETS
                        .iter()
                        .map(|p| p.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        };
        SpecError::new(col, hint)
    })?;
    let mut given: Vec<(&'static ParamDef, String)> = Vec::new();
    let mut until = None;
    if let Some(rest) = rest {
        let mut pos = col + name_chars + 1;
        for pair in rest.split(',') {
            let pair_start = pos;
            let pair_col = pair_start + pair.chars().take_while(|c| c.is_whitespace()).count();
            pos += pair.chars().count() + 1;
            let Some((key, value)) = pair.split_once('=') else {
                return Err(SpecError::new(
                    pair_col,
                    format!("expected key=value, found '{}'", pair.trim()),
                ));
            };
            // A bad value is pointed at where the value starts, after the
            // `=` and any spaces (at the end of the text for an empty one).
            let value_col = pair_start
                + key.chars().count()
                + 1
                + value.chars().take_while(|c| c.is_whitespace()).count();
            let (key, value) = (key.trim(), value.trim());
            let param = def
                .params
                .iter()
                .chain(std::iter::once(&UNTIL))
                .find(|p| p.name == key)
                .ok_or_else(|| {
                    let names = def.params.iter().map(|p| p.name).chain(["until"]);
                    let list = names.clone().collect::<Vec<_>>().join(", ");
                    let hint = nearest(key, names)
                        .map(|n| format!("; did you mean '{n}'?"))
                        .unwrap_or_default();
                    SpecError::new(
                        pair_col,
                        format!(
                            "{} has no parameter {}{hint} (parameters: {list})",
                            def.name,
                            quoted(key)
                        ),
                    )
                })?;
            let value = param.kind.check(value).map_err(|e| {
                SpecError::new(value_col, format!("{} {}: {e}", def.name, param.name))
            })?;
            if param.name == "until" {
                if until.is_some() {
                    return Err(SpecError::new(
                        pair_col,
                        format!("{} is given twice", quoted(key)),
                    ));
                }
                until = Some(value.parse().expect("checked as a whole number"));
            } else if given.iter().any(|(p, _)| p.name == param.name) {
                return Err(SpecError::new(
                    pair_col,
                    format!("{} is given twice", quoted(key)),
                ));
            } else {
                given.push((param, value));
            }
        }
    }
    let values = def
        .params
        .iter()
        .map(|p| {
            let value = given
                .iter()
                .find(|(g, _)| g.name == p.name)
                .map_or_else(|| p.default.to_string(), |(_, v)| v.clone());
            (p.name, value)
        })
        .collect();
    let params = Params::new(values);
    // A solver refuses values that make no sense together (`random`'s seed
    // without its seeded stream) when it is built: asked here, so that a
    // spec that parses always builds.
    if let Err(e) = (def.build)(&params) {
        return Err(SpecError::new(col, format!("{}: {}", def.name, e.message)));
    }
    Ok(Stage { def, params, until })
}

/// `SOLVER:depth=N` for a name `SOLVER-N` where the solver has a `depth`
/// parameter (`gla-6`: `gla:depth=6`); the depth's range where `N` is a number
/// outside it (`gla-11`).
fn depth_form(name: &str) -> Option<Result<String, String>> {
    let (solver, n) = name.rsplit_once('-')?;
    let def = registry::find(solver)?;
    let depth = def.params.iter().find(|p| p.name == "depth")?;
    // Only a number reads as a depth (`gla-x` is some other typo).
    n.parse::<i64>().ok()?;
    Some(match depth.kind.check(n) {
        Ok(_) => Ok(format!("{solver}:depth={n}")),
        Err(why) => Err(format!("{solver}:depth={n}: {why}")),
    })
}

/// The candidate closest to `word` by edit distance, if it is close enough
/// to be a likely typo, else the longest candidate (of three letters or
/// more) that `word` starts with (`random-series`: `random`). Case does not
/// count (`GLA` is one letter from nothing, but it is surely `gla`).
pub fn nearest<'a>(word: &str, candidates: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    // Words longer than this are not compared by edit distance, which
    // costs the product of the lengths (a board named by its ID of cells
    // runs to 10,000 characters, and a file may hold thousands): a hint
    // that far from a typo helps no one.
    const LONGEST: usize = 64;
    let word = word.to_lowercase();
    let short = |w: &str| w.chars().count() <= LONGEST;
    let scored: Vec<(usize, &str)> = candidates
        .map(|c| {
            let c_lower = c.to_lowercase();
            let d = if short(&word) && short(&c_lower) {
                edit_distance(&word, &c_lower)
            } else {
                usize::MAX
            };
            (d, c)
        })
        .collect();
    scored
        .iter()
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .or_else(|| {
            scored
                .iter()
                .filter(|(_, c)| c.len() >= 3 && word.starts_with(&c.to_lowercase()))
                .max_by_key(|(_, c)| c.len())
        })
        .map(|&(_, c)| c)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
