//! Boards, positions and solvers: `/api/solvers`, `/api/spec`,
//! `/api/board`, `/api/play` and `/api/solve`.

use crate::caps;
use crate::check;
use crate::error::Json;
use crate::{ApiError, AppState, jobs};
use axum::extract::State;
use cw_core::format::{self, BoardEntry};
use cw_core::{BLANK_HEX, Board, ClusterGraph, Color, PALETTE};
use cw_solve::quoted;
use cw_solve::registry::{SOLVERS, UNTIL};
use cw_solve::{Limits, Outcome, ParamDef, ParamKind, presets};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// `GET /api/solvers`: the registry, the presets and the caps.
pub(crate) async fn solvers(State(state): State<AppState>) -> axum::Json<Value> {
    let param = |p: &ParamDef| {
        let kind = match p.kind {
            ParamKind::Int { min, max } => json!({ "type": "int", "min": min, "max": max }),
            ParamKind::Choice(values) => json!({ "type": "choice", "values": values }),
            ParamKind::Bool => json!({ "type": "bool" }),
        };
        json!({
            "name": p.name,
            "doc": p.doc,
            "default": p.default,
            "kind": kind,
            "describe": p.kind.describe(),
        })
    };
    let solvers: Vec<Value> = SOLVERS
        .iter()
        .map(|d| {
            json!({
                "name": d.name,
                "summary": d.summary,
                "params": d.params.iter().map(param).collect::<Vec<_>>(),
            })
        })
        .collect();
    let presets: Vec<Value> = presets::PRESETS
        .iter()
        .map(|p| {
            json!({
                "name": p.name,
                "spec": p.spec,
                "summary": p.summary,
                "canonical": cw_solve::Spec::parse(p.name).map(|s| s.to_string()).ok(),
            })
        })
        .collect();
    axum::Json(json!({
        "solvers": solvers,
        "presets": presets,
        "until": param(&UNTIL),
        "caps": caps::Caps::new(state.config()),
        "palette": &PALETTE[..],
        "blank": BLANK_HEX,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SpecRequest {
    spec: String,
    /// The color count to check budgets against (default 5), on a seeded
    /// board of the series' size.
    colors: Option<usize>,
    /// Or the board to check budgets against (its ID).
    board: Option<String>,
}

/// `POST /api/spec`: a spec's canonical form, or 400 saying what is wrong.
pub(crate) async fn spec(
    State(state): State<AppState>,
    Json(req): Json<SpecRequest>,
) -> Result<axum::Json<Value>, ApiError> {
    let board = match (&req.board, req.colors) {
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_request(
                "give board or colors, not both: the board has its own colors",
            ));
        }
        (Some(id), None) => check::board(id)?,
        (None, colors) => {
            let colors = colors.unwrap_or(5);
            check::shape(30, 20, colors)?;
            Board::seeded(30, 20, colors, 0).map_err(|e| ApiError::bad_request(e.to_string()))?
        }
    };
    let spec = check::spec(&req.spec, &ClusterGraph::new(&board), state.config())?;
    Ok(axum::Json(json!({
        "spec": spec.to_string(),
        "sequential": spec.is_sequential(),
    })))
}

/// Where a new board comes from.
#[derive(Deserialize)]
#[serde(tag = "source", rename_all = "lowercase", deny_unknown_fields)]
pub(crate) enum BoardRequest {
    /// A seeded board with a seed the server picks.
    Random {
        width: usize,
        height: usize,
        colors: usize,
    },
    /// A seeded board.
    Seed {
        seed: u64,
        width: usize,
        height: usize,
        colors: usize,
    },
    /// Board `index` (from 1) of the series' run.
    Series {
        index: u64,
        width: usize,
        height: usize,
        colors: usize,
    },
    /// A seeded Flood-It board (`WxHcK@R,C-fSEED`): every block colored,
    /// the region starting at `start` (absent: the top-left block;
    /// `"centre"`; or `[row, col]` from 0), with `seed` or one the server
    /// picks. Spelled `floodit`, or `flood-it` as batch plans spell it.
    #[serde(alias = "flood-it")]
    FloodIt {
        width: usize,
        height: usize,
        colors: usize,
        seed: Option<u64>,
        start: Option<Value>,
    },
    /// A board ID.
    Id { id: String },
    /// Board text in any format (detected).
    Text { text: String },
}

/// A board as the page draws it.
#[derive(Serialize)]
pub(crate) struct BoardJson {
    id: String,
    width: usize,
    height: usize,
    colors: usize,
    /// The rule set: `color-walk` or `flood-it`.
    rules: &'static str,
    /// The start cell, `[row, col]` from 0: the blank block of a Color Walk
    /// board, the block whose group is the region at the start in Flood-It.
    start: [usize; 2],
    /// The region's color before any move (the start cell's); `null` on a
    /// Color Walk board, whose region is blank.
    region: Option<u8>,
    /// Row-major: `.` for the blank block (Color Walk only), then `0`-`9`,
    /// `a`-`f`.
    cells: String,
    name: Option<String>,
    /// The known minimum: `{moves, proven}`.
    optimum: Option<Value>,
    /// The move-limit rule asked for with the board (`limit`), checked:
    /// `{kind: "par", slack, text}` or `{kind: "moves", moves, text}`;
    /// `null` for no limit.
    limit: Option<Value>,
}

/// `POST /api/board`: a board from a generator, an ID or text, and
/// optionally a move-limit rule (`limit`: `par`, `par+N` or a number of
/// moves), which is checked and given back with the board.
pub(crate) async fn board(
    State(state): State<AppState>,
    Json(mut body): Json<Value>,
) -> Result<axum::Json<BoardJson>, ApiError> {
    let limit = match body.as_object_mut().and_then(|o| o.remove("limit")) {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => check::limit_rule(&text)?,
        Some(Value::Number(n)) => check::limit_rule(&n.to_string())?,
        Some(_) => {
            return Err(ApiError::bad_request(
                "limit: expected text such as \"par\", \"par+2\" or \"25\"",
            ));
        }
    };
    let req: BoardRequest = serde_json::from_value(body)
        .map_err(|e| ApiError::bad_request(format!("bad JSON body: {e}")))?;
    let entry = match req {
        BoardRequest::Random {
            width,
            height,
            colors,
        } => {
            check::shape(width, height, colors)?;
            let seed = random_seed();
            let board = Board::seeded(width, height, colors, seed)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            BoardEntry::new(board)
        }
        BoardRequest::Seed {
            seed,
            width,
            height,
            colors,
        } => BoardEntry::new(check::board(&format!("{width}x{height}c{colors}-s{seed}"))?),
        BoardRequest::Series {
            index,
            width,
            height,
            colors,
        } => {
            check::shape(width, height, colors)?;
            let max = caps::max_series_board(width, height);
            if !(1..=max).contains(&index) {
                return Err(ApiError::bad_request(format!(
                    "index: the series' boards of {width}x{height} are numbered 1 to {max}"
                )));
            }
            BoardEntry::new(check::board(&format!(
                "{width}x{height}c{colors}-k{index}"
            ))?)
        }
        BoardRequest::FloodIt {
            width,
            height,
            colors,
            seed,
            start,
        } => {
            check::shape(width, height, colors)?;
            let start = check::start(start.as_ref(), width, height)?;
            let seed = seed.unwrap_or_else(random_seed);
            let board = Board::seeded_flood_it(width, height, colors, seed, start)
                .map_err(|e| ApiError::bad_request(e.to_string()))?;
            BoardEntry::new(board)
        }
        BoardRequest::Id { id } => BoardEntry::new(check::board(&id)?),
        BoardRequest::Text { text } => {
            if text.len() > 1 << 20 {
                return Err(ApiError::bad_request("text: too long (at most 1 MiB)"));
            }
            let fmt = format::detect(&text);
            // A line of ID names up to 10,000 blocks: count the IDs before
            // building any board, so a paste of thousands costs nothing.
            if fmt == format::Format::Id {
                let ids = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with('#'))
                    .count();
                if ids > 1 {
                    return Err(ApiError::bad_request(format!(
                        "board text: found {ids} board IDs; paste one"
                    )));
                }
            }
            let entries = format::parse(&text, fmt)
                .map_err(|e| ApiError::bad_request(format!("board text ({fmt} format): {e}")))?;
            match <[BoardEntry; 1]>::try_from(entries) {
                Ok([entry]) => {
                    check::page_colors(entry.board.n_colors()).map_err(|e| {
                        // Where the first color past the page's is (a typo
                        // such as `o` for `0` in a long paste).
                        let b = &entry.board;
                        let first = b.cells().iter().position(|c| {
                            c.is_some_and(|c| c.index() >= crate::caps::MAX_PAGE_COLORS)
                        });
                        match first {
                            Some(i) => ApiError::bad_request(format!(
                                "board text: the block at row {}, column {} of the board is of \
                                 color {}, so the board has {}",
                                i / b.width() + 1,
                                i % b.width() + 1,
                                b.cells()[i].map_or(0, |c| c.index()),
                                e.message
                            )),
                            None => e,
                        }
                    })?;
                    entry
                }
                Err(entries) => {
                    return Err(ApiError::bad_request(format!(
                        "board text: found {} boards; paste one",
                        entries.len()
                    )));
                }
            }
        }
    };
    let id = entry.board.id().to_string();
    let optimum = {
        let (id, listed, board) = (id.clone(), entry.optimum, entry.board.clone());
        jobs::store(&state, move |store| {
            let stored = store.optimum(&id)?.map(|(m, p, _)| (m, p));
            let mut evidence = cw_batch::OptimumEvidence::stored(stored);
            // A listed optimum (the pasted text's own claim) is taken as
            // proven unless something contradicts it, and a page uses it for
            // a `par+N` limit until its par search ends: a greedy game
            // (milliseconds, even on 100×100 boards) shorter than it does.
            if listed.is_some()
                && let Some(greedy) = greedy_moves(&board)
            {
                evidence.shortest = Some(evidence.shortest.map_or(greedy, |m| m.min(greedy)));
            }
            // A listed optimum that is contradicted is not used; the
            // store's own best is then.
            let (optimum, _) = cw_batch::reconcile_optimum(&id, listed, evidence, &board);
            Ok(optimum.or(stored))
        })
        .await?
    }
    .map(|(m, p)| json!({ "moves": m, "proven": p }));
    let limit = limit.map(|rule| {
        let mut v = serde_json::to_value(rule).unwrap_or(Value::Null);
        v["text"] = Value::String(rule.text());
        v
    });
    Ok(axum::Json(board_json(&entry, id, optimum, limit)))
}

/// The moves of a greedy game on `board`, if it clears it within the
/// usual move limit.
fn greedy_moves(board: &Board) -> Option<u32> {
    let graph = ClusterGraph::new(board);
    let mut greedy = cw_solve::Spec::parse("greedy").ok()?.build().ok()?;
    let report = cw_solve::solve(&graph, greedy.as_mut(), &cw_solve::Limits::default());
    report
        .solved()
        .then(|| u32::try_from(report.moves.len()).ok())
        .flatten()
}

fn board_json(
    entry: &BoardEntry,
    id: String,
    optimum: Option<Value>,
    limit: Option<Value>,
) -> BoardJson {
    let b = &entry.board;
    let (row, col) = b.start_row_col();
    BoardJson {
        id,
        width: b.width(),
        height: b.height(),
        colors: b.n_colors(),
        rules: b.rules_name(),
        start: [row, col],
        region: b.region_color(&[]).map(|c| c.0),
        cells: b
            .cells()
            .iter()
            .map(|c| c.map_or('.', Color::to_char))
            .collect(),
        name: entry.name.clone(),
        optimum,
        limit,
    }
}

/// A seed for a random board: the clock's nanoseconds and a counter, mixed.
fn random_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    // Keep seeds below 2^53 so that they survive JavaScript numbers.
    cw_core::SplitMix64::new(nanos ^ n.rotate_left(32)).next_u64() >> 11
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlayRequest {
    board: String,
    moves: Vec<u8>,
    /// A move limit (1 to [`caps::MAX_MOVES`]): the moves may not pass it,
    /// and the answer says whether the game is lost.
    limit: Option<u32>,
}

/// A position after some moves.
#[derive(Serialize)]
pub(crate) struct PlayJson {
    n_moves: usize,
    cleared: bool,
    blocks_left: u32,
    /// The rule set: `color-walk` or `flood-it`.
    rules: &'static str,
    /// For each block: the move (from 1) that cleared it (took it into the
    /// region), 0 for the region at the start, `null` while it is outside.
    cleared_at: Vec<Option<u32>>,
    /// Blocks each move removed (took into the region); 0 is a wasted move.
    removed: Vec<u32>,
    /// The colors that would remove something now.
    useful: Vec<u8>,
    /// The region's color after each number of moves (0 to `n_moves`), so
    /// that every earlier position can be drawn; `null` on a Color Walk
    /// board, whose region is blank.
    region: Option<Vec<u8>>,
    /// With a move limit: `{moves, left, lost}`; lost when the moves have
    /// run out and the board is not clear.
    limit: Option<Value>,
}

/// `POST /api/play`: replays moves and says when each block was cleared, so
/// the page can draw any position of the game.
pub(crate) async fn play(Json(req): Json<PlayRequest>) -> Result<axum::Json<PlayJson>, ApiError> {
    let board = check::board(&req.board)?;
    let moves = check::moves(&board, &req.moves)?;
    let limit = check::limit(req.limit, moves.len())?;
    Ok(axum::Json(position(&board, &moves, limit)))
}

pub(crate) fn position(board: &Board, moves: &[Color], limit: Option<u32>) -> PlayJson {
    let graph = ClusterGraph::new(board);
    let mut game = graph.start();
    let mut cleared_at = vec![None; board.n_blocks()];
    for &cell in graph.cells(0) {
        cleared_at[cell as usize] = Some(0);
    }
    let mut removed = Vec::with_capacity(moves.len());
    for (i, &c) in moves.iter().enumerate() {
        let before = game.flooded().clone();
        removed.push(game.play(c).blocks);
        let mut new = game.flooded().clone();
        new.difference_with(&before);
        for cluster in new.iter() {
            for &cell in graph.cells(cluster) {
                cleared_at[cell as usize] = Some(i as u32 + 1);
            }
        }
    }
    let region = board.is_flood_it().then(|| {
        (0..=moves.len())
            .filter_map(|k| board.region_color(&moves[..k]).map(|c| c.0))
            .collect()
    });
    let limit = limit.map(|l| {
        let left = l.saturating_sub(moves.len() as u32);
        json!({ "moves": l, "left": left, "lost": left == 0 && !game.is_solved() })
    });
    PlayJson {
        n_moves: moves.len(),
        cleared: game.is_solved(),
        blocks_left: game.blocks_left(),
        rules: board.rules_name(),
        cleared_at,
        removed,
        useful: game.useful_moves().iter().map(|c| c.0).collect(),
        region,
        limit,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SolveRequest {
    board: String,
    spec: String,
    /// Moves already made; the solver plays on from there.
    #[serde(default)]
    moves: Vec<u8>,
    /// Play at most this many moves (default: to the end).
    steps: Option<u32>,
    /// Time budget in milliseconds (default [`caps::SOLVE_TIME_MS`]).
    time_limit_ms: Option<u64>,
}

/// `POST /api/solve`: a solver's moves from a position.
pub(crate) async fn solve(
    State(state): State<AppState>,
    Json(req): Json<SolveRequest>,
) -> Result<axum::Json<Value>, ApiError> {
    let board = check::board(&req.board)?;
    let prefix = check::moves(&board, &req.moves)?;
    let graph = ClusterGraph::new(&board);
    let spec = check::spec(&req.spec, &graph, state.config())?;
    let time = check::time_ms(
        req.time_limit_ms,
        caps::SOLVE_TIME_MS,
        caps::MAX_SOLVE_TIME_MS,
        "time_limit_ms",
    )?;
    // A game holds at most `MAX_MOVES` moves, the ones given included (the
    // page sends them back with its next requests).
    let max_moves = match req.steps {
        None => (prefix.len() as u32 + caps::DEFAULT_MAX_MOVES).min(caps::MAX_MOVES),
        Some(n @ 1..=caps::MAX_MOVES) => (prefix.len() as u32 + n).min(caps::MAX_MOVES),
        Some(n) => {
            return Err(ApiError::bad_request(format!(
                "steps: {n} is out of range: 1 to {}",
                caps::MAX_MOVES
            )));
        }
    };
    let canonical = spec.to_string();
    let label = canonical.clone();
    let memory = state.config().search_memory_bytes();
    // A board the moves cleared needs no search, so no slot (no 503).
    let cleared = cw_core::replay(&graph, &prefix).is_ok_and(|r| r.cleared);
    let run = move |cancel: Arc<AtomicBool>| {
        let limits = Limits {
            max_moves,
            time_limit: Some(Duration::from_millis(time)),
            cancel: Some(cancel),
            memory_bytes: Some(memory),
            // One thread per search slot: `exact`'s threads are capped at 1.
            crews: None,
            progress: None,
        };
        // A parsed spec builds (its parameters were checked).
        let mut solver = spec
            .build()
            .map_err(|e| ApiError::bad_request(format!("spec {}: {e}", quoted(&label))))?;
        Ok::<_, ApiError>(cw_solve::solve_from(
            &graph,
            &prefix,
            solver.as_mut(),
            &limits,
        ))
    };
    let report = if cleared {
        run(Arc::new(AtomicBool::new(false)))?
    } else {
        jobs::search(&state, run).await??
    };
    let outcome = match report.outcome {
        Outcome::MoveLimit if req.steps.is_some() => "stepped",
        other => other.name(),
    };
    let played = report.moves.get(req.moves.len()..).unwrap_or_default();
    Ok(axum::Json(json!({
        "board": board.id().to_string(),
        "spec": canonical,
        "outcome": outcome,
        "moves": played.iter().map(|c| c.0).collect::<Vec<_>>(),
        "n_moves": report.moves.len(),
        "nodes": report.nodes,
        "ms": report.elapsed.as_secs_f64() * 1000.0,
    })))
}
