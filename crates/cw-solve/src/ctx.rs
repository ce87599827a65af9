//! `SearchCtx`: what a solver may use besides the position: counters, the
//! random streams, budgets and cancellation.

use cw_core::{Board, BoardId, Color, Gain, Game, InspectionCount, KoblenskiStream};
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Bounds on one `solve`.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after this many moves (a guard against solvers that never finish).
    pub max_moves: u32,
    /// Stop when this much wall time has passed (off by default: results
    /// then depend on the board and spec only).
    pub time_limit: Option<Duration>,
    /// Stop when this flag is set (another thread cancels).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Memory the game's search may use, in bytes (`None`: only the
    /// solver's own caps). Every searching solver counts what it holds and
    /// stays within this, playing its best line so far when it would not.
    pub memory_bytes: Option<u64>,
    /// Where a search that asks for several threads (`exact:threads=N`)
    /// gets them (`None`: it works alone, with the same result). cw-solve
    /// starts no thread itself; the batch machinery and the front ends hand
    /// theirs in (`cw_batch::SearchThreads`).
    pub crews: Option<Arc<dyn Crews>>,
    /// Hears how a long search goes (`None`: nobody asked). The exact
    /// search reports each time its proven bounds move, and once at the end.
    pub progress: Option<ProgressSink>,
}

/// Where a search stands: its proven bounds, counted in moves from the
/// position searched (the start, for a whole game), and its effort so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchProgress<'a> {
    /// The board searched, by ID.
    pub board: &'a str,
    /// Moves the game had made before the position searched (0: the
    /// start). A later stage of a spec (`greedy:until=5>exact`) searches
    /// from the middle of the game, and its bounds are on the moves left.
    pub moves_before: u32,
    /// No solution has fewer moves: every position of fewer is refuted.
    pub lower_bound: u32,
    /// The shortest solution found so far.
    pub upper_bound: u32,
    /// Positions expanded so far.
    pub nodes_expanded: u64,
    /// Memory the search holds, in bytes, by its own count.
    pub held_bytes: u64,
    /// Time since the solve began (its [`SearchCtx`] was made): the first
    /// stages before the search count too.
    pub elapsed: Duration,
}

/// Receives [`SearchProgress`] reports ([`Limits::progress`]), on the
/// search's own thread; a report costs the search one call.
#[derive(Clone)]
pub struct ProgressSink(pub Arc<dyn Fn(&SearchProgress<'_>) + Send + Sync>);

impl fmt::Debug for ProgressSink {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ProgressSink(..)")
    }
}

/// The threads of one search that works on several.
pub trait Crew: Sync {
    /// How many threads the crew has.
    fn size(&self) -> usize;
    /// Runs `task` once on every thread of the crew, side by side, and
    /// returns when all have returned.
    fn each(&self, task: &(dyn Fn() + Sync));
}

/// Gives a search the threads it asks for.
pub trait Crews: Send + Sync + fmt::Debug {
    /// Runs `search` with a crew of `threads` threads (`None` if none could
    /// be started: the search then works alone), on a thread that does
    /// nothing but wait while the crew works (a worker of a thread pool
    /// that waited on another pool could pick up its own pool's work in
    /// the middle of the search), and returns when `search` returns.
    fn run(&self, threads: usize, search: &mut (dyn FnMut(Option<&dyn Crew>) + Send));
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_moves: 1000,
            time_limit: None,
            cancel: None,
            memory_bytes: None,
            crews: None,
            progress: None,
        }
    }
}

impl Limits {
    /// Whether another thread asked to stop.
    pub fn is_cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

/// Why a search must stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopCause {
    /// Another thread set the cancel flag (a closed page, Stop, Ctrl-C).
    Cancelled,
    /// The game's time budget ran out.
    Deadline,
}

/// Counters, random streams and budgets for one game.
#[derive(Debug)]
pub struct SearchCtx {
    /// Simulated moves: every move a solver tries on a copy of the game.
    pub nodes: u64,
    /// Clusters (and blocks) inspected by the engine while simulating.
    pub inspections: InspectionCount,
    /// Set by a solver whose moves from the start are a proven shortest
    /// solution (`exact`, or `near` when its moves meet its lower bound);
    /// `solve` reports it.
    pub proven_optimal: bool,
    /// Set by a solver that proved, asked from the start, that no solution
    /// of the board has fewer moves than this (`exact` and `near`); `solve`
    /// reports it.
    pub lower_bound: Option<u32>,
    /// Set by a solver that gives up for a budget of its own (a queue cap,
    /// a node limit, its memory share): what ran out, for `solve` to report.
    pub gave_up_because: Option<String>,
    /// Set by a solver that proves optimality (`exact`) when a budget cut
    /// its proof short from the start: what ran out, for `solve` to report
    /// beside the unproven moves.
    pub unproven_because: Option<String>,
    /// The series' sine stream, positioned after the board's own draws when
    /// the board came from it (as the series' random solvers shared it).
    pub series_stream: KoblenskiStream,
    /// What a budget changed in a search without stopping it (a beam
    /// narrowed to fit the memory budget, a queue cut short by it), each
    /// said once, for `solve` to report: the moves are then not what the
    /// spec alone would play.
    pub budget_notes: Vec<String>,
    /// Moves the game had made when the solver was last asked (`solve` sets
    /// it), for progress reports from the middle of a game.
    pub(crate) moves_before: u32,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    memory_bytes: Option<u64>,
    crews: Option<Arc<dyn Crews>>,
    /// The progress sink and the board ID its reports name.
    progress: Option<(ProgressSink, String)>,
    /// When the context was made: progress reports count their time from it.
    made: Instant,
    /// Set once [`poll_stop`](Self::poll_stop) has seen a reason to stop.
    stopped: bool,
}

/// A context's cancel flag and deadline, owned, so that threads share them
/// (see [`SearchCtx::stop_probe`]).
#[derive(Clone, Debug)]
pub(crate) struct StopProbe {
    cancel: Option<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

impl StopProbe {
    /// Whether the context would stop now ([`SearchCtx::should_stop`]).
    pub(crate) fn should_stop(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

impl SearchCtx {
    /// A context for playing `board` under `limits`.
    pub fn new(board: &Board, limits: &Limits) -> SearchCtx {
        let after_board = match board.id() {
            BoardId::Koblenski { first_draw, .. } => {
                first_draw.wrapping_add(board.n_blocks() as u64)
            }
            _ => 1,
        };
        SearchCtx {
            nodes: 0,
            inspections: InspectionCount::default(),
            proven_optimal: false,
            lower_bound: None,
            gave_up_because: None,
            unproven_because: None,
            series_stream: KoblenskiStream::at(after_board),
            budget_notes: Vec::new(),
            moves_before: 0,
            deadline: limits.time_limit.map(|t| Instant::now() + t),
            cancel: limits.cancel.clone(),
            memory_bytes: limits.memory_bytes,
            crews: limits.crews.clone(),
            progress: limits
                .progress
                .clone()
                .map(|sink| (sink, board.id().to_string())),
            made: Instant::now(),
            stopped: false,
        }
    }

    /// Says once that a budget changed what a search does (see
    /// [`budget_notes`](Self::budget_notes)).
    pub fn note_budget(&mut self, note: String) {
        if !self.budget_notes.contains(&note) {
            self.budget_notes.push(note);
        }
    }

    /// Whether anyone listens to [`report`](Self::report).
    pub fn wants_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Reports where the search stands to [`Limits::progress`], if set: its
    /// proven bounds and effort (see [`SearchProgress`]; the board and the
    /// time come from the context).
    pub fn report(&self, lower_bound: u32, upper_bound: u32, nodes_expanded: u64, held_bytes: u64) {
        if let Some((sink, board)) = &self.progress {
            (sink.0)(&SearchProgress {
                board,
                moves_before: self.moves_before,
                lower_bound,
                upper_bound,
                nodes_expanded,
                held_bytes,
                elapsed: self.made.elapsed(),
            });
        }
    }

    /// Where a search that asks for several threads gets them (see
    /// [`Limits::crews`]).
    pub fn crews(&self) -> Option<Arc<dyn Crews>> {
        self.crews.clone()
    }

    /// Plays `c` on a search copy, counting the node and the inspections.
    #[inline]
    pub fn simulate(&mut self, game: &mut Game<'_>, c: Color) -> Gain {
        self.nodes += 1;
        game.play_probed(c, &mut self.inspections)
    }

    /// Whether the search must stop now (deadline passed or cancelled).
    /// Costs a clock read; searches call it every few dozen positions, so
    /// that a cancel or a deadline stops them within milliseconds.
    pub fn should_stop(&self) -> bool {
        self.stop_cause().is_some()
    }

    /// The context's reasons to stop (its cancel flag and deadline), for a
    /// search's worker threads, which do not hold the context.
    pub(crate) fn stop_probe(&self) -> StopProbe {
        StopProbe {
            cancel: self.cancel.clone(),
            deadline: self.deadline,
        }
    }

    /// A cheap check for a search's innermost loop: reads the clock and the
    /// cancel flag only once every 64 nodes ([`simulate`](Self::simulate)
    /// calls), and once it has seen a reason to stop it says so every time
    /// after. Look-ahead calls it at every node, so a cancel or a deadline
    /// stops it within 64 simulated moves.
    pub fn poll_stop(&mut self) -> bool {
        if !self.stopped && self.nodes.is_multiple_of(64) && self.should_stop() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Why the search must stop now, if it must: a cancel comes first.
    pub fn stop_cause(&self) -> Option<StopCause> {
        if self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed))
        {
            Some(StopCause::Cancelled)
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            Some(StopCause::Deadline)
        } else {
            None
        }
    }

    /// Runs `f` with the deadline moved up to `deadline` if that is sooner,
    /// then puts the context's own deadline back (for a first stage that
    /// must end within a solver's own time limit).
    pub fn with_deadline<R>(
        &mut self,
        deadline: Option<Instant>,
        f: impl FnOnce(&mut SearchCtx) -> R,
    ) -> R {
        let (own, stopped) = (self.deadline, self.stopped);
        self.deadline = match (own, deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let out = f(self);
        self.deadline = own;
        self.stopped = stopped;
        out
    }

    /// The memory the search may hold, in bytes, given its own cap
    /// `own_cap` (a solver parameter): the smaller of the two.
    pub fn memory_cap(&self, own_cap: u64) -> u64 {
        self.memory_bytes.map_or(own_cap, |m| m.min(own_cap))
    }

    /// Runs `f` with the memory budget lowered to `cap` bytes if that is
    /// less, then puts the context's own budget back (for a first stage
    /// that must keep within a solver's own memory cap).
    pub fn with_memory_cap<R>(&mut self, cap: u64, f: impl FnOnce(&mut SearchCtx) -> R) -> R {
        let own = self.memory_bytes;
        self.memory_bytes = Some(self.memory_cap(cap));
        let out = f(self);
        self.memory_bytes = own;
        out
    }
}
