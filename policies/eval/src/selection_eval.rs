//! Selection evaluation: given candidates, did the selector pick the gold tool, and are all its
//! arguments acceptable?
//!
//! Candidate sets per item:
//! * `as_given`: the item's own 1–5 tools.
//! * `full`: the stress case, the item's tools plus the catalog tools BM25 finds closest to the
//!   request (different names only) up to [`FULL_POOL`] candidates, in a seeded shuffle.
//! * `shortlist_k` (k = 1..5): the retriever's top k of that full pool. The gold tool can fall
//!   off a short list, which is the end-to-end cost of a shallow shortlist.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::EvalError;
use super::data::{CatalogRow, FunctionDef, GoldCall, SelectionItem};
use super::metrics::mean;
use super::rng::SplitMix64;
use tact_policies::policy::RetrievalPolicy;
use tact_policies::retrieval::embed::{dot, normalized};
use tact_policies::retrieval::{RankingVariant, RetrievalIndex, ToolSpec};
use tact_policies::selector::CandidateEvidence;

/// Size of the stress-case candidate list.
pub const FULL_POOL: usize = 20;

/// Is `value` one of `acceptable`? Numbers compare by value (5 == 5.0); strings ignoring case
/// and surrounding space; lists and objects exactly.
fn value_matches(value: &serde_json::Value, acceptable: &serde_json::Value) -> bool {
    use serde_json::Value;
    match (value, acceptable) {
        (Value::Number(a), Value::Number(b)) => match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => (x - y).abs() <= 1e-9 * x.abs().max(y.abs()).max(1.0),
            _ => a == b,
        },
        (Value::String(a), Value::String(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| value_matches(x, y))
        }
        _ => value == acceptable,
    }
}

/// Is `""` among the acceptable values (the argument may be omitted)?
fn may_omit(acceptable: &[serde_json::Value]) -> bool {
    acceptable.iter().any(|v| v.as_str() == Some(""))
}

/// Right tool name, every argument acceptable, no required argument missing and no argument
/// the gold call does not know.
pub fn call_is_exact(gold: &GoldCall, name: &str, args: &serde_json::Value) -> bool {
    name == gold.name
        && (args.is_object() || args.is_null())
        && argument_outcomes(gold, None, name, args)
            .iter()
            .all(|(_, right)| *right)
}

/// Each argument of a call with the gold tool's name, judged alone: (its JSON Schema type in
/// `parameters`, or `unknown`; whether it is right — given and acceptable, or left out where it
/// may be). Arguments the gold call does not know count as wrong, under the type `extra`. A
/// call of another tool has no arguments to judge.
pub fn argument_outcomes(
    gold: &GoldCall,
    parameters: Option<&serde_json::Value>,
    name: &str,
    args: &serde_json::Value,
) -> Vec<(String, bool)> {
    if name != gold.name {
        return Vec::new();
    }
    let type_of = |key: &str| {
        parameters
            .and_then(|p| p.pointer(&format!("/properties/{key}/type")))
            .and_then(serde_json::Value::as_str)
            .unwrap_or("unknown")
            .to_string()
    };
    let given = args.as_object();
    let mut out: Vec<(String, bool)> = gold
        .acceptable
        .iter()
        .map(|(key, acceptable)| {
            let right = match given.and_then(|g| g.get(key)) {
                None => may_omit(acceptable),
                Some(value) => acceptable.iter().any(|a| value_matches(value, a)),
            };
            (type_of(key), right)
        })
        .collect();
    for key in given.into_iter().flat_map(|g| g.keys()) {
        if !gold.acceptable.contains_key(key) {
            out.push(("extra".to_string(), false));
        }
    }
    out.sort();
    out
}

/// The candidate sets of one item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CandidateSets {
    pub as_given: Vec<FunctionDef>,
    /// Index k-1 holds the shortlist of size k.
    pub shortlists: Vec<Vec<FunctionDef>>,
    pub full: Vec<FunctionDef>,
}

impl CandidateSets {
    /// Every set with its report key, in report order.
    pub fn labelled(&self) -> Vec<(String, &[FunctionDef])> {
        let mut sets = vec![("as_given".to_string(), self.as_given.as_slice())];
        for (i, s) in self.shortlists.iter().enumerate() {
            sets.push((format!("shortlist_{}", i + 1), s.as_slice()));
        }
        sets.push(("full".to_string(), self.full.as_slice()));
        sets
    }
}

/// Build every item's candidate sets (deterministic given the seed).
pub fn candidate_sets(
    items: &[SelectionItem],
    catalog: &[CatalogRow],
    policy: &RetrievalPolicy,
    seed: u64,
) -> Vec<CandidateSets> {
    let catalog_index = RetrievalIndex::build(
        &catalog
            .iter()
            .map(CatalogRow::tool_spec)
            .collect::<Vec<_>>(),
    );
    items
        .iter()
        .map(|item| {
            let mut full: Vec<FunctionDef> = item.tools.clone();
            for (doc, _) in catalog_index.rank_bm25(&item.query, FULL_POOL * 4) {
                if full.len() >= FULL_POOL {
                    break;
                }
                let row = &catalog[doc as usize];
                if !full.iter().any(|t| t.name == row.name) {
                    full.push(row.function());
                }
            }
            SplitMix64::for_label(seed, &item.id).shuffle(&mut full);
            let pool_index = positional_index(&full);
            // Rank every pool member: BM25 order first, then the unmatched ones in pool order,
            // so a shortlist of k always has k candidates.
            let mut order: Vec<usize> = pool_index
                .ranking(&item.query, None, RankingVariant::Bm25, policy, FULL_POOL)
                .iter()
                .filter_map(|t| t.tool_id.parse().ok())
                .collect();
            for i in 0..full.len() {
                if !order.contains(&i) {
                    order.push(i);
                }
            }
            let shortlists = (1..=5)
                .map(|k| order.iter().take(k).map(|&i| full[i].clone()).collect())
                .collect();
            CandidateSets {
                as_given: item.tools.clone(),
                shortlists,
                full,
            }
        })
        .collect()
}

/// Accuracy of one selector on one kind of candidate set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct SelectionMetrics {
    pub tool_accuracy: f64,
    pub args_exact: f64,
    /// Share of items whose gold tool is among the candidates (the ceiling).
    pub gold_present: f64,
    pub n: usize,
}

/// A selector's answer for one item and candidate set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub name: String,
    pub args: serde_json::Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectionBaselines {
    pub first: SelectionMetrics,
    pub random: SelectionMetrics,
    /// The top BM25 candidate, no arguments.
    pub bm25: SelectionMetrics,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetReport {
    /// The model's figures; `None` when no model ran.
    pub model: Option<SelectionMetrics>,
    pub baselines: SelectionBaselines,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectionReport {
    pub n: usize,
    pub seed: u64,
    pub model_id: Option<String>,
    /// The model on the items' own candidates (`None` without a model).
    pub tool_accuracy: Option<f64>,
    pub args_exact: Option<f64>,
    pub baselines: SelectionBaselines,
    /// Keys `as_given`, `shortlist_1`..`shortlist_5`, `full`.
    pub by_candidates: BTreeMap<String, SetReport>,
    pub forward_passes_per_choice: Option<f64>,
}

/// Per-item 0/1 outcomes keyed like `shortlist_3.model.tool`, for A/B tests.
pub type SelectionItemScores = BTreeMap<String, f64>;

/// Score one selector over items.
fn score(
    items: &[SelectionItem],
    choices: &[Option<Choice>],
    sets: &[&[FunctionDef]],
) -> (SelectionMetrics, Vec<(f64, f64)>) {
    let outcomes: Vec<(f64, f64)> = items
        .iter()
        .zip(choices)
        .map(|(item, choice)| match choice {
            Some(c) => (
                f64::from(u8::from(c.name == item.gold.name)),
                f64::from(u8::from(call_is_exact(&item.gold, &c.name, &c.args))),
            ),
            None => (0.0, 0.0),
        })
        .collect();
    let present: Vec<f64> = items
        .iter()
        .zip(sets)
        .map(|(item, set)| f64::from(u8::from(set.iter().any(|t| t.name == item.gold.name))))
        .collect();
    (
        SelectionMetrics {
            tool_accuracy: mean(&outcomes.iter().map(|o| o.0).collect::<Vec<_>>()),
            args_exact: mean(&outcomes.iter().map(|o| o.1).collect::<Vec<_>>()),
            gold_present: mean(&present),
            n: items.len(),
        },
        outcomes,
    )
}

/// A BM25 index over a candidate set whose tool ids are the candidates' positions.
fn positional_index(set: &[FunctionDef]) -> RetrievalIndex {
    let specs: Vec<ToolSpec> = set
        .iter()
        .enumerate()
        .map(|(i, t)| function_spec(i, t))
        .collect();
    RetrievalIndex::build(&specs)
}

/// What the learned selector knows of each candidate of `set` for `query` before the model is
/// asked: its BM25 score within the set (as the BM25 baseline ranks) and the cosine of the
/// request's and the tool's vectors when `vector_of` has both (MiniLM, from the eval cache).
pub fn selection_evidence(
    query: &str,
    set: &[FunctionDef],
    vector_of: &dyn Fn(&str) -> Option<Vec<f32>>,
) -> Vec<CandidateEvidence> {
    let index = positional_index(set);
    let mut bm25 = vec![0.0f32; set.len()];
    for (doc, score) in index.rank_bm25(query, set.len()) {
        if let Some(slot) = bm25.get_mut(doc as usize) {
            *slot = score;
        }
    }
    let query_vector = vector_of(query).map(|v| normalized(&v));
    set.iter()
        .zip(bm25)
        .map(|(tool, bm25)| {
            let text = function_spec(0, tool).embedding_text();
            let cosine = match (&query_vector, vector_of(&text)) {
                (Some(q), Some(v)) => Some(dot(q, &normalized(&v))),
                _ => None,
            };
            CandidateEvidence {
                name: tool.name.clone(),
                description: tool.description.clone(),
                schema: tool
                    .parameters
                    .clone()
                    .unwrap_or_else(|| serde_json::json!({"type": "object"})),
                bm25,
                cosine,
            }
        })
        .collect()
}

/// The text a candidate is embedded as (the retriever's: name in words, then description).
pub fn embedding_text_of(tool: &FunctionDef) -> String {
    function_spec(0, tool).embedding_text()
}

fn function_spec(i: usize, t: &FunctionDef) -> ToolSpec {
    ToolSpec {
        tool_id: i.to_string(),
        name: t.name.clone(),
        description: t.description.clone(),
        parameters: t.parameters.clone(),
    }
}

/// The BM25 baseline's pick among a candidate set.
fn bm25_pick(query: &str, set: &[FunctionDef], policy: &RetrievalPolicy) -> Option<Choice> {
    let index = positional_index(set);
    let top = index.ranking(query, None, RankingVariant::Bm25, policy, 1);
    let name = top
        .first()
        .map(|t| t.name.clone())
        .or_else(|| set.first().map(|t| t.name.clone()))?;
    Some(Choice {
        name,
        args: serde_json::json!({}),
    })
}

/// A selector under test: (item, candidate-set key, candidates) → its choice and the forward
/// passes it spent.
pub type Chooser<'a> =
    dyn FnMut(&SelectionItem, &str, &[FunctionDef]) -> Result<(Choice, u64), EvalError> + 'a;

/// Which items of which candidate sets the selector under test is asked about (the baselines
/// always cover every set and item: they cost nothing).
#[derive(Debug, Clone, Default)]
pub struct ModelScope {
    /// The model's stress case (`full`) on only the first that many items; its figures then
    /// carry that `n`.
    pub stress_items: Option<usize>,
    /// Only these sets (report keys: `as_given`, `shortlist_1`…`shortlist_5`, `full`); all
    /// when `None`.
    pub sets: Option<Vec<String>>,
}

impl ModelScope {
    /// How many of `n` items the selector is asked about in set `key`.
    pub fn items_for(&self, key: &str, n: usize) -> usize {
        if let Some(sets) = &self.sets
            && !sets.iter().any(|s| s == key)
        {
            return 0;
        }
        if key == "full" {
            self.stress_items.map_or(n, |k| k.min(n))
        } else {
            n
        }
    }
}

/// Evaluate a selector (`choose`, e.g. the model) and the baselines on every candidate set.
/// `choose` returns the choice and the forward passes it spent; `None` skips the model;
/// `scope` limits where it is asked.
#[allow(clippy::too_many_arguments)]
pub fn evaluate_selection(
    items: &[SelectionItem],
    sets: &[CandidateSets],
    policy: &RetrievalPolicy,
    seed: u64,
    scope: &ModelScope,
    mut choose: Option<&mut Chooser<'_>>,
    model_id: Option<String>,
    progress: &mut dyn FnMut(usize),
) -> Result<(SelectionReport, Vec<SelectionItemScores>), EvalError> {
    if items.len() != sets.len() {
        return Err(EvalError::Invalid("one candidate set per item".into()));
    }
    let keys: Vec<String> = sets
        .first()
        .map(|s| s.labelled().into_iter().map(|(k, _)| k).collect())
        .unwrap_or_default();
    let mut per_item: Vec<SelectionItemScores> = vec![SelectionItemScores::new(); items.len()];
    let mut by_candidates = BTreeMap::new();
    let mut passes = 0u64;
    let mut choices_made = 0u64;
    let mut step = 0;
    for (key_index, key) in keys.iter().enumerate() {
        let set_of = |s: &CandidateSets| -> Vec<FunctionDef> {
            s.labelled()
                .get(key_index)
                .map(|(_, set)| set.to_vec())
                .unwrap_or_default()
        };
        let owned: Vec<Vec<FunctionDef>> = sets.iter().map(set_of).collect();
        let slices: Vec<&[FunctionDef]> = owned.iter().map(Vec::as_slice).collect();
        let first: Vec<Option<Choice>> = slices
            .iter()
            .map(|s| {
                s.first().map(|t| Choice {
                    name: t.name.clone(),
                    args: serde_json::json!({}),
                })
            })
            .collect();
        let random: Vec<Option<Choice>> = items
            .iter()
            .zip(&slices)
            .map(|(item, s)| {
                let mut rng = SplitMix64::for_label(seed, &format!("{key}/{}", item.id));
                s.get(rng.below(s.len())).map(|t| Choice {
                    name: t.name.clone(),
                    args: serde_json::json!({}),
                })
            })
            .collect();
        let bm25: Vec<Option<Choice>> = items
            .iter()
            .zip(&slices)
            .map(|(item, s)| bm25_pick(&item.query, s, policy))
            .collect();
        // The stress case costs minutes per item on a CPU: the model may see only a prefix.
        let model_items = scope.items_for(key, items.len());
        let model = match choose.as_mut() {
            Some(choose) if model_items > 0 => {
                let mut picks = Vec::with_capacity(model_items);
                for (item, set) in items.iter().zip(&slices).take(model_items) {
                    let (choice, spent) = choose(item, key, set)?;
                    passes += spent;
                    choices_made += 1;
                    picks.push(Some(choice));
                    step += 1;
                    progress(step);
                }
                let (metrics, outcomes) =
                    score(&items[..model_items], &picks, &slices[..model_items]);
                for (scores, (tool, exact)) in per_item.iter_mut().zip(outcomes) {
                    scores.insert(format!("{key}.model.tool"), tool);
                    scores.insert(format!("{key}.model.args"), exact);
                }
                Some(metrics)
            }
            _ => None,
        };
        let (first_m, first_o) = score(items, &first, &slices);
        let (random_m, _) = score(items, &random, &slices);
        let (bm25_m, bm25_o) = score(items, &bm25, &slices);
        for ((scores, f), b) in per_item.iter_mut().zip(first_o).zip(bm25_o) {
            scores.insert(format!("{key}.first.tool"), f.0);
            scores.insert(format!("{key}.bm25.tool"), b.0);
        }
        by_candidates.insert(
            key.clone(),
            SetReport {
                model,
                baselines: SelectionBaselines {
                    first: first_m,
                    random: random_m,
                    bm25: bm25_m,
                },
            },
        );
    }
    let given = by_candidates.get("as_given").cloned();
    let report = SelectionReport {
        n: items.len(),
        seed,
        model_id,
        tool_accuracy: given
            .as_ref()
            .and_then(|g| g.model)
            .map(|m| m.tool_accuracy),
        args_exact: given.as_ref().and_then(|g| g.model).map(|m| m.args_exact),
        baselines: given.map(|g| g.baselines).unwrap_or(SelectionBaselines {
            first: SelectionMetrics::default(),
            random: SelectionMetrics::default(),
            bm25: SelectionMetrics::default(),
        }),
        by_candidates,
        forward_passes_per_choice: (choices_made > 0).then(|| passes as f64 / choices_made as f64),
    };
    Ok((report, per_item))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use serde_json::json;
    use tact_policies::policy::Policy;

    fn gold() -> GoldCall {
        serde_json::from_value(json!({
            "name": "area",
            "arguments": {"base": 10, "unit": "units"},
            "acceptable": {"base": [10], "unit": ["units", ""]}
        }))
        .unwrap()
    }

    #[test]
    fn arguments_are_judged_one_by_one_by_type() {
        let g = gold();
        let parameters =
            json!({"properties": {"base": {"type": "integer"}, "unit": {"type": "string"}}});
        let out = argument_outcomes(&g, Some(&parameters), "area", &json!({"base": 9, "x": 1}));
        assert_eq!(
            out,
            vec![
                ("extra".to_string(), false),
                ("integer".to_string(), false),
                ("string".to_string(), true)
            ]
        );
        let out = argument_outcomes(&g, None, "area", &json!({"base": 10}));
        assert_eq!(
            out,
            vec![("unknown".to_string(), true), ("unknown".to_string(), true)]
        );
        assert!(argument_outcomes(&g, None, "other", &json!({"base": 10})).is_empty());
    }

    #[test]
    fn exact_call_rules() {
        let g = gold();
        assert!(call_is_exact(
            &g,
            "area",
            &json!({"base": 10, "unit": "units"})
        ));
        assert!(
            call_is_exact(&g, "area", &json!({"base": 10.0})),
            "optional omitted, 10.0 == 10"
        );
        assert!(call_is_exact(
            &g,
            "area",
            &json!({"base": 10, "unit": " Units "})
        ));
        assert!(
            !call_is_exact(&g, "area", &json!({"unit": "units"})),
            "required base missing"
        );
        assert!(!call_is_exact(&g, "area", &json!({"base": 11})));
        assert!(!call_is_exact(&g, "area", &json!({"base": 10, "extra": 1})));
        assert!(!call_is_exact(&g, "volume", &json!({"base": 10})));
        assert!(!call_is_exact(&g, "area", &json!("base=10")));
    }

    fn tool(name: &str, description: &str) -> FunctionDef {
        FunctionDef {
            name: name.into(),
            description: description.into(),
            parameters: None,
        }
    }

    /// The test item: "area of a triangle", gold `area(base = 10)`, offered second.
    fn triangle_item(id: &str) -> SelectionItem {
        SelectionItem {
            id: id.into(),
            query: "area of a triangle with base 10".into(),
            messages: vec![],
            tools: vec![
                tool("volume", "volume of a cube"),
                tool("area", "area of a triangle"),
            ],
            gold: gold(),
            gold_position: 1,
            category: String::new(),
        }
    }

    /// A perfect selector's answer: the gold tool with the gold argument, one pass.
    fn gold_choice(item: &SelectionItem) -> Result<(Choice, u64), EvalError> {
        Ok((
            Choice {
                name: item.gold.name.clone(),
                args: json!({"base": 10}),
            },
            1,
        ))
    }

    #[test]
    fn baselines_and_a_perfect_selector_on_two_items() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items: Vec<SelectionItem> = vec![triangle_item("1")];
        let catalog = vec![CatalogRow {
            tool_id: "perimeter".into(),
            name: "perimeter".into(),
            description: "perimeter of a triangle".into(),
            parameters: None,
            source: "x".into(),
        }];
        let sets = candidate_sets(&items, &catalog, &policy, 3);
        assert_eq!(sets[0].full.len(), 3);
        assert_eq!(sets[0].shortlists[0].len(), 1);
        assert_eq!(
            sets[0].shortlists[0][0].name, "area",
            "BM25 ranks the gold tool first"
        );
        let mut oracle = |item: &SelectionItem,
                          _key: &str,
                          _set: &[FunctionDef]|
         -> Result<(Choice, u64), EvalError> { gold_choice(item) };
        let (report, per_item) = evaluate_selection(
            &items,
            &sets,
            &policy,
            3,
            &ModelScope::default(),
            Some(&mut oracle),
            Some("oracle".into()),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(report.tool_accuracy, Some(1.0));
        assert_eq!(report.args_exact, Some(1.0));
        assert_eq!(report.baselines.first.tool_accuracy, 0.0);
        assert_eq!(report.baselines.bm25.tool_accuracy, 1.0);
        assert_eq!(
            report.by_candidates["shortlist_1"]
                .baselines
                .first
                .gold_present,
            1.0
        );
        assert_eq!(per_item[0]["full.model.tool"], 1.0);
        assert_eq!(report.forward_passes_per_choice, Some(1.0));
    }

    /// `stress_items` bounds only the model's stress case: the model is asked for the full
    /// list on the first N items, its figures say n = N, and the baselines still cover all.
    #[test]
    fn stress_items_limits_only_the_models_full_list() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items = vec![triangle_item("1"), triangle_item("2"), triangle_item("3")];
        let sets = candidate_sets(&items, &[], &policy, 3);
        let mut asked: Vec<(String, String)> = Vec::new();
        let mut oracle = |item: &SelectionItem,
                          key: &str,
                          _set: &[FunctionDef]|
         -> Result<(Choice, u64), EvalError> {
            asked.push((key.to_string(), item.id.clone()));
            gold_choice(item)
        };
        let (report, per_item) = evaluate_selection(
            &items,
            &sets,
            &policy,
            3,
            &ModelScope {
                stress_items: Some(1),
                sets: None,
            },
            Some(&mut oracle),
            Some("oracle".into()),
            &mut |_| {},
        )
        .unwrap();
        let full: Vec<&str> = asked
            .iter()
            .filter(|(k, _)| k == "full")
            .map(|(_, id)| id.as_str())
            .collect();
        assert_eq!(full, vec!["1"]);
        assert_eq!(asked.iter().filter(|(k, _)| k == "as_given").count(), 3);
        let full_report = &report.by_candidates["full"];
        assert_eq!(full_report.model.unwrap().n, 1);
        assert_eq!(full_report.baselines.first.n, 3);
        assert!(per_item[0].contains_key("full.model.tool"));
        assert!(!per_item[1].contains_key("full.model.tool"));
    }

    /// `sets` asks the model on the named candidate sets only (the 20-tool case can be timed
    /// on its own); every set keeps its baselines.
    #[test]
    fn the_model_is_asked_on_the_named_sets_only() {
        let policy = Policy::default_policy().unwrap().body.retrieval;
        let items = vec![triangle_item("1"), triangle_item("2")];
        let sets = candidate_sets(&items, &[], &policy, 3);
        let mut asked: Vec<String> = Vec::new();
        let mut oracle = |item: &SelectionItem,
                          key: &str,
                          _set: &[FunctionDef]|
         -> Result<(Choice, u64), EvalError> {
            asked.push(key.to_string());
            gold_choice(item)
        };
        let scope = ModelScope {
            stress_items: None,
            sets: Some(vec!["full".into()]),
        };
        let (report, _) = evaluate_selection(
            &items,
            &sets,
            &policy,
            3,
            &scope,
            Some(&mut oracle),
            Some("oracle".into()),
            &mut |_| {},
        )
        .unwrap();
        assert_eq!(asked, vec!["full", "full"]);
        assert_eq!(report.by_candidates["full"].model.unwrap().n, 2);
        assert!(report.by_candidates["as_given"].model.is_none());
        assert_eq!(report.by_candidates["as_given"].baselines.first.n, 2);
        assert_eq!(scope.items_for("shortlist_3", 2), 0);
    }
}
