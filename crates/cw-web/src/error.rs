//! `ApiError`: every failure of the API as HTTP status + `{"error": "..."}`,
//! and extractors whose rejections take the same form.

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

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
        ApiError::internal(format!("results database: {message}"))
    }
}

/// A JSON body; a bad one is a 400 with a JSON error.
pub(crate) struct Json<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Json<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Json(v)),
            Err(e) => Err(json_rejection(&e)),
        }
    }
}

fn json_rejection(e: &JsonRejection) -> ApiError {
    let status = e.status();
    let text = e.body_text();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError {
            status,
            message: format!("the request body is too large: {text}"),
        }
    } else {
        ApiError::bad_request(format!("bad JSON body: {text}"))
    }
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
