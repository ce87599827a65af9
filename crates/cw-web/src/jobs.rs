//! Running searches off the async runtime: a slot from the concurrency
//! limit (or 503), a blocking thread, and a cancel flag that is set when the
//! request goes away (its handler future or its event stream is dropped).

use crate::{ApiError, AppState};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use tokio::sync::OwnedSemaphorePermit;

/// Sets its flag when dropped: owned by the request, so a closed connection
/// cancels the work it started.
#[derive(Debug)]
pub(crate) struct CancelOnDrop(pub Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl AppState {
    /// A slot for one search, or 503 when every slot is taken.
    pub(crate) fn search_slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.inner.jobs.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy(format!(
                "the server is busy: {} searches are running; try again in a moment",
                self.inner.config.jobs
            ))
        })
    }

    /// The slot for the one batch that may run, or 503.
    pub(crate) fn batch_slot(&self) -> Result<OwnedSemaphorePermit, ApiError> {
        self.inner
            .batches
            .clone()
            .try_acquire_owned()
            .map_err(|_| ApiError::busy("a batch is already running; wait for it or stop it"))
    }
}

/// Runs `work` on a blocking thread in a search slot. `work` gets the cancel
/// flag, which is set if the returned future is dropped (the client went
/// away); the slot is held until `work` returns.
pub(crate) async fn search<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(Arc<AtomicBool>) -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = state.search_slot()?;
    let cancel = Arc::new(AtomicBool::new(false));
    let _guard = CancelOnDrop(cancel.clone());
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let started = std::time::Instant::now();
        let out = work(cancel);
        // The server runs on: what the search freed goes back to the
        // system rather than staying held by the allocator (26x26c8-s13's
        // `exact` for 8 s: 143 MB resident after it without this, 12.5 MB
        // with it).
        cw_batch::give_back_freed_memory_after(started.elapsed());
        out
    })
    .await
    .map_err(|_| ApiError::internal("the search failed unexpectedly"))
}

/// Reads or writes the results store on a blocking thread: no search slot
/// (these are short), but a turn among the few store jobs that run at once.
pub(crate) async fn store<T: Send + 'static>(
    state: &AppState,
    work: impl FnOnce(&mut cw_lab::Store) -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let path = state.config().db.clone();
    // Waits for a turn (the semaphore is never closed).
    let permit = state.inner.store_jobs.clone().acquire_owned().await.ok();
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let mut store = cw_lab::Store::open(&path)?;
        work(&mut store)
    })
    .await
    .map_err(|_| ApiError::internal("reading the results database failed unexpectedly"))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn store_jobs_take_turns() {
        // Twelve requests for a run's table at once: never more than
        // `STORE_JOBS` hold what they read (they all ran side by side).
        let dir = tempfile::tempdir().unwrap();
        let state = AppState::new(crate::Config::new(dir.path().join("r.db")));
        let (now, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let jobs: Vec<_> = (0..12)
            .map(|_| {
                let (state, now, most) = (state.clone(), now.clone(), most.clone());
                tokio::spawn(async move {
                    store(&state, move |_| {
                        let running = now.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(running, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        now.fetch_sub(1, Ordering::SeqCst);
                        Ok(())
                    })
                    .await
                })
            })
            .collect();
        for job in jobs {
            job.await.unwrap().unwrap();
        }
        let most = most.load(Ordering::SeqCst);
        assert!((1..=crate::STORE_JOBS).contains(&most), "{most} at once");
    }
}
