//! The integration tests of cw-solve (one binary).

mod fidelity;
mod golden;
mod registry;
mod replays;
mod spec;
