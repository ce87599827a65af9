//! Report tables: summaries, runs and comparisons as a terminal table,
//! Markdown, CSV or JSON.
//!
//! The three text formats show the same cells (numbers rounded for reading);
//! JSON is the structs themselves, unrounded, for other programs. Output never
//! depends on the terminal: tables are not wrapped and carry no color, so the
//! same call gives the same text in a pipe, a test or a terminal.

use std::fmt;
use std::str::FromStr;

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};
use serde::Serialize;
use thiserror::Error;

use crate::record::GameRecord;
use crate::record::RunInfo;
use crate::stats::{PairedDiff, Summary};

/// How a report is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TableFormat {
    /// A boxed table for people (`table`).
    Terminal,
    /// A GitHub-flavored Markdown table (`markdown`).
    Markdown,
    /// Comma-separated values with a header row (`csv`).
    Csv,
    /// A JSON array of objects, one per row (`json`).
    Json,
}

impl TableFormat {
    /// Every format, in documentation order.
    pub const ALL: [TableFormat; 4] = [
        TableFormat::Terminal,
        TableFormat::Markdown,
        TableFormat::Csv,
        TableFormat::Json,
    ];

    /// The format's name, as [`FromStr`] takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            TableFormat::Terminal => "table",
            TableFormat::Markdown => "markdown",
            TableFormat::Csv => "csv",
            TableFormat::Json => "json",
        }
    }
}

impl fmt::Display for TableFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A table format name that is not one of `table`, `markdown`, `csv`, `json`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown table format '{0}': expected table, markdown, csv or json")]
pub struct ParseTableFormatError(pub String);

impl FromStr for TableFormat {
    type Err = ParseTableFormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        TableFormat::ALL
            .into_iter()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| ParseTableFormatError(s.to_string()))
    }
}

/// Renders one summary per row: spec, boards, solved (with the games that
/// ran out of time, if any; in CSV a column of their own), min, mean, max, stdev,
/// mean and max milliseconds per board, mean nodes and inspections; when any
/// summary has a known optimum, also the mean gap and the optimal hits
/// (`k/n`, n being the boards with a known optimum); when any summary has
/// proven lower bounds (from `exact` or `near`), also the mean gap to them
/// and how many games met theirs (`k/n`, n being the solved games with a
/// bound). CSV has every column, always, each cell a number (or empty):
/// `k/n` is two columns there (`optimal`, `with optimum`; `proven`, `with
/// bound`), as a spreadsheet would read `1/4` as a date. A spec that has no
/// games yet (`n` 0: a run played in part) has its row all the same: its
/// name and 0 boards, `-` in every other cell (empty in CSV).
pub fn render_summaries(summaries: &[Summary], format: TableFormat) -> String {
    if format == TableFormat::Json {
        return json(summaries);
    }
    let with_optima = summaries.iter().any(|s| s.with_optimum > 0);
    // CSV keeps every cell a number: the games out of time get a column of
    // their own there, where the tables for people add them to `solved`.
    let csv = format == TableFormat::Csv;
    let mut header = vec!["spec", "boards", "solved"];
    if csv {
        header.push("out of time");
    }
    header.extend([
        "total",
        "min",
        "mean",
        "max",
        "stdev",
        "ms/board",
        "ms median",
        "ms p90",
        "ms max",
        "nodes",
        "inspections",
    ]);
    // CSV's columns do not depend on the data.
    let with_optima = with_optima || csv;
    let with_bounds = summaries.iter().any(|s| s.with_bound > 0) || csv;
    if csv {
        header.extend(["gap", "optimal", "with optimum"]);
        header.extend(["gap to bound", "proven", "with bound"]);
    } else {
        if with_optima {
            header.extend(["gap", "optimal"]);
        }
        if with_bounds {
            header.extend(["gap to bound", "proven"]);
        }
    }
    let rows = summaries
        .iter()
        .map(|s| {
            let mut row = vec![Some(s.spec.clone()), Some(s.n.to_string())];
            if s.n == 0 {
                row.resize(header.len(), None);
                return row;
            }
            if csv {
                row.push(Some(s.solved.to_string()));
                row.push(Some(s.out_of_time.to_string()));
            } else {
                row.push(Some(match s.out_of_time {
                    0 => s.solved.to_string(),
                    late => format!("{} ({late} out of time)", s.solved),
                }));
            }
            row.extend([
                Some(s.total_moves.to_string()),
                s.min_moves.map(|m| m.to_string()),
                s.mean_moves.map(fixed2),
                s.max_moves.map(|m| m.to_string()),
                s.stdev_moves.map(fixed2),
                Some(fixed2(s.mean_ms)),
                Some(fixed2(s.median_ms)),
                Some(fixed2(s.p90_ms)),
                Some(fixed2(s.max_ms)),
                Some(format!("{:.0}", s.mean_nodes)),
                Some(format!("{:.0}", s.mean_inspections)),
            ]);
            if csv {
                row.extend([
                    s.mean_gap.map(fixed2),
                    Some(s.optimal_hits.to_string()),
                    Some(s.with_optimum.to_string()),
                    s.mean_bound_gap.map(fixed2),
                    Some(s.bound_hits.to_string()),
                    Some(s.with_bound.to_string()),
                ]);
                return row;
            }
            if with_optima {
                row.push(s.mean_gap.map(fixed2));
                row.push(Some(format!("{}/{}", s.optimal_hits, s.with_optimum)));
            }
            if with_bounds {
                row.push(s.mean_bound_gap.map(fixed2));
                row.push((s.with_bound > 0).then(|| format!("{}/{}", s.bound_hits, s.with_bound)));
            }
            row
        })
        .collect();
    Grid {
        header,
        rows,
        right: |col| col > 0,
    }
    .render(format)
}

/// Renders one run per row: id, created, finished, version, machine, board
/// set (and shard), specs (joined by `"; "`), results stored out of those
/// a complete run has (see [`RunInfo::n_expected`]; in CSV two columns,
/// `results` and `expected`), and the params as
/// compact JSON; on a terminal, only the games' limits from the params (the
/// rest repeats the board set and the specs).
pub fn render_runs(runs: &[RunInfo], format: TableFormat) -> String {
    if format == TableFormat::Json {
        return json(runs);
    }
    let terminal = format == TableFormat::Terminal;
    // CSV gives the results stored and expected as two numbers (a
    // spreadsheet would read `150/200` as a date).
    let csv = format == TableFormat::Csv;
    let mut header = vec![
        "id",
        "created",
        "finished",
        "version",
        "machine",
        "board set",
        "specs",
        "results",
    ];
    if csv {
        header.push("expected");
    }
    header.push(if terminal { "limits a game" } else { "params" });
    let rows = runs
        .iter()
        .map(|r| {
            vec![
                Some(r.id.to_string()),
                Some(r.created.clone()),
                r.finished.clone(),
                Some(r.version.clone()),
                Some(r.machine.clone()),
                Some(match &r.shard {
                    Some(shard) => format!("{} (shard {shard})", r.board_set),
                    None => r.board_set.clone(),
                }),
                Some(match (format, r.specs.as_slice()) {
                    // A terminal line stays readable: long lists are counted.
                    (TableFormat::Terminal, [one]) => one.clone(),
                    (TableFormat::Terminal, [first, rest @ ..]) => {
                        format!("{first} and {} more", rest.len())
                    }
                    _ => r.specs.join("; "),
                }),
            ]
            .into_iter()
            .chain(if csv {
                vec![
                    Some(r.n_results.to_string()),
                    Some(r.n_expected().to_string()),
                ]
            } else {
                vec![Some(format!("{}/{}", r.n_results, r.n_expected()))]
            })
            .chain([Some(if terminal {
                game_limits(&r.params)
            } else {
                r.params.to_string()
            })])
            .collect()
        })
        .collect();
    // Right-align the numbers: id and results.
    Grid {
        header,
        rows,
        right: |col| col == 0 || col == 7,
    }
    .render(format)
}

/// A run's limits of a game, from its params, for people: "5 s, 64 MiB,
/// 1000 moves" (a limit a run did not set is left out; `-` for none).
fn game_limits(params: &serde_json::Value) -> String {
    let mut parts = Vec::new();
    if let Some(s) = params["time_limit_s"].as_f64() {
        parts.push(format!("{s} s"));
    }
    if let Some(bytes) = params["memory_bytes"].as_u64() {
        parts.push(format!("{} MiB", bytes >> 20));
    }
    if let Some(moves) = params["max_moves"].as_u64() {
        parts.push(format!("{moves} move{}", if moves == 1 { "" } else { "s" }));
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

/// Renders one spec per row: pairs, better, worse, equal (from run b's point
/// of view), the pairs both runs solved, mean moves in a and b over those
/// and their mean difference (b − a, signed), and mean milliseconds per
/// board in a and b over all pairs.
pub fn render_comparison(diffs: &[PairedDiff], format: TableFormat) -> String {
    if format == TableFormat::Json {
        return json(diffs);
    }
    let header = vec![
        "spec",
        "pairs",
        "better",
        "worse",
        "equal",
        "both solved",
        "mean a",
        "mean b",
        "diff",
        "ms a",
        "ms b",
    ];
    let rows = diffs
        .iter()
        .map(|d| {
            vec![
                Some(d.spec.clone()),
                Some(d.n_pairs.to_string()),
                Some(d.better.to_string()),
                Some(d.worse.to_string()),
                Some(d.equal.to_string()),
                Some(d.n_both_solved.to_string()),
                d.mean_a.map(fixed2),
                d.mean_b.map(fixed2),
                d.mean_diff.map(|x| format!("{x:+.2}")),
                d.mean_ms_a.map(fixed2),
                d.mean_ms_b.map(fixed2),
            ]
        })
        .collect();
    Grid {
        header,
        rows,
        right: |col| col > 0,
    }
    .render(format)
}

/// Renders one game per row, in the run's board order then spec order:
/// board ID, board index, spec, outcome, moves, the proven lower bound (if
/// the solver proved one), milliseconds, and the moves played (colors
/// `0`-`9`, `a`-`z`, comma-separated as stored, so they replay with
/// `colorwalk verify`).
pub fn render_games(records: &[GameRecord], format: TableFormat) -> String {
    if format == TableFormat::Json {
        return json(records);
    }
    let header = vec![
        "board", "index", "spec", "outcome", "moves", "bound", "ms", "solution",
    ];
    let rows = records
        .iter()
        .map(|r| {
            vec![
                Some(r.board_id.clone()),
                Some(r.board_index.to_string()),
                Some(r.spec.clone()),
                Some(r.outcome.as_str().to_string()),
                Some(r.moves.to_string()),
                r.lower_bound.map(|b| b.to_string()),
                Some(fixed2(r.nanos as f64 / 1e6)),
                Some(r.solution.clone()),
            ]
        })
        .collect();
    Grid {
        header,
        rows,
        right: |col| matches!(col, 1 | 4 | 5 | 6),
    }
    .render(format)
}

fn fixed2(x: f64) -> String {
    format!("{x:.2}")
}

fn json<T: Serialize>(rows: &[T]) -> String {
    let mut text = serde_json::to_string(rows).expect("report rows serialize");
    text.push('\n');
    text
}

/// The cells of a text table; `None` is a missing value ("-", or empty in CSV).
struct Grid {
    header: Vec<&'static str>,
    rows: Vec<Vec<Option<String>>>,
    /// Which columns hold numbers (right-aligned).
    right: fn(usize) -> bool,
}

impl Grid {
    fn render(self, format: TableFormat) -> String {
        match format {
            TableFormat::Csv => self.csv(),
            TableFormat::Terminal => self.table(presets::UTF8_FULL_CONDENSED, |c| c),
            // Specs use `|` for fallback; a bare one would split the cell.
            TableFormat::Markdown => self.table(presets::ASCII_MARKDOWN, |c| c.replace('|', "\\|")),
            TableFormat::Json => unreachable!("JSON is rendered from the structs"),
        }
    }

    fn table(self, style: comfy_table::TableStyle, escape: impl Fn(String) -> String) -> String {
        let mut table = Table::new();
        table
            .load_style(style)
            .force_no_tty()
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header(self.header.iter().map(|h| escape(h.to_string())));
        for row in &self.rows {
            table.add_row(
                row.iter()
                    .map(|c| escape(c.clone().unwrap_or_else(|| "-".into()))),
            );
        }
        for (i, column) in table.column_iter_mut().enumerate() {
            if (self.right)(i) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
        let mut text = table.to_string();
        text.push('\n');
        text
    }

    fn csv(self) -> String {
        let mut text = String::new();
        let line = |text: &mut String, cells: &mut dyn Iterator<Item = String>| {
            let cells: Vec<String> = cells.map(|c| csv_field(&c)).collect();
            text.push_str(&cells.join(","));
            text.push('\n');
        };
        line(&mut text, &mut self.header.iter().map(|h| h.to_string()));
        for row in self.rows {
            line(
                &mut text,
                &mut row.into_iter().map(Option::unwrap_or_default),
            );
        }
        text
    }
}

/// Quotes a CSV field that holds a comma, a quote or a line break (RFC 4180).
fn csv_field(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}
