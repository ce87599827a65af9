//! The integration tests of cw-solve (one binary).

mod budgets;
mod golden;
mod registry;
mod replays;
mod spec;
