//! Batches: many solver specs over many boards, on all cores, stored as
//! they finish, split into shards for a cluster and merged back.
//!
//! This crate is the one place batches live; `colorwalk bench`, `colorwalk
//! merge` and the web lab all go through it:
//! - [`plan`]: a batch as one value ([`Plan`]: boards as data, specs,
//!   limits), made from what a front end asked for ([`PlanDraft`]) by one
//!   function, [`check`], with the front end's own [`Caps`]; and its
//!   [`Fingerprint`] (the program's version and the plan in full);
//! - [`BoardSet`]: the boards, a generator with a range or a file's entries;
//! - [`run_batch`]: the games on a rayon pool (`cw-solve` plays one game
//!   at a time and starts no thread); [`SearchThreads`]: the threads of a
//!   search that asks for several (`exact:threads=N`);
//! - [`run`]: the stored loop, which begins a run in the store or resumes
//!   the unfinished one with the same fingerprint and shard;
//! - [`Shard`]: one of `N` disjoint slices of a plan's boards, given as
//!   `I/N` or read from a scheduler's environment (Slurm job arrays,
//!   Kubernetes Indexed Jobs);
//! - [`merge()`]: shard stores of one plan merged into one run.

mod boards;
mod crews;
pub mod merge;
pub mod plan;
mod play;
mod run;
mod shard;

pub use boards::BoardSet;
pub use crews::SearchThreads;
pub use merge::{MergeError, MergeReport, merge};
pub use plan::{
    Caps, Field, Fingerprint, GameLimits, Plan, PlanDraft, PlanError, check, program_version,
};
pub use play::{BatchResult, give_back_freed_memory_after, run_batch};
pub use run::{
    Batch, BatchError, Event, KnownOptima, NotResumed, OptimumEvidence, Outcome, Resume,
    known_optima, reconcile_optimum, record, resume_point, run,
};
pub use shard::{MAX_SHARDS, Shard, ShardError};
