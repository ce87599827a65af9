//! The page's files (`static/`: `index.html`, `style.css`, the entry module
//! `app.js` and the modules under `js/`), embedded in release builds and
//! read from disk in debug builds (so page edits need no rebuild). Each is
//! served with the MIME type its extension gives (`mime_guess`); browsers
//! run module scripts only as `text/javascript`, which the tests pin.

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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::StatusCode;

    async fn get(path: &str) -> Response {
        serve(path.parse().expect("a path")).await
    }

    fn content_type(r: &Response) -> &str {
        r.headers()[header::CONTENT_TYPE].to_str().unwrap()
    }

    /// The page is ES modules (`<script type="module">`), which browsers
    /// run only when served with a JavaScript MIME type: every `.js` file,
    /// the entry and those under `js/`, in debug (read from disk) and
    /// release (embedded) builds alike.
    #[tokio::test]
    async fn serves_every_module_as_javascript() {
        let scripts: Vec<String> = Assets::iter()
            .filter(|p| p.ends_with(".js"))
            .map(|p| p.into_owned())
            .collect();
        assert!(scripts.iter().any(|p| p == "app.js"), "{scripts:?}");
        assert!(
            scripts.iter().filter(|p| p.starts_with("js/")).count() >= 10,
            "{scripts:?}"
        );
        for path in scripts {
            let r = get(&format!("/{path}")).await;
            assert_eq!(r.status(), StatusCode::OK, "{path}");
            assert_eq!(content_type(&r), "text/javascript", "{path}");
        }
        let page = get("/").await;
        assert!(content_type(&page).starts_with("text/html"));
        assert!(content_type(&get("/style.css").await).starts_with("text/css"));
    }

    #[tokio::test]
    async fn unknown_paths_are_json_404s() {
        for path in [
            "/js/nothing.js",
            "/js/",
            "/js",
            "/static/app.js",
            "/js/../../Cargo.toml",
        ] {
            let r = get(path).await;
            assert_eq!(r.status(), StatusCode::NOT_FOUND, "{path}");
            assert_eq!(content_type(&r), "application/json", "{path}");
        }
    }
}
