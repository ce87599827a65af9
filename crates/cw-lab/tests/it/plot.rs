//! Plots: both image formats, and the errors.

use cw_lab::{GameRecord, PlotError, plot_run, plot_run_svg};

use crate::rec;

fn fake_run() -> Vec<GameRecord> {
    let specs = [
        "greedy",
        "gla:depth=5",
        "gla:depth=5,until=18>bfs:cap=16384|gla:depth=5",
    ];
    let mut records = Vec::new();
    for board in 0..40 {
        for (s, spec) in specs.iter().enumerate() {
            let moves = 28 + (board * 7 + s as u32 * 5) % 13;
            let nanos = 10_000 * 30u64.pow(s as u32) + u64::from(board);
            records.push(rec(board, spec, board % 9 != 4, moves, nanos));
        }
        // A spec that never solves and takes no measurable time still draws.
        records.push(rec(board, "stuck<&>", false, 200, 0));
    }
    records
}

#[test]
fn png_has_the_png_magic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.png");
    plot_run(&fake_run(), &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.len() > 1000, "{} bytes", bytes.len());
    assert_eq!(bytes[..8], *b"\x89PNG\r\n\x1a\n");
}

#[test]
fn svg_is_an_svg_document() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.SVG");
    plot_run(&fake_run(), &path).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("<svg"), "{text:.200}");
    assert!(text.trim_end().ends_with("</svg>"));
    assert!(text.contains("gla:depth=5"), "the spec labels are text");
    assert!(text.contains("time per board vs mean moves"));
    assert!(text.contains("stuck&lt;&amp;&gt;"), "text is escaped");
}

#[test]
fn svg_in_memory_is_the_same_picture_as_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.svg");
    plot_run(&fake_run(), &path).unwrap();
    // The same elements (the order of the histogram bars may differ).
    let lines = |text: &str| {
        let mut v: Vec<String> = text.lines().map(str::to_string).collect();
        v.sort();
        v
    };
    let text = plot_run_svg(&fake_run()).unwrap();
    assert_eq!(
        lines(&text),
        lines(&std::fs::read_to_string(&path).unwrap())
    );
    let err = plot_run_svg(&[]).unwrap_err();
    assert!(matches!(err, PlotError::NoRecords), "{err:?}");
}

#[test]
fn unknown_extensions_and_empty_runs_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["run.jpg", "run", "run.svg.txt"] {
        let path = dir.path().join(name);
        let err = plot_run(&fake_run(), &path).unwrap_err();
        assert!(
            matches!(err, PlotError::UnknownExtension { .. }),
            "{name}: {err:?}"
        );
        assert!(err.to_string().contains(".svg or .png"), "{err}");
        assert!(!path.exists());
    }
    let err = plot_run(&[], &dir.path().join("empty.png")).unwrap_err();
    assert!(matches!(err, PlotError::NoRecords), "{err:?}");
}
