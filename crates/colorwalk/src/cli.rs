//! The command-line grammar (clap derive). Parsing only validates; the
//! commands in `cmd` turn these values into boards and games.

use clap::{Args, Parser, Subcommand, ValueEnum};
use cw_core::format::Format;

/// Color Walk solver lab: make, show, play, verify and convert boards.
#[derive(Debug, Parser)]
#[command(name = "colorwalk", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print one or many boards from a generator, a seed or IDs.
    New(NewArgs),
    /// Draw a board in the terminal with its real colors.
    Show(ShowArgs),
    /// Play a Color Walk or Flood-It board: full screen in a terminal (color keys, u undo, r restart, h hint, s solver step, Esc stops a search, q quit), line mode in pipes or with --lines; --limit for a move limit (exit code 0 cleared, 1 not cleared).
    Play(PlayArgs),
    /// Replay a move list on a board and report whether it clears it.
    Verify(VerifyArgs),
    /// Convert boards between formats.
    Convert(ConvertArgs),
    /// List every solver and preset with its parameters.
    Solvers(SolversArgs),
    /// Solve one board with one solver spec (exit code 0 cleared, 1 not
    /// cleared: the solver gave up or a budget ran out, 130 Ctrl-C).
    Solve(SolveArgs),
    /// The proven minimum number of moves of a board, with a solution (exit
    /// code 0 proven, 1 not proven within the budgets or --within answered
    /// no, 3 --within undecided, 130 Ctrl-C).
    Optimum(OptimumArgs),
    /// Run many solver specs over many boards, in parallel, and store the results.
    Bench(BenchArgs),
    /// List stored runs, or show one run's table.
    Runs(RunsArgs),
    /// Merge the stores of a sharded run (`bench --shard`) into one run.
    Merge(MergeArgs),
    /// Compare two stored runs, board by board.
    Compare(CompareArgs),
    /// Draw a stored run: moves histograms per spec, time against moves.
    Plot(PlotArgs),
    /// Serve the web lab: play, watch solvers, review games, run batches.
    Serve(ServeArgs),
}

/// `colorwalk solvers`.
#[derive(Debug, Args)]
pub struct SolversArgs {
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The board.
    #[command(flatten)]
    pub input: BoardArgs,
    /// The solver spec or preset (see `colorwalk solvers`).
    #[arg(long, short, default_value = "gla-5")]
    pub spec: String,
    /// Give up after this many moves (1 to 100000).
    #[arg(long, default_value_t = 1000, value_parser = whole::<u32>(1, 100_000))]
    pub max_moves: u32,
    /// Give up after this many seconds, 0.001 to 86400 (default: no limit; results then depend on the board and spec only).
    #[arg(long, value_parser = parse_seconds)]
    pub time_limit: Option<f64>,
    /// Memory the solver's search may hold, in MiB, 1 to 1048576 (default: only the spec's own caps).
    #[arg(long, value_parser = whole::<u64>(1, MAX_MEMORY_MB))]
    pub memory_mb: Option<u64>,
    /// Print to standard error how the exact search goes: its proven bounds each time they move, with the time, the positions expanded and the memory held.
    #[arg(long)]
    pub progress: bool,
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk optimum`.
#[derive(Debug, Args)]
pub struct OptimumArgs {
    /// The board.
    #[command(flatten)]
    pub input: BoardArgs,
    /// Memory cap of the search, in MiB (1 to 1048576).
    #[arg(long, default_value_t = 1024, value_parser = whole::<u64>(1, MAX_MEMORY_MB))]
    pub memory_mb: u64,
    /// Stop after this many seconds (0.001 to 86400) and report the best solution and bound found.
    #[arg(long, value_parser = parse_seconds)]
    pub time_limit: Option<f64>,
    /// Threads that expand positions side by side (1 to 64); the same minimum on any number, the same moves for the same number.
    #[arg(long, default_value_t = 1, value_parser = whole::<u16>(1, 64))]
    pub threads: u16,
    /// The ball bound with exact tails, the first of relaxed bound at most T and up to four more further in (eight on the last level), 0 to 30 (0: off); larger asks longer tails.
    #[arg(long, value_name = "T", default_value_t = cw_solve::search::DEFAULT_TAILS, value_parser = whole::<u32>(0, 30))]
    pub tails: u32,
    /// Answer "can this board be cleared in N moves?", N from 0 to 100000 (exit code 0 yes, 1 no, 3 undecided within the budgets).
    #[arg(long, value_name = "N", value_parser = whole::<u32>(0, 100_000))]
    pub within: Option<u32>,
    /// The results database, where a proven optimum is kept for the gap columns.
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Do not store the result.
    #[arg(long, conflicts_with = "db")]
    pub no_store: bool,
    /// Print to standard error how the exact search goes: its proven bounds each time they move, with the time, the positions expanded and the memory held.
    #[arg(long)]
    pub progress: bool,
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Solver specs or presets (repeatable; default: every row of the series' table).
    #[arg(long, short)]
    pub spec: Vec<String>,
    /// Boards of the series' run: `FIRST..END` (end excluded), `FIRST..=LAST` or a count from board 1 (default: 1..101).
    #[arg(long, conflicts_with_all = ["seeds", "boards"])]
    pub koblenski: Option<String>,
    /// Seeded boards: `FIRST..END` (end excluded), `FIRST..=LAST` or a count from seed 1.
    #[arg(long, conflicts_with = "boards")]
    pub seeds: Option<String>,
    /// Boards from a file (any board format; known optima in it feed the gap column).
    #[arg(long)]
    pub boards: Option<std::path::PathBuf>,
    /// The format of the --boards file (default: detected); only with --boards.
    //
    // `requires` alone is not enough: clap lets a required argument be
    // missing when it conflicts with one that is present, so the other board
    // sources are named as conflicts here.
    #[arg(long, value_enum, requires = "boards", conflicts_with_all = ["koblenski", "seeds"])]
    pub from: Option<FormatArg>,
    /// Seeded Flood-It boards instead of Color Walk ones; only with --seeds (a
    /// --boards file says itself which rules its boards follow).
    #[arg(long, requires = "seeds", conflicts_with_all = ["koblenski", "boards"])]
    pub flood_it: bool,
    /// The start cell of seeded Flood-It boards: `ROW,COL` from 0, or `centre` (implies --flood-it); only with --seeds.
    #[arg(long, value_parser = parse_start, requires = "seeds", conflicts_with_all = ["koblenski", "boards"])]
    pub start: Option<StartCell>,
    /// Board size for generated boards (not with --boards: a file's boards
    /// have their own).
    #[arg(long, default_value = "30x20", conflicts_with = "boards", value_parser = parse_size)]
    pub size: (usize, usize),
    /// Colors for generated boards (2 to 36), not with --boards.
    #[arg(long, default_value_t = 5, conflicts_with = "boards", value_parser = colors_parser())]
    pub colors: u8,
    /// Output: table, markdown, csv or json (the run's ID, `run`, and a
    /// summary per spec, `summaries`).
    #[arg(long, default_value = "table")]
    pub format: String,
    /// Print JSON instead (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// The results database (default: the user's data folder; env COLORWALK_DB).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Do not store the results.
    #[arg(long, conflicts_with_all = ["shard", "db", "fresh"])]
    pub no_store: bool,
    /// Start a new run even if an unfinished run of the same plan exists.
    #[arg(long)]
    pub fresh: bool,
    /// Play only shard I of N of the boards (`I/N`, I from 0: the boards at
    /// positions I, I+N, I+2N...), into its own store (--db); or `auto`: I
    /// and N from a Slurm job array (SLURM_ARRAY_TASK_ID and _COUNT) or a
    /// Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with --shard-count or
    /// COLORWALK_SHARD_COUNT). `colorwalk merge` puts the shards together.
    #[arg(long, value_name = "I/N|auto", requires = "db")]
    pub shard: Option<String>,
    /// Check the plan (and the shard) and say what it would play, without playing.
    #[arg(long)]
    pub dry_run: bool,
    /// Print to standard error how each game's exact search goes, board by board: its proven bounds each time they move, with the time, the positions expanded and the memory held.
    #[arg(long)]
    pub progress: bool,
    /// The number of shards, for `--shard auto`: in a Kubernetes Indexed Job
    /// its completions (default: env COLORWALK_SHARD_COUNT); in a Slurm
    /// array it makes each task ID the shard's index, so chosen shards run
    /// again (`sbatch --array=1,3` with `--shard-count 4`).
    #[arg(long, value_name = "N", requires = "shard", value_parser = whole::<u32>(1, 100_000))]
    pub shard_count: Option<u32>,
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_parser = whole::<u16>(1, 1024))]
    pub threads: Option<u16>,
    /// Give up on a board after this many moves (1 to 100000).
    #[arg(long, default_value_t = 1000, value_parser = whole::<u32>(1, 100_000))]
    pub max_moves: u32,
    /// Give up on a board after this many seconds, 0.001 to 86400 (off by default: results then depend only on board and spec).
    #[arg(long, value_parser = parse_seconds)]
    pub time_limit: Option<f64>,
    /// Memory each game's search may hold, in MiB, 1 to 1048576 (default: only the specs' own caps).
    #[arg(long, value_parser = whole::<u64>(1, MAX_MEMORY_MB))]
    pub memory_mb: Option<u64>,
    /// Also print the series' published numbers next to each row of its table.
    #[arg(long)]
    pub published: bool,
    /// Write the first spec's moves to FILE: one line per board in the set's
    /// order, colors as `0`-`9`, `a`-`z` (the form the Flood-It sets'
    /// `verify.py --replay` reads); `-` for a board it did not clear, `?`
    /// for one it has not played (another shard's, or after an interrupt). FILE
    /// `-` is standard output (the table then goes to standard error); a
    /// file is made, with its folders, before any game is played.
    #[arg(long, value_name = "FILE")]
    pub solutions: Option<std::path::PathBuf>,
}

/// `colorwalk runs`.
#[derive(Debug, Args)]
pub struct RunsArgs {
    /// Show this run's table instead of the list.
    #[arg(value_parser = whole::<i64>(1, i64::MAX))]
    pub run: Option<i64>,
    /// List the run's games one per row (board ID, spec, outcome, moves,
    /// bound, time, the moves played) instead of its table.
    #[arg(long, requires = "run")]
    pub games: bool,
    /// Output: table, markdown, csv or json.
    #[arg(long, default_value = "table")]
    pub format: String,
    /// Print JSON instead (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// The results database.
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
}

/// `colorwalk merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The store to merge into (created if needed; other runs in it stay as they are).
    pub out: std::path::PathBuf,
    /// The shard stores, each written by `colorwalk bench --shard … --db FILE`.
    #[arg(required = true)]
    pub shards: Vec<std::path::PathBuf>,
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The first run.
    #[arg(value_parser = whole::<i64>(1, i64::MAX))]
    pub a: i64,
    /// The second run.
    #[arg(value_parser = whole::<i64>(1, i64::MAX))]
    pub b: i64,
    /// Output: table, markdown, csv or json.
    #[arg(long, default_value = "table")]
    pub format: String,
    /// Print JSON instead (the same as --format json).
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// The results database.
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
}

/// `colorwalk plot`.
#[derive(Debug, Args)]
pub struct PlotArgs {
    /// The run to draw.
    #[arg(value_parser = whole::<i64>(1, i64::MAX))]
    pub run: i64,
    /// The picture: a `.svg` or `.png` file.
    #[arg(long, short)]
    pub out: std::path::PathBuf,
    /// The results database.
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
}

/// `colorwalk serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on: an IP address or a host name (`localhost`).
    #[arg(long, default_value = "127.0.0.1", value_parser = host_address)]
    pub host: std::net::IpAddr,
    /// The port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080, value_parser = whole::<u16>(0, u16::MAX))]
    pub port: u16,
    /// The results database (default: the user's data folder; env COLORWALK_DB).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Memory all running searches may use together, in MiB, 64 to 1048576
    /// (default: a quarter of the machine's memory); each search gets an equal share,
    /// and specs whose caps need more than a share are refused.
    #[arg(long, value_parser = whole::<u64>(64, MAX_MEMORY_MB))]
    pub memory_mb: Option<u64>,
}

/// The shortest time limit, in seconds: one millisecond (a limit of 0 would
/// stop every search before it starts).
pub const MIN_SECONDS: f64 = 0.001;
/// The longest time limit, in seconds: one day.
pub const MAX_SECONDS: f64 = 86_400.0;

/// Parses a time limit: seconds from [`MIN_SECONDS`] to [`MAX_SECONDS`].
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    let range = format!("a number of seconds from {MIN_SECONDS} to {MAX_SECONDS}");
    match s.trim().parse::<f64>() {
        Ok(v) if (MIN_SECONDS..=MAX_SECONDS).contains(&v) => Ok(v),
        Ok(v) if v.is_finite() => Err(format!("'{s}' is out of range: expected {range}")),
        _ => Err(format!("'{s}' is not {range}")),
    }
}

/// Board file formats on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FormatArg {
    /// One row per line, `.` blank (Color Walk), `0`-`9` `a`-`z` colors, `#` comments and directives (`# start: R,C`).
    Text,
    /// `NAME WxH MIN CELLS`, one board per line (the reference file's format; `WxHcK` keeps unused colors, `WxH@R,C` a Flood-It start).
    Line,
    /// The Flood-It benchmark sets: `NAME ROWSxCOLS COLORS R,C OPTIMUM CELLS`, one board per line.
    Set,
    /// ColorFill's and terminal-flood's datasets: a square board per line, cells `1`-`9` `a`-`z`, start top-left.
    Dataset,
    /// Code Golf 26232: rows of digits `1`-`9`, boards apart by blank lines, start at the centre.
    Codegolf,
    /// "99problems": `rows cols colors` / cells as 1..k / optimum (Flood-It from the top-left).
    #[value(name = "99")]
    NinetyNine,
    /// Puchert: `rows cols` / `origin_row origin_col` / color tokens (Flood-It from the origin).
    Puchert,
    /// Board IDs, one per line.
    Id,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::Text => Format::Text,
            FormatArg::Line => Format::Line,
            FormatArg::Set => Format::Set,
            FormatArg::Dataset => Format::Dataset,
            FormatArg::Codegolf => Format::Codegolf,
            FormatArg::NinetyNine => Format::NinetyNine,
            FormatArg::Puchert => Format::Puchert,
            FormatArg::Id => Format::Id,
        }
    }
}

/// Where a board comes from, shared by the commands that take one.
#[derive(Debug, Args)]
pub struct BoardArgs {
    /// A board ID (`30x20c5-k1`, `30x20c5-s42`, `k7`, `WxHcK:CELLS`), a file, or `-` for standard input.
    pub board: std::ffi::OsString,
    /// The file's format (default: detected).
    #[arg(long, value_enum)]
    pub from: Option<FormatArg>,
    /// Which board of a file with several: its number (from 1) or its name.
    #[arg(long)]
    pub pick: Option<String>,
}

/// `colorwalk new`.
#[derive(Debug, Args)]
pub struct NewArgs {
    /// Board IDs to print (instead of a generator).
    pub ids: Vec<String>,
    /// The seeded generator, from this seed (then seed+1, ...).
    #[arg(long, conflicts_with_all = ["ids", "koblenski"], value_parser = whole::<u64>(0, u64::MAX))]
    pub seed: Option<u64>,
    /// The series' generator, from this board number (1 = the run's first board).
    #[arg(long, conflicts_with = "ids", value_parser = board_number)]
    pub koblenski: Option<u64>,
    /// How many boards, 1 to 100000 (of a generator; an ID is one board).
    #[arg(long, short = 'n', default_value_t = 1, conflicts_with = "ids", value_parser = whole::<u64>(1, 100_000))]
    pub count: u64,
    /// Board size, WIDTHxHEIGHT (each 2 to 100), of generated boards (an ID
    /// has its own).
    #[arg(long, default_value = "30x20", conflicts_with = "ids", value_parser = parse_size)]
    pub size: (usize, usize),
    /// Number of colors (2 to 36) of generated boards (an ID has its own).
    #[arg(long, default_value_t = 5, conflicts_with = "ids", value_parser = colors_parser())]
    pub colors: u8,
    /// Flood-It boards from the seeded generator: every block colored, the
    /// region starting as the start cell's group (IDs `WxHcK-fN`).
    #[arg(long, conflicts_with_all = ["ids", "koblenski"])]
    pub flood_it: bool,
    /// The Flood-It start cell: `ROW,COL` from 0, or `centre` (implies --flood-it; default 0,0).
    #[arg(long, value_parser = parse_start, conflicts_with_all = ["ids", "koblenski"])]
    pub start: Option<StartCell>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub to: FormatArg,
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The board.
    #[command(flatten)]
    pub input: BoardArgs,
    /// Show the position after these moves (e.g. `3,1,4` or `314`).
    #[arg(long)]
    pub moves: Option<String>,
    /// Plain text (no colors), as when the output is not a terminal.
    #[arg(long)]
    pub plain: bool,
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A board ID, file or `-` (default: a new random 30x20 Color Walk board with 5 colors);
    /// Flood-It boards too, e.g. `14x14c6-f1` or `19x19c6@9,9-f7` (start row 9, column 9).
    pub board: Option<std::ffi::OsString>,
    /// The file's format (default: detected).
    #[arg(long, value_enum)]
    pub from: Option<FormatArg>,
    /// Which board of a file with several: its number (from 1) or its name.
    #[arg(long)]
    pub pick: Option<String>,
    /// Plain text (no colors), so line mode even in a terminal; a Flood-It board's region is drawn
    /// as `*`, its start block as `@`, and the status line names the region's color.
    #[arg(long)]
    pub plain: bool,
    /// Line mode even in a terminal (the full-screen game is the default there).
    #[arg(long)]
    pub lines: bool,
    /// The solver that `s` steps with in the full-screen game.
    #[arg(long, default_value = "gla-5")]
    pub spec: String,
    /// Move-limit mode: `par` (the proven optimum, found by the exact solver in at most 30 s),
    /// `par+N` (N moves of slack) or a number of moves. The game is lost when the moves run out
    /// before the board is clear (undo and restart still work).
    #[arg(long, value_name = "par|par+N|N")]
    pub limit: Option<String>,
}

/// `colorwalk verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The board.
    #[command(flatten)]
    pub input: BoardArgs,
    /// The moves, as color numbers: `3,1,4,1` or `3141`.
    pub moves: String,
    /// Print JSON instead.
    #[arg(long)]
    pub json: bool,
}

/// `colorwalk convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The input: a file, `-` for standard input, or a board ID.
    pub input: std::ffi::OsString,
    /// The input format (default: detected).
    #[arg(long, value_enum)]
    pub from: Option<FormatArg>,
    /// The output format.
    #[arg(long, value_enum)]
    pub to: FormatArg,
    /// Write to this file instead of standard output.
    #[arg(long, short = 'o')]
    pub output: Option<std::path::PathBuf>,
    /// Print JSON instead of a board format.
    #[arg(long)]
    pub json: bool,
}

/// A start cell given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartCell {
    /// Row and column, from 0.
    At(usize, usize),
    /// The centre cell: row `height / 2`, column `width / 2`.
    Centre,
}

impl StartCell {
    /// The (row, column) on a `width × height` board.
    pub fn on(self, width: usize, height: usize) -> (usize, usize) {
        match self {
            StartCell::At(row, col) => (row, col),
            StartCell::Centre => (height / 2, width / 2),
        }
    }
}

/// Parses a start cell: `ROW,COL` (from 0) or `centre`/`center`.
pub fn parse_start(s: &str) -> Result<StartCell, String> {
    if matches!(s.trim(), "centre" | "center") {
        return Ok(StartCell::Centre);
    }
    let bad = || format!("'{s}' is not a start cell: expected ROW,COL from 0 (e.g. 9,9) or centre");
    let (r, c) = s.split_once(',').ok_or_else(bad)?;
    Ok(StartCell::At(
        r.trim().parse().map_err(|_| bad())?,
        c.trim().parse().map_err(|_| bad())?,
    ))
}

/// The parser of `--colors`: from [`cw_core::MIN_COLORS`] to
/// [`cw_core::MAX_COLORS`], the colors a board may have (and its ID name).
/// The help texts of `--colors` spell this range out; a test holds them to it.
fn colors_parser() -> impl Fn(&str) -> Result<u8, String> + Clone + Send + Sync + 'static {
    whole::<u8>(cw_core::MIN_COLORS as u8, cw_core::MAX_COLORS as u8)
}

/// The largest memory budget any command takes, in MiB (1 TiB): the same
/// as `exact:memory-mb`'s.
const MAX_MEMORY_MB: u64 = 1 << 20;

/// The parser of a whole number from `min` to `max`: whatever is wrong
/// with a value (not a number, or out of range), the error gives the range.
fn whole<T>(min: T, max: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        let range = format!("a whole number from {min} to {max}");
        let n: T = text.trim().parse().map_err(|_| {
            // Digits that do not fit the type are a number out of range.
            if cw_solve::is_whole_number(text.trim()) {
                format!("'{text}' is out of range: expected {range}")
            } else {
                format!("'{text}' is not {range}")
            }
        })?;
        if n < min || n > max {
            return Err(format!("{n} is out of range: expected {range}"));
        }
        Ok(n)
    }
}

/// Parses a board number of the series' run: 1 or more (the last one
/// depends on the board size, and is checked with it).
fn board_number(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!(
            "'{text}' is not a board number: expected a whole number from 1 (the last \
             depends on the board size: {} for 30x20)",
            cw_core::last_series_board(30, 20)
        )),
    }
}

/// Parses `WIDTHxHEIGHT`.
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a size: expected WIDTHxHEIGHT, each 2 to 100, e.g. 30x20");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if !(cw_core::MIN_SIDE..=cw_core::MAX_SIDE).contains(&w)
        || !(cw_core::MIN_SIDE..=cw_core::MAX_SIDE).contains(&h)
    {
        return Err(bad());
    }
    Ok((w, h))
}

/// An IP address, or the first address (IPv4 first) a host name resolves to.
fn host_address(text: &str) -> Result<std::net::IpAddr, String> {
    use std::net::ToSocketAddrs;
    if let Ok(ip) = text.parse() {
        return Ok(ip);
    }
    let not = || format!("'{text}' is neither an IP address nor a host name this machine resolves");
    let addrs: Vec<_> = (text, 0).to_socket_addrs().map_err(|_| not())?.collect();
    addrs
        .iter()
        .find(|a| a.is_ipv4())
        .or(addrs.first())
        .map(|a| a.ip())
        .ok_or_else(not)
}
