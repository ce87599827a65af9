//! Pictures of a run: one histogram of moves per spec, and one scatter of
//! time against moves, as a PNG or an SVG.
//!
//! Text is drawn with an embedded DejaVu Sans (see `assets/README.md`),
//! registered once before the first chart, so no system font is needed and
//! bitmaps look the same on every machine.

use std::collections::HashSet;
use std::error::Error;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use plotters::coord::Shift;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::FontStyle;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use thiserror::Error;

use crate::record::GameRecord;

/// Everything that can go wrong drawing a plot.
#[derive(Debug, Error)]
pub enum PlotError {
    /// The file name does not end in `.svg` or `.png`.
    #[error("cannot tell the image format of {}: the file name must end in .svg or .png", path.display())]
    UnknownExtension {
        /// The file name given.
        path: PathBuf,
    },
    /// There was nothing to plot.
    #[error("there are no results to plot")]
    NoRecords,
    /// The embedded font could not be registered.
    #[error("the embedded font could not be loaded")]
    Font,
    /// The image file could not be written.
    #[error("cannot write the image file")]
    Write(#[source] std::io::Error),
    /// Drawing or encoding the image failed.
    #[error("cannot draw {}", path.display())]
    Draw {
        /// The image file.
        path: PathBuf,
        /// What plotters reported.
        #[source]
        source: Box<dyn Error + Send + Sync>,
    },
}

const FONT: &str = "sans-serif";
const PANEL_W: u32 = 480;
const PANEL_H: u32 = 340;
const TITLE_H: u32 = 44;

/// Tableau 10: distinct, colorblind-aware, readable on white.
const PALETTE: [RGBColor; 10] = [
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0xe1, 0x57, 0x59),
    RGBColor(0x76, 0xb7, 0xb2),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xed, 0xc9, 0x48),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0xff, 0x9d, 0xa7),
    RGBColor(0x9c, 0x75, 0x5f),
    RGBColor(0xba, 0xb0, 0xac),
];

/// Registers the embedded font under "sans-serif", once per process.
fn register_font() -> Result<(), PlotError> {
    static REGISTERED: OnceLock<bool> = OnceLock::new();
    let ok = *REGISTERED.get_or_init(|| {
        plotters::style::register_font(
            FONT,
            FontStyle::Normal,
            include_bytes!("../assets/DejaVuSans.ttf"),
        )
        .is_ok()
    });
    if ok { Ok(()) } else { Err(PlotError::Font) }
}

/// Draws `records` as an SVG document in memory (the picture of
/// [`plot_run`]), for serving without a file.
pub fn plot_run_svg(records: &[GameRecord]) -> Result<String, PlotError> {
    if records.is_empty() {
        return Err(PlotError::NoRecords);
    }
    register_font()?;
    let run = RunData::new(records);
    let layout = Layout::new(run.specs.len());
    let size = (layout.cols * PANEL_W, layout.rows * PANEL_H + TITLE_H);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, size).into_drawing_area();
        draw(&root, &run, &layout)
            .and_then(|()| root.present())
            .map_err(|e| PlotError::Draw {
                path: PathBuf::from("<memory>"),
                source: Box::new(e),
            })?;
    }
    Ok(out)
}

/// Draws `records` to `path`, as SVG or PNG by the file's extension.
///
/// The picture has one histogram per spec (moves per solved board, on a
/// shared x range and y scale, with the mean marked) and one panel of mean
/// milliseconds per board (log scale) against mean moves, a labelled point per
/// spec; panels are laid out in a grid that grows with the number of specs.
pub fn plot_run(records: &[GameRecord], path: &Path) -> Result<(), PlotError> {
    let bytes = plot_run_image(records, path)?;
    std::fs::write(path, bytes).map_err(PlotError::Write)
}

/// The picture of [`plot_run`] for the file `path`, drawn in memory, as
/// that file's bytes (SVG or PNG by its extension); nothing is written.
pub fn plot_run_image(records: &[GameRecord], path: &Path) -> Result<Vec<u8>, PlotError> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let svg = match ext.as_deref() {
        Some("svg") => true,
        Some("png") => false,
        _ => {
            return Err(PlotError::UnknownExtension {
                path: path.to_path_buf(),
            });
        }
    };
    if records.is_empty() {
        return Err(PlotError::NoRecords);
    }
    // Drawn in memory, to be written in one go: a file that cannot be
    // written (a folder, no permission, a full disk) is an I/O error.
    if svg {
        Ok(plot_run_svg(records)?.into_bytes())
    } else {
        plot_run_png(records).map_err(|e| match e {
            PlotError::Draw { source, .. } => PlotError::Draw {
                path: path.to_path_buf(),
                source,
            },
            other => other,
        })
    }
}

/// The picture of [`plot_run`] as a PNG file's bytes.
fn plot_run_png(records: &[GameRecord]) -> Result<Vec<u8>, PlotError> {
    register_font()?;
    let run = RunData::new(records);
    let layout = Layout::new(run.specs.len());
    let size = (layout.cols * PANEL_W, layout.rows * PANEL_H + TITLE_H);
    let fail = |source: Box<dyn Error + Send + Sync>| PlotError::Draw {
        path: PathBuf::from("<memory>"),
        source,
    };
    let mut rgb = vec![0u8; size.0 as usize * size.1 as usize * 3];
    {
        let root = BitMapBackend::with_buffer(&mut rgb, size).into_drawing_area();
        draw(&root, &run, &layout)
            .and_then(|()| root.present())
            .map_err(|e| fail(Box::new(e)))?;
    }
    let image = image::RgbImage::from_raw(size.0, size.1, rgb)
        .expect("the buffer holds three bytes a pixel");
    let mut png = std::io::Cursor::new(Vec::new());
    image
        .write_to(&mut png, image::ImageFormat::Png)
        .map_err(|e| fail(Box::new(e)))?;
    Ok(png.into_inner())
}

type DrawResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

/// What the picture shows of one spec: its histogram and its point.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecData {
    /// The spec.
    pub spec: String,
    color: RGBColor,
    /// Boards played.
    pub n: usize,
    /// Moves of the solved boards, in record order (the histogram's data).
    pub moves: Vec<u32>,
    /// Mean moves over solved boards (the point's x).
    pub mean_moves: Option<f64>,
    /// Their population standard deviation (printed on the panel).
    pub stdev_moves: Option<f64>,
    /// Mean milliseconds per board (the point's y).
    pub mean_ms: f64,
}

impl SpecData {
    /// The histogram's bars: how many solved boards took each number of
    /// moves from `lo` to `hi`.
    pub fn counts(&self, lo: u32, hi: u32) -> Vec<u32> {
        let mut counts = vec![0u32; (hi - lo + 1) as usize];
        for &m in &self.moves {
            if (lo..=hi).contains(&m) {
                counts[(m - lo) as usize] += 1;
            }
        }
        counts
    }
}

/// The numbers a run's picture is drawn from ([`plot_data`]).
#[derive(Clone, Debug, PartialEq)]
pub struct RunData {
    /// Boards in the run (by position in the set).
    pub n_boards: usize,
    /// One entry per spec, in report order.
    pub specs: Vec<SpecData>,
    /// Shared histogram x range, inclusive: fewest moves.
    pub lo: u32,
    /// Shared histogram x range, inclusive: most moves.
    pub hi: u32,
    /// Shared histogram y range (with headroom for the stats text).
    pub y_max: u32,
}

/// The numbers [`plot_run`] draws for `records`: per spec the moves of its
/// solved boards (the histogram) and its mean moves and time (the point),
/// and the shared ranges.
pub fn plot_data(records: &[GameRecord]) -> RunData {
    RunData::new(records)
}

impl RunData {
    fn new(records: &[GameRecord]) -> RunData {
        // Boards by position in the set: specs that share the series'
        // random stream meet other boards at the same positions.
        let n_boards = records
            .iter()
            .map(|r| r.board_index)
            .collect::<HashSet<_>>()
            .len();
        let specs: Vec<SpecData> = crate::stats::summarize(records, None)
            .into_iter()
            .enumerate()
            .map(|(i, s)| SpecData {
                moves: records
                    .iter()
                    .filter(|r| r.spec == s.spec && r.solved())
                    .map(|r| r.moves)
                    .collect(),
                color: PALETTE[i % PALETTE.len()],
                n: s.n as usize,
                mean_moves: s.mean_moves,
                stdev_moves: s.stdev_moves,
                mean_ms: s.mean_ms,
                spec: s.spec,
            })
            .collect();
        let all = || specs.iter().flat_map(|s| s.moves.iter().copied());
        let lo = all().min().unwrap_or(0);
        let hi = all().max().unwrap_or(1).max(lo + 1);
        let tallest = specs
            .iter()
            .filter_map(|s| s.counts(lo, hi).into_iter().max())
            .max()
            .unwrap_or(0);
        // Headroom above the tallest bar keeps the stats text clear of bars.
        let y_max = (f64::from(tallest.max(1)) * 1.35).ceil() as u32 + 1;
        RunData {
            n_boards,
            specs,
            lo,
            hi,
            y_max,
        }
    }
}

/// Where the panels go: histograms fill the grid row by row, and the scatter
/// takes every cell left in the last row, so no cell stays empty.
struct Layout {
    cols: u32,
    rows: u32,
    n_specs: u32,
}

impl Layout {
    fn new(n_specs: usize) -> Layout {
        let n_specs = n_specs as u32;
        let panels = n_specs + 1;
        let cols = (1..).find(|c| c * c >= panels).unwrap_or(1);
        let rows = panels.div_ceil(cols);
        Layout {
            cols,
            rows,
            n_specs,
        }
    }

    /// Top-left corner and size of histogram `i`.
    fn histogram(&self, i: u32) -> ((u32, u32), (u32, u32)) {
        (
            (i % self.cols * PANEL_W, i / self.cols * PANEL_H),
            (PANEL_W, PANEL_H),
        )
    }

    /// Top-left corner and size of the scatter panel.
    fn scatter(&self) -> ((u32, u32), (u32, u32)) {
        let (col, row) = (self.n_specs % self.cols, self.n_specs / self.cols);
        (
            (col * PANEL_W, row * PANEL_H),
            ((self.cols - col) * PANEL_W, PANEL_H),
        )
    }
}

fn draw<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    run: &RunData,
    layout: &Layout,
) -> DrawResult<DB> {
    root.fill(&WHITE)?;
    let title = format!(
        "{} board{} × {} solver spec{}",
        run.n_boards,
        if run.n_boards == 1 { "" } else { "s" },
        run.specs.len(),
        if run.specs.len() == 1 { "" } else { "s" }
    );
    let title_style = (FONT, 24)
        .into_text_style(root)
        .pos(Pos::new(HPos::Center, VPos::Center));
    let center = (root.dim_in_pixel().0 as i32 / 2, TITLE_H as i32 / 2);
    root.draw(&Text::new(title, center, title_style))?;
    let body = root.margin(TITLE_H, 0, 0, 0);
    for (i, spec) in run.specs.iter().enumerate() {
        let (at, size) = layout.histogram(i as u32);
        draw_histogram(&body.clone().shrink(at, size), spec, run)?;
    }
    let (at, size) = layout.scatter();
    draw_scatter(&body.clone().shrink(at, size), &run.specs)
}

/// `text` in the largest of `sizes` that fits `max_w` pixels, shortened with
/// an ellipsis if even the smallest does not fit.
fn fit_text<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    text: &str,
    max_w: u32,
    sizes: &[f64],
) -> Result<(String, f64), DrawingAreaErrorKind<DB::ErrorType>> {
    for &size in sizes {
        if area
            .estimate_text_size(text, &(FONT, size).into_text_style(area))?
            .0
            <= max_w
        {
            return Ok((text.to_string(), size));
        }
    }
    let size = sizes.last().copied().unwrap_or(12.0);
    let style = (FONT, size).into_text_style(area);
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        chars.pop();
        let short: String = chars.iter().chain(['…'].iter()).collect();
        if area.estimate_text_size(&short, &style)?.0 <= max_w {
            return Ok((short, size));
        }
    }
    Ok(("…".to_string(), size))
}

fn draw_histogram<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    spec: &SpecData,
    run: &RunData,
) -> DrawResult<DB> {
    let (width, _) = area.dim_in_pixel();
    let (caption, size) = fit_text(area, &spec.spec, width - 24, &[18.0, 16.0, 14.0, 12.0])?;
    let mut chart = ChartBuilder::on(area)
        .caption(caption, (FONT, size))
        .margin(8)
        .margin_right(18)
        .x_label_area_size(40)
        .y_label_area_size(48)
        .build_cartesian_2d((run.lo..run.hi + 1).into_segmented(), 0..run.y_max)?;
    let span = run.hi - run.lo + 1;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(BLACK.mix(0.08))
        .x_labels(span.min(12) as usize)
        .y_labels(6)
        .x_label_formatter(&|v| match v {
            SegmentValue::Exact(x) | SegmentValue::CenterOf(x) => x.to_string(),
            SegmentValue::Last => String::new(),
        })
        .y_label_formatter(&|y| y.to_string())
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 14))
        .x_desc("moves")
        .y_desc("boards")
        .draw()?;
    chart.draw_series(
        Histogram::vertical(&chart)
            .style(spec.color.mix(0.85).filled())
            .margin(1)
            .data(spec.moves.iter().map(|&m| (m, 1u32))),
    )?;

    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let base = area.get_base_pixel();
    let local = |(x, y): (i32, i32)| (x - base.0, y - base.1);
    let stats_style = (FONT, 14)
        .into_text_style(area)
        .pos(Pos::new(HPos::Right, VPos::Top));
    let corner = local((xs.end - 8, ys.start + 6));
    let Some(mean) = spec.mean_moves else {
        let middle = local(((xs.start + xs.end) / 2, (ys.start + ys.end) / 2));
        let style = (FONT, 16)
            .into_text_style(area)
            .pos(Pos::new(HPos::Center, VPos::Center));
        let text = format!("no board solved (0/{})", spec.n);
        area.draw(&Text::new(text, middle, style))?;
        return Ok(());
    };
    // The mean as a vertical line: bin centers are the integers.
    let whole = mean.floor() as u32;
    let (x0, _) = chart.backend_coord(&(SegmentValue::CenterOf(whole), 0));
    let (x1, _) = chart.backend_coord(&(SegmentValue::CenterOf(whole + 1), 0));
    let x = x0 + ((x1 - x0) as f64 * (mean - f64::from(whole))).round() as i32;
    area.draw(&PathElement::new(
        vec![local((x, ys.start + 44)), local((x, ys.end))],
        BLACK.mix(0.75).stroke_width(2),
    ))?;
    let lines = [
        format!("mean {mean:.2}   sd {:.2}", spec.stdev_moves.unwrap_or(0.0)),
        format!("solved {}/{}", spec.moves.len(), spec.n),
    ];
    for (i, line) in lines.iter().enumerate() {
        let at = (corner.0, corner.1 + 18 * i as i32);
        area.draw(&Text::new(line.as_str(), at, stats_style.clone()))?;
    }
    Ok(())
}

fn draw_scatter<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    specs: &[SpecData],
) -> DrawResult<DB> {
    // Zero time cannot go on a log axis; a nanosecond is the floor.
    let points: Vec<(&SpecData, f64, f64)> = specs
        .iter()
        .filter_map(|s| s.mean_moves.map(|m| (s, s.mean_ms.max(1e-6), m)))
        .collect();
    let ms = || points.iter().map(|p| p.1);
    let (ms_lo, ms_hi) = (ms().fold(f64::INFINITY, f64::min), ms().fold(0.0, f64::max));
    // Whole decades, with room for labels: the axis always shows two ticks.
    let (x_lo, x_hi) = if points.is_empty() {
        (0.1, 10.0)
    } else {
        let decade = |x: f64, round: fn(f64) -> f64| 10f64.powf(round(x.log10()));
        (
            decade(ms_lo / 2.0, f64::floor),
            decade(ms_hi * 2.0, f64::ceil),
        )
    };
    let mv = || points.iter().map(|p| p.2);
    let (mv_lo, mv_hi) = (
        mv().fold(f64::INFINITY, f64::min),
        mv().fold(f64::NEG_INFINITY, f64::max),
    );
    let (y_lo, y_hi) = if points.is_empty() {
        (0.0, 1.0)
    } else {
        let pad = ((mv_hi - mv_lo) * 0.2).max(1.0);
        (mv_lo - pad, mv_hi + pad)
    };

    let mut chart = ChartBuilder::on(area)
        .caption("time per board vs mean moves", (FONT, 18))
        .margin(8)
        .margin_right(24)
        .x_label_area_size(40)
        .y_label_area_size(52)
        .build_cartesian_2d((x_lo..x_hi).log_scale(), y_lo..y_hi)?;
    chart
        .configure_mesh()
        .light_line_style(TRANSPARENT)
        .bold_line_style(BLACK.mix(0.08))
        .x_labels(8)
        .y_labels(6)
        .x_label_formatter(&|x| format_ms(*x))
        .y_label_formatter(&|y| format!("{y:.1}"))
        .label_style((FONT, 13))
        .axis_desc_style((FONT, 14))
        .x_desc("mean ms per board (log scale)")
        .y_desc("mean moves")
        .draw()?;

    let (xs, ys) = chart.plotting_area().get_pixel_range();
    let label_style = (FONT, 14).into_text_style(area);
    let centers: Vec<(i32, i32)> = points
        .iter()
        .map(|p| chart.backend_coord(&(p.1, p.2)))
        .collect();
    let mut placed: Vec<Rect> = Vec::new();
    for (i, &(spec, x, y)) in points.iter().enumerate() {
        let (label, _) = fit_text(area, &spec.spec, (xs.end - xs.start) as u32 / 2, &[14.0])?;
        let (w, h) = area.estimate_text_size(&label, &label_style)?;
        let (w, h) = (w as i32, h as i32);
        let (cx, cy) = centers[i];
        let bounds = Rect {
            x0: xs.start + 2,
            y0: ys.start + 2,
            x1: xs.end - 2,
            y1: ys.end - 2,
        };
        let markers: Vec<Rect> = centers
            .iter()
            .map(|&(px, py)| Rect {
                x0: px - 6,
                y0: py - 6,
                x1: px + 6,
                y1: py + 6,
            })
            .collect();
        // Labels keep 3 pixels from each other and from every marker.
        let free = |r: &Rect| {
            let padded = Rect {
                x0: r.x0 - 3,
                y0: r.y0 - 3,
                x1: r.x1 + 3,
                y1: r.y1 + 3,
            };
            bounds.contains(r)
                && !placed.iter().any(|p| p.overlaps(&padded))
                && !markers.iter().any(|m| m.overlaps(&padded))
        };
        // Right, left, above, below, then the same further away vertically.
        let mut candidates = Vec::new();
        for step in 0..6 {
            let dy = step * (h + 3);
            for off in [(9, -h / 2), (-9 - w, -h / 2), (-w / 2, -h - 8), (-w / 2, 8)] {
                for sign in [1, -1] {
                    candidates.push((off.0, off.1 + sign * dy));
                }
            }
        }
        let rect_at = |(dx, dy): (i32, i32)| Rect {
            x0: cx + dx,
            y0: cy + dy,
            x1: cx + dx + w,
            y1: cy + dy + h,
        };
        let found = candidates.iter().position(|&o| free(&rect_at(o)));
        let offset = found.map_or_else(
            || {
                // Nowhere free: keep it inside the plot, overlapping if it must.
                let dx = 9.min(bounds.x1 - cx - w).max(bounds.x0 - cx);
                let dy = (-h / 2).min(bounds.y1 - cy - h).max(bounds.y0 - cy);
                (dx, dy)
            },
            |i| candidates[i],
        );
        // A label pushed away from its point gets a leader line to it.
        if found.is_none_or(|i| i >= 8) {
            let r = rect_at(offset);
            let near = (cx.clamp(r.x0, r.x1), cy.clamp(r.y0, r.y1));
            let base = area.get_base_pixel();
            area.draw(&PathElement::new(
                vec![
                    (cx - base.0, cy - base.1),
                    (near.0 - base.0, near.1 - base.1),
                ],
                BLACK.mix(0.45).stroke_width(1),
            ))?;
        }
        placed.push(rect_at(offset));
        chart.draw_series(std::iter::once(
            EmptyElement::at((x, y))
                + Circle::new((0, 0), 5, spec.color.filled())
                + Circle::new((0, 0), 5, BLACK.mix(0.6).stroke_width(1))
                + Text::new(label, offset, label_style.clone()),
        ))?;
    }
    if points.is_empty() {
        let center = (
            (xs.start + xs.end) / 2 - area.get_base_pixel().0,
            (ys.start + ys.end) / 2 - area.get_base_pixel().1,
        );
        let style = (FONT, 16)
            .into_text_style(area)
            .pos(Pos::new(HPos::Center, VPos::Center));
        area.draw(&Text::new("no board was solved", center, style))?;
    }
    Ok(())
}

/// A pixel rectangle, ends exclusive.
struct Rect {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn contains(&self, o: &Rect) -> bool {
        self.x0 <= o.x0 && o.x1 <= self.x1 && self.y0 <= o.y0 && o.y1 <= self.y1
    }
}

/// Milliseconds for an axis: no trailing zeros, at most three decimals
/// (finer values in scientific notation).
fn format_ms(ms: f64) -> String {
    if ms >= 1.0 || ms == 0.0 {
        format!("{ms:.0}")
    } else if ms >= 0.001 {
        let text = format!("{ms:.3}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        format!("{ms:.0e}")
    }
}
