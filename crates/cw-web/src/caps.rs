//! The limits the web lab puts on requests, beyond the engine's own ranges
//! (board sides 2 to 100, 2 to 16 colors) and the solvers' parameter ranges,
//! which the board and spec parsers check. What a solver parameter may cost
//! (look-ahead positions per move, beam widths, queue sizes) is capped by
//! its solver's registry entry (`cw_solve::ParamCost`), so a new solver
//! brings its own caps.
//!
//! `GET /api/solvers` reports them under `caps`.

use serde::Serialize;

/// Most moves a request may carry, and most moves a solver may play in one
/// game (the engine's guard against solvers that never finish).
pub const MAX_MOVES: u32 = 10_000;

/// Default move limit of a solver's game (as `colorwalk solve`).
pub const DEFAULT_MAX_MOVES: u32 = 1000;

/// Default time budget of `POST /api/solve`, in milliseconds.
pub const SOLVE_TIME_MS: u64 = 30_000;

/// Largest time budget a `POST /api/solve` may ask for, in milliseconds.
pub const MAX_SOLVE_TIME_MS: u64 = 120_000;

/// Time budget of a hint's exact search, in milliseconds; when it runs out,
/// the hint is the first move of the best solution found (marked unproven).
pub const HINT_TIME_MS: u64 = 20_000;

/// Time budget of the exact search that answers whether a position can
/// still be cleared within a move limit (`POST /api/clearable`), in
/// milliseconds; when it runs out, the answer may be "unknown".
pub const CLEARABLE_TIME_MS: u64 = 20_000;

/// Time budget of a par search, in milliseconds.
pub const PAR_TIME_MS: u64 = 120_000;

/// Time budget of a whole game analysis (every position), in milliseconds.
pub const ANALYSIS_TIME_MS: u64 = 120_000;

/// Most boards in one batch.
pub const MAX_BATCH_BOARDS: u64 = 1000;

/// Most specs in one batch.
pub const MAX_BATCH_SPECS: usize = 8;

/// Most games (boards × specs) in one batch.
pub const MAX_BATCH_GAMES: u64 = 4000;

/// Default time budget of one game of a batch, in milliseconds.
pub const BATCH_GAME_TIME_MS: u64 = 10_000;

/// Largest time budget one game of a batch may ask for, in milliseconds.
pub const MAX_BATCH_GAME_TIME_MS: u64 = 60_000;

/// Largest series board number of boards of `width`×`height`: the sine
/// generator's own last board (its draws stay exact in a double), as a board
/// ID may name it.
pub fn max_series_board(width: usize, height: usize) -> u64 {
    cw_core::last_series_board(width.max(1), height.max(1))
}

/// The most colors a board the web lab plays may have: the page's palettes
/// and keys cover 16 (the engine and the command line go to 36).
pub const MAX_PAGE_COLORS: usize = 16;

/// The caps as served to the page.
#[derive(Debug, Serialize)]
pub(crate) struct Caps {
    max_moves: u32,
    solve_time_ms: u64,
    max_solve_time_ms: u64,
    hint_time_ms: u64,
    clearable_time_ms: u64,
    par_time_ms: u64,
    analysis_time_ms: u64,
    max_batch_boards: u64,
    max_batch_specs: usize,
    max_batch_games: u64,
    batch_game_time_ms: u64,
    max_batch_game_time_ms: u64,
    memory_mb: u64,
    search_memory_mb: u64,
    jobs: usize,
}

impl Caps {
    pub(crate) fn new(config: &crate::Config) -> Caps {
        Caps {
            max_moves: MAX_MOVES,
            solve_time_ms: SOLVE_TIME_MS,
            max_solve_time_ms: MAX_SOLVE_TIME_MS,
            hint_time_ms: HINT_TIME_MS,
            clearable_time_ms: CLEARABLE_TIME_MS,
            par_time_ms: PAR_TIME_MS,
            analysis_time_ms: ANALYSIS_TIME_MS,
            max_batch_boards: MAX_BATCH_BOARDS,
            max_batch_specs: MAX_BATCH_SPECS,
            max_batch_games: MAX_BATCH_GAMES,
            batch_game_time_ms: BATCH_GAME_TIME_MS,
            max_batch_game_time_ms: MAX_BATCH_GAME_TIME_MS,
            memory_mb: config.memory_mb,
            search_memory_mb: config.search_memory_mb(),
            jobs: config.jobs,
        }
    }
}
