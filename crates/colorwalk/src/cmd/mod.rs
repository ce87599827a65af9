//! One module per subcommand; `run` dispatches.

mod board_cmds;
mod play;
mod verify;

use crate::cli::{Cli, Command};
use std::process::ExitCode;

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::New(args) => board_cmds::new(&args),
        Command::Show(args) => board_cmds::show(&args),
        Command::Convert(args) => board_cmds::convert(&args),
        Command::Play(args) => play::run(&args),
        Command::Verify(args) => verify::run(&args),
    }
}
