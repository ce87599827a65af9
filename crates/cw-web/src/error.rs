//! `ApiError`: every failure of the API as HTTP status + `{"error": "..."}`,
//! and extractors whose rejections take the same form; [`JsonErrorListener`]
//! gives the same form to the requests that hyper refuses before routing.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A failed request: its status and a message saying what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What is wrong, for people.
    pub message: String,
}

impl ApiError {
    /// 400: the request is wrong; `message` says how.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// 404: no such thing.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }

    /// 503: the server is at its limit of running jobs.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: message.into(),
        }
    }

    /// 500: something failed on the server.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = axum::Json(serde_json::json!({ "error": self.message }));
        (self.status, body).into_response()
    }
}

impl From<cw_lab::StoreError> for ApiError {
    fn from(e: cw_lab::StoreError) -> ApiError {
        let mut message = e.to_string();
        let mut source = std::error::Error::source(&e);
        while let Some(s) = source {
            message.push_str(": ");
            message.push_str(&s.to_string());
            source = s.source();
        }
        if e.is_busy() {
            // Another process (a bench, a merge) is writing the store.
            return ApiError::busy(format!(
                "results database: {message}: another program is writing it; try again in a \
                 moment"
            ));
        }
        ApiError::internal(format!("results database: {message}"))
    }
}

/// A JSON body; a bad one is a 400 with a JSON error (413 when too large,
/// 415 without a JSON content type). An object that gives a key twice is
/// refused at any depth: where serde would take the last (an enum tagged by
/// a field, such as the board request's `source`) as much as where it
/// would refuse it.
pub(crate) struct Json<T>(pub T);

impl<T: DeserializeOwned + Send + 'static, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if !has_json_type(req.headers()) {
            return Err(ApiError {
                status: StatusCode::UNSUPPORTED_MEDIA_TYPE,
                message: "the request body must be JSON: Expected request with \
                          `Content-Type: application/json`"
                    .to_string(),
            });
        }
        // A body that trickles in (or never comes) holds no handler for
        // longer than a request's head may take.
        let read = axum::body::Bytes::from_request(req, state);
        let bytes = tokio::time::timeout(crate::HEADER_TIMEOUT, read)
            .await
            .map_err(|_| ApiError {
                status: StatusCode::REQUEST_TIMEOUT,
                message: format!(
                    "the request body did not arrive within {} s",
                    crate::HEADER_TIMEOUT.as_secs()
                ),
            })?
            .map_err(|e| ApiError {
                status: e.status(),
                message: if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    format!("the request body is too large: {}", e.body_text())
                } else {
                    format!("the request body could not be read: {}", e.body_text())
                },
            })?;
        // A large body (a pasted board file: up to the body limit, 2 MB)
        // is parsed on a blocking thread: a 2 MB tree of nested arrays
        // takes a quarter of a second to build, which would hold up every
        // other request of a runtime thread.
        if bytes.len() <= PARSE_INLINE {
            return parse_body(&bytes);
        }
        tokio::task::spawn_blocking(move || parse_body(&bytes))
            .await
            .map_err(|_| ApiError::internal("reading the request body failed unexpectedly"))?
    }
}

/// The largest body parsed on the runtime's own thread (a request of the
/// page is a few hundred bytes; moves, some kilobytes).
const PARSE_INLINE: usize = 64 << 10;

/// A JSON body parsed as `T`, with no key given twice.
fn parse_body<T: DeserializeOwned>(bytes: &[u8]) -> Result<Json<T>, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    if let Err(e) = <UniqueKeys as serde::Deserialize>::deserialize(&mut de) {
        // Syntax errors are left to the parse below, which says the same.
        if e.is_data() {
            return Err(ApiError::bad_request(format!("bad JSON body: {e}")));
        }
    }
    match axum::Json::<T>::from_bytes(bytes) {
        Ok(axum::Json(v)) => Ok(Json(v)),
        Err(e) => Err(json_rejection(&e)),
    }
}

/// Whether the headers say the body is JSON (`application/json` or
/// `application/...+json`, parameters aside), as axum's own extractor asks.
fn has_json_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || essence
            .strip_prefix("application/")
            .is_some_and(|sub| sub.ends_with("+json"))
}

/// Any JSON value, read only to refuse an object that gives a key twice.
struct UniqueKeys;

impl<'de> serde::Deserialize<'de> for UniqueKeys {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueKeys)
    }
}

impl<'de> serde::de::Visitor<'de> for UniqueKeys {
    type Value = UniqueKeys;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_i64<E>(self, _: i64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_u64<E>(self, _: u64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_f64<E>(self, _: f64) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_str<E>(self, _: &str) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }
    fn visit_unit<E>(self) -> Result<UniqueKeys, E> {
        Ok(UniqueKeys)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<UniqueKeys, A::Error> {
        while seq.next_element::<UniqueKeys>()?.is_some() {}
        Ok(UniqueKeys)
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<UniqueKeys, A::Error> {
        let mut seen = std::collections::HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !seen.insert(key.clone()) {
                return Err(serde::de::Error::custom(format!("duplicate field `{key}`")));
            }
            map.next_value::<UniqueKeys>()?;
        }
        Ok(UniqueKeys)
    }
}

/// A body that is not the JSON asked for (its size and content type were
/// checked before it was read).
fn json_rejection(e: &JsonRejection) -> ApiError {
    ApiError::bad_request(format!("bad JSON body: {}", e.body_text()))
}

/// Query parameters; bad ones are a 400 with a JSON error.
pub(crate) struct Query<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(v)) => Ok(Query(v)),
            Err(e) => Err(query_rejection(&e)),
        }
    }
}

fn query_rejection(e: &QueryRejection) -> ApiError {
    ApiError::bad_request(format!("bad query parameters: {}", e.body_text()))
}

/// Path parameters; bad ones are a 400 with a JSON error.
pub(crate) struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Path(v)),
            Err(e) => Err(path_rejection(&e)),
        }
    }
}

fn path_rejection(e: &PathRejection) -> ApiError {
    ApiError::bad_request(format!("bad path: {}", e.body_text()))
}

/// Any path under `/api/` that is not an endpoint.
pub(crate) async fn no_such_endpoint(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("there is no API endpoint {method} {}", uri.path()))
}

/// A path that exists, asked with the wrong method.
pub(crate) async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError {
        status: StatusCode::METHOD_NOT_ALLOWED,
        message: format!("{} does not take {method}", uri.path()),
    }
}

/// Refuses `HEAD` on the API with a 405: every API `GET` either computes
/// its answer or starts work (a batch, a search), and a `HEAD` would do as
/// much to send no body. The page's files take `HEAD` as usual.
pub(crate) async fn refuse_head_on_api(request: Request, next: axum::middleware::Next) -> Response {
    if request.method() == Method::HEAD && request.uri().path().starts_with("/api/") {
        return ApiError {
            status: StatusCode::METHOD_NOT_ALLOWED,
            message: format!("{} does not take HEAD: ask with GET", request.uri().path()),
        }
        .into_response();
    }
    next.run(request).await
}

/// A listener whose connections answer with a JSON error body where hyper
/// would answer with none.
///
/// hyper refuses some requests while parsing them, before the router sees
/// them: a URI longer than 65534 bytes (414; `http::Uri` holds no more, so
/// the limit cannot be raised), a head too large (431) or one that is not
/// HTTP (400). Its answer is a head alone (`content-length: 0`, no content
/// type, `connection: close`), so no middleware can reach it. The connection
/// wrapper [`JsonErrorIo`] recognizes that head as it is written and writes
/// it with a `{"error": "..."}` body instead. The router's own errors always
/// have a JSON body and a content type, so they pass unchanged.
#[derive(Debug)]
pub struct JsonErrorListener<L>(pub L);

impl<L: axum::serve::Listener> axum::serve::Listener for JsonErrorListener<L> {
    type Io = JsonErrorIo<L::Io>;
    type Addr = L::Addr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        let (io, addr) = self.0.accept().await;
        (JsonErrorIo::new(io), addr)
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.0.local_addr()
    }
}

/// A connection that rewrites hyper's body-less error answers to JSON (see
/// [`JsonErrorListener`]); everything else passes through.
#[derive(Debug)]
pub struct JsonErrorIo<IO> {
    io: IO,
    /// A rewritten answer still to be written, and how much of it is.
    pending: Vec<u8>,
    sent: usize,
}

impl<IO> JsonErrorIo<IO> {
    /// Wraps a connection.
    pub fn new(io: IO) -> JsonErrorIo<IO> {
        JsonErrorIo {
            io,
            pending: Vec::new(),
            sent: 0,
        }
    }
}

impl<IO: AsyncWrite + Unpin> JsonErrorIo<IO> {
    /// Writes what is left of a rewritten answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        while self.sent < self.pending.len() {
            let n = ready!(Pin::new(&mut self.io).poll_write(cx, &self.pending[self.sent..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.sent += n;
        }
        self.pending.clear();
        self.sent = 0;
        Poll::Ready(Ok(()))
    }
}

impl<IO: AsyncRead + Unpin> AsyncRead for JsonErrorIo<IO> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

// Not vectored (the default), so hyper hands each answer's head over in one
// buffer, where it can be recognized.
impl<IO: AsyncWrite + Unpin> AsyncWrite for JsonErrorIo<IO> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        if let Some(answer) = with_json_body(buf) {
            this.pending = answer;
            // The whole head is taken; the answer goes out on the next
            // write, flush or shutdown if the socket is full now.
            let _ = this.poll_pending(cx)?;
            return Poll::Ready(Ok(buf.len()));
        }
        Pin::new(&mut this.io).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.poll_pending(cx))?;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

/// If `bytes` is exactly one of hyper's automatic error answers (a 4xx or
/// 5xx head with `content-length: 0`, `connection: close` and no content
/// type, and nothing after it), the same answer with a JSON error body.
fn with_json_body(bytes: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(bytes).ok()?;
    let head = text.strip_suffix("\r\n\r\n")?;
    if head.contains("\r\n\r\n") {
        return None;
    }
    let mut lines = head.split("\r\n");
    let status_line = lines.next()?;
    let code: u16 = status_line
        .strip_prefix("HTTP/1.1 ")
        .or_else(|| status_line.strip_prefix("HTTP/1.0 "))?
        .get(..3)?
        .parse()
        .ok()?;
    let headers: Vec<(&str, &str)> = lines
        .map(|l| l.split_once(':').map(|(n, v)| (n.trim(), v.trim())))
        .collect::<Option<_>>()?;
    let has = |name: &str, value: Option<&str>| {
        headers.iter().any(|(n, v)| {
            n.eq_ignore_ascii_case(name) && value.is_none_or(|x| v.eq_ignore_ascii_case(x))
        })
    };
    if code < 400
        || !has("content-length", Some("0"))
        || !has("connection", Some("close"))
        || has("content-type", None)
    {
        return None;
    }
    let message = match code {
        414 => "the URL is too long: the server reads URLs of at most 65534 bytes".to_string(),
        431 => "the request's headers are too large".to_string(),
        400 => "the request is not valid HTTP/1.1".to_string(),
        _ => format!("the request could not be read (HTTP {code})"),
    };
    let body = serde_json::json!({ "error": message }).to_string();
    let mut out = format!(
        "{status_line}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n",
        body.len()
    );
    for (name, value) in &headers {
        if !name.eq_ignore_ascii_case("content-length") {
            out.push_str(&format!("{name}: {value}\r\n"));
        }
    }
    out.push_str("\r\n");
    out.push_str(&body);
    Some(out.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::with_json_body;

    #[test]
    fn hypers_empty_error_answers_get_a_json_body() {
        let head = "HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\n\
                    date: Mon, 23 Nov 2026 19:01:26 GMT\r\n\r\n";
        let out = String::from_utf8(with_json_body(head.as_bytes()).unwrap()).unwrap();
        let body =
            r#"{"error":"the URL is too long: the server reads URLs of at most 65534 bytes"}"#;
        assert_eq!(
            out,
            format!(
                "HTTP/1.1 414 URI Too Long\r\ncontent-type: application/json\r\n\
                 content-length: {}\r\nconnection: close\r\n\
                 date: Mon, 23 Nov 2026 19:01:26 GMT\r\n\r\n{body}",
                body.len()
            )
        );
        let head = "HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\n\
                    content-length: 0\r\n\r\n";
        let out = String::from_utf8(with_json_body(head.as_bytes()).unwrap()).unwrap();
        assert!(out.ends_with(r#"{"error":"the request's headers are too large"}"#));
    }

    #[test]
    fn other_answers_pass_unchanged() {
        for bytes in [
            // The router's errors: a content type and a body.
            "HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 12\r\n\r\n{\"error\":\"\"}",
            "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: 0\r\n\r\n",
            // Success, a head before a streamed body, and a keep-alive error.
            "HTTP/1.1 200 OK\r\nconnection: close\r\ncontent-length: 0\r\n\r\n",
            "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\n\r\n",
            "HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n",
            // Not a whole head, or something after it.
            "HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\n",
            "HTTP/1.1 414 URI Too Long\r\nconnection: close\r\ncontent-length: 0\r\n\r\nx",
            "data: {}\n\n",
            "",
        ] {
            assert_eq!(with_json_body(bytes.as_bytes()), None, "{bytes}");
        }
    }
}
