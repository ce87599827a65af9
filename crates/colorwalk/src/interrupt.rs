//! Ctrl-C for the commands that search for long (`solve`, `optimum`,
//! `bench`) and the full-screen game: the first one (or SIGTERM or SIGHUP,
//! as a scheduler or a closed terminal sends) sets a flag that they hand to
//! their searches as the cancel flag, so they stop within milliseconds and
//! report what they have (the best solution and the proven bound; the games
//! stored so far; the terminal given back as it was); a second one ends the
//! process at once, unless it comes within [`SAME_SIGNAL`] of the first
//! (`timeout` and some schedulers signal a process and its process group
//! at once, so it hears one stop twice). Other commands keep the default,
//! which ends the process.

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

/// A second signal this soon after the first is taken for the same stop,
/// sent twice (to the process and to its group), not for a second Ctrl-C:
/// a person pressing twice takes longer.
pub const SAME_SIGNAL: Duration = Duration::from_millis(100);

/// Whether the full-screen game holds the terminal: a second signal, which
/// ends the process at once, gives it back first.
static FULL_SCREEN: AtomicBool = AtomicBool::new(false);

/// Says that the full-screen game holds the terminal (`true`) or gave it
/// back (`false`).
pub fn full_screen(on: bool) {
    FULL_SCREEN.store(on, Ordering::SeqCst);
}

/// The exit code of a command stopped by Ctrl-C (128 + SIGINT, as shells do).
pub const EXIT_INTERRUPTED: u8 = 130;

/// The flag Ctrl-C sets, with the handler installed on first use. Without
/// a handler (the platform refused one) Ctrl-C keeps ending the process,
/// and the flag is never set.
pub fn flag() -> Arc<AtomicBool> {
    static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let set = flag.clone();
        let first = OnceLock::new();
        let _ = ctrlc::set_handler(move || {
            if set.swap(true, Ordering::SeqCst) {
                if first
                    .get()
                    .is_some_and(|at: &Instant| at.elapsed() < SAME_SIGNAL)
                {
                    return;
                }
                // The handler runs on a thread of its own, not in the
                // signal's context, so it may write to the terminal.
                if FULL_SCREEN.swap(false, Ordering::SeqCst) {
                    ratatui::restore();
                    // The game's terminal shows its cursor again when it is
                    // dropped, which exiting skips.
                    let _ = ratatui::crossterm::execute!(
                        std::io::stdout(),
                        ratatui::crossterm::cursor::Show
                    );
                }
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
            let _ = first.set(Instant::now());
            eprintln!("\ninterrupted: stopping (a second Ctrl-C or signal quits at once)");
        });
        flag
    })
    .clone()
}

/// Whether Ctrl-C was pressed since the handler was installed.
pub fn interrupted() -> bool {
    flag().load(Ordering::SeqCst)
}

/// `code`, or the interrupted exit code if Ctrl-C was pressed.
pub fn exit_code(code: ExitCode) -> ExitCode {
    if interrupted() {
        ExitCode::from(EXIT_INTERRUPTED)
    } else {
        code
    }
}
