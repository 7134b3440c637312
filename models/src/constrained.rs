//! Schema-constrained decoding of tool arguments.
//!
//! The JSON structure (braces, property names, commas, quotes) is written by the decoder, not
//! sampled, and fed to the model so it conditions on it; the model only picks what is free:
//! string contents, number digits, which enum value or boolean, whether to add an optional
//! property or another array item. At every sampled step only tokens that keep the value a
//! valid prefix of its type are eligible, and the best eligible token (greedy) is taken.
//! The result is assembled as a `serde_json::Value`, so it always parses, and it satisfies the
//! supported keywords by construction: `type` (object, string, number, integer, boolean,
//! array, null), `properties`, `required`, `enum`, `const`, `items`, `minLength`, `maxLength`,
//! `minItems`, `maxItems`, `minimum`, `maximum`, `allOf` (merged), `anyOf`/`oneOf` (the branch
//! whose opening the model finds likeliest; `null` only when it is the only branch). Strings
//! may hold escapes (`\"`, `\\`, `\n`, `\t`, `\uXXXX`, even split across tokens), so an
//! argument can carry quotes and several lines. Maps (`additionalProperties` with a schema,
//! `minProperties`, `maxProperties`) get keys and values. Unknown schemas fall back to a string.

use serde_json::{Map, Value};
use tact_runtime::model_io::ModelCost;

use crate::engine::{Engine, last_row, logprob_of};
use crate::error::ModelError;
use crate::llama::{KvCache, LogitsFor, log_probs};
use crate::request_values::{RequestValues, person_role};

const MAX_DEPTH: usize = 4;
const DEFAULT_MAX_STRING_TOKENS: usize = 48;
const MAX_NUMBER_CHARS: usize = 18;
const DEFAULT_MAX_ITEMS: usize = 6;

/// Decodes one value at a time after a prompt held in `cache`.
pub struct ArgDecoder<'e> {
    engine: &'e Engine,
    cache: KvCache,
    /// Log-probs of the next token after everything fed so far.
    next: Vec<f32>,
    pub cost: ModelCost,
    /// Tokens the decoder may still sample before it closes values early.
    budget: usize,
    /// What the request states: values of the right type are copied from it, not invented.
    request: Option<RequestValues>,
    /// Values copied so far in this call: a stated value answers one argument, so the next
    /// argument chooses among the others first (`a = 3, b = -11` is not `b = 3`).
    copied: Vec<Value>,
    /// The property whose value is being decoded, for values the request keys by name.
    property: Option<String>,
    /// Whether that property is required (a required list is not left empty when the request
    /// has values to put in it).
    required: bool,
    /// Whether the object being decoded has a country, state or region property of its own:
    /// then a city or location takes the city alone, not `City, Region`.
    region_apart: bool,
}

impl<'e> ArgDecoder<'e> {
    pub fn new(engine: &'e Engine, cache: KvCache, next: Vec<f32>, budget: usize) -> Self {
        Self {
            engine,
            cache,
            next,
            cost: ModelCost::default(),
            budget,
            request: None,
            copied: Vec::new(),
            property: None,
            required: false,
            region_apart: false,
        }
    }

    /// Copy values from `request` where it states one of the right type (see
    /// [`crate::request_values`]).
    pub fn with_request(mut self, request: &str) -> Self {
        self.request = Some(RequestValues::new(request));
        self
    }

    fn feed(&mut self, ids: &[u32]) -> Result<(), ModelError> {
        if ids.is_empty() {
            return Ok(());
        }
        let out = self
            .engine
            .llama
            .forward(ids, &mut self.cache, LogitsFor::Last)?;
        self.next = last_row(log_probs(out.logits)?)?;
        self.cost = self.cost.plus(ModelCost::passes(1, ids.len() as u64));
        Ok(())
    }

    /// Feed fixed structural text.
    pub fn push_text(&mut self, text: &str) -> Result<(), ModelError> {
        let ids = self.engine.encode(text)?;
        self.feed(&ids)
    }

    /// Log-prob of `text` as the next continuation (no state change).
    fn score(&self, text: &str) -> Result<f32, ModelError> {
        let ids = self.engine.encode(text)?;
        self.engine
            .continuation_logprob(&self.cache, &self.next, &ids)
    }

    /// Log-prob of the first token of `text` only: a cheap "which comes next" comparison.
    fn first_token_logprob(&self, text: &str) -> Result<f32, ModelError> {
        match self.engine.encode(text)?.first() {
            Some(&id) => logprob_of(&self.next, id),
            None => Ok(f32::NEG_INFINITY),
        }
    }

    /// Index of the best-scoring option (full continuation log-likelihood).
    fn pick(&self, options: &[String]) -> Result<usize, ModelError> {
        let mut best = (0usize, f32::NEG_INFINITY);
        for (i, option) in options.iter().enumerate() {
            let s = self.score(option)?;
            if s > best.1 {
                best = (i, s);
            }
        }
        Ok(best.0)
    }

    /// Copy one of `values` (values the request states): the model picks by likelihood, each
    /// option followed by what may come after a value (`,` or `}`), so a value is never
    /// preferred for being a prefix of another (`5` of `5000`); values already copied in
    /// this call go last. The text is fed and the value returned.
    fn copy(&mut self, values: Vec<Value>) -> Result<Value, ModelError> {
        let (fresh, used): (Vec<Value>, Vec<Value>) =
            values.into_iter().partition(|v| !self.copied.contains(v));
        let values = if fresh.is_empty() { used } else { fresh };
        let texts: Vec<String> = values.iter().map(Value::to_string).collect();
        let chosen = if texts.len() <= 1 {
            0
        } else {
            const ENDINGS: [&str; 2] = [",", "}"];
            let endings: Vec<String> = texts
                .iter()
                .flat_map(|t| ENDINGS.iter().map(move |e| format!("{t}{e}")))
                .collect();
            let ids = endings
                .iter()
                .map(|o| self.engine.encode(o))
                .collect::<Result<Vec<_>, _>>()?;
            let (scores, cost) =
                self.engine
                    .continuation_logprobs(&mut self.cache, &self.next, &ids)?;
            self.cost = self.cost.plus(cost);
            let mut best = (0usize, f32::NEG_INFINITY);
            for (i, pair) in scores.chunks(ENDINGS.len()).enumerate() {
                let top = pair.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                let total = top + pair.iter().map(|s| (s - top).exp()).sum::<f32>().ln();
                if total > best.1 {
                    best = (i, total);
                }
            }
            best.0
        };
        let (Some(value), Some(text)) = (values.get(chosen), texts.get(chosen)) else {
            return Err(ModelError::Constraint("nothing to copy".into()));
        };
        let tokens = self.engine.encode(text)?.len();
        self.budget = self.budget.saturating_sub(tokens);
        self.push_text(text)?;
        self.copied.push(value.clone());
        Ok(value.clone())
    }

    /// [`Self::copy`] when the request states any of `values` and budget is left; `None` sends
    /// the decoder on to its next source (or to writing the value itself).
    fn copy_if_any(&mut self, values: Vec<Value>) -> Option<Result<Value, ModelError>> {
        (!values.is_empty() && self.budget > 0).then(|| self.copy(values))
    }

    /// The branch of an `anyOf`/`oneOf` to decode: each branch is tried by how likely the model
    /// finds the text its value must start with (`{`, `[`, a quote, a digit, one of its enum
    /// values, …). A `null` branch is taken only when it is the only one: a property the
    /// decoder writes at all is one the request gave a value for.
    fn choose_branch<'s>(&self, branches: &'s [Value]) -> Result<&'s Value, ModelError> {
        let non_null: Vec<&Value> = branches
            .iter()
            .filter(|b| branch_openings(b, 0) != ["null"])
            .collect();
        let candidates: Vec<&Value> = if non_null.is_empty() {
            branches.iter().collect()
        } else {
            non_null
        };
        let mut best: Option<(&Value, f32)> = None;
        for branch in candidates {
            let mut score = f32::NEG_INFINITY;
            for opening in branch_openings(branch, 0) {
                score = score.max(self.first_token_logprob(&opening)?);
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((branch, score));
            }
        }
        best.map(|(b, _)| b)
            .ok_or_else(|| ModelError::Constraint("anyOf/oneOf without branches".into()))
    }

    /// The best eligible token under `accept`, or `None` if no token is eligible.
    fn best_token(&self, mut accept: impl FnMut(u32, &str) -> bool) -> Option<u32> {
        let mut best: Option<(u32, f32)> = None;
        for (id, &lp) in self.next.iter().enumerate() {
            if best.is_some_and(|(_, b)| lp <= b) || !lp.is_finite() {
                continue;
            }
            let id = id as u32;
            if self.engine.is_special(id) {
                continue;
            }
            if accept(id, &self.engine.token_texts[id as usize]) {
                best = Some((id, lp));
            }
        }
        best.map(|(id, _)| id)
    }

    /// Decode a value for `schema`, feeding its JSON text to the model as it goes.
    pub fn value(&mut self, schema: &Value, depth: usize) -> Result<Value, ModelError> {
        if depth > MAX_DEPTH {
            return Err(ModelError::Constraint("schema nested too deeply".into()));
        }
        if let Some(constant) = schema.get("const") {
            self.push_text(&constant.to_string())?;
            return Ok(constant.clone());
        }
        if let Some(options) = schema.get("enum").and_then(Value::as_array) {
            if options.is_empty() {
                return Err(ModelError::Constraint("empty enum".into()));
            }
            let texts: Vec<String> = options.iter().map(Value::to_string).collect();
            // A flag written as text (`"True"`, `"False"`, `"dontcare"`) is set as the request
            // says, like a boolean.
            let stated = self
                .property
                .as_deref()
                .zip(self.request.as_ref())
                .and_then(|(p, r)| r.flag(p))
                .and_then(|yes| truth_option(options, yes));
            if let Some(chosen) = stated {
                self.push_text(&texts[chosen])?;
                return Ok(options[chosen].clone());
            }
            // The allowed values the request names, when it names any, are the choice.
            let named: Vec<usize> = match &self.request {
                Some(request) => options
                    .iter()
                    .enumerate()
                    .filter(|(_, o)| match o {
                        Value::String(s) => request.mentions(s),
                        Value::Number(n) => request.mentions(&n.to_string()),
                        _ => false,
                    })
                    .map(|(i, _)| i)
                    .collect(),
                None => Vec::new(),
            };
            let chosen = if named.is_empty() {
                self.pick(&texts)?
            } else {
                let named_texts: Vec<String> = named.iter().map(|&i| texts[i].clone()).collect();
                named[self.pick(&named_texts)?]
            };
            self.push_text(&texts[chosen])?;
            return Ok(options[chosen].clone());
        }
        if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
            return self.value(&merge_all_of(schema, parts), depth + 1);
        }
        for combinator in ["anyOf", "oneOf"] {
            if let Some(branches) = schema.get(combinator).and_then(Value::as_array) {
                let branch = self.choose_branch(branches)?;
                return self.value(branch, depth + 1);
            }
        }
        match schema_type(schema) {
            "object" => self.object(schema, depth),
            "array" => self.array(schema, depth),
            "integer" => self.number(schema, true),
            "number" => self.number(schema, false),
            "boolean" => {
                // A flag the request speaks of is set as it says; otherwise the model decides.
                let stated = self
                    .property
                    .as_deref()
                    .zip(self.request.as_ref())
                    .and_then(|(p, r)| r.flag(p));
                let yes = match stated {
                    Some(yes) => yes,
                    None => self.pick(&["true".into(), "false".into()])? == 0,
                };
                self.push_text(if yes { "true" } else { "false" })?;
                Ok(Value::Bool(yes))
            }
            "null" => {
                self.push_text("null")?;
                Ok(Value::Null)
            }
            _ => self.string(schema),
        }
    }

    /// An object: required properties in `required` order, then optional ones while the model
    /// prefers `,` over `}`.
    pub fn object(&mut self, schema: &Value, depth: usize) -> Result<Value, ModelError> {
        let empty = Map::new();
        let properties = schema
            .get("properties")
            .and_then(Value::as_object)
            .unwrap_or(&empty);
        let required: Vec<&str> = schema
            .get("required")
            .and_then(Value::as_array)
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let mut out = Map::new();
        let outer_region_apart = self.region_apart;
        self.region_apart = properties.keys().any(|k| {
            let k = k.to_lowercase();
            ["country", "state", "region", "province"]
                .iter()
                .any(|w| k.contains(w))
        });
        let result = self.object_properties(schema, properties, &required, &mut out, depth);
        self.region_apart = outer_region_apart;
        result?;
        Ok(Value::Object(out))
    }

    /// The properties of [`ArgDecoder::object`], braces included, into `out`.
    fn object_properties(
        &mut self,
        schema: &Value,
        properties: &Map<String, Value>,
        required: &[&str],
        out: &mut Map<String, Value>,
        depth: usize,
    ) -> Result<(), ModelError> {
        self.push_text("{")?;
        for name in required {
            let property = properties.get(*name).unwrap_or(&Value::Null);
            let key = if out.is_empty() {
                format!("{}: ", Value::String((*name).to_owned()))
            } else {
                format!(", {}: ", Value::String((*name).to_owned()))
            };
            self.push_text(&key)?;
            self.required = true;
            let value = self.property_value(name, property, depth)?;
            out.insert((*name).to_owned(), value);
        }
        let mut optional: Vec<&String> = properties
            .keys()
            .filter(|k| !required.contains(&k.as_str()))
            .collect();
        // An optional property the request states a value for (see `states_value`) is written
        // without asking the model whether to: a small model closes objects early and leaves
        // such values out.
        let stated: Vec<String> = optional
            .iter()
            .filter(|name| {
                self.request.as_ref().is_some_and(|r| {
                    properties
                        .get(name.as_str())
                        .is_some_and(|p| states_value(r, name, p))
                })
            })
            .map(|name| (*name).clone())
            .collect();
        // With a request to copy from, an optional property is only offered when the request
        // speaks of it (a word of its name, an allowed value it names, or a value it states):
        // otherwise the model would fill it with a value the request never gave.
        if let Some(request) = &self.request {
            optional.retain(|name| {
                let named_value = properties
                    .get(name.as_str())
                    .and_then(|p| p.get("enum"))
                    .and_then(Value::as_array)
                    .is_some_and(|values| {
                        values
                            .iter()
                            .any(|v| v.as_str().is_some_and(|v| request.mentions(v)))
                    });
                named_value || request.mentions_property(name) || stated.contains(*name)
            });
        }
        for name in stated {
            if self.budget == 0 {
                break;
            }
            optional.retain(|o| **o != name);
            let separator = if out.is_empty() { "" } else { ", " };
            self.push_text(&format!("{separator}{}: ", Value::String(name.clone())))?;
            let property = properties.get(&name).unwrap_or(&Value::Null);
            self.required = false;
            let value = self.property_value(&name, property, depth)?;
            out.insert(name, value);
        }
        while !optional.is_empty() && self.budget > 0 {
            let (more, close) = if out.is_empty() {
                (
                    self.first_token_logprob("\"")?,
                    self.first_token_logprob("}")?,
                )
            } else {
                (
                    self.first_token_logprob(",")?,
                    self.first_token_logprob("}")?,
                )
            };
            if close >= more {
                break;
            }
            let separator = if out.is_empty() { "" } else { ", " };
            let names: Vec<String> = optional
                .iter()
                .map(|k| format!("{separator}{}", Value::String((*k).clone())))
                .collect();
            let chosen = self.pick(&names)?;
            let name = optional.remove(chosen).clone();
            self.push_text(&format!("{}: ", names[chosen]))?;
            let property = properties.get(&name).unwrap_or(&Value::Null);
            self.required = false;
            let value = self.property_value(&name, property, depth)?;
            out.insert(name, value);
        }
        if let Some(values) = map_values(schema) {
            self.map_entries(out, values, schema, depth)?;
        }
        self.push_text("}")?;
        Ok(())
    }

    /// A map's entries (`additionalProperties` with a schema): a key the model writes (or
    /// copies from the request) and its value, until `minProperties` is met and then while the
    /// model prefers another entry to closing the object, at most the default item count.
    fn map_entries(
        &mut self,
        out: &mut Map<String, Value>,
        values: &Value,
        schema: &Value,
        depth: usize,
    ) -> Result<(), ModelError> {
        let min = usize_keyword(schema, "minProperties").unwrap_or(0);
        let max = usize_keyword(schema, "maxProperties").unwrap_or(DEFAULT_MAX_ITEMS);
        let key_schema = serde_json::json!({"type": "string", "minLength": 1, "maxLength": 40});
        while out.len() < max {
            if out.len() >= min {
                let more = self.first_token_logprob(if out.is_empty() { "\"" } else { "," })?;
                if self.budget == 0 || self.first_token_logprob("}")? >= more {
                    break;
                }
            }
            if !out.is_empty() {
                self.push_text(", ")?;
            }
            self.required = out.len() < min;
            let written = match self.value(&key_schema, depth + 1)? {
                Value::String(key) => key,
                other => other.to_string(),
            };
            // A key written twice (or padded the same way once the budget is gone) would
            // overwrite the first entry and never reach `minProperties`: it is numbered.
            let mut key = written.clone();
            let mut n = 2;
            while out.contains_key(&key) {
                key = format!("{written}_{n}");
                n += 1;
            }
            self.push_text(": ")?;
            let value = self.property_value(&key, values, depth)?;
            out.insert(key, value);
        }
        Ok(())
    }

    /// The value of property `name`, known by name while it is decoded.
    fn property_value(
        &mut self,
        name: &str,
        schema: &Value,
        depth: usize,
    ) -> Result<Value, ModelError> {
        let outer = self.property.replace(name.to_owned());
        let value = self.value(schema, depth + 1);
        self.property = outer;
        value
    }

    fn array(&mut self, schema: &Value, depth: usize) -> Result<Value, ModelError> {
        let items = schema.get("items").unwrap_or(&Value::Null);
        let min_items = usize_keyword(schema, "minItems").unwrap_or(0);
        let max_items = usize_keyword(schema, "maxItems")
            .unwrap_or(DEFAULT_MAX_ITEMS.max(min_items))
            .max(min_items);
        let opener = match schema_type(items) {
            "object" => "{",
            "array" => "[",
            "integer" | "number" => "1",
            "boolean" => "true",
            _ => "\"",
        };
        let numeric = matches!(schema_type(items), "integer" | "number");
        // A list the request writes out is copied whole, however long: only the schema's own
        // `maxItems` bounds it, not the default cap on items the model writes.
        let stated_max = usize_keyword(schema, "maxItems").unwrap_or(usize::MAX);
        if let Some(request) = self.request.as_ref().filter(|_| numeric) {
            let integer = schema_type(items) == "integer";
            let lists: Vec<Value> = request
                .number_lists
                .iter()
                .filter(|l| (min_items..=stated_max).contains(&l.len()))
                .filter(|l| !integer || l.iter().all(|n| n.fract() == 0.0))
                .map(|l| Value::Array(l.iter().copied().filter_map(json_number).collect()))
                .collect();
            if !lists.is_empty() && self.budget > 0 {
                // Lists go to arguments in the order the request writes them (`group A
                // [3, 4] and group B [7, 8]`); once each is used, the model picks again.
                let next = lists.iter().find(|l| !self.copied.contains(l)).cloned();
                return self.copy(next.map_or(lists, |l| vec![l]));
            }
        }
        // A list of names the request lists (`C, F and G`) takes one reading of that list.
        let plain_strings =
            schema_type(items) == "string" && items.get("enum").is_none() && copies_strings(items);
        if let Some(request) = self.request.as_ref().filter(|_| plain_strings) {
            let lists: Vec<Value> = request
                .enumerations
                .iter()
                .filter(|l| (min_items..=stated_max).contains(&l.len()))
                .map(|l| Value::Array(l.iter().cloned().map(Value::String).collect()))
                .collect();
            if !lists.is_empty() && self.budget > 0 {
                self.required = false;
                return self.copy(lists);
            }
        }
        // A required list gets at least one item when the request has values to copy.
        let min_items = if self.required && min_items == 0 && self.request.is_some() {
            1.min(max_items)
        } else {
            min_items
        };
        self.required = false;
        let mut out = Vec::new();
        self.push_text("[")?;
        while out.len() < max_items {
            if out.len() >= min_items {
                let more = if out.is_empty() {
                    self.first_token_logprob(opener)?
                } else {
                    self.first_token_logprob(",")?
                };
                if self.budget == 0 || self.first_token_logprob("]")? >= more {
                    break;
                }
            }
            if !out.is_empty() {
                self.push_text(", ")?;
            }
            out.push(self.value(items, depth + 1)?);
        }
        self.push_text("]")?;
        Ok(Value::Array(out))
    }

    fn string(&mut self, schema: &Value) -> Result<Value, ModelError> {
        let min_chars = usize_keyword(schema, "minLength").unwrap_or(0);
        let max_chars = usize_keyword(schema, "maxLength").unwrap_or(usize::MAX);
        // A date argument takes one of the dates the request writes out (a start the first, an
        // end the last), in the form its description shows; a 24-hour time argument one of
        // its clock times.
        let description = schema
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or("");
        // Owned: the decoder is borrowed mutably to copy a value before the name is read again.
        let property = self.property.clone().unwrap_or_default();
        let property = property.as_str();
        let wants_date = property.to_lowercase().contains("date")
            || schema.get("format").and_then(Value::as_str) == Some("date");
        if let Some(request) = self.request.as_ref().filter(|_| wants_date) {
            let dates: Vec<Value> = in_its_place(&request.dates, property)
                .iter()
                .map(|d| Value::String(date_as_described(d, description)))
                .collect();
            if let Some(copied) = self.copy_if_any(dates) {
                return copied;
            }
        }
        if let Some(request) = self
            .request
            .as_ref()
            .filter(|_| wants_clock_time(property, description))
        {
            let times: Vec<Value> = in_its_place(&request.times, property)
                .iter()
                .cloned()
                .map(Value::String)
                .collect();
            if let Some(copied) = self.copy_if_any(times) {
                return copied;
            }
        }
        // An expression argument takes the arithmetic the request writes out, whole: word
        // spans would cut `17 * 23 + 4` into `17 23`.
        let wants_expression = self.property.as_deref().is_some_and(|p| {
            let p = p.to_lowercase();
            ["expr", "formula", "equation", "calculation", "math"]
                .iter()
                .any(|w| p.contains(w))
        });
        if let Some(request) = self.request.as_ref().filter(|_| wants_expression) {
            let found: Vec<Value> = request
                .expressions
                .iter()
                .filter(|e| (min_chars..=max_chars).contains(&e.chars().count()))
                .cloned()
                .map(Value::String)
                .collect();
            if let Some(copied) = self.copy_if_any(found) {
                return copied;
            }
        }
        // A glob argument takes the files the request asks for ("Python files" → `**/*.py`).
        let wants_glob = schema
            .get("description")
            .and_then(Value::as_str)
            .is_some_and(|d| d.to_lowercase().contains("glob"));
        if let Some(request) = self.request.as_ref().filter(|_| wants_glob)
            && !request.globs.is_empty()
            && self.budget > 0
        {
            let found = request.globs.iter().cloned().map(Value::String).collect();
            return self.copy(found);
        }
        // A formatted or patterned string takes a value of the request that fits, when the
        // request states one.
        if let Some(found) = self.request.as_ref().and_then(|r| r.matching(schema))
            && !found.is_empty()
            && self.budget > 0
        {
            return self.copy(found.into_iter().map(Value::String).collect());
        }
        let fits = |s: &String| (min_chars..=max_chars).contains(&s.chars().count());
        // A location (or a city) takes a `City, Region` the request writes, region included,
        // unless the tool takes the region as an argument of its own; when its description asks
        // for `City, ST`, a US city the request names alone is offered with its state.
        let wants_place = description.to_lowercase().contains("city")
            || self.property.as_deref().is_some_and(|p| {
                let p = p.to_lowercase();
                [
                    "location",
                    "city",
                    "loc",
                    "place",
                    "destination",
                    "address",
                    "town",
                ]
                .iter()
                .any(|w| p.contains(w))
            });
        let with_state = asks_city_and_state(description);
        // A property that names a person in a part (`cast`, `directed_by`, `artist`) takes
        // the name the request gives in that part ("featuring Josef Sommer").
        if let Some(name) = self
            .request
            .as_ref()
            .zip(person_role(property, description))
            .and_then(|(r, role)| r.person_in_role(role))
            .filter(fits)
            && self.budget > 0
        {
            return self.copy(vec![Value::String(name)]);
        }
        // The text the request gives right after naming the property is its value (`from
        // Portland, OR` for a place: the whole place it begins, region included).
        if let Some(span) = self
            .request
            .as_ref()
            .zip(self.property.as_deref())
            .and_then(|(r, p)| r.keyed_span(p))
            .filter(fits)
            && self.budget > 0
        {
            let place = self
                .request
                .as_ref()
                .filter(|_| wants_place && !self.region_apart)
                .and_then(|r| {
                    r.places
                        .iter()
                        .chain(r.us_places.iter().filter(|_| with_state))
                        .find(|p| p.starts_with(span.as_str()) && fits(p))
                });
            let value = place.cloned().unwrap_or(span);
            return self.copy(vec![Value::String(value)]);
        }
        if let Some(request) = self
            .request
            .as_ref()
            .filter(|_| wants_place && !self.region_apart)
        {
            let places: Vec<Value> = request
                .places
                .iter()
                .chain(request.us_places.iter().filter(|_| with_state))
                .filter(|p| fits(p))
                .fold(Vec::new(), |mut out: Vec<&String>, p| {
                    if !out.contains(&p) {
                        out.push(p);
                    }
                    out
                })
                .into_iter()
                .cloned()
                .map(Value::String)
                .collect();
            if let Some(copied) = self.copy_if_any(places) {
                return copied;
            }
        }
        if let Some(request) = self.request.as_ref().filter(|_| copies_strings(schema)) {
            let spans: Vec<String> = request
                .spans
                .iter()
                .filter(|s| (min_chars..=max_chars).contains(&s.chars().count()))
                .cloned()
                .collect();
            if let Some(copied) = self.copy_if_any(spans.into_iter().map(Value::String).collect()) {
                return copied;
            }
        }
        self.push_text("\"")?;
        // The string's JSON text as written (escapes included), decoded once it is closed.
        let mut raw = String::new();
        let mut state = StringState::default();
        let mut steps = 0;
        let closed = loop {
            if state.chars >= max_chars || steps >= DEFAULT_MAX_STRING_TOKENS || self.budget == 0 {
                break false;
            }
            let may_close = state.chars >= min_chars && state.escape == 0;
            let room = max_chars;
            let chosen = self.best_token(|_, text| match state.advance(text, room) {
                Some(StringStep::Open(_)) => true,
                Some(StringStep::Closed(_)) => may_close,
                None => false,
            });
            let Some(id) = chosen else { break false };
            self.budget = self.budget.saturating_sub(1);
            steps += 1;
            let text = self.engine.token_texts[id as usize].clone();
            self.feed(&[id])?;
            match state.advance(&text, room) {
                Some(StringStep::Closed(_)) => {
                    raw.push_str(text.strip_suffix('"').unwrap_or(&text));
                    break true;
                }
                Some(StringStep::Open(next)) => {
                    raw.push_str(&text);
                    state = next;
                }
                None => break false,
            }
        };
        if !closed {
            // Out of budget or length: finish a pending escape, pad to the minimum and close
            // the string ourselves.
            let finish = match state.escape {
                1 => "n".to_string(),
                n @ 2..=5 => "0".repeat(usize::from(6 - n)),
                _ => String::new(),
            };
            raw.push_str(&finish);
            let mut padded = state.chars + usize::from(state.escape > 0);
            let mut tail = finish;
            while padded < min_chars {
                raw.push('x');
                tail.push('x');
                padded += 1;
            }
            tail.push('"');
            self.push_text(&tail)?;
        }
        let content: String = serde_json::from_str(&format!("\"{raw}\""))
            .map_err(|e| ModelError::Constraint(format!("string argument {raw:?}: {e}")))?;
        Ok(Value::String(content))
    }

    fn number(&mut self, schema: &Value, integer: bool) -> Result<Value, ModelError> {
        if let Some(request) = &self.request {
            let minimum = schema.get("minimum").and_then(Value::as_f64);
            let maximum = schema.get("maximum").and_then(Value::as_f64);
            let fits = |n: &f64| {
                (!integer || n.fract() == 0.0)
                    && minimum.is_none_or(|m| *n >= m)
                    && maximum.is_none_or(|m| *n <= m)
            };
            // A number stated right after the property's name (or counting its things, or
            // said by an idiom) is its value; else any stated.
            let keyed: Vec<f64> = self
                .property
                .as_deref()
                .and_then(|p| request.number_for_property(p))
                .unwrap_or_default()
                .into_iter()
                .filter(fits)
                .collect();
            let stated = if keyed.is_empty() {
                request.numbers_for(integer, minimum, maximum)
            } else {
                keyed
            };
            // A stated percentage (`10%`) is a fraction (0.1) for a real-valued argument,
            // unless its description counts in percent; an integer takes the number written.
            let in_percent = schema
                .get("description")
                .and_then(Value::as_str)
                .is_some_and(|d| {
                    let d = d.to_lowercase();
                    d.contains("percent") || d.contains("porcentaje")
                });
            let stated: Vec<f64> = stated
                .into_iter()
                .filter(|n| {
                    integer
                        || !request.percents.iter().any(|(whole, fraction)| {
                            if in_percent {
                                n == fraction && whole != fraction
                            } else {
                                n == whole && whole != fraction
                            }
                        })
                })
                .collect();
            let stated: Vec<Value> = stated.into_iter().filter_map(json_number).collect();
            if let Some(copied) = self.copy_if_any(stated) {
                return copied;
            }
        }
        let mut text = String::new();
        loop {
            let complete = number_state(&text, integer).is_some_and(|s| s.complete);
            if text.len() >= MAX_NUMBER_CHARS || self.budget == 0 {
                break;
            }
            let chosen = self.best_token(|_, t| {
                if complete && t.starts_with([',', '}', ']', '\n', ' ']) {
                    return true;
                }
                !t.is_empty()
                    && text.len() + t.len() <= MAX_NUMBER_CHARS
                    && number_state(&format!("{text}{t}"), integer).is_some()
            });
            let Some(id) = chosen else { break };
            let token = &self.engine.token_texts[id as usize];
            if complete && token.starts_with([',', '}', ']', '\n', ' ']) {
                break;
            }
            self.budget = self.budget.saturating_sub(1);
            text.push_str(token);
            self.feed(&[id])?;
        }
        if !number_state(&text, integer).is_some_and(|s| s.complete) {
            // Finish an incomplete prefix ("-", "1.", "2e") with a digit.
            text.push('0');
            self.push_text("0")?;
        }
        let parsed: Value = serde_json::from_str(&text)
            .map_err(|e| ModelError::Constraint(format!("number {text:?}: {e}")))?;
        Ok(clamp_number(parsed, schema, integer))
    }
}

/// Of the dates or times a request writes, those a property may take: the first for a start
/// (`start_date`, `check_in_date`, `departure_date`), the last for an end (`end_date`,
/// `check_out_date`, `return_date`), any for another.
fn in_its_place<'a>(written: &'a [String], property: &str) -> &'a [String] {
    const STARTS: &[&str] = &["start", "begin", "from", "since", "departure", "min"];
    const ENDS: &[&str] = &["end", "until", "to", "return", "out", "max"];
    if written.len() < 2 {
        return written;
    }
    let words = crate::request_values::name_words(property);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    let check_in = words.windows(2).any(|w| w[0] == "check" && w[1] == "in")
        || words.iter().any(|w| w == "checkin");
    let (first, last) = (written.get(..1), written.get(written.len() - 1..));
    match (
        has(STARTS) || check_in,
        has(ENDS) || words.iter().any(|w| w == "checkout"),
    ) {
        (true, false) => first.unwrap_or(written),
        (false, true) => last.unwrap_or(written),
        _ => written,
    }
}

/// An ISO date (`YYYY-MM-DD`) in the form a description shows (`MM/DD/YYYY`, `DD-MM-YYYY`, …);
/// ISO when it shows none.
fn date_as_described(iso: &str, description: &str) -> String {
    let (Some(y), Some(m), Some(d)) = (iso.get(..4), iso.get(5..7), iso.get(8..10)) else {
        return iso.to_string();
    };
    for (shown, [a, b, c], sep) in [
        ("MM/DD/YYYY", [m, d, y], "/"),
        ("MM-DD-YYYY", [m, d, y], "-"),
        ("DD/MM/YYYY", [d, m, y], "/"),
        ("DD-MM-YYYY", [d, m, y], "-"),
    ] {
        if description.contains(shown) {
            return [a, b, c].join(sep);
        }
    }
    iso.to_string()
}

/// Whether a description asks for a place with its US state: it names the form (`City, State`)
/// or shows one (`such as 'Berkeley, CA'`).
fn asks_city_and_state(description: &str) -> bool {
    // Compiled once: this is asked for every string argument decoded.
    static CITY_AND_STATE: std::sync::LazyLock<Option<regex::Regex>> =
        std::sync::LazyLock::new(|| {
            regex::Regex::new(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*, [A-Z]{2}\b").ok()
        });
    description.contains("City, State")
        || description.contains("City, ST")
        || CITY_AND_STATE
            .as_ref()
            .is_some_and(|r| r.is_match(description))
}

/// A time-of-day argument in 24 hours: its name has the word `time` (not `datetime`), and its
/// description asks for `HH:MM` or a 24-hour clock, not `AM/PM`.
fn wants_clock_time(property: &str, description: &str) -> bool {
    let words = crate::request_values::name_words(property);
    words.iter().any(|w| w == "time")
        && !words.iter().any(|w| w == "date")
        && (description.contains("24-hour") || description.contains("HH:MM"))
        && !description.contains("AM/PM")
}

/// The allowed value that says yes (or no) when a flag is written as text (`"True"`/`"False"`,
/// any case); `None` when the values are not such a pair.
fn truth_option(options: &[Value], yes: bool) -> Option<usize> {
    let find = |word: &str| {
        options
            .iter()
            .position(|o| o.as_str().is_some_and(|s| s.eq_ignore_ascii_case(word)))
    };
    let (t, f) = (find("true")?, find("false")?);
    Some(if yes { t } else { f })
}

/// Whether the request states a value for an optional property outright: a flag it names
/// (see [`RequestValues::flag`]; also one written as text, `"True"`/`"False"`), one of its
/// allowed values (of the property, or of its list's items), a number or a text right after its
/// name (or a number counting its things, or said by an idiom), a person it names in the
/// property's part (`cast`: "featuring …"), a date for a `…date…` property, or a clock time for
/// a 24-hour `…time…` property.
fn states_value(request: &RequestValues, name: &str, schema: &Value) -> bool {
    let names_allowed = |s: &Value| {
        s.get("enum")
            .and_then(Value::as_array)
            .is_some_and(|values| {
                values
                    .iter()
                    .any(|v| v.as_str().is_some_and(|v| request.mentions_affirmed(v)))
            })
    };
    let truth_text = schema
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(|options| truth_option(options, true).is_some());
    match schema_type(schema) {
        _ if names_allowed(schema) => true,
        _ if truth_text => request.flag(name).is_some(),
        "boolean" => request.flag(name).is_some(),
        "integer" | "number" => {
            let integer = schema_type(schema) == "integer";
            request
                .number_for_property(name)
                .is_some_and(|found| found.iter().any(|n| !integer || n.fract() == 0.0))
        }
        "array" => schema.get("items").is_some_and(names_allowed),
        "string" => {
            let description = schema
                .get("description")
                .and_then(Value::as_str)
                .unwrap_or("");
            request.keyed_span(name).is_some()
                || person_role(name, description)
                    .is_some_and(|r| request.person_in_role(r).is_some())
                || (name.to_lowercase().contains("date") && !request.dates.is_empty())
                || (wants_clock_time(name, description) && !request.times.is_empty())
        }
        _ => false,
    }
}

/// A number as JSON: an integer when it is whole, else a float.
fn json_number(n: f64) -> Option<Value> {
    if n.fract() == 0.0 && n.abs() < 9.0e15 {
        Some(Value::from(n as i64))
    } else {
        serde_json::Number::from_f64(n).map(Value::Number)
    }
}

/// Whether a string argument is copied from the request: not when its schema asks for a
/// format (a date, an e-mail, a pattern) the request may state in other words.
fn copies_strings(schema: &Value) -> bool {
    let described_format = schema
        .get("description")
        .and_then(Value::as_str)
        .is_some_and(|d| {
            let d = d.to_lowercase();
            d.contains("format") || d.contains("yyyy") || d.contains("e.g.")
        });
    schema.get("format").is_none() && schema.get("pattern").is_none() && !described_format
}

/// Where a JSON string's text stands after the tokens written so far: inside an escape or
/// not, and how many characters it decodes to.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
struct StringState {
    /// 0: not in an escape; 1: after `\`; 2..=5: after `\u` and that many minus 2 hex digits.
    escape: u8,
    /// Characters the text decodes to.
    chars: usize,
}

/// How a token extends a JSON string.
#[derive(Debug, Clone, Copy, PartialEq)]
enum StringStep {
    /// Still inside the string.
    Open(StringState),
    /// The token's last character closes the string.
    Closed(StringState),
}

impl StringState {
    /// The state after `text`, or `None` if `text` cannot continue the string: a raw quote
    /// before its last character, a raw control character, an escape JSON does not have (or
    /// one of `\b`/`\f`, which no argument needs), broken UTF-8, or more than `room`
    /// characters. Escapes may span tokens (`\` at the end of one, `n` at the start of the
    /// next), so a value can hold quotes, backslashes, newlines and tabs.
    fn advance(self, text: &str, room: usize) -> Option<StringStep> {
        if text.is_empty() || text.contains('\u{FFFD}') {
            return None;
        }
        let mut state = self;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match state.escape {
                0 => match c {
                    // The escape's character must fit too.
                    '\\' if state.chars < room => state.escape = 1,
                    '\\' => return None,
                    '"' => {
                        return (chars.peek().is_none() && state.chars <= room)
                            .then_some(StringStep::Closed(state));
                    }
                    c if c.is_control() => return None,
                    _ => state.chars += 1,
                },
                1 => match c {
                    '"' | '\\' | '/' | 'n' | 'r' | 't' => {
                        state.escape = 0;
                        state.chars += 1;
                    }
                    'u' => state.escape = 2,
                    _ => return None,
                },
                n => {
                    if !c.is_ascii_hexdigit() {
                        return None;
                    }
                    state.escape = if n == 5 { 0 } else { n + 1 };
                    if state.escape == 0 {
                        state.chars += 1;
                    }
                }
            }
            if state.chars > room {
                return None;
            }
        }
        Some(StringStep::Open(state))
    }
}

#[derive(Debug, Clone, Copy)]
struct NumberState {
    complete: bool,
}

/// Whether `s` is a prefix of a JSON number (integer: no fraction or exponent).
fn number_state(s: &str, integer: bool) -> Option<NumberState> {
    #[derive(PartialEq)]
    enum S {
        Start,
        Minus,
        Zero,
        Int,
        Dot,
        Frac,
        E,
        ESign,
        Exp,
    }
    let mut state = S::Start;
    for c in s.chars() {
        state = match (state, c) {
            (S::Start, '-') => S::Minus,
            (S::Start | S::Minus, '0') => S::Zero,
            (S::Start | S::Minus, '1'..='9') => S::Int,
            (S::Int, '0'..='9') => S::Int,
            (S::Zero | S::Int, '.') if !integer => S::Dot,
            (S::Dot | S::Frac, '0'..='9') => S::Frac,
            (S::Zero | S::Int | S::Frac, 'e' | 'E') if !integer => S::E,
            (S::E, '+' | '-') => S::ESign,
            (S::E | S::ESign | S::Exp, '0'..='9') => S::Exp,
            _ => return None,
        };
    }
    Some(NumberState {
        complete: matches!(state, S::Zero | S::Int | S::Frac | S::Exp),
    })
}

fn clamp_number(value: Value, schema: &Value, integer: bool) -> Value {
    let Some(mut x) = value.as_f64() else {
        return value;
    };
    if let Some(min) = schema.get("minimum").and_then(Value::as_f64) {
        x = x.max(min);
    }
    if let Some(max) = schema.get("maximum").and_then(Value::as_f64) {
        x = x.min(max);
    }
    if integer {
        // Clamping may land on a fractional bound; round inward to stay in range.
        let rounded = x.round();
        let x = if schema
            .get("maximum")
            .and_then(Value::as_f64)
            .is_some_and(|m| rounded > m)
        {
            x.floor()
        } else if schema
            .get("minimum")
            .and_then(Value::as_f64)
            .is_some_and(|m| rounded < m)
        {
            x.ceil()
        } else {
            rounded
        };
        return Value::from(x as i64);
    }
    if x == value.as_f64().unwrap_or(f64::NAN) {
        value
    } else {
        serde_json::Number::from_f64(x).map_or(Value::from(0), Value::Number)
    }
}

/// The schema of a map's values: `additionalProperties` given as a schema, or `true` on an
/// object without `properties` (any value, written as a string). `false`, or extra properties
/// left unsaid beside named ones, give no map entries.
fn map_values(schema: &Value) -> Option<&Value> {
    static ANY: std::sync::OnceLock<Value> = std::sync::OnceLock::new();
    match schema.get("additionalProperties") {
        Some(values @ Value::Object(_)) => Some(values),
        Some(Value::Bool(true)) if schema.get("properties").is_none() => {
            Some(ANY.get_or_init(|| serde_json::json!({"type": "string"})))
        }
        _ => None,
    }
}

/// The texts a value of `schema` may start with, as JSON.
fn branch_openings(schema: &Value, depth: usize) -> Vec<String> {
    if depth > MAX_DEPTH {
        return vec!["\"".into()];
    }
    if let Some(constant) = schema.get("const") {
        return vec![constant.to_string()];
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        return options.iter().map(Value::to_string).collect();
    }
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        return branch_openings(&merge_all_of(schema, parts), depth + 1);
    }
    for combinator in ["anyOf", "oneOf"] {
        if let Some(branches) = schema.get(combinator).and_then(Value::as_array) {
            return branches
                .iter()
                .flat_map(|b| branch_openings(b, depth + 1))
                .collect();
        }
    }
    match schema_type(schema) {
        "object" => vec!["{".into()],
        "array" => vec!["[".into()],
        "integer" | "number" => (0..10)
            .map(|d| d.to_string())
            .chain(["-".to_string()])
            .collect(),
        "boolean" => vec!["true".into(), "false".into()],
        "null" => vec!["null".into()],
        _ => vec!["\"".into()],
    }
}

/// One schema holding everything `allOf` asks: the parts' properties and required names
/// together, and each keyword the schema itself lacks from the first part that has it.
fn merge_all_of(schema: &Value, parts: &[Value]) -> Value {
    let mut merged = match schema {
        Value::Object(map) => map.clone(),
        _ => Map::new(),
    };
    merged.remove("allOf");
    for part in parts {
        let part = match part.get("allOf").and_then(Value::as_array) {
            Some(inner) => merge_all_of(part, inner),
            None => part.clone(),
        };
        let Value::Object(part) = part else {
            continue;
        };
        for (key, value) in part {
            match (key.as_str(), merged.get_mut(&key), &value) {
                ("properties", Some(Value::Object(have)), Value::Object(add)) => {
                    for (name, property) in add {
                        have.entry(name.clone()).or_insert_with(|| property.clone());
                    }
                }
                ("required", Some(Value::Array(have)), Value::Array(add)) => {
                    for name in add {
                        if !have.contains(name) {
                            have.push(name.clone());
                        }
                    }
                }
                (_, None, _) => {
                    merged.insert(key, value);
                }
                _ => {}
            }
        }
    }
    Value::Object(merged)
}

fn usize_keyword(schema: &Value, key: &str) -> Option<usize> {
    schema
        .get(key)
        .and_then(Value::as_u64)
        .and_then(|v| usize::try_from(v).ok())
}

/// The schema's type; the first non-null one of a type list; `object` when only
/// `properties` is given; `string` otherwise.
fn schema_type(schema: &Value) -> &str {
    match schema.get("type") {
        Some(Value::String(t)) => t,
        Some(Value::Array(types)) => types
            .iter()
            .filter_map(Value::as_str)
            .find(|t| *t != "null")
            .unwrap_or("null"),
        _ if schema.get("properties").is_some() => "object",
        _ if schema.get("items").is_some() => "array",
        _ => "string",
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn number_prefixes_follow_json_grammar() {
        for ok in [
            "", "-", "0", "-0", "12", "1.", "1.5", "1e", "1e-", "1e5", "0.25E+3",
        ] {
            assert!(number_state(ok, false).is_some(), "{ok}");
        }
        for bad in ["01", "--1", "1..", ".5", "1e5.", "+1", "a"] {
            assert!(number_state(bad, false).is_none(), "{bad}");
        }
        assert!(number_state("1.", true).is_none());
        assert!(number_state("1e3", true).is_none());
        assert!(number_state("-12", true).unwrap().complete);
        assert!(!number_state("-", true).unwrap().complete);
        assert!(!number_state("1.", false).unwrap().complete);
    }

    #[test]
    fn string_tokens_follow_json_string_grammar_escapes_included() {
        let open = |text: &str, room: usize| StringState::default().advance(text, room);
        assert!(matches!(open("abc", 10), Some(StringStep::Open(s)) if s.chars == 3));
        assert!(matches!(open("abc\"", 10), Some(StringStep::Closed(s)) if s.chars == 3));
        assert_eq!(open("a\"b", 10), None, "a raw quote only closes");
        assert_eq!(open("a\nb", 10), None, "no raw control characters");
        assert_eq!(open("abcd", 3), None);
        assert_eq!(open("", 3), None);
        // Escapes: quotes, backslashes, newlines and \u sequences decode to one character.
        assert!(matches!(open("say \\\"hi\\\"", 20), Some(StringStep::Open(s)) if s.chars == 8));
        assert!(matches!(open("a\\nb", 10), Some(StringStep::Open(s)) if s.chars == 3));
        assert!(matches!(open("\\u00e9", 10), Some(StringStep::Open(s)) if s.chars == 1));
        assert_eq!(open("\\x", 10), None);
        assert_eq!(open("\\b", 10), None, "no backspace escapes");
        // An escape may span tokens.
        let Some(StringStep::Open(half)) = open("ab\\", 10) else {
            panic!("a trailing backslash is a pending escape")
        };
        assert_eq!(half.escape, 1);
        assert!(matches!(half.advance("\"\"", 10), Some(StringStep::Closed(s)) if s.chars == 3));
        assert_eq!(half.advance("q", 10), None);
        let Some(StringStep::Open(unicode)) = open("\\u00", 10) else {
            panic!("a \\u escape may be cut")
        };
        assert!(
            matches!(unicode.advance("41", 10), Some(StringStep::Open(s)) if s.chars == 1 && s.escape == 0)
        );
    }

    #[test]
    fn clamping_keeps_integers_in_range() {
        let schema = serde_json::json!({"minimum": 1, "maximum": 2.5});
        assert_eq!(clamp_number(Value::from(7), &schema, true), Value::from(2));
        assert_eq!(clamp_number(Value::from(-3), &schema, true), Value::from(1));
        assert_eq!(
            clamp_number(serde_json::json!(9.5), &schema, false),
            serde_json::json!(2.5)
        );
    }

    #[test]
    fn branches_open_as_their_json_does() {
        let openings = |v: Value| branch_openings(&v, 0);
        assert_eq!(openings(serde_json::json!({"type": "object"})), ["{"]);
        assert_eq!(openings(serde_json::json!({"type": "null"})), ["null"]);
        assert_eq!(
            openings(serde_json::json!({"enum": ["a", 2]})),
            ["\"a\"", "2"]
        );
        assert_eq!(
            openings(serde_json::json!({"anyOf": [{"type": "array"}, {"const": true}]})),
            ["[", "true"]
        );
        assert_eq!(openings(serde_json::json!({"type": "integer"})).len(), 11);
        assert_eq!(openings(serde_json::json!({"description": "free"})), ["\""]);
    }

    #[test]
    fn all_of_merges_properties_and_required_names() {
        let schema = serde_json::json!({
            "description": "a person",
            "allOf": [
                {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]},
                {"properties": {"age": {"type": "integer"}}, "required": ["age"]},
                {"allOf": [{"properties": {"email": {"type": "string"}}}]}
            ]
        });
        let parts = schema["allOf"].as_array().unwrap();
        let merged = merge_all_of(&schema, parts);
        assert!(merged.get("allOf").is_none());
        assert_eq!(merged["type"], "object");
        assert_eq!(merged["description"], "a person");
        assert_eq!(merged["required"], serde_json::json!(["name", "age"]));
        let properties = merged["properties"].as_object().unwrap();
        assert_eq!(properties.len(), 3, "{merged}");
    }
}
