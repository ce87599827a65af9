//! `colorwalk serve`: the real binary prints its address and serves the page
//! and the API there.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// Stops the server when the test ends, pass or fail.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// One HTTP/1.1 request; the whole reply as text.
fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).expect("the server accepts connections");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reply = String::new();
    s.read_to_string(&mut reply).unwrap();
    reply
}

#[test]
fn serve_prints_its_address_and_serves_the_page_and_the_api() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("results.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .args(["serve", "--port", "0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("colorwalk serve starts");
    let stdout = child.stdout.take().unwrap();
    let _server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).unwrap();
    let addr = line
        .trim()
        .strip_prefix("colorwalk web lab: http://")
        .and_then(|a| a.strip_suffix('/'))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{addr}");

    let page = get(&addr, "/");
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    assert!(page.contains("<title>Color Walk</title>"));
    let runs = get(&addr, "/api/runs");
    assert!(runs.contains(r#"{"runs":[]}"#), "{runs}");
    let bad = get(&addr, "/api/runs/x");
    assert!(bad.starts_with("HTTP/1.1 400"), "{bad}");
    assert!(
        bad.contains(r#"{"error":"run 'x': expected a run number"}"#),
        "{bad}"
    );
    // A URL longer than hyper reads is refused before routing, in JSON too.
    let long = get(&addr, &format!("/api/play?board={}", "k".repeat(80_000)));
    assert!(long.starts_with("HTTP/1.1 414"), "{long}");
    assert!(long.contains("content-type: application/json"), "{long}");
    assert!(long.contains(r#"{"error":"the URL is too long"#), "{long}");
    assert!(db.exists());
}

#[test]
fn serve_rejects_a_bad_address() {
    // `.invalid` names never resolve.
    let out = crate::colorwalk(&["serve", "--host", "nowhere.invalid"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        crate::stderr(&out).contains(
            "'nowhere.invalid' is neither an IP address nor a host name this machine resolves"
        ),
        "{}",
        crate::stderr(&out)
    );
}

#[test]
fn serve_takes_a_host_name() {
    let dir = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_colorwalk"))
        .args(["serve", "--host", "localhost", "--port", "0", "--db"])
        .arg(dir.path().join("results.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // `localhost` is this machine's loopback address, IPv4 first.
    assert!(
        line.starts_with("colorwalk web lab: http://127.0.0.1:"),
        "{line}"
    );
}
