//! The web lab's tests: the HTTP API called without a socket (`api`; its
//! Flood-It boards, positions, move limits and can-it-be-cleared answers in
//! `flood`), and the page in a real headless Chromium (`e2e`).

mod api;
mod e2e;
mod flood;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use cw_web::{AppState, Config};
use serde_json::Value;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// A server state on a fresh results database in a temporary folder.
pub fn state_with(config: impl FnOnce(&mut Config)) -> (AppState, tempfile::TempDir) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let mut c = Config::new(dir.path().join("results.db"));
    // Four search slots and two batch games share 1536 MiB: 256 MiB each.
    c.jobs = 4;
    c.batch_threads = 2;
    c.memory_mb = 1536;
    config(&mut c);
    (AppState::new(c), dir)
}

/// A response: status, content type and body text.
pub struct Reply {
    /// The HTTP status.
    pub status: StatusCode,
    /// The `Content-Type` header.
    pub content_type: String,
    /// The body.
    pub text: String,
}

impl Reply {
    /// The body as JSON.
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }

    /// The `error` of a JSON error body, after checking the status.
    pub fn error(&self, status: StatusCode) -> String {
        assert_eq!(self.status, status, "{}", self.text);
        assert!(
            self.content_type.starts_with("application/json"),
            "{}",
            self.content_type
        );
        self.json()["error"]
            .as_str()
            .unwrap_or_else(|| panic!("no error message: {}", self.text))
            .to_string()
    }

    /// The server-sent events of the body: (event name, JSON data).
    pub fn events(&self) -> Vec<(String, Value)> {
        assert_eq!(self.status, StatusCode::OK, "{}", self.text);
        assert!(
            self.content_type.starts_with("text/event-stream"),
            "{}",
            self.content_type
        );
        let mut out = Vec::new();
        for block in self.text.split("\n\n") {
            let mut name = None;
            let mut data = None;
            for line in block.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    name = Some(n.to_string());
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data = Some(serde_json::from_str(d).expect("JSON event data"));
                }
            }
            if let (Some(n), Some(d)) = (name, data) {
                out.push((n, d));
            }
        }
        out
    }
}

/// Sends one request to the router (no socket) and reads the whole reply.
pub async fn call(app: &Router, method: &str, uri: &str, body: Option<Value>) -> Reply {
    let mut req = Request::builder().method(method).uri(uri);
    let body = match body {
        Some(v) => {
            req = req.header(header::CONTENT_TYPE, "application/json");
            Body::from(v.to_string())
        }
        None => Body::empty(),
    };
    call_raw(app, req.body(body).expect("a request")).await
}

/// Sends a prepared request to the router and reads the whole reply.
pub async fn call_raw(app: &Router, req: Request<Body>) -> Reply {
    let res = app.clone().oneshot(req).await.expect("the router answers");
    let status = res.status();
    let content_type = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    let bytes = axum::body::to_bytes(res.into_body(), 64 << 20)
        .await
        .expect("a body");
    Reply {
        status,
        content_type,
        text: String::from_utf8_lossy(&bytes).into_owned(),
    }
}

/// Waits up to 30 s for `cond`.
pub async fn eventually(what: &str, mut cond: impl FnMut() -> bool) {
    let end = Instant::now() + Duration::from_secs(30);
    while !cond() {
        assert!(Instant::now() < end, "waited 30 s for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
