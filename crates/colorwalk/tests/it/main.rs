//! The one integration-test binary of the `colorwalk` command line: runs the
//! real binary and checks its output and exit codes.

mod boards;
mod deploy;
mod format_limits;
mod lab;
mod options;
mod serve;
mod shards;
mod terminal;

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `colorwalk ARGS` with `stdin` as standard input.
pub fn colorwalk(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the colorwalk binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(stdin.as_bytes())
        .expect("stdin accepts the input");
    child.wait_with_output().expect("colorwalk finishes")
}

/// Standard output as text.
pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}
