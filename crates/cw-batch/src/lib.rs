//! Stored batches: many solver specs over many boards on all cores, each
//! result written to the lab's store as soon as it is ready.
//!
//! This is the loop that `colorwalk bench` and the web lab share:
//! [`run`] begins a run in the [`Store`] (or resumes an unfinished one with
//! the same settings), plays the games with [`cw_solve::run_batch`] on worker
//! threads, and on the calling thread receives every result, reports it
//! through a callback ([`Event`]) and writes it to the store in small
//! transactions. An interrupted or cancelled run keeps what finished, and the
//! same batch run again resumes it.

use cw_core::format::BoardEntry;
use cw_core::{BoardError, Moves};
use cw_lab::{GameOutcome, GameRecord, Optima, RunMeta, Store, StoreError};
use cw_solve::{BatchResult, BoardSet, Limits, Outcome as SolveOutcome, Spec};
use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, mpsc};
use std::time::{Duration, Instant};
use thiserror::Error;

/// What to play: specs × boards, with limits per game.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The solver specs, without duplicates, in report order.
    pub specs: Vec<Spec>,
    /// The boards.
    pub set: BoardSet,
    /// Limits for every game; setting `limits.cancel` stops the batch early.
    pub limits: Limits,
    /// Games played at once.
    pub threads: usize,
}

impl Batch {
    /// The canonical spec texts, which label the results.
    pub fn labels(&self) -> Vec<String> {
        self.specs.iter().map(ToString::to_string).collect()
    }

    /// The run's metadata for a set of `n_boards` boards. Two batches with
    /// equal metadata are the same experiment (that is how a run resumes):
    /// the same boards, specs, limits and program version, and the same
    /// value of every solver parameter, defaults included (`solvers`), so
    /// that a run is not resumed by a program whose defaults changed.
    pub fn meta(&self, n_boards: u32) -> RunMeta {
        RunMeta {
            board_set: self.set.label(),
            specs: self.labels(),
            n_boards,
            version: env!("CARGO_PKG_VERSION").to_string(),
            params: {
                let mut params = serde_json::json!({
                    "max_moves": self.limits.max_moves,
                    "time_limit_s": self.limits.time_limit.map(|t| t.as_secs_f64()),
                    "solvers": self.specs.iter().map(full_form).collect::<Vec<_>>(),
                });
                // A memory budget changes results too; absent, runs stored
                // before budgets existed still resume.
                if let Some(bytes) = self.limits.memory_bytes {
                    params["memory_mb"] = (bytes >> 20).into();
                }
                params
            },
        }
    }

    fn cancelled(&self) -> bool {
        self.limits.is_cancelled()
    }
}

/// A spec with every parameter written out, defaults included:
/// `gla:depth=5,metric=area,form=p7`.
fn full_form(spec: &Spec) -> String {
    spec.alternatives()
        .iter()
        .map(|chain| {
            chain
                .iter()
                .map(|stage| {
                    let params: Vec<String> = stage
                        .params()
                        .iter()
                        .map(|(k, v)| format!("{k}={v}"))
                        .chain(stage.until().map(|u| format!("until={u}")))
                        .collect();
                    format!("{}:{}", stage.def().name, params.join(","))
                })
                .collect::<Vec<_>>()
                .join(">")
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// What [`run`] reports while it works, on the calling thread.
#[derive(Debug)]
pub enum Event<'a> {
    /// The run is set up: its ID in the store (if stored), how many games
    /// were already played by an earlier, unfinished run with the same
    /// settings, and how many games the whole run has.
    Started {
        /// The run's ID in the store.
        run: Option<i64>,
        /// Games already stored by the unfinished run being resumed.
        already_done: usize,
        /// Games of the whole run (boards × specs).
        total: usize,
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
    /// The boards, with what their source says of them (known optima).
    pub entries: Vec<BoardEntry>,
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
}

/// How often (in results, or in time) results are written to the store.
const FLUSH_EVERY: usize = 16;
const FLUSH_AFTER: Duration = Duration::from_millis(250);

/// Plays `batch` and stores its results in `store` (when given): resumes an
/// unfinished run with the same settings unless `fresh`, else begins a new
/// one, and marks the run finished when every game is played. `on_event`
/// hears of the start and of every game, on the calling thread.
pub fn run(
    batch: &Batch,
    mut store: Option<&mut Store>,
    fresh: bool,
    on_event: &mut dyn FnMut(Event<'_>),
) -> Result<Outcome, BatchError> {
    let entries = batch.set.entries()?;
    let labels = batch.labels();
    let meta = batch.meta(entries.len() as u32);
    let total = labels.len() * entries.len();
    let (run, done) = match store.as_deref_mut() {
        None => (None, HashSet::new()),
        Some(store) => {
            let existing = if fresh {
                None
            } else {
                store.find_unfinished_run(&meta)?
            };
            match existing {
                Some(run) => (Some(run), store.completed(run)?),
                None => (Some(store.begin_run(&meta)?), HashSet::new()),
            }
        }
    };
    on_event(Event::Started {
        run,
        already_done: done.len(),
        total,
    });
    // Each record, and whether its moves are a proven optimum (stored as the
    // board's optimum, which feeds every spec's gap column).
    let (tx, rx) = mpsc::channel::<(GameRecord, bool)>();
    let mut fresh_records = Vec::new();
    std::thread::scope(|scope| -> Result<(), BatchError> {
        let (labels, done) = (&labels, &done);
        let worker = scope.spawn(move || {
            let tx = Mutex::new(tx);
            cw_solve::run_batch(
                &batch.specs,
                &batch.set,
                &batch.limits,
                done,
                batch.threads,
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
        let mut buffer = Vec::new();
        let mut last_flush = Instant::now();
        for (record, proven) in rx {
            if let (true, Some(store)) = (proven, store.as_deref_mut()) {
                store.record_optimum(&record.board_id, record.moves, true, &record.solution)?;
            }
            on_event(Event::Played(&record));
            buffer.push(record.clone());
            fresh_records.push(record);
            if buffer.len() >= FLUSH_EVERY || last_flush.elapsed() > FLUSH_AFTER {
                if let (Some(store), Some(run)) = (store.as_deref_mut(), run) {
                    store.insert_results(run, &buffer)?;
                }
                buffer.clear();
                last_flush = Instant::now();
            }
        }
        if let (Some(store), Some(run)) = (store.as_deref_mut(), run) {
            store.insert_results(run, &buffer)?;
        }
        worker.join().map_err(|_| BatchError::WorkerPanicked)??;
        Ok(())
    })?;
    let played = fresh_records.len();
    let cancelled = batch.cancelled() && done.len() + played < total;
    let records = match (store, run) {
        (Some(store), Some(run)) => {
            if !cancelled {
                store.finish_run(run)?;
            }
            store.results(run)?
        }
        _ => fresh_records,
    };
    Ok(Outcome {
        run,
        records,
        played,
        entries,
        cancelled,
    })
}

/// How a solve's outcome is stored. A cancelled game never gets here
/// ([`cw_solve::run_batch`] does not hand it on); it would read as unsolved.
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

/// Known optima of the boards of `records`: those stored (proven by the exact
/// solver, or the best found), overridden by those the board source gives.
pub fn known_optima(
    store: Option<&Store>,
    entries: &[BoardEntry],
    records: &[GameRecord],
) -> Result<Optima, StoreError> {
    let mut optima = HashMap::new();
    if let Some(store) = store {
        let ids: HashSet<&str> = records.iter().map(|r| r.board_id.as_str()).collect();
        optima.extend(store.optima(ids)?);
    }
    for e in entries {
        if let Some(o) = e.optimum {
            optima.insert(e.board.id().to_string(), (o, true));
        }
    }
    Ok(optima)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    fn batch(count: u64) -> Batch {
        Batch {
            specs: vec![
                Spec::parse("greedy").unwrap(),
                Spec::parse("gla-3").unwrap(),
            ],
            set: BoardSet::Seeds {
                first: 1,
                count,
                width: 8,
                height: 6,
                colors: 4,
            },
            limits: Limits::default(),
            threads: 2,
        }
    }

    #[test]
    fn stores_every_game_and_resumes_a_cancelled_run() {
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("r.db")).unwrap();

        // Cancelled before it starts: the run is begun but stays unfinished.
        let mut cancelled = batch(3);
        let flag = Arc::new(AtomicBool::new(true));
        cancelled.limits.cancel = Some(flag);
        let out = run(&cancelled, Some(&mut store), false, &mut |_| {}).unwrap();
        assert!(out.cancelled);
        assert_eq!(out.played, 0);
        let run_id = out.run.unwrap();
        assert_eq!(store.run(run_id).unwrap().unwrap().finished, None);

        // The same batch resumes that run and finishes it.
        let mut started = None;
        let mut seen = 0;
        let out = run(&batch(3), Some(&mut store), false, &mut |e| match e {
            Event::Started {
                run,
                already_done,
                total,
            } => started = Some((run, already_done, total)),
            Event::Played(_) => seen += 1,
        })
        .unwrap();
        assert_eq!(started, Some((Some(run_id), 0, 6)));
        assert_eq!((seen, out.played, out.records.len()), (6, 6, 6));
        assert!(!out.cancelled);
        assert!(store.run(run_id).unwrap().unwrap().finished.is_some());

        // Without a store, the records are the games just played.
        let out = run(&batch(2), None, false, &mut |_| {}).unwrap();
        assert_eq!((out.run, out.records.len()), (None, 4));
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
            specs: vec![
                Spec::parse("dijkstra").unwrap(),
                Spec::parse("gla:depth=4").unwrap(),
            ],
            set: BoardSet::Koblenski {
                first: 10,
                count: 12,
                width: 30,
                height: 20,
                colors: 5,
            },
            limits: Limits {
                cancel,
                ..Limits::default()
            },
            threads: 2,
        };
        let dir = tempfile::tempdir().unwrap();
        let mut whole = Store::open(&dir.path().join("whole.db")).unwrap();
        let mut expected: Vec<_> = run(&batch(None), Some(&mut whole), false, &mut |_| {})
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
            false,
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
        let out = run(&batch(None), Some(&mut store), false, &mut |_| {}).unwrap();
        assert!(!out.cancelled);
        let mut got: Vec<_> = out.records.iter().map(row).collect();
        got.sort();
        assert_eq!(got, expected);
    }

    #[test]
    fn a_run_of_another_version_or_other_solver_defaults_is_not_resumed() {
        let mut store = Store::open_in_memory().unwrap();
        let b = batch(2);
        let meta = b.meta(2);
        // The full form of each spec is part of the run's identity.
        assert_eq!(
            meta.params["solvers"],
            serde_json::json!(["greedy:metric=area", "gla:depth=3,metric=area,form=p7"])
        );
        // An unfinished run begun by another version of the program, and one
        // whose solvers had other defaults: neither is resumed.
        let mut older = meta.clone();
        older.version = "0.0.1".into();
        let older = store.begin_run(&older).unwrap();
        let mut other_defaults = meta.clone();
        other_defaults.params["solvers"][1] = "gla:depth=3,metric=area,form=p6".into();
        let other_defaults = store.begin_run(&other_defaults).unwrap();
        let mut started = None;
        let out = run(&b, Some(&mut store), false, &mut |e| {
            if let Event::Started { run, .. } = e {
                started = run;
            }
        })
        .unwrap();
        let new = out.run.unwrap();
        assert_eq!(started, Some(new));
        assert!(new != older && new != other_defaults);
        assert_eq!(
            store.run(new).unwrap().unwrap().version,
            env!("CARGO_PKG_VERSION")
        );
        // The new run finished; the two others stay as they were.
        assert_eq!(store.find_unfinished_run(&meta).unwrap(), None);
        assert_eq!(store.run(older).unwrap().unwrap().finished, None);
        assert_eq!(store.run(other_defaults).unwrap().unwrap().finished, None);
    }

    #[test]
    fn a_game_out_of_its_time_budget_is_stored_as_out_of_time() {
        let mut b = batch(1);
        b.specs = vec![Spec::parse("dfs:nodes=1000000000").unwrap()];
        b.set = BoardSet::Koblenski {
            first: 1,
            count: 1,
            width: 30,
            height: 20,
            colors: 5,
        };
        b.limits.time_limit = Some(Duration::from_millis(1));
        let mut store = Store::open_in_memory().unwrap();
        let out = run(&b, Some(&mut store), false, &mut |_| {}).unwrap();
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
        assert_eq!(o.unwrap()[&id], (9, false));
        let mut entry = BoardEntry::new(board);
        entry.optimum = Some(7);
        let o = known_optima(Some(&store), &[entry], &[rec]).unwrap();
        assert_eq!(o[&id], (7, true));
    }
}
