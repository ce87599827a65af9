//! What both play modes (line mode and the full-screen game) say about a
//! game: its rule set, its move limit (`--limit`, par from the exact
//! solver), what a move did, the status line's region, and how a game
//! ended.

use anyhow::{Result, bail};
use cw_core::{Board, ClusterGraph, Color};
use cw_solve::exact::{ExactOptions, solve_exact};
use cw_solve::{Limits, SearchCtx};
use std::process::ExitCode;
use std::time::Duration;

/// The time the exact solver may take to find par for `--limit par`.
pub const PAR_TIME: Duration = Duration::from_secs(30);

/// The largest move limit `--limit` takes (and the largest slack).
pub const MAX_LIMIT: u32 = 10_000;

/// The most moves one game plays, in either mode, as many as the largest
/// `--limit`: past it a move is refused (undo and restart still work).
/// Without it, endless input (`yes 1 | colorwalk play`) would make the game
/// hold more and more memory (line mode keeps every position for undo).
pub const MAX_GAME_MOVES: u32 = MAX_LIMIT;

/// What a game says when a move would pass [`MAX_GAME_MOVES`].
pub fn too_many_moves_text() -> String {
    format!("a game plays at most {MAX_GAME_MOVES} moves: u to undo, r to restart, q to quit")
}

/// A move-limit rule, as `--limit` gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitRule {
    /// Par (the proven optimum) plus this many moves.
    Par {
        /// Moves allowed beyond par (0: par exactly).
        slack: u32,
    },
    /// This many moves.
    Moves(u32),
}

/// Reads `par`, `par+N` or a number of moves (spaces and case do not matter).
pub fn parse_limit(text: &str) -> Result<LimitRule> {
    let norm: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let expected = format!(
        "expected par, par+N (N moves beyond par, 0 to {MAX_LIMIT}) or a number of moves (1 to \
         {MAX_LIMIT})"
    );
    let number = |digits: &str| -> Result<u32> {
        match digits.parse::<u32>() {
            Ok(n) if n <= MAX_LIMIT && digits.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
            _ => bail!("'{text}': {expected}"),
        }
    };
    if let Some(rest) = norm.strip_prefix("par") {
        return match rest.strip_prefix('+') {
            None if rest.is_empty() => Ok(LimitRule::Par { slack: 0 }),
            Some(slack) => Ok(LimitRule::Par {
                slack: number(slack)?,
            }),
            None => bail!("'{text}': {expected}"),
        };
    }
    match number(&norm)? {
        0 => bail!("'{text}': a limit of 0 moves leaves no move to play"),
        n => Ok(LimitRule::Moves(n)),
    }
}

/// A move limit on one board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveLimit {
    /// The moves allowed.
    pub moves: u32,
    /// How it was set, for people: `par 19 + 2`, `par 19`, `25 moves`.
    pub how: String,
}

/// The move limit of `rule` on `board`; par comes from the exact solver
/// within `time` (when it cannot prove the optimum in time, its best
/// solution stands in, and `how` says so).
pub fn resolve_limit(board: &Board, rule: LimitRule, time: Duration) -> MoveLimit {
    match rule {
        LimitRule::Moves(moves) => MoveLimit {
            moves,
            how: super::count(moves, "move"),
        },
        LimitRule::Par { slack } => {
            let graph = ClusterGraph::new(board);
            let limits = Limits {
                time_limit: Some(time),
                ..Limits::default()
            };
            let mut ctx = SearchCtx::new(board, &limits);
            let opts = ExactOptions {
                time_limit: Some(time),
                ..ExactOptions::default()
            };
            let r = solve_exact(&graph, &opts, &mut ctx);
            let par = r.moves.len() as u32;
            let what = if r.proven {
                format!("par {par}")
            } else {
                format!("par ≤ {par} (not proven in {} s)", time.as_secs())
            };
            MoveLimit {
                moves: par + slack,
                how: if slack == 0 {
                    what
                } else {
                    format!("{what} + {slack}")
                },
            }
        }
    }
}

/// The name of a board's rule set, for people.
pub fn rules_title(board: &Board) -> &'static str {
    if board.is_flood_it() {
        "Flood-It"
    } else {
        "Color Walk"
    }
}

/// `  blocks left: B`, and on a Flood-It board `  region: C (name)`.
pub fn write_region_status(s: &mut String, board: &Board, moves: &[Color], blocks_left: u32) {
    use std::fmt::Write as _;
    let _ = write!(s, "  blocks left: {blocks_left}");
    if let Some(r) = board.region_color(moves) {
        let _ = write!(s, "  region: {r} ({})", r.name());
    }
}

/// What a move did: the blocks it removed, or on a Flood-It board the
/// blocks it took in, and whether it was wasted.
pub fn move_text(c: Color, blocks: u32, region_before: Option<Color>) -> String {
    match region_before {
        None => format!(
            "{} ({}): removed {}",
            c,
            c.name(),
            super::count(blocks, "block")
        ),
        Some(r) if r == c => format!(
            "{} ({}): the region is {} already: nothing taken in (a wasted move, still counted)",
            c,
            c.name(),
            c.name()
        ),
        Some(_) if blocks == 0 => format!(
            "{} ({}): no {} group touches the region: nothing taken in (a wasted move, still counted); the region is {} now",
            c,
            c.name(),
            c.name(),
            c.name()
        ),
        Some(_) => format!(
            "{} ({}): the region takes in {}",
            c,
            c.name(),
            super::count(blocks, "block")
        ),
    }
}

/// How a game ended, in either play mode.
#[derive(Debug, PartialEq, Eq)]
pub enum Ending {
    /// The board was cleared in this many moves.
    Cleared(u32),
    /// The player quit (or input ended) after this many moves.
    Quit(u32),
    /// The move limit ran out before the board was clear (and the player
    /// then quit, or input ended), after this many moves.
    Lost(u32),
}

impl Ending {
    /// The process's exit code for this ending, as `verify`'s: 0 when the
    /// board was cleared, 1 when it was not (quit, end of input, or lost).
    pub fn exit_code(&self) -> ExitCode {
        match self {
            Ending::Cleared(_) => ExitCode::SUCCESS,
            Ending::Quit(_) | Ending::Lost(_) => ExitCode::FAILURE,
        }
    }
}
