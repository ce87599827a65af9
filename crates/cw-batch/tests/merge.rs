//! Shards and merge: a plan split into shards, each played into its own
//! store (some killed half-way and resumed), merged back into one run that
//! equals a single run of the plan row for row; merging again changes
//! nothing; stores of another plan are refused; conflicting results (the
//! better kept, whatever the order; the run left unfinished) and
//! missing boards are reported; a result or optimum (an input's, or the
//! output store's own) that is not of the plan, or whose solution does not
//! replay to what it says, and a result past the plan's move limit, refuses
//! the merge before anything is written, and a refused merge ends its claim
//! on the output's run; a merge whose writes fail half-way leaves the output
//! as it found it.

use cw_batch::{
    Batch, BoardSet, Event, GameLimits, MergeError, MergeReport, Plan, Resume, Shard, merge, run,
};
use cw_core::{BoardId, ClusterGraph, Moves, replay};
use cw_lab::{GameOutcome, GameRecord, Store};
use cw_solve::Spec;
use std::path::Path;

fn plan(specs: &[&str]) -> Plan {
    Plan {
        boards: BoardSet::Seeds {
            first: 1,
            count: 9,
            width: 10,
            height: 8,
            colors: 4,
        },
        specs: specs.iter().map(|s| Spec::parse(s).unwrap()).collect(),
        limits: GameLimits::default(),
    }
}

fn specs() -> [&'static str; 3] {
    ["greedy", "gla-3", "exact"]
}

/// Plays (or resumes) shard `shard` of the plan into `path`; returns how
/// many games it played.
fn play_shard(path: &Path, plan: &Plan, shard: Shard) -> usize {
    let mut store = Store::open(path).unwrap();
    let batch = Batch {
        shard: Some(shard),
        ..Batch::new(plan.clone(), 1)
    };
    let mut played = 0;
    run(&batch, Some(&mut store), Resume::Same, &mut |e| {
        if let Event::Played(_) = e {
            played += 1;
        }
    })
    .unwrap();
    played
}

/// Plays the whole plan into a store at `path` on `threads` threads:
/// the store, what the run returned, and its rows (what a merge must equal).
fn play_whole(path: &Path, plan: &Plan, threads: usize) -> (Store, cw_batch::Outcome, Vec<Row>) {
    let mut store = Store::open(path).unwrap();
    let whole = run(
        &Batch::new(plan.clone(), threads),
        Some(&mut store),
        Resume::Same,
        &mut |_| {},
    )
    .unwrap();
    let rows = rows(&store, whole.run.unwrap());
    (store, whole, rows)
}

/// A result without its time: board, position, spec, outcome, moves,
/// solution, lower bound.
type Row = (String, u32, String, GameOutcome, u32, String, Option<u32>);

/// A run's rows without their times: what must agree between a merged run
/// and a single one.
fn rows(store: &Store, run: i64) -> Vec<Row> {
    let mut rows: Vec<_> = store
        .results(run)
        .unwrap()
        .into_iter()
        .map(|r: GameRecord| {
            (
                r.board_id,
                r.board_index,
                r.spec,
                r.outcome,
                r.moves,
                r.solution,
                r.lower_bound,
            )
        })
        .collect();
    rows.sort();
    rows
}

/// Everything a store holds that a merge writes: runs, results, optima.
fn dump(store: &Store) -> String {
    let mut text = String::new();
    for r in store.runs().unwrap() {
        text += &format!(
            "run {} {:?} {} {:?} {}\n",
            r.id,
            r.finished.is_some(),
            r.fingerprint,
            r.shard,
            r.n_results
        );
        for row in store.results(r.id).unwrap() {
            text += &format!("{row:?}\n");
        }
    }
    text + &format!("{:?}", store.all_optima().unwrap())
}

#[test]
fn shards_merge_into_the_run_a_single_process_plays_and_merging_again_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(&specs());
    let (single, whole, expected) = play_whole(&dir.path().join("single.db"), &plan, 2);
    assert_eq!(expected.len(), 27);

    // Shard 1 is killed after two results: what it leaves is an unfinished
    // run of its shard holding those two (written here as the batch writes
    // them, so the test does not race a cancel against fast games). The
    // merge says what is missing and which shard holds it.
    let paths: Vec<_> = (0..3)
        .map(|i| dir.path().join(format!("shard-{i}.db")))
        .collect();
    for (i, path) in paths.iter().enumerate() {
        let shard = Shard::new(i as u32, 3).unwrap();
        if i == 1 {
            let mut store = Store::open(path).unwrap();
            let batch = Batch {
                shard: Some(shard),
                ..Batch::new(plan.clone(), 1)
            };
            let killed = store.begin_run(&batch.meta(9)).unwrap();
            let firsts: Vec<GameRecord> = whole
                .records
                .iter()
                .filter(|r| shard.holds(r.board_index as usize))
                .take(2)
                .cloned()
                .collect();
            store.insert_results(killed, &firsts).unwrap();
        } else {
            play_shard(path, &plan, shard);
        }
    }
    let open_all = || -> Vec<(String, Store)> {
        paths
            .iter()
            .map(|p| (p.display().to_string(), Store::open_existing(p).unwrap()))
            .collect()
    };
    let out_path = dir.path().join("merged.db");
    let mut out = Store::open(&out_path).unwrap();
    let inputs = open_all();
    let borrowed: Vec<(String, &Store)> = inputs.iter().map(|(n, s)| (n.clone(), s)).collect();
    let report = merge(&mut out, &borrowed).unwrap();
    assert!(report.new_run);
    assert!(!report.complete);
    assert_eq!(report.added, 9 + 2 + 9);
    assert_eq!(report.expected, 27);
    assert_eq!(report.shards_to_rerun, ["1/3"]);
    assert!(report.missing.iter().all(|m| m.board_index % 3 == 1));
    assert!(report.missing.iter().all(|m| m.board_id.is_some()));
    let missing_games: usize = report.missing.iter().map(|m| m.specs.len()).sum();
    assert_eq!(missing_games, 7);
    assert!(!report.inputs[1].runs[0].finished);
    assert!(out.run(report.run).unwrap().unwrap().finished.is_none());
    drop(borrowed);
    drop(inputs);

    // The killed shard resumes (its unfinished run, the same fingerprint and
    // shard) and plays only what it lacked.
    let played = play_shard(&paths[1], &plan, Shard::new(1, 3).unwrap());
    assert_eq!(played, 7);
    assert_eq!(Store::open(&paths[1]).unwrap().runs().unwrap().len(), 1);

    let inputs = open_all();
    let borrowed: Vec<(String, &Store)> = inputs.iter().map(|(n, s)| (n.clone(), s)).collect();
    let report = merge(&mut out, &borrowed).unwrap();
    assert!(!report.new_run);
    assert!(report.complete, "{:?}", report.missing);
    assert_eq!((report.added, report.duplicates), (7, 20));
    assert!(report.conflicts.is_empty());
    assert_eq!(rows(&out, report.run), expected);
    let info = out.run(report.run).unwrap().unwrap();
    assert!(info.finished.is_some());
    assert_eq!(info.shard, None);
    assert_eq!(info.fingerprint, single.runs().unwrap()[0].fingerprint);
    // exact proved every board: the optima came along.
    assert_eq!(out.all_optima().unwrap(), single.all_optima().unwrap());

    // Merging the same stores again changes nothing.
    let before = dump(&out);
    let again = merge(&mut out, &borrowed).unwrap();
    assert_eq!(
        (again.added, again.duplicates, again.optima_taken),
        (0, 27, 0)
    );
    assert_eq!(dump(&out), before);
}

#[test]
fn bench_on_an_unfinished_merge_plays_only_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(&["greedy", "gla-3"]);
    let shard0 = dir.path().join("shard-0.db");
    play_shard(&shard0, &plan, Shard::new(0, 2).unwrap());
    let input = Store::open_existing(&shard0).unwrap();
    let mut out = Store::open(&dir.path().join("merged.db")).unwrap();
    let report = merge(&mut out, &[("shard-0.db".into(), &input)]).unwrap();
    assert_eq!(report.shards_to_rerun, ["1/2"]);
    let mut played = 0;
    let resumed = run(
        &Batch::new(plan, 1),
        Some(&mut out),
        Resume::Same,
        &mut |e| {
            if let Event::Played(_) = e {
                played += 1;
            }
        },
    )
    .unwrap();
    assert_eq!(resumed.run, Some(report.run));
    assert_eq!(played, 8, "the four boards of shard 1, two specs each");
    assert_eq!(resumed.records.len(), 18);
}

#[test]
fn stores_of_another_plan_or_of_several_plans_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.db");
    let b = dir.path().join("b.db");
    play_shard(&a, &plan(&["greedy"]), Shard::new(0, 2).unwrap());
    play_shard(&b, &plan(&["gla-3"]), Shard::new(1, 2).unwrap());
    let (sa, sb) = (Store::open(&a).unwrap(), Store::open(&b).unwrap());
    let mut out = Store::open_in_memory().unwrap();
    let err = merge(&mut out, &[("a.db".into(), &sa), ("b.db".into(), &sb)]).unwrap_err();
    assert!(matches!(err, MergeError::OtherPlan { .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.starts_with("b.db is not of the same plan as a.db"),
        "{text}"
    );
    assert!(text.contains("gla:depth=3"), "{text}");
    // Each side of a difference is named by its store, not "then" and "now".
    assert!(
        text.contains("in b.db, ") && text.contains(" in a.db") && !text.contains(" then, "),
        "{text}"
    );
    // Nothing was written.
    assert!(out.runs().unwrap().is_empty());

    play_shard(&a, &plan(&["gla-3"]), Shard::new(0, 2).unwrap());
    let sa = Store::open(&a).unwrap();
    let err = merge(&mut out, &[("a.db".into(), &sa)]).unwrap_err();
    assert!(err.to_string().contains("holds runs of 2 plans"), "{err}");

    let empty = Store::open_in_memory().unwrap();
    let err = merge(&mut out, &[("empty.db".into(), &empty)]).unwrap_err();
    assert!(matches!(err, MergeError::NoPlan(_)), "{err}");
    assert!(matches!(merge(&mut out, &[]), Err(MergeError::NoInputs)));
    assert!(Store::open_existing(&dir.path().join("typo.db")).is_err());
}

/// Two stores in `dir`, `a.db` and `b.db`, each with a whole run of the
/// same plan (greedy on the nine boards); b's run's ID, to tamper with it.
fn two_whole_runs(dir: &Path) -> (Store, Store, i64) {
    let plan = plan(&["greedy"]);
    let (a, b) = (dir.join("a.db"), dir.join("b.db"));
    play_shard(&a, &plan, Shard::new(0, 1).unwrap());
    play_shard(&b, &plan, Shard::new(0, 1).unwrap());
    let sb = Store::open(&b).unwrap();
    let run_b = sb.runs().unwrap()[0].id;
    (Store::open(&a).unwrap(), sb, run_b)
}

/// A solution one move longer than `r`'s that still clears its board (a
/// move played again at once, which removes nothing): another game of the
/// same board, as a conflict holds.
fn one_move_longer(r: &GameRecord) -> String {
    let board = r.board_id.parse::<BoardId>().unwrap().board().unwrap();
    let graph = ClusterGraph::new(&board);
    let moves: Moves = r.solution.parse().unwrap();
    for i in 0..moves.0.len() {
        let mut longer = moves.0.clone();
        longer.insert(i, moves.0[i]);
        let played = replay(&graph, &longer).unwrap();
        if played.cleared && played.surplus == 0 {
            return Moves(longer).to_string();
        }
    }
    panic!("no move of {} can be played twice", r.solution);
}

/// `a.db` and `b.db` merged into a fresh store, in either order: the order,
/// the output and its report.
fn merged_both_ways(sa: &Store, sb: &Store) -> Vec<([&'static str; 2], Store, MergeReport)> {
    [["a.db", "b.db"], ["b.db", "a.db"]]
        .into_iter()
        .map(|order| {
            let store = |name: &str| if name == "a.db" { sa } else { sb };
            let mut out = Store::open_in_memory().unwrap();
            let inputs: Vec<(String, &Store)> =
                order.iter().map(|n| (n.to_string(), store(n))).collect();
            let report = merge(&mut out, &inputs).unwrap();
            (order, out, report)
        })
        .collect()
}

#[test]
fn a_different_result_for_the_same_board_and_spec_is_a_conflict_and_the_better_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let (sa, mut sb, run_b) = two_whole_runs(dir.path());
    // Tamper with one of b's results: same board and spec, other moves.
    let mut r = sb.results(run_b).unwrap()[4].clone();
    r.moves += 1;
    r.solution = one_move_longer(&r);
    sb.insert_results(run_b, &[r.clone()]).unwrap();
    // Either order keeps the shorter game, and leaves the run unfinished.
    for (order, out, report) in merged_both_ways(&sa, &sb) {
        assert!(report.complete);
        assert_eq!((report.added, report.duplicates), (9, 8));
        assert_eq!(report.conflicts.len(), 1);
        let c = &report.conflicts[0];
        // The longer game is b's, whichever came first.
        assert_eq!(
            (c.board_id.as_str(), c.spec.as_str()),
            (r.board_id.as_str(), "greedy")
        );
        assert_eq!((c.kept_from.as_str(), c.from.as_str()), ("a.db", "b.db"));
        assert_eq!(c.other.1, c.kept.1 + 1, "{order:?}");
        let kept = out.results(report.run).unwrap();
        assert_eq!(
            kept.iter()
                .find(|k| k.board_id == r.board_id)
                .unwrap()
                .moves,
            r.moves - 1,
            "{order:?}"
        );
        let run = out.run(report.run).unwrap().unwrap();
        assert!(
            run.finished.is_none() && !report.finished,
            "a merge with conflicts is not finished"
        );
    }
    // Merged in two steps, the worse result first: the better one replaces
    // it in the output, and the run stays unfinished.
    let mut out = Store::open_in_memory().unwrap();
    let first = merge(&mut out, &[("b.db".to_string(), &sb)]).unwrap();
    assert!(first.complete && first.finished && first.conflicts.is_empty());
    let second = merge(&mut out, &[("a.db".to_string(), &sa)]).unwrap();
    assert_eq!(second.conflicts.len(), 1);
    let c = &second.conflicts[0];
    assert_eq!(
        (c.kept_from.as_str(), c.from.as_str(), c.kept.1 + 1),
        ("a.db", "the output store", c.other.1)
    );
    let kept = out.results(second.run).unwrap();
    let moves = kept
        .iter()
        .find(|k| k.board_id == r.board_id)
        .unwrap()
        .moves;
    assert_eq!(moves, r.moves - 1);
    // Finished by the first step, it is marked unfinished again.
    assert!(!second.finished);
    assert!(out.run(second.run).unwrap().unwrap().finished.is_none());
    // Merging a again finds nothing new and nothing that conflicts with
    // what is kept: a clean merge of a complete run finishes it.
    let third = merge(&mut out, &[("a.db".to_string(), &sa)]).unwrap();
    assert_eq!((third.added, third.conflicts.len()), (0, 0));
    assert!(third.finished);
}

#[test]
fn the_highest_proven_bound_is_kept_whatever_the_order() {
    // Two stores with the same games, one of which proved a higher bound
    // for one board (a search with a time limit got further), and another
    // game of which is a conflict's loser with the higher bound.
    let dir = tempfile::tempdir().unwrap();
    let (sa, mut sb, run_b) = two_whole_runs(dir.path());
    let results = sb.results(run_b).unwrap();
    // The same game, with a bound proven.
    let mut same = results[2].clone();
    same.lower_bound = Some(same.moves - 1);
    // A longer game (the conflict's loser) with a higher bound than a's.
    let mut worse = results[5].clone();
    worse.moves += 1;
    worse.solution = one_move_longer(&worse);
    worse.lower_bound = Some(worse.moves - 3);
    sb.insert_results(run_b, &[same.clone(), worse.clone()])
        .unwrap();
    let mut merged = Vec::new();
    for (order, out, report) in merged_both_ways(&sa, &sb) {
        assert_eq!(report.conflicts.len(), 1, "{order:?}");
        let kept = out.results(report.run).unwrap();
        let of = |id: &str| kept.iter().find(|k| k.board_id == id).unwrap().clone();
        assert_eq!(
            of(&same.board_id).lower_bound,
            same.lower_bound,
            "{order:?}"
        );
        let k = of(&worse.board_id);
        assert_eq!(
            (k.moves, k.lower_bound),
            (worse.moves - 1, worse.lower_bound)
        );
        merged.push(rows(&out, report.run));
    }
    assert_eq!(merged[0], merged[1], "the same rows in either order");
    // And in two steps, the store without the bounds merged last.
    let mut out = Store::open_in_memory().unwrap();
    merge(&mut out, &[("b.db".to_string(), &sb)]).unwrap();
    let last = merge(&mut out, &[("a.db".to_string(), &sa)]).unwrap();
    assert_eq!(rows(&out, last.run), merged[0]);
}

#[test]
fn a_run_being_played_is_not_merged_into() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(&["greedy"]);
    let shard = dir.path().join("shard.db");
    play_shard(&shard, &plan, Shard::new(0, 1).unwrap());
    let shard = Store::open(&shard).unwrap();
    // The output holds an unfinished run of the plan, which a `bench`
    // resumes (and claims) while the merge is asked for.
    let out_path = dir.path().join("out.db");
    let mut out = Store::open(&out_path).unwrap();
    let first = merge(&mut out, &[("shard.db".to_string(), &shard)]).unwrap();
    out.unfinish_run(first.run).unwrap();
    let before = dump(&out);
    let bench = Store::open(&out_path).unwrap();
    let held = bench.claim_run(first.run).unwrap();
    match merge(&mut out, &[("shard.db".to_string(), &shard)]) {
        Err(e @ MergeError::RunBusy { .. }) => {
            assert!(
                e.to_string().contains("being played by another process"),
                "{e}"
            )
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(dump(&out), before, "nothing written");
    // Once the bench has ended, the merge goes through and finishes it.
    drop(held);
    let again = merge(&mut out, &[("shard.db".to_string(), &shard)]).unwrap();
    assert!(again.finished);
}

#[test]
fn a_shard_played_into_the_output_store_is_merged_too() {
    let dir = tempfile::tempdir().unwrap();
    let plan = plan(&specs());
    let (_, _, expected) = play_whole(&dir.path().join("single.db"), &plan, 1);

    // Shard 0/2 is played into the store the other is merged into.
    let out_path = dir.path().join("out.db");
    let other_path = dir.path().join("other.db");
    play_shard(&out_path, &plan, Shard::new(0, 2).unwrap());
    play_shard(&other_path, &plan, Shard::new(1, 2).unwrap());
    let mut out = Store::open(&out_path).unwrap();
    let other = Store::open_existing(&other_path).unwrap();
    let inputs = [("other.db".to_string(), &other)];
    let report = merge(&mut out, &inputs).unwrap();
    assert!(report.complete, "{:?}", report.missing);
    assert!(report.finished);
    assert_eq!(report.added, 27);
    assert_eq!(report.inputs.len(), 2);
    assert_eq!(report.inputs[0].runs[0].shard.as_deref(), Some("0/2"));
    assert_eq!(rows(&out, report.run), expected);

    // Again: nothing new, nothing changed.
    let before = dump(&out);
    let again = merge(&mut out, &inputs).unwrap();
    assert_eq!((again.added, again.duplicates), (0, 27));
    assert_eq!(dump(&out), before);
}

#[test]
fn a_run_that_disagrees_with_its_own_plan_is_refused() {
    // A store changed by hand to count 2^31 boards: believed, the merge
    // would list every one of them as missing.
    let batch = Batch::new(plan(&["greedy"]), 1);
    let mut meta = batch.meta(9);
    meta.n_boards = 1 << 31;
    let mut bad = Store::open_in_memory().unwrap();
    bad.begin_run(&meta).unwrap();
    let mut out = Store::open_in_memory().unwrap();
    match merge(&mut out, &[("bad.db".to_string(), &bad)]) {
        Err(e @ MergeError::Inconsistent { .. }) => assert!(
            e.to_string().contains(
                "run 1 does not agree with its own plan: it counts 2147483648 boards, its plan 9"
            ),
            "{e}"
        ),
        other => panic!("{other:?}"),
    }
    assert!(
        out.runs().unwrap().is_empty(),
        "nothing begun in the output"
    );
    // A fingerprint that is not its plan's is refused too.
    let mut meta = batch.meta(9);
    meta.fingerprint = "0123456789abcdef".into();
    let mut odd = Store::open_in_memory().unwrap();
    odd.begin_run(&meta).unwrap();
    let e = merge(&mut out, &[("odd.db".to_string(), &odd)]).unwrap_err();
    assert!(
        e.to_string()
            .contains("its fingerprint is 0123456789abcdef"),
        "{e}"
    );
    // Specs or a board set other than its plan's (which the results are
    // checked against, and the missing boards named by).
    let mut meta = batch.meta(9);
    meta.specs.push("gla-3".into());
    let mut odd = Store::open_in_memory().unwrap();
    odd.begin_run(&meta).unwrap();
    let e = merge(&mut out, &[("odd.db".to_string(), &odd)]).unwrap_err();
    assert!(
        e.to_string()
            .contains(r#"it lists the specs ["greedy","gla-3"], its plan ["greedy"]"#),
        "{e}"
    );
    let mut meta = batch.meta(9);
    meta.board_set = "seeds:10x8c4:2..11".into();
    let mut odd = Store::open_in_memory().unwrap();
    odd.begin_run(&meta).unwrap();
    let e = merge(&mut out, &[("odd.db".to_string(), &odd)]).unwrap_err();
    assert!(
        e.to_string()
            .contains("its board set is seeds:10x8c4:2..11, its plan's seeds:10x8c4:1..10"),
        "{e}"
    );
}

/// Shards 0/3, 1/3 and 2/3 of greedy and exact on the nine boards, each in
/// its own store in `dir`: their paths.
fn three_shards(dir: &Path) -> Vec<std::path::PathBuf> {
    let plan = plan(&["greedy", "exact"]);
    (0..3)
        .map(|i| {
            let path = dir.join(format!("shard-{i}.db"));
            play_shard(&path, &plan, Shard::new(i, 3).unwrap());
            path
        })
        .collect()
}

/// Merges the stores at `paths` (named by their file names) into `out`.
fn merge_paths(out: &mut Store, paths: &[std::path::PathBuf]) -> Result<MergeReport, MergeError> {
    let stores: Vec<(String, Store)> = paths
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            (name, Store::open_existing(p).unwrap())
        })
        .collect();
    let named: Vec<(String, &Store)> = stores.iter().map(|(n, s)| (n.clone(), s)).collect();
    merge(out, &named)
}

/// Runs `sql` on the store at `path`, as a person with `sqlite3` would.
fn tamper(path: &Path, sql: &str) {
    rusqlite::Connection::open(path)
        .unwrap()
        .execute_batch(sql)
        .unwrap();
}

/// A store's one run's ID and its results.
fn results_of(path: &Path) -> (i64, Vec<GameRecord>) {
    let store = Store::open_existing(path).unwrap();
    let run = store.runs().unwrap()[0].id;
    (run, store.results(run).unwrap())
}

/// Merges the stores at `paths` into a fresh store and into `out` (which
/// holds a clean merge already), expects both refused, and checks that
/// neither output was written: the fresh merge's refusal, in words (the
/// other's may name a row of `out` instead of an input's).
fn refused(out: &mut Store, paths: &[std::path::PathBuf]) -> String {
    let mut fresh = Store::open_in_memory().unwrap();
    let e = merge_paths(&mut fresh, paths).unwrap_err();
    assert!(fresh.runs().unwrap().is_empty(), "nothing begun: {e}");
    assert!(fresh.all_optima().unwrap().is_empty(), "nothing taken: {e}");
    let before = dump(out);
    let again = merge_paths(out, paths).unwrap_err();
    assert!(
        again.to_string().ends_with("; nothing was merged"),
        "{again}"
    );
    assert_eq!(dump(out), before, "nothing written: {again}");
    e.to_string()
}

#[test]
fn a_result_whose_solution_does_not_replay_to_what_it_says_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let mut out = Store::open(&dir.path().join("out.db")).unwrap();
    let clean = merge_paths(&mut out, &paths).unwrap();
    assert!(clean.finished);
    let (_, records) = results_of(&paths[1]);
    // A board on which greedy plays longer than exact.
    let (greedy, exact) = records
        .iter()
        .filter(|g| g.spec == "greedy")
        .map(|g| {
            let e = records
                .iter()
                .find(|e| e.spec == "exact" && e.board_id == g.board_id)
                .unwrap();
            (g.clone(), e.clone())
        })
        .find(|(g, e)| g.moves > e.moves)
        .expect("greedy is not optimal on every board of shard 1");
    let id = &exact.board_id;
    let n = exact.moves;
    let moves: Moves = exact.solution.parse().unwrap();
    let shorter = Moves(moves.0[..n as usize - 1].to_vec()).to_string();
    let row = format!("shard-1.db: the result of exact on board {id}: ");
    let set = |what: &str| {
        format!("UPDATE results SET {what} WHERE board_id = '{id}' AND spec = 'exact';")
    };
    // Each a row changed by hand (and put back after): what it says, and
    // what the refusal says of it.
    let cases = [
        (
            // A solution one move short, which does not clear the board.
            set(&format!("moves = {}, solution = '{shorter}'", n - 1)),
            format!(
                "it says solved in {} moves, but its solution leaves ",
                n - 1
            ),
        ),
        (
            // The reviewer's: colors in a row, as many as the moves.
            set(&format!(
                "solution = '{}'",
                (0..n)
                    .map(|i| (i % 4).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )),
            format!("it says solved in {n} moves, but its solution "),
        ),
        (
            set(&format!("moves = {}", n - 2)),
            format!("it counts {} moves, but its solution lists {n}", n - 2),
        ),
        (
            set("moves = 3, solution = '0,1,9'"),
            "its solution's move 3 is illegal: color 9 does not exist".to_string(),
        ),
        (
            set("solution = 'x!'"),
            "its solution is not a move list".to_string(),
        ),
        (
            set(&format!("lower_bound = {}", n + 1)),
            format!("its lower bound of {} is above its own {n} moves", n + 1),
        ),
        (
            set("outcome = 'out-of-time', solved = 0"),
            format!(
                "it says out of time after {n} moves, but its solution clears the board in {n}"
            ),
        ),
    ];
    for (sql, says) in cases {
        tamper(&paths[1], &sql);
        let e = refused(&mut out, &paths);
        assert!(e.starts_with(&row), "{e}");
        assert!(e.contains(&says), "{says}: {e}");
        assert!(e.ends_with("; nothing was merged"), "{e}");
        let (run, _) = results_of(&paths[1]);
        let mut store = Store::open(&paths[1]).unwrap();
        store
            .insert_results(run, std::slice::from_ref(&exact))
            .unwrap();
    }
    // A bound above another game's replayed solution of the board: the
    // greedy game claims more than exact's solution allows (its own moves
    // allow it), so one of them is false.
    {
        let (run, _) = results_of(&paths[1]);
        let mut store = Store::open(&paths[1]).unwrap();
        let mut bold = greedy.clone();
        bold.lower_bound = Some(n + 1);
        store.insert_results(run, &[bold]).unwrap();
        let e = refused(&mut out, &paths);
        assert!(
            e.contains(&format!(
                "board {id}: the result of greedy in shard-1.db proves that it takes at least {} \
                 moves, but the result of exact in ",
                n + 1
            )) && e.contains(&format!("clears it in {n}")),
            "{e}"
        );
        store
            .insert_results(run, std::slice::from_ref(&greedy))
            .unwrap();
    }
    // As it was: the merge goes through again, and changes nothing.
    let before = dump(&out);
    let again = merge_paths(&mut out, &paths).unwrap();
    assert!(again.finished && again.added == 0);
    assert_eq!(dump(&out), before);
}

#[test]
fn a_known_optimum_that_does_not_replay_or_contradicts_a_bound_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let mut out = Store::open(&dir.path().join("out.db")).unwrap();
    merge_paths(&mut out, &paths).unwrap();
    let (_, records) = results_of(&paths[2]);
    let exact = records.iter().find(|r| r.spec == "exact").unwrap().clone();
    let id = &exact.board_id;
    let n = exact.moves;
    assert_eq!(exact.lower_bound, Some(n), "exact proved it");
    let optimum = Store::open_existing(&paths[2])
        .unwrap()
        .optimum(id)
        .unwrap()
        .unwrap();
    assert_eq!(optimum, (n, true, exact.solution.clone()));
    let moves: Moves = exact.solution.parse().unwrap();
    let set = |what: &str| format!("UPDATE optima SET {what} WHERE board_id = '{id}';");
    let row = format!("shard-2.db: the known optimum of board {id}: ");
    // The reviewer's: a short fake solution, marked proven.
    let shorter = Moves(moves.0[..n as usize - 3].to_vec()).to_string();
    tamper(
        &paths[2],
        &set(&format!("moves = {}, solution = '{shorter}'", n - 3)),
    );
    let e = refused(&mut out, &paths);
    assert!(
        e.starts_with(&format!("{row}its solution of {} moves leaves ", n - 3)),
        "{e}"
    );
    // A move count that is not its solution's.
    tamper(
        &paths[2],
        &set(&format!(
            "moves = {}, solution = '{}'",
            n - 1,
            exact.solution
        )),
    );
    let e = refused(&mut out, &paths);
    assert!(
        e.starts_with(&format!(
            "{row}it counts {} moves, but its solution lists {n}",
            n - 1
        )),
        "{e}"
    );
    // Moves past the clearing one.
    let longer = format!("{},0", exact.solution);
    tamper(
        &paths[2],
        &set(&format!("moves = {}, solution = '{longer}'", n + 1)),
    );
    let e = refused(&mut out, &paths);
    assert!(
        e.starts_with(&format!(
            "{row}it counts {} moves, but its solution clears the board in {n}",
            n + 1
        )),
        "{e}"
    );
    // A real, longer solution claimed proven: exact's replayed solution is
    // shorter, so the claim is false.
    let mut r = exact.clone();
    r.moves += 1;
    let longer = one_move_longer(&r);
    tamper(
        &paths[2],
        &set(&format!("moves = {}, solution = '{longer}'", n + 1)),
    );
    let e = refused(&mut out, &paths);
    assert_eq!(
        e,
        format!(
            "board {id}: the proven optimum in shard-2.db proves that it takes at least {} \
             moves, but the result of exact in shard-2.db clears it in {n} (replayed by the \
             engine): one of the two was changed by hand or made by a faulty build; nothing \
             was merged",
            n + 1
        )
    );
    // As it was: merged again, nothing changes.
    tamper(
        &paths[2],
        &set(&format!("moves = {n}, solution = '{}'", exact.solution)),
    );
    let before = dump(&out);
    merge_paths(&mut out, &paths).unwrap();
    assert_eq!(dump(&out), before);
}

#[test]
fn a_result_of_another_board_or_spec_than_the_plans_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let mut out = Store::open(&dir.path().join("out.db")).unwrap();
    merge_paths(&mut out, &paths).unwrap();
    let (run, records) = results_of(&paths[0]);
    // Shard 0 holds positions 0, 3 and 6: seeds 1, 4 and 7.
    let first = records[0].clone();
    assert_eq!(
        (first.board_index, first.board_id.as_str()),
        (0, "10x8c4-s1")
    );
    let mut store = Store::open(&paths[0]).unwrap();
    let mut try_row = |row: GameRecord| {
        store
            .insert_results(run, std::slice::from_ref(&row))
            .unwrap();
        let e = refused(&mut out, &paths);
        tamper(
            &paths[0],
            &format!(
                "DELETE FROM results WHERE board_id = '{}' AND spec = '{}' AND board_index = {};",
                row.board_id, row.spec, row.board_index
            ),
        );
        e
    };
    // A board that is not the plan's at its position: one from outside the
    // plan, played for real, and one of the plan's at another's position
    // (which, counted by position, would stand in for a missing board).
    let foreign = GameRecord {
        board_id: "10x8c4-s99".into(),
        ..first.clone()
    };
    let e = try_row(foreign);
    assert_eq!(
        e,
        "shard-0.db: the result of greedy on board 10x8c4-s99: the plan's board at its \
         position, 0, is 10x8c4-s1; nothing was merged"
    );
    let e = try_row(GameRecord {
        board_id: "10x8c4-s2".into(),
        board_index: 3,
        ..first.clone()
    });
    assert!(
        e.ends_with("the plan's board at its position, 3, is 10x8c4-s4; nothing was merged"),
        "{e}"
    );
    let e = try_row(GameRecord {
        board_id: "10x8c4-s10".into(),
        board_index: 9,
        ..first.clone()
    });
    assert!(
        e.ends_with("its position, 9, is past the plan's 9 boards; nothing was merged"),
        "{e}"
    );
    // A spec the plan does not have.
    let e = try_row(GameRecord {
        spec: "gla:depth=3,metric=area,form=p7".into(),
        ..first.clone()
    });
    assert_eq!(
        e,
        "shard-0.db: the result of gla:depth=3,metric=area,form=p7 on board 10x8c4-s1: \
         gla:depth=3,metric=area,form=p7 is not one of the plan's specs (greedy, exact); \
         nothing was merged"
    );
    // Shard 0 alone with a foreign row: refused too, not counted against
    // what is missing.
    store
        .insert_results(
            run,
            &[GameRecord {
                board_id: "10x8c4-s99".into(),
                ..first.clone()
            }],
        )
        .unwrap();
    let mut lone = Store::open_in_memory().unwrap();
    let e = merge_paths(&mut lone, &paths[..1]).unwrap_err();
    assert!(matches!(e, MergeError::BadRow { .. }), "{e}");
    tamper(
        &paths[0],
        "DELETE FROM results WHERE board_id = '10x8c4-s99';",
    );
    let report = merge_paths(&mut lone, &paths[..1]).unwrap();
    assert_eq!((report.results, report.missing.len()), (6, 6));
    // As it was.
    let before = dump(&out);
    assert!(merge_paths(&mut out, &paths).unwrap().finished);
    assert_eq!(dump(&out), before);
}

#[test]
fn a_files_shards_merge_and_its_boards_are_checked_against_its_digest() {
    let dir = tempfile::tempdir().unwrap();
    let entries = (1..=6)
        .map(|seed| {
            cw_core::format::BoardEntry::new(cw_core::Board::seeded(9, 7, 4, 40 + seed).unwrap())
        })
        .collect();
    let plan = Plan {
        boards: BoardSet::Entries {
            label: "six.txt".into(),
            entries,
        },
        ..plan(&["greedy", "exact"])
    };
    let (_, _, expected) = play_whole(&dir.path().join("single.db"), &plan, 1);
    let paths: Vec<_> = (0..2)
        .map(|i| {
            let path = dir.path().join(format!("shard-{i}.db"));
            play_shard(&path, &plan, Shard::new(i, 2).unwrap());
            path
        })
        .collect();
    let mut out = Store::open(&dir.path().join("out.db")).unwrap();
    let report = merge_paths(&mut out, &paths).unwrap();
    assert!(report.finished, "{:?}", report.missing);
    assert_eq!(rows(&out, report.run), expected);

    // Shard 1 (positions 1, 3, 5) with two boards swapped: each game still
    // replays on its board, but the boards are not at the plan's positions.
    tamper(
        &paths[1],
        "UPDATE results SET board_index = 4 - board_index WHERE board_index IN (1, 3);",
    );
    let e = refused(&mut out, &paths);
    assert!(
        e.starts_with("the results name, at the plan's 6 positions, other boards than the plan's"),
        "{e}"
    );
    // Shard 0 claims a board of shard 1's at one of its positions.
    tamper(
        &paths[1],
        "UPDATE results SET board_index = 4 - board_index WHERE board_index IN (1, 3);",
    );
    let (_, ones) = results_of(&paths[1]);
    let (run0, zeros) = results_of(&paths[0]);
    let stray = GameRecord {
        board_index: ones[0].board_index,
        ..zeros[0].clone()
    };
    Store::open(&paths[0])
        .unwrap()
        .insert_results(run0, std::slice::from_ref(&stray))
        .unwrap();
    let e = refused(&mut out, &paths);
    assert!(
        e.contains("it is at position 1, but the board is at position 0 in shard-0.db")
            || e.contains("its position, 1, holds board"),
        "{e}"
    );
}

/// On the series' run, a spec that draws the series' stream plays boards of
/// its own (`k@` IDs): a whole run of it merges into another store, each of
/// its boards rebuilt from its ID to replay its moves.
#[test]
fn a_series_run_whose_spec_draws_the_stream_merges() {
    let dir = tempfile::tempdir().unwrap();
    let plan = Plan {
        boards: BoardSet::Koblenski {
            first: 1,
            count: 3,
            width: 30,
            height: 20,
            colors: 5,
        },
        ..plan(&["random", "greedy"])
    };
    let path = dir.path().join("series.db");
    let (store, _, whole) = play_whole(&path, &plan, 1);
    drop(store);
    assert!(
        whole.iter().any(|r| r.0.contains("-k@")),
        "random plays boards of its own: {whole:?}"
    );
    let mut out = Store::open_in_memory().unwrap();
    let report = merge_paths(&mut out, &[path]).unwrap();
    assert_eq!(rows(&out, report.run), whole);
}

/// The lock file of the output's run `run`, beside the store at `out`.
fn lock_file(out: &Path, run: i64) -> std::path::PathBuf {
    let mut path = out.as_os_str().to_owned();
    path.push(format!(".run{run}.lock"));
    path.into()
}

#[test]
fn a_refused_merge_ends_its_claim_on_the_output_run() {
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let out_path = dir.path().join("out.db");
    let mut out = Store::open(&out_path).unwrap();
    let run = merge_paths(&mut out, &paths).unwrap().run;
    let lock = lock_file(&out_path, run);
    assert!(!lock.exists(), "a finished run has no lock file");
    let before = dump(&out);

    // Refused while it reads the inputs, after it has claimed the finished
    // run: an input's optimum that is no move count.
    let (board, moves, _, solution) = Store::open_existing(&paths[2])
        .unwrap()
        .all_optima()
        .unwrap()
        .remove(0);
    let optimum = |moves: &str| {
        format!(
            "UPDATE optima SET moves = {moves}, solution = '{solution}' WHERE board_id = '{board}';"
        )
    };
    tamper(&paths[2], &optimum("-1"));
    let e = merge_paths(&mut out, &paths).unwrap_err();
    assert!(matches!(e, MergeError::Store { .. }), "{e}");
    assert!(e.to_string().starts_with("shard-2.db"), "{e}");
    assert!(!lock.exists(), "the finished run's lock file is left: {e}");
    assert_eq!(dump(&out), before, "nothing written: {e}");

    // Refused by the check of its rows, the run finished or not: the claim
    // ends as it came, so a `bench` (or the next merge) can claim the run.
    let (_, records) = results_of(&paths[2]);
    tamper(
        &paths[2],
        &format!(
            "{} UPDATE results SET moves = 2 WHERE spec = 'greedy';",
            optimum(&moves.to_string())
        ),
    );
    for finished in [true, false] {
        if !finished {
            out.unfinish_run(run).unwrap();
        }
        let e = merge_paths(&mut out, &paths).unwrap_err();
        assert!(matches!(e, MergeError::BadRow { .. }), "{e}");
        if finished {
            assert!(!lock.exists(), "the finished run's lock file is left: {e}");
        }
        let bench = Store::open(&out_path).unwrap();
        drop(bench.claim_run(run).expect("the merge's claim has ended"));
    }

    // The inputs as they were: the next merge goes through, finishes the
    // run again and ends its claim.
    let (shard_run, _) = results_of(&paths[2]);
    Store::open(&paths[2])
        .unwrap()
        .insert_results(shard_run, &records)
        .unwrap();
    let report = merge_paths(&mut out, &paths).unwrap();
    assert!(report.finished && report.added == 0);
    assert!(!lock.exists());
}

#[test]
fn a_merge_whose_writes_fail_half_way_leaves_the_output_as_it_was() {
    // The output store refuses every optimum (as a full disk would refuse
    // a write), after the merge has begun its run and written its results:
    // all of that is undone, nor is the new run's lock file left. Once the
    // store takes writes again, the same merge goes through.
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let out_path = dir.path().join("out.db");
    drop(Store::open(&out_path).unwrap());
    tamper(
        &out_path,
        "CREATE TRIGGER full BEFORE INSERT ON optima \
         BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;",
    );
    let mut out = Store::open(&out_path).unwrap();
    let before = dump(&out);
    let e = merge_paths(&mut out, &paths).unwrap_err();
    assert!(matches!(e, MergeError::Write(_)), "{e}");
    assert!(e.to_string().contains("nothing was merged"), "{e}");
    assert_eq!(dump(&out), before, "nothing written: {e}");
    assert!(out.runs().unwrap().is_empty(), "{e}");
    assert!(!lock_file(&out_path, 1).exists(), "{e}");
    drop(out);

    tamper(&out_path, "DROP TRIGGER full;");
    let mut out = Store::open(&out_path).unwrap();
    let report = merge_paths(&mut out, &paths).unwrap();
    assert!(report.finished && report.new_run, "{report:?}");
    assert!(!out.all_optima().unwrap().is_empty());
}

/// The output store's own rows are checked as an input's are: its results
/// and its known optima are replayed, and one that fails refuses the merge
/// with nothing written.
#[test]
fn the_output_stores_own_results_and_known_optima_are_replayed_too() {
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let out_path = dir.path().join("out.db");
    let mut out = Store::open(&out_path).unwrap();
    let clean = merge_paths(&mut out, &paths).unwrap();
    assert!(clean.finished);
    let exact = out
        .results(clean.run)
        .unwrap()
        .into_iter()
        .find(|r| r.spec == "exact")
        .unwrap();
    let (id, n) = (&exact.board_id, exact.moves);
    let (_, proven, kept_solution) = out.optimum(id).unwrap().unwrap();
    assert!(proven, "exact proved it");
    let moves: Moves = exact.solution.parse().unwrap();
    let shorter = Moves(moves.0[..n as usize - 3].to_vec()).to_string();
    let refused_here = |out: &mut Store| {
        let before = dump(out);
        let e = merge_paths(out, &paths).unwrap_err();
        assert!(matches!(e, MergeError::BadRow { .. }), "{e}");
        assert_eq!(dump(out), before, "nothing written: {e}");
        e.to_string()
    };

    // A known optimum of the output's own that does not clear its board.
    let optimum = |what: &str| format!("UPDATE optima SET {what} WHERE board_id = '{id}';");
    tamper(
        &out_path,
        &optimum(&format!("moves = {}, solution = '{shorter}'", n - 3)),
    );
    let e = refused_here(&mut out);
    assert!(
        e.starts_with(&format!(
            "the output store: the known optimum of board {id}: its solution of {} moves \
             leaves ",
            n - 3
        )),
        "{e}"
    );
    assert!(e.ends_with("; nothing was merged"), "{e}");
    tamper(
        &out_path,
        &optimum(&format!("moves = {n}, solution = '{kept_solution}'")),
    );

    // A result of the output's own merged run that does not clear its board.
    tamper(
        &out_path,
        &format!(
            "UPDATE results SET moves = {}, solution = '{shorter}' WHERE board_id = '{id}' \
             AND spec = 'exact';",
            n - 3
        ),
    );
    let e = refused_here(&mut out);
    assert!(
        e.starts_with(&format!(
            "the output store: the result of exact on board {id}: it says solved in {} moves, \
             but its solution leaves ",
            n - 3
        )),
        "{e}"
    );
    out.insert_results(clean.run, std::slice::from_ref(&exact))
        .unwrap();

    // As it was: the merge goes through again, and changes nothing.
    let before = dump(&out);
    assert!(merge_paths(&mut out, &paths).unwrap().finished);
    assert_eq!(dump(&out), before);
}

/// `solution` (a line that clears its board) made `total` moves long by
/// playing its first color again and again at once (each repeat removes
/// nothing), so it still clears the board on its last move.
fn padded_to(solution: &str, total: usize) -> String {
    let moves: Moves = solution.parse().unwrap();
    let repeats = total - moves.0.len();
    let mut padded = vec![moves.0[0]; repeats];
    padded.extend(moves.0);
    Moves(padded).to_string()
}

#[test]
fn a_result_past_the_plans_move_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let paths = three_shards(dir.path());
    let mut out = Store::open(&dir.path().join("out.db")).unwrap();
    assert!(merge_paths(&mut out, &paths).unwrap().finished);
    let limit = GameLimits::default().max_moves;
    let (_, records) = results_of(&paths[1]);
    let exact = records.iter().find(|r| r.spec == "exact").unwrap().clone();
    let id = &exact.board_id;
    let set = |what: &str| {
        format!("UPDATE results SET {what} WHERE board_id = '{id}' AND spec = 'exact';")
    };
    let past = limit as usize + 1;

    // Solved, by a line that replays and clears the board on its last move,
    // but one move longer than any game of the plan may be.
    let long = padded_to(&exact.solution, past);
    let replayed = replay(
        &ClusterGraph::new(&id.parse::<BoardId>().unwrap().board().unwrap()),
        &long.parse::<Moves>().unwrap().0,
    )
    .unwrap();
    assert!(replayed.cleared && replayed.surplus == 0 && replayed.moves_played == past);
    tamper(
        &paths[1],
        &set(&format!("moves = {past}, solution = '{long}'")),
    );
    let e = refused(&mut out, &paths);
    assert_eq!(
        e,
        format!(
            "shard-1.db: the result of exact on board {id}: it counts {past} moves, but the \
             plan's move limit is {limit}: no game of it plays more; nothing was merged"
        )
    );

    // Not solved, past the limit all the same.
    let moves: Moves = exact.solution.parse().unwrap();
    let unfinished = Moves(moves.0[..moves.0.len() - 1].to_vec()).to_string();
    tamper(
        &paths[1],
        &set(&format!(
            "outcome = 'move-limit', solved = 0, lower_bound = NULL, moves = {past}, \
             solution = '{}'",
            padded_to(&unfinished, past)
        )),
    );
    let e = refused(&mut out, &paths);
    assert!(
        e.ends_with(&format!(
            "it counts {past} moves, but the plan's move limit is {limit}: no game of it plays \
             more; nothing was merged"
        )),
        "{e}"
    );

    // A game solved on the limit's last move is one the plan can play.
    let on_the_limit = padded_to(&exact.solution, limit as usize);
    tamper(
        &paths[1],
        &set(&format!(
            "outcome = 'solved', solved = 1, lower_bound = {}, moves = {limit}, solution = \
             '{on_the_limit}'",
            exact.moves
        )),
    );
    let mut fresh = Store::open_in_memory().unwrap();
    let report = merge_paths(&mut fresh, &paths).unwrap();
    let kept = fresh.results(report.run).unwrap();
    let kept = kept.iter().find(|r| r.board_id == *id && r.spec == "exact");
    assert_eq!(kept.map(|r| r.moves), Some(limit));
}
