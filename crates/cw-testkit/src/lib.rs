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
//! - [`permissions_hold_here`]: where a test that needs file permissions
//!   to hold runs; under root (CI), again as the user `nobody`.
//! - [`CountingAllocator`]: a global allocator for a test binary that counts
//!   the bytes live and their peak, so a test can hold code to a memory
//!   budget.

use std::alloc::{GlobalAlloc, Layout, System};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// The environment variable that marks a test process started by
/// [`permissions_hold_here`] as the user `nobody`.
const UNPRIVILEGED_CHILD: &str = "CW_TEST_AS_NOBODY";

/// Whether a test that needs file permissions to hold (a read-only file or
/// folder that cannot be written) should run in this process.
///
/// Root writes any file whatever its mode, so as root (CI runs as root) the
/// test would prove nothing here. Then this test binary runs the one test
/// `test` again (its name as the test harness lists it: the module path
/// inside the test binary and the function, as `store::a_test`), as the user
/// `nobody` through util-linux's `setpriv`, asserts that it passed, and
/// returns `false`: the caller returns at once. Where `setpriv` is missing,
/// it says the test was skipped and returns `false`. Everywhere else it
/// returns `true`. The test must make its own files (in the temporary
/// folder, which `nobody` can write), as the child process runs it whole.
#[cfg(unix)]
pub fn permissions_hold_here(test: &str) -> bool {
    if permissions_hold() {
        return true;
    }
    assert!(
        std::env::var_os(UNPRIVILEGED_CHILD).is_none(),
        "{test}: file permissions do not hold even for the user nobody"
    );
    let exe = std::env::current_exe().expect("the test binary's path");
    let run = std::process::Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(UNPRIVILEGED_CHILD, "1")
        .env_remove("COLORWALK_SKIP_LOG")
        .output();
    let out = match run {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            skip(
                test,
                "file permissions do not hold for this user (root), and setpriv, which would \
                 run it as the user nobody, is missing",
            );
            return false;
        }
        Err(e) => panic!("{test}: could not start setpriv: {e}"),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{test}, run again as the user nobody ({}):\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    false
}

/// Whether this process is refused writing a file of mode 0444 (a user is,
/// root is not).
#[cfg(unix)]
fn permissions_hold() -> bool {
    use std::os::unix::fs::PermissionsExt;
    static PROBES: AtomicUsize = AtomicUsize::new(0);
    let probe = std::env::temp_dir().join(format!(
        "cw-permission-probe-{}-{}",
        std::process::id(),
        PROBES.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::write(&probe, b"").expect("a probe file in the temporary folder");
    std::fs::set_permissions(&probe, std::fs::Permissions::from_mode(0o444))
        .expect("the probe file's mode");
    let hold = std::fs::OpenOptions::new()
        .write(true)
        .open(&probe)
        .is_err();
    let _ = std::fs::remove_file(&probe);
    hold
}

/// The system allocator, counting the bytes live and their peak: a test
/// binary installs it with `#[global_allocator]`, and its tests (one at a
/// time: the counters are the process's) read how much was allocated.
///
/// A reallocation counts as the old size given back and the new one taken,
/// with no moment holding both: that is what the system allocator does with
/// large buffers (it remaps their pages instead of copying them), and a
/// search that counted both would over-count. A new buffer allocated before
/// an old one is freed (a hash table rehashing into a bigger one) counts as
/// both, as it should.
pub struct CountingAllocator;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

impl CountingAllocator {
    /// Bytes allocated and not yet freed.
    pub fn live() -> usize {
        LIVE.load(Ordering::Relaxed)
    }

    /// The most bytes live at once since the last [`start_peak`](Self::start_peak).
    pub fn peak() -> usize {
        PEAK.load(Ordering::Relaxed)
    }

    /// Starts measuring a peak from now; returns the bytes live now (what
    /// to subtract from [`peak`](Self::peak) for what was allocated since).
    pub fn start_peak() -> usize {
        let live = Self::live();
        PEAK.store(live, Ordering::Relaxed);
        live
    }
}

fn taken(bytes: usize) {
    let live = LIVE.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

fn given_back(bytes: usize) {
    LIVE.fetch_sub(bytes, Ordering::Relaxed);
}

// SAFETY: every call is passed on to the system allocator unchanged; the
// counters only observe the sizes.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is passed on as it is.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            taken(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            taken(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as for `alloc`.
        unsafe { System.dealloc(ptr, layout) };
        given_back(layout.size());
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            given_back(layout.size());
            taken(new_size);
        }
        p
    }
}
