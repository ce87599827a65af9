//! Test support for the workspace's tests (a dev-dependency only).
//!
//! - [`reference_file`]: the 100 reference boards with proven minima that
//!   the project carries in `data/reference/`, so a clone tests on its own.
//! - [`shared`]: the lab's shared folder (`../shared` beside the checkout,
//!   or `$CW_SHARED`), which holds larger data such as the Flood-It
//!   benchmark sets; absent in a clone made elsewhere.
//! - [`skip`]: how a test that cannot run says so. It prints the reason and,
//!   when `./test.sh` set `COLORWALK_SKIP_LOG`, appends it to that file, so
//!   the summary counts every skip. Under `COLORWALK_REQUIRE_SHARED=1` (CI,
//!   where `../shared` is present) a test that lacks shared data fails
//!   instead of skipping.

use std::io::Write;
use std::path::PathBuf;

/// The workspace root: two folders above the crate under test (cargo sets
/// `CARGO_MANIFEST_DIR` when it runs a test), else above this crate as it
/// was built. Read at run time, so a moved checkout is seen where it is.
pub fn workspace_root() -> PathBuf {
    let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    crate_dir.join("../..")
}

/// The reference boards carried by the project: 100 30×20×5 Color Walk
/// boards with minima proven by an independent exact solver.
pub fn reference_file() -> PathBuf {
    workspace_root().join("data/reference/optimal-30x20x5.txt")
}

/// The lab's shared folder, if present: `$CW_SHARED`, else `../shared`
/// beside the workspace.
pub fn shared() -> Option<PathBuf> {
    let dir = match std::env::var_os("CW_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared"),
    };
    dir.is_dir().then_some(dir)
}

/// A file under the shared folder, or `None` after saying that `test` was
/// skipped because it is absent.
pub fn shared_file(test: &str, relative: &str) -> Option<PathBuf> {
    let required = std::env::var_os("COLORWALK_REQUIRE_SHARED").is_some_and(|v| v == "1");
    let Some(dir) = shared() else {
        assert!(
            !required,
            "{test}: ../shared is absent, and COLORWALK_REQUIRE_SHARED=1"
        );
        skip(
            test,
            &format!(
                "../shared is absent (set CW_SHARED to its path), so {relative} cannot be read"
            ),
        );
        return None;
    };
    let path = dir.join(relative);
    if !path.is_file() {
        assert!(
            !required,
            "{test}: {} is missing, and COLORWALK_REQUIRE_SHARED=1",
            path.display()
        );
        skip(test, &format!("{} is missing", path.display()));
        return None;
    }
    Some(path)
}

/// Says that `test` was skipped and why: on standard error, and in the skip
/// log that `./test.sh` summarises.
pub fn skip(test: &str, why: &str) {
    let line = format!("SKIPPED {test}: {why}");
    eprintln!("{line}");
    if let Some(log) = std::env::var_os("COLORWALK_SKIP_LOG") {
        let written = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&log)
            .and_then(|mut f| writeln!(f, "{line}"));
        if let Err(e) = written {
            eprintln!(
                "could not write the skip log {}: {e}",
                PathBuf::from(log).display()
            );
        }
    }
}
