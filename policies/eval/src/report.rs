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

/// One row of a node's headline table (issue 15 item 8, the paper's §6): the learned node's
/// figure, the same figure of the previous run written into the report folder (the previous
/// edition, when the policy or model changed between the runs), and its baselines'.
#[derive(Debug, Clone, PartialEq)]
pub struct HeadlineRow {
    pub metric: String,
    pub learned: Option<f64>,
    pub previous: Option<f64>,
    pub baselines: Vec<(String, Option<f64>)>,
}

/// The headline figures of a report of `kind` (`trigger`, `retrieval`, `selection`) as
/// written to `<kind>.json`, next to those of `previous` (the same kind's earlier JSON).
pub fn headline(
    kind: &str,
    current: &serde_json::Value,
    previous: Option<&serde_json::Value>,
) -> Vec<HeadlineRow> {
    // (metric, pointer of the learned figure, [(baseline, pointer)])
    type Spec = (String, String, Vec<(String, String)>);
    let specs: Vec<Spec> = match kind {
        "trigger" => ["f1", "auroc", "precision", "recall"]
            .iter()
            .map(|m| {
                (
                    (*m).to_string(),
                    format!("/{m}"),
                    vec![
                        ("always call".to_string(), format!("/baselines/always/{m}")),
                        ("never call".to_string(), format!("/baselines/never/{m}")),
                    ],
                )
            })
            .collect(),
        "selection" => ["tool_accuracy", "args_exact"]
            .iter()
            .map(|m| {
                (
                    (*m).to_string(),
                    format!("/{m}"),
                    ["first", "random", "bm25"]
                        .iter()
                        .map(|b| ((*b).to_string(), format!("/baselines/{b}/{m}")))
                        .collect(),
                )
            })
            .collect(),
        "retrieval" => ["catalog_5", "catalog_50", "catalog_500", "catalog_all"]
            .iter()
            .map(|size| {
                let at = |ranker: &str| format!("/{ranker}/{size}/gold_tools/recall_at_5");
                (
                    format!("recall@5, {size}"),
                    at("fused"),
                    vec![
                        ("BM25".to_string(), at("bm25")),
                        ("stock MiniLM".to_string(), at("embedding")),
                    ],
                )
            })
            .collect(),
        _ => Vec::new(),
    };
    let read = |value: &serde_json::Value, pointer: &str| {
        value.pointer(pointer).and_then(serde_json::Value::as_f64)
    };
    specs
        .into_iter()
        .map(|(metric, learned, baselines)| HeadlineRow {
            learned: read(current, &learned),
            previous: previous.and_then(|p| read(p, &learned)),
            baselines: baselines
                .into_iter()
                .map(|(name, pointer)| {
                    let value = read(current, &pointer);
                    (name, value)
                })
                .collect(),
            metric,
        })
        .collect()
}

/// The headline table as HTML, with the two runs' editions in its header.
fn headline_table(
    rows: &[HeadlineRow],
    current: &serde_json::Value,
    previous: Option<&serde_json::Value>,
) -> String {
    if rows.is_empty() {
        return String::new();
    }
    let fmt = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.3}"));
    let edition = |v: &serde_json::Value| {
        let policy = v["policy_edition"].as_str().unwrap_or("?");
        let model = v["model"]
            .as_str()
            .or_else(|| v["model_id"].as_str())
            .unwrap_or("no model");
        escape(&format!("policy {policy}, {model}"))
    };
    let mut html = String::from("<table class=\"headline\"><tr><th>figure</th>");
    html.push_str(&format!(
        "<th>this run<br><small>{}</small></th>",
        edition(current)
    ));
    html.push_str(&format!(
        "<th>previous run<br><small>{}</small></th>",
        previous.map_or("none in this folder".to_string(), edition)
    ));
    for (name, _) in &rows[0].baselines {
        html.push_str(&format!("<th>{}</th>", escape(name)));
    }
    html.push_str("</tr>\n");
    for row in rows {
        html.push_str(&format!(
            "<tr><td>{}</td><td><b>{}</b></td><td>{}</td>",
            escape(&row.metric),
            fmt(row.learned),
            fmt(row.previous)
        ));
        for (_, value) in &row.baselines {
            html.push_str(&format!("<td>{}</td>", fmt(*value)));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
    html
}

/// Write `<kind>.svg` and `<kind>.json` into `dir` and rewrite `index.html`. A `<kind>.json`
/// already there is kept as `<kind>.previous.json`: the index shows each node's headline
/// figures next to the previous run's and the baselines'.
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
    if json_path.exists() {
        let kept = dir.join(format!("{kind}.previous.json"));
        std::fs::rename(&json_path, &kept).map_err(|e| io(&kept, e))?;
    }
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
        let parse = |text: &str| serde_json::from_str::<serde_json::Value>(text).ok();
        let current = parse(&json).unwrap_or_default();
        let previous = std::fs::read_to_string(dir.join(format!("{section}.previous.json")))
            .ok()
            .and_then(|t| parse(&t));
        let rows = headline(section, &current, previous.as_ref());
        let table = headline_table(&rows, &current, previous.as_ref());
        body.push_str(&format!(
            "<section><h2>{}</h2>\n{table}{image}\n<details><summary>figures</summary><pre>{}</pre></details></section>\n",
            escape(title),
            escape(&json)
        ));
    }
    let html = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>tact eval report</title>\
         <style>body{{font-family:sans-serif;max-width:800px;margin:2em auto}}pre{{font-size:12px}}table.headline{{border-collapse:collapse;margin:1em 0}}table.headline td,table.headline th{{border:1px solid #ccc;padding:2px 8px;text-align:right}}</style>\
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

    #[test]
    fn each_node_is_shown_next_to_its_baselines_and_the_previous_run() {
        let dir = tempfile::tempdir().unwrap();
        let chart = Chart {
            title: "t".into(),
            x_label: "x".into(),
            y_label: "y".into(),
            series: vec![],
            x_labels: None,
        };
        let run = |f1: f64, edition: &str| {
            serde_json::json!({
                "f1": f1, "auroc": 0.9, "precision": 0.8, "recall": 0.7,
                "baselines": {"always": {"f1": 0.65, "auroc": 0.5, "precision": 0.48, "recall": 1.0},
                              "never": {"f1": 0.0, "auroc": 0.5, "precision": 0.0, "recall": 0.0}},
                "policy_edition": edition, "model": "m"
            })
        };
        write_report(dir.path(), "trigger", &chart, &run(0.683, "old")).unwrap();
        let html = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
        assert!(html.contains("none in this folder"));
        write_report(dir.path(), "trigger", &chart, &run(0.812, "new")).unwrap();
        let html = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
        assert!(
            html.contains("<b>0.812</b></td><td>0.683</td><td>0.650</td><td>0.000</td>"),
            "{html}"
        );
        assert!(html.contains("policy new, m") && html.contains("policy old, m"));
        let rows = headline(
            "selection",
            &serde_json::json!({"tool_accuracy": 0.9, "baselines": {"bm25": {"tool_accuracy": 0.8}}}),
            None,
        );
        assert_eq!(rows[0].learned, Some(0.9));
        assert_eq!(rows[0].baselines[2], ("bm25".to_string(), Some(0.8)));
        assert_eq!(rows[1].learned, None);
    }
}
