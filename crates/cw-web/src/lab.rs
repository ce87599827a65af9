//! The batch lab: `/api/batch/plan`, `/api/batch/events` (SSE), `/api/runs`,
//! `/api/runs/{id}`, `/api/runs/{id}/plot.svg` and `/api/compare`.
//!
//! A batch runs while its event stream is open: closing the page stops it,
//! and what finished stays stored; the same batch started again resumes
//! the run, as `colorwalk bench` does.

use crate::caps;
use crate::check;
use crate::error::Path;
use crate::error::{Json, Query};
use crate::exact::{Events, event_stream};
use crate::{ApiError, AppState, jobs};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use cw_batch::{Batch, BoardSet, Caps, Event, Field, PlanDraft, Resume};
use cw_lab::{GameRecord, Optima, Store};
use serde::Deserialize;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Which boards a batch plays.
#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum BoardsKind {
    /// The series' run: boards `first..first+count`.
    Series,
    /// Seeded boards with seeds `first..first+count`.
    Seeds,
    /// Seeded Flood-It boards with seeds `first..first+count`, starting at
    /// `start` (default the top-left block). Spelled `flood-it`, or
    /// `floodit` as `/api/board` spells its source.
    #[serde(rename = "flood-it", alias = "floodit")]
    FloodIt,
}

/// A batch as the page asks for it.
#[derive(Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PlanRequest {
    specs: Vec<String>,
    boards: BoardsKind,
    #[serde(default = "one")]
    first: u64,
    count: u64,
    #[serde(default = "default_width")]
    width: usize,
    #[serde(default = "default_height")]
    height: usize,
    #[serde(default = "default_colors")]
    colors: usize,
    /// The start cell of Flood-It boards: `[row, column]` (from 0) or
    /// `"centre"`, as for one board (default the top-left block).
    start: Option<serde_json::Value>,
    /// Time budget per game in milliseconds.
    time_limit_ms: Option<u64>,
}

fn one() -> u64 {
    1
}
fn default_width() -> usize {
    30
}
fn default_height() -> usize {
    20
}
fn default_colors() -> usize {
    5
}

/// Checks a batch request with the plan's one check, under the web lab's
/// caps, and makes the batch (without a cancel flag).
fn make_batch(req: &PlanRequest, state: &AppState) -> Result<Batch, ApiError> {
    let (width, height, colors, first, count) =
        (req.width, req.height, req.colors, req.first, req.count);
    let start = req.start.as_ref().filter(|v| !v.is_null());
    // The shape before anything that names a cell of it (a start cell).
    check::shape(width, height, colors)?;
    if start.is_some() && !matches!(req.boards, BoardsKind::FloodIt) {
        return Err(ApiError::bad_request(
            "start: a start cell goes with Flood-It boards (boards: \"flood-it\")",
        ));
    }
    if matches!(req.boards, BoardsKind::Series) {
        let max = caps::max_series_board(width, height);
        if !(1..=max).contains(&first) {
            return Err(ApiError::bad_request(format!(
                "first: the series' boards are numbered 1 to {max}"
            )));
        }
        if count > 0 && count - 1 > max - first {
            return Err(ApiError::bad_request(format!(
                "count: boards {first} to {} pass the last of the series' boards, {max}",
                first.saturating_add(count - 1)
            )));
        }
    }
    let boards = match req.boards {
        BoardsKind::Series => BoardSet::Koblenski {
            first,
            count,
            width,
            height,
            colors,
        },
        BoardsKind::Seeds => BoardSet::Seeds {
            first,
            count,
            width,
            height,
            colors,
        },
        BoardsKind::FloodIt => {
            let (row, col) = check::start(start, width, height)?;
            BoardSet::FloodItSeeds {
                first,
                count,
                width,
                height,
                colors,
                start: (row, col),
            }
        }
    };
    let time = check::time_ms(
        req.time_limit_ms,
        caps::BATCH_GAME_TIME_MS,
        caps::MAX_BATCH_GAME_TIME_MS,
        "time_limit_ms",
    )?;
    let draft = PlanDraft {
        specs: req.specs.clone(),
        boards,
        max_moves: caps::DEFAULT_MAX_MOVES,
        time_limit: Some(Duration::from_millis(time)),
        memory_bytes: Some(state.config().search_memory_bytes()),
    };
    let config = state.config();
    let spec =
        |text: &str, graph: &cw_core::ClusterGraph| check::spec_within_caps(text, graph, config);
    let web_caps = Caps {
        max_boards: caps::MAX_BATCH_BOARDS,
        max_specs: caps::MAX_BATCH_SPECS,
        max_games: caps::MAX_BATCH_GAMES,
        max_colors: caps::MAX_PAGE_COLORS,
        max_moves: caps::MAX_MOVES,
        max_time: Duration::from_millis(caps::MAX_BATCH_GAME_TIME_MS),
        spec: &spec,
    };
    let plan = cw_batch::check(&draft, &web_caps).map_err(|e| {
        let key = match &e.field {
            Field::Specs => "specs".to_string(),
            Field::Spec(text) => format!("spec {}", cw_solve::quoted(text)),
            Field::First => "first".to_string(),
            Field::Count | Field::Entries => "count".to_string(),
            Field::Shape => "width, height, colors".to_string(),
            Field::Start => "start".to_string(),
            Field::MaxMoves => "max_moves".to_string(),
            Field::TimeLimit => "time_limit_ms".to_string(),
        };
        ApiError::bad_request(format!("{key}: {}", e.message))
    })?;
    Ok(Batch::new(plan, config.batch_threads.max(1)))
}

fn plan_json(batch: &Batch) -> Value {
    let plan = &batch.plan;
    let boards = plan.boards.len();
    json!({
        "specs": plan.labels(),
        "board_set": plan.boards.label(),
        "description": plan.boards.description(),
        "boards": boards,
        "games": boards * plan.specs.len() as u64,
        "time_limit_ms": plan.limits.time_limit.map(|t| t.as_millis() as u64),
        "fingerprint": plan.fingerprint().digest(),
    })
}

/// `POST /api/batch/plan`: checks a batch and says what it would play.
pub(crate) async fn plan(
    State(state): State<AppState>,
    Json(req): Json<PlanRequest>,
) -> Result<axum::Json<Value>, ApiError> {
    Ok(axum::Json(plan_json(&make_batch(&req, &state)?)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct EventsQuery {
    /// The plan as JSON (the body of `/api/batch/plan`).
    plan: String,
}

/// `GET /api/batch/events?plan=JSON`: runs the batch while the stream is
/// open. Events: `started` `{run, total, already_done, plan}`, `progress`
/// `{done, total, summaries}` (at most five a second), then `finished`
/// `{run, done, total, summaries, cancelled}` or `error` `{error}`.
pub(crate) async fn events(
    State(state): State<AppState>,
    Query(q): Query<EventsQuery>,
) -> Result<Response, ApiError> {
    let req: PlanRequest = serde_json::from_str(&q.plan)
        .map_err(|e| ApiError::bad_request(format!("plan: bad JSON: {e}")))?;
    let batch = make_batch(&req, &state)?;
    let permit = state.batch_slot()?;
    let db = state.config().db.clone();
    event_stream(permit, move |events, cancel, permit| {
        if let Err(e) = play_batch(batch, &db, &events, cancel, permit) {
            events.send("error", &json!({ "error": e.message }));
        }
    })
}

/// The shortest time between two `progress` events of a batch.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// What a batch's page has been told of its games.
struct Tally {
    /// The run's games so far (a resumed run's earlier ones too).
    records: Vec<GameRecord>,
    /// Games of the whole run.
    total: usize,
    /// When the last `progress` event went out.
    sent_at: Option<Instant>,
    /// Whether a game ended since then.
    unsent: bool,
}

/// Runs a batch into the store, reporting to `events`. The batch slot
/// (`permit`) is given back before `finished` is sent, so a batch started
/// as soon as the page hears of the end finds the slot free.
fn play_batch(
    mut batch: Batch,
    db: &std::path::Path,
    events: &Events,
    cancel: Arc<AtomicBool>,
    permit: tokio::sync::OwnedSemaphorePermit,
) -> Result<(), ApiError> {
    batch.cancel = Some(cancel.clone());
    let mut store = Store::open(db)?;
    let reader = Store::open(db)?;
    let boards = &batch.plan.boards;
    boards
        .check_boards()
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let optima: Optima = reader.optima((0..boards.len()).map(|i| boards.id_at(i)))?;
    let plan = plan_json(&batch);
    // Summaries list the specs in the order they were asked for, whatever
    // order the games finish in.
    let specs = batch.plan.labels();
    // The games so far, and whether the page has heard of them all. A game
    // is reported when it ends, unless a report went out less than
    // PROGRESS_EVERY ago; then a watcher reports it once that much has
    // passed, so games that end close together are never held back until
    // the next one ends (a whole game's time budget, up to a minute).
    let tally = Mutex::new(Tally {
        records: Vec::new(),
        total: 0,
        sent_at: None,
        unsent: false,
    });
    let report = |tally: &mut Tally| {
        tally.sent_at = Some(Instant::now());
        tally.unsent = false;
        let summaries = cw_lab::Summary::per_spec(&tally.records, Some(&optima), &specs);
        let alive = events.send(
            "progress",
            &json!({ "done": tally.records.len(), "total": tally.total, "summaries": summaries }),
        );
        if !alive {
            cancel.store(true, Ordering::Relaxed);
        }
    };
    let lock = || {
        tally
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    let due = |tally: &Tally| tally.sent_at.is_none_or(|t| t.elapsed() >= PROGRESS_EVERY);
    let mut failed: Option<ApiError> = None;
    let batch_over = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !batch_over.load(Ordering::Relaxed) {
                std::thread::sleep(PROGRESS_EVERY / 4);
                let mut tally = lock();
                if tally.unsent && due(&tally) {
                    report(&mut tally);
                }
            }
        });
        let outcome =
            cw_batch::run(
                &batch,
                Some(&mut store),
                Resume::SameOrNew,
                &mut |event| match event {
                    Event::Started {
                        run,
                        already_done,
                        total,
                        not_resumed,
                    } => {
                        let mut tally = lock();
                        tally.total = total;
                        if let (Some(run), 1..) = (run, already_done) {
                            match reader.results(run) {
                                Ok(stored) => tally.records = stored,
                                Err(e) => failed = Some(e.into()),
                            }
                        }
                        let alive = events.send(
                            "started",
                            &json!({
                                "run": run, "total": total, "already_done": already_done,
                                "plan": plan,
                                "not_resumed":
                                    not_resumed.map(|n| json!({ "run": n.run, "why": n.why })),
                            }),
                        );
                        if !alive {
                            cancel.store(true, Ordering::Relaxed);
                        }
                    }
                    Event::Played(record) => {
                        let mut tally = lock();
                        tally.records.push(record.clone());
                        tally.unsent = true;
                        if due(&tally) {
                            report(&mut tally);
                        }
                    }
                },
            );
        batch_over.store(true, Ordering::Relaxed);
        outcome
    })
    .map_err(|e| ApiError::internal(format!("the batch failed: {e}")))?;
    if let Some(e) = failed {
        return Err(e);
    }
    let total = lock().total;
    let listed = batch.plan.boards.listed_optima();
    let optima = cw_batch::known_optima(Some(&reader), listed, &outcome.records)?.optima;
    drop(permit);
    events.send(
        "finished",
        &json!({
            "run": outcome.run,
            "done": outcome.records.len(),
            "total": total,
            "summaries": cw_lab::Summary::per_spec(&outcome.records, Some(&optima), &specs),
            "cancelled": outcome.cancelled,
        }),
    );
    Ok(())
}

/// `GET /api/runs`: every stored run, newest first.
pub(crate) async fn runs(State(state): State<AppState>) -> Result<axum::Json<Value>, ApiError> {
    let mut runs = jobs::store(&state, |store| Ok(store.runs()?)).await?;
    runs.sort_by_key(|r| std::cmp::Reverse(r.id));
    Ok(axum::Json(json!({ "runs": runs })))
}

fn run_id(text: &str) -> Result<i64, ApiError> {
    text.parse().map_err(|_| {
        ApiError::bad_request(format!(
            "run {}: expected a run number",
            cw_solve::quoted(text)
        ))
    })
}

/// `GET /api/runs/{id}`: one run and its statistics per spec.
pub(crate) async fn run(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<axum::Json<Value>, ApiError> {
    let id = run_id(&id)?;
    jobs::store(&state, move |store| {
        let info = store
            .run(id)?
            .ok_or_else(|| ApiError::not_found(format!("there is no run {id}")))?;
        let records = store.results(id)?;
        let optima = store.optima(records.iter().map(|r| r.board_id.as_str()))?;
        Ok(axum::Json(json!({
            "run": info,
            "summaries": cw_lab::Summary::per_spec(&records, Some(&optima), &info.specs),
        })))
    })
    .await
}

/// `GET /api/runs/{id}/plot.svg`: the run's picture.
pub(crate) async fn plot(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let id = run_id(&id)?;
    let svg = jobs::store(&state, move |store| {
        store
            .run(id)?
            .ok_or_else(|| ApiError::not_found(format!("there is no run {id}")))?;
        let records = store.results(id)?;
        if records.is_empty() {
            return Err(ApiError::not_found(format!("run {id} has no results yet")));
        }
        cw_lab::plot_run_svg(&records).map_err(|e| ApiError::internal(format!("plot: {e}")))
    })
    .await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        svg,
    )
        .into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CompareQuery {
    a: String,
    b: String,
}

/// `GET /api/compare?a=ID&b=ID`: two runs paired board by board, per spec.
pub(crate) async fn compare(
    State(state): State<AppState>,
    Query(q): Query<CompareQuery>,
) -> Result<axum::Json<Value>, ApiError> {
    let (a, b) = (run_id(&q.a)?, run_id(&q.b)?);
    jobs::store(&state, move |store| {
        let load = |id: i64| -> Result<_, ApiError> {
            let info = store
                .run(id)?
                .ok_or_else(|| ApiError::not_found(format!("there is no run {id}")))?;
            Ok((info, store.results(id)?))
        };
        let (info_a, rec_a) = load(a)?;
        let (info_b, rec_b) = load(b)?;
        let diffs = cw_lab::compare(&rec_a, &rec_b);
        if diffs.is_empty() {
            return Err(ApiError::bad_request(format!(
                "runs {a} and {b} share no solver spec, so there is nothing to compare"
            )));
        }
        // The specs only one run played: no pairs, so no row.
        let only_a = cw_lab::specs_only_in(&rec_a, &rec_b);
        let only_b = cw_lab::specs_only_in(&rec_b, &rec_a);
        Ok(axum::Json(json!({
            "a": info_a, "b": info_b, "diffs": diffs, "only_a": only_a, "only_b": only_b
        })))
    })
    .await
}
