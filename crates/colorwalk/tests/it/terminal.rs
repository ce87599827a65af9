//! The full-screen game in a pseudo-terminal (driven by a Python script,
//! as Rust's standard library opens no pseudo-terminals).

use std::process::Command;

#[cfg(target_os = "linux")]
#[test]
fn the_game_gives_the_terminal_back_when_stopped_and_takes_it_again_when_continued() {
    const TEST: &str = "the_game_gives_the_terminal_back_when_stopped";
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/it/job_control.py");
    let out = match Command::new("python3")
        .args([script, env!("CARGO_BIN_EXE_colorwalk")])
        .output()
    {
        Ok(out) => out,
        Err(e) => return cw_testkit::skip(TEST, &format!("python3 does not run: {e}")),
    };
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("ok: ")).count(),
        17,
        "{text}"
    );
}
