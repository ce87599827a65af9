//! The stored loop: a plan's games played on worker threads, each result
//! written to the lab's store as soon as it is ready.
//!
//! [`run`] begins a run in the [`Store`] (or resumes an unfinished one with
//! the same fingerprint and shard), plays the games with [`run_batch`](crate::run_batch) on
//! worker threads, and on the calling thread receives every result, reports
//! it through a callback ([`Event`]) and writes it to the store in small
//! transactions. An interrupted or cancelled run keeps what finished, and
//! the same plan run again resumes it.

use crate::play::{BatchResult, run_batch_on};
use crate::{Fingerprint, Plan, Shard};
use cw_core::format::BoardEntry;
use cw_core::{BoardError, Moves};
use cw_lab::{GameOutcome, GameRecord, Optima, RunInfo, RunMeta, Store, StoreError};
use cw_solve::Outcome as SolveOutcome;
use cw_solve::{Limits, ProgressSink};
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};
use thiserror::Error;

/// A plan, and how to play it here.
#[derive(Clone, Debug)]
pub struct Batch {
    /// What to play.
    pub plan: Plan,
    /// Games played at once.
    pub threads: usize,
    /// The slice of the plan's boards to play (`None`: all of them).
    pub shard: Option<Shard>,
    /// Setting this flag stops the batch early.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Hears how each game's search goes (reports name the board), from
    /// the threads that play the games.
    pub progress: Option<ProgressSink>,
}

impl Batch {
    /// A batch that plays all of `plan` on `threads` threads.
    pub fn new(plan: Plan, threads: usize) -> Batch {
        Batch {
            plan,
            threads,
            shard: None,
            cancel: None,
            progress: None,
        }
    }

    /// The run's metadata for a set of `n_boards` boards: the plan's
    /// fingerprint, and the shard.
    pub fn meta(&self, n_boards: u32) -> RunMeta {
        let fingerprint = self.plan.fingerprint();
        RunMeta {
            board_set: self.plan.boards.label(),
            specs: self.plan.labels(),
            n_boards,
            fingerprint: fingerprint.digest(),
            version: fingerprint.version,
            params: fingerprint.plan,
            shard: self.shard.map(|s| s.to_string()),
        }
    }

    fn cancelled(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
    }
}

/// Whether [`run`] may resume an unfinished run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume {
    /// Resume the unfinished run with the same fingerprint and shard, if
    /// any. An unfinished run of the same boards, specs and shard whose
    /// fingerprint differs (another version, other solver defaults, other
    /// limits) is an error ([`BatchError::CannotResume`]) that says why, so
    /// that nobody believes a run resumed that did not.
    Same,
    /// As `Same`, but begin a new run beside such a run, and say why in
    /// [`Event::Started`].
    SameOrNew,
    /// Always begin a new run.
    Fresh,
}

/// An unfinished run of the same boards and specs that was not resumed, and
/// why: how its fingerprint differs, one line per difference.
#[derive(Clone, Debug, PartialEq)]
pub struct NotResumed {
    /// The run.
    pub run: i64,
    /// What differs.
    pub why: Vec<String>,
}

/// What [`run`] reports while it works, on the calling thread.
#[derive(Debug)]
pub enum Event<'a> {
    /// The run is set up: its ID in the store (if stored), how many games
    /// were already played by an earlier, unfinished run with the same
    /// fingerprint, and how many games this run has (its shard's).
    Started {
        /// The run's ID in the store.
        run: Option<i64>,
        /// Games already stored by the unfinished run being resumed.
        already_done: usize,
        /// Games of the whole run (boards × specs, of the shard's boards).
        total: usize,
        /// An unfinished run that could not be resumed ([`Resume::SameOrNew`]).
        not_resumed: Option<NotResumed>,
    },
    /// One game finished (already written to the store, or about to be in
    /// the next small transaction).
    Played(&'a GameRecord),
}

/// What a batch did.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The run's ID in the store.
    pub run: Option<i64>,
    /// Every result of the run: read back from the store when stored (so a
    /// resumed run includes the games of the earlier attempt), otherwise
    /// the games just played.
    pub records: Vec<GameRecord>,
    /// Games played by this call.
    pub played: usize,
    /// Whether the batch was cancelled before every game was played (the
    /// run then stays unfinished, to be resumed).
    pub cancelled: bool,
}

/// Why a batch could not run.
#[derive(Debug, Error)]
pub enum BatchError {
    /// A board of the set could not be made.
    #[error(transparent)]
    Board(#[from] BoardError),
    /// The results store failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A worker thread panicked (a bug).
    #[error("a batch worker thread panicked")]
    WorkerPanicked,
    /// An unfinished run of the same boards and specs has another
    /// fingerprint ([`Resume::Same`]).
    #[error(
        "run {} on the same boards and specs is unfinished, but it is not the same plan, so it \
         cannot be resumed: {}", .0.run, .0.why.join("; ")
    )]
    CannotResume(NotResumed),
    /// A sharded plan has a spec that must meet every board in order.
    #[error(
        "{0} meets its boards in order (it carries state from board to board, or draws the \
         series' random stream, which runs on from one series board to the next), so its \
         boards cannot be split into shards; run it without a shard"
    )]
    SequentialShard(String),
}

/// How often results are written to the store: every this many results, and
/// at most this long after a result arrives.
const FLUSH_EVERY: usize = 16;
const FLUSH_AFTER: Duration = Duration::from_millis(250);

/// Plays `batch` and stores its results in `store` (when given): resumes an
/// unfinished run with the same fingerprint and shard as `resume` allows,
/// else begins a new one, and marks the run finished when every game (of
/// its shard) is played. `on_event` hears of the start and of every game,
/// on the calling thread.
pub fn run(
    batch: &Batch,
    mut store: Option<&mut Store>,
    resume: Resume,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Outcome, BatchError> {
    check_shardable(batch)?;
    // Cancelled before it starts: no run is begun.
    if batch.cancelled() {
        return Ok(Outcome {
            run: None,
            records: Vec::new(),
            played: 0,
            cancelled: true,
        });
    }
    // Each game makes its board (a generated set may hold a million); the
    // first and the last are made here, so that a set that cannot be made
    // is refused before anything is stored.
    let boards = &batch.plan.boards;
    boards.check_boards()?;
    let labels = batch.plan.labels();
    let meta = batch.meta(boards.len() as u32);
    let n_boards = batch.shard.map_or(boards.len(), |s| s.len_of(boards.len()));
    let total = labels.len() * n_boards as usize;
    let mut not_resumed = None;
    // The run is claimed before its games are read, so two processes never
    // play one run side by side (a new run too: another process could find
    // it unfinished and resume it).
    let (run, done, claim) = match store.as_deref_mut() {
        None => (None, HashSet::new(), None),
        Some(store) => {
            let existing;
            (existing, not_resumed) = resumable(store, &meta, resume)?;
            let run = match existing {
                Some(run) => run,
                None => store.begin_run(&meta)?,
            };
            let claim = store.claim_run(run)?;
            (Some(run), store.completed(run)?, Some(claim))
        }
    };
    on_event(Event::Started {
        run,
        already_done: done.len(),
        total,
        not_resumed,
    });
    // Each record, and whether its moves are a proven optimum (stored as the
    // board's optimum, which feeds every spec's gap column).
    let (tx, rx) = mpsc::channel::<(GameRecord, bool)>();
    // The games played now: kept only without a store (with one, the run's
    // games are read back from it at the end).
    let mut fresh_records = Vec::new();
    let mut played = 0;
    let keep_fresh = store.is_none();
    // The games stop when the batch is cancelled, and when storing fails
    // (a full disk): a watcher passes the batch's cancel on to the games'
    // own flag, which the receiving side sets on an error.
    // A cancel that came before the games start (during `Started`, say)
    // stops them at once, not once the watcher has first looked.
    let stop_games = Arc::new(AtomicBool::new(batch.cancelled()));
    let worker_done = AtomicBool::new(false);
    std::thread::scope(|scope| -> Result<(), BatchError> {
        let (labels, done) = (&labels, &done);
        let (stop, worker_ended) = (&stop_games, &worker_done);
        scope.spawn(move || {
            while !worker_ended.load(Ordering::Relaxed) {
                if batch.cancelled() {
                    stop.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(5));
            }
        });
        let worker = scope.spawn(move || {
            let tx = Mutex::new(tx);
            run_batch_on(
                &batch.plan.specs,
                &batch.plan.boards,
                &Limits {
                    progress: batch.progress.clone(),
                    ..batch.plan.game_limits(Some(stop.clone()))
                },
                done,
                batch.threads,
                batch.shard,
                &|r| {
                    let label = &labels[r.spec_index];
                    let proven = r.report.proven_optimal;
                    let record = (record(r, label), proven);
                    // The receiver lives until the batch ends.
                    let _ = tx
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .send(record);
                },
            )
        });
        // Results are written in groups, but none waits longer than
        // FLUSH_AFTER for the next game to end: a process killed outright
        // (SIGKILL, the OOM killer, a lost node) loses at most that much.
        let mut buffer = Vec::new();
        let mut oldest: Option<Instant> = None;
        // However the receiving side ends (a panic in `on_event` too), the
        // games and the watcher stop, so the scope's join cannot hang.
        let _stop_all = StopOnDrop(stop, worker_ended);
        let received_all = (|| -> Result<(), BatchError> {
            loop {
                let received = match oldest {
                    None => rx.recv().ok(),
                    Some(since) => {
                        match rx.recv_timeout(FLUSH_AFTER.saturating_sub(since.elapsed())) {
                            Ok(received) => Some(received),
                            Err(mpsc::RecvTimeoutError::Timeout) => {
                                if let (Some(store), Some(run)) = (store.as_deref_mut(), run) {
                                    store.insert_results(run, &buffer)?;
                                }
                                buffer.clear();
                                oldest = None;
                                continue;
                            }
                            Err(mpsc::RecvTimeoutError::Disconnected) => None,
                        }
                    }
                };
                let Some((record, proven)) = received else {
                    break;
                };
                if let (true, Some(store)) = (proven, store.as_deref_mut()) {
                    store.record_optimum(&record.board_id, record.moves, true, &record.solution)?;
                }
                on_event(Event::Played(&record));
                buffer.push(record.clone());
                played += 1;
                if keep_fresh {
                    fresh_records.push(record);
                }
                let since = *oldest.get_or_insert_with(Instant::now);
                if buffer.len() >= FLUSH_EVERY || since.elapsed() >= FLUSH_AFTER {
                    if let (Some(store), Some(run)) = (store.as_deref_mut(), run) {
                        store.insert_results(run, &buffer)?;
                    }
                    buffer.clear();
                    oldest = None;
                }
            }
            if let (Some(store), Some(run)) = (store.as_deref_mut(), run) {
                store.insert_results(run, &buffer)?;
            }
            Ok(())
        })();
        if received_all.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        let joined = worker.join();
        received_all?;
        joined.map_err(|_| BatchError::WorkerPanicked)
    })?;
    let cancelled = batch.cancelled() && done.len() + played < total;
    let records = match (store, run) {
        (Some(store), Some(run)) => {
            if !cancelled {
                store.finish_run(run)?;
                if let Some(claim) = claim {
                    claim.release_finished();
                }
            }
            store.results(run)?
        }
        _ => fresh_records,
    };
    Ok(Outcome {
        run,
        records,
        played,
        cancelled,
    })
}

/// Sets both flags when dropped: the games' stop flag and the watcher's end.
struct StopOnDrop<'a>(&'a AtomicBool, &'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
        self.1.store(true, Ordering::Relaxed);
    }
}

/// A sequential plan is never sharded.
fn check_shardable(batch: &Batch) -> Result<(), BatchError> {
    match (batch.shard, batch.plan.sequential_spec()) {
        (Some(_), Some(spec)) => Err(BatchError::SequentialShard(spec.to_string())),
        _ => Ok(()),
    }
}

/// The unfinished run of `store` that a run of `meta` resumes as `resume`
/// allows, and else an unfinished look-alike it does not resume (an error
/// with [`Resume::Same`]).
fn resumable(
    store: &Store,
    meta: &RunMeta,
    resume: Resume,
) -> Result<(Option<i64>, Option<NotResumed>), BatchError> {
    if resume == Resume::Fresh {
        return Ok((None, None));
    }
    if let Some(run) = store.find_unfinished_run(&meta.fingerprint, meta.shard.as_deref())? {
        return Ok((Some(run), None));
    }
    let not_resumed = unfinished_look_alike(store, meta)?;
    if let (Resume::Same, Some(n)) = (resume, &not_resumed) {
        return Err(BatchError::CannotResume(n.clone()));
    }
    Ok((None, not_resumed))
}

/// What [`run`] would do with `store` (if any), without playing or storing
/// anything: the unfinished run it would resume and how many of its games
/// are played (`None`: it would begin a new run, or store nothing), or the
/// error it would stop with.
pub fn resume_point(
    batch: &Batch,
    store: Option<&Store>,
    resume: Resume,
) -> Result<Option<(i64, usize)>, BatchError> {
    check_shardable(batch)?;
    let Some(store) = store else {
        return Ok(None);
    };
    // The boards are not made here (a set may hold a million), but the
    // first and the last are, as a run makes them before it stores anything.
    let boards = &batch.plan.boards;
    boards.check_boards()?;
    let meta = batch.meta(boards.len() as u32);
    match resumable(store, &meta, resume)?.0 {
        Some(run) => Ok(Some((run, store.completed(run)?.len()))),
        None => Ok(None),
    }
}

/// The newest unfinished run on the same boards, specs and shard as `meta`
/// whose fingerprint differs, with what differs.
fn unfinished_look_alike(store: &Store, meta: &RunMeta) -> Result<Option<NotResumed>, StoreError> {
    let here = Fingerprint {
        version: meta.version.clone(),
        plan: meta.params.clone(),
    };
    // The specs in any order: the same games, though not the same plan
    // (the order is the report's), so a reordered command is told why it
    // does not resume rather than silently playing everything again.
    let sorted = |specs: &[String]| {
        let mut v = specs.to_vec();
        v.sort();
        v
    };
    let same_games = |r: &RunInfo| {
        r.fingerprint != meta.fingerprint
            && r.shard == meta.shard
            && sorted(&r.specs) == sorted(&meta.specs)
            && r.n_boards == meta.n_boards
            && (r.params.get("boards") == meta.params.get("boards")
                || r.board_set == meta.board_set)
    };
    Ok(store
        .unfinished_runs()?
        .into_iter()
        .find(same_games)
        .map(|r| NotResumed {
            run: r.id,
            why: if r.fingerprint.is_empty() {
                vec!["it was begun before runs had fingerprints".to_string()]
            } else {
                here.differences(&Fingerprint {
                    version: r.version.clone(),
                    plan: r.params.clone(),
                })
            },
        }))
}

/// How a solve's outcome is stored. A cancelled game never gets here
/// ([`run_batch`](crate::run_batch) does not hand it on); it would read as unsolved.
fn outcome(o: SolveOutcome) -> GameOutcome {
    match o {
        SolveOutcome::Solved => GameOutcome::Solved,
        SolveOutcome::TimeLimit => GameOutcome::OutOfTime,
        SolveOutcome::GaveUp => GameOutcome::GaveUp,
        SolveOutcome::MoveLimit => GameOutcome::MoveLimit,
        SolveOutcome::IllegalMove => GameOutcome::IllegalMove,
        SolveOutcome::Cancelled => GameOutcome::Unsolved,
    }
}

/// A finished game as the store keeps it, labelled with its canonical spec.
pub fn record(r: BatchResult, label: &str) -> GameRecord {
    GameRecord {
        board_id: r.board_id,
        board_index: r.board_index,
        spec: label.to_string(),
        outcome: outcome(r.report.outcome),
        moves: r.report.moves.len() as u32,
        nanos: r.report.elapsed.as_nanos() as u64,
        nodes: r.report.nodes,
        inspections: r.report.inspections.clusters,
        solution: Moves(r.report.moves).to_string(),
        lower_bound: r.report.lower_bound,
    }
}

/// The known optima of a batch's boards, and where a board file's listed
/// optimum is contradicted.
#[derive(Clone, Debug, Default)]
pub struct KnownOptima {
    /// By board ID: (moves, proven).
    pub optima: Optima,
    /// One sentence for each board whose listed optimum a result or the
    /// store contradicts, naming the board (see [`reconcile_optimum`]).
    pub conflicts: Vec<String>,
}

/// What this lab knows of one board's optimum, to hold a listed one against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OptimumEvidence {
    /// The shortest solution known (every one was replayed by the engine).
    pub shortest: Option<u32>,
    /// A proven optimum.
    pub proven: Option<u32>,
    /// The highest proven lower bound.
    pub lower: Option<u32>,
}

impl OptimumEvidence {
    /// The evidence of a stored optimum (moves, proven).
    pub fn stored(known: Option<(u32, bool)>) -> OptimumEvidence {
        match known {
            Some((m, true)) => OptimumEvidence {
                shortest: Some(m),
                proven: Some(m),
                lower: Some(m),
            },
            Some((m, false)) => OptimumEvidence {
                shortest: Some(m),
                ..OptimumEvidence::default()
            },
            None => OptimumEvidence::default(),
        }
    }
}

/// A board's optimum from the one its board file lists (`# optimum:`, a
/// published value, taken as proven) and what the lab knows (`known`). The
/// listed value wins unless something contradicts it: a solution shorter
/// than it (solutions are replayed by the engine, so the list is wrong), a
/// proven optimum that differs, or a proven lower bound above it. Then the
/// lab's proven optimum is kept if it has one (else nothing: the listed
/// value is not to be trusted), and the second item says why, naming the
/// board by `label` (its name in the file, or its ID). The exact search's
/// admissible bound on `board` at the start is a proven lower bound too (at
/// least the colors it has left to play, each needing a move of its own;
/// milliseconds on the largest boards). Every front end (`bench`, `solve`, `verify`, `optimum`, the web
/// lab) judges a listed optimum by this one rule.
pub fn reconcile_optimum(
    label: &str,
    listed: Option<u32>,
    mut known: OptimumEvidence,
    board: &cw_core::Board,
) -> (Option<(u32, bool)>, Option<String>) {
    let Some(o) = listed else {
        return (known.proven.map(|m| (m, true)), None);
    };
    let graph = cw_core::ClusterGraph::new(board);
    let bound = cw_solve::bound::lower_bound(&cw_core::Game::new(&graph));
    known.lower = known.lower.max(Some(bound));
    let why = if let Some(m) = known.proven.filter(|&m| m != o) {
        format!("a proven optimum of {m}")
    } else if let Some(m) = known.shortest.filter(|&m| m < o) {
        format!("a solution of {m} moves")
    } else if let Some(lb) = known.lower.filter(|&lb| lb > o) {
        format!("a proven lower bound of {lb}")
    } else {
        return (Some((o, true)), None);
    };
    let conflict = format!(
        "{label}: its board file lists an optimum of {o}, but this lab knows {why}: the \
         listed optimum is ignored"
    );
    (known.proven.map(|m| (m, true)), Some(conflict))
}

/// Known optima of the boards of `records`: those stored (proven by the exact
/// solver, or the best found) and those the records prove, with those the
/// board source lists unless contradicted (see [`reconcile_optimum`]).
pub fn known_optima(
    store: Option<&Store>,
    entries: &[BoardEntry],
    records: &[GameRecord],
) -> Result<KnownOptima, StoreError> {
    let mut optima: Optima = HashMap::new();
    if let Some(store) = store {
        let ids: HashSet<&str> = records.iter().map(|r| r.board_id.as_str()).collect();
        optima.extend(store.optima(ids)?);
    }
    // What the records show, board by board.
    let mut evidence: HashMap<&str, OptimumEvidence> = HashMap::new();
    for r in records {
        let e = evidence.entry(&r.board_id).or_default();
        if r.solved() {
            e.shortest = e.shortest.min(Some(r.moves)).or(Some(r.moves));
            if r.lower_bound == Some(r.moves) {
                e.proven = Some(r.moves);
            }
        }
        e.lower = e.lower.max(r.lower_bound);
    }
    for (id, e) in &evidence {
        if let Some(m) = e.proven {
            optima.insert(id.to_string(), (m, true));
        }
    }
    let mut conflicts = Vec::new();
    for entry in entries.iter().filter(|e| e.optimum.is_some()) {
        let id = entry.board.id().to_string();
        let stored = OptimumEvidence::stored(optima.get(&id).copied());
        let ran = evidence.get(id.as_str()).copied().unwrap_or_default();
        let known = OptimumEvidence {
            shortest: stored.shortest.into_iter().chain(ran.shortest).min(),
            proven: stored.proven.or(ran.proven),
            lower: stored.lower.max(ran.lower),
        };
        // Named as the file names it: an ID of cells can run to pages.
        let label = entry.name.as_deref().unwrap_or(&id);
        let (optimum, why) = reconcile_optimum(label, entry.optimum, known, &entry.board);
        conflicts.extend(why);
        // Contradicted and unproven here: the store's best, if any, stays.
        if let Some(o) = optimum {
            optima.insert(id, o);
        }
    }
    conflicts.sort();
    Ok(KnownOptima { optima, conflicts })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSet, GameLimits};
    use cw_solve::Spec;
    use std::sync::atomic::Ordering;

    fn plan(specs: &[&str], boards: BoardSet) -> Plan {
        Plan {
            boards,
            specs: specs.iter().map(|s| Spec::parse(s).unwrap()).collect(),
            limits: GameLimits::default(),
        }
    }

    fn batch(count: u64) -> Batch {
        let boards = BoardSet::Seeds {
            first: 1,
            count,
            width: 8,
            height: 6,
            colors: 4,
        };
        Batch::new(plan(&["greedy", "gla-3"], boards), 2)
    }

    #[test]
    fn stores_every_game_and_resumes_a_cancelled_run() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("r.db")).unwrap();

        // Cancelled before it starts: no run is begun.
        let mut cancelled = batch(3);
        let flag = Arc::new(AtomicBool::new(true));
        cancelled.cancel = Some(flag.clone());
        let out = run(&cancelled, Some(&mut store), Resume::Same, &mut |_| {}).unwrap();
        assert!(out.cancelled && out.run.is_none() && out.played == 0);
        assert!(store.runs().unwrap().is_empty());
        // Cancelled as it starts: the run is begun but stays unfinished.
        flag.store(false, Ordering::Relaxed);
        let out = run(&cancelled, Some(&mut store), Resume::Same, &mut |event| {
            if let Event::Started { .. } = event {
                flag.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
        assert!(out.cancelled);
        assert_eq!(out.played, 0);
        let run_id = out.run.unwrap();
        assert_eq!(store.run(run_id).unwrap().unwrap().finished, None);

        // While another process plays that run (here: holds its claim), the
        // same batch refuses to play it too; the claim of a cancelled run
        // is left for the next resume.
        let lock = dir.path().join(format!("r.db.run{run_id}.lock"));
        assert!(lock.exists());
        let other = Store::open(&dir.path().join("r.db")).unwrap();
        let held = other.claim_run(run_id).unwrap();
        let e = run(&batch(3), Some(&mut store), Resume::Same, &mut |_| {}).unwrap_err();
        assert!(
            e.to_string()
                .contains("is being played by another process right now"),
            "{e}"
        );
        assert_eq!(store.completed(run_id).unwrap().len(), 0);
        drop(held);

        // The same batch resumes that run and finishes it, as a dry run says.
        assert_eq!(
            resume_point(&batch(3), Some(&store), Resume::Same).unwrap(),
            Some((run_id, 0))
        );
        assert_eq!(resume_point(&batch(3), None, Resume::Same).unwrap(), None);
        let mut started = None;
        let mut seen = 0;
        let out = run(
            &batch(3),
            Some(&mut store),
            Resume::Same,
            &mut |e| match e {
                Event::Started {
                    run,
                    already_done,
                    total,
                    ..
                } => started = Some((run, already_done, total)),
                Event::Played(_) => seen += 1,
            },
        )
        .unwrap();
        assert_eq!(started, Some((Some(run_id), 0, 6)));
        assert_eq!((seen, out.played, out.records.len()), (6, 6, 6));
        assert!(!out.cancelled);
        assert!(store.run(run_id).unwrap().unwrap().finished.is_some());
        assert!(!lock.exists(), "a finished run's claim is deleted");

        // Without a store, the records are the games just played.
        let out = run(&batch(2), None, Resume::Same, &mut |_| {}).unwrap();
        assert_eq!((out.run, out.records.len()), (None, 4));
    }

    #[test]
    fn a_resumed_run_of_a_spec_that_meets_its_boards_in_order_plays_only_what_is_missing() {
        // Round robin carrying its cycle from board to board plays every
        // board again when resumed (the cycle must come to each board as it
        // did), but hands on only the games not stored. A run cut off with
        // 4 of its 10 games stored (those of an uninterrupted run) resumes
        // with the other 6, and ends with each board once, as that run.
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("r.db")).unwrap();
        let boards = BoardSet::Seeds {
            first: 1,
            count: 10,
            width: 8,
            height: 6,
            colors: 4,
        };
        let mut batch = Batch::new(plan(&["round-robin:carry=true"], boards), 1);
        let whole = run(&batch, None, Resume::Same, &mut |_| {}).unwrap();
        assert_eq!(whole.records.len(), 10);
        // The run begun and cancelled as it starts; then 4 games stored.
        let flag = Arc::new(AtomicBool::new(false));
        batch.cancel = Some(flag.clone());
        let out = run(&batch, Some(&mut store), Resume::Same, &mut |e| {
            if let Event::Started { .. } = e {
                flag.store(true, Ordering::Relaxed);
            }
        })
        .unwrap();
        let run_id = out.run.unwrap();
        let mut first_four = whole.records.clone();
        first_four.sort_by_key(|r| r.board_index);
        first_four.truncate(4);
        store.insert_results(run_id, &first_four).unwrap();
        flag.store(false, Ordering::Relaxed);
        let mut started = None;
        let out = run(&batch, Some(&mut store), Resume::Same, &mut |e| {
            if let Event::Started { already_done, .. } = e {
                started = Some(already_done);
            }
        })
        .unwrap();
        assert_eq!(started, Some(4));
        assert!(!out.cancelled);
        assert_eq!(out.played, 6);
        assert!(store.run(run_id).unwrap().unwrap().finished.is_some());
        let rows = |records: &[GameRecord]| {
            let mut rows: Vec<_> = records.iter().map(row).collect();
            rows.sort();
            rows
        };
        assert_eq!(rows(&out.records), rows(&whole.records));
    }

    #[test]
    fn a_store_that_fails_stops_the_games_at_once() {
        // A store whose 40th result cannot be written (as a full disk): the
        // batch returns the error, and its games stop then rather than play
        // on to the end of 2,000. Each `exact` game reports to the progress
        // sink when it ends (and when its bounds move), which counts the
        // games played.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.db");
        drop(Store::open(&path).unwrap());
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(
                "CREATE TRIGGER full AFTER INSERT ON results
                 WHEN (SELECT count(*) FROM results) >= 40
                 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
            )
            .unwrap();
        let mut store = Store::open(&path).unwrap();
        let boards = BoardSet::Seeds {
            first: 1,
            count: 2000,
            width: 6,
            height: 6,
            colors: 4,
        };
        let mut batch = Batch::new(plan(&["exact"], boards), 1);
        let ended = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = ended.clone();
        batch.progress = Some(ProgressSink(Arc::new(move |_| {
            count.fetch_add(1, Ordering::Relaxed);
        })));
        let e = run(&batch, Some(&mut store), Resume::Same, &mut |_| {}).unwrap_err();
        assert!(e.to_string().contains("full"), "{e}");
        let played = ended.load(Ordering::Relaxed);
        assert!((40..1000).contains(&played), "{played} games played");
    }

    #[test]
    fn a_panic_while_receiving_stops_the_games_and_is_passed_on() {
        // A panic in `on_event` ends the batch with that panic (its games
        // stop; the watcher too, so the scope does not wait forever).
        let mut batch = batch(2000);
        batch.threads = 1;
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run(&batch, None, Resume::Same, &mut |e| {
                if let Event::Played(_) = e {
                    panic!("a front end's bug");
                }
            })
        }));
        assert!(caught.is_err());
    }

    /// What a stored row says, without its wall time.
    fn row(r: &GameRecord) -> (String, String, GameOutcome, u32, u64, String) {
        (
            r.board_id.clone(),
            r.spec.clone(),
            r.outcome,
            r.moves,
            r.nodes,
            r.solution.clone(),
        )
    }

    #[test]
    fn a_batch_stopped_in_the_middle_and_resumed_stores_what_an_uninterrupted_one_does() {
        // Games long enough (tens of milliseconds) that some are in flight
        // on the other thread when the batch is stopped.
        let batch = |cancel: Option<Arc<AtomicBool>>| Batch {
            cancel,
            ..Batch::new(
                plan(
                    &["dijkstra", "gla:depth=4"],
                    BoardSet::Koblenski {
                        first: 10,
                        count: 12,
                        width: 30,
                        height: 20,
                        colors: 5,
                    },
                ),
                2,
            )
        };
        let dir = tempfile::tempdir().unwrap();
        let mut whole = Store::open(&dir.path().join("whole.db")).unwrap();
        let mut expected: Vec<_> = run(&batch(None), Some(&mut whole), Resume::Same, &mut |_| {})
            .unwrap()
            .records
            .iter()
            .map(row)
            .collect();
        expected.sort();
        assert_eq!(expected.len(), 24);
        assert!(expected.iter().all(|r| r.2 == GameOutcome::Solved));

        // Stop after the fifth result, as Stop on the page does.
        let mut store = Store::open(&dir.path().join("stopped.db")).unwrap();
        let flag = Arc::new(AtomicBool::new(false));
        let mut seen = 0;
        let out = run(
            &batch(Some(flag.clone())),
            Some(&mut store),
            Resume::Same,
            &mut |e| {
                if let Event::Played(_) = e {
                    seen += 1;
                    if seen == 5 {
                        flag.store(true, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            },
        )
        .unwrap();
        assert!(out.cancelled);
        let stored = store.results(out.run.unwrap()).unwrap();
        assert!(stored.len() < 24, "the stop came before the end");
        // Nothing cut short is stored: every stored row is a real result.
        for r in &stored {
            assert!(expected.contains(&row(r)), "stored after the stop: {r:?}");
        }

        // Resumed: the same rows as the uninterrupted run, every one.
        let out = run(&batch(None), Some(&mut store), Resume::Same, &mut |_| {}).unwrap();
        assert!(!out.cancelled);
        let mut got: Vec<_> = out.records.iter().map(row).collect();
        got.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_result_is_written_while_the_next_game_is_still_being_played() {
        // A quick game, then a search of hours: the quick game's result
        // must reach the store while the search runs (a process killed
        // then keeps it), not wait for the search to end.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.db");
        let mut store = Store::open(&path).unwrap();
        let boards = BoardSet::Seeds {
            first: 1,
            count: 1,
            width: 26,
            height: 26,
            colors: 8,
        };
        let mut batch = Batch::new(plan(&["greedy", "exact:threads=1"], boards), 1);
        let flag = Arc::new(AtomicBool::new(false));
        batch.cancel = Some(flag.clone());
        let stored_while_searching = std::thread::scope(|s| {
            let watcher = s.spawn(|| {
                let reader = Store::open_to_read(&path).unwrap();
                // Waits for the greedy game's row (a generous limit: the
                // search it waits beside takes hours), then stops the run.
                let mut seen = false;
                for _ in 0..600 {
                    let runs = reader.runs().unwrap();
                    if runs.first().is_some_and(|r| r.n_results > 0) {
                        seen = true;
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                flag.store(true, std::sync::atomic::Ordering::SeqCst);
                seen
            });
            let out = run(&batch, Some(&mut store), Resume::Same, &mut |_| {}).unwrap();
            assert!(out.cancelled && out.played == 1, "{:?}", out.played);
            watcher.join().unwrap()
        });
        assert!(stored_while_searching);
    }

    #[test]
    fn the_same_specs_in_another_order_are_told_why_they_do_not_resume() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("r.db")).unwrap();
        let mut stopped = batch(2);
        let flag = Arc::new(AtomicBool::new(false));
        stopped.cancel = Some(flag.clone());
        // Stopped as it starts: begun, and left unfinished.
        let stop = &mut |event: Event<'_>| {
            if let Event::Started { .. } = event {
                flag.store(true, Ordering::Relaxed);
            }
        };
        let first = run(&stopped, Some(&mut store), Resume::Same, stop)
            .unwrap()
            .run
            .unwrap();
        let boards = batch(2).plan.boards;
        let reordered = Batch::new(plan(&["gla-3", "greedy"], boards), 2);
        let err = run(&reordered, Some(&mut store), Resume::Same, &mut |_| {}).unwrap_err();
        let BatchError::CannotResume(n) = &err else {
            panic!("{err}")
        };
        assert_eq!(n.run, first);
        assert!(err.to_string().contains("specs: "), "{err}");
    }

    #[test]
    fn a_run_of_another_version_or_other_solver_defaults_is_not_resumed_and_says_why() {
        let mut store = Store::open_in_memory().unwrap();
        let b = batch(2);
        let meta = b.meta(2);
        // The full form of each spec is part of the run's identity.
        assert_eq!(
            meta.params["solvers"],
            serde_json::json!(["greedy:metric=area", "gla:depth=3,metric=area,form=p7"])
        );
        // An unfinished run begun by another version of the program whose
        // solvers had other defaults.
        let mut older = meta.clone();
        older.version = "0.0.1".into();
        older.params["solvers"][1] = "gla:depth=3,metric=area,form=p6".into();
        older.fingerprint = Fingerprint {
            version: older.version.clone(),
            plan: older.params.clone(),
        }
        .digest();
        let older = store.begin_run(&older).unwrap();
        // A dry run foresees what the run does: it refuses with Resume::Same,
        // begins a new run beside it with Resume::Fresh.
        let foreseen = resume_point(&b, Some(&store), Resume::Same).unwrap_err();
        assert!(matches!(&foreseen, BatchError::CannotResume(n) if n.run == older));
        assert_eq!(resume_point(&b, Some(&store), Resume::Fresh).unwrap(), None);
        // Resume::Same refuses, and says what differs.
        let err = run(&b, Some(&mut store), Resume::Same, &mut |_| {}).unwrap_err();
        assert_eq!(err.to_string(), foreseen.to_string());
        let BatchError::CannotResume(n) = &err else {
            panic!("{err}")
        };
        assert_eq!(n.run, older);
        assert!(n.why[0].contains("colorwalk 0.0.1"), "{err}");
        assert!(n.why[1].contains("form=p6"), "{err}");
        assert!(
            err.to_string()
                .contains(&format!("run {older} on the same boards"))
        );
        // Resume::SameOrNew begins a new run beside it and says why.
        let mut started = None;
        let out = run(&b, Some(&mut store), Resume::SameOrNew, &mut |e| {
            if let Event::Started {
                run, not_resumed, ..
            } = e
            {
                started = Some((run, not_resumed));
            }
        })
        .unwrap();
        let new = out.run.unwrap();
        let (run_id, not_resumed) = started.unwrap();
        assert_eq!(run_id, Some(new));
        assert_eq!(not_resumed.unwrap().run, older);
        assert!(new != older);
        assert_eq!(
            store.run(new).unwrap().unwrap().fingerprint,
            meta.fingerprint
        );
        // The new run finished; the old one stays as it was.
        assert_eq!(
            store.find_unfinished_run(&meta.fingerprint, None).unwrap(),
            None
        );
        assert_eq!(store.run(older).unwrap().unwrap().finished, None);
        // Resume::Fresh neither looks nor complains.
        assert!(run(&b, Some(&mut store), Resume::Fresh, &mut |_| {}).is_ok());
    }

    #[test]
    fn shards_play_disjoint_slices_that_together_are_the_whole_plan() {
        let dir = tempfile::tempdir().unwrap();
        let mut whole = Store::open(&dir.path().join("whole.db")).unwrap();
        let all = run(&batch(7), Some(&mut whole), Resume::Same, &mut |_| {}).unwrap();
        let mut expected: Vec<_> = all.records.iter().map(row).collect();
        expected.sort();
        let mut got = Vec::new();
        for i in 0..3 {
            let mut store = Store::open(&dir.path().join(format!("s{i}.db"))).unwrap();
            let mut b = batch(7);
            b.shard = Some(Shard::new(i, 3).unwrap());
            let mut total = 0;
            let out = run(&b, Some(&mut store), Resume::Same, &mut |e| {
                if let Event::Started { total: t, .. } = e {
                    total = t;
                }
            })
            .unwrap();
            // Boards 0, 3, 6 for shard 0; 1, 4 for shard 1; 2, 5 for shard 2.
            assert_eq!(total, 2 * if i == 0 { 3 } else { 2 });
            assert_eq!(out.records.len(), total);
            assert!(out.records.iter().all(|r| r.board_index % 3 == i));
            let info = store.run(out.run.unwrap()).unwrap().unwrap();
            assert_eq!(info.shard.as_deref(), Some(format!("{i}/3").as_str()));
            assert_eq!(info.fingerprint, b.meta(7).fingerprint);
            assert!(info.finished.is_some());
            got.extend(out.records.iter().map(row));
        }
        got.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_spec_that_carries_state_between_boards_is_not_sharded() {
        let mut b = batch(4);
        b.plan
            .specs
            .push(Spec::parse("round-robin-series").unwrap());
        b.shard = Some(Shard::new(0, 2).unwrap());
        let err = run(&b, None, Resume::Same, &mut |_| {}).unwrap_err();
        assert!(matches!(err, BatchError::SequentialShard(_)), "{err}");
        assert!(err.to_string().contains("cannot be split into shards"));
    }

    #[test]
    fn the_series_stream_is_sequential_on_the_series_boards_only() {
        // On the series' run, `random` (rng=series) meets the boards in
        // order: no shards. On seeded boards each game draws afresh, so its
        // shards together give the moves of the whole plan.
        let mut series = batch(4);
        series.plan = plan(
            &["random"],
            BoardSet::Koblenski {
                first: 1,
                count: 4,
                width: 8,
                height: 6,
                colors: 4,
            },
        );
        series.shard = Some(Shard::new(0, 2).unwrap());
        let err = run(&series, None, Resume::Same, &mut |_| {}).unwrap_err();
        assert!(matches!(err, BatchError::SequentialShard(_)), "{err}");

        let mut seeded = batch(5);
        seeded.plan.specs = vec![Spec::parse("random").unwrap()];
        let row = |r: &GameRecord| (r.board_index, r.board_id.clone(), r.solution.clone());
        let whole = run(&seeded, None, Resume::Same, &mut |_| {}).unwrap();
        let mut expected: Vec<_> = whole.records.iter().map(row).collect();
        expected.sort();
        let mut got = Vec::new();
        for i in 0..2 {
            seeded.shard = Some(Shard::new(i, 2).unwrap());
            let out = run(&seeded, None, Resume::Same, &mut |_| {}).unwrap();
            got.extend(out.records.iter().map(row));
        }
        got.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_game_out_of_its_time_budget_is_stored_as_out_of_time() {
        let mut b = batch(1);
        b.plan = plan(
            &["dfs:nodes=1000000000"],
            BoardSet::Koblenski {
                first: 1,
                count: 1,
                width: 30,
                height: 20,
                colors: 5,
            },
        );
        b.plan.limits.time_limit = Some(Duration::from_millis(1));
        let mut store = Store::open_in_memory().unwrap();
        let out = run(&b, Some(&mut store), Resume::Same, &mut |_| {}).unwrap();
        assert!(!out.cancelled);
        assert_eq!(out.records.len(), 1);
        assert_eq!(out.records[0].outcome, GameOutcome::OutOfTime);
        let summary = &cw_lab::summarize(&out.records, None)[0];
        assert_eq!((summary.solved, summary.out_of_time), (0, 1));
    }

    #[test]
    fn optima_from_the_source_override_stored_ones() {
        let mut store = Store::open_in_memory().unwrap();
        let board = cw_core::Board::seeded(4, 4, 3, 1).unwrap();
        let id = board.id().to_string();
        store.record_optimum(&id, 9, false, "").unwrap();
        let rec = GameRecord {
            board_id: id.clone(),
            board_index: 0,
            spec: "greedy".into(),
            outcome: GameOutcome::Solved,
            moves: 9,
            nanos: 1,
            nodes: 1,
            inspections: 1,
            solution: String::new(),
            lower_bound: None,
        };
        let o = known_optima(
            Some(&store),
            &[BoardEntry::new(board.clone())],
            std::slice::from_ref(&rec),
        );
        assert_eq!(o.unwrap().optima[&id], (9, false));
        let mut entry = BoardEntry::new(board);
        entry.optimum = Some(7);
        let o = known_optima(Some(&store), &[entry], &[rec]).unwrap();
        assert_eq!(o.optima[&id], (7, true));
        assert!(o.conflicts.is_empty());
    }

    #[test]
    fn a_listed_optimum_that_a_result_contradicts_is_ignored_and_said() {
        let board = cw_core::Board::seeded(4, 4, 3, 1).unwrap();
        let id = board.id().to_string();
        let rec = |spec: &str, moves, lower_bound| GameRecord {
            board_id: id.clone(),
            board_index: 0,
            spec: spec.into(),
            outcome: GameOutcome::Solved,
            moves,
            nanos: 1,
            nodes: 1,
            inspections: 1,
            solution: String::new(),
            lower_bound,
        };
        let listing = |optimum| {
            let mut entry = BoardEntry::new(board.clone());
            entry.optimum = Some(optimum);
            [entry]
        };
        // A proven 7 against a listed 1 or 10: the proof stands.
        for listed in [1, 10] {
            let o = known_optima(None, &listing(listed), &[rec("exact", 7, Some(7))]).unwrap();
            assert_eq!(o.optima[&id], (7, true));
            assert_eq!(
                o.conflicts,
                [format!(
                    "{id}: its board file lists an optimum of {listed}, but this lab knows a \
                     proven optimum of 7: the listed optimum is ignored"
                )]
            );
        }
        // A solution shorter than the listed optimum, or a lower bound above
        // it: no optimum is known.
        for (record, why) in [
            (rec("greedy", 8, None), "a solution of 8 moves"),
            (rec("near", 12, Some(10)), "a proven lower bound of 10"),
        ] {
            let o = known_optima(None, &listing(9), &[record]).unwrap();
            assert_eq!(o.optima.get(&id), None);
            assert!(o.conflicts[0].contains(why), "{:?}", o.conflicts);
        }
        // One that agrees: the listed optimum, no conflict.
        let o = known_optima(None, &listing(9), &[rec("greedy", 11, Some(9))]).unwrap();
        assert_eq!((o.optima[&id], o.conflicts.len()), ((9, true), 0));
        // The store's proven optimum contradicts a listed one too.
        let mut store = Store::open_in_memory().unwrap();
        store.record_optimum(&id, 7, true, "").unwrap();
        let o = known_optima(Some(&store), &listing(6), &[rec("greedy", 9, None)]).unwrap();
        assert_eq!((o.optima[&id], o.conflicts.len()), ((7, true), 1));
        // A board the file names is named so in the warning.
        let mut named = listing(6);
        named[0].name = Some("ref_7".into());
        let o = known_optima(Some(&store), &named, &[rec("greedy", 9, None)]).unwrap();
        assert!(
            o.conflicts[0].starts_with("ref_7: its board file lists"),
            "{:?}",
            o.conflicts
        );
    }
}
