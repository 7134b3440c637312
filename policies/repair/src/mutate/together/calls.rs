//! A step the description names that the code never takes: "sort the integers …, reverse the
//! resulting array" over code that sorts and never reverses, "return the sorted unique
//! elements" over code that never sorts. The step is added where it belongs: a reverse after
//! the sort (`arr.sort(); arr.reverse();`), or around / before what the function returns
//! (`return sorted(out)`, `return out[::-1]`, `out.sort();` before `return out;`). Probed
//! first: a handful of probes, and the description is the specification.

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

/// A step a description can name, and how code takes it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Step {
    Sort,
    Reverse,
}

impl Step {
    /// The words that name it.
    fn words(self) -> &'static [&'static str] {
        match self {
            Step::Sort => &["sort", "sorted", "sorting", "ascending"],
            Step::Reverse => &["reverse", "reversed", "reversing"],
        }
    }

    /// Whether `code` (the function's body as text) takes the step already.
    fn taken_in(self, code: &str, language: Language) -> bool {
        let forms: &[&str] = match (self, language) {
            (Step::Sort, Language::Python) => &["sorted(", ".sort(", "heapq."],
            (Step::Sort, Language::Rust) => &[".sort", "BTreeSet", "BTreeMap", "BinaryHeap"],
            (Step::Reverse, Language::Python) => {
                &["reversed(", ".reverse(", "[::-1]", "reverse=True"]
            }
            (Step::Reverse, Language::Rust) => &[".reverse(", ".rev(", "Reverse(", "b.cmp(a)"],
        };
        forms.iter().any(|f| code.contains(f))
    }
}

/// The steps `description` names.
fn named_steps(description: &str) -> Vec<Step> {
    let lower = description.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    [Step::Sort, Step::Reverse]
        .into_iter()
        .filter(|step| words.iter().any(|w| step.words().contains(w)))
        .collect()
}

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn described_calls(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let steps = named_steps(description);
        if steps.is_empty() {
            return Vec::new();
        }
        // The body's code, comments and strings aside as far as the tokens go.
        let code: String = self
            .tokens
            .iter()
            .skip(1)
            .flat_map(|l| l.iter().map(|t| t.text))
            .collect::<Vec<_>>()
            .join("");
        let mut hunks = Vec::new();
        for step in steps {
            if step.taken_in(&code, language) {
                continue;
            }
            let why =
                |what: &str| format!("the description names a step the code never takes: {what}");
            // After a sort, the reverse (`arr.sort(); arr.reverse();`).
            if step == Step::Reverse {
                for (at, line) in self.tokens.iter().enumerate().skip(1) {
                    let texts: Vec<&str> = line.iter().map(|t| t.text).collect();
                    let sorted = match texts.as_slice() {
                        [name, ".", "sort", "(", ")"] | [name, ".", "sort", "(", ")", ";"] => *name,
                        _ => continue,
                    };
                    let Some(text) = self.lines.get(at) else {
                        continue;
                    };
                    let semicolon = if language == Language::Rust { ";" } else { "" };
                    let new = format!("{}{sorted}.reverse(){semicolon}", &text[..indent(text)]);
                    hunks.extend(self.lines_inserted_after(
                        file,
                        at,
                        vec![new.clone()],
                        MutationOperator::DescribedCall,
                        why(&format!("`{}` after the sort", new.trim())),
                    ));
                }
            }
            // Around or before what the function returns: a bare name, or (Python) any value.
            for (at, line) in self.tokens.iter().enumerate().skip(1) {
                let Some(text) = self.lines.get(at) else {
                    continue;
                };
                let pad = &text[..indent(text)];
                let returned: &[_] = match (language, line.first().map(|t| t.text)) {
                    (_, Some("return")) => &line[1..],
                    // A Rust tail: a bare name alone on the function's last code line.
                    (Language::Rust, _) if line.len() == 1 && self.is_tail(at) => line,
                    _ => continue,
                };
                let returned = match returned.last() {
                    Some(t) if t.text == ";" => &returned[..returned.len() - 1],
                    _ => returned,
                };
                let (Some(first), Some(last)) = (returned.first(), returned.last()) else {
                    continue;
                };
                let bare = returned.len() == 1 && first.kind == TokenKind::Ident;
                let value = &text[first.start..last.end];
                if !self.is_sequence(value, bare) {
                    continue;
                }
                // Nothing to sort in a constant answer.
                if returned.iter().all(|t| t.kind != TokenKind::Ident)
                    || matches!(value, "True" | "False" | "None" | "true" | "false")
                {
                    continue;
                }
                match (language, step) {
                    (Language::Python, _) => {
                        let new_value = match step {
                            Step::Sort => format!("sorted({value})"),
                            Step::Reverse => format!("{value}[::-1]"),
                        };
                        let new =
                            format!("{}{new_value}{}", &text[..first.start], &text[last.end..]);
                        hunks.extend(self.line_replaced(
                            file,
                            at,
                            new,
                            MutationOperator::DescribedCall,
                            why(&format!("`{value}` → `{new_value}`")),
                        ));
                    }
                    (Language::Rust, _) if bare => {
                        let call = match step {
                            Step::Sort => "sort",
                            Step::Reverse => "reverse",
                        };
                        let new = format!("{pad}{value}.{call}();");
                        hunks.extend(self.lines_inserted_before(
                            file,
                            at,
                            vec![new.clone()],
                            MutationOperator::DescribedCall,
                            why(&format!("`{}` before it is returned", new.trim())),
                        ));
                    }
                    _ => {}
                }
            }
        }
        hunks
    }

    /// Line `at` is the function's last line of code before its closing brace.
    fn is_tail(&self, at: usize) -> bool {
        self.tokens[at + 1..]
            .iter()
            .all(|l| l.iter().all(|t| t.text == "}"))
    }

    /// A returned value that is a list (or a string) built in the function: a list display,
    /// a comprehension or `list(…)`, or a name bound to one (Python `= []`, `= list(`,
    /// appended to; Rust `let mut name` bound to a `vec!`, a `Vec`, a `collect` or a copy).
    /// Sorting a count or reversing a flag is never the described step.
    fn is_sequence(&self, value: &str, bare: bool) -> bool {
        if !bare {
            return value.starts_with('[') || value.starts_with("list(");
        }
        self.tokens.iter().any(|l| {
            let texts: Vec<&str> = l.iter().map(|t| t.text).collect();
            match texts.as_slice() {
                [name, "=", "[", ..] | [name, "=", "list", "(", ..] => *name == value,
                [name, ".", "append" | "extend" | "push", "(", ..] => *name == value,
                ["let", "mut", name, rest @ ..] => {
                    *name == value
                        && rest.iter().any(|t| {
                            matches!(
                                *t,
                                "vec" | "Vec" | "collect" | "clone" | "to_vec" | "String"
                            )
                        })
                }
                _ => false,
            }
        })
    }
}

/// The separator a description says numbers may carry ("the thousands separators are
/// optional", "digits grouped with underscores"), as a literal of `language`.
fn described_digit_separator(description: &str, language: Language) -> Option<&'static str> {
    let lower = description.to_lowercase();
    let (comma, underscore) = match language {
        Language::Python => ("\",\"", "\"_\""),
        Language::Rust => ("','", "'_'"),
    };
    if lower.contains("thousands separator") || lower.contains("thousands-separator") {
        Some(comma)
    } else if lower.contains("underscore") && lower.contains("digit") {
        Some(underscore)
    } else {
        None
    }
}

impl FunctionText<'_> {
    /// A separator the description says numbers may carry, never removed before the text is
    /// parsed (`int("1,234")` fails): each text parameter has it removed first in the body
    /// (`text = text.replace(",", "")`, Rust `let text = text.replace(',', "");`).
    pub(super) fn described_separator_removals(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let Some(separator) = described_digit_separator(description, language) else {
            return Vec::new();
        };
        let code = self.body_text();
        let parses = match language {
            Language::Python => code.contains("int(") || code.contains("float("),
            Language::Rust => code.contains(".parse"),
        };
        if !parses || code.contains(&format!("replace({separator}")) {
            return Vec::new();
        }
        let header = self.lines.first().copied().unwrap_or("");
        let Some((at, pad)) = self.code_start(language) else {
            return Vec::new();
        };
        let mut hunks = Vec::new();
        for p in self.parameter_names(language) {
            // Rust: a text parameter only (`p: &str`, `p: String`).
            let text = language == Language::Python
                || header.contains(&format!("{p}: &str"))
                || header.contains(&format!("{p}: String"));
            if !text {
                continue;
            }
            let line = match language {
                Language::Python => format!("{pad}{p} = {p}.replace({separator}, \"\")"),
                Language::Rust => format!("{pad}let {p} = {p}.replace({separator}, \"\");"),
            };
            hunks.extend(self.lines_inserted_before(
                file,
                at,
                vec![line],
                MutationOperator::DescribedCall,
                format!("the described separator {separator} removed from `{p}` first"),
            ));
        }
        hunks
    }
}

impl FunctionText<'_> {
    /// A piece the description says is padded ("if the last piece is too short it is padded
    /// on the right with the fill character") where the code never pads: right after the
    /// piece is cut (`piece = text[i:i + size]`), `piece = piece.ljust(size, fill)` (`rjust`
    /// for the left), the width a parameter the cut reads, the fill a parameter named for it
    /// or a space. Python only: Rust's format width takes no fill from a variable.
    pub(super) fn described_paddings(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let lower = description.to_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect();
        let pads = words
            .iter()
            .any(|w| matches!(*w, "pad" | "padded" | "padding" | "pads"));
        if language != Language::Python || !pads {
            return Vec::new();
        }
        let code = self.body_text();
        if ["ljust(", "rjust(", "zfill(", "center(", ":<", ":>", ":^"]
            .iter()
            .any(|p| code.contains(p))
        {
            return Vec::new();
        }
        let sides: Vec<&str> = match (words.contains(&"right"), words.contains(&"left")) {
            (true, false) => vec!["ljust"],
            (false, true) => vec!["rjust"],
            _ => vec!["ljust", "rjust"],
        };
        let parameters = self.parameter_names(language);
        let fill = parameters
            .iter()
            .find(|p| {
                matches!(
                    **p,
                    "fill" | "fillchar" | "pad" | "padding" | "filler" | "char"
                )
            })
            .map_or("\" \"".to_string(), |p| (*p).to_string());
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // `piece = text[a:b]`: a cut whose bounds read a parameter (its width).
            let [piece, "=", _, "[", bounds @ .., "]"] = texts.as_slice() else {
                continue;
            };
            if !bounds.contains(&":") {
                continue;
            }
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            let pad = &line[..indent(line)];
            for width in bounds.iter().filter(|b| parameters.contains(b)) {
                for side in &sides {
                    hunks.extend(self.lines_inserted_after(
                        file,
                        offset,
                        vec![format!("{pad}{piece} = {piece}.{side}({width}, {fill})")],
                        MutationOperator::DescribedCall,
                        format!("the described padding: `{piece}` padded to `{width}`"),
                    ));
                }
            }
        }
        hunks
    }
}
