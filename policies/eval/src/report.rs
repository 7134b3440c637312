//! `--report DIR`: an HTML page with SVG plots (precision–recall over τ for the trigger,
//! recall@k against catalog size for the retriever, accuracy against shortlist size for the
//! selector). Each eval writes its own `<kind>.svg` and `<kind>.json`; `index.html` is
//! rewritten to show every plot present in the folder.

use std::path::Path;

use plotters::prelude::*;

use super::EvalError;

/// One line of a plot.
#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    pub label: String,
    pub points: Vec<(f64, f64)>,
}

/// A line chart with x/y in data units; y is clamped to [0, 1] (every plotted metric is a
/// rate). `x_labels` names the x ticks when x is a category index.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<Series>,
    pub x_labels: Option<Vec<String>>,
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// Render a chart as SVG text.
pub fn render_svg(chart: &Chart) -> Result<String, EvalError> {
    let draw_error = |e: String| EvalError::Report(e);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (720, 440)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| draw_error(e.to_string()))?;
        let (mut x_min, mut x_max) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in chart.series.iter().flat_map(|s| &s.points) {
            x_min = x_min.min(p.0);
            x_max = x_max.max(p.0);
        }
        if !x_min.is_finite() {
            (x_min, x_max) = (0.0, 1.0);
        }
        if x_max <= x_min {
            x_max = x_min + 1.0;
        }
        if chart.x_labels.is_some() {
            // Categories: leave room so the first and last labels are not cut at the edges.
            x_min -= 0.25;
            x_max += 0.25;
        }
        let mut context = ChartBuilder::on(&root)
            .caption(&chart.title, ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(x_min..x_max, 0.0f64..1.0f64)
            .map_err(|e| draw_error(e.to_string()))?;
        let labels = chart.x_labels.clone();
        let format_x = move |x: &f64| -> String {
            match &labels {
                Some(names) => {
                    let i = x.round();
                    if (x - i).abs() < 0.05 && i >= 0.0 {
                        names.get(i as usize).cloned().unwrap_or_default()
                    } else {
                        String::new()
                    }
                }
                None => format!("{x:.2}"),
            }
        };
        let x_ticks = chart.x_labels.as_ref().map_or(10, |l| l.len().max(2));
        context
            .configure_mesh()
            .x_desc(chart.x_label.as_str())
            .y_desc(chart.y_label.as_str())
            .x_labels(x_ticks)
            .x_label_formatter(&format_x)
            .draw()
            .map_err(|e| draw_error(e.to_string()))?;
        for (i, series) in chart.series.iter().enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            let points: Vec<(f64, f64)> = series
                .points
                .iter()
                .map(|&(x, y)| (x, y.clamp(0.0, 1.0)))
                .collect();
            context
                .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))
                .map_err(|e| draw_error(e.to_string()))?
                .label(series.label.as_str())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            if points.len() <= 40 {
                context
                    .draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))
                    .map_err(|e| draw_error(e.to_string()))?;
            }
        }
        context
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::LowerRight)
            .draw()
            .map_err(|e| draw_error(e.to_string()))?;
        root.present().map_err(|e| draw_error(e.to_string()))?;
    }
    Ok(svg)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// Write `<kind>.svg` and `<kind>.json` into `dir` and rewrite `index.html`.
pub fn write_report(
    dir: &Path,
    kind: &str,
    chart: &Chart,
    figures: &serde_json::Value,
) -> Result<(), EvalError> {
    let io = |path: &Path, e: std::io::Error| EvalError::Write {
        path: path.display().to_string(),
        reason: e.to_string(),
    };
    std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
    let svg_path = dir.join(format!("{kind}.svg"));
    std::fs::write(&svg_path, render_svg(chart)?).map_err(|e| io(&svg_path, e))?;
    let json_path = dir.join(format!("{kind}.json"));
    let pretty =
        serde_json::to_string_pretty(figures).map_err(|e| EvalError::Report(e.to_string()))?;
    std::fs::write(&json_path, pretty).map_err(|e| io(&json_path, e))?;

    let mut body = String::new();
    for (section, title) in [
        ("trigger", "Trigger: precision and recall over τ"),
        ("retrieval", "Retriever: recall@k against catalog size"),
        ("selection", "Selector: accuracy against shortlist size"),
    ] {
        let svg = dir.join(format!("{section}.svg"));
        let Ok(image) = std::fs::read_to_string(&svg) else {
            continue;
        };
        let json = std::fs::read_to_string(dir.join(format!("{section}.json"))).unwrap_or_default();
        body.push_str(&format!(
            "<section><h2>{}</h2>\n{image}\n<details><summary>figures</summary><pre>{}</pre></details></section>\n",
            escape(title),
            escape(&json)
        ));
    }
    let html = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>tact eval report</title>\
         <style>body{{font-family:sans-serif;max-width:800px;margin:2em auto}}pre{{font-size:12px}}</style>\
         </head><body><h1>tact eval report</h1>\n{body}</body></html>\n"
    );
    let index = dir.join("index.html");
    std::fs::write(&index, html).map_err(|e| io(&index, e))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn writes_svg_json_and_an_index_that_embeds_it() {
        let dir = tempfile::tempdir().unwrap();
        let chart = Chart {
            title: "recall".into(),
            x_label: "catalog".into(),
            y_label: "recall@5".into(),
            series: vec![Series {
                label: "bm25".into(),
                points: vec![(0.0, 0.9), (1.0, 0.7), (2.0, 0.5)],
            }],
            x_labels: Some(vec!["5".into(), "50".into(), "500".into()]),
        };
        write_report(
            dir.path(),
            "retrieval",
            &chart,
            &serde_json::json!({"n": 3}),
        )
        .unwrap();
        let svg = std::fs::read_to_string(dir.path().join("retrieval.svg")).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("bm25"));
        let html = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
        assert!(html.contains("<svg") && html.contains("Retriever"));
        assert!(!html.contains("Trigger:"), "no trigger plot was written");
    }
}
