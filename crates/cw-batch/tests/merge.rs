//! Shards and merge: a plan split into shards, each played into its own
//! store (some killed half-way and resumed), merged back into one run that
//! equals a single run of the plan row for row; merging again changes
//! nothing; stores of another plan are refused; conflicting results (the
//! better kept, whatever the order; the run left unfinished) and
//! missing boards are reported.

use cw_batch::{
    Batch, BoardSet, Event, GameLimits, MergeError, MergeReport, Plan, Resume, Shard, merge, run,
};
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
    r.solution.push_str(",0");
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
    worse.solution.push_str(",0");
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
}
