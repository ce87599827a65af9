//! The web lab: one page to play Color Walk and Flood-It (with or without a
//! move limit), watch any solver, review games and run batches, served with
//! its JSON API by [`app`].
//!
//! This is the workspace's only async crate. Searches never run on the async
//! runtime: they run on blocking threads behind a concurrency limit
//! ([`Config::jobs`]; a full server answers 503), each with a time budget and
//! a cancel flag that is set when the request's connection goes away.
//! Batches run one at a time and are stored in the same SQLite database as
//! `colorwalk bench` ([`Config::db`]).
//!
//! Every request is validated; a bad one gets HTTP 400 with
//! `{"error": "what is wrong"}`. The caps are in [`caps`]. Every result of
//! a search (solve, hint, clearable, par) names its board by its canonical
//! ID (`board`); a solver's also by its canonical spec (`spec`).
//!
//! | method and path | what |
//! |---|---|
//! | `GET /` (and `/app.js`, `/js/*.js`, `/style.css`) | the page (ES modules, no build step) |
//! | `GET /api/solvers` | every solver with its parameters, every preset, the caps |
//! | `POST /api/spec` | `{spec, colors? \| board?}` → its canonical form, checked against the budgets on that board (or one of the series' size with `colors`, 5 by default), or 400 |
//! | `POST /api/board` | `{source: random\|seed\|series\|floodit (or flood-it)\|id\|text, …, limit?}` → a board (rules, start cell, region color) and its move-limit rule |
//! | `POST /api/play` | `{board, moves, limit?}` → the position: when each block was cleared, the region's color after each move, the limit's state |
//! | `POST /api/solve` | `{board, spec, moves?, steps?, time_limit_ms?}` → a solver's moves from a position |
//! | `POST /api/hint` | `{board, moves}` → the next move of an optimal continuation |
//! | `POST /api/clearable` | `{board, moves, limit}` → can the position still be cleared within the limit (exact search) |
//! | `GET /api/par?board=ID` | SSE: bounds, then the proven minimum of a board |
//! | `GET /api/analysis?board=ID&moves=3,1,4` | SSE: the optimal number of moves left after each move of a game |
//! | `POST /api/batch/plan` | a batch's plan checked: canonical specs, boards (also in words), games |
//! | `GET /api/batch/events?plan=JSON` | SSE: runs the batch, live progress and statistics |
//! | `GET /api/runs` | stored runs |
//! | `GET /api/runs/{id}` | one run: its statistics table |
//! | `GET /api/runs/{id}/plot.svg` | one run's histograms and time plot |
//! | `GET /api/compare?a=ID&b=ID` | two runs compared board by board |

mod assets;
pub mod caps;
mod check;
mod error;
mod exact;
mod jobs;
mod lab;
mod play;

use axum::Router;
use axum::routing::{get, post};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::Semaphore;

pub use error::{ApiError, JsonErrorIo, JsonErrorListener};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The results database (batches, runs, known optima).
    pub db: PathBuf,
    /// Searches (solve, hint, par, analysis) that may run at once; more get 503.
    pub jobs: usize,
    /// Threads for a batch (one batch runs at a time).
    pub batch_threads: usize,
    /// Memory that every running search together may use, in MiB
    /// (`colorwalk serve --memory-mb`). It is shared out equally: each of
    /// the `jobs` search slots and each of the batch's `batch_threads` games
    /// gets [`search_memory_mb`](Config::search_memory_mb), every searching
    /// solver stays within its share, and a spec whose caps need more is
    /// refused. So all searches at once never pass this.
    pub memory_mb: u64,
}

impl Config {
    /// The defaults for a database at `db`: searches up to twice the cores
    /// (at least 4), batches on every core, and a quarter of the machine's
    /// memory for all searches together.
    pub fn new(db: PathBuf) -> Config {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Config {
            db,
            jobs: (2 * cores).max(4),
            batch_threads: cores,
            memory_mb: default_memory_mb(),
        }
    }

    /// The memory share of one search (one search slot, or one game of a
    /// batch), in MiB: [`memory_mb`](Config::memory_mb) over the slots and
    /// the batch's threads (at least 1).
    pub fn search_memory_mb(&self) -> u64 {
        let shares = (self.jobs.max(1) + self.batch_threads.max(1)) as u64;
        (self.memory_mb / shares).max(1)
    }

    /// [`search_memory_mb`](Config::search_memory_mb) in bytes.
    pub(crate) fn search_memory_bytes(&self) -> u64 {
        self.search_memory_mb() << 20
    }
}

/// A quarter of the machine's physical memory in MiB (from
/// `/proc/meminfo`), or 2048 where that cannot be read.
pub fn default_memory_mb() -> u64 {
    machine_memory_mb()
        .map(|mb| mb / 4)
        .filter(|&mb| mb > 0)
        .unwrap_or(2048)
}

/// The machine's physical memory in MiB (from `/proc/meminfo`), where it
/// can be read.
pub fn machine_memory_mb() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// The server's shared state: its configuration and the job limits.
#[derive(Clone, Debug)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    config: Config,
    jobs: Arc<Semaphore>,
    batches: Arc<Semaphore>,
    /// Store jobs running at once ([`STORE_JOBS`]): others wait their turn.
    store_jobs: Arc<Semaphore>,
    /// The par searches running, shared by the pages that ask for them.
    pars: exact::ParSearches,
}

/// Requests that read or write the store at once. A run's table, plot or
/// comparison holds all of its results while it is made (about 100 MB for
/// a run of 300,000 games): a few at a time keep that bounded however many
/// requests arrive.
const STORE_JOBS: usize = 4;

impl AppState {
    /// A fresh state for `config`.
    pub fn new(config: Config) -> AppState {
        AppState {
            inner: Arc::new(Inner {
                jobs: Arc::new(Semaphore::new(config.jobs.max(1))),
                batches: Arc::new(Semaphore::new(1)),
                store_jobs: Arc::new(Semaphore::new(STORE_JOBS)),
                pars: exact::ParSearches::default(),
                config,
            }),
        }
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// The par searches running.
    pub(crate) fn inner_pars(&self) -> &exact::ParSearches {
        &self.inner.pars
    }

    /// Searches and batches running now (a search's slot is given back when
    /// its thread has stopped, not when its request ends).
    pub fn running(&self) -> usize {
        let searches = self.inner.config.jobs.max(1) - self.inner.jobs.available_permits();
        searches + (1 - self.inner.batches.available_permits())
    }
}

/// The web lab's router: the page and the API (see the crate docs).
pub fn app(state: AppState) -> Router {
    Router::new()
        .route("/api/solvers", get(play::solvers))
        .route("/api/spec", post(play::spec))
        .route("/api/board", post(play::board))
        .route("/api/play", post(play::play))
        .route("/api/solve", post(play::solve))
        .route("/api/hint", post(exact::hint))
        .route("/api/clearable", post(exact::clearable))
        .route("/api/par", get(exact::par))
        .route("/api/analysis", get(exact::analysis))
        .route("/api/batch/plan", post(lab::plan))
        .route("/api/batch/events", get(lab::events))
        .route("/api/runs", get(lab::runs))
        .route("/api/runs/{id}", get(lab::run))
        .route("/api/runs/{id}/plot.svg", get(lab::plot))
        .route("/api/compare", get(lab::compare))
        .route("/api/{*rest}", axum::routing::any(error::no_such_endpoint))
        .method_not_allowed_fallback(error::method_not_allowed)
        .fallback(get(assets::serve).fallback(error::method_not_allowed))
        // Runs before routing: a GET route answers HEAD too, and on the API
        // that would start the work a GET starts (a batch, a search).
        .layer(axum::middleware::from_fn(error::refuse_head_on_api))
        .with_state(state)
}

/// Serves [`app`] on `addr` (until the process ends), on a runtime of its own; calls
/// `ready` with the bound address once it listens (port 0 picks a free one).
pub fn serve_blocking(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        // Requests that hyper refuses before routing get JSON errors too.
        let listener = error::JsonErrorListener(listener);
        serve(listener, app(AppState::new(config)), HEADER_TIMEOUT).await;
        Ok(())
    })
}

/// How long a connection may take to send a request's head, and may stay
/// idle between requests: a client that sends nothing, or a head a byte at
/// a time, would otherwise hold its connection for ever.
pub const HEADER_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// Serves `app` on `listener` for ever, as `axum::serve` does, but with a
/// timer, so that hyper closes a connection whose next request's head does
/// not arrive within `header_timeout` (axum's own loop sets no timer, and
/// then hyper sets no such limit). A request being answered is not timed:
/// searches have budgets of their own, and a closed connection cancels its
/// search as before.
pub async fn serve<L>(mut listener: L, app: Router, header_timeout: std::time::Duration)
where
    L: axum::serve::Listener,
{
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::ServiceExt as _;
    loop {
        let (io, _) = listener.accept().await;
        let service = hyper_util::service::TowerToHyperService::new(app.clone().map_request(
            |req: axum::http::Request<hyper::body::Incoming>| req.map(axum::body::Body::new),
        ));
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_timeout);
            // A failed connection (reset, timed out) concerns that client only.
            let _ = http
                .serve_connection(TokioIo::new(io), service)
                .with_upgrades()
                .await;
        });
    }
}
