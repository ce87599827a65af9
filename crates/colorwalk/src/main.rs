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
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
