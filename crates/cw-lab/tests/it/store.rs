//! The SQLite store: migrations, runs, resume, optima.

use std::collections::HashSet;

use cw_lab::{GameRecord, SCHEMA_VERSION, Store, StoreError};

use crate::{meta, rec};

fn full_run(n: u32, specs: &[&str]) -> Vec<GameRecord> {
    let mut records = Vec::new();
    for b in 0..n {
        for (s, spec) in specs.iter().enumerate() {
            let moves = 30 + (b * 7 + s as u32 * 3) % 11;
            records.push(rec(
                b,
                spec,
                b % 4 != 3,
                moves,
                1_000_000 + u64::from(b) * 17,
            ));
        }
    }
    records
}

#[test]
fn migrations_are_idempotent_on_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("nested/dir/results.db");
    let mut store = Store::open(&path).unwrap();
    assert!(
        path.exists(),
        "open creates the file and its parent directories"
    );
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    let run = store.begin_run(&meta(2, &["a"])).unwrap();
    store.insert_results(run, &full_run(2, &["a"])).unwrap();

    // Migrating the same connection again, then reopening the file, changes nothing.
    store.migrate().unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    drop(store);
    let store = Store::open(&path).unwrap();
    assert_eq!(store.schema_version().unwrap(), SCHEMA_VERSION);
    assert_eq!(store.runs().unwrap().len(), 1);
    assert_eq!(store.results(run).unwrap(), full_run(2, &["a"]));
}

#[test]
fn a_run_reads_back_equal() {
    let mut store = Store::open_in_memory().unwrap();
    let specs = [
        "gla:depth=5",
        "greedy:metric=area",
        "gla:depth=5,until=18>bfs:cap=16384|gla:depth=5",
    ];
    let m = meta(5, &specs);
    let run = store.begin_run(&m).unwrap();
    let mut records = full_run(5, &specs);
    // Counters beyond i64::MAX survive the bit-cast.
    records[0].nanos = u64::MAX;
    records[1].nodes = u64::MAX - 1;
    records[2].inspections = 1 << 63;
    // Insert in a scrambled order: results come back by board, then spec order.
    let mut scrambled = records.clone();
    scrambled.reverse();
    scrambled.swap(0, 7);
    store.insert_results(run, &scrambled).unwrap();
    assert_eq!(store.results(run).unwrap(), records);

    let info = store.run(run).unwrap().unwrap();
    assert_eq!(info.id, run);
    assert_eq!(info.meta(), m);
    assert_eq!(info.n_results, 15);
    assert_eq!(info.n_expected(), 15);
    // A shard's run is complete with its own boards: of 5 boards, shard
    // 1/2 holds those at positions 1 and 3, shard 4/8 one, shard 6/8 none.
    let n_boards = info.n_boards;
    assert_eq!(n_boards, 5);
    let specs = info.specs.len() as u64;
    for (shard, boards) in [("1/2", 2), ("0/2", 3), ("4/8", 1), ("6/8", 0)] {
        let sharded = cw_lab::RunInfo {
            shard: Some(shard.to_string()),
            ..info.clone()
        };
        assert_eq!(sharded.n_expected(), boards * specs, "{shard}");
        assert_eq!(sharded.n_plan_results(), 15);
    }
    assert_eq!(info.finished, None);
    assert_eq!(info.version, m.version, "the program version the meta gave");
    assert!(
        info.machine.contains("core"),
        "machine names the core count: {}",
        info.machine
    );
    assert_eq!(
        info.created.len(),
        "2026-01-01 00:00:00".len(),
        "{}",
        info.created
    );

    store.finish_run(run).unwrap();
    assert!(store.run(run).unwrap().unwrap().finished.is_some());
}

#[test]
fn runs_are_listed_newest_first_and_deleted_with_their_results() {
    let mut store = Store::open_in_memory().unwrap();
    let first = store.begin_run(&meta(1, &["a"])).unwrap();
    let second = store.begin_run(&meta(1, &["b"])).unwrap();
    store.insert_results(first, &full_run(1, &["a"])).unwrap();
    store.insert_results(second, &full_run(1, &["b"])).unwrap();
    let ids: Vec<i64> = store.runs().unwrap().iter().map(|r| r.id).collect();
    assert_eq!(ids, [second, first]);

    assert!(store.delete_run(second).unwrap());
    assert!(
        !store.delete_run(second).unwrap(),
        "a second delete finds nothing"
    );
    assert!(store.run(second).unwrap().is_none());
    assert!(matches!(store.results(second), Err(StoreError::NoSuchRun(id)) if id == second));
    assert_eq!(store.runs().unwrap().len(), 1);
    assert_eq!(store.results(first).unwrap().len(), 1);
    // A later run never reuses a deleted ID.
    let third = store.begin_run(&meta(1, &["c"])).unwrap();
    assert!(third > second);
}

#[test]
fn results_for_a_missing_run_are_an_error() {
    let mut store = Store::open_in_memory().unwrap();
    let err = store
        .insert_results(42, &[rec(0, "a", true, 30, 1)])
        .unwrap_err();
    assert!(matches!(err, StoreError::NoSuchRun(42)), "{err:?}");
    assert!(matches!(
        store.finish_run(42),
        Err(StoreError::NoSuchRun(42))
    ));
}

#[test]
fn insert_replaces_a_result_for_the_same_board_and_spec() {
    let mut store = Store::open_in_memory().unwrap();
    let run = store.begin_run(&meta(1, &["a"])).unwrap();
    store
        .insert_results(run, &[rec(0, "a", false, 200, 5)])
        .unwrap();
    store
        .insert_results(run, &[rec(0, "a", true, 31, 6)])
        .unwrap();
    assert_eq!(store.results(run).unwrap(), [rec(0, "a", true, 31, 6)]);
}

#[test]
fn an_interrupted_run_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.db");
    let specs = ["gla:depth=5", "greedy"];
    let m = meta(10, &specs);
    let all = full_run(10, &specs);
    let (first_half, second_half) = all.split_at(all.len() / 2);

    let (run, shard_run) = {
        let mut store = Store::open(&path).unwrap();
        // A finished run, runs of other experiments (other fingerprints), a
        // shard of the same plan and a run from before fingerprints must not
        // be picked.
        let done = store.begin_run(&m).unwrap();
        store.finish_run(done).unwrap();
        let mut other_params = m.clone();
        other_params.params = serde_json::json!({ "threads": 1 });
        other_params.fingerprint = "other-params".into();
        store.begin_run(&other_params).unwrap();
        let mut other_specs = m.clone();
        other_specs.specs.reverse();
        other_specs.fingerprint = "other-specs".into();
        store.begin_run(&other_specs).unwrap();
        let mut before = m.clone();
        before.fingerprint = String::new();
        store.begin_run(&before).unwrap();

        let run = store.begin_run(&m).unwrap();
        let mut shard = m.clone();
        shard.shard = Some("0/2".into());
        let shard_run = store.begin_run(&shard).unwrap();
        store.insert_results(run, first_half).unwrap();
        (run, shard_run)
    };

    let mut store = Store::open(&path).unwrap();
    assert_eq!(
        store.find_unfinished_run(&m.fingerprint, None).unwrap(),
        Some(run)
    );
    assert_eq!(
        store
            .find_unfinished_run(&m.fingerprint, Some("0/2"))
            .unwrap(),
        Some(shard_run)
    );
    assert_eq!(
        store
            .find_unfinished_run(&m.fingerprint, Some("1/2"))
            .unwrap(),
        None
    );
    assert_eq!(store.find_unfinished_run("", None).unwrap(), None);
    let info = store.run(shard_run).unwrap().unwrap();
    assert_eq!(
        (info.fingerprint.as_str(), info.shard.as_deref()),
        (m.fingerprint.as_str(), Some("0/2"))
    );
    assert_eq!(store.unfinished_runs().unwrap().len(), 5);

    let expected: HashSet<(String, String)> = first_half
        .iter()
        .map(|r| (r.board_id.clone(), r.spec.clone()))
        .collect();
    assert_eq!(store.completed(run).unwrap(), expected);

    store.insert_results(run, second_half).unwrap();
    store.finish_run(run).unwrap();
    assert_eq!(
        store.find_unfinished_run(&m.fingerprint, None).unwrap(),
        None
    );
    assert_eq!(store.results(run).unwrap(), all);
}

#[test]
fn optima_keep_the_best_and_proven() {
    let mut store = Store::open_in_memory().unwrap();
    assert!(store.record_optimum("b1", 34, false, "1,2").unwrap());
    assert!(
        !store.record_optimum("b1", 35, false, "worse").unwrap(),
        "more moves lose"
    );
    assert!(
        !store.record_optimum("b1", 34, false, "same").unwrap(),
        "a tie keeps the first"
    );
    assert!(store.record_optimum("b1", 33, false, "better").unwrap());
    assert_eq!(
        store.optimum("b1").unwrap(),
        Some((33, false, "better".to_string()))
    );
    assert!(
        store.record_optimum("b1", 33, true, "proven").unwrap(),
        "a proof upgrades a tie"
    );
    assert!(
        !store.record_optimum("b1", 32, false, "unproven").unwrap(),
        "proven wins"
    );

    assert!(store.record_optimum("b2", 30, false, "x").unwrap());
    assert!(
        store.record_optimum("b2", 31, true, "y").unwrap(),
        "proven wins even with more"
    );
    assert!(store.record_optimum("b3", 40, true, "z").unwrap());
    assert!(
        store.record_optimum("b3", 39, true, "w").unwrap(),
        "the smaller proof wins"
    );

    let optima = store.optima(["b1", "b2", "b3", "b4", "b1"]).unwrap();
    assert_eq!(optima.len(), 3);
    assert_eq!(optima["b1"], (33, true));
    assert_eq!(optima["b2"], (31, true));
    assert_eq!(optima["b3"], (39, true));
    assert!(!optima.contains_key("b4"));
    assert_eq!(store.optimum("b1").unwrap().unwrap().2, "proven");
}

#[test]
fn default_path_ends_in_a_database_file() {
    // The environment is shared by parallel tests, so only read it.
    let path = Store::default_path();
    match std::env::var_os("COLORWALK_DB").filter(|v| !v.is_empty()) {
        Some(db) => assert_eq!(path, std::path::PathBuf::from(db)),
        None => assert!(path.ends_with("results.db") || path.ends_with("colorwalk-results.db")),
    }
}

#[test]
fn a_store_opened_to_read_changes_nothing_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.db");
    let mut store = Store::open(&path).unwrap();
    let run = store.begin_run(&meta(2, &["a"])).unwrap();
    store.insert_results(run, &full_run(2, &["a"])).unwrap();
    drop(store);
    let before = std::fs::read(&path).unwrap();
    let mut store = Store::open_to_read(&path).unwrap();
    assert_eq!(store.results(run).unwrap(), full_run(2, &["a"]));
    assert!(store.begin_run(&meta(1, &["b"])).is_err(), "read only");
    drop(store);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    // Nor does it leave SQLite's log files beside the store.
    for suffix in ["-wal", "-shm"] {
        let log = dir.path().join(format!("results.db{suffix}"));
        assert!(!log.exists(), "{} left behind", log.display());
    }

    // An empty file reads as a store with no runs, and stays empty.
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, b"").unwrap();
    assert!(
        Store::open_to_read(&empty)
            .unwrap()
            .runs()
            .unwrap()
            .is_empty()
    );
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);

    // A missing file is an error, not a new file.
    let missing = dir.path().join("missing.db");
    assert!(matches!(
        Store::open_to_read(&missing),
        Err(StoreError::Missing(_))
    ));
    assert!(!missing.exists());
}

#[test]
fn another_programs_database_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.db");
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch(
        "CREATE TABLE runs (id INTEGER PRIMARY KEY, name TEXT); CREATE TABLE foo (x);",
    )
    .unwrap();
    drop(conn);
    let before = std::fs::read(&path).unwrap();
    for result in [Store::open(&path), Store::open_to_read(&path)] {
        match result {
            Err(e @ StoreError::Foreign { .. }) => assert_eq!(
                e.to_string(),
                format!(
                    "{} is not a colorwalk results database: it is a SQLite database with \
                     other tables (foo, runs)",
                    path.display()
                )
            ),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_schema_version_the_store_never_writes_is_refused_and_left_alone() {
    // Below zero (it once panicked on the migrations' index), or a version
    // with no tables, or with tables none of which is the store's.
    let dir = tempfile::tempdir().unwrap();
    for (name, sql, says) in [
        (
            "negative.db",
            "PRAGMA user_version = -1;",
            "it is a SQLite database with schema version -1",
        ),
        (
            "negative-tables.db",
            "CREATE TABLE foo (x); PRAGMA user_version = -5;",
            "it is a SQLite database with schema version -5",
        ),
        (
            "version-only.db",
            "PRAGMA user_version = 2;",
            "it is a SQLite database with schema version 2 but no tables",
        ),
        (
            "other-tables.db",
            "CREATE TABLE foo (x); PRAGMA user_version = 2;",
            "it is a SQLite database with other tables (foo)",
        ),
    ] {
        let path = dir.path().join(name);
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(sql)
            .unwrap();
        let before = std::fs::read(&path).unwrap();
        for result in [Store::open(&path), Store::open_to_read(&path)] {
            let e = result.expect_err(name);
            assert_eq!(
                e.to_string(),
                format!(
                    "{} is not a colorwalk results database: {says}",
                    path.display()
                ),
                "{name}"
            );
        }
        assert_eq!(std::fs::read(&path).unwrap(), before, "{name}");
    }
}

#[test]
fn a_newer_builds_store_is_refused_before_anything_in_it_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("newer.db");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch("CREATE TABLE runs (x); PRAGMA user_version = 99;")
        .unwrap();
    let before = std::fs::read(&path).unwrap();
    for result in [Store::open(&path), Store::open_to_read(&path)] {
        assert!(
            matches!(result, Err(StoreError::TooNew { found: 99 })),
            "{result:?}"
        );
    }
    // Not even its journal mode (a WAL file would also be left beside it).
    assert_eq!(std::fs::read(&path).unwrap(), before);
    let mode: String = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "delete");
}

#[test]
fn an_up_to_date_store_opens_and_reads_while_another_process_writes_it() {
    // A long write elsewhere (a merge, a bench) holds the write lock: the
    // web lab's reads opened the store with a write transaction, so they
    // waited for it, then failed with "database is locked".
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("busy.db");
    Store::open(&path)
        .unwrap()
        .record_optimum("b", 7, true, "1")
        .unwrap();
    let writer = rusqlite::Connection::open(&path).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    let store = Store::open(&path).expect("opens beside the writer");
    assert_eq!(
        store.optimum("b").unwrap(),
        Some((7, true, "1".to_string()))
    );
    assert!(store.runs().unwrap().is_empty());
    writer.execute_batch("COMMIT").unwrap();
}

#[test]
fn stores_opened_at_once_by_several_connections_all_open() {
    // Processes starting together on a new store: each waits for the one
    // creating it, and none takes it, half made, for another program's.
    let dir = tempfile::tempdir().unwrap();
    for round in 0..20 {
        let path = dir.path().join(format!("r{round}.db"));
        let barrier = std::sync::Barrier::new(4);
        std::thread::scope(|s| {
            let opened: Vec<_> = (0..4u32)
                .map(|i| {
                    let (barrier, path) = (&barrier, &path);
                    s.spawn(move || {
                        barrier.wait();
                        // Each connection writes to the store it opened.
                        Store::open(path)?.record_optimum(&format!("b{i}"), 10 + i, true, "1")
                    })
                })
                .collect();
            for o in opened {
                let result = o.join().unwrap();
                assert!(matches!(result, Ok(true)), "round {round}: {result:?}");
            }
        });
        // One store came out, with every connection's row.
        for _ in 0..2 {
            let store = Store::open_to_read(&path).unwrap();
            for i in 0..4u32 {
                let row = store.optimum(&format!("b{i}")).unwrap();
                assert_eq!(row, Some((10 + i, true, "1".to_string())), "round {round}");
            }
        }
    }
}

#[test]
fn an_older_store_is_read_through_an_up_to_date_copy_and_left_as_it_was() {
    // A store of schema 1, as the first builds wrote it.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT,
                 created TEXT NOT NULL DEFAULT (datetime('now')), finished TEXT,
                 version TEXT NOT NULL, machine TEXT NOT NULL, board_set TEXT NOT NULL,
                 specs TEXT NOT NULL, n_boards INTEGER NOT NULL, params TEXT NOT NULL);
             CREATE TABLE results (run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
                 board_id TEXT NOT NULL, board_index INTEGER NOT NULL, spec TEXT NOT NULL,
                 solved INTEGER NOT NULL, moves INTEGER NOT NULL, nanos INTEGER NOT NULL,
                 nodes INTEGER NOT NULL, inspections INTEGER NOT NULL, solution TEXT NOT NULL,
                 PRIMARY KEY (run_id, board_id, spec)) WITHOUT ROWID;
             CREATE INDEX results_board ON results(board_id);
             CREATE TABLE optima (board_id TEXT PRIMARY KEY, moves INTEGER NOT NULL,
                 proven INTEGER NOT NULL, solution TEXT NOT NULL,
                 recorded TEXT NOT NULL DEFAULT (datetime('now')));
             INSERT INTO runs (version, machine, board_set, specs, n_boards, params)
                 VALUES ('0.0.9', 'm', 'seeds:30x20c5:1..3', '[\"greedy\"]', 2, '{}');
             INSERT INTO results VALUES (1, '30x20c5-s1', 0, 'greedy', 1, 3, 5, 7, 9, '0,1,2');
             PRAGMA user_version = 1;",
        )
        .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    let store = Store::open_to_read(&path).unwrap();
    let runs = store.runs().unwrap();
    assert_eq!(runs.len(), 1);
    let results = store.results(runs[0].id).unwrap();
    assert_eq!((results.len(), results[0].moves), (1, 3));
    assert!(results[0].solved());
    drop(store);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the file is as it was"
    );
    let version: i64 = rusqlite::Connection::open(&path)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 1);
}

/// The path of one of SQLite's files beside a store (`-wal` or `-shm`).
fn beside(path: &std::path::Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    name.into()
}

/// The entries of a folder, each with its contents (`None` for what is not
/// a file, or cannot be read).
fn listing(dir: &std::path::Path) -> std::collections::BTreeMap<String, Option<Vec<u8>>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let file = e.file_type().unwrap().is_file();
            let name = e.file_name().to_string_lossy().into_owned();
            (name, file.then(|| std::fs::read(e.path()).ok()).flatten())
        })
        .collect()
}

/// A store at `dir/name` whose one run (`full_run(2, &["a"])`) is in its
/// `-wal` log only, and no `-shm` beside it: as a writer killed before it
/// folded the log into the file leaves it, copied without its `-shm`.
fn a_store_with_its_run_in_its_log(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let live = tempfile::tempdir().unwrap();
    let src = live.path().join("live.db");
    drop(Store::open(&src).unwrap());
    // Another connection open on the store: the writer's is then not the
    // last, which would fold the log into the file on closing.
    let keeper = rusqlite::Connection::open(&src).unwrap();
    let n: i64 = keeper
        .query_row("SELECT count(*) FROM runs", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 0);
    let mut store = Store::open(&src).unwrap();
    let run = store.begin_run(&meta(2, &["a"])).unwrap();
    store.insert_results(run, &full_run(2, &["a"])).unwrap();
    drop(store);
    let path = dir.join(name);
    std::fs::copy(&src, &path).unwrap();
    std::fs::copy(beside(&src, "-wal"), beside(&path, "-wal")).unwrap();
    drop(keeper);
    // The file alone holds no run.
    let file_alone = rusqlite::Connection::open_with_flags(
        format!("file:{}?immutable=1", path.display()),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY | rusqlite::OpenFlags::SQLITE_OPEN_URI,
    )
    .unwrap();
    let n: i64 = file_alone
        .query_row("SELECT count(*) FROM runs", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 0, "the run is in the log only");
    path
}

/// Opens `path` to read, checks it holds the one run of
/// [`a_store_with_its_run_in_its_log`] and refuses writes, and that the
/// folder is as it was once the store is closed.
fn reads_its_run_and_leaves_the_folder_as_it_was(path: &std::path::Path) {
    let dir = path.parent().unwrap();
    let before = listing(dir);
    let mut store = Store::open_to_read(path).unwrap();
    let runs = store.runs().unwrap();
    assert_eq!(runs.len(), 1, "{}", path.display());
    assert_eq!(store.results(runs[0].id).unwrap(), full_run(2, &["a"]));
    assert!(store.begin_run(&meta(1, &["b"])).is_err(), "read only");
    drop(store);
    assert_eq!(listing(dir), before, "{}", path.display());
}

#[test]
fn a_store_that_can_be_written_is_read_in_place() {
    // Not through a copy: a store opened to read sees what is written to
    // the file after it was opened.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("results.db");
    drop(Store::open(&path).unwrap());
    let reader = Store::open_to_read(&path).unwrap();
    assert!(reader.runs().unwrap().is_empty());
    let mut writer = Store::open(&path).unwrap();
    let run = writer.begin_run(&meta(2, &["a"])).unwrap();
    writer.insert_results(run, &full_run(2, &["a"])).unwrap();
    assert_eq!(reader.results(run).unwrap(), full_run(2, &["a"]));
    drop((reader, writer));
    assert_eq!(
        listing(dir.path()).into_keys().collect::<Vec<_>>(),
        ["results.db"]
    );
}

#[cfg(unix)]
#[test]
fn a_store_whose_shm_file_cannot_be_made_reads_what_its_log_holds() {
    // A store in a folder that cannot be written, whose writer was killed
    // and whose `-shm` file is missing: SQLite cannot make one, so the
    // store was read as an immutable file, which ignores the log; its runs
    // were not shown, without a word. Root writes any folder, so a `-shm`
    // that cannot be opened (a dangling link: SQLite follows none there)
    // stands for the read-only folder.
    let dir = tempfile::tempdir().unwrap();
    let path = a_store_with_its_run_in_its_log(dir.path(), "results.db");
    std::os::unix::fs::symlink("missing", beside(&path, "-shm")).unwrap();
    reads_its_run_and_leaves_the_folder_as_it_was(&path);
}

#[cfg(unix)]
#[test]
fn a_read_only_store_file_reads_and_leaves_no_file_beside_it() {
    use std::os::unix::fs::PermissionsExt;
    if !cw_testkit::permissions_hold_here(
        "store::a_read_only_store_file_reads_and_leaves_no_file_beside_it",
    ) {
        return;
    }
    let mode = |path: &std::path::Path, mode| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    };
    let dir = tempfile::tempdir().unwrap();
    // SQLite opened the file to read only, and left behind the `-wal` and
    // `-shm` files it made (read-only too, as the file): once the file was
    // writable again, writing the store failed ("attempt to write a
    // readonly database").
    let path = dir.path().join("results.db");
    let mut store = Store::open(&path).unwrap();
    let run = store.begin_run(&meta(2, &["a"])).unwrap();
    store.insert_results(run, &full_run(2, &["a"])).unwrap();
    drop(store);
    mode(&path, 0o444);
    let store = Store::open_to_read(&path).unwrap();
    assert_eq!(store.results(run).unwrap(), full_run(2, &["a"]));
    drop(store);
    assert_eq!(
        listing(dir.path()).into_keys().collect::<Vec<_>>(),
        ["results.db"]
    );
    mode(&path, 0o644);
    let mut store = Store::open(&path).unwrap();
    store.begin_run(&meta(1, &["b"])).unwrap();
    drop(store);

    // With its run in its log only, and no `-shm`: read too.
    let logged = tempfile::tempdir().unwrap();
    let path = a_store_with_its_run_in_its_log(logged.path(), "results.db");
    mode(&path, 0o444);
    reads_its_run_and_leaves_the_folder_as_it_was(&path);
}

#[cfg(unix)]
#[test]
fn a_store_in_a_read_only_folder_reads_what_its_log_holds() {
    use std::os::unix::fs::PermissionsExt;
    if !cw_testkit::permissions_hold_here(
        "store::a_store_in_a_read_only_folder_reads_what_its_log_holds",
    ) {
        return;
    }
    /// Makes the folder writable again when dropped, so that it can be
    /// deleted whatever the test did.
    struct Writable<'a>(&'a std::path::Path);
    impl Drop for Writable<'_> {
        fn drop(&mut self) {
            let _ = std::fs::set_permissions(self.0, std::fs::Permissions::from_mode(0o755));
        }
    }
    let dir = tempfile::tempdir().unwrap();
    // Its writer killed and its `-shm` lost: read as an immutable file,
    // the store showed none of the runs in its log.
    let path = a_store_with_its_run_in_its_log(dir.path(), "logged.db");
    // And one with its run in the file, with no log.
    let plain = dir.path().join("plain.db");
    let mut store = Store::open(&plain).unwrap();
    let run = store.begin_run(&meta(2, &["a"])).unwrap();
    store.insert_results(run, &full_run(2, &["a"])).unwrap();
    drop(store);
    let _writable = Writable(dir.path());
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
    reads_its_run_and_leaves_the_folder_as_it_was(&path);
    reads_its_run_and_leaves_the_folder_as_it_was(&plain);
}
