//! The full-screen terminal game (`colorwalk play` in a terminal): the board
//! in its real colors, keys 1-5 to play (for more colors 1-9, then the
//! letters that are not commands, then A-F: see [`COLOR_KEYS`]), `u` undo,
//! `h` hint (the first move of the best continuation found in 3 s, said to
//! be optimal when proven), `s` the next move of a solver's line (found
//! once in at most 5 s, so steps play what a whole solve plays), `r`
//! restart, `q` (or Ctrl-C) quit; Esc stops a search under way
//! (and does nothing else).
//! The series' 30×20 board fits an 80×24 terminal: the board, a side panel
//! 18 columns wide, and the message in the two rows below.
//!
//! A Color Walk board's region is grey; a Flood-It board's region has its
//! current color (the last move's, at first the start block's), and its
//! start block is marked `()`. The side panel names the region's color and
//! marks its line in the key list (playing it is legal but wasted). With a
//! move limit (`--limit`) the counter shows moves/limit, and the game is
//! lost when the moves run out before the board is clear; undo and restart
//! still work.
//!
//! In raw mode Ctrl-Z is a key (it does nothing); a stop from outside
//! (SIGTSTP) gives the terminal back before the process stops (a hint's or
//! a step's search under way is stopped first, as Esc stops it), and after
//! SIGCONT the game takes it again and is drawn afresh (`JobControl`).
//!
//! `TuiGame` holds the state and answers keys; drawing is a pure function of
//! it, so both are tested with ratatui's `TestBackend`.

use super::game_text::Ending;
use super::game_text::{MAX_GAME_MOVES, MoveLimit, move_text, rules_title, too_many_moves_text};
use anyhow::Result;
use cw_core::{BLANK_HEX, Board, ClusterGraph, Color, Game, MAX_COLORS};
use cw_solve::exact::{ExactOptions, solve_exact_from};
use cw_solve::{Limits, SearchCtx, Spec};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color as TermColor, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Time allowed for a hint before it settles for the best line found.
const HINT_TIME: Duration = Duration::from_secs(3);

/// Time allowed for a solver's step: a search that needs longer plays the
/// first move of the best line it has (the screen waits meanwhile).
const STEP_TIME: Duration = Duration::from_secs(5);

/// The state of a full-screen game.
pub struct TuiGame {
    board: Board,
    graph: ClusterGraph,
    moves: Vec<Color>,
    solver: Spec,
    limit: Option<MoveLimit>,
    message: String,
    /// Stops a hint's or a solver step's search (a signal to the process).
    cancel: Option<Arc<AtomicBool>>,
    /// The solver's whole line (the moves before it took over, then its
    /// own) that steps play from while the game follows it.
    step_line: Option<Vec<Color>>,
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
        let keys = color_key_ranges(board.n_colors());
        TuiGame {
            board,
            graph,
            moves: Vec::new(),
            solver,
            limit: None,
            message: format!("{keys} play · u undo · h hint · s solver step · r restart · q quit"),
            cancel: None,
            step_line: None,
        }
    }

    /// The same game with its searches stopped by `cancel`.
    pub fn with_cancel(mut self, cancel: Arc<AtomicBool>) -> TuiGame {
        self.cancel = Some(cancel);
        self
    }

    /// The same game with a move limit: it is lost when its moves run out
    /// before the board is clear.
    pub fn with_limit(mut self, limit: Option<MoveLimit>) -> TuiGame {
        if let Some(l) = &limit {
            self.message = format!("move limit {} ({}) · {}", l.moves, l.how, self.message);
        }
        self.limit = limit;
        self
    }

    /// Whether the moves ran out before the board was cleared.
    pub fn is_lost(&self) -> bool {
        self.limit
            .as_ref()
            .is_some_and(|l| self.moves.len() >= l.moves as usize && !self.game().is_solved())
    }

    fn lost_message(&self) -> String {
        let left = self.game().blocks_left();
        format!(
            "out of moves: all {} are used and {} {} left. Lost! u undo · r restart · q quit",
            self.moves.len(),
            super::count(left, "block"),
            if left == 1 { "is" } else { "are" }
        )
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
            'q' => return Control::Quit,
            // Esc stops a search (see `run`); it does not quit, as an arrow
            // key whose bytes come in two reads arrives as Esc first.
            '\u{1b}' => self.message = "Esc stops a hint's or a step's search; q quits".into(),
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
                        "'{key}' is not a key here: {} play; u, h, s, r, q",
                        color_key_ranges(n_colors)
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
        if self.is_lost() {
            self.message = self.lost_message();
            return;
        }
        if self.moves.len() >= MAX_GAME_MOVES as usize {
            self.message = too_many_moves_text();
            return;
        }
        let region = self.board.region_color(&self.moves);
        let gain = game.play(c);
        let solved = game.is_solved();
        self.moves.push(c);
        self.message = if solved {
            format!("cleared in {}!", super::count(self.moves.len(), "move"))
        } else if self.is_lost() {
            self.lost_message()
        } else {
            // The key, then what the move did (by its color's number in
            // the line-mode text, which names it too).
            let text = move_text(c, gain.blocks, region);
            let rest = text.split_once(' ').map_or(text.as_str(), |(_, rest)| rest);
            format!("{} {rest}", button(c))
        };
    }

    fn hint(&mut self) {
        let game = self.game();
        if game.is_solved() {
            self.message = "the board is clear".into();
            return;
        }
        if self.is_lost() {
            self.message = self.lost_message();
            return;
        }
        let limits = Limits {
            time_limit: Some(HINT_TIME),
            cancel: self.cancel.clone(),
            ..Limits::default()
        };
        let mut ctx = SearchCtx::new(&self.board, &limits);
        let r = solve_exact_from(&game, &ExactOptions::default(), &mut ctx);
        // Under a move limit, a finish longer than the moves left is said
        // to be so, and the limit out of reach when the bound passes them.
        // At most 35 characters, so that the longest hint (stopped, 999
        // moves, "lavender") still fits the message's two rows at the
        // narrowest screen.
        let past_limit = match &self.limit {
            Some(l) => {
                let left = (l.moves as usize).saturating_sub(self.moves.len());
                if r.lower_bound as usize > left {
                    format!(
                        "; only {} left: the limit cannot be met",
                        super::count(left, "move")
                    )
                } else if r.moves.len() > left {
                    format!("; only {} left", super::count(left, "move"))
                } else {
                    String::new()
                }
            }
            None => String::new(),
        };
        self.message = match r.moves.first() {
            Some(&c) if self.stopped() && !r.proven => format!(
                "hint stopped: {} ({}) begins the best finish found, in {} more moves (at least {}){past_limit}",
                button(c),
                c.name(),
                r.moves.len(),
                r.lower_bound
            ),
            Some(&c) => {
                let finish = if r.proven {
                    format!("an optimal finish takes {} more moves", r.moves.len())
                } else {
                    format!(
                        "a finish in {} more moves (at least {}; not proven optimal in {} s)",
                        r.moves.len(),
                        r.lower_bound,
                        HINT_TIME.as_secs()
                    )
                };
                format!("hint: {} ({}); {finish}{past_limit}", button(c), c.name())
            }
            None if self.stopped() => "hint stopped before a finish was found".into(),
            None => "no hint found".into(),
        };
    }

    /// Whether the searches were told to stop (Esc during one, or a signal).
    fn stopped(&self) -> bool {
        self.cancel
            .as_ref()
            .is_some_and(|c| c.load(Ordering::SeqCst))
    }

    /// What the screen says while key `ch` searches (a hint or a solver's
    /// step on a board not yet over), if it does.
    fn searching(&self, ch: char) -> Option<String> {
        let over = self.game().is_solved() || self.is_lost();
        match ch {
            'h' if !over => Some(format!(
                "thinking of a hint (up to {} s; Esc stops)…",
                HINT_TIME.as_secs()
            )),
            's' if !over => Some(format!(
                "{} is thinking (up to {} s; Esc stops)…",
                self.solver,
                STEP_TIME.as_secs()
            )),
            _ => None,
        }
    }

    fn solver_step(&mut self) {
        let game = self.game();
        if game.is_solved() {
            self.message = "the board is clear".into();
            return;
        }
        if self.is_lost() {
            self.message = self.lost_message();
            return;
        }
        if self.moves.len() >= MAX_GAME_MOVES as usize {
            self.message = too_many_moves_text();
            return;
        }
        // A step plays the solver's line one move a key: the line it plays
        // from where it took over, found once, so stepping plays what a
        // whole solve would (round robin's cycle and random's draws go on
        // from its own earlier moves); a move of the player's asks again.
        let followed = self.step_line.as_ref().and_then(|line| {
            (line.len() > self.moves.len() && line.starts_with(&self.moves))
                .then(|| line[self.moves.len()])
        });
        let next = match followed {
            Some(c) => Some(c),
            None => {
                let limits = Limits {
                    time_limit: Some(STEP_TIME),
                    cancel: self.cancel.clone(),
                    ..Limits::default()
                };
                let line = self.solver.build().ok().map(|mut solver| {
                    cw_solve::solve_from(&self.graph, &self.moves, solver.as_mut(), &limits).moves
                });
                if self.stopped() {
                    self.message = format!("{}'s step stopped: nothing played", self.solver);
                    return;
                }
                let next = line.as_ref().and_then(|l| l.get(self.moves.len()).copied());
                self.step_line = line;
                next
            }
        };
        match next {
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

    /// The side panel's lines at its narrowest (a color's line fits as it
    /// is; the others are wrapped at word boundaries).
    fn panel_lines(&self) -> Vec<Line<'static>> {
        let inner = usize::from(PANEL_WIDTH - 2);
        let game = self.game();
        let region = self.board.region_color(&self.moves);
        let mut lines = Vec::new();
        let text = |lines: &mut Vec<Line<'static>>, text: String, style: Style| {
            for row in wrap(&text, inner) {
                lines.push(Line::styled(row, style));
            }
        };
        let counter = match &self.limit {
            Some(l) => format!("moves: {} / {}", self.moves.len(), l.moves),
            None => format!("moves: {}", self.moves.len()),
        };
        text(&mut lines, counter, Style::new());
        if let Some(l) = &self.limit {
            text(&mut lines, format!("limit: {}", l.how), Style::new().dim());
        }
        text(
            &mut lines,
            format!("blocks left: {}", game.blocks_left()),
            Style::new(),
        );
        if let Some(r) = region {
            text(&mut lines, format!("region: {} ◀", r.name()), Style::new());
            text(&mut lines, format!("start: {START_SYMBOL}"), Style::new());
        }
        if self.is_lost() {
            text(
                &mut lines,
                "out of moves!".into(),
                Style::new().bold().red(),
            );
        }
        lines.push(Line::from(""));
        for c in (0..self.board.n_colors() as u8).map(Color) {
            let (r, g, b) = c.rgb();
            // ` K ` + a block's two cells + ` name` (names have at most 8
            // letters) + ` ◀` on the region's color: at most 16 columns.
            let mut spans = vec![
                Span::raw(format!(" {} ", button(c))),
                Span::styled("  ", Style::new().bg(TermColor::Rgb(r, g, b))),
                Span::raw(format!(" {}", c.name())),
            ];
            if region == Some(c) {
                spans.push(Span::raw(" ◀").dim());
            }
            lines.push(Line::from(spans));
        }
        lines.push(Line::from(""));
        for command in ["u undo · h hint", "s solver step", "r restart", "q quit"] {
            text(&mut lines, command.into(), Style::new());
        }
        text(
            &mut lines,
            format!("solver: {}", self.solver),
            Style::new().dim(),
        );
        lines
    }

    /// The terminal size (columns, rows) the game needs: the board's box
    /// ([`board_box_width`](Self::board_box_width)) beside the panel at its
    /// narrowest (and at least [`MIN_WIDTH`] in all), above
    /// [`MESSAGE_ROWS`] of message.
    fn needs(&self) -> (u16, u16) {
        let board_width = self.board_box_width();
        let panel_rows = self.panel_lines().len() + 2;
        let top = (self.board.height() + 2).max(panel_rows);
        (
            (board_width + PANEL_WIDTH).max(MIN_WIDTH),
            (top as u16).saturating_add(MESSAGE_ROWS),
        )
    }

    /// The title over the board: its rules and its ID.
    fn board_title(&self) -> String {
        format!(" {} {} ", rules_title(&self.board), self.board.id())
    }

    /// Columns of the box around the board, its border included: two a
    /// block, and on a board narrower than its title, as many as the title
    /// needs (up to what the narrowest screen leaves beside the panel), so
    /// that a tiny board's title is not cut.
    fn board_box_width(&self) -> u16 {
        let board = self.board.width() * 2 + 2;
        let title = self.board_title().chars().count() + 2;
        let room = usize::from(MIN_WIDTH - PANEL_WIDTH);
        board.max(title.min(room)) as u16
    }

    /// Whether a terminal of `width` × `height` shows the game (else the
    /// screen says how much it needs, and only quitting works).
    pub fn fits(&self, width: u16, height: u16) -> bool {
        let need = self.needs();
        width >= need.0 && height >= need.1
    }

    /// Draws the game: the board on the left, the panel on the right, the
    /// message below them across the screen.
    pub fn draw(&self, frame: &mut Frame<'_>) {
        let board_width = self.board_box_width();
        let need = self.needs();
        let area = frame.area();
        if !self.fits(area.width, area.height) {
            let text = format!(
                "The terminal is {}×{}; this board needs at least {}×{}. Enlarge it, or play \
                 in line mode (--lines). q quits.",
                area.width, area.height, need.0, need.1
            );
            frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
            return;
        }
        let [top, bottom] = Layout::vertical([
            Constraint::Length(need.1 - MESSAGE_ROWS),
            Constraint::Min(0),
        ])
        .areas(area);
        let [left, right] = Layout::horizontal([
            Constraint::Length(board_width),
            Constraint::Min(PANEL_WIDTH),
        ])
        .areas(top);
        let game = self.game();
        let region = self.board.region_color(&self.moves);
        let block = Block::bordered().title(self.board_title());
        let inner = block.inner(left);
        frame.render_widget(block, left);
        frame.render_widget(
            BoardView {
                board: &self.board,
                game: &game,
                region,
            },
            inner,
        );
        frame.render_widget(
            Paragraph::new(self.panel_lines())
                .block(Block::bordered().title(format!(" {} game ", rules_title(&self.board)))),
            right,
        );
        frame.render_widget(
            Paragraph::new(Line::from(format!(" {}", self.message)).bold())
                .wrap(Wrap { trim: false }),
            bottom,
        );
    }
}

/// Columns of the side panel, its border included: a color's line (key,
/// swatch, the longest name and the region's mark) fills its inside.
const PANEL_WIDTH: u16 = 18;

/// Rows for the message under the board, at the least (more when the
/// terminal has them).
const MESSAGE_ROWS: u16 = 2;

/// The narrowest screen, so that the longest message (a stopped hint
/// under a move limit) fits its rows.
const MIN_WIDTH: u16 = 64;

/// `text` in rows of at most `width` characters, broken at spaces (a word
/// longer than a row is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let used = row.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            row.push(' ');
            row.extend(word);
            continue;
        }
        if used > 0 {
            rows.push(std::mem::take(&mut row));
        }
        while word.len() > width {
            rows.push(word.drain(..width).collect());
        }
        row.extend(word);
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// The mark of a Flood-It board's start block, in its two terminal cells.
pub const START_SYMBOL: &str = "()";

/// The board, two terminal cells per block.
struct BoardView<'a, 'g> {
    board: &'a Board,
    game: &'a Game<'g>,
    /// The region's color (Flood-It), or `None` to draw it blank.
    region: Option<Color>,
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
                let inside = self.game.is_blank(i);
                let color = if inside {
                    self.region
                } else {
                    self.board.cells()[i]
                };
                let bg = color.map_or(blank, |c| {
                    let (r, g, b) = c.rgb();
                    TermColor::Rgb(r, g, b)
                });
                let start = inside && self.region.is_some() && i == self.board.start();
                for (dx, symbol) in (0..2).zip(START_SYMBOL.chars()) {
                    let cell = &mut buf[(cx + dx, cy)];
                    cell.set_bg(bg);
                    if start {
                        let light = color.is_some_and(|c| crate::render::is_light(c.hex()));
                        let ink = if light {
                            TermColor::Black
                        } else {
                            TermColor::White
                        };
                        cell.set_char(symbol).set_fg(ink);
                    } else {
                        cell.set_symbol(" ");
                    }
                }
            }
        }
    }
}

fn rgb(hex: &str) -> TermColor {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0);
    TermColor::Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
}

/// The keys that are commands (`h` hint, `q` quit, `r` restart, `s` solver
/// step, `u` undo); no color has one of them.
const COMMAND_KEYS: [char; 5] = ['h', 'q', 'r', 's', 'u'];

/// The key of each color, in color order: the one mapping that both labels
/// the colors and reads the keys. `1`-`9`, then the lowercase letters that
/// are not commands (`a`-`g`, `i`-`p`, `t`, `v`-`z`), then `A`-`F`: one key
/// for each of the 36 colors a board may have, so boards of up to 16 colors
/// keep the keys 1-9, a-g.
const COLOR_KEYS: [char; MAX_COLORS] = [
    '1', '2', '3', '4', '5', '6', '7', '8', '9', //
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 't', 'v', 'w', 'x',
    'y', 'z', //
    'A', 'B', 'C', 'D', 'E', 'F',
];

// Checked when compiling: the color keys are distinct and none is a command.
const _: () = {
    let mut i = 0;
    while i < COLOR_KEYS.len() {
        let mut j = 0;
        while j < COMMAND_KEYS.len() {
            assert!(
                COLOR_KEYS[i] != COMMAND_KEYS[j],
                "a color key is a command key"
            );
            j += 1;
        }
        let mut k = i + 1;
        while k < COLOR_KEYS.len() {
            assert!(COLOR_KEYS[i] != COLOR_KEYS[k], "two colors share a key");
            k += 1;
        }
        i += 1;
    }
};

/// The key of a color (see [`COLOR_KEYS`]).
fn button(c: Color) -> char {
    // Boards have at most MAX_COLORS colors, so every color has a key.
    COLOR_KEYS.get(c.index()).copied().unwrap_or('?')
}

/// The color of a key, if the board has it (see [`COLOR_KEYS`]).
fn button_color(key: char, n_colors: usize) -> Option<Color> {
    COLOR_KEYS[..n_colors.min(MAX_COLORS)]
        .iter()
        .position(|&k| k == key)
        .map(|i| Color(i as u8))
}

/// The keys of a board's colors as runs, for messages: `1-5`, or
/// `1-9, a-g, i-p, t, v-z, A-F` for 36 colors.
fn color_key_ranges(n_colors: usize) -> String {
    let keys = &COLOR_KEYS[..n_colors.min(MAX_COLORS)];
    let mut runs: Vec<(char, char)> = Vec::new();
    for &key in keys {
        match runs.last_mut() {
            Some((_, last)) if u32::from(*last) + 1 == u32::from(key) => *last = key,
            _ => runs.push((key, key)),
        }
    }
    runs.iter()
        .map(|&(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}-{last}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A key press as the game reads it.
#[derive(Debug, PartialEq, Eq)]
enum Key {
    /// Ctrl-C or Ctrl-D: quit, as in any terminal program.
    Quit,
    /// A key that does nothing here (other control keys are no color keys).
    Other,
    /// A character for [`TuiGame::key`] (Esc as `'\u{1b}'`).
    Char(char),
}

fn key_of(code: KeyCode, modifiers: KeyModifiers) -> Key {
    let control = modifiers.contains(KeyModifiers::CONTROL);
    match code {
        KeyCode::Char('c' | 'd') if control => Key::Quit,
        _ if control => Key::Other,
        // Esc and a key right after it come as one Alt-key: it is the Esc
        // (which stops a search), not the key (`Esc 1` must not play 1).
        KeyCode::Char(_) if modifiers.contains(KeyModifiers::ALT) => Key::Char('\u{1b}'),
        KeyCode::Char(ch) => Key::Char(ch),
        KeyCode::Esc => Key::Char('\u{1b}'),
        _ => Key::Other,
    }
}

/// Runs the full-screen game until the player quits.
///
/// A hint's or a solver step's search runs on a second thread while this
/// one reads keys: Esc stops it (the hint then names the best finish found
/// so far; the step plays nothing), `q` and Ctrl-C stop it and quit, and
/// other keys are dropped rather than played after it.
/// A signal to the process (SIGINT, SIGTERM, SIGHUP: in raw mode Ctrl-C is
/// a key, so these come from outside) stops a search under way and ends the
/// game like `q`, so the terminal is always given back as it was; a stop
/// (SIGTSTP) stops a search under way as Esc does, then the process.
pub fn run(board: Board, solver: Spec, limit: Option<MoveLimit>) -> Result<Ending> {
    let signalled = crate::interrupt::flag();
    // Set to stop the search under way; cleared before each.
    let stop = Arc::new(AtomicBool::new(false));
    let mut game = TuiGame::new(board, solver)
        .with_limit(limit)
        .with_cancel(stop.clone());
    let mut terminal = ratatui::init();
    crate::interrupt::full_screen(true);
    let job_control = JobControl::new();
    // Keys typed before the game was drawn (while par was searched, say)
    // were not meant for it: they would play moves nobody saw.
    while event::poll(Duration::ZERO)? {
        event::read()?;
    }
    let result = (|| -> Result<()> {
        'draw: loop {
            terminal.draw(|f| game.draw(f))?;
            // Wakes every 100 ms to see whether a signal came.
            while !event::poll(Duration::from_millis(100))? {
                if signalled.load(Ordering::SeqCst) {
                    return Ok(());
                }
                if job_control.came_back()? {
                    redraw_all(&mut terminal)?;
                    continue 'draw;
                }
            }
            if signalled.load(Ordering::SeqCst) {
                return Ok(());
            }
            if let Event::Key(k) = event::read()?
                && k.kind == KeyEventKind::Press
            {
                let ch = match key_of(k.code, k.modifiers) {
                    Key::Quit => return Ok(()),
                    Key::Other => continue,
                    Key::Char(ch) => ch,
                };
                // Too small a terminal shows no game: only quitting works.
                let size = terminal.size()?;
                if !game.fits(size.width, size.height) && ch != 'q' {
                    continue;
                }
                // A search may take seconds: say so before it starts.
                if let Some(what) = game.searching(ch) {
                    game.message = what;
                    terminal.draw(|f| game.draw(f))?;
                    stop.store(false, Ordering::SeqCst);
                    let then = search_reading_keys(&mut game, ch, &stop, &signalled, &job_control)?;
                    if then == Control::Quit {
                        return Ok(());
                    }
                    // A stop asked during the search stopped it: the
                    // process stops now, not after the next key's wait.
                    if job_control.came_back()? {
                        redraw_all(&mut terminal)?;
                    }
                    continue;
                }
                if game.key(ch) == Control::Quit {
                    return Ok(());
                }
            }
        }
    })();
    ratatui::restore();
    crate::interrupt::full_screen(false);
    let n = game.moves().len();
    let moves = u32::try_from(n).unwrap_or(u32::MAX);
    let ending = if game.game().is_solved() {
        println!("cleared {} in {}", game.board.id(), super::count(n, "move"));
        Ending::Cleared(moves)
    } else if game.is_lost() {
        println!(
            "lost {}: out of moves after {} ({} left)",
            game.board.id(),
            super::count(n, "move"),
            super::count(game.game().blocks_left(), "block")
        );
        Ending::Lost(moves)
    } else {
        println!(
            "stopped {} after {}",
            game.board.id(),
            super::count(n, "move")
        );
        Ending::Quit(moves)
    };
    result.map(|()| ending)
}

/// Draws the whole screen again at the next draw, after the shell had the
/// terminal: both buffers emptied, the next draw writes every cell
/// (`Terminal::clear` would ask the terminal where its cursor is, and wait
/// for the answer).
fn redraw_all(terminal: &mut ratatui::DefaultTerminal) -> Result<()> {
    ratatui::crossterm::execute!(
        std::io::stdout(),
        ratatui::crossterm::terminal::Clear(ratatui::crossterm::terminal::ClearType::All)
    )?;
    terminal.swap_buffers();
    terminal.swap_buffers();
    Ok(())
}

/// Job control (Unix): a stop asked from outside (SIGTSTP; in raw mode
/// Ctrl-Z is a key) gives the terminal back to the shell before the process
/// stops, and after SIGCONT (also after a SIGSTOP, which cannot be caught)
/// the game takes the terminal again and is drawn afresh.
struct JobControl {
    #[cfg(unix)]
    stop_asked: Arc<AtomicBool>,
    #[cfg(unix)]
    continued: Arc<AtomicBool>,
    #[cfg(unix)]
    handlers: Vec<signal_hook::SigId>,
}

impl JobControl {
    /// Starts watching for the two signals (while the game runs).
    fn new() -> JobControl {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGCONT, SIGTSTP};
            let stop_asked = Arc::new(AtomicBool::new(false));
            let continued = Arc::new(AtomicBool::new(false));
            // Without a handler, the signals keep their default actions.
            let handlers = [(SIGTSTP, &stop_asked), (SIGCONT, &continued)]
                .into_iter()
                .filter_map(|(signal, flag)| signal_hook::flag::register(signal, flag.clone()).ok())
                .collect();
            JobControl {
                stop_asked,
                continued,
                handlers,
            }
        }
        #[cfg(not(unix))]
        JobControl {}
    }

    /// Whether a stop was asked and not yet answered by
    /// [`came_back`](Self::came_back): a search under way then stops, so
    /// that the process stops at once.
    fn stop_pending(&self) -> bool {
        #[cfg(unix)]
        let pending = self.stop_asked.load(Ordering::SeqCst);
        #[cfg(not(unix))]
        let pending = false;
        pending
    }

    /// Answers a stop asked since the last call (the terminal is given
    /// back, then the process stops until continued); says whether the
    /// process was stopped and continued since, so that the game takes the
    /// terminal again and must be drawn afresh.
    fn came_back(&self) -> Result<bool> {
        #[cfg(unix)]
        {
            use ratatui::crossterm::{cursor, execute, terminal};
            if self.stop_asked.swap(false, Ordering::SeqCst) {
                ratatui::restore();
                execute!(std::io::stdout(), cursor::Show)?;
                crate::interrupt::full_screen(false);
                signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)?;
            }
            if self.continued.swap(false, Ordering::SeqCst) {
                terminal::enable_raw_mode()?;
                execute!(
                    std::io::stdout(),
                    terminal::EnterAlternateScreen,
                    cursor::Hide
                )?;
                crate::interrupt::full_screen(true);
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// The flags stop being set once the game ends; SIGTSTP keeps a handler
/// that does nothing (`unregister` does not bring the default back), which
/// does not matter as `play` ends right after the game.
impl Drop for JobControl {
    fn drop(&mut self) {
        #[cfg(unix)]
        for id in self.handlers.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

/// Answers key `ch`, which searches, on a second thread while this one
/// reads keys and signals (see [`run`]); says whether to quit. A stop asked
/// from outside (SIGTSTP) stops the search as Esc does and returns, for the
/// caller to stop the process.
fn search_reading_keys(
    game: &mut TuiGame,
    ch: char,
    stop: &AtomicBool,
    signalled: &AtomicBool,
    job_control: &JobControl,
) -> Result<Control> {
    std::thread::scope(|scope| {
        let search = scope.spawn(|| game.key(ch));
        let mut then = Control::Continue;
        let mut failed = None;
        while !search.is_finished() {
            if signalled.load(Ordering::SeqCst) {
                then = Control::Quit;
            }
            let key = match event::poll(Duration::from_millis(50)) {
                Ok(false) => None,
                Ok(true) => match event::read() {
                    Ok(Event::Key(k)) if k.kind == KeyEventKind::Press => {
                        Some(key_of(k.code, k.modifiers))
                    }
                    Ok(_) => None,
                    Err(e) => {
                        failed = Some(e);
                        None
                    }
                },
                Err(e) => {
                    failed = Some(e);
                    None
                }
            };
            match key {
                Some(Key::Quit | Key::Char('q')) => then = Control::Quit,
                Some(Key::Char('\u{1b}')) => stop.store(true, Ordering::SeqCst),
                _ => {}
            }
            if then == Control::Quit || failed.is_some() || job_control.stop_pending() {
                stop.store(true, Ordering::SeqCst);
                break;
            }
        }
        // A stopped search returns within milliseconds.
        let answered = search
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        match failed {
            Some(e) => Err(e.into()),
            None if answered == Control::Quit => Ok(Control::Quit),
            None => Ok(then),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    /// The game drawn on a 100×24 terminal, as text.
    fn screen(game: &TuiGame) -> String {
        screen_text(game, 100, 24)
    }

    /// The game drawn on a `width`×`height` terminal, as text.
    fn screen_text(game: &TuiGame, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
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
    fn a_tiny_boards_title_is_drawn_whole() {
        for board in [
            Board::seeded(3, 2, 3, 7).unwrap(),
            Board::seeded_flood_it(2, 2, 2, 1, (1, 1)).unwrap(),
        ] {
            let game = TuiGame::new(board.clone(), Spec::parse("greedy").unwrap());
            let title = format!(" {} {} ", rules_title(&board), board.id());
            let need = game.needs();
            for (width, height) in [need, (100, 24)] {
                let text = screen_text(&game, width, height);
                assert!(text.contains(&title), "{title:?} is cut:\n{text}");
            }
        }
        // A board wider than its title keeps its own width.
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        assert_eq!(game.board_box_width(), 62);
    }

    #[test]
    fn keys_past_the_most_moves_a_game_plays_are_refused() {
        let cells = ".01101".chars().map(Color::from_char).collect();
        let board = Board::new(3, 2, 2, cells).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        // As after that many presses of key 1 (color 0: wasted moves).
        game.moves = vec![Color(0); MAX_GAME_MOVES as usize - 1];
        game.key('1');
        assert_eq!(game.moves().len(), MAX_GAME_MOVES as usize);
        for key in ['1', 's'] {
            game.key(key);
            assert_eq!(game.moves().len(), MAX_GAME_MOVES as usize);
            assert_eq!(
                game.message(),
                "a game plays at most 10000 moves: u to undo, r to restart, q to quit"
            );
        }
        game.key('u');
        assert_eq!(game.moves().len(), MAX_GAME_MOVES as usize - 1);
    }

    #[test]
    fn solver_steps_clear_the_board_and_hints_advise_a_useful_move() {
        let board = Board::seeded(6, 5, 3, 4).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        assert_eq!(
            game.searching('h').as_deref(),
            Some("thinking of a hint (up to 3 s; Esc stops)…")
        );
        game.key('h');
        assert!(game.message().starts_with("hint: "), "{}", game.message());
        // A small board: the hint's line is proven optimal.
        assert!(
            game.message().contains("an optimal finish takes"),
            "{}",
            game.message()
        );
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
    fn a_hint_that_is_not_proven_says_so() {
        // No proof of a 26x26 board with 8 colors in 3 s.
        let board = Board::seeded(26, 26, 8, 2).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        game.key('h');
        let message = game.message();
        assert!(message.starts_with("hint: "), "{message}");
        assert!(message.contains("not proven optimal in 3 s"), "{message}");
        assert!(!message.contains("an optimal finish"), "{message}");
    }

    #[test]
    fn steps_play_what_a_whole_solve_plays_until_the_player_moves() {
        // Round robin's and random's moves depend on their own earlier ones.
        for spec in ["round-robin", "random:rng=seeded,seed=7", "greedy"] {
            let board = Board::koblenski(30, 20, 5, 1).unwrap();
            let graph = ClusterGraph::new(&board);
            let mut solver = Spec::parse(spec).unwrap().build().unwrap();
            let whole = cw_solve::solve(&graph, solver.as_mut(), &Limits::default()).moves;
            let mut game = TuiGame::new(board, Spec::parse(spec).unwrap());
            for _ in 0..6 {
                game.key('s');
            }
            assert_eq!(game.moves(), &whole[..6], "{spec}: {}", game.message());
        }
        // A move of the player's: the next step is the solver's from there.
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let graph = ClusterGraph::new(&board);
        let mut game = TuiGame::new(board, Spec::parse("round-robin").unwrap());
        game.key('s');
        game.key('5');
        game.key('s');
        let mut solver = Spec::parse("round-robin").unwrap().build().unwrap();
        let prefix = &game.moves()[..2].to_vec();
        let from_there =
            cw_solve::solve_from(&graph, prefix, solver.as_mut(), &Limits::default()).moves;
        assert_eq!(game.moves(), &from_there[..3]);
    }

    #[test]
    fn a_stopped_search_says_so_and_a_stopped_step_plays_nothing() {
        // As after Esc: the flag is set while (here: before) they search.
        let stop = Arc::new(AtomicBool::new(true));
        let board = Board::seeded(26, 26, 8, 2).unwrap();
        let mut game =
            TuiGame::new(board, Spec::parse("greedy").unwrap()).with_cancel(stop.clone());
        game.key('h');
        assert!(
            game.message().starts_with("hint stopped"),
            "{}",
            game.message()
        );
        assert!(!game.message().contains("not proven optimal in"));
        game.key('s');
        assert!(game.moves().is_empty());
        assert_eq!(game.message(), "greedy's step stopped: nothing played");
        // Cleared again, both work.
        stop.store(false, Ordering::SeqCst);
        game.key('s');
        assert_eq!(game.moves().len(), 1, "{}", game.message());
    }

    #[test]
    fn a_terminal_too_small_for_the_board_says_so() {
        // The series' 30x20 board: 62 columns of board and 18 of panel fill
        // an 80x24 terminal, with two rows of message below.
        let game = TuiGame::new(
            Board::koblenski(30, 20, 5, 1).unwrap(),
            Spec::parse("greedy").unwrap(),
        );
        assert!(game.fits(80, 24));
        assert!(!game.fits(79, 24) && !game.fits(80, 23));
        let small = screen_text(&game, 79, 24);
        assert!(
            small.contains("The terminal is 79×24; this board needs at least 80×24."),
            "{small}"
        );
        let fits = screen_text(&game, 80, 24);
        for line in [
            " 5    amber",
            "q quit",
            "solver: greedy",
            " 1-5 play · u undo",
        ] {
            assert!(fits.contains(line), "{line}: {fits}");
        }
        // The message has the last two rows.
        let rows: Vec<&str> = fits.lines().collect();
        assert!(rows[21].starts_with('└') && rows[22].starts_with(" 1-5 play"));
        // 36 colors: a line a key, so more rows than the board's.
        let id: cw_core::BoardId = "10x10c36-f1".parse().unwrap();
        let game = TuiGame::new(id.board().unwrap(), Spec::parse("greedy").unwrap());
        assert!(screen_text(&game, 100, 30).contains("needs at least 64×51"));
        // At that size the panel shows its last key and what follows it.
        let fits = screen_text(&game, 64, 51);
        assert!(!fits.contains("The terminal is"), "{fits}");
        assert!(
            fits.contains(" F    ") && fits.contains("solver: greedy"),
            "{fits}"
        );
    }

    #[test]
    fn panel_text_wraps_at_spaces_and_cuts_only_longer_words() {
        assert_eq!(
            wrap("solver: near:width=60", 16),
            ["solver:", "near:width=60"]
        );
        assert_eq!(wrap("u undo · h hint", 16), ["u undo · h hint"]);
        assert_eq!(wrap("abcdefghij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(wrap("a  b", 16), ["a b"]);
        assert_eq!(wrap("", 16), [""]);
        // A long spec, and a limit too long for one row, stay in the panel.
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let spec = Spec::parse("near:width=1000,widen=2000,gap=3,tail=5000").unwrap();
        let game = TuiGame::new(board, spec).with_limit(Some(MoveLimit {
            moves: 30,
            how: "par ≤ 29 (not proven in 3 s) + 1".into(),
        }));
        assert!(game.fits(80, 24));
        let text = screen_text(&game, 80, 24);
        assert!(text.contains("(not proven in"), "{text}");
        assert!(text.contains("solver:"), "{text}");
    }

    #[test]
    fn control_keys_quit_or_do_nothing() {
        let ctrl = KeyModifiers::CONTROL;
        assert_eq!(key_of(KeyCode::Char('c'), ctrl), Key::Quit);
        assert_eq!(key_of(KeyCode::Char('d'), ctrl), Key::Quit);
        // Ctrl-U is no undo, Ctrl-A no color.
        assert_eq!(key_of(KeyCode::Char('u'), ctrl), Key::Other);
        assert_eq!(key_of(KeyCode::Char('a'), ctrl), Key::Other);
        assert_eq!(
            key_of(KeyCode::Char('c'), KeyModifiers::NONE),
            Key::Char('c')
        );
        assert_eq!(
            key_of(KeyCode::Char('F'), KeyModifiers::SHIFT),
            Key::Char('F')
        );
        // Esc then 1 in one read arrives as Alt-1: the Esc, not a move.
        assert_eq!(
            key_of(KeyCode::Char('1'), KeyModifiers::ALT),
            Key::Char('\u{1b}')
        );
        assert_eq!(
            key_of(KeyCode::Esc, KeyModifiers::NONE),
            Key::Char('\u{1b}')
        );
        assert_eq!(key_of(KeyCode::Up, KeyModifiers::NONE), Key::Other);
        // Esc outside a search quits nothing: an arrow key split over two
        // reads starts with it.
        let board = Board::koblenski(30, 20, 5, 1).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        game.key('1');
        assert_eq!(game.key('\u{1b}'), Control::Continue);
        assert_eq!(game.moves().len(), 1);
        assert!(game.message().contains("q quits"), "{}", game.message());
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

    /// 3×2 Flood-It board `001 / 211` from the top-left: the region starts
    /// as blocks 0 and 1 (color 0); keys 2 then 3 clear it (par 2).
    fn flood_it() -> Board {
        let cells = "001211".chars().map(Color::from_char).collect();
        Board::with_start(3, 2, 3, cells, 0).unwrap()
    }

    fn bg(c: Color) -> TermColor {
        let (r, g, b) = c.rgb();
        TermColor::Rgb(r, g, b)
    }

    #[test]
    fn a_flood_it_region_takes_its_color_and_its_start_is_marked() {
        let mut game = TuiGame::new(flood_it(), Spec::parse("greedy").unwrap());
        let mut terminal = Terminal::new(TestBackend::new(100, 24)).unwrap();
        terminal.draw(|f| game.draw(f)).unwrap();
        let buf = terminal.backend().buffer().clone();
        // The start block (inside the border at 1,1) is marked on the
        // region's color, teal; the region's other block is teal too.
        assert_eq!(buf[(1, 1)].bg, bg(Color(0)));
        assert_eq!(buf[(1, 1)].symbol(), "(");
        assert_eq!(buf[(2, 1)].symbol(), ")");
        assert_eq!(buf[(3, 1)].bg, bg(Color(0)));
        assert_eq!(buf[(3, 1)].symbol(), " ");
        assert_eq!(buf[(5, 1)].bg, bg(Color(1)));
        let text = screen(&game);
        assert!(text.contains(" Flood-It game "), "{text}");
        assert!(text.contains("region: teal ◀"), "{text}");
        assert!(text.contains("start: ()"), "{text}");
        assert!(text.contains(" 1    teal ◀"), "{text}");
        assert!(text.contains("1-3 play"), "{text}");

        // Navy takes in three blocks, and the whole region turns navy.
        game.key('2');
        assert_eq!(game.message(), "2 (navy): the region takes in 3 blocks");
        terminal.draw(|f| game.draw(f)).unwrap();
        let buf = terminal.backend().buffer().clone();
        for (x, y) in [(1, 1), (3, 1), (5, 1), (3, 2), (5, 2)] {
            assert_eq!(buf[(x, y)].bg, bg(Color(1)), "block at {x},{y}");
        }
        assert_eq!(buf[(1, 1)].symbol(), "(");
        assert_eq!(buf[(1, 2)].bg, bg(Color(2)), "the coral block is left");
        assert!(screen(&game).contains(" 2    navy ◀"));
        // The region's own color again: a wasted move, counted.
        game.key('2');
        assert!(
            game.message().contains("a wasted move, still counted"),
            "{}",
            game.message()
        );
        assert_eq!(game.moves().len(), 2);
        game.key('3');
        assert!(game.game().is_solved());
        assert_eq!(game.message(), "cleared in 3 moves!");
    }

    #[test]
    fn a_limited_game_is_lost_when_its_moves_run_out() {
        let limit = MoveLimit {
            moves: 2,
            how: "par 2".into(),
        };
        let mut game =
            TuiGame::new(flood_it(), Spec::parse("greedy").unwrap()).with_limit(Some(limit));
        assert!(
            game.message().starts_with("move limit 2 (par 2)"),
            "{}",
            game.message()
        );
        assert!(screen(&game).contains("moves: 0 / 2"));
        game.key('1'); // teal: the region's color, wasted
        // Two moves are needed from here, and one is left.
        game.key('h');
        assert!(
            game.message().ends_with(
                "an optimal finish takes 2 more moves; only 1 move left: the limit cannot be met"
            ),
            "{}",
            game.message()
        );
        game.key('2'); // navy: one block is left, and no move
        assert!(game.is_lost());
        assert!(game.message().contains("Lost!"), "{}", game.message());
        let text = screen(&game);
        assert!(text.contains("moves: 2 / 2"), "{text}");
        assert!(text.contains("out of moves!"), "{text}");
        assert!(text.contains("limit: par 2"), "{text}");
        // No more moves, by key or by the solver; undo still works.
        game.key('3');
        game.key('s');
        assert_eq!(game.moves().len(), 2);
        assert!(
            game.message().contains("out of moves"),
            "{}",
            game.message()
        );
        game.key('u');
        game.key('u');
        assert!(!game.is_lost());
        game.key('2');
        game.key('3');
        assert!(game.game().is_solved());
        assert!(!game.is_lost());
        assert_eq!(game.message(), "cleared in 2 moves!");
    }

    #[test]
    fn the_keys_of_every_color_are_listed() {
        let board = Board::seeded_flood_it(8, 6, 12, 3, (2, 2)).unwrap();
        let game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        assert!(
            game.message().starts_with("1-9, a-c play"),
            "{}",
            game.message()
        );
        let text = screen_text(&game, 100, 30);
        for c in (0..12u8).map(Color) {
            let line = format!(" {}    {}", button(c), c.name());
            assert!(text.contains(&line), "{line}: {text}");
        }
        // The start block, row 2 and column 2, is marked.
        let row = text.lines().nth(1 + 2).unwrap();
        assert_eq!(row.chars().nth(1 + 4), Some('('), "{row}");
    }

    #[test]
    fn every_color_count_has_its_own_keys_apart_from_the_commands() {
        for n_colors in 2..=MAX_COLORS {
            let labels: Vec<char> = (0..n_colors as u8).map(|i| button(Color(i))).collect();
            let distinct: std::collections::HashSet<char> = labels.iter().copied().collect();
            assert_eq!(distinct.len(), n_colors, "{n_colors} colors: {labels:?}");
            for (i, &label) in labels.iter().enumerate() {
                assert!(
                    !COMMAND_KEYS.contains(&label) && label != '\u{1b}',
                    "{n_colors} colors: color {i} has the command key '{label}'"
                );
                assert_eq!(
                    button_color(label, n_colors),
                    Some(Color(i as u8)),
                    "{n_colors} colors: key '{label}'"
                );
            }
            // The next color's key is not a key on this board.
            if n_colors < MAX_COLORS {
                assert_eq!(button_color(button(Color(n_colors as u8)), n_colors), None);
            }
            for command in COMMAND_KEYS {
                assert_eq!(button_color(command, n_colors), None, "'{command}'");
            }
        }
    }

    #[test]
    fn the_key_ranges_name_exactly_the_color_keys() {
        assert_eq!(color_key_ranges(5), "1-5");
        assert_eq!(color_key_ranges(12), "1-9, a-c");
        assert_eq!(color_key_ranges(16), "1-9, a-g");
        assert_eq!(color_key_ranges(17), "1-9, a-g, i");
        assert_eq!(color_key_ranges(30), "1-9, a-g, i-p, t, v-z");
        assert_eq!(color_key_ranges(MAX_COLORS), "1-9, a-g, i-p, t, v-z, A-F");
    }

    #[test]
    fn a_board_of_30_colors_plays_every_color_and_keeps_its_commands() {
        let board = Board::seeded_flood_it(6, 6, 30, 1, (0, 0)).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        assert!(
            game.message().starts_with("1-9, a-g, i-p, t, v-z play"),
            "{}",
            game.message()
        );
        // The keys after g play colors 16 and up.
        for (key, color) in [('i', 16), ('t', 24), ('z', 29)] {
            assert_eq!(game.key(key), Control::Continue);
            assert_eq!(game.moves().last(), Some(&Color(color)), "key '{key}'");
        }
        // u, r and q are still commands.
        game.key('u');
        assert_eq!(game.moves(), &[Color(16), Color(24)]);
        game.key('r');
        assert!(game.moves().is_empty());
        game.key('A');
        assert!(game.moves().is_empty(), "a 30-color board has no key A");
        assert_eq!(
            game.message(),
            "'A' is not a key here: 1-9, a-g, i-p, t, v-z play; u, h, s, r, q"
        );
        assert_eq!(game.key('q'), Control::Quit);
    }

    #[test]
    fn a_board_of_36_colors_lists_a_key_for_each_color() {
        let board = Board::seeded_flood_it(6, 6, MAX_COLORS, 2, (0, 0)).unwrap();
        let mut game = TuiGame::new(board, Spec::parse("greedy").unwrap());
        let text = screen_text(&game, 100, 60);
        for c in (0..MAX_COLORS as u8).map(Color) {
            let line = format!(" {}    {}", button(c), c.name());
            assert!(text.contains(&line), "{line}: {text}");
        }
        game.key('F');
        assert_eq!(game.moves(), &[Color(35)]);
        assert!(game.message().starts_with("F "), "{}", game.message());
    }
}
