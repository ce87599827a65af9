//! The page's files (`static/`), embedded in release builds and read from
//! disk in debug builds (so page edits need no rebuild).

use axum::http::{Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

#[derive(Embed)]
#[folder = "static/"]
struct Assets;

/// Serves `/` as `index.html` and every other path from `static/`.
pub(crate) async fn serve(uri: Uri) -> Response {
    let path = match uri.path().trim_start_matches('/') {
        "" => "index.html",
        p => p,
    };
    match Assets::get(path) {
        Some(file) => (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_string()),
                (header::CACHE_CONTROL, "no-cache".to_string()),
            ],
            file.data,
        )
            .into_response(),
        None => crate::ApiError::not_found(format!("no page at /{path}")).into_response(),
    }
}
