//! The results store: one SQLite file holding runs, their per-board results
//! and the best known solution of each board.
//!
//! The schema is created and upgraded by [`MIGRATIONS`], applied in order on
//! `PRAGMA user_version` inside one transaction, so opening a file is always
//! safe and opening it twice changes nothing. Unsigned counters are stored as
//! `i64` bit patterns (`u64 as i64`) and read back with `as u64`.
//!
//! One `Store` is one connection; batch code should write from one thread
//! (workers send rows to it) and commit in chunks with
//! [`Store::insert_results`].

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use rusqlite::{
    Connection, MAIN_DB, OpenFlags, OptionalExtension, Row, TransactionBehavior, params,
};
use thiserror::Error;

use crate::record::{GameOutcome, GameRecord, RunInfo, RunMeta};

/// The schema, one step per entry; entry `i` takes `user_version` from `i` to
/// `i + 1`. Append new steps, never edit old ones.
const MIGRATIONS: &[&str] = &[
    // 1: runs, results, optima.
    "CREATE TABLE runs (
        id        INTEGER PRIMARY KEY AUTOINCREMENT,
        created   TEXT    NOT NULL DEFAULT (datetime('now')),
        finished  TEXT,
        version   TEXT    NOT NULL,
        machine   TEXT    NOT NULL,
        board_set TEXT    NOT NULL,
        specs     TEXT    NOT NULL,  -- JSON array of canonical specs, report order
        n_boards  INTEGER NOT NULL,
        params    TEXT    NOT NULL   -- JSON, free-form
    );
    CREATE TABLE results (
        run_id      INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        board_id    TEXT    NOT NULL,
        board_index INTEGER NOT NULL,
        spec        TEXT    NOT NULL,
        solved      INTEGER NOT NULL,
        moves       INTEGER NOT NULL,
        nanos       INTEGER NOT NULL,  -- u64 bit-cast
        nodes       INTEGER NOT NULL,  -- u64 bit-cast
        inspections INTEGER NOT NULL,  -- u64 bit-cast
        solution    TEXT    NOT NULL,
        PRIMARY KEY (run_id, board_id, spec)
    ) WITHOUT ROWID;
    CREATE INDEX results_board ON results(board_id);
    CREATE TABLE optima (
        board_id TEXT    PRIMARY KEY,
        moves    INTEGER NOT NULL,
        proven   INTEGER NOT NULL,
        solution TEXT    NOT NULL,
        recorded TEXT    NOT NULL DEFAULT (datetime('now'))
    );",
    // 2: how each game ended (`GameOutcome::as_str`); older rows knew only
    // solved or not.
    "ALTER TABLE results ADD COLUMN outcome TEXT NOT NULL DEFAULT '';
    UPDATE results SET outcome = CASE WHEN solved THEN 'solved' ELSE 'unsolved' END;",
    // 3: the lower bound on the board's optimum that the solver proved
    // (NULL: none, as for every older row).
    "ALTER TABLE results ADD COLUMN lower_bound INTEGER;",
    // 4: the plan's fingerprint (a digest of the version and the whole plan;
    // '' for older runs, which are never resumed) and the shard a run plays
    // ('I/N'; NULL for the whole plan).
    "ALTER TABLE runs ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
    ALTER TABLE runs ADD COLUMN shard TEXT;
    CREATE INDEX runs_fingerprint ON runs(fingerprint);",
];

/// The schema version this build writes (`PRAGMA user_version`).
pub const SCHEMA_VERSION: u32 = MIGRATIONS.len() as u32;

/// Everything that can go wrong in the store.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite failed; `context` says what the store was doing.
    #[error("{context}: {}", sqlite_message(sqlite))]
    Sqlite {
        /// What was being done, e.g. "inserting results of run 3".
        context: String,
        /// The SQLite error (its message is part of this one's: as a source
        /// it would say the same thing twice, with SQLite's error code).
        sqlite: rusqlite::Error,
    },
    /// The directory for the database file could not be created.
    #[error("cannot create directory {}", path.display())]
    CreateDir {
        /// The directory.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// A store that cannot be read in place (it cannot be written, and its
    /// `-wal` log holds writes not yet in the file) could not be copied to
    /// be read.
    #[error(
        "cannot copy {} and its -wal log into a private folder to read them",
        path.display()
    )]
    ReadCopy {
        /// The store.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
    /// The file was written by a newer build with a schema this one does not know.
    #[error("the database has schema version {found}, newer than this build's {SCHEMA_VERSION}")]
    TooNew {
        /// The file's `user_version`.
        found: i64,
    },
    /// A JSON column could not be read back.
    #[error("run {run} has a bad {column} column")]
    BadJson {
        /// The run.
        run: i64,
        /// The column, `specs` or `params`.
        column: &'static str,
        /// The parse error.
        #[source]
        source: serde_json::Error,
    },
    /// The run does not exist.
    #[error("there is no run {0}")]
    NoSuchRun(i64),
    /// A database that must exist does not.
    #[error("there is no results database {}", .0.display())]
    Missing(PathBuf),
    /// The path is a folder.
    #[error("{} is a folder, not a results database file", .0.display())]
    Folder(PathBuf),
    /// A SQLite database that some other program made: the store never
    /// adds its tables to one.
    #[error(
        "{} is not a colorwalk results database: it is a SQLite database with other tables ({})",
        path.display(), tables.join(", ")
    )]
    Foreign {
        /// The file.
        path: PathBuf,
        /// Its tables (the first few).
        tables: Vec<String>,
    },
    /// A SQLite database whose schema version no build of the store writes
    /// (below zero), or that has a version but none of the store's tables.
    #[error(
        "{} is not a colorwalk results database: it is a SQLite database with schema version \
         {found}{}",
        path.display(),
        if *found > 0 { " but no tables" } else { "" }
    )]
    NotOurs {
        /// The file.
        path: PathBuf,
        /// Its `user_version`.
        found: i64,
    },
    /// Another process is playing the run (see [`Store::claim_run`]).
    #[error(
        "run {run} of this store is being played by another process right now (the same plan; \
         its claim is held on {}): wait for it to end, or begin a run beside it with --fresh",
        path.display()
    )]
    RunBusy {
        /// The run.
        run: i64,
        /// Its lock file.
        path: PathBuf,
    },
    /// A run's lock file could not be made or locked.
    #[error("claiming run {run}: {}", path.display())]
    Claim {
        /// The run.
        run: i64,
        /// Its lock file.
        path: PathBuf,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

/// What SQLite said, once: its own message where it gave one (the error
/// code's text otherwise).
fn sqlite_message(e: &rusqlite::Error) -> String {
    match e {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        rusqlite::Error::SqliteFailure(code, None) => code.to_string(),
        other => other.to_string(),
    }
}

/// A process's claim on a run it plays ([`Store::claim_run`]): an exclusive
/// lock on a file beside the store, `STORE.runN.lock`, released when the
/// claim is dropped (or the process ends, however it ends).
#[derive(Debug)]
pub struct RunClaim {
    /// The locked file and its path; `None` for a store in memory.
    held: Option<(std::fs::File, PathBuf)>,
}

impl RunClaim {
    /// Ends the claim of a finished run and deletes its lock file: a process
    /// that opened the file before then finds the run finished, with
    /// nothing left to play.
    pub fn release_finished(mut self) {
        if let Some((_, path)) = self.held.take() {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Adds what the store was doing to a SQLite error.
trait Context<T> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T, StoreError>;
}

impl<T> Context<T> for Result<T, rusqlite::Error> {
    fn context(self, what: impl FnOnce() -> String) -> Result<T, StoreError> {
        self.map_err(|sqlite| StoreError::Sqlite {
            context: what(),
            sqlite,
        })
    }
}

/// The tables of a SQLite database that is not a colorwalk store (schema
/// version 0 with tables of its own), up to six of them; `None` for a
/// store or an empty database.
fn not_ours(conn: &Connection, path: &Path) -> Result<Option<StoreError>, StoreError> {
    let what = || "reading the database's schema".to_string();
    // One read transaction, so the version and the tables are one snapshot:
    // another process creating the store commits both at once.
    let tx = conn.unchecked_transaction().context(what)?;
    let version: i64 = tx
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .context(what)?;
    let tables = {
        let mut stmt = tx
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name LIMIT 6")
            .context(what)?;
        stmt.query_map([], |r| r.get::<_, String>(0))
            .context(what)?
            .collect::<Result<Vec<_>, _>>()
            .context(what)?
    };
    // Every version of the schema has a `runs` table.
    let has_runs: bool = tx
        .query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'runs')",
            [],
            |r| r.get(0),
        )
        .context(what)?;
    tx.commit().context(what)?;
    let path = path.to_path_buf();
    Ok(match (version, tables.is_empty()) {
        // A new, empty file: the store's to set up.
        (0, true) => None,
        // Tables, but not the store's.
        (0, false) => Some(StoreError::Foreign { path, tables }),
        (..0, _) | (1.., true) => Some(StoreError::NotOurs {
            path,
            found: version,
        }),
        (1.., false) if !has_runs => Some(StoreError::Foreign { path, tables }),
        _ => None,
    })
}

/// A path as the path of a SQLite `file:` URI: `%`, `?` and `#` escaped.
fn uri_path(path: &Path) -> String {
    let mut out = String::new();
    for ch in path.to_string_lossy().chars() {
        match ch {
            '%' => out.push_str("%25"),
            '?' => out.push_str("%3f"),
            '#' => out.push_str("%23"),
            _ => out.push(ch),
        }
    }
    out
}

/// The path of one of SQLite's files beside the store (`suffix` `-wal`
/// or `-shm`).
fn log_path(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// Opens a store that cannot be read in place without SQLite making (and
/// leaving) a `-wal` or `-shm` file beside it, for [`Store::open_to_read`].
fn open_without_logs(path: &Path) -> Result<Connection, StoreError> {
    let what = || format!("opening the results database {}", path.display());
    let wal = log_path(path, "-wal");
    let wal_len = std::fs::metadata(&wal).map_or(0, |m| m.len());
    if wal_len == 0 {
        // No log, so nothing but the file to read: SQLite reads an immutable
        // file as it is, with no `-wal` or `-shm` file and no locks.
        let conn = Connection::open_with_flags(
            format!("file:{}?immutable=1", uri_path(path)),
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_NO_MUTEX
                | OpenFlags::SQLITE_OPEN_URI,
        )
        .context(what)?;
        conn.busy_timeout(BUSY_TIMEOUT).context(what)?;
        return Ok(conn);
    }
    // The log holds writes not yet folded into the file (its writer was
    // killed, say, and the store copied without its `-shm`), which an
    // immutable file would hide. So the file and its log are copied into a
    // private folder, where SQLite may make what it needs, read from there
    // into memory, and the folder deleted. (Plain copies, not `fs::copy`,
    // which would copy a read-only mode too.)
    let copy_error = |source| StoreError::ReadCopy {
        path: path.to_path_buf(),
        source,
    };
    let dir = tempfile::Builder::new()
        .prefix("colorwalk-read-")
        .tempdir()
        .map_err(copy_error)?;
    let copy = dir.path().join("store.db");
    for (from, to) in [(path, copy.clone()), (&wal, log_path(&copy, "-wal"))] {
        std::fs::File::open(from)
            .and_then(|mut from| std::io::copy(&mut from, &mut std::fs::File::create(to)?))
            .map_err(copy_error)?;
    }
    let copy = Connection::open(&copy).context(what)?;
    let mut memory = Connection::open_in_memory().context(what)?;
    rusqlite::backup::Backup::new(&copy, &mut memory)
        .and_then(|b| b.run_to_completion(1024, std::time::Duration::ZERO, None))
        .context(|| format!("reading {} and its -wal log into memory", path.display()))?;
    // Closed before its folder is deleted (when `dir` is dropped).
    drop(copy);
    // Refuses writes, as a store opened to read does anywhere else.
    memory
        .pragma_update(None, "query_only", true)
        .context(what)?;
    Ok(memory)
}

/// How long a connection waits for another's lock on the store before it
/// gives up with "database is locked".
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Runs `step` again while SQLite answers "busy" without waiting (changing
/// the journal mode, or a lock upgrade that could deadlock, fail at once
/// whatever the busy timeout), for up to [`BUSY_TIMEOUT`].
fn retry_busy<T>(mut step: impl FnMut() -> Result<T, StoreError>) -> Result<T, StoreError> {
    let start = std::time::Instant::now();
    loop {
        match step() {
            Err(StoreError::Sqlite {
                sqlite: rusqlite::Error::SqliteFailure(e, _),
                ..
            }) if e.code == rusqlite::ErrorCode::DatabaseBusy && start.elapsed() < BUSY_TIMEOUT => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            other => return other,
        }
    }
}

impl StoreError {
    /// Whether another connection held the store's lock past the busy
    /// timeout ("database is locked"): worth trying again later, unlike
    /// the other errors.
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            StoreError::Sqlite {
                sqlite: rusqlite::Error::SqliteFailure(e, _),
                ..
            } if matches!(e.code, rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
        )
    }
}

/// A connection to the results database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating it and its parent directories if needed) the database
    /// at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        if path.is_dir() {
            return Err(StoreError::Folder(path.to_path_buf()));
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::CreateDir {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let conn = Connection::open(path)
            .context(|| format!("opening the results database {}", path.display()))?;
        // Before anything reads or writes it: another process may be
        // creating or writing the same store.
        conn.busy_timeout(BUSY_TIMEOUT)
            .context(|| format!("opening the results database {}", path.display()))?;
        if let Some(e) = retry_busy(|| not_ours(&conn, path))? {
            return Err(e);
        }
        Store::setup(conn, &|| format!("setting up {}", path.display()))
    }

    /// Opens the database at `path`, which must exist, to read it only:
    /// nothing it holds changes (not its schema, nor its journal mode), no
    /// `-wal` or `-shm` file is left beside it by this connection, and a
    /// store that cannot be written (a read-only file or folder) reads as
    /// well as any, what its `-wal` log holds included. An empty file reads
    /// as a store with no runs; a store of an older schema is read through a
    /// copy in memory brought up to date (the file keeps its schema).
    pub fn open_to_read(path: &Path) -> Result<Store, StoreError> {
        if path.is_dir() {
            return Err(StoreError::Folder(path.to_path_buf()));
        }
        if !path.is_file() {
            return Err(StoreError::Missing(path.to_path_buf()));
        }
        let what = || format!("opening the results database {}", path.display());
        // Opened for writing where the file allows it, with writes refused
        // by `query_only`: the last connection to close a WAL store then
        // removes its `-wal` and `-shm` files. Closing writes nothing new to
        // the store: it only folds into the file what the log already holds.
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .context(what)?;
        conn.busy_timeout(BUSY_TIMEOUT).context(what)?;
        conn.pragma_update(None, "query_only", true).context(what)?;
        // Where the file cannot be written (mode 444, say), SQLite opens it
        // to read only without a word. Such a connection makes the `-wal` and
        // `-shm` files a WAL store needs (with the file's mode, so that a
        // later writer cannot use them) and never removes them. So it is
        // used only where both are there already (another user's process
        // writing the store, say, whose latest writes it then sees): it
        // makes neither. Elsewhere the store is read without them, below.
        let in_place = !conn.is_readonly(MAIN_DB).context(what)?
            || (log_path(path, "-wal").exists() && log_path(path, "-shm").exists());
        // Reading fails where the `-shm` file cannot be made (a WAL store in
        // a folder that cannot be written).
        let conn = if in_place
            && conn
                .query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
                .is_ok()
        {
            conn
        } else {
            drop(conn);
            open_without_logs(path)?
        };
        if let Some(e) = not_ours(&conn, path)? {
            return Err(e);
        }
        let found: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .context(what)?;
        if found > i64::from(SCHEMA_VERSION) {
            return Err(StoreError::TooNew { found });
        }
        if found == 0 {
            // Empty: no runs, as a fresh store has none.
            return Store::open_in_memory();
        }
        if found < i64::from(SCHEMA_VERSION) {
            // An older schema: brought up to date in a copy in memory, so
            // the file stays as it is (and may be read-only).
            let mut copy = Connection::open_in_memory().context(what)?;
            rusqlite::backup::Backup::new(&conn, &mut copy)
                .and_then(|b| b.run_to_completion(1024, std::time::Duration::ZERO, None))
                .context(|| format!("reading {} (an older store) into memory", path.display()))?;
            drop(conn);
            return Store::setup(copy, &|| {
                format!("bringing a copy of {} up to date", path.display())
            });
        }
        Ok(Store { conn })
    }

    /// Opens the database at `path`, which must exist already (a shard's
    /// store to merge, say: a mistyped path is an error, not a new empty
    /// file), and brings its schema up to date.
    pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
        if !path.is_file() {
            return Err(StoreError::Missing(path.to_path_buf()));
        }
        Store::open(path)
    }

    /// Opens a fresh database in memory (for tests and dry runs).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn =
            Connection::open_in_memory().context(|| "opening a database in memory".into())?;
        Store::setup(conn, &|| "setting up a database in memory".into())
    }

    fn setup(conn: Connection, what: &dyn Fn() -> String) -> Result<Store, StoreError> {
        // (A foreign database was refused before: see `not_ours`.)
        // Waits, rather than fails, while another connection holds a lock.
        conn.busy_timeout(BUSY_TIMEOUT).context(what)?;
        // A newer build's store is refused before anything in it changes
        // (the journal mode below is kept in the file).
        let found: i64 = retry_busy(|| {
            conn.query_row("PRAGMA user_version", [], |r| r.get(0))
                .context(what)
        })?;
        if found > i64::from(SCHEMA_VERSION) {
            return Err(StoreError::TooNew { found });
        }
        // journal_mode answers with a row ("wal", or "memory" in memory).
        retry_busy(|| {
            conn.query_row("PRAGMA journal_mode = WAL", [], |_| Ok(()))
                .context(what)
        })?;
        conn.execute_batch(
            "PRAGMA synchronous = NORMAL;
             PRAGMA foreign_keys = ON;",
        )
        .context(what)?;
        let mut store = Store { conn };
        retry_busy(|| store.migrate())?;
        Ok(store)
    }

    /// Applies the migrations the file lacks, all in one transaction.
    /// Running it again does nothing.
    pub fn migrate(&mut self) -> Result<(), StoreError> {
        let what = || "migrating the database schema".to_string();
        // Up to date (nearly always): nothing to write, so no write lock
        // is taken, and a store another process is writing opens at once
        // (a reader of a WAL store does not wait for its writer).
        let current: i64 = self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .context(what)?;
        if current == i64::from(SCHEMA_VERSION) {
            return Ok(());
        }
        // Otherwise under the write lock, where the version is read again
        // (another process may have brought it up to date meanwhile).
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .context(what)?;
        let found: i64 = tx
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .context(what)?;
        if found > i64::from(SCHEMA_VERSION) {
            return Err(StoreError::TooNew { found });
        }
        if found < i64::from(SCHEMA_VERSION) {
            // `not_ours` refused a version below 0 when the file was opened.
            let from = usize::try_from(found).map_err(|_| StoreError::NotOurs {
                path: PathBuf::from(tx.path().unwrap_or_default()),
                found,
            })?;
            for step in &MIGRATIONS[from..] {
                tx.execute_batch(step).context(what)?;
            }
            tx.pragma_update(None, "user_version", SCHEMA_VERSION)
                .context(what)?;
        }
        tx.commit().context(what)
    }

    /// The schema version of the open file (`PRAGMA user_version`).
    pub fn schema_version(&self) -> Result<u32, StoreError> {
        self.conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .context(|| "reading the schema version".into())
    }

    /// Where the results database lives by default: `$COLORWALK_DB` if set,
    /// else `$XDG_DATA_HOME/colorwalk/results.db`, else
    /// `$HOME/.local/share/colorwalk/results.db`, else
    /// `./colorwalk-results.db`. Empty variables count as unset.
    pub fn default_path() -> PathBuf {
        let var = |name| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        if let Some(path) = var("COLORWALK_DB") {
            path
        } else if let Some(data) = var("XDG_DATA_HOME") {
            data.join("colorwalk").join("results.db")
        } else if let Some(home) = var("HOME") {
            home.join(".local/share/colorwalk/results.db")
        } else {
            PathBuf::from("colorwalk-results.db")
        }
    }

    /// Records the start of a run and returns its ID. The run records the
    /// program's version (from `meta`), the machine (host name and core
    /// count) and the time.
    pub fn begin_run(&mut self, meta: &RunMeta) -> Result<i64, StoreError> {
        let specs = serde_json::to_string(&meta.specs).expect("a list of strings serializes");
        let params = serde_json::to_string(&meta.params).expect("a JSON value serializes");
        self.conn
            .execute(
                "INSERT INTO runs (version, machine, board_set, specs, n_boards, params,
                                   fingerprint, shard)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![
                    meta.version,
                    machine(),
                    meta.board_set,
                    specs,
                    meta.n_boards,
                    params,
                    meta.fingerprint,
                    meta.shard,
                ],
            )
            .context(|| format!("beginning a run on {}", meta.board_set))?;
        Ok(self.conn.last_insert_rowid())
    }

    /// The newest unfinished run with this fingerprint and shard (`None`:
    /// the whole plan): the run to resume. Runs stored before fingerprints
    /// (an empty one) are never found.
    pub fn find_unfinished_run(
        &self,
        fingerprint: &str,
        shard: Option<&str>,
    ) -> Result<Option<i64>, StoreError> {
        if fingerprint.is_empty() {
            return Ok(None);
        }
        self.conn
            .prepare_cached(
                "SELECT id FROM runs WHERE finished IS NULL AND fingerprint = ?1 AND shard IS ?2
                 ORDER BY id DESC LIMIT 1",
            )
            .and_then(|mut stmt| {
                stmt.query_row(params![fingerprint, shard], |r| r.get(0))
                    .optional()
            })
            .context(|| format!("looking for an unfinished run with fingerprint {fingerprint}"))
    }

    /// Every unfinished run, newest first.
    pub fn unfinished_runs(&self) -> Result<Vec<RunInfo>, StoreError> {
        let what = || "listing unfinished runs".to_string();
        let mut stmt = self
            .conn
            .prepare_cached(&format!(
                "{RUN_SELECT} WHERE r.finished IS NULL ORDER BY r.id DESC"
            ))
            .context(what)?;
        let rows = stmt.query_map([], raw_run).context(what)?;
        rows.map(|row| row.context(what)?.parse()).collect()
    }

    /// The (board ID, spec) pairs that already have a result in `run`.
    pub fn completed(&self, run: i64) -> Result<HashSet<(String, String)>, StoreError> {
        let what = || format!("listing the results of run {run}");
        let mut stmt = self
            .conn
            .prepare_cached("SELECT board_id, spec FROM results WHERE run_id = ?1")
            .context(what)?;
        let rows = stmt
            .query_map([run], |r| Ok((r.get(0)?, r.get(1)?)))
            .context(what)?;
        rows.collect::<Result<_, _>>().context(what)
    }

    /// Begins writes that land together or not at all: every write from
    /// here to [`commit_writes`](Self::commit_writes) is one transaction,
    /// undone by [`undo_writes`](Self::undo_writes) or if the process
    /// ends first. The store's write lock is taken now (waiting for
    /// another writer as long as any write does), so nothing written by
    /// another process comes in between.
    pub fn begin_writes(&mut self) -> Result<(), StoreError> {
        self.conn
            .execute_batch("BEGIN IMMEDIATE")
            .context(|| "beginning writes".to_string())
    }

    /// Makes the writes since [`begin_writes`](Self::begin_writes) last.
    pub fn commit_writes(&mut self) -> Result<(), StoreError> {
        self.conn
            .execute_batch("COMMIT")
            .context(|| "committing writes".to_string())
    }

    /// Undoes the writes since [`begin_writes`](Self::begin_writes).
    pub fn undo_writes(&mut self) -> Result<(), StoreError> {
        self.conn
            .execute_batch("ROLLBACK")
            .context(|| "undoing writes".to_string())
    }

    /// Stores results of `run` in one transaction (part of the writes
    /// begun by [`begin_writes`](Self::begin_writes), if any); a result for
    /// the same board and spec replaces the old one.
    pub fn insert_results(&mut self, run: i64, records: &[GameRecord]) -> Result<(), StoreError> {
        let what = || format!("inserting {} results into run {run}", records.len());
        // A savepoint: a transaction of its own, or a part of one begun.
        let tx = self.conn.savepoint().context(what)?;
        {
            let mut stmt = tx
                .prepare_cached(
                    "INSERT OR REPLACE INTO results (run_id, board_id, board_index, spec, solved,
                         moves, nanos, nodes, inspections, solution, outcome, lower_bound)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )
                .context(what)?;
            for r in records {
                stmt.execute(params![
                    run,
                    r.board_id,
                    r.board_index,
                    r.spec,
                    r.solved(),
                    r.moves,
                    r.nanos as i64,
                    r.nodes as i64,
                    r.inspections as i64,
                    r.solution,
                    r.outcome.as_str(),
                    r.lower_bound,
                ])
                .map_err(|e| match e {
                    rusqlite::Error::SqliteFailure(f, _)
                        if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_FOREIGNKEY =>
                    {
                        StoreError::NoSuchRun(run)
                    }
                    e => StoreError::Sqlite {
                        context: what(),
                        sqlite: e,
                    },
                })?;
            }
        }
        tx.commit().context(what)
    }

    /// The error [`claim_run`](Self::claim_run) would give right now
    /// because another process holds `run`'s claim ([`StoreError::RunBusy`]),
    /// found without making or keeping anything: `bench --dry-run` asks it.
    pub fn check_run_free(&self, run: i64) -> Result<(), StoreError> {
        let Some(db) = self.conn.path().filter(|p| !p.is_empty()) else {
            return Ok(());
        };
        let path = PathBuf::from(format!("{db}.run{run}.lock"));
        // No lock file: never claimed, or released as finished. One that
        // cannot be opened to write (a read-only store) cannot be asked.
        match std::fs::OpenOptions::new().write(true).open(&path) {
            Ok(file) if matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock)) => {
                Err(StoreError::RunBusy { run, path })
            }
            _ => Ok(()),
        }
    }

    /// Claims `run` for this process to play: two processes that resume the
    /// same run at once would play its games twice, each replacing the
    /// other's results. Refused with [`StoreError::RunBusy`] while another
    /// process holds the claim. A store in memory needs none.
    pub fn claim_run(&self, run: i64) -> Result<RunClaim, StoreError> {
        let Some(db) = self.conn.path().filter(|p| !p.is_empty()) else {
            return Ok(RunClaim { held: None });
        };
        let path = PathBuf::from(format!("{db}.run{run}.lock"));
        let claim_error = |source| StoreError::Claim {
            run,
            path: path.clone(),
            source,
        };
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(claim_error)?;
        match file.try_lock() {
            Ok(()) => Ok(RunClaim {
                held: Some((file, path)),
            }),
            Err(std::fs::TryLockError::WouldBlock) => Err(StoreError::RunBusy { run, path }),
            Err(std::fs::TryLockError::Error(e)) => Err(claim_error(e)),
        }
    }

    /// Marks `run` unfinished again (a merge found results that conflict
    /// with its own).
    pub fn unfinish_run(&mut self, run: i64) -> Result<(), StoreError> {
        let n = self
            .conn
            .execute("UPDATE runs SET finished = NULL WHERE id = ?1", [run])
            .context(|| format!("marking run {run} unfinished"))?;
        if n == 0 {
            Err(StoreError::NoSuchRun(run))
        } else {
            Ok(())
        }
    }

    /// Marks `run` finished now.
    pub fn finish_run(&mut self, run: i64) -> Result<(), StoreError> {
        let n = self
            .conn
            .execute(
                "UPDATE runs SET finished = datetime('now') WHERE id = ?1",
                [run],
            )
            .context(|| format!("finishing run {run}"))?;
        if n == 0 {
            Err(StoreError::NoSuchRun(run))
        } else {
            Ok(())
        }
    }

    /// All runs, newest first.
    pub fn runs(&self) -> Result<Vec<RunInfo>, StoreError> {
        let what = || "listing runs".to_string();
        let mut stmt = self
            .conn
            .prepare_cached(&format!("{RUN_SELECT} ORDER BY r.id DESC"))
            .context(what)?;
        let rows = stmt.query_map([], raw_run).context(what)?;
        rows.map(|row| row.context(what)?.parse()).collect()
    }

    /// One run, if it exists.
    pub fn run(&self, id: i64) -> Result<Option<RunInfo>, StoreError> {
        let what = || format!("reading run {id}");
        let mut stmt = self
            .conn
            .prepare_cached(&format!("{RUN_SELECT} WHERE r.id = ?1"))
            .context(what)?;
        let raw = stmt.query_row([id], raw_run).optional().context(what)?;
        raw.map(RawRun::parse).transpose()
    }

    /// The results of `run`, by board index, then in the order of the run's
    /// specs (specs not in the run's list, if any, come last, by name).
    pub fn results(&self, run: i64) -> Result<Vec<GameRecord>, StoreError> {
        let info = self.run(run)?.ok_or(StoreError::NoSuchRun(run))?;
        let what = || format!("reading the results of run {run}");
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT board_id, board_index, spec, outcome, moves, nanos, nodes, inspections,
                        solution, lower_bound
                 FROM results WHERE run_id = ?1 ORDER BY board_index, board_id, spec",
            )
            .context(what)?;
        let rows = stmt.query_map([run], record).context(what)?;
        let mut records: Vec<GameRecord> = rows.collect::<Result<_, _>>().context(what)?;
        let order: HashMap<&str, usize> = info
            .specs
            .iter()
            .enumerate()
            .map(|(i, s)| (s.as_str(), i))
            .collect();
        let rank = |s: &str| order.get(s).copied().unwrap_or(usize::MAX);
        // Stable: ties (unknown specs) keep the SQL order by name.
        records.sort_by_key(|r| (r.board_index, rank(&r.spec)));
        Ok(records)
    }

    /// Deletes a run and its results; returns whether it existed.
    pub fn delete_run(&mut self, id: i64) -> Result<bool, StoreError> {
        let n = self
            .conn
            .execute("DELETE FROM runs WHERE id = ?1", [id])
            .context(|| format!("deleting run {id}"))?;
        Ok(n > 0)
    }

    /// Offers a solution of `moves` moves for a board as its known optimum.
    /// The stored one is replaced only by a better claim: a proven optimum
    /// beats an unproven one, and otherwise fewer moves win. Returns whether
    /// the offer was kept.
    pub fn record_optimum(
        &mut self,
        board_id: &str,
        moves: u32,
        proven: bool,
        solution: &str,
    ) -> Result<bool, StoreError> {
        let n = self
            .conn
            .prepare_cached(
                "INSERT INTO optima (board_id, moves, proven, solution) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (board_id) DO UPDATE SET
                     moves = excluded.moves, proven = excluded.proven,
                     solution = excluded.solution, recorded = datetime('now')
                 WHERE (excluded.proven AND NOT optima.proven)
                    OR (excluded.proven = optima.proven AND excluded.moves < optima.moves)",
            )
            .and_then(|mut stmt| stmt.execute(params![board_id, moves, proven, solution]))
            .context(|| format!("recording an optimum for {board_id}"))?;
        Ok(n > 0)
    }

    /// The known optima of the given boards: board ID → (moves, proven).
    /// Boards without one are absent.
    pub fn optima<I, S>(&self, board_ids: I) -> Result<HashMap<String, (u32, bool)>, StoreError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let what = || "reading known optima".to_string();
        let mut stmt = self
            .conn
            .prepare_cached("SELECT moves, proven FROM optima WHERE board_id = ?1")
            .context(what)?;
        let mut found = HashMap::new();
        for id in board_ids {
            let id = id.as_ref();
            if found.contains_key(id) {
                continue;
            }
            let hit: Option<(u32, bool)> = stmt
                .query_row([id], |r| Ok((r.get(0)?, r.get(1)?)))
                .optional()
                .context(what)?;
            if let Some(hit) = hit {
                found.insert(id.to_string(), hit);
            }
        }
        Ok(found)
    }

    /// Every known optimum: (board ID, moves, proven, solution text), by
    /// board ID.
    pub fn all_optima(&self) -> Result<Vec<(String, u32, bool, String)>, StoreError> {
        let what = || "reading every known optimum".to_string();
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT board_id, moves, proven, solution FROM optima ORDER BY board_id",
            )
            .context(what)?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .context(what)?;
        rows.collect::<Result<_, _>>().context(what)
    }

    /// The known optimal (or best) solution of a board: (moves, proven,
    /// solution text).
    pub fn optimum(&self, board_id: &str) -> Result<Option<(u32, bool, String)>, StoreError> {
        self.conn
            .prepare_cached("SELECT moves, proven, solution FROM optima WHERE board_id = ?1")
            .and_then(|mut stmt| {
                stmt.query_row([board_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                    .optional()
            })
            .context(|| format!("reading the optimum of {board_id}"))
    }
}

/// The machine a run ran on: host name (or "unknown") and core count.
fn machine() -> String {
    let host = std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "unknown".to_string());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    format!("{host} ({cores} cores)")
}

const RUN_SELECT: &str = "SELECT r.id, r.created, r.finished, r.version, r.machine, r.board_set,
        r.specs, r.n_boards, r.params,
        (SELECT count(*) FROM results WHERE run_id = r.id),
        r.fingerprint, r.shard
    FROM runs r";

/// A `runs` row with its JSON columns still text.
struct RawRun {
    info: RunInfo,
    specs: String,
    params: String,
}

fn raw_run(r: &Row<'_>) -> rusqlite::Result<RawRun> {
    Ok(RawRun {
        info: RunInfo {
            id: r.get(0)?,
            created: r.get(1)?,
            finished: r.get(2)?,
            version: r.get(3)?,
            machine: r.get(4)?,
            board_set: r.get(5)?,
            specs: Vec::new(),
            n_boards: r.get(7)?,
            n_results: r.get(9)?,
            params: serde_json::Value::Null,
            fingerprint: r.get(10)?,
            shard: r.get(11)?,
        },
        specs: r.get(6)?,
        params: r.get(8)?,
    })
}

impl RawRun {
    fn parse(self) -> Result<RunInfo, StoreError> {
        let run = self.info.id;
        let bad = |column| {
            move |source| StoreError::BadJson {
                run,
                column,
                source,
            }
        };
        Ok(RunInfo {
            specs: serde_json::from_str(&self.specs).map_err(bad("specs"))?,
            params: serde_json::from_str(&self.params).map_err(bad("params"))?,
            ..self.info
        })
    }
}

fn record(r: &Row<'_>) -> rusqlite::Result<GameRecord> {
    Ok(GameRecord {
        board_id: r.get(0)?,
        board_index: r.get(1)?,
        spec: r.get(2)?,
        outcome: GameOutcome::from_stored(&r.get::<_, String>(3)?),
        moves: r.get(4)?,
        nanos: r.get::<_, i64>(5)? as u64,
        nodes: r.get::<_, i64>(6)? as u64,
        inspections: r.get::<_, i64>(7)? as u64,
        solution: r.get(8)?,
        lower_bound: r.get(9)?,
    })
}
