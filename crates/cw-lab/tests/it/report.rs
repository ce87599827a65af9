//! Every table format renders every report.

use std::collections::HashMap;

use cw_lab::{
    RunInfo, Summary, TableFormat, compare, render_comparison, render_runs, render_summaries,
    summarize,
};

use crate::rec;

const HYBRID: &str = "gla:depth=5,until=18>bfs:cap=16384|gla:depth=5";

fn summaries(with_optima: bool) -> Vec<Summary> {
    let mut records = Vec::new();
    for board in 0..4 {
        records.push(rec(board, "gla:depth=5", true, 30 + board, 1_500_000));
        records.push(rec(board, HYBRID, board != 2, 29 + board, 25_000_000));
    }
    let optima: HashMap<String, (u32, bool)> = [
        ("30x20c5-k1".to_string(), (29, true)),
        ("30x20c5-k2".to_string(), (30, false)),
    ]
    .into();
    summarize(&records, with_optima.then_some(&optima))
}

fn runs() -> Vec<RunInfo> {
    vec![RunInfo {
        id: 7,
        created: "2026-05-01 10:00:00".into(),
        finished: None,
        version: "0.1.0".into(),
        machine: "lab (2 cores)".into(),
        board_set: "koblenski:1..100".into(),
        specs: vec!["gla:depth=5".into(), HYBRID.into()],
        n_boards: 100,
        n_results: 150,
        params: serde_json::json!({ "threads": 2, "note": "say \"hi\", then go" }),
        fingerprint: "0123456789abcdef".into(),
        shard: None,
    }]
}

/// A minimal RFC 4180 reader: fields, quoted fields, doubled quotes.
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => row.push(std::mem::take(&mut field)),
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) => field.push(c),
        }
    }
    assert!(
        !quoted && field.is_empty() && row.is_empty(),
        "CSV ends with a full line"
    );
    rows
}

#[test]
fn table_format_names_round_trip() {
    for format in TableFormat::ALL {
        assert_eq!(format.to_string().parse::<TableFormat>().unwrap(), format);
    }
    assert_eq!(
        "table".parse::<TableFormat>().unwrap(),
        TableFormat::Terminal
    );
    let err = "xml".parse::<TableFormat>().unwrap_err();
    assert!(err.to_string().contains("xml"), "{err}");
}

#[test]
fn summaries_as_csv_parse_back() {
    // CSV has the same columns whatever the data, each cell a number (no
    // `k/n`, which a spreadsheet reads as a date) or empty.
    let header = [
        "gap",
        "optimal",
        "with optimum",
        "gap to bound",
        "proven",
        "with bound",
    ];
    let rows = parse_csv(&render_summaries(&summaries(false), TableFormat::Csv));
    assert_eq!(rows.len(), 3);
    assert!(rows.iter().all(|r| r.len() == 21), "{rows:?}");
    assert_eq!(rows[0][15..], header);
    assert_eq!(rows[1][15..], ["", "0", "0", "", "0", "0"]);
    assert_eq!(rows[0][0..4], ["spec", "boards", "solved", "out of time"]);
    assert_eq!(rows[2][0], HYBRID, "a spec with commas survives quoting");
    // gla:depth=5: 30..=33 moves, mean 31.5, population stdev sqrt(1.25).
    assert_eq!(
        rows[1][1..9],
        ["4", "4", "0", "126", "30", "31.50", "33", "1.12"]
    );
    assert_eq!(rows[1][9], "1.50");

    let rows = parse_csv(&render_summaries(&summaries(true), TableFormat::Csv));
    assert!(rows.iter().all(|r| r.len() == 21), "{rows:?}");
    assert_eq!(rows[0][15..], header);
    // gla:depth=5 on k1 (30 vs 29) and k2 (31 vs 30): gap 1, no hit.
    assert_eq!(rows[1][15..18], ["1.00", "0", "2"]);
    // The hybrid on k1 (29 vs 29) and k2 (30 vs 30): both hits.
    assert_eq!(rows[2][15..18], ["0.00", "2", "2"]);
    for row in &rows[1..] {
        for cell in &row[1..] {
            assert!(
                cell.is_empty() || cell.parse::<f64>().is_ok(),
                "{cell:?} in {row:?}"
            );
        }
    }
}

#[test]
fn summaries_as_json_parse_back() {
    let text = render_summaries(&summaries(true), TableFormat::Json);
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rows = value.as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[1]["spec"], HYBRID);
    assert_eq!(rows[1]["solved"], 3);
    assert_eq!(rows[0]["mean_moves"], 31.5);
    let back: Vec<Summary> = serde_json::from_str(&text).unwrap();
    assert_eq!(back, summaries(true));
}

#[test]
fn summaries_as_markdown_and_terminal() {
    let md = render_summaries(&summaries(true), TableFormat::Markdown);
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(lines.len(), 4, "{md}");
    assert!(lines[0].starts_with("| spec"), "{md}");
    assert!(
        lines[1].starts_with('|') && lines[1].chars().all(|c| "|-: ".contains(c)),
        "header separator: {md}"
    );
    // The fallback bar of a spec is escaped so it does not split the cell.
    assert!(md.contains("16384\\|gla"), "{md}");
    assert_eq!(
        lines[2].matches(" | ").count(),
        lines[0].matches(" | ").count()
    );

    let table = render_summaries(&summaries(false), TableFormat::Terminal);
    assert!(
        table.contains(HYBRID) && table.contains("31.50") && table.contains("1.12"),
        "{table}"
    );
    assert!(
        !table.contains("optimal"),
        "no optimum columns without optima: {table}"
    );
    // Not wrapped: each row is one line (header, separator, two rows, borders).
    assert_eq!(table.lines().count(), 6, "{table}");
}

#[test]
fn a_spec_without_games_yet_has_a_row_of_dashes() {
    // A run played in part: gla-5 has played its four boards, near none yet.
    let records: Vec<_> = (0..4)
        .map(|b| rec(b, "gla:depth=5", true, 30 + b, 1_500_000))
        .collect();
    let asked = ["gla:depth=5".to_string(), "near".to_string()];
    let optima: HashMap<String, (u32, bool)> = [("30x20c5-k1".to_string(), (29, true))].into();
    let summaries = Summary::per_spec(&records, Some(&optima), &asked);

    // The cells of `spec`'s row of a table whose columns `bar` separates.
    let row = |table: &str, bar: char, spec: &str| -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.contains(&format!(" {spec} ")))
            .unwrap_or_else(|| panic!("no row of {spec}: {table}"));
        line.trim_matches(['│', '|'])
            .split(bar)
            .map(|cell| cell.trim().to_string())
            .collect()
    };
    let table = render_summaries(&summaries, TableFormat::Terminal);
    let near = row(&table, '┆', "near");
    assert_eq!(near.len(), row(&table, '┆', "gla:depth=5").len(), "{table}");
    assert_eq!(near[..2], ["near", "0"], "{table}");
    assert!(near[2..].iter().all(|cell| cell == "-"), "{table}");
    let md = render_summaries(&summaries, TableFormat::Markdown);
    assert_eq!(row(&md, '|', "near"), near, "{md}");

    // CSV: the same columns, no numbers but the boards.
    let rows = parse_csv(&render_summaries(&summaries, TableFormat::Csv));
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[2].len(), rows[0].len());
    assert_eq!(rows[2][..2], ["near", "0"]);
    assert!(rows[2][2..].iter().all(String::is_empty), "{rows:?}");

    // JSON: a summary of no games.
    let json: serde_json::Value =
        serde_json::from_str(&render_summaries(&summaries, TableFormat::Json)).unwrap();
    assert_eq!(json[1]["spec"], "near");
    assert_eq!(
        (json[1]["n"].as_u64(), json[1]["solved"].as_u64()),
        (Some(0), Some(0))
    );
    assert!(json[1]["mean_moves"].is_null());
}

#[test]
fn runs_in_every_format() {
    let runs = runs();
    let rows = parse_csv(&render_runs(&runs, TableFormat::Csv));
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.len() == 10), "{rows:?}");
    assert_eq!(rows[1][0], "7");
    assert_eq!(rows[1][2], "", "unfinished is empty in CSV");
    assert_eq!(rows[1][6], format!("gla:depth=5; {HYBRID}"));
    // Two numbers, not `150/200` (a date to a spreadsheet).
    assert_eq!(rows[0][7..9], ["results", "expected"]);
    assert_eq!(rows[1][7..9], ["150", "200"]);
    let params: serde_json::Value = serde_json::from_str(&rows[1][9]).unwrap();
    assert_eq!(params, runs[0].params);

    let back: Vec<RunInfo> = serde_json::from_str(&render_runs(&runs, TableFormat::Json)).unwrap();
    assert_eq!(back, runs);

    let md = render_runs(&runs, TableFormat::Markdown);
    assert!(md.lines().nth(1).unwrap().contains("|--"), "{md}");
    let table = render_runs(&runs, TableFormat::Terminal);
    assert!(
        table.contains("koblenski:1..100") && table.contains("150/200"),
        "{table}"
    );
    assert!(render_runs(&[], TableFormat::Terminal).contains("board set"));
    // On a terminal the params give only the games' limits.
    assert!(
        table.contains("limits a game") && !table.contains("threads"),
        "{table}"
    );
    let mut limited = runs.clone();
    limited[0].params = serde_json::json!({
        "boards": "koblenski:1..100", "max_moves": 1000, "memory_bytes": 67_108_864_u64,
        "time_limit_s": 2.5, "specs": ["gla:depth=5"],
    });
    let table = render_runs(&limited, TableFormat::Terminal);
    assert!(table.contains("2.5 s, 64 MiB, 1000 moves"), "{table}");
    assert!(!table.contains("\"boards\""), "{table}");
    limited[0].params = serde_json::json!({"boards": "koblenski:1..100", "max_moves": 1});
    let table = render_runs(&limited, TableFormat::Terminal);
    assert!(
        table.contains("1 move ") || table.contains("1 move│"),
        "{table}"
    );
    assert!(!table.contains("1 moves"), "{table}");
}

#[test]
fn comparison_in_every_format() {
    let a = [
        rec(0, "s", true, 30, 1_000_000),
        rec(1, "s", true, 31, 1_000_000),
    ];
    let b = [
        rec(0, "s", true, 29, 2_000_000),
        rec(1, "s", true, 33, 2_000_000),
    ];
    let diffs = compare(&a, &b);

    let rows = parse_csv(&render_comparison(&diffs, TableFormat::Csv));
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| r.len() == 11), "{rows:?}");
    assert_eq!(
        rows[1],
        [
            "s", "2", "1", "1", "0", "2", "30.50", "31.00", "+0.50", "1.00", "2.00"
        ]
    );

    let json: serde_json::Value =
        serde_json::from_str(&render_comparison(&diffs, TableFormat::Json)).unwrap();
    assert_eq!(json[0]["better"], 1);
    assert_eq!(json[0]["mean_diff"], 0.5);

    let md = render_comparison(&diffs, TableFormat::Markdown);
    assert!(md.lines().nth(1).unwrap().starts_with("|--"), "{md}");
    assert!(render_comparison(&diffs, TableFormat::Terminal).contains("+0.50"));
}
