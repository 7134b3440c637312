//! Dev-set readers: JSON Lines files, one item per line. A malformed line is an error naming
//! the file and line, never a panic or a silently skipped item.

use std::collections::HashMap;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::EvalError;
use tact_policies::retrieval::ToolSpec;

/// A tool as the data files write it (OpenAI-style function).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FunctionDef {
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub parameters: Option<serde_json::Value>,
}

/// One message of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatMessage {
    pub role: String,
    #[serde(default)]
    pub content: serde_json::Value,
}

impl ChatMessage {
    /// Content as text (some datasets write content as a list of parts or null).
    pub fn text(&self) -> String {
        match &self.content {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Null => String::new(),
            other => other.to_string(),
        }
    }
}

/// `catalog.jsonl`: one distinct tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CatalogRow {
    pub tool_id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub parameters: Option<serde_json::Value>,
    #[serde(default)]
    pub source: String,
}

impl CatalogRow {
    pub fn tool_spec(&self) -> ToolSpec {
        ToolSpec {
            tool_id: self.tool_id.clone(),
            name: self.name.clone(),
            description: self.description.clone(),
            parameters: self.parameters.clone(),
        }
    }

    pub fn function(&self) -> FunctionDef {
        FunctionDef {
            name: self.name.clone(),
            description: self.description.clone(),
            parameters: self.parameters.clone(),
        }
    }
}

/// `trigger.jsonl`: should a tool be called at all?
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TriggerItem {
    pub id: String,
    #[serde(default)]
    pub query: String,
    #[serde(default)]
    pub messages: Vec<ChatMessage>,
    #[serde(default)]
    pub tools: Option<Vec<FunctionDef>>,
    #[serde(default)]
    pub tools_ref: Option<String>,
    pub should_call: bool,
    #[serde(default)]
    pub category: String,
}

/// `retrieval.jsonl`: rank the catalog.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetrievalItem {
    pub id: String,
    pub query: String,
    pub gold_tools: Vec<String>,
    #[serde(default)]
    pub gold_names: Vec<String>,
    #[serde(default)]
    pub hard_negatives: Vec<String>,
    #[serde(default)]
    pub category: String,
}

/// The expected call of a selection item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GoldCall {
    pub name: String,
    #[serde(default)]
    pub arguments: serde_json::Value,
    /// Argument → acceptable values; `""` among them means the argument may be omitted.
    #[serde(default)]
    pub acceptable: HashMap<String, Vec<serde_json::Value>>,
}

/// `selection.jsonl`: pick the tool and bind its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SelectionItem {
    pub id: String,
    #[serde(default)]
    pub query: String,
    #[serde(default)]
    pub messages: Vec<ChatMessage>,
    pub tools: Vec<FunctionDef>,
    pub gold: GoldCall,
    #[serde(default)]
    pub gold_position: usize,
    #[serde(default)]
    pub category: String,
}

/// Parse JSON Lines text; blank lines are skipped, anything else must parse.
pub fn parse_jsonl<T: DeserializeOwned>(text: &str, origin: &str) -> Result<Vec<T>, EvalError> {
    let mut items = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let item = serde_json::from_str(line).map_err(|e| EvalError::Line {
            file: origin.to_string(),
            line: i + 1,
            reason: e.to_string(),
        })?;
        items.push(item);
    }
    Ok(items)
}

pub fn read_jsonl<T: DeserializeOwned>(path: &Path) -> Result<Vec<T>, EvalError> {
    let text = std::fs::read_to_string(path).map_err(|e| EvalError::Read {
        path: path.display().to_string(),
        reason: e.to_string(),
    })?;
    parse_jsonl(&text, &path.display().to_string())
}

/// The tools offered with a trigger item: inline, or every catalog row of `tools_ref`.
pub fn offered_tools(
    item: &TriggerItem,
    catalog: Option<&[CatalogRow]>,
) -> Result<Vec<FunctionDef>, EvalError> {
    if let Some(tools) = &item.tools {
        return Ok(tools.clone());
    }
    let Some(source) = &item.tools_ref else {
        return Ok(Vec::new());
    };
    let catalog = catalog.ok_or_else(|| {
        EvalError::Invalid(format!(
            "item {} takes its tools from catalog source {source:?}: pass --catalog",
            item.id
        ))
    })?;
    Ok(catalog
        .iter()
        .filter(|row| &row.source == source)
        .map(CatalogRow::function)
        .collect())
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn malformed_line_is_an_error_naming_the_line() {
        let text = "{\"id\":\"a\",\"query\":\"q\",\"gold_tools\":[\"t\"]}\n\n{not json}\n";
        let err = parse_jsonl::<RetrievalItem>(text, "r.jsonl").unwrap_err();
        assert!(err.to_string().contains("r.jsonl line 3"), "{err}");
    }

    #[test]
    fn tools_ref_takes_tools_from_the_catalog_source() {
        let item: TriggerItem = serde_json::from_str(
            r#"{"id":"x","query":"q","messages":[],"tools":null,"tools_ref":"s1","should_call":true}"#,
        )
        .unwrap();
        let row = |id: &str, source: &str| CatalogRow {
            tool_id: id.into(),
            name: id.into(),
            description: String::new(),
            parameters: None,
            source: source.into(),
        };
        let catalog = vec![row("a", "s1"), row("b", "s2"), row("c", "s1")];
        let tools = offered_tools(&item, Some(&catalog)).unwrap();
        assert_eq!(
            tools.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(),
            ["a", "c"]
        );
        assert!(offered_tools(&item, None).is_err());
    }
}
