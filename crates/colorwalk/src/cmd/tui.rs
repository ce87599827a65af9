//! The full-screen terminal game (`colorwalk play` in a terminal): the board
//! in its real colors, keys 1-5 (or 1-9, a-g for more colors) to play, `u`
//! undo, `h` hint (the first move of an optimal continuation), `s` one move
//! of a solver, `r` restart, `q` quit.
//!
//! `TuiGame` holds the state and answers keys; drawing is a pure function of
//! it, so both are tested with ratatui's `TestBackend`.

use anyhow::Result;
use cw_core::{BLANK_HEX, Board, ClusterGraph, Color, Game};
use cw_solve::{Limits, SearchCtx, Spec};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as TermColor, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use std::time::Duration;

/// Time allowed for a hint before it settles for the best line found.
const HINT_TIME: Duration = Duration::from_secs(3);

/// The state of a full-screen game.
pub struct TuiGame {
    board: Board,
    graph: ClusterGraph,
    moves: Vec<Color>,
    solver: Spec,
    message: String,
}

/// What the caller should do after a key.
#[derive(Debug, PartialEq, Eq)]
pub enum Control {
    /// Keep going.
    Continue,
    /// Leave the game.
    Quit,
}

impl TuiGame {
    /// A new game on `board`; `s` steps with `solver`.
    pub fn new(board: Board, solver: Spec) -> TuiGame {
        let graph = ClusterGraph::new(&board);
        TuiGame {
            board,
            graph,
            moves: Vec::new(),
            solver,
            message: "1-5 play · u undo · h hint · s solver step · r restart · q quit".into(),
        }
    }

    /// The current position (the moves replayed from the start).
    pub fn game(&self) -> Game<'_> {
        let mut game = self.graph.start();
        for &c in &self.moves {
            game.play(c);
        }
        game
    }

    /// The moves so far.
    pub fn moves(&self) -> &[Color] {
        &self.moves
    }

    /// The status line.
    #[cfg(test)]
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Answers one key.
    pub fn key(&mut self, key: char) -> Control {
        let n_colors = self.board.n_colors();
        match key {
            'q' | '\u{1b}' => return Control::Quit,
            'u' => {
                self.message = match self.moves.pop() {
                    Some(c) => format!("undid {} ({})", button(c), c.name()),
                    None => "nothing to undo".into(),
                };
            }
            'r' => {
                self.moves.clear();
                self.message = "restarted".into();
            }
            'h' => self.hint(),
            's' => self.solver_step(),
            _ => match button_color(key, n_colors) {
                Some(c) => self.play(c),
                None => {
                    self.message = format!(
                        "'{key}' is not a key here: 1-{} play, u, h, s, r, q",
                        button(Color((n_colors - 1) as u8))
                    )
                }
            },
        }
        Control::Continue
    }

    fn play(&mut self, c: Color) {
        let mut game = self.game();
        if game.is_solved() {
            self.message = "the board is clear: r to play it again, q to quit".into();
            return;
        }
        let gain = game.play(c);
        let solved = game.is_solved();
        self.moves.push(c);
        self.message = if solved {
            format!("cleared in {} moves!", self.moves.len())
        } else {
            format!(
                "{} ({}): removed {} blocks",
                button(c),
                c.name(),
                gain.blocks
            )
        };
    }

    fn hint(&mut self) {
        let game = self.game();
        if game.is_solved() {
            self.message = "the board is clear".into();
            return;
        }
        let limits = Limits {
            time_limit: Some(HINT_TIME),
            ..Limits::default()
        };
        let mut ctx = SearchCtx::new(&self.board, &limits);
        let spec = Spec::parse("exact").or_else(|_| Spec::parse("gla-5"));
        let advice = spec
            .ok()
            .and_then(|s| s.build().ok())
            .and_then(|mut solver| solver.next_moves(&game, &mut ctx));
        self.message = match advice {
            Some(line) if !line.is_empty() => format!(
                "hint: {} ({}); an optimal finish takes {} more moves",
                button(line[0]),
                line[0].name(),
                line.len()
            ),
            _ => "no hint found".into(),
        };
    }

    fn solver_step(&mut self) {
        let game = self.game();
        if game.is_solved() {
            self.message = "the board is clear".into();
            return;
        }
        let mut ctx = SearchCtx::new(&self.board, &Limits::default());
        let proposal = self
            .solver
            .build()
            .ok()
            .and_then(|mut solver| solver.next_moves(&game, &mut ctx));
        match proposal.and_then(|m| m.first().copied()) {
            Some(c) => {
                self.play(c);
                self.message = format!(
                    "{} played {} ({})  ·  {}",
                    self.solver,
                    button(c),
                    c.name(),
                    self.message
                );
            }
            None => self.message = format!("{} gave up here", self.solver),
        }
    }

    /// Draws the game: the board on the left, status on the right.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let board_width = (self.board.width() * 2 + 2) as u16;
        let [left, right] =
            Layout::horizontal([Constraint::Length(board_width), Constraint::Min(24)])
                .areas(frame.area());
        let game = self.game();
        let title = format!(" Color Walk {} ", self.board.id());
        let block = Block::bordered().title(title);
        let inner = block.inner(left);
        frame.render_widget(block, left);
        frame.render_widget(
            BoardView {
                board: &self.board,
                game: &game,
            },
            inner,
        );

        let mut lines = vec![
            Line::from(format!("moves: {}", self.moves.len())),
            Line::from(format!("blocks left: {}", game.blocks_left())),
            Line::from(""),
        ];
        for c in (0..self.board.n_colors() as u8).map(Color) {
            let (r, g, b) = c.rgb();
            lines.push(Line::from(vec![
                Span::raw(format!(" {} ", button(c))),
                Span::styled("    ", Style::new().bg(TermColor::Rgb(r, g, b))),
                Span::raw(format!(" {}", c.name())),
            ]));
        }
        lines.push(Line::from(""));
        lines.push(Line::from("u undo · h hint · s solver step"));
        lines.push(Line::from("r restart · q quit"));
        lines.push(Line::from(format!("solver: {}", self.solver)).dim());
        lines.push(Line::from(""));
        lines.push(Line::from(self.message.clone()).bold());
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(Block::bordered().title(" game ")),
            right,
        );
    }
}

/// The board, two terminal cells per block.
struct BoardView<'a, 'g> {
    board: &'a Board,
    game: &'a Game<'g>,
}

impl Widget for BoardView<'_, '_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let blank = rgb(BLANK_HEX);
        for y in 0..self.board.height() {
            for x in 0..self.board.width() {
                let (cx, cy) = (area.x + 2 * x as u16, area.y + y as u16);
                if cx + 1 >= area.right() || cy >= area.bottom() {
                    continue;
                }
                let i = y * self.board.width() + x;
                let bg = match self.board.cells()[i] {
                    Some(c) if !self.game.is_blank(i) => {
                        let (r, g, b) = c.rgb();
                        TermColor::Rgb(r, g, b)
                    }
                    _ => blank,
                };
                for dx in 0..2 {
                    buf[(cx + dx, cy)].set_symbol(" ").set_bg(bg);
                }
            }
        }
    }
}

fn rgb(hex: &str) -> TermColor {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    TermColor::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The key of a color: `1`-`9` for colors 0-8, then `a`-`g`.
fn button(c: Color) -> char {
    let n = c.0 + 1;
    if n < 10 {
        (b'0' + n) as char
    } else {
        (b'a' + n - 10) as char
    }
}

/// The color of a key, if the board has it.
fn button_color(key: char, n_colors: usize) -> Option<Color> {
    let n = match key {
        '1'..='9' => key as u8 - b'0',
        'a'..='g' => key as u8 - b'a' + 10,
        _ => return None,
    };
    (usize::from(n) <= n_colors).then(|| Color(n - 1))
}

/// Runs the full-screen game until the player quits.
pub fn run(board: Board, solver: Spec) -> Result<()> {
    let mut game = TuiGame::new(board, solver);
    let mut terminal = ratatui::init();
    let result = (|| -> Result<()> {
        loop {
            terminal.draw(|f| game.draw(f))?;
            if let Event::Key(k) = event::read()?
                && k.kind == KeyEventKind::Press
            {
                let ch = match k.code {
                    KeyCode::Char(ch) => ch,
                    KeyCode::Esc => '\u{1b}',
                    _ => continue,
                };
                if game.key(ch) == Control::Quit {
                    return Ok(());
                }
            }
        }
    })();
    ratatui::restore();
    let n = game.moves().len();
    if game.game().is_solved() {
        println!("cleared {} in {n} moves", game.board.id());
    } else {
        println!("stopped {} after {n} moves", game.board.id());
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn screen(game: &TuiGame) -> String {
        let mut terminal = Terminal::new(TestBackend::new(100, 24)).unwrap();
        terminal.draw(|f| game.draw(f)).unwrap();
        let buf = terminal.backend().buffer().clone();
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn keys_play_undo_restart_and_quit() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        assert!(screen(&game).contains("moves: 0"));
        assert_eq!(game.key('4'), Control::Continue); // color 3: removes block 30
        assert_eq!(game.moves(), &[Color(3)]);
        assert!(game.message().contains("removed"), "{}", game.message());
        let text = screen(&game);
        assert!(text.contains("moves: 1"), "{text}");
        assert!(text.contains("blocks left: "), "{text}");
        game.key('x');
        assert!(game.message().contains("not a key"));
        game.key('u');
        assert!(game.moves().is_empty());
        game.key('u');
        assert_eq!(game.message(), "nothing to undo");
        game.key('5');
        game.key('r');
        assert!(game.moves().is_empty());
        assert_eq!(game.key('q'), Control::Quit);
    }

    #[test]
    fn solver_steps_clear_the_board_and_hints_advise_a_useful_move() {
        let board = Board::seeded(6, 5, 3, 4).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        game.key('h');
        assert!(game.message().starts_with("hint: "), "{}", game.message());
        let hinted = game.message().chars().nth(6).unwrap();
        let before = game.game().blocks_left();
        game.key(hinted);
        assert!(
            game.game().blocks_left() < before,
            "the hinted move removes blocks"
        );
        for _ in 0..100 {
            if game.game().is_solved() {
                break;
            }
            game.key('s');
        }
        assert!(game.game().is_solved());
        assert!(game.message().contains("cleared in"), "{}", game.message());
        assert!(screen(&game).contains("blocks left: 0"));
    }

    #[test]
    fn the_board_is_drawn_in_its_colors() {
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        let mut terminal = Terminal::new(TestBackend::new(100, 24)).unwrap();
        terminal.draw(|f| game.draw(f)).unwrap();
        let buf = terminal.backend().buffer();
        // Inside the border: block 0 is blank, block 1 is color 4 (amber).
        assert_eq!(buf[(1, 1)].bg, rgb(BLANK_HEX));
        let (r, g, b) = Color(4).rgb();
        assert_eq!(buf[(3, 1)].bg, TermColor::Rgb(r, g, b));
    }
}
