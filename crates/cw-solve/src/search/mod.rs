//! The search core: the rules in the shape search wants, the admissible
//! lower bound, A*, the beam search and the position table, shared by the
//! `exact` and `near` solvers (thin adapters in `solvers/`).
//!
//! | file | what |
//! |---|---|
//! | `bound.rs` | `Graph<W>`: a board's clusters as `W`-word sets, its own `play`, the elimination rule (`close`), dead ends, and the admissible bound with the argument that it never overestimates |
//! | `astar.rs` | A* over settled positions with duplicate detection and dominance pruning, each rule with its argument, from a known first solution |
//! | `beam.rs` | the beam search on moves + bound: the first solution of `near` |
//! | `near.rs` | near-optimal solutions: the beam, then A* from the start and on the endgame, with budgets: [`solve_near`] |
//! | `prove.rs` | the `exact` solver's entry: the near-optimal search for the first upper bound, then A*: [`solve_exact`] |
//! | `tails.rs` | the ball bound with exact tails (`exact:tails=T`): small searches of a position's ball with a table of what they proved, for proofs that climb many levels |
//! | `table.rs` | positions stored as words in fixed-size chunks, a hash table over them, and the dominance index, each counting the bytes it holds |
//!
//! The interface is the names below; everything else stays inside. Every
//! move these searches return is replayed through `cw_core::Game` before it
//! counts, and a property test holds `Graph<W>::play` to `Game::play`.

mod astar;
mod beam;
pub mod bound;
mod near;
mod prove;
mod table;
mod tails;

pub use astar::{DEFAULT_TAILS, ExactOptions, ExactResult, StopReason};
pub(crate) use beam::beam_bytes;
pub(crate) use near::TAIL_MEMORY;
pub use near::{NearOptions, NearResult, solve_near};
pub use prove::{solve_exact, solve_exact_from};
pub use tails::TailStats;
