//! Optimal play: `/api/hint`, `/api/clearable`, `/api/par` (SSE) and
//! `/api/analysis` (SSE),
//! all by the `exact` solver within the server's time and memory budgets.

use crate::caps;
use crate::check;
use crate::error::{Json, Query};
use crate::jobs::{self, CancelOnDrop};
use crate::{ApiError, AppState, Config};
use axum::extract::State;
use axum::response::Sse;
use axum::response::sse::{Event, KeepAlive};
use axum::response::{IntoResponse, Response};
use cw_core::{Board, ClusterGraph, Color, Game};
use cw_solve::exact::{ExactOptions, ExactResult, StopReason, solve_exact_from};
use cw_solve::{Limits, ProgressSink, SearchCtx, SearchProgress};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, watch};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::ReceiverStream;

/// The limits of one search of the server: `time`, the request's cancel
/// flag and one search's share of the server's memory.
fn limits(config: &Config, time: Duration, cancel: &Arc<AtomicBool>) -> Limits {
    Limits {
        max_moves: caps::MAX_MOVES,
        time_limit: Some(time),
        cancel: Some(cancel.clone()),
        memory_bytes: Some(config.search_memory_bytes()),
        // One thread per search slot.
        crews: None,
        progress: None,
    }
}

/// An exact search from `game` within `time` and one search's share of the
/// server's memory; its moves replayed by the engine (see
/// [`exact_reporting`]).
fn exact(
    game: &Game<'_>,
    config: &Config,
    time: Duration,
    cancel: &Arc<AtomicBool>,
) -> Result<ExactResult, ApiError> {
    exact_reporting(game, config, time, cancel, None, None)
}

/// [`exact`], with the search's progress reports sent to `progress`, and
/// asked only whether `within` moves clear the board when given (see
/// [`ExactOptions::within`]).
///
/// The search plays on its own copy of the rules, so its line is replayed
/// by the engine before anything uses it (the search always returns a
/// whole line: its first stage finishes one even when stopped); a line
/// that does not clear the board is a bug, answered as an internal error
/// rather than shown, stored or counted.
fn exact_reporting(
    game: &Game<'_>,
    config: &Config,
    time: Duration,
    cancel: &Arc<AtomicBool>,
    progress: Option<ProgressSink>,
    within: Option<u32>,
) -> Result<ExactResult, ApiError> {
    let limits = Limits {
        progress,
        ..limits(config, time, cancel)
    };
    let mut ctx = SearchCtx::new(game.graph().board(), &limits);
    let opts = ExactOptions {
        memory_mb: config.search_memory_mb(),
        time_limit: Some(time),
        within,
        ..ExactOptions::default()
    };
    let r = solve_exact_from(game, &opts, &mut ctx);
    if game_clears(game, &r.moves) {
        Ok(r)
    } else {
        Err(ApiError::internal(format!(
            "the exact search's {} moves do not clear board {} (a bug: please report it)",
            r.moves.len(),
            game.graph().board().id()
        )))
    }
}

fn colors(moves: &[Color]) -> Vec<u8> {
    moves.iter().map(|c| c.0).collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HintRequest {
    board: String,
    #[serde(default)]
    moves: Vec<u8>,
}

/// `POST /api/hint`: the next move of an optimal continuation: `{board,
/// color, remaining, proven, lower_bound, moves, ms, stopped}`, where
/// `stopped` says what cut an unproven search short (`memory` or `time`).
pub(crate) async fn hint(
    State(state): State<AppState>,
    Json(req): Json<HintRequest>,
) -> Result<axum::Json<Value>, ApiError> {
    let board = check::board(&req.board)?;
    let moves = check::moves(&board, &req.moves)?;
    // Checked before a slot is taken: a 400 whatever the load.
    if cw_core::replay(&ClusterGraph::new(&board), &moves).is_ok_and(|r| r.cleared) {
        return Err(ApiError::bad_request("the board is already clear"));
    }
    let config = state.config().clone();
    let id = board.id().to_string();
    jobs::search(&state, move |cancel| {
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        for &c in &moves {
            game.play(c);
        }
        let started = Instant::now();
        let r = exact(
            &game,
            &config,
            Duration::from_millis(caps::HINT_TIME_MS),
            &cancel,
        )?;
        Ok(axum::Json(json!({
            "board": id,
            "color": r.moves.first().map(|c| c.0),
            "remaining": r.moves.len(),
            "proven": r.proven,
            "lower_bound": r.lower_bound,
            "moves": colors(&r.moves),
            "ms": started.elapsed().as_secs_f64() * 1000.0,
            // What cut the proof short (`memory`, `time`), if anything.
            "stopped": r.stopped.filter(|_| !r.proven).map(StopReason::name),
        })))
    })
    .await?
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClearableRequest {
    board: String,
    #[serde(default)]
    moves: Vec<u8>,
    /// The move limit of the game (1 to [`caps::MAX_MOVES`]), counted from
    /// the start; `moves` may not pass it.
    limit: u32,
}

/// `POST /api/clearable`: can the position after `moves` still be cleared
/// within the move limit? The exact solver answers from the position (within
/// [`caps::CLEARABLE_TIME_MS`]), and stops as soon as it knows (see
/// `ExactOptions::within`): `{clearable, limit, left, remaining,
/// proven, lower_bound, moves, ms}`, where `clearable` is `true` (a line of
/// `moves` clears the board in at most `left` moves), `false` (at least
/// `lower_bound` moves are needed, more than `left`), or `null` when the
/// search ran out of time before it could tell; `remaining` is the length of
/// the best line found (the optimum when `proven`).
pub(crate) async fn clearable(
    State(state): State<AppState>,
    Json(req): Json<ClearableRequest>,
) -> Result<axum::Json<Value>, ApiError> {
    let board = check::board(&req.board)?;
    let moves = check::moves(&board, &req.moves)?;
    let limit = check::limit(Some(req.limit), moves.len())?.unwrap_or(req.limit);
    let left = limit - moves.len() as u32;
    let id = board.id().to_string();
    let answer = move |clearable: Option<bool>, r: Option<&ExactResult>, ms: f64| {
        json!({
            "board": id,
            "clearable": clearable,
            "limit": limit,
            "left": left,
            "remaining": r.map(|r| r.moves.len()),
            "proven": r.is_some_and(|r| r.proven),
            "lower_bound": r.map(|r| r.lower_bound),
            "moves": r.map(|r| colors(&r.moves)),
            "ms": ms,
        })
    };
    let graph = ClusterGraph::new(&board);
    let mut game = graph.start();
    for &c in &moves {
        game.play(c);
    }
    if game.is_solved() {
        let mut j = answer(Some(true), None, 0.0);
        j["remaining"] = json!(0);
        j["proven"] = json!(true);
        j["lower_bound"] = json!(0);
        j["moves"] = json!([]);
        return Ok(axum::Json(j));
    }
    // No move left, or fewer than the admissible bound: no search needed.
    let bound = cw_solve::bound::lower_bound(&game);
    if left == 0 || bound > left {
        let mut j = answer(Some(false), None, 0.0);
        j["lower_bound"] = json!(bound.max(1));
        return Ok(axum::Json(j));
    }
    drop(game);
    let config = state.config().clone();
    jobs::search(&state, move |cancel| {
        let graph = ClusterGraph::new(&board);
        let mut game = graph.start();
        for &c in &moves {
            game.play(c);
        }
        let started = Instant::now();
        let r = exact_reporting(
            &game,
            &config,
            Duration::from_millis(caps::CLEARABLE_TIME_MS),
            &cancel,
            None,
            Some(left),
        )?;
        let found = r.moves.len() as u32;
        let clearable = if found <= left {
            Some(true)
        } else if r.proven || r.lower_bound > left {
            Some(false)
        } else {
            None
        };
        Ok(axum::Json(answer(
            clearable,
            Some(&r),
            started.elapsed().as_secs_f64() * 1000.0,
        )))
    })
    .await?
}

/// Whether `line` clears the board from `game` (the exact solver's line,
/// checked by the engine before it counts).
fn game_clears(game: &Game<'_>, line: &[Color]) -> bool {
    let mut g = game.clone();
    for &c in line {
        if g.is_solved() {
            return false;
        }
        g.play(c);
    }
    g.is_solved()
}

/// Sends events from a blocking thread; a send fails once nobody listens.
#[derive(Clone)]
pub(crate) struct Events(Sink);

/// Where [`Events`] go.
#[derive(Clone)]
enum Sink {
    /// One page's stream. A send fails once the page is gone, or has read
    /// nothing for the patience given ([`SEND_PATIENCE`]: a client that
    /// keeps its connection open but stops reading would otherwise hold the
    /// search, and its slot, for good).
    Page(mpsc::Sender<Event>, Duration),
    /// A search shared by every page that asks for it ([`ParSearches`]):
    /// the events said so far, as (name, data), which each page's stream
    /// reads at its own pace, so a page that stops reading holds up
    /// nobody. A send fails once the last page is gone (the flag).
    Shared(watch::Sender<Vec<(String, String)>>, Arc<AtomicBool>),
}

/// How long a send waits for room before it takes the page for gone.
const SEND_PATIENCE: Duration = Duration::from_secs(30);

impl Events {
    /// Sends `data` as event `name`; false if nobody listens any more.
    pub(crate) fn send(&self, name: &str, data: &Value) -> bool {
        match &self.0 {
            Sink::Page(tx, patience) => {
                let mut event = Event::default().event(name).data(data.to_string());
                let give_up = Instant::now() + *patience;
                loop {
                    match tx.try_send(event) {
                        Ok(()) => return true,
                        Err(mpsc::error::TrySendError::Closed(_)) => return false,
                        Err(mpsc::error::TrySendError::Full(back)) => {
                            if Instant::now() >= give_up {
                                return false;
                            }
                            event = back;
                            std::thread::sleep(Duration::from_millis(5));
                        }
                    }
                }
            }
            Sink::Shared(said, gone) => {
                if gone.load(std::sync::atomic::Ordering::Relaxed) {
                    return false;
                }
                said.send_modify(|said| said.push((name.to_string(), data.to_string())));
                true
            }
        }
    }
}

/// The par searches running, by board ID. Every page of the lab asks for
/// its board's par when it opens, so the visitors of one board would each
/// start the same search in a slot of its own (the server has a few): a
/// page that asks for the par of a board already searched joins that
/// search instead, without a slot, and hears what it said so far and the
/// rest. The search is cancelled when the last page listening goes.
#[derive(Debug, Default)]
pub(crate) struct ParSearches(Mutex<HashMap<String, Weak<ParSearch>>>);

/// One running par search, held by the streams of the pages that listen.
#[derive(Debug)]
struct ParSearch {
    /// What the search has said so far.
    said: watch::Receiver<Vec<(String, String)>>,
    /// Sets the search's cancel flag when the last page has gone.
    _cancel: CancelOnDrop,
}

impl ParSearches {
    /// The par search of board `id`, if one is running and has a page
    /// listening.
    fn join(&self, id: &str) -> Option<Arc<ParSearch>> {
        let map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        map.get(id).and_then(Weak::upgrade)
    }

    /// Starts `work` as the par search of board `id` (holding `permit`), and
    /// the first page's stream of it. A search started meanwhile by another
    /// page is joined instead, and `permit` given back.
    fn start(
        &self,
        id: &str,
        permit: tokio::sync::OwnedSemaphorePermit,
        work: impl FnOnce(Events, Arc<AtomicBool>, tokio::sync::OwnedSemaphorePermit) + Send + 'static,
    ) -> Result<Response, ApiError> {
        let mut map = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(search) = map.get(id).and_then(Weak::upgrade) {
            return Ok(shared_stream(search));
        }
        map.retain(|_, search| search.strong_count() > 0);
        let (tx, rx) = watch::channel(Vec::new());
        let cancel = Arc::new(AtomicBool::new(false));
        let search = Arc::new(ParSearch {
            said: rx,
            _cancel: CancelOnDrop(cancel.clone()),
        });
        let events = Events(Sink::Shared(tx, cancel.clone()));
        spawn_job(move || work(events, cancel, permit))?;
        map.insert(id.to_string(), Arc::downgrade(&search));
        Ok(shared_stream(search))
    }
}

/// A page's stream of a shared search: every event said so far, then each
/// one as it comes, until `done` or `error` (or the search ends without a
/// word, cancelled). Holding `search` keeps it running.
fn shared_stream(search: Arc<ParSearch>) -> Response {
    let said = search.said.clone();
    let said_so_far = futures_util::stream::unfold(
        (said, 0usize, Some(search)),
        |(mut said, next, search)| async move {
            // `None` once the last event is out: the stream ends.
            let search = search?;
            loop {
                let new: Vec<(String, String)> = said.borrow_and_update()[next..].to_vec();
                if !new.is_empty() {
                    let ends = new
                        .iter()
                        .any(|(name, _)| name == "done" || name == "error");
                    let events: Vec<Result<Event, Infallible>> = new
                        .iter()
                        .map(|(name, data)| Ok(Event::default().event(name).data(data)))
                        .collect();
                    let next = next + new.len();
                    return Some((events, (said, next, (!ends).then_some(search))));
                }
                // The search has ended (its sender is gone) with nothing more to say.
                said.changed().await.ok()?;
            }
        },
    );
    let stream = futures_util::StreamExt::flat_map(said_so_far, futures_util::stream::iter);
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(2)))
        .into_response()
}

/// Runs `work` on a thread of its own; what it freed goes back to the
/// system when it ends.
fn spawn_job(work: impl FnOnce() + Send + 'static) -> Result<(), ApiError> {
    std::thread::Builder::new()
        .name("cw-web job".into())
        .spawn(move || {
            let started = Instant::now();
            work();
            // As after `jobs::search`: the freed memory goes back.
            cw_batch::give_back_freed_memory_after(started.elapsed());
        })
        .map(drop)
        .map_err(|e| ApiError::internal(format!("cannot start a thread: {e}")))
}

/// Starts `work` on a thread of its own (holding `permit`) and answers with
/// a server-sent event stream of what it sends. The stream ends when `work`
/// returns; dropping it (the page closed it, or the connection broke) sets
/// the cancel flag `work` was given.
pub(crate) fn event_stream(
    permit: tokio::sync::OwnedSemaphorePermit,
    work: impl FnOnce(Events, Arc<AtomicBool>, tokio::sync::OwnedSemaphorePermit) + Send + 'static,
) -> Result<Response, ApiError> {
    let (tx, rx) = mpsc::channel(64);
    let cancel = Arc::new(AtomicBool::new(false));
    let guard = CancelOnDrop(cancel.clone());
    let events = Events(Sink::Page(tx, SEND_PATIENCE));
    spawn_job(move || work(events, cancel, permit))?;
    let stream = ReceiverStream::new(rx).map(move |event| {
        let _ = &guard;
        Ok::<_, Infallible>(event)
    });
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(2)))
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ParQuery {
    board: String,
}

/// `GET /api/par?board=ID`: the proven minimum of a board, as events:
/// `bounds` `{lower, upper: null}` at once, `bounds` `{lower, upper}` after
/// the first stage (a near-optimal solution) and again each time the exact
/// search's proven bounds close in, then `done` `{par, proven, lower_bound,
/// moves, ms, source}` (`source` is `store` when it was already known:
/// then at once, without taking a search slot, so a busy server still
/// answers it). `par` is the shortest solution found, by the search or
/// before it. The result is kept in the store's known optima.
pub(crate) async fn par(
    State(state): State<AppState>,
    Query(q): Query<ParQuery>,
) -> Result<Response, ApiError> {
    let board = check::board(&q.board)?;
    let config = state.config().clone();
    let id = board.id().to_string();
    let known = {
        let (db, id) = (config.db.clone(), id.clone());
        tokio::task::spawn_blocking(move || {
            cw_lab::Store::open(&db)
                .ok()
                .and_then(|s| s.optimum(&id).ok().flatten())
        })
        .await
        .unwrap_or(None)
    };
    if let Some((moves, true, solution)) = &known {
        let moves_list = solution
            .parse::<cw_core::Moves>()
            .map(|m| colors(&m.0))
            .unwrap_or_default();
        let done = Event::default().event("done").data(
            json!({ "board": id, "par": moves, "proven": true, "lower_bound": moves,
                    "moves": moves_list, "ms": 0.0, "source": "store" })
            .to_string(),
        );
        let stream = tokio_stream::iter([Ok::<_, Infallible>(done)]);
        return Ok(Sse::new(stream).into_response());
    }
    // A search of this board already running is joined, without a slot.
    let pars = &state.inner_pars();
    if let Some(search) = pars.join(&id) {
        return Ok(shared_stream(search));
    }
    let permit = state.search_slot()?;
    let key = id.clone();
    pars.start(&key, permit, move |events, cancel, _permit| {
        let mut store = cw_lab::Store::open(&config.db).ok();
        let graph = ClusterGraph::new(&board);
        let start = graph.start();
        let started = Instant::now();
        let lower = cw_solve::bound::lower_bound(&start);
        // The lower bound at once; then the first stage (an upper bound
        // from `near`), which stops with the request too, and on a large
        // board takes seconds.
        if !events.send(
            "bounds",
            &json!({ "lower": lower, "upper": null, "memory_mb": config.search_memory_mb(),
                     "time_ms": caps::PAR_TIME_MS }),
        ) {
            return;
        }
        let par_time = Duration::from_millis(caps::PAR_TIME_MS);
        let mut ctx = SearchCtx::new(&board, &limits(&config, par_time, &cancel));
        let near =
            cw_solve::near::solve_near(&start, &cw_solve::near::NearOptions::default(), &mut ctx);
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        // The shortest solution known so far: `near`'s, or one stored
        // before (not proven), each replayed by the engine.
        if !game_clears(&start, &near.moves) {
            events.send(
                "error",
                &json!({ "error": format!(
                    "the near-optimal search's {} moves do not clear board {id} \
                     (a bug: please report it)", near.moves.len()) }),
            );
            return;
        }
        let mut best = near.moves.clone();
        if let Some(stored) = known
            .as_ref()
            .and_then(|(_, _, text)| text.parse::<cw_core::Moves>().ok())
            .filter(|m| {
                m.0.len() < best.len() && cw_core::replay(&graph, &m.0).is_ok_and(|r| r.cleared)
            })
        {
            best = stored.0;
        }
        let upper = best.len() as u32;
        // `near` may have proven more than the bound at the start.
        let lower = lower.max(near.lower_bound);
        if !events.send(
            "bounds",
            &json!({ "lower": lower, "upper": upper, "memory_mb": config.search_memory_mb(),
                     "time_ms": caps::PAR_TIME_MS }),
        ) {
            return;
        }
        // The exact search's bounds as they close in (each level it
        // refutes raises the lower one), kept within those sent already.
        let sent = Mutex::new((lower, upper));
        let memory_mb = config.search_memory_mb();
        let on_progress = {
            let events = events.clone();
            ProgressSink(Arc::new(move |p: &SearchProgress<'_>| {
                let mut sent = sent
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                let now = (sent.0.max(p.lower_bound), sent.1.min(p.upper_bound));
                // The end is `done`'s to say.
                if now != *sent && now.0 < now.1 {
                    *sent = now;
                    events.send(
                        "bounds",
                        &json!({ "lower": now.0, "upper": now.1, "memory_mb": memory_mb,
                                 "time_ms": caps::PAR_TIME_MS }),
                    );
                }
            }))
        };
        let r = match exact_reporting(
            &start,
            &config,
            par_time.saturating_sub(started.elapsed()),
            &cancel,
            Some(on_progress),
            None,
        ) {
            Ok(r) => r,
            Err(e) => {
                events.send("error", &json!({ "error": e.message }));
                return;
            }
        };
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            return;
        }
        // A stopped search may end with a longer line than the one found
        // before it: the shorter stands.
        let moves = if r.proven || r.moves.len() <= best.len() {
            r.moves.clone()
        } else {
            best
        };
        let proven = r.proven || moves.len() as u32 <= r.lower_bound.max(lower);
        // Kept for the next time the board is asked for; a store that
        // cannot take it (held by another writer past the busy timeout)
        // loses only that, and the server's log says so.
        if let Some(store) = &mut store
            && let Err(e) = store.record_optimum(
                &id,
                moves.len() as u32,
                proven,
                &cw_core::Moves(moves.clone()).to_string(),
            )
        {
            eprintln!("colorwalk serve: the par of {id} was not stored: {e}");
        }
        events.send(
            "done",
            &json!({
                "board": id,
                "par": moves.len(),
                "proven": proven,
                "lower_bound": r.lower_bound.max(lower),
                "moves": colors(&moves),
                "ms": started.elapsed().as_secs_f64() * 1000.0,
                "nodes": r.nodes_expanded,
                "peak_mb": r.peak_bytes as f64 / f64::from(1 << 20),
                "stopped": r.stopped.map(StopReason::name),
                "source": "search",
            }),
        );
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct AnalysisQuery {
    board: String,
    #[serde(default)]
    moves: String,
}

/// `GET /api/analysis?board=ID&moves=3,1,4`: for each position of a game
/// (after 0, 1, … n moves), the fewest moves that clear the board from
/// there, as `position` events `{after, remaining, proven}`, latest
/// position first (those are quick), then `done` `{complete}`. A move
/// lost `1 + remaining(after i) − remaining(after i−1)` moves.
pub(crate) async fn analysis(
    State(state): State<AppState>,
    Query(q): Query<AnalysisQuery>,
) -> Result<Response, ApiError> {
    let board = check::board(&q.board)?;
    let moves = check::moves_text(&board, &q.moves)?;
    let permit = state.search_slot()?;
    let config = state.config().clone();
    event_stream(permit, move |events, cancel, _permit| {
        // The start position's optimum may be known already (par).
        let known = cw_lab::Store::open(&config.db)
            .ok()
            .and_then(|s| s.optimum(&board.id().to_string()).ok().flatten())
            .and_then(|(m, proven, _)| proven.then_some(m));
        analyse(&board, &moves, known, &config, &events, &cancel);
    })
}

fn analyse(
    board: &Board,
    moves: &[Color],
    par: Option<u32>,
    config: &Config,
    events: &Events,
    cancel: &Arc<AtomicBool>,
) {
    let graph = ClusterGraph::new(board);
    // Every CHECKPOINT-th position is kept and the others are played again
    // from it: all of them would be held outside the search's memory share
    // (10,000 moves on a 100x100 board: 26 MiB a stream).
    const CHECKPOINT: usize = 64;
    let mut checkpoints = vec![graph.start()];
    let mut game = graph.start();
    for (i, &c) in moves.iter().enumerate() {
        game.play(c);
        if (i + 1) % CHECKPOINT == 0 {
            checkpoints.push(game.clone());
        }
    }
    let position = |after: usize| {
        let from = after / CHECKPOINT;
        let mut game = checkpoints[from].clone();
        for &c in &moves[from * CHECKPOINT..after] {
            game.play(c);
        }
        game
    };
    let deadline = Instant::now() + Duration::from_millis(caps::ANALYSIS_TIME_MS);
    let mut complete = true;
    for after in (0..=moves.len()).rev() {
        let game = &position(after);
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || cancel.load(std::sync::atomic::Ordering::Relaxed) {
            complete = false;
            break;
        }
        let (remaining, proven) = if game.is_solved() {
            (0, true)
        } else if let (0, Some(par)) = (after, par) {
            (par, true)
        } else {
            match exact(game, config, left, cancel) {
                Ok(r) => (r.moves.len() as u32, r.proven),
                Err(e) => {
                    events.send("error", &json!({ "error": e.message }));
                    return;
                }
            }
        };
        complete &= proven;
        if !events.send(
            "position",
            &json!({ "after": after, "remaining": remaining, "proven": proven }),
        ) {
            return;
        }
    }
    events.send("done", &json!({ "complete": complete }));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_that_reads_nothing_is_taken_for_gone() {
        // Room for two events, and a page that never reads: the third send
        // gives up (it once waited for good, holding its search's slot).
        let (tx, mut rx) = mpsc::channel(2);
        let events = Events(Sink::Page(tx, Duration::from_millis(50)));
        let data = json!({"n": 1});
        assert!(events.send("a", &data));
        assert!(events.send("b", &data));
        assert!(!events.send("c", &data));
        // Once it reads, there is room again; once it is gone, none.
        assert!(rx.try_recv().is_ok());
        assert!(events.send("d", &data));
        drop(rx);
        assert!(!events.send("e", &data));
    }
}
