//! The model's own chat template: the Jinja text in `tokenizer.chat_template` (GGUF metadata or
//! an HF folder's `tokenizer_config.json`), rendered with `minijinja` the way transformers'
//! `apply_chat_template` renders it: `trim_blocks` and `lstrip_blocks` on, loop controls,
//! Python string methods (`.strip()`, `.startswith()`, ...), `raise_exception`, and a
//! `tojson` that writes what Python's `json.dumps` writes (`", "` and `": "` separators, no
//! HTML escaping, non-ASCII kept).
//!
//! A model without a template, or with one minijinja cannot compile, gets plain ChatML and
//! says so ([`ChatTemplate::fallback_reason`]): the prompt is then not the format the model was
//! trained on, and the CLI shows that.

use std::path::Path;

use minijinja::value::{Kwargs, Serde, Value, ValueKind};
use minijinja::{Environment, Error, ErrorKind};
use serde_json::json;

use crate::error::ModelError;
use crate::gguf::GgufFile;

pub use minijinja::Value as TemplateValue;

/// Plain ChatML, used when the model brings no usable template.
pub const CHATML_TEMPLATE: &str = "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}";

const TEMPLATE_NAME: &str = "chat";
/// A tool name no template would print unless it lists the tools it is given.
const PROBE_TOOL: &str = "tact_probe_tool_7f3a";

/// A compiled chat template and where it came from.
#[derive(Debug)]
pub struct ChatTemplate {
    env: Environment<'static>,
    bos_token: String,
    eos_token: String,
    /// `Some(reason)` when this is the ChatML fallback rather than the model's own template.
    fallback: Option<String>,
    /// The template prints the `tools` it is given (Qwen2.5's `<tools>` section).
    tools_section: bool,
}

impl ChatTemplate {
    /// Compile `source`. A template that does not compile is an error (see
    /// [`ChatTemplate::from_model`] for the forgiving constructor).
    pub fn new(source: &str, bos_token: &str, eos_token: &str) -> Result<Self, ModelError> {
        let mut template = Self {
            env: environment(source)?,
            bos_token: bos_token.to_owned(),
            eos_token: eos_token.to_owned(),
            fallback: None,
            tools_section: false,
        };
        template.tools_section = template.detect_tools_section();
        Ok(template)
    }

    /// The model's template when it has one that compiles; ChatML otherwise, with the reason.
    pub fn from_model(source: Option<&str>, bos_token: &str, eos_token: &str) -> Self {
        let reason = match source {
            Some(source) if !source.trim().is_empty() => {
                match Self::new(source, bos_token, eos_token) {
                    Ok(template) => return template,
                    Err(e) => format!("the model's chat template does not compile ({e})"),
                }
            }
            _ => "the model file has no chat template".to_owned(),
        };
        Self::chatml_fallback(&reason)
    }

    /// Plain ChatML, marked as a fallback for `reason`.
    pub fn chatml_fallback(reason: &str) -> Self {
        let env = environment(CHATML_TEMPLATE).unwrap_or_else(|_| Environment::new());
        Self {
            env,
            bos_token: String::new(),
            eos_token: String::new(),
            fallback: Some(reason.to_owned()),
            tools_section: false,
        }
    }

    /// Why the ChatML fallback is in use, or `None` when this is the model's own template.
    pub fn fallback_reason(&self) -> Option<&str> {
        self.fallback.as_deref()
    }

    /// A line for the CLI: which template renders prompts.
    pub fn notice(&self) -> String {
        match &self.fallback {
            None if self.tools_section => {
                "chat template: the model's own (with its tools section)".into()
            }
            None => {
                "chat template: the model's own (no tools section; tools listed in the system turn)"
                    .into()
            }
            Some(reason) => format!(
                "chat template: ChatML FALLBACK ({reason}); prompts are not in the format the model was trained on"
            ),
        }
    }

    /// The template lists the tools it is given (so tools go in `tools`, not in prose).
    pub fn has_tools_section(&self) -> bool {
        self.tools_section
    }

    /// Render `messages` (objects with `role`, `content`, optionally `tool_calls`) with
    /// `tools` (OpenAI-style `{"type": "function", "function": {...}}` objects), opening the
    /// assistant turn when `add_generation_prompt`.
    pub fn render(
        &self,
        messages: &[serde_json::Value],
        tools: &[Value],
        add_generation_prompt: bool,
    ) -> Result<String, ModelError> {
        let template = self.env.get_template(TEMPLATE_NAME).map_err(template_err)?;
        // transformers passes `tools=None` when there are none; templates test `if tools`.
        let tools = if tools.is_empty() {
            Value::from(())
        } else {
            Value::from(tools.to_vec())
        };
        let context = Value::from_pairs([
            ("messages", Value::from(Serde(messages))),
            ("tools", tools),
            ("add_generation_prompt", Value::from(add_generation_prompt)),
            ("bos_token", Value::from(self.bos_token.as_str())),
            ("eos_token", Value::from(self.eos_token.as_str())),
        ]);
        template.render(context).map_err(template_err)
    }

    fn detect_tools_section(&self) -> bool {
        let messages = [json!({"role": "user", "content": "hi"})];
        let tools = [function_tool(
            PROBE_TOOL,
            "",
            &json!({"type": "object", "properties": {}}),
        )];
        self.render(&messages, &tools, true)
            .is_ok_and(|text| text.contains(PROBE_TOOL))
    }
}

/// An OpenAI-style function tool as chat templates expect it, keys in the order tools are
/// usually written (and printed by templates that `tojson` the whole tool): `type`, then
/// `function` with `name`, `description`, `parameters`.
pub fn function_tool(name: &str, description: &str, parameters: &serde_json::Value) -> Value {
    let function = Value::from_pairs([
        ("name", Value::from(name)),
        ("description", Value::from(description)),
        ("parameters", Value::from(Serde(parameters))),
    ]);
    Value::from_pairs([("type", Value::from("function")), ("function", function)])
}

/// The template in a GGUF file's `tokenizer.chat_template`, with the file's BOS/EOS texts.
pub fn chat_template_from_gguf(gguf: &GgufFile) -> ChatTemplate {
    let token_text = |key: &str| -> String {
        let tokens = gguf
            .get_str_array("tokenizer.ggml.tokens")
            .unwrap_or_default();
        gguf.get_u64(key)
            .ok()
            .and_then(|id| tokens.get(id as usize).map(|t| (*t).to_owned()))
            .unwrap_or_default()
    };
    let source = gguf.get("tokenizer.chat_template").and_then(|v| v.as_str());
    ChatTemplate::from_model(
        source,
        &token_text("tokenizer.ggml.bos_token_id"),
        &token_text("tokenizer.ggml.eos_token_id"),
    )
}

/// The template in an HF folder's `tokenizer_config.json` (a string, or a list of named
/// templates of which `default` is taken).
pub fn chat_template_from_hf_folder(folder: &Path) -> ChatTemplate {
    let config: Option<serde_json::Value> =
        std::fs::read_to_string(folder.join("tokenizer_config.json"))
            .ok()
            .and_then(|text| serde_json::from_str(&text).ok());
    let Some(config) = config else {
        return ChatTemplate::chatml_fallback("the folder has no readable tokenizer_config.json");
    };
    let source = match &config["chat_template"] {
        serde_json::Value::String(source) => Some(source.as_str()),
        serde_json::Value::Array(named) => named
            .iter()
            .find(|t| t["name"] == "default")
            .and_then(|t| t["template"].as_str()),
        _ => None,
    };
    // Special tokens are a string or an AddedToken object with `content`.
    let token = |key: &str| -> String {
        let value = &config[key];
        value
            .as_str()
            .or_else(|| value["content"].as_str())
            .unwrap_or_default()
            .to_owned()
    };
    ChatTemplate::from_model(source, &token("bos_token"), &token("eos_token"))
}

fn template_err(e: Error) -> ModelError {
    // minijinja's Display omits the source chain; the detail names the failing construct.
    let mut message = e.to_string();
    if let Some(detail) = e.detail()
        && !message.contains(detail)
    {
        message.push_str(": ");
        message.push_str(detail);
    }
    ModelError::Template(message)
}

fn environment(source: &str) -> Result<Environment<'static>, ModelError> {
    let mut env = Environment::new();
    // As transformers' sandboxed Jinja environment.
    let syntax = minijinja::syntax::SyntaxConfig::builder()
        .trim_blocks(true)
        .lstrip_blocks(true)
        .build()
        .map_err(template_err)?;
    env.set_syntax(syntax);
    env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
    env.add_filter("tojson", tojson);
    env.add_function("raise_exception", raise_exception);
    env.add_template_owned(TEMPLATE_NAME, source.to_owned())
        .map_err(template_err)?;
    Ok(env)
}

fn raise_exception(message: String) -> Result<Value, Error> {
    Err(Error::new(ErrorKind::InvalidOperation, message))
}

/// transformers' `tojson`: `json.dumps(x, ensure_ascii=False, indent=indent, sort_keys=...)`.
fn tojson(value: &Value, kwargs: Kwargs) -> Result<Value, Error> {
    let indent: Option<usize> = kwargs.get("indent")?;
    let sort_keys: Option<bool> = kwargs.get("sort_keys")?;
    let ensure_ascii: Option<bool> = kwargs.get("ensure_ascii")?;
    kwargs.assert_all_used()?;
    if ensure_ascii == Some(true) {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            "tojson(ensure_ascii=True) is not supported",
        ));
    }
    let mut out = String::new();
    write_json(
        &mut out,
        value,
        &JsonLayout {
            indent,
            sort_keys: sort_keys.unwrap_or(false),
        },
        0,
    )?;
    Ok(Value::from(out))
}

struct JsonLayout {
    indent: Option<usize>,
    sort_keys: bool,
}

impl JsonLayout {
    /// Python's separators: `", "` inline, `","` before a newline when indenting.
    fn item_separator(&self) -> &'static str {
        if self.indent.is_some() { "," } else { ", " }
    }

    fn newline(&self, out: &mut String, depth: usize) {
        if let Some(indent) = self.indent {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', indent * depth));
        }
    }
}

fn write_json(
    out: &mut String,
    value: &Value,
    layout: &JsonLayout,
    depth: usize,
) -> Result<(), Error> {
    match value.kind() {
        ValueKind::Undefined | ValueKind::None => out.push_str("null"),
        ValueKind::Bool => out.push_str(if value.is_true() { "true" } else { "false" }),
        ValueKind::Number => {
            if value.is_integer() {
                out.push_str(&value.to_string());
            } else {
                let float = f64::try_from(value.clone())?;
                out.push_str(&python_float(float));
            }
        }
        ValueKind::String => write_json_str(out, value.as_str().unwrap_or_default()),
        ValueKind::Seq | ValueKind::Iterable => {
            let items: Vec<Value> = value.try_iter()?.collect();
            write_container(out, '[', ']', &items, layout, depth, |out, item, depth| {
                write_json(out, item, layout, depth)
            })?;
        }
        ValueKind::Map => {
            let mut keys: Vec<Value> = value.try_iter()?.collect();
            if layout.sort_keys {
                keys.sort_by_key(|key| key.to_string());
            }
            let mut pairs = Vec::with_capacity(keys.len());
            for key in keys {
                let item = value.get_item(&key)?;
                pairs.push((key, item));
            }
            write_container(
                out,
                '{',
                '}',
                &pairs,
                layout,
                depth,
                |out, (key, item), depth| {
                    match key.as_str() {
                        Some(key) => write_json_str(out, key),
                        None => write_json_str(out, &key.to_string()),
                    }
                    out.push_str(": ");
                    write_json(out, item, layout, depth)
                },
            )?;
        }
        ValueKind::Plain => write_json_str(out, &value.to_string()),
        _ => {
            return Err(Error::new(
                ErrorKind::BadSerialization,
                format!("tojson cannot write a {} value", value.kind()),
            ));
        }
    }
    Ok(())
}

fn write_container<T>(
    out: &mut String,
    open: char,
    close: char,
    items: &[T],
    layout: &JsonLayout,
    depth: usize,
    mut write_item: impl FnMut(&mut String, &T, usize) -> Result<(), Error>,
) -> Result<(), Error> {
    out.push(open);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(layout.item_separator());
        }
        layout.newline(out, depth + 1);
        write_item(out, item, depth + 1)?;
    }
    if !items.is_empty() {
        layout.newline(out, depth);
    }
    out.push(close);
    Ok(())
}

/// A JSON string as Python writes it with `ensure_ascii=False`.
fn write_json_str(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Python's `repr(float)`: shortest round-trip digits, `1.0` for whole numbers, exponent form
/// (`1e-05`, `1e+16`) outside `1e-4 <= |x| < 1e16`.
fn python_float(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "NaN".into()
        } else if x > 0.0 {
            "Infinity".into()
        } else {
            "-Infinity".into()
        };
    }
    let magnitude = x.abs();
    if magnitude != 0.0 && !(1e-4..1e16).contains(&magnitude) {
        // Rust's `{:e}` gives the shortest round-trip mantissa: `1e-5`, `1.5e16`.
        let formatted = format!("{x:e}");
        if let Some((mantissa, exponent)) = formatted.split_once('e') {
            let (sign, digits) = match exponent.strip_prefix('-') {
                Some(digits) => ('-', digits),
                None => ('+', exponent),
            };
            return format!("{mantissa}e{sign}{digits:0>2}");
        }
        return formatted;
    }
    let formatted = format!("{x}");
    if formatted.contains('.') {
        formatted
    } else {
        format!("{formatted}.0")
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn render_expr(expr: &str, value: serde_json::Value) -> String {
        let source = format!("{{{{ {expr} }}}}");
        let env = environment(&source).unwrap();
        env.get_template(TEMPLATE_NAME)
            .unwrap()
            .render(Value::from(Serde(json!({"x": value}))))
            .unwrap()
    }

    #[test]
    fn tojson_writes_what_python_json_dumps_writes() {
        let value = json!({"b": [1, 2.5, true, null], "a": "<é\"\n\u{1}>", "c": {}, "d": []});
        // Keys come in the map's order (serde_json's maps are sorted, as tact's schemas are).
        assert_eq!(
            render_expr("x | tojson", value.clone()),
            r#"{"a": "<é\"\n\u0001>", "b": [1, 2.5, true, null], "c": {}, "d": []}"#
        );
        assert_eq!(
            render_expr("x | tojson(indent=2)", json!({"a": [1, {"b": 2}], "c": []})),
            "{\n  \"a\": [\n    1,\n    {\n      \"b\": 2\n    }\n  ],\n  \"c\": []\n}"
        );
        assert_eq!(python_float(1.0), "1.0");
        assert_eq!(python_float(1e-5), "1e-05");
        assert_eq!(python_float(1.5e16), "1.5e+16");
        assert_eq!(python_float(0.1), "0.1");
    }

    #[test]
    fn python_string_methods_and_loop_controls_work() {
        let source = "{% for m in messages %}{% if loop.index0 == 1 %}{% break %}{% endif %}{{ m.content.strip().upper() }}{% endfor %}";
        let template = ChatTemplate::new(source, "", "").unwrap();
        let text = template
            .render(
                &[
                    json!({"role": "user", "content": "  hi  "}),
                    json!({"role": "user", "content": "never"}),
                ],
                &[],
                false,
            )
            .unwrap();
        assert_eq!(text, "HI");
        assert!(!template.has_tools_section());
        assert_eq!(template.fallback_reason(), None);
    }

    #[test]
    fn raise_exception_is_a_template_error() {
        let template =
            ChatTemplate::new("{{ raise_exception('only user turns') }}", "", "").unwrap();
        let err = template.render(&[], &[], true).unwrap_err().to_string();
        assert!(err.contains("only user turns"), "{err}");
    }

    #[test]
    fn missing_or_broken_template_falls_back_to_chatml_and_says_so() {
        let missing = ChatTemplate::from_model(None, "", "");
        assert!(
            missing
                .fallback_reason()
                .unwrap()
                .contains("no chat template")
        );
        assert!(missing.notice().contains("FALLBACK"));
        let text = missing
            .render(&[json!({"role": "user", "content": "hi"})], &[], true)
            .unwrap();
        assert_eq!(
            text,
            "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n"
        );
        let broken = ChatTemplate::from_model(Some("{% for %}"), "", "");
        assert!(
            broken
                .fallback_reason()
                .unwrap()
                .contains("does not compile")
        );
    }

    #[test]
    fn hf_folder_template_and_special_tokens_come_from_tokenizer_config() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("tokenizer_config.json"),
            r#"{"chat_template": [{"name": "tool_use", "template": "T"}, {"name": "default", "template": "{{ bos_token }}{% for m in messages %}{{ m.content }}{{ eos_token }}{% endfor %}"}],
                "bos_token": {"content": "<s>", "special": true}, "eos_token": "</s>"}"#,
        )
        .unwrap();
        let template = chat_template_from_hf_folder(dir.path());
        assert_eq!(template.fallback_reason(), None);
        let text = template
            .render(&[json!({"role": "user", "content": "hi"})], &[], true)
            .unwrap();
        assert_eq!(text, "<s>hi</s>");
        let empty = tempfile::tempdir().unwrap();
        assert!(
            chat_template_from_hf_folder(empty.path())
                .fallback_reason()
                .is_some()
        );
    }

    #[test]
    fn a_template_that_prints_tools_has_a_tools_section() {
        let source = "{% if tools %}{% for t in tools %}{{ t.function.name }}{% endfor %}{% endif %}{% for m in messages %}{{ m.content }}{% endfor %}";
        assert!(
            ChatTemplate::new(source, "", "")
                .unwrap()
                .has_tools_section()
        );
    }
}
