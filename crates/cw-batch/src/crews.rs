//! Threads for one search that works on several (`exact:threads=N`): a rayon
//! pool of its own per search, its search on a thread of its own.
//!
//! cw-solve starts no thread; a search that asks for several gets them
//! through [`cw_solve::Limits::crews`]. [`SearchThreads`] is what the batch
//! machinery hands in (every game of a [`Plan`](crate::Plan)), and what the
//! command line's `optimum` and `solve` hand in too.

use cw_solve::{Crew, Crews};
use std::sync::Arc;

/// Gives each search that asks for `N` threads a pool of `N` of its own,
/// ended with the search.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchThreads;

impl SearchThreads {
    /// As the `crews` of [`cw_solve::Limits`].
    pub fn shared() -> Arc<dyn Crews> {
        Arc::new(SearchThreads)
    }
}

/// A rayon pool as a search's crew.
struct PoolCrew(rayon::ThreadPool);

impl Crew for PoolCrew {
    fn size(&self) -> usize {
        self.0.current_num_threads()
    }

    fn each(&self, task: &(dyn Fn() + Sync)) {
        self.0.scope(|s| {
            for _ in 0..self.size() {
                s.spawn(|_| task());
            }
        });
    }
}

impl Crews for SearchThreads {
    fn run(&self, threads: usize, search: &mut (dyn FnMut(Option<&dyn Crew>) + Send)) {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("search-{i}"))
            .build()
            .ok()
            .map(PoolCrew);
        // The search waits for its crew at every batch. A rayon worker (of a
        // batch of games, say) that waited on another pool would take up its
        // own pool's jobs meanwhile, starting another game in the middle of
        // this search; a thread of its own only waits.
        let ran = std::thread::scope(|s| {
            let thread = std::thread::Builder::new().name("search".into());
            match thread.spawn_scoped(s, || search(pool.as_ref().map(|p| p as &dyn Crew))) {
                Ok(handle) => {
                    handle
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e));
                    true
                }
                Err(_) => false,
            }
        });
        // Where no thread can be started (a process or memory limit), as
        // where the pool could not be: the search runs alone, here.
        if !ran {
            search(None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_crew_runs_the_task_once_on_each_of_its_threads() {
        let mut ran = false;
        SearchThreads.run(3, &mut |crew| {
            let crew = crew.expect("a pool of 3 starts");
            assert_eq!(crew.size(), 3);
            let calls = AtomicUsize::new(0);
            let names = std::sync::Mutex::new(Vec::new());
            crew.each(&|| {
                calls.fetch_add(1, Ordering::Relaxed);
                let name = std::thread::current().name().map(String::from);
                names.lock().unwrap().push(name);
            });
            assert_eq!(calls.load(Ordering::Relaxed), 3);
            assert!(
                names
                    .lock()
                    .unwrap()
                    .iter()
                    .all(|n| n.as_deref().is_some_and(|n| n.starts_with("search-")))
            );
            ran = true;
        });
        assert!(ran);
    }
}
