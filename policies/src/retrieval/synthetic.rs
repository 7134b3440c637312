//! A deterministic synthetic tool catalog of any size, for scale tests and benches (the real
//! dev catalog has under 3,000 tools; the retriever must handle 100,000).

use super::ToolSpec;

const VERBS: &[&str] = &[
    "get",
    "list",
    "create",
    "update",
    "delete",
    "search",
    "find",
    "compute",
    "convert",
    "validate",
    "send",
    "fetch",
    "parse",
    "render",
    "schedule",
    "cancel",
    "merge",
    "split",
    "upload",
    "download",
    "translate",
    "summarize",
    "rank",
    "estimate",
    "book",
    "track",
];
const NOUNS: &[&str] = &[
    "invoice",
    "weather",
    "flight",
    "hotel",
    "user",
    "order",
    "image",
    "document",
    "email",
    "calendar",
    "stock",
    "currency",
    "recipe",
    "playlist",
    "ticket",
    "repository",
    "commit",
    "issue",
    "package",
    "container",
    "cluster",
    "metric",
    "alert",
    "payment",
    "shipment",
    "contract",
    "patient",
    "vehicle",
    "route",
    "sensor",
    "reading",
    "report",
    "sequence",
];
const QUALIFIERS: &[&str] = &[
    "daily",
    "remote",
    "local",
    "batch",
    "archived",
    "public",
    "private",
    "regional",
    "historical",
    "forecast",
    "pending",
    "draft",
    "shared",
    "encrypted",
    "cached",
    "live",
];

/// Splitmix step, so the catalog is the same on every platform.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn pick<'a>(state: &mut u64, words: &[&'a str]) -> &'a str {
    words[(next(state) % words.len() as u64) as usize]
}

/// `n` tools named like `search_archived_invoice_17`, each with a description, two
/// parameters, and one made-up rare word (`zq<i>x`) so a test can aim at exactly one tool.
pub fn synthetic_catalog(n: usize, seed: u64) -> Vec<ToolSpec> {
    let mut state = seed;
    (0..n)
        .map(|i| {
            let verb = pick(&mut state, VERBS);
            let qualifier = pick(&mut state, QUALIFIERS);
            let noun = pick(&mut state, NOUNS);
            let other = pick(&mut state, NOUNS);
            let name = format!("{verb}_{qualifier}_{noun}_{i}");
            let description = format!(
                "{verb} the {qualifier} {noun} records linked to a {other}; code zq{i}x."
            );
            let parameters = serde_json::json!({
                "type": "object",
                "properties": {
                    format!("{noun}Id"): {"type": "string", "description": format!("Identifier of the {noun}")},
                    "limit": {"type": "integer", "description": "Maximum number of results"}
                }
            });
            ToolSpec {
                tool_id: format!("syn{i}"),
                name,
                description,
                parameters: Some(parameters),
            }
        })
        .collect()
}
