//! The integration tests of cw-solve (one binary).

mod budgets;
mod fidelity;
mod golden;
mod registry;
mod replays;
mod spec;
