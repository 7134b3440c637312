//! `bench-jobs --report-dir DIR`: `summary.json` (the object `--json` prints), a self-contained
//! `report.html` (tables, the plots inlined) and two SVG plots, `fixed_by_lang.svg` and
//! `tool_calls.svg`.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;

use crate::cli::bench_jobs::{ModeReport, Report, StopReason, TaskResult};

const FIXED_COLOR: RGBColor = RGBColor(44, 160, 44);
const NOT_FIXED_COLOR: RGBColor = RGBColor(214, 39, 40);
const BASELINE_COLOR: RGBColor = RGBColor(31, 119, 180);

/// Write every file of the report into `dir`.
pub(crate) fn write(dir: &Path, report: &Report) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))
    };
    write("summary.json", &serde_json::to_string_pretty(report)?)?;
    let by_lang = fixed_by_lang_svg(report)?;
    let calls = tool_calls_svg(report)?;
    write("fixed_by_lang.svg", &by_lang)?;
    write("tool_calls.svg", &calls)?;
    write("report.html", &html(report, &by_lang, &calls))?;
    Ok(())
}

fn modes(report: &Report) -> Vec<(&'static str, &ModeReport)> {
    let mut modes = vec![("policy", &report.policy)];
    if let Some(baseline) = &report.always_call {
        modes.push(("always_call", baseline));
    }
    modes
}

fn draw_error<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow::anyhow!("drawing the plot: {e:?}")
}

/// One bar per language (and `all`) and mode: the share of tasks fixed, labelled `fixed/tasks`.
fn fixed_by_lang_svg(report: &Report) -> anyhow::Result<String> {
    // (label, fixed, tasks, mode index)
    let mut bars: Vec<(String, usize, usize, usize)> = Vec::new();
    let modes = modes(report);
    for (m, (name, mode)) in modes.iter().enumerate() {
        let suffix = if m == 0 {
            String::new()
        } else {
            format!(" ({name})")
        };
        for (lang, totals) in &mode.totals.by_lang {
            bars.push((format!("{lang}{suffix}"), totals.fixed, totals.tasks, m));
        }
        bars.push((
            format!("all{suffix}"),
            mode.totals.fixed,
            mode.totals.tasks,
            m,
        ));
    }
    let n = bars.len() as i32;
    let width = (160 + 110 * bars.len()).max(480) as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, 400)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption("Tasks fixed, by language", ("sans-serif", 20))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d((0..n).into_segmented(), 0.0f64..1.1f64)
            .map_err(draw_error)?;
        let labels: Vec<String> = bars.iter().map(|b| b.0.clone()).collect();
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(bars.len() + 1)
            .x_label_formatter(&|v: &SegmentValue<i32>| match v {
                SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
                _ => String::new(),
            })
            .y_desc("share fixed")
            .y_labels(6)
            .y_label_formatter(&|y: &f64| format!("{:.0} %", y * 100.0))
            .draw()
            .map_err(draw_error)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, fixed, tasks, mode))| {
                let share = if *tasks > 0 {
                    *fixed as f64 / *tasks as f64
                } else {
                    0.0
                };
                let color = if *mode == 0 {
                    FIXED_COLOR
                } else {
                    BASELINE_COLOR
                };
                let mut bar = Rectangle::new(
                    [
                        (SegmentValue::Exact(i as i32), 0.0),
                        (SegmentValue::Exact(i as i32 + 1), share),
                    ],
                    color.filled(),
                );
                bar.set_margin(0, 0, 12, 12);
                bar
            }))
            .map_err(draw_error)?;
        chart
            .draw_series(bars.iter().enumerate().map(|(i, (_, fixed, tasks, _))| {
                let share = if *tasks > 0 {
                    *fixed as f64 / *tasks as f64
                } else {
                    0.0
                };
                Text::new(
                    format!("{fixed}/{tasks}"),
                    (SegmentValue::CenterOf(i as i32), share + 0.05),
                    ("sans-serif", 14).into_font(),
                )
            }))
            .map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

/// One horizontal bar per task (and mode): its tool calls, green when fixed, red when not.
fn tool_calls_svg(report: &Report) -> anyhow::Result<String> {
    let mut rows: Vec<(String, &TaskResult)> = Vec::new();
    for (m, (name, mode)) in modes(report).iter().enumerate() {
        for r in &mode.results {
            let label = if m == 0 {
                r.id.clone()
            } else {
                format!("{} ({name})", r.id)
            };
            rows.push((label, r));
        }
    }
    let n = rows.len() as i32;
    let max_calls = rows
        .iter()
        .map(|(_, r)| r.tool_calls)
        .max()
        .unwrap_or(0)
        .max(1) as f64;
    let longest = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(4) as u32;
    let height = 90 + 16 * rows.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (820, height)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(
                "Tool calls per task (green: fixed, red: not fixed)",
                ("sans-serif", 18),
            )
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(20 + 7 * longest)
            .build_cartesian_2d(0.0f64..max_calls * 1.1, (0..n).into_segmented())
            .map_err(draw_error)?;
        let labels: Vec<String> = rows.iter().map(|(l, _)| l.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows.len() + 1)
            // Row 0 is drawn at the bottom: the first task goes in the top row.
            .y_label_formatter(&|v: &SegmentValue<i32>| match v {
                SegmentValue::CenterOf(i) => labels
                    .get((n - 1 - *i) as usize)
                    .cloned()
                    .unwrap_or_default(),
                _ => String::new(),
            })
            .y_label_style(("sans-serif", 11))
            .x_desc("tool calls")
            .draw()
            .map_err(draw_error)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, (_, r))| {
                let color = if r.fixed {
                    FIXED_COLOR
                } else {
                    NOT_FIXED_COLOR
                };
                let row = n - 1 - i as i32;
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(row)),
                        (r.tool_calls as f64, SegmentValue::Exact(row + 1)),
                    ],
                    color.filled(),
                );
                bar.set_margin(2, 2, 0, 0);
                bar
            }))
            .map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn share_text(share: Option<f64>) -> String {
    share.map_or("–".into(), |s| format!("{:.1} %", s * 100.0))
}

fn yes_no(value: Option<bool>) -> &'static str {
    match value {
        Some(true) => "yes",
        Some(false) => "no",
        None => "–",
    }
}

/// An SVG document as an inline element (the XML declaration left out).
fn inline_svg(svg: &str) -> &str {
    svg.find("<svg").map_or(svg, |i| &svg[i..])
}

fn html(report: &Report, by_lang_svg: &str, calls_svg: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>tact bench-jobs</title>\n\
         <style>body{{font-family:sans-serif;margin:2em;max-width:70em}}\
         table{{border-collapse:collapse;margin:1em 0}}th,td{{border:1px solid #ccc;padding:.25em .6em;text-align:left}}\
         td.n{{text-align:right}}tr.fixed td.f{{color:#2c8c2c}}tr.notfixed td.f{{color:#c62828}}</style></head><body>\n\
         <h1>tact bench-jobs</h1>\n<p>suite <code>{}</code>; model <code>{}</code>; policy edition <code>{}</code>; task timeout {} s.</p>\n",
        escape(&report.suite),
        escape(&report.model),
        escape(&report.policy_edition),
        report.task_timeout_s
    );
    for (name, mode) in modes(report) {
        let t = &mode.totals;
        let _ = write!(out, "<h2>Mode: {name}</h2>\n<h3>Totals</h3>\n<table>\n");
        let rows: Vec<(&str, String)> = vec![
            ("tasks", t.tasks.to_string()),
            ("fixed", t.fixed.to_string()),
            ("fixed share", share_text(t.fixed_share)),
            ("equal to the reference fix", t.equals_reference.to_string()),
            (
                "equal to the reference, share of fixes",
                share_text(t.equals_reference_share_of_fixed),
            ),
            ("median tool calls", t.median_tool_calls.to_string()),
            ("median forward passes", t.median_forward_passes.to_string()),
            ("median wall ms", t.median_wall_ms.to_string()),
            ("tasks with tests touched", t.tests_touched.to_string()),
        ];
        for (label, value) in rows {
            let _ = writeln!(out, "<tr><th>{label}</th><td class=\"n\">{value}</td></tr>");
        }
        out.push_str("</table>\n<h3>By language</h3>\n<table><tr><th>language</th><th>tasks</th><th>fixed</th><th>share</th></tr>\n");
        for (lang, l) in &t.by_lang {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                escape(lang),
                l.tasks,
                l.fixed,
                share_text(l.fixed_share)
            );
        }
        out.push_str(
            "</table>\n<h3>Stop reasons</h3>\n<table><tr><th>reason</th><th>tasks</th></tr>\n",
        );
        for reason in StopReason::ALL {
            let count = t.stop_reasons.get(reason.as_str()).copied().unwrap_or(0);
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"n\">{count}</td></tr>",
                reason.as_str()
            );
        }
        out.push_str(
            "</table>\n<h3>Tasks</h3>\n<table><tr><th>id</th><th>lang</th><th>part</th><th>fixed</th>\
             <th>equals reference</th><th>tests untouched</th><th>stop reason</th><th>tool calls</th>\
             <th>forward passes</th><th>wall ms</th><th>status</th><th>summary</th></tr>\n",
        );
        for r in &mode.results {
            let touched = if r.tests_untouched {
                "yes".to_string()
            } else {
                format!("no: {}", escape(&r.touched_files.join(", ")))
            };
            let _ = writeln!(
                out,
                "<tr class=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td class=\"f\">{}</td><td>{}</td><td>{}</td>\
                 <td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td></tr>",
                if r.fixed { "fixed" } else { "notfixed" },
                escape(&r.id),
                escape(&r.lang),
                r.part.as_str(),
                if r.fixed { "yes" } else { "no" },
                yes_no(r.equals_reference),
                touched,
                r.stop_reason.as_str(),
                r.tool_calls,
                r.forward_passes,
                r.wall_ms,
                escape(&r.status),
                escape(&r.summary)
            );
        }
        out.push_str("</table>\n");
    }
    let _ = write!(
        out,
        "<h2>Plots</h2>\n<figure>{}<figcaption>fixed_by_lang.svg</figcaption></figure>\n\
         <figure>{}<figcaption>tool_calls.svg</figcaption></figure>\n</body></html>\n",
        inline_svg(by_lang_svg),
        inline_svg(calls_svg)
    );
    out
}
