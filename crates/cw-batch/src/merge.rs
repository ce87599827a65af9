//! Shard stores of one plan merged into one run, with nothing lost, nothing
//! counted twice, and a list of what is still missing.
//!
//! Each input store holds the runs of one plan (one fingerprint): usually
//! one shard's run, perhaps several (a shard begun afresh), or an earlier
//! merge. [`merge`] takes every result of those runs, and of the output
//! store's own shard runs of the same plan (a shard played into the store
//! the others are merged into), into one whole-plan run of the output store
//! (found by the fingerprint, or begun), keeping one result per (board,
//! spec):
//! - a result the output lacks is added;
//! - the same result again (same outcome, moves and solution) is a
//!   duplicate, counted once;
//! - a different result for the same board and spec is a conflict: the
//!   better one stays (solved, then fewer moves), whether it was the
//!   output's own or an input's, so neither the order of the inputs nor
//!   merging them in several steps changes what is kept; the other is
//!   reported with the store it came from (games with a time limit can end
//!   differently on different machines; without one they cannot, so a
//!   conflict there means a bug or builds that differ), and the merged run
//!   is left unfinished.
//!
//! A result keeps the highest lower bound proven for its board and spec
//! among all the results met, the duplicates' and the conflicts' losers'
//! included: each is a proven bound on the same board's optimum, so the
//! largest holds, and keeping it makes the bound too independent of the
//! inputs' order.
//!
//! Nothing an input says is believed before it is checked, and one row that
//! fails refuses the whole merge before anything is written (the error names
//! the store, the board and the spec): every result (the inputs', and the
//! output store's own of the plan) must be of the plan (a spec of its specs,
//! the board the plan has at the result's position: for a generated set, the
//! board its generator makes there; for a file's boards, one board per
//! position across all stores, whose IDs make the plan's digest once every
//! position is seen), its move count may not pass the plan's move limit (no
//! game of the plan plays more, solved or not), and its solution is replayed
//! by the engine on the board made from its ID: it must be legal, as long as
//! its move count says, clear the board exactly when the result says solved,
//! and a solved result's lower bound may not exceed its moves. Every known
//! optimum (an input's, and the output store's own) must replay likewise to
//! its move count and clear its board. Then no proven lower bound of a board
//! (a result's, or a proven optimum) may exceed a solution of it (a solved
//! result's or an optimum's, all replayed): one of the two would be false. A
//! refused merge leaves the output's run as it found it, its claim ended (the
//! lock released, and a finished run's lock file deleted, as `bench` leaves
//! it).
//!
//! Known optima are offered to the output as a run offers them (a proven one
//! beats an unproven one, then fewer moves win). When every (board, spec) has
//! a result, the merged run is marked finished; otherwise the missing boards
//! are listed with the shards that hold them, so a rerun of just those shards
//! (or `colorwalk bench` of the same plan on the output store, which resumes
//! the merged run) completes it. Merging the same stores again adds nothing
//! and changes nothing. What a merge writes (the run, its results, the
//! optima, the run's end) is one transaction: a merge cut off or failing
//! while it writes leaves the output store as it found it.

use crate::{BoardSet, Fingerprint};
use cw_core::{BoardId, ClusterGraph, Moves, Replay, replay};
use cw_lab::{GameRecord, RunClaim, RunInfo, RunMeta, Store, StoreError};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use thiserror::Error;

/// Why stores cannot be merged.
#[derive(Debug, Error)]
pub enum MergeError {
    /// Writing the output store failed: every write of the merge was
    /// undone.
    #[error("writing the output store failed, and nothing was merged (its writes were undone)")]
    Write(#[source] StoreError),
    /// A store failed.
    #[error("{store}")]
    Store {
        /// Which store.
        store: String,
        /// What failed.
        #[source]
        source: StoreError,
    },
    /// An input holds no run with a fingerprint.
    #[error("{0} holds no run of a plan (no run made by `colorwalk bench` with fingerprints)")]
    NoPlan(String),
    /// A run whose stored plan does not agree with itself (the store was
    /// changed by hand, or damaged).
    #[error("{store}: run {run} does not agree with its own plan: {why}")]
    Inconsistent {
        /// The store's name.
        store: String,
        /// The run.
        run: i64,
        /// What disagrees.
        why: String,
    },
    /// An input holds runs of more than one plan.
    #[error(
        "{store} holds runs of {} plans (fingerprints {}); merge takes stores of one plan: \
         give each shard its own --db", .fingerprints.len(), .fingerprints.join(", ")
    )]
    SeveralPlans {
        /// Which store.
        store: String,
        /// The fingerprints found.
        fingerprints: Vec<String>,
    },
    /// An input's plan differs from the first input's.
    #[error("{store} is not of the same plan as {first}: {}", .why.join("; "))]
    OtherPlan {
        /// Which store.
        store: String,
        /// The first input, whose plan the merge takes.
        first: String,
        /// How its fingerprint differs.
        why: Vec<String>,
    },
    /// No input was given.
    #[error("nothing to merge: give at least one shard store")]
    NoInputs,
    /// A result or a known optimum that cannot be believed: not of the
    /// plan, or its solution does not replay to what the row says.
    #[error("{store}: {}: {why}; nothing was merged", row_name(board_id, spec.as_deref()))]
    BadRow {
        /// The store that holds it (an input, or the output store).
        store: String,
        /// The row's board.
        board_id: String,
        /// The row's spec (`None`: a known optimum).
        spec: Option<String>,
        /// What is wrong with it.
        why: String,
    },
    /// A proven lower bound of a board above a solution of it (replayed):
    /// one of the two rows is false.
    #[error(
        "board {}: {bound_from} proves that it takes at least {bound} moves, but {solution_from} \
         clears it in {moves} (replayed by the engine): one of the two was changed by hand or \
         made by a faulty build; nothing was merged",
        short_id(board_id)
    )]
    Contradiction {
        /// The board.
        board_id: String,
        /// The bound.
        bound: u32,
        /// The row that proves it, in words (its kind, spec and store).
        bound_from: String,
        /// The solution's moves.
        moves: u32,
        /// The row that holds the solution, in words.
        solution_from: String,
    },
    /// A file's plan whose results name, position by position, boards
    /// other than the plan's (their IDs' digest is not the fingerprint's).
    #[error(
        "the results name, at the plan's {n_boards} positions, other boards than the plan's: \
         their IDs make the digest {digest}, the plan's fingerprint holds {planned}; nothing \
         was merged"
    )]
    OtherBoards {
        /// The plan's boards.
        n_boards: u32,
        /// The digest of the IDs the results name.
        digest: String,
        /// The digest the plan's fingerprint holds.
        planned: String,
    },
    /// A `bench` is playing the output's run of the plan right now.
    #[error(
        "run {run} of the output store is being played by another process right now (its \
         claim is held on {}): merge into it once that has ended",
        path.display()
    )]
    RunBusy {
        /// The output's run.
        run: i64,
        /// Its lock file.
        path: std::path::PathBuf,
    },
}

/// One input store's part in a merge.
#[derive(Clone, Debug, Serialize)]
pub struct InputReport {
    /// The store, as named by the caller.
    pub store: String,
    /// Its runs of the plan: (run ID, shard `I/N` or `None`, results,
    /// finished).
    pub runs: Vec<InputRun>,
}

/// One run of an input store.
#[derive(Clone, Debug, Serialize)]
pub struct InputRun {
    /// The run's ID in its store.
    pub run: i64,
    /// Its shard, `I/N` (`None`: the whole plan).
    pub shard: Option<String>,
    /// How many results it holds.
    pub results: u32,
    /// Whether it finished (a shard killed half-way did not).
    pub finished: bool,
}

/// Two different results for one board and spec.
#[derive(Clone, Debug, Serialize)]
pub struct Conflict {
    /// The board.
    pub board_id: String,
    /// The spec.
    pub spec: String,
    /// The result kept: outcome, moves, solution.
    pub kept: (String, u32, String),
    /// Where the kept result came from (an input, or the output store).
    pub kept_from: String,
    /// The other result: outcome, moves, solution.
    pub other: (String, u32, String),
    /// Where the other result came from (an input, or the output store).
    pub from: String,
}

/// A board that still lacks a result for some specs.
#[derive(Clone, Debug, Serialize)]
pub struct Missing {
    /// The board's position in the plan, from 0.
    pub board_index: u32,
    /// The board's ID, where known (from another spec's result, or rebuilt
    /// from a generated set).
    pub board_id: Option<String>,
    /// The specs without a result.
    pub specs: Vec<String>,
    /// The shard that holds the board (`I/N`), when every input shard was
    /// cut into the same number of shards.
    pub shard: Option<String>,
}

/// What a merge did.
#[derive(Clone, Debug, Serialize)]
pub struct MergeReport {
    /// The merged run in the output store.
    pub run: i64,
    /// Whether the merge began that run (`false`: it was there already).
    pub new_run: bool,
    /// The plan's fingerprint.
    pub fingerprint: String,
    /// The board set, as the runs name it.
    pub board_set: String,
    /// The plan's specs.
    pub specs: Vec<String>,
    /// The plan's boards.
    pub n_boards: u32,
    /// The inputs, in order.
    pub inputs: Vec<InputReport>,
    /// Results added to the merged run.
    pub added: usize,
    /// Results that were there already, the same.
    pub duplicates: usize,
    /// Results that differ from the one kept.
    pub conflicts: Vec<Conflict>,
    /// Known optima taken into the output store (better than what it knew).
    pub optima_taken: usize,
    /// Results the merged run holds now.
    pub results: u64,
    /// Results a complete run holds: boards × specs.
    pub expected: u64,
    /// Boards that still lack a result, by position.
    pub missing: Vec<Missing>,
    /// The shards to run again to complete the run (`I/N`).
    pub shards_to_rerun: Vec<String>,
    /// Whether every (board, spec) has a result.
    pub complete: bool,
    /// Whether the merged run is marked finished: complete, with no
    /// conflict (a run with conflicts stays unfinished).
    pub finished: bool,
}

/// Merges the plan runs of `inputs` (each named for messages) into one run
/// of `out`; see the module docs.
pub fn merge(out: &mut Store, inputs: &[(String, &Store)]) -> Result<MergeReport, MergeError> {
    let (first_name, _) = inputs.first().ok_or(MergeError::NoInputs)?;
    let at = |store: &str| {
        let store = store.to_string();
        move |source| MergeError::Store { store, source }
    };
    // Each input's runs of its one plan; every plan the first's.
    let mut plan: Option<RunInfo> = None;
    let mut runs_of: Vec<Vec<RunInfo>> = Vec::new();
    for (name, store) in inputs {
        let runs: Vec<RunInfo> = store
            .runs()
            .map_err(at(name))?
            .into_iter()
            .filter(|r| !r.fingerprint.is_empty())
            .collect();
        for r in &runs {
            check_consistent(r).map_err(|why| MergeError::Inconsistent {
                store: name.clone(),
                run: r.id,
                why,
            })?;
        }
        let prints: BTreeSet<&str> = runs.iter().map(|r| r.fingerprint.as_str()).collect();
        match prints.len() {
            0 => return Err(MergeError::NoPlan(name.clone())),
            1 => {}
            _ => {
                return Err(MergeError::SeveralPlans {
                    store: name.clone(),
                    fingerprints: prints.into_iter().map(String::from).collect(),
                });
            }
        }
        match &plan {
            None => plan = runs.first().cloned(),
            Some(p) if p.fingerprint != runs[0].fingerprint => {
                let why = fingerprint_of(p).differences_as(
                    &fingerprint_of(&runs[0]),
                    &format!("in {name}"),
                    &format!("in {first_name}"),
                );
                return Err(MergeError::OtherPlan {
                    store: name.clone(),
                    first: first_name.clone(),
                    why,
                });
            }
            Some(_) => {}
        }
        let mut runs = runs;
        runs.sort_by_key(|r| r.id);
        runs_of.push(runs);
    }
    let plan = plan.expect("the first input has a plan");
    let out_name = "the output store";
    let claim_run = |out: &Store, run: i64| {
        out.claim_run(run).map_err(|e| match e {
            StoreError::RunBusy { run, path } => MergeError::RunBusy { run, path },
            other => at(out_name)(other),
        })
    };

    // The merged run: the output's whole-plan run of this plan, or a new one
    // (begun once everything has been checked).
    let out_runs = out.runs().map_err(at(out_name))?;
    let existing = out_runs
        .iter()
        .filter(|r| r.fingerprint == plan.fingerprint && r.shard.is_none())
        .max_by_key(|r| r.id);
    // Claimed as `bench` claims the run it plays: a `bench` resuming this
    // run now would play its games again over the merged ones, and one
    // starting while the merge writes finds it busy. Every return from here
    // on, a refusal's too, ends the claim through its guard.
    let mut claim = None;
    let held = match existing {
        Some(r) => {
            claim = Some(OutputClaim {
                claim: Some(claim_run(out, r.id)?),
                run_finished: r.finished.is_some(),
                new_run: false,
            });
            out.results(r.id).map_err(at(out_name))?
        }
        None => Vec::new(),
    };
    // The output store's own shard runs of this plan (a shard played into
    // the store the others are merged into) count as one more input.
    let own_runs: Vec<RunInfo> = out_runs
        .iter()
        .filter(|r| r.fingerprint == plan.fingerprint && r.shard.is_some())
        .cloned()
        .collect();
    let mut own_records = Vec::new();
    for r in &own_runs {
        own_records.extend(out.results(r.id).map_err(at(out_name))?);
    }
    let out_optima = out.all_optima().map_err(at(out_name))?;
    let mut input_records = Vec::with_capacity(inputs.len());
    let mut input_optima = Vec::with_capacity(inputs.len());
    for ((name, store), runs) in inputs.iter().zip(&runs_of) {
        let mut records = Vec::new();
        for r in runs {
            records.extend(store.results(r.id).map_err(at(name))?);
        }
        input_records.push(records);
        input_optima.push(store.all_optima().map_err(at(name))?);
    }

    // Everything checked before anything is written.
    let mut results: Vec<(&str, &[GameRecord])> = vec![(out_name, &held), (out_name, &own_records)];
    let mut optima: Vec<(&str, &[StoredOptimum])> = vec![(out_name, &out_optima)];
    for (((name, _), records), offered) in inputs.iter().zip(&input_records).zip(&input_optima) {
        results.push((name, records));
        optima.push((name, offered));
    }
    check_rows(&plan, &results, &optima)?;

    // Every write from here on lands together or not at all (a merge cut
    // off, or one whose write fails, leaves the output as it found it).
    out.begin_writes().map_err(at(out_name))?;
    let written = (|| -> Result<(MergeReport, OutputClaim), MergeError> {
        let (run, new_run) = match existing {
            Some(r) => (r.id, false),
            None => {
                let meta = RunMeta {
                    shard: None,
                    ..plan.meta()
                };
                (out.begin_run(&meta).map_err(at(out_name))?, true)
            }
        };
        let mut claim = match claim {
            Some(claim) => claim,
            None => OutputClaim {
                claim: Some(claim_run(out, run)?),
                run_finished: false,
                new_run: true,
            },
        };
        let mut kept: HashMap<(String, String), GameRecord> = held
            .into_iter()
            .map(|r| ((r.board_id.clone(), r.spec.clone()), r))
            .collect();
        // Where each kept result came from, for the conflicts' reports.
        let mut source: HashMap<(String, String), String> = kept
            .keys()
            .map(|k| (k.clone(), out_name.to_string()))
            .collect();

        let mut report_inputs = Vec::new();
        let (mut added, mut duplicates, mut conflicts) = (0, 0, Vec::new());
        // What the output store gets: new results, and better ones in place of
        // those it held.
        let mut writes: BTreeMap<(String, String), GameRecord> = BTreeMap::new();
        let mut take = |record: GameRecord, name: &str| {
            let key = (record.board_id.clone(), record.spec.clone());
            match kept.get(&key) {
                None => {
                    added += 1;
                    source.insert(key.clone(), name.to_string());
                    kept.insert(key.clone(), record.clone());
                    writes.insert(key, record);
                }
                Some(k) if same_result(k, &record) => {
                    duplicates += 1;
                    if higher_bound(&record, k) {
                        let mut keep = k.clone();
                        keep.lower_bound = record.lower_bound;
                        kept.insert(key.clone(), keep.clone());
                        writes.insert(key, keep);
                    }
                }
                Some(k) => {
                    // The better result stays, so the merge depends neither on
                    // the inputs' order nor on its steps.
                    let held_from = source[&key].clone();
                    let replace = better(&record, k);
                    let (mut keep, kept_from, other, from) = if replace {
                        (record.clone(), name.to_string(), k.clone(), held_from)
                    } else {
                        (k.clone(), held_from, record.clone(), name.to_string())
                    };
                    let raise = higher_bound(&other, &keep);
                    if raise {
                        keep.lower_bound = other.lower_bound;
                    }
                    conflicts.push(Conflict {
                        board_id: record.board_id.clone(),
                        spec: record.spec.clone(),
                        kept: (
                            keep.outcome.as_str().to_string(),
                            keep.moves,
                            keep.solution.clone(),
                        ),
                        kept_from,
                        other: (
                            other.outcome.as_str().to_string(),
                            other.moves,
                            other.solution.clone(),
                        ),
                        from,
                    });
                    if replace {
                        source.insert(key.clone(), name.to_string());
                    }
                    if replace || raise {
                        kept.insert(key.clone(), keep.clone());
                        writes.insert(key, keep);
                    }
                }
            }
        };
        let run_report = |r: &RunInfo| InputRun {
            run: r.id,
            shard: r.shard.clone(),
            results: r.n_results,
            finished: r.finished.is_some(),
        };
        if !own_runs.is_empty() {
            for record in own_records {
                take(record, out_name);
            }
            report_inputs.push(InputReport {
                store: out_name.to_string(),
                runs: own_runs.iter().map(run_report).collect(),
            });
        }
        for (((name, _), runs), records) in inputs.iter().zip(&runs_of).zip(input_records) {
            for record in records {
                take(record, name);
            }
            report_inputs.push(InputReport {
                store: name.clone(),
                runs: runs.iter().map(run_report).collect(),
            });
        }
        let writes: Vec<GameRecord> = writes.into_values().collect();
        out.insert_results(run, &writes).map_err(at(out_name))?;
        let mut optima_taken = 0;
        for offered in input_optima {
            for (board, moves, proven, solution) in offered {
                if out
                    .record_optimum(&board, moves, proven, &solution)
                    .map_err(at(out_name))?
                {
                    optima_taken += 1;
                }
            }
        }

        // What is still missing, and which shards hold it.
        let mut ids: BTreeMap<u32, String> = BTreeMap::new();
        let mut have: BTreeSet<(u32, &str)> = BTreeSet::new();
        for r in kept.values() {
            ids.entry(r.board_index)
                .or_insert_with(|| r.board_id.clone());
            have.insert((r.board_index, r.spec.as_str()));
        }
        let counts: BTreeSet<u32> = runs_of
            .iter()
            .flatten()
            .chain(&own_runs)
            .filter_map(|r| r.shard.as_deref()?.parse::<crate::Shard>().ok())
            .map(|s| s.count)
            .collect();
        let cut = match (counts.len(), counts.first()) {
            (1, Some(&n)) => Some(n),
            _ => None,
        };
        let generated = BoardSet::from_label(&plan.board_set);
        let mut missing = Vec::new();
        for index in 0..plan.n_boards {
            let specs: Vec<String> = plan
                .specs
                .iter()
                .filter(|s| !have.contains(&(index, s.as_str())))
                .cloned()
                .collect();
            if specs.is_empty() {
                continue;
            }
            // A generated board is named without being made.
            let board_id = ids.get(&index).cloned().or_else(|| {
                let set = generated.as_ref()?;
                let index = u64::from(index);
                (index < set.len()).then(|| set.id_at(index))
            });
            missing.push(Missing {
                board_index: index,
                board_id,
                specs,
                shard: cut.map(|n| format!("{}/{n}", index % n)),
            });
        }
        let shards_to_rerun: Vec<String> = {
            let mut s: Vec<(u32, String)> = missing
                .iter()
                .filter_map(|m| m.shard.clone())
                .map(|s| {
                    (
                        s.split('/')
                            .next()
                            .and_then(|i| i.parse().ok())
                            .unwrap_or(0),
                        s,
                    )
                })
                .collect();
            s.sort();
            s.dedup();
            s.into_iter().map(|(_, s)| s).collect()
        };
        let complete = missing.is_empty();
        let info = out
            .run(run)
            .map_err(at(out_name))?
            .ok_or(MergeError::Store {
                store: out_name.into(),
                source: StoreError::NoSuchRun(run),
            })?;
        // A run with conflicts is left (or marked again) unfinished, so that
        // `runs` shows it was not a clean merge (`bench` of the plan on it
        // finishes it).
        let finished = complete && conflicts.is_empty();
        match (finished, info.finished.is_some()) {
            (true, false) => out.finish_run(run).map_err(at(out_name))?,
            (false, true) if !conflicts.is_empty() => {
                out.unfinish_run(run).map_err(at(out_name))?
            }
            _ => {}
        }
        claim.run_finished = finished;
        claim.new_run = false;
        let report = MergeReport {
            run,
            new_run,
            fingerprint: plan.fingerprint.clone(),
            board_set: plan.board_set.clone(),
            specs: plan.specs.clone(),
            n_boards: plan.n_boards,
            inputs: report_inputs,
            added,
            duplicates,
            conflicts,
            optima_taken,
            results: kept.len() as u64,
            expected: plan.n_plan_results(),
            missing,
            shards_to_rerun,
            complete,
            finished,
        };
        Ok((report, claim))
    })();
    // If undoing fails too, nothing more is lost: the transaction ends with
    // the connection, undone.
    match written {
        // The claim ends once the writes are in.
        Ok((report, mut claim)) => match out.commit_writes() {
            Ok(()) => Ok(report),
            Err(e) => {
                let _ = out.undo_writes();
                // The run as it was: not there, or as the claim found it.
                claim.new_run = report.new_run;
                claim.run_finished = existing.is_some_and(|r| r.finished.is_some());
                Err(MergeError::Write(e))
            }
        },
        Err(e) => {
            let _ = out.undo_writes();
            Err(match e {
                MergeError::Store { source, .. } => MergeError::Write(source),
                other => other,
            })
        }
    }
}

/// The output run's claim while a merge holds it ([`Store::claim_run`]),
/// ended when dropped, on every return: the lock is released, and its file
/// deleted when the run is finished (a finished run has none, as `bench`
/// leaves it) or was begun by a merge whose writes were undone (no such run
/// is left). A refused merge has written nothing, so the run is as it was
/// when claimed; a merge that went through says how it left the run.
struct OutputClaim {
    /// The claim, until it is dropped.
    claim: Option<RunClaim>,
    /// Whether the run is finished (at the claim, until the merge has
    /// written it).
    run_finished: bool,
    /// Whether the run was begun by this merge and is not written yet: if
    /// the claim ends now, the run's writes are undone.
    new_run: bool,
}

impl Drop for OutputClaim {
    fn drop(&mut self) {
        if let Some(claim) = self.claim.take()
            && (self.run_finished || self.new_run)
        {
            claim.release_finished();
        }
    }
}

/// Whether a stored run agrees with its own plan: its fingerprint is the
/// digest of its version and plan, and its number of boards the plan's.
/// Merge trusts these (it lists every board a run lacks), so a store changed
/// by hand is refused rather than believed.
fn check_consistent(run: &RunInfo) -> Result<(), String> {
    let digest = fingerprint_of(run).digest();
    if digest != run.fingerprint {
        return Err(format!(
            "its fingerprint is {}, but its version and plan make {digest}",
            run.fingerprint
        ));
    }
    // The specs and the board set the merge checks results against, and
    // names boards by, are the plan's (which the fingerprint covers).
    let planned_specs = &run.params["specs"];
    if *planned_specs != serde_json::json!(run.specs) {
        return Err(format!(
            "it lists the specs {}, its plan {planned_specs}",
            serde_json::json!(run.specs)
        ));
    }
    let boards = &run.params["boards"];
    if let Some(label) = boards.as_str()
        && label != run.board_set
    {
        return Err(format!(
            "its board set is {}, its plan's {label}",
            run.board_set
        ));
    }
    let planned = match boards.as_str() {
        Some(label) => BoardSet::from_label(label).map(|set| set.len()),
        None => boards["count"].as_u64(),
    };
    match planned {
        Some(n) if n != u64::from(run.n_boards) => {
            Err(format!("it counts {} boards, its plan {n}", run.n_boards))
        }
        Some(_) => Ok(()),
        None => Err(format!("its plan's boards ({boards}) are not readable")),
    }
}

/// A known optimum as a store lists it: board ID, moves, proven, solution.
type StoredOptimum = (String, u32, bool, String);

/// A row named in an error: the result of a spec on a board, or a board's
/// known optimum.
fn row_name(board_id: &str, spec: Option<&str>) -> String {
    match spec {
        Some(spec) => format!("the result of {spec} on board {}", short_id(board_id)),
        None => format!("the known optimum of board {}", short_id(board_id)),
    }
}

/// A board ID as messages show it: an ID written out cell by cell can run
/// to pages, so a long one is cut short.
fn short_id(id: &str) -> String {
    const LONG: usize = 60;
    match id.char_indices().nth(LONG) {
        Some((end, _)) => format!("{}…", &id[..end]),
        None => id.to_string(),
    }
}

/// What the rows of one board show of its optimum: its shortest solution
/// and its highest proven lower bound, each with the row that shows it
/// (store, spec; no spec: a known optimum).
#[derive(Default)]
struct Evidence<'a> {
    shortest: Option<(u32, &'a str, Option<&'a str>)>,
    bound: Option<(u32, &'a str, Option<&'a str>)>,
}

impl<'a> Evidence<'a> {
    fn solution(&mut self, moves: u32, store: &'a str, spec: Option<&'a str>) {
        if self.shortest.is_none_or(|(m, ..)| moves < m) {
            self.shortest = Some((moves, store, spec));
        }
    }

    fn bound(&mut self, bound: u32, store: &'a str, spec: Option<&'a str>) {
        if self.bound.is_none_or(|(b, ..)| bound > b) {
            self.bound = Some((bound, store, spec));
        }
    }
}

/// Checks every result and known optimum a merge would take (see the
/// module docs): `results` and `optima` by store, in the order the merge
/// meets them, so that the first row at fault is the one named.
fn check_rows(
    plan: &RunInfo,
    results: &[(&str, &[GameRecord])],
    optima: &[(&str, &[StoredOptimum])],
) -> Result<(), MergeError> {
    let specs: HashSet<&str> = plan.specs.iter().map(String::as_str).collect();
    let boards = &plan.params["boards"];
    let generated = boards.as_str().and_then(BoardSet::from_label);
    // A file's boards are not in the store: each position's board (and each
    // board's position) as the first row that names it has it, and which
    // store that is.
    let mut at_position: HashMap<u32, (&str, &str)> = HashMap::new();
    let mut position_of: HashMap<&str, (u32, &str)> = HashMap::new();
    let mut evidence: BTreeMap<&str, Evidence<'_>> = BTreeMap::new();
    // The plan's specs that draw from the series' stream.
    let stream_specs: HashSet<&str> = plan
        .specs
        .iter()
        .filter(|s| cw_solve::Spec::parse(s).is_ok_and(|spec| spec.uses_series_stream()))
        .map(String::as_str)
        .collect();
    let own_boards = |spec: &str| stream_specs.contains(spec);
    // The most moves a game of the plan plays (a game ends when it reaches
    // them, solved or not); every plan with a fingerprint records it.
    let move_limit = plan.params["max_moves"].as_u64();
    // The board last replayed on: a run's results come board by board.
    let mut graph: Option<(String, ClusterGraph)> = None;
    for &(store, records) in results {
        for r in records {
            let refuse = |why: String| MergeError::BadRow {
                store: store.to_string(),
                board_id: r.board_id.clone(),
                spec: Some(r.spec.clone()),
                why,
            };
            if !specs.contains(r.spec.as_str()) {
                return Err(refuse(format!(
                    "{} is not one of the plan's specs ({})",
                    r.spec,
                    plan.specs.join(", ")
                )));
            }
            if r.board_index >= plan.n_boards {
                return Err(refuse(format!(
                    "its position, {}, is past the plan's {} boards",
                    r.board_index, plan.n_boards
                )));
            }
            match &generated {
                // On the series' run, a spec that draws the series' stream
                // meets boards of its own (the stream runs on from one
                // board's draws to the next): `k@` IDs of the run's size,
                // which rebuild the boards its moves are replayed on.
                Some(set @ BoardSet::Koblenski { .. })
                    if own_boards(&r.spec)
                        && same_kind(&r.board_id, &set.id_at(u64::from(r.board_index))) => {}
                Some(set) => {
                    let id = set.id_at(u64::from(r.board_index));
                    if id != r.board_id {
                        return Err(refuse(format!(
                            "the plan's board at its position, {}, is {}",
                            r.board_index,
                            short_id(&id)
                        )));
                    }
                }
                None => {
                    let (id, from) = *at_position
                        .entry(r.board_index)
                        .or_insert((&r.board_id, store));
                    if id != r.board_id {
                        return Err(refuse(format!(
                            "its position, {}, holds board {} in {from}",
                            r.board_index,
                            short_id(id)
                        )));
                    }
                    let (index, from) = *position_of
                        .entry(&r.board_id)
                        .or_insert((r.board_index, store));
                    if index != r.board_index {
                        return Err(refuse(format!(
                            "it is at position {}, but the board is at position {index} in {from}",
                            r.board_index
                        )));
                    }
                }
            }
            if let Some(limit) = move_limit.filter(|&limit| u64::from(r.moves) > limit) {
                return Err(refuse(format!(
                    "it counts {} moves, but the plan's move limit is {limit}: no game of it \
                     plays more",
                    r.moves
                )));
            }
            check_game(graph_of(&mut graph, &r.board_id).map_err(refuse)?, r).map_err(refuse)?;
            let e = evidence.entry(&r.board_id).or_default();
            if r.solved() {
                e.solution(r.moves, store, Some(&r.spec));
            }
            if let Some(bound) = r.lower_bound {
                e.bound(bound, store, Some(&r.spec));
            }
        }
    }
    // A file's boards, once every position is seen: the plan's, in order.
    if let (None, Some(planned)) = (&generated, boards["ids"].as_str())
        && at_position.len() as u64 == u64::from(plan.n_boards)
    {
        let digest = crate::plan::ids_digest((0..plan.n_boards).map(|i| at_position[&i].0));
        if digest != planned {
            return Err(MergeError::OtherBoards {
                n_boards: plan.n_boards,
                digest,
                planned: planned.to_string(),
            });
        }
    }
    for &(store, rows) in optima {
        for (board_id, moves, proven, solution) in rows {
            let refuse = |why: String| MergeError::BadRow {
                store: store.to_string(),
                board_id: board_id.clone(),
                spec: None,
                why,
            };
            let played = replay_text(
                graph_of(&mut graph, board_id).map_err(refuse)?,
                *moves,
                solution,
            )
            .map_err(refuse)?;
            if !played.cleared {
                return Err(refuse(format!(
                    "its solution of {moves} moves leaves {} blocks",
                    played.blocks_left
                )));
            }
            if played.surplus > 0 {
                return Err(refuse(format!(
                    "it counts {moves} moves, but its solution clears the board in {}",
                    played.moves_played
                )));
            }
            let e = evidence.entry(board_id).or_default();
            e.solution(*moves, store, None);
            if *proven {
                e.bound(*moves, store, None);
            }
        }
    }
    let from = |store: &str, spec: Option<&str>, what: &str| match spec {
        Some(spec) => format!("the result of {spec} in {store}"),
        None => format!("the {what} in {store}"),
    };
    for (board_id, e) in evidence {
        if let (Some((bound, b_store, b_spec)), Some((moves, s_store, s_spec))) =
            (e.bound, e.shortest)
            && bound > moves
        {
            return Err(MergeError::Contradiction {
                board_id: board_id.to_string(),
                bound,
                bound_from: from(b_store, b_spec, "proven optimum"),
                moves,
                solution_from: from(s_store, s_spec, "known optimum"),
            });
        }
    }
    Ok(())
}

/// The cluster graph of the board `id` names, made from the ID (kept in
/// `last` for the next row of the same board); why not, when the ID names
/// no board, or is not the board's own.
fn graph_of<'a>(
    last: &'a mut Option<(String, ClusterGraph)>,
    id: &str,
) -> Result<&'a ClusterGraph, String> {
    if last.as_ref().is_none_or(|(held, _)| held != id) {
        *last = None;
        let parsed: BoardId = id
            .parse()
            .map_err(|e| format!("its board ID is not readable ({e})"))?;
        let board = parsed
            .board()
            .map_err(|e| format!("its board cannot be made from its ID ({e})"))?;
        let own = board.id().to_string();
        if own != id {
            return Err(format!(
                "its board ID is not written as the board writes it ({})",
                short_id(&own)
            ));
        }
        *last = Some((id.to_string(), ClusterGraph::new(&board)));
    }
    Ok(&last.as_ref().expect("made above").1)
}

/// A solution's text replayed by the engine: it must be a move list of
/// `moves` moves, each a color the board has.
fn replay_text(graph: &ClusterGraph, moves: u32, solution: &str) -> Result<Replay, String> {
    let list: Moves = solution
        .parse()
        .map_err(|e| format!("its solution is not a move list ({e})"))?;
    if list.0.len() != moves as usize {
        return Err(format!(
            "it counts {moves} moves, but its solution lists {}",
            list.0.len()
        ));
    }
    replay(graph, &list.0).map_err(|(n, e)| format!("its solution's move {n} is illegal: {e}"))
}

/// Whether a result's solution replays to what the result says: solved
/// exactly when it clears the board in its moves (no move past the clearing
/// one), and a solved game's lower bound not above its moves.
fn check_game(graph: &ClusterGraph, r: &GameRecord) -> Result<(), String> {
    let played = replay_text(graph, r.moves, &r.solution)?;
    if r.solved() {
        if !played.cleared {
            return Err(format!(
                "it says solved in {} moves, but its solution leaves {} blocks",
                r.moves, played.blocks_left
            ));
        }
        if played.surplus > 0 {
            return Err(format!(
                "it says solved in {} moves, but its solution clears the board in {}",
                r.moves, played.moves_played
            ));
        }
        if let Some(bound) = r.lower_bound.filter(|&b| b > r.moves) {
            return Err(format!(
                "its lower bound of {bound} is above its own {} moves",
                r.moves
            ));
        }
    } else if played.cleared {
        return Err(format!(
            "it says {} after {} moves, but its solution clears the board in {}",
            r.outcome, r.moves, played.moves_played
        ));
    }
    Ok(())
}

/// Whether two IDs are both of boards drawn from the series' stream, of
/// one size and color count.
fn same_kind(id: &str, planned: &str) -> bool {
    let kind = |id: &str| match id.parse::<BoardId>() {
        Ok(BoardId::Koblenski {
            width,
            height,
            n_colors,
            ..
        }) => Some((width, height, n_colors)),
        _ => None,
    };
    kind(id).is_some_and(|k| kind(planned) == Some(k))
}

/// A stored run's fingerprint, back from its version and params.
fn fingerprint_of(run: &RunInfo) -> Fingerprint {
    Fingerprint {
        version: run.version.clone(),
        plan: run.params.clone(),
    }
}

/// Whether `a` is the better of two different results of one board and
/// spec: solved before unsolved, then fewer moves, then the smaller solution
/// text (any fixed order will do; games with a time limit may end
/// differently on different machines).
fn better(a: &GameRecord, b: &GameRecord) -> bool {
    let rank = |r: &GameRecord| (!r.solved(), r.moves, r.solution.clone());
    rank(a) < rank(b)
}

/// Whether `a` proves a higher lower bound than `b` (results of one board
/// and spec; no bound is lower than any).
fn higher_bound(a: &GameRecord, b: &GameRecord) -> bool {
    a.lower_bound > b.lower_bound
}

/// Whether two results of one board and spec are the same game: outcome,
/// moves and solution (times and machines may differ).
fn same_result(a: &GameRecord, b: &GameRecord) -> bool {
    a.outcome == b.outcome
        && a.moves == b.moves
        && a.solution == b.solution
        && a.board_index == b.board_index
}
