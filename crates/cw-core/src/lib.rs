//! The rules of Color Walk and Flood-It: boards, reproducible generators,
//! board formats and the cluster-graph engine every solver plays on.
//!
//! A [`Board`] is a grid of colored blocks with a start cell: a blank one
//! makes a Color Walk board, a colored one a Flood-It board, whose region
//! starts as the start cell's whole group.
//! [`ClusterGraph::new`] analyses it once into maximal same-color clusters.
//! A [`Game`] is a small value on top of a graph (the flooded clusters and
//! the frontier as bitsets, plus counters); playing a color costs time proportional to the
//! clusters it touches. Search copies games, it never undoes them; undo for
//! people lives in [`Playthrough`].
//!
//! This crate does no I/O beyond parsing and printing text, has no threads and
//! no global state; every board is rebuilt from its [`BoardId`].

mod bits;
mod board;
mod color;
mod flood;
pub mod format;
mod game;
mod generate;
mod graph;
mod id;
mod perft;
mod replay;

pub use bits::{ClusterSet, HEAP_OVERHEAD};
pub use board::{Board, BoardError, MAX_COLORS, MAX_SIDE, MIN_COLORS, MIN_SIDE};
pub use color::{BLANK_HEX, Color, ColorSet, PALETTE};
pub use flood::BlockFlood;
pub use game::{Gain, Game, IllegalMove, InspectionCount, NoProbe, Playthrough, Probe};
pub use generate::{KoblenskiStream, SplitMix64};
pub use graph::{ClusterGraph, ClusterId};
pub use id::{BoardId, LAST_SERIES_DRAW, ParseIdError, last_series_board};
pub use perft::{distinct, perft};
pub use replay::{Moves, ParseMovesError, Replay, replay};
