//! Request validation: boards, moves and specs, with messages that say
//! what is wrong. Nothing here panics on any input.

use crate::caps;
use crate::{ApiError, Config};
use cw_core::{Board, BoardId, ClusterGraph, Color};
use cw_solve::{ParamCost, Spec, quoted};

/// The board a board ID names.
pub(crate) fn board(id: &str) -> Result<Board, ApiError> {
    let bad =
        |e: &dyn std::fmt::Display| ApiError::bad_request(format!("board {}: {e}", quoted(id)));
    if id.trim().is_empty() {
        return Err(ApiError::bad_request(
            "board: expected a board ID such as 30x20c5-k1 or 30x20c5-s42",
        ));
    }
    let parsed: BoardId = id.parse().map_err(|e| bad(&e))?;
    let board = parsed.board().map_err(|e| bad(&e))?;
    page_colors(board.n_colors())?;
    Ok(board)
}

/// Checks a move list against a board: every color exists and no move comes
/// after the board is clear. At most [`caps::MAX_MOVES`] moves.
pub(crate) fn moves(board: &Board, moves: &[u8]) -> Result<Vec<Color>, ApiError> {
    if moves.len() > caps::MAX_MOVES as usize {
        return Err(ApiError::bad_request(format!(
            "moves: {} moves is too many: at most {}",
            moves.len(),
            caps::MAX_MOVES
        )));
    }
    let graph = cw_core::ClusterGraph::new(board);
    let mut game = graph.start();
    for (i, &m) in moves.iter().enumerate() {
        if usize::from(m) >= board.n_colors() {
            return Err(ApiError::bad_request(format!(
                "moves: move {} is color {m}, but the board has colors 0 to {}",
                i + 1,
                board.n_colors() - 1
            )));
        }
        if game.is_solved() {
            return Err(ApiError::bad_request(format!(
                "moves: move {} comes after the board was cleared (by move {i})",
                i + 1
            )));
        }
        game.play(Color(m));
    }
    Ok(moves.iter().map(|&m| Color(m)).collect())
}

/// Parses a move list in text (`3,1,4` or `314`) and checks it.
pub(crate) fn moves_text(board: &Board, text: &str) -> Result<Vec<Color>, ApiError> {
    if text.len() > 8 * caps::MAX_MOVES as usize {
        return Err(ApiError::bad_request("moves: the move list is too long"));
    }
    let parsed: cw_core::Moves = text
        .parse()
        .map_err(|e| ApiError::bad_request(format!("moves {}: {e}", quoted(text))))?;
    let raw: Vec<u8> = parsed.0.iter().map(|c| c.0).collect();
    moves(board, &raw)
}

/// Parses a spec and checks it against the web lab's budgets for a board
/// whose cluster graph is `graph` (see [`caps`]): what it may try per move,
/// and the memory its caps let it hold against one search's share of the
/// server's memory.
pub(crate) fn spec(text: &str, graph: &ClusterGraph, config: &Config) -> Result<Spec, ApiError> {
    spec_within_caps(text, graph, config)
        .map_err(|why| ApiError::bad_request(format!("spec {}: {why}", quoted(text))))
}

/// [`spec`]'s check, with the reason a spec is refused (without its text):
/// what a batch plan's check asks of each spec.
pub(crate) fn spec_within_caps(
    text: &str,
    graph: &ClusterGraph,
    config: &Config,
) -> Result<Spec, String> {
    let n_colors = graph.n_colors();
    if text.len() > 2000 {
        return Err("too long (at most 2000 characters)".into());
    }
    let spec = Spec::parse(text).map_err(|e| e.to_string())?;
    // The command line plays such specs as asked (`solve` keeps only to
    // its own --memory-mb and --time-limit).
    let over = |what: String| {
        format!("{what} (a limit of the web lab's; `colorwalk solve` runs the spec as asked)")
    };
    // What each parameter costs, and the most the lab allows, is declared
    // by its solver (`ParamDef::cost`).
    for stage in spec.alternatives().iter().flatten() {
        let name = stage.def().name;
        for param in stage.def().params {
            let key = param.name;
            match param.cost {
                // A cap is checked with the memory the spec needs, below.
                ParamCost::None | ParamCost::MemoryCapMb => {}
                ParamCost::PositionsPerMove { max } => {
                    let int = stage.params().int(key);
                    let positions = (n_colors as f64).powi(int as i32);
                    if positions > max {
                        let max_value = (max.ln() / (n_colors as f64).ln()).floor();
                        return Err(over(format!(
                            "{name} {key}={int} with {n_colors} colors tries {positions:.0e} positions per move; \
                             at most {max:.0e} ({key} {max_value} or less)"
                        )));
                    }
                }
                ParamCost::BeamWidth { max }
                | ParamCost::QueueSize { max }
                | ParamCost::Threads { max } => {
                    let int = stage.params().int(key);
                    if int > max {
                        return Err(over(format!("{name} {key}={int} is above {max}")));
                    }
                }
            }
        }
    }
    // A memory cap left at its default is lowered to the share: the search
    // stays within the share whatever its cap (see `memory_need_within`).
    let need = spec.memory_need_within(graph, config.search_memory_bytes());
    if need > config.search_memory_bytes() {
        return Err(over(format!(
            "its caps let it hold about {} MiB on this board, more than the {} MiB one search may use \
             (the server's {} MiB, --memory-mb, shared by {} search slots and {} batch games)",
            need.div_ceil(1 << 20),
            config.search_memory_mb(),
            config.memory_mb,
            config.jobs,
            config.batch_threads
        )));
    }
    Ok(spec)
}

/// A time budget in milliseconds: `default` when absent, else 1..=`max`.
pub(crate) fn time_ms(
    value: Option<u64>,
    default: u64,
    max: u64,
    what: &str,
) -> Result<u64, ApiError> {
    match value {
        None => Ok(default),
        Some(v) if (1..=max).contains(&v) => Ok(v),
        Some(v) => Err(ApiError::bad_request(format!(
            "{what}: {v} ms is out of range: 1 to {max}"
        ))),
    }
}

/// A board shape from a request, checked against the engine's ranges.
pub(crate) fn shape(width: usize, height: usize, colors: usize) -> Result<(), ApiError> {
    Board::check_shape(width, height, colors).map_err(|e| ApiError::bad_request(e.to_string()))?;
    page_colors(colors)
}

/// Checks that the page can draw a board of `colors` colors
/// ([`caps::MAX_PAGE_COLORS`]).
pub(crate) fn page_colors(colors: usize) -> Result<(), ApiError> {
    if colors > caps::MAX_PAGE_COLORS {
        return Err(ApiError::bad_request(format!(
            "{colors} colors: the web lab draws boards of 2 to {} colors \
             (colorwalk's command line plays and solves boards of up to 36)",
            caps::MAX_PAGE_COLORS
        )));
    }
    Ok(())
}

/// A move-limit rule: the proven optimum (par) plus a slack, or a fixed
/// number of moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub(crate) enum LimitRule {
    /// Par plus `slack` moves (0: par exactly).
    Par {
        /// Moves allowed beyond par.
        slack: u32,
    },
    /// A fixed number of moves.
    Moves {
        /// The moves allowed.
        moves: u32,
    },
}

impl LimitRule {
    /// The rule's canonical text, which [`limit_rule`] reads back: `par`,
    /// `par+N` or `N`.
    pub(crate) fn text(self) -> String {
        match self {
            LimitRule::Par { slack: 0 } => "par".into(),
            LimitRule::Par { slack } => format!("par+{slack}"),
            LimitRule::Moves { moves } => moves.to_string(),
        }
    }
}

/// Reads a move-limit rule: `par`, `par+N` (N from 0) or a number of moves
/// (1 to [`caps::MAX_MOVES`]); `none` or nothing is no limit. Spaces and
/// case do not matter.
pub(crate) fn limit_rule(text: &str) -> Result<Option<LimitRule>, ApiError> {
    let max = caps::MAX_MOVES;
    let bad = |why: &str| {
        ApiError::bad_request(format!(
            "limit {}: {why}; expected par, par+N (N from 0 to {max}) or a number of moves from 1 to {max}",
            quoted(text)
        ))
    };
    let norm: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    let number = |digits: &str, what: &str| -> Result<u32, ApiError> {
        if let Some(rest) = digits.strip_prefix('-')
            && !rest.is_empty()
            && rest.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad(&format!("{what} is below 0")));
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad(&format!("{what} is not a whole number")));
        }
        match digits.parse::<u32>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(bad(&format!("{what} is above {max}"))),
        }
    };
    if norm.is_empty() || norm == "none" {
        return Ok(None);
    }
    if let Some(rest) = norm.strip_prefix("par") {
        if rest.is_empty() {
            return Ok(Some(LimitRule::Par { slack: 0 }));
        }
        let Some(slack) = rest.strip_prefix('+') else {
            return Err(bad("after par comes +N"));
        };
        return Ok(Some(LimitRule::Par {
            slack: number(slack, "the slack")?,
        }));
    }
    match number(&norm, "the limit")? {
        0 => Err(bad("a limit of 0 moves leaves no move to play")),
        moves => Ok(Some(LimitRule::Moves { moves })),
    }
}

/// A resolved move limit from a request (1 to [`caps::MAX_MOVES`]) against
/// the moves already made: none of them may pass it.
pub(crate) fn limit(limit: Option<u32>, n_moves: usize) -> Result<Option<u32>, ApiError> {
    let Some(l) = limit else { return Ok(None) };
    if !(1..=caps::MAX_MOVES).contains(&l) {
        return Err(ApiError::bad_request(format!(
            "limit: {l} is out of range: 1 to {}",
            caps::MAX_MOVES
        )));
    }
    if n_moves > l as usize {
        return Err(ApiError::bad_request(format!(
            "moves: {n_moves} moves pass the move limit of {l}"
        )));
    }
    Ok(Some(l))
}

/// The start cell of a new Flood-It board from a request: absent or null
/// is the top-left block, `"centre"` (or `"center"`) the middle one (row
/// `height / 2`, column `width / 2`), `[row, col]` (from 0) any block.
pub(crate) fn start(
    value: Option<&serde_json::Value>,
    width: usize,
    height: usize,
) -> Result<(usize, usize), ApiError> {
    use serde_json::Value;
    let bad = || {
        ApiError::bad_request(
            "start: expected \"centre\" or [row, column] (from 0), or nothing for the top-left block",
        )
    };
    let (row, col) = match value {
        None | Some(Value::Null) => (0, 0),
        Some(Value::String(s)) if matches!(s.trim(), "centre" | "center") => {
            (height / 2, width / 2)
        }
        Some(Value::Array(a)) if a.len() == 2 => {
            let n = |v: &Value| {
                v.as_u64()
                    .and_then(|n| usize::try_from(n).ok())
                    .ok_or_else(bad)
            };
            (n(&a[0])?, n(&a[1])?)
        }
        Some(_) => return Err(bad()),
    };
    Board::check_start(width, height, row, col)
        .map_err(|e| ApiError::bad_request(format!("start: {e}")))?;
    Ok((row, col))
}
