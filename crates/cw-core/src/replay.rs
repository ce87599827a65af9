//! Move lists and replay: does a list of moves clear a board?

use crate::{ClusterGraph, Color, IllegalMove};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A list of moves. Text form: colors separated by commas (`3,1,4`), or, for
/// colors below 16, one character per move (`314`, `3a1`); spaces are ignored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(pub Vec<Color>);

/// Why a text is not a move list.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad move list at character {col}: {message}")]
pub struct ParseMovesError {
    /// 1-based character position.
    pub col: usize,
    /// What was expected.
    pub message: String,
}

impl FromStr for Moves {
    type Err = ParseMovesError;

    fn from_str(text: &str) -> Result<Moves, ParseMovesError> {
        let mut moves = Vec::new();
        if text.contains(',') {
            let mut col = 1;
            for part in text.split(',') {
                let token = part.trim();
                let offset = part.chars().count() - part.trim_start().chars().count();
                // A number, or a color's character (`8,b,5`).
                let mut chars = token.chars();
                let letter = match (chars.next(), chars.next()) {
                    (Some(ch), None) => Color::from_char(ch),
                    _ => None,
                };
                let c =
                    token
                        .parse()
                        .ok()
                        .map(Color)
                        .or(letter)
                        .ok_or_else(|| ParseMovesError {
                            col: col + offset,
                            message: format!(
                                "expected a color number (or its character '0'-'9', 'a'-'z'), \
                             found '{}'",
                                token.escape_debug()
                            ),
                        })?;
                moves.push(c);
                col += part.chars().count() + 1;
            }
        } else {
            for (i, ch) in text.chars().enumerate() {
                if ch.is_whitespace() {
                    continue;
                }
                let c = Color::from_char(ch).ok_or_else(|| ParseMovesError {
                    col: i + 1,
                    message: format!("expected a color ('0'-'9', 'a'-'z'), found '{ch}'"),
                })?;
                moves.push(c);
            }
        }
        Ok(Moves(moves))
    }
}

impl fmt::Display for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One move from 10 up as a number would read back as two moves.
        if let [c] = self.0[..]
            && (10..36).contains(&c.0)
        {
            return write!(f, "{}", c.to_char());
        }
        for (i, c) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// The outcome of replaying a move list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// Whether the board was cleared.
    pub cleared: bool,
    /// Moves played: up to and including the clearing move, or all of them.
    pub moves_played: usize,
    /// 1-based numbers of the played moves that removed nothing.
    pub useless: Vec<usize>,
    /// Moves listed after the board was already clear (not played).
    pub surplus: usize,
    /// Blocks still colored at the end.
    pub blocks_left: u32,
    /// Blocks each played move removed.
    pub removed: Vec<u32>,
}

/// Replays `moves` on the graph's board. A color the board does not have is
/// an error, with its 1-based position in the list.
pub fn replay(graph: &ClusterGraph, moves: &[Color]) -> Result<Replay, (usize, IllegalMove)> {
    let mut game = graph.start();
    let mut useless = Vec::new();
    let mut removed = Vec::new();
    let mut played = 0;
    for (i, &c) in moves.iter().enumerate() {
        if game.is_solved() {
            break;
        }
        let gain = game.try_play(c).map_err(|e| (i + 1, e))?;
        played += 1;
        removed.push(gain.blocks);
        if gain.blocks == 0 {
            useless.push(i + 1);
        }
    }
    Ok(Replay {
        cleared: game.is_solved(),
        moves_played: played,
        useless,
        surplus: moves.len() - played,
        blocks_left: game.blocks_left(),
        removed,
    })
}
