//! Plots: both image formats, and the errors.

use cw_lab::{GameRecord, PlotError, plot_data, plot_run, plot_run_svg};

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
fn the_plot_is_drawn_from_the_runs_numbers() {
    let run = plot_data(&fake_run());
    assert_eq!(run.n_boards, 40);
    let specs: Vec<&str> = run.specs.iter().map(|s| s.spec.as_str()).collect();
    assert_eq!(
        specs,
        [
            "greedy",
            "gla:depth=5",
            "gla:depth=5,until=18>bfs:cap=16384|gla:depth=5",
            "stuck<&>"
        ]
    );
    // Worked out from fake_run by hand: spec s on board b takes
    // 28 + (7b + 5s) mod 13 moves, and boards 4, 13, 22, 31 are unsolved.
    for (s, data) in run.specs[..3].iter().enumerate() {
        let expected: Vec<u32> = (0..40u32)
            .filter(|b| b % 9 != 4)
            .map(|b| 28 + (b * 7 + s as u32 * 5) % 13)
            .collect();
        assert_eq!(data.moves, expected, "{}", data.spec);
        assert_eq!(data.n, 40);
        let mean = expected.iter().sum::<u32>() as f64 / 36.0;
        assert!((data.mean_moves.unwrap() - mean).abs() < 1e-9);
        // Every solved board is one unit of one bar.
        let counts = data.counts(run.lo, run.hi);
        assert_eq!(counts.len(), 13);
        assert_eq!(counts.iter().sum::<u32>(), 36);
        assert!(counts[(expected[0] - run.lo) as usize] > 0);
    }
    // Spec s's time is 10 µs · 30^s plus a nanosecond per board index.
    let ms = |s: u32| (10_000.0 * 30f64.powi(s as i32) + 19.5) / 1e6;
    for s in 0..3 {
        assert!((run.specs[s].mean_ms - ms(s as u32)).abs() < 1e-9);
    }
    // The shared x range is the moves' range: 28 to 40; the stuck spec has
    // no bar and no mean.
    assert_eq!((run.lo, run.hi), (28, 40));
    assert!(run.specs[3].moves.is_empty());
    assert_eq!(run.specs[3].mean_moves, None);
    // Bars fit under the y range, with headroom.
    let tallest = run.specs[..3]
        .iter()
        .flat_map(|s| s.counts(run.lo, run.hi))
        .max()
        .unwrap();
    assert!(run.y_max > tallest);
}

#[test]
fn png_is_a_picture_with_the_specs_colors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("run.png");
    plot_run(&fake_run(), &path).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes[..8], *b"\x89PNG\r\n\x1a\n");
    let picture = image::load_from_memory(&bytes).unwrap().to_rgb8();
    assert!(picture.width() >= 480 && picture.height() >= 340);
    // A white page with the first three specs' bars and points in the
    // first three palette colors (the fourth spec never solves: no bar).
    let count = |rgb: [u8; 3]| picture.pixels().filter(|p| p.0 == rgb).count();
    let all = picture.pixels().count();
    assert!(count([255, 255, 255]) > all / 2);
    for rgb in [[0x4e, 0x79, 0xa7], [0xf2, 0x8e, 0x2b], [0xe1, 0x57, 0x59]] {
        assert!(count(rgb) > 20, "{rgb:?}: {} pixels", count(rgb));
    }
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

#[test]
fn a_file_that_cannot_be_written_is_an_io_error() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["folder.svg", "folder.png"] {
        let path = dir.path().join(name);
        std::fs::create_dir(&path).unwrap();
        let err = plot_run(&fake_run(), &path).unwrap_err();
        let PlotError::Write(io) = &err else {
            panic!("{name}: {err:?}");
        };
        assert_eq!(io.kind(), std::io::ErrorKind::IsADirectory, "{name}");
    }
    // A full disk is an error too, not a picture said to be written.
    #[cfg(target_os = "linux")]
    for ext in ["svg", "png"] {
        let link = dir.path().join(format!("full.{ext}"));
        std::os::unix::fs::symlink("/dev/full", &link).unwrap();
        let err = plot_run(&fake_run(), &link).unwrap_err();
        assert!(matches!(err, PlotError::Write(_)), "{ext}: {err:?}");
    }
}
