//! `colorwalk`: the command line of the Color Walk solver lab.
//!
//! `main` parses the arguments (clap), runs one subcommand and maps errors to
//! exit codes: 0 done, 1 a "no" answer (e.g. the moves do not clear the board),
//! 2 an error, 3 undecided (`optimum --within`), 130 stopped by Ctrl-C (see
//! `interrupt`). A closed pipe counts as done.

mod allocator;
mod board_input;
mod cli;
mod cmd;
mod interrupt;
mod json;
mod render;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match cmd::run(cli) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                return ExitCode::SUCCESS;
            }
            eprintln!("colorwalk: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    let pipe = Some(std::io::ErrorKind::BrokenPipe);
    err.chain().any(|cause| {
        // JSON written straight to standard output fails as serde_json's
        // error, which holds the I/O error's kind.
        cause.downcast_ref::<std::io::Error>().map(|e| e.kind()) == pipe
            || cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind)
                == pipe
    })
}
