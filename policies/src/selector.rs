//! The learned selector combiner: which shortlisted tool to call, from everything known about
//! each candidate — the retriever's BM25 and cosine evidence, how well the request can fill
//! the tool's arguments, and the model's log-likelihood of the tool's name — combined by a
//! conditional-logit model fitted on the development selection set (`tact train-selector`).
//!
//! The combination is split so that the model is asked once: [`SelectorCombiner::prior`]
//! turns the evidence the job already has into a per-candidate base score, and the model adds
//! its own term ([`SelectionPrior::combine`]) before binding the arguments of the winner.

use serde::{Deserialize, Serialize};
use tact_runtime::model_io::SelectionPrior;

use crate::error::PolicyError;
use crate::retrieval::tokenize::tokenize;

/// The features of one candidate, in this order.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "bm25_share",
    "bm25_top",
    "cosine_gap",
    "cosine_top",
    "name_overlap",
    "args_fillable",
    "model_gap",
];
pub const FEATURES: usize = 7;
/// Index of the model's feature: the part the model adds itself.
const MODEL_GAP: usize = 6;
/// A name the model finds this much less likely than its favourite counts no lower.
const MODEL_GAP_FLOOR: f32 = -20.0;

/// What is known of one candidate before the model is asked.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CandidateEvidence {
    pub name: String,
    pub description: String,
    /// JSON Schema of the arguments.
    pub schema: serde_json::Value,
    /// BM25 score of the request against the tool (0 when they share no term).
    pub bm25: f32,
    /// Cosine of request and tool embeddings, when both exist.
    pub cosine: Option<f32>,
}

/// The feature rows of `candidates` for `request` (the model's feature left at 0; see
/// [`with_model_scores`]).
pub fn features(request: &str, candidates: &[CandidateEvidence]) -> Vec<[f32; FEATURES]> {
    let request_tokens = tokenize(request);
    let max_bm25 = candidates.iter().map(|c| c.bm25).fold(0.0f32, f32::max);
    let max_cosine = candidates
        .iter()
        .filter_map(|c| c.cosine)
        .fold(f32::NEG_INFINITY, f32::max);
    let bm25_top = first_max(candidates.iter().map(|c| c.bm25));
    let cosine_top = first_max(
        candidates
            .iter()
            .map(|c| c.cosine.unwrap_or(f32::NEG_INFINITY)),
    );
    candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut f = [0.0f32; FEATURES];
            if max_bm25 > 0.0 {
                f[0] = c.bm25 / max_bm25;
                f[1] = f32::from(u8::from(bm25_top == Some(i)));
            }
            if let Some(cos) = c.cosine.filter(|_| max_cosine.is_finite()) {
                f[2] = cos - max_cosine;
                f[3] = f32::from(u8::from(cosine_top == Some(i)));
            }
            f[4] = name_overlap(&c.name, &request_tokens);
            f[5] = args_fillable(&c.schema, request, &request_tokens);
            f
        })
        .collect()
}

/// Fill the model's feature from its log-likelihood of each name (`model_scores[i]` for
/// candidate `i`): the gap to its favourite, floored.
pub fn with_model_scores(rows: &mut [[f32; FEATURES]], model_scores: &[f32]) {
    let best = model_scores
        .iter()
        .copied()
        .fold(f32::NEG_INFINITY, f32::max);
    for (row, &score) in rows.iter_mut().zip(model_scores) {
        row[MODEL_GAP] = model_gap(score, best);
    }
}

fn model_gap(score: f32, best: f32) -> f32 {
    if best.is_finite() && score.is_finite() {
        (score - best).max(MODEL_GAP_FLOOR)
    } else {
        MODEL_GAP_FLOOR
    }
}

/// Index of the first maximum, if any value is finite.
fn first_max(values: impl Iterator<Item = f32>) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, v) in values.enumerate() {
        if v.is_finite() && best.is_none_or(|(_, b)| v > b) {
            best = Some((i, v));
        }
    }
    best.map(|(i, _)| i)
}

/// Words of a tool name (`math.factorial`, `get_weather`, `getWeather`), lowercased.
fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut prev_lower = false;
    for ch in name.chars() {
        if !ch.is_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            prev_lower = false;
            continue;
        }
        if ch.is_uppercase() && prev_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        prev_lower = ch.is_lowercase();
        word.extend(ch.to_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Share of the name's words (of 3 letters or more) the request mentions, a shared 4-letter
/// stem counting ("calculate" ~ "calculation").
fn name_overlap(name: &str, request_tokens: &[String]) -> f32 {
    let words: Vec<String> = name_words(name)
        .into_iter()
        .filter(|w| w.chars().count() >= 3)
        .collect();
    if words.is_empty() {
        return 0.0;
    }
    let stem = |w: &str| w.chars().take(4).collect::<String>();
    let hits = words
        .iter()
        .filter(|w| {
            request_tokens
                .iter()
                .any(|t| t == *w || (t.chars().count() >= 4 && stem(t) == stem(w)))
        })
        .count();
    hits as f32 / words.len() as f32
}

/// Share of the tool's required arguments (all of them when none is required) that the
/// request visibly supplies: a number for a numeric one, one of the allowed values for an
/// enum, the argument's own name or a quoted value for a string; booleans and objects count
/// as fillable (they have defaults or structure the request need not spell out).
fn args_fillable(schema: &serde_json::Value, request: &str, request_tokens: &[String]) -> f32 {
    let Some(properties) = schema.get("properties").and_then(|p| p.as_object()) else {
        return 1.0;
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(|r| r.as_array())
        .map(|r| r.iter().filter_map(|v| v.as_str()).collect())
        .unwrap_or_default();
    let names: Vec<&str> = if required.is_empty() {
        properties.keys().map(String::as_str).collect()
    } else {
        required
    };
    if names.is_empty() {
        return 1.0;
    }
    let lower = request.to_lowercase();
    let has_number = request.chars().any(|c| c.is_ascii_digit());
    let has_quote = request.contains('"') || request.contains('\'');
    let filled = names
        .iter()
        .filter(|name| {
            let Some(p) = properties.get(**name) else {
                return false;
            };
            if let Some(values) = p.get("enum").and_then(|e| e.as_array()) {
                return values.iter().any(|v| match v {
                    serde_json::Value::String(s) => lower.contains(&s.to_lowercase()),
                    other => lower.contains(&other.to_string()),
                });
            }
            match p.get("type").and_then(|t| t.as_str()) {
                Some("integer" | "number") => has_number,
                Some("string") => {
                    has_quote
                        || name_words(name)
                            .iter()
                            .any(|w| request_tokens.iter().any(|t| t == w))
                }
                Some("array") => has_number || request.contains(','),
                _ => true,
            }
        })
        .count();
    filled as f32 / names.len() as f32
}

/// The fitted combination: one weight per feature, fitted on the development selection set
/// (`tact train-selector`), bound to the model whose name scores it was fitted with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectorCombiner {
    pub format: u32,
    /// The model id whose name log-likelihoods fed the model feature.
    pub model_id: String,
    pub feature_names: Vec<String>,
    pub weights: Vec<f32>,
    /// L2 strength chosen by cross-validation.
    pub l2: f32,
}

pub const COMBINER_FORMAT: u32 = 1;

impl SelectorCombiner {
    pub fn from_json(bytes: &[u8]) -> Result<SelectorCombiner, PolicyError> {
        let combiner: SelectorCombiner = serde_json::from_slice(bytes)
            .map_err(|e| PolicyError::Invalid(format!("selector combiner: {e}")))?;
        if combiner.format != COMBINER_FORMAT {
            return Err(PolicyError::Invalid(format!(
                "selector combiner format {} (this build reads {COMBINER_FORMAT})",
                combiner.format
            )));
        }
        if combiner.weights.len() != FEATURES
            || combiner
                .feature_names
                .iter()
                .map(String::as_str)
                .ne(FEATURE_NAMES)
        {
            return Err(PolicyError::Invalid(format!(
                "selector combiner features {:?} (this build computes {FEATURE_NAMES:?})",
                combiner.feature_names
            )));
        }
        Ok(combiner)
    }

    /// The score of a full feature row.
    pub fn score(&self, row: &[f32; FEATURES]) -> f32 {
        row.iter().zip(&self.weights).map(|(f, w)| f * w).sum()
    }

    /// Index of the best row (first on ties), if any.
    pub fn pick(&self, rows: &[[f32; FEATURES]]) -> Option<usize> {
        first_max(rows.iter().map(|r| self.score(r)))
    }

    /// What the model needs to finish the choice itself: each candidate's score without the
    /// model's term (`None` for a candidate outside the combiner's scope, such as `ask_user`
    /// and `stop`, which stay the model's call) and the model term's weight.
    pub fn prior(&self, rows: &[Option<[f32; FEATURES]>]) -> SelectionPrior {
        SelectionPrior {
            base: rows.iter().map(|r| r.map(|r| self.score(&r))).collect(),
            model_weight: self.weights.get(MODEL_GAP).copied().unwrap_or(0.0),
            model_gap_floor: MODEL_GAP_FLOOR,
        }
    }
}

/// Combiners shipped inside the binary, named by the policy as `builtin:NAME`. Retrain with
/// the command in `policies/selectors/README.md`.
const BUILTIN: &[(&str, &[u8])] = &[(
    "smollm2-135m-instruct-selector-v1",
    include_bytes!("../selectors/smollm2-135m-instruct-selector-v1.json"),
)];

/// A combiner named by a policy: `builtin:NAME` (shipped) or a JSON file's path.
pub fn load_combiner(spec: &str) -> Result<SelectorCombiner, PolicyError> {
    if let Some(name) = spec.strip_prefix(crate::probes::BUILTIN_PREFIX) {
        let Some((_, bytes)) = BUILTIN.iter().find(|(n, _)| *n == name) else {
            return Err(PolicyError::Invalid(format!(
                "no shipped selector combiner {name:?} (shipped: {})",
                BUILTIN
                    .iter()
                    .map(|(n, _)| *n)
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        return SelectorCombiner::from_json(bytes);
    }
    let bytes = std::fs::read(spec)
        .map_err(|e| PolicyError::Invalid(format!("selector combiner {spec}: {e}")))?;
    SelectorCombiner::from_json(&bytes)
}

/// One training item: the candidates' feature rows and the gold candidate's index.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingItem {
    pub rows: Vec<[f32; FEATURES]>,
    pub gold: usize,
}

/// Fit a conditional logit (softmax over each item's candidates) with L2 strength `l2`, by
/// full-batch gradient descent with Adam; items with one candidate carry no information and
/// are skipped.
pub fn fit(items: &[TrainingItem], l2: f32, iterations: usize) -> [f32; FEATURES] {
    let mut w = [0.0f32; FEATURES];
    let (mut m, mut v) = ([0.0f32; FEATURES], [0.0f32; FEATURES]);
    let (b1, b2, lr, eps) = (0.9f32, 0.999f32, 0.05f32, 1e-8f32);
    let useful: Vec<&TrainingItem> = items
        .iter()
        .filter(|i| i.rows.len() > 1 && i.gold < i.rows.len())
        .collect();
    let n = useful.len().max(1) as f32;
    for step in 1..=iterations {
        let mut grad = [0.0f32; FEATURES];
        for item in &useful {
            let probs = softmax(&item.rows.iter().map(|r| dot(&w, r)).collect::<Vec<_>>());
            for (j, (row, p)) in item.rows.iter().zip(&probs).enumerate() {
                let target = f32::from(u8::from(j == item.gold));
                for (g, f) in grad.iter_mut().zip(row) {
                    *g += (p - target) * f / n;
                }
            }
        }
        for k in 0..FEATURES {
            let g = grad[k] + 2.0 * l2 * w[k];
            m[k] = b1 * m[k] + (1.0 - b1) * g;
            v[k] = b2 * v[k] + (1.0 - b2) * g * g;
            let m_hat = m[k] / (1.0 - b1.powi(step as i32));
            let v_hat = v[k] / (1.0 - b2.powi(step as i32));
            w[k] -= lr * m_hat / (v_hat.sqrt() + eps);
        }
    }
    w
}

fn dot(w: &[f32; FEATURES], row: &[f32; FEATURES]) -> f32 {
    w.iter().zip(row).map(|(a, b)| a * b).sum()
}

fn softmax(scores: &[f32]) -> Vec<f32> {
    let max = scores.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let exps: Vec<f32> = scores.iter().map(|s| (s - max).exp()).collect();
    let sum: f32 = exps.iter().sum();
    exps.iter()
        .map(|e| e / sum.max(f32::MIN_POSITIVE))
        .collect()
}

/// Share of items whose first-best row under `w` is the gold one.
pub fn accuracy(items: &[TrainingItem], w: &[f32; FEATURES]) -> f64 {
    if items.is_empty() {
        return 0.0;
    }
    let right = items
        .iter()
        .filter(|i| first_max(i.rows.iter().map(|r| dot(w, r))) == Some(i.gold))
        .count();
    right as f64 / items.len() as f64
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use crate::policy::SelectorPolicy;
    use serde_json::json;

    fn evidence(
        name: &str,
        bm25: f32,
        cosine: f32,
        schema: serde_json::Value,
    ) -> CandidateEvidence {
        CandidateEvidence {
            name: name.into(),
            description: String::new(),
            schema,
            bm25,
            cosine: Some(cosine),
        }
    }

    #[test]
    fn features_read_retrieval_names_and_arguments() {
        let number =
            json!({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]});
        let unit = json!({"type": "object", "properties": {"unit": {"type": "string", "enum": ["celsius", "kelvin"]}}, "required": ["unit"]});
        let rows = features(
            "Calculate the factorial of 5",
            &[
                evidence("math.factorial", 2.0, 0.8, number),
                evidence("weather.get_temperature", 1.0, 0.2, unit),
            ],
        );
        assert_eq!(rows[0][0], 1.0);
        assert_eq!(rows[1][0], 0.5);
        assert_eq!((rows[0][1], rows[1][1]), (1.0, 0.0));
        assert!((rows[1][2] + 0.6).abs() < 1e-6);
        assert_eq!((rows[0][3], rows[1][3]), (1.0, 0.0));
        assert_eq!(
            rows[0][4], 0.5,
            "factorial is named in the request, math is not"
        );
        assert_eq!(rows[1][4], 0.0);
        assert_eq!(rows[0][5], 1.0, "a number for n");
        assert_eq!(rows[1][5], 0.0, "no unit named");
        assert_eq!(rows[0][MODEL_GAP], 0.0);
    }

    #[test]
    fn camel_case_and_dotted_names_split_into_words() {
        assert_eq!(name_words("getWeatherNow"), ["get", "weather", "now"]);
        assert_eq!(name_words("math.hypot_2d"), ["math", "hypot", "2d"]);
        assert_eq!(
            name_overlap("calculate_area", &tokenize("the calculation of an area")),
            1.0
        );
    }

    #[test]
    fn the_model_gap_is_floored_and_zero_for_the_favourite() {
        let mut rows = vec![[0.0; FEATURES]; 3];
        with_model_scores(&mut rows, &[-1.0, -3.0, -100.0]);
        assert_eq!(rows[0][MODEL_GAP], 0.0);
        assert_eq!(rows[1][MODEL_GAP], -2.0);
        assert_eq!(rows[2][MODEL_GAP], MODEL_GAP_FLOOR);
    }

    #[test]
    fn the_fit_learns_which_feature_names_the_gold_tool() {
        // Gold is always the candidate with feature 4 set; feature 0 is noise.
        let items: Vec<TrainingItem> = (0..40)
            .map(|i| {
                let mut rows = vec![[0.0; FEATURES]; 3];
                let gold = i % 3;
                rows[gold][4] = 1.0;
                rows[(i + 1) % 3][0] = 1.0;
                TrainingItem { rows, gold }
            })
            .collect();
        let w = fit(&items, 0.001, 300);
        assert!(w[4] > 1.0, "{w:?}");
        assert!(w[4] > w[0], "{w:?}");
        assert_eq!(accuracy(&items, &w), 1.0);
        // Without training every row ties and the first is picked: a third right.
        assert!((accuracy(&items, &[0.0; FEATURES]) - 14.0 / 40.0).abs() < 1e-9);
    }

    #[test]
    fn a_combiner_with_other_features_is_refused() {
        let good = SelectorCombiner {
            format: COMBINER_FORMAT,
            model_id: "m".into(),
            feature_names: FEATURE_NAMES.iter().map(|s| s.to_string()).collect(),
            weights: vec![1.0; FEATURES],
            l2: 0.01,
        };
        let bytes = serde_json::to_vec(&good).unwrap();
        assert_eq!(SelectorCombiner::from_json(&bytes).unwrap(), good);
        let mut bad = good.clone();
        bad.feature_names[0] = "something_else".into();
        let err = SelectorCombiner::from_json(&serde_json::to_vec(&bad).unwrap()).unwrap_err();
        assert!(err.to_string().contains("features"), "{err}");
    }

    #[test]
    fn the_default_policy_ships_a_combiner_for_the_packaged_model_only() {
        let policy = crate::Policy::default_policy().unwrap();
        let packaged = "smollm2-135m-instruct@q4_1#b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53";
        let combiner = policy
            .body
            .selector
            .combiner_for(packaged)
            .unwrap()
            .unwrap();
        assert_eq!(combiner.weights.len(), FEATURES);
        // The retriever's cosine and BM25 evidence were fitted to count for the gold tool.
        assert!(
            combiner.weights[0] > 0.0 && combiner.weights[2] > 0.0,
            "{combiner:?}"
        );
        // Another file of the same model, or another model, chooses alone.
        assert!(
            policy
                .body
                .selector
                .combiner_for("smollm2-135m-instruct@q8_0#00")
                .unwrap()
                .is_none()
        );
        let missing = SelectorPolicy {
            combiners: vec!["builtin:no-such-combiner".into()],
        };
        let err = missing.combiner_for(packaged).unwrap_err();
        assert!(
            err.to_string().contains("no shipped selector combiner"),
            "{err}"
        );
    }

    #[test]
    fn the_prior_leaves_first_class_actions_to_the_model() {
        let c = SelectorCombiner {
            format: COMBINER_FORMAT,
            model_id: "m".into(),
            feature_names: FEATURE_NAMES.iter().map(|s| s.to_string()).collect(),
            weights: vec![1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5],
            l2: 0.0,
        };
        let mut row = [0.0; FEATURES];
        row[0] = 0.4;
        let prior = c.prior(&[Some(row), None]);
        assert_eq!(prior.base, vec![Some(0.4), None]);
        assert_eq!(prior.model_weight, 0.5);
    }
}
