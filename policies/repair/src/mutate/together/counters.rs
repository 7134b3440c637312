//! A count kept and never used: `open_count` goes up and down through the loop, and the
//! function returns `added` alone where the answer is `added + open_count` (the openings
//! never closed need closing too). The returned name gets the count as a second term, with
//! `+` and `-`. Only a returned plain name, and only counts changed by `+=`/`-=` that the
//! function's last return does not read.
//!
//! A length used where the count was meant: the average of the grades that count divides by
//! `grades.len()` where `count` (kept with `+= 1` as the grades are filtered) was meant. The
//! length is replaced by each such count, and by each measure of the sequence's items
//! (`len(lines)` → `width` where `width = max(len(line) for line in lines)`); a divisor, also
//! by each sum of one value per item (`values.len()` → `weight_sum` where `weight_sum += w`,
//! a weighted mean).

use super::super::{Language, MutationOperator, TokenKind};
use super::{FunctionText, HunkMutation};

impl FunctionText<'_> {
    /// See the module: `len(xs)` / `xs.len()` outside a loop header replaced by a count.
    pub(super) fn lengths_for_counts(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        // Names counted one by one.
        let counts: Vec<&str> = self
            .tokens
            .iter()
            .skip(1)
            .filter_map(|t| match t.as_slice() {
                [name, op, one, ..]
                    if name.kind == TokenKind::Ident && op.text == "+=" && one.text == "1" =>
                {
                    Some(name.text)
                }
                _ => None,
            })
            .collect();
        // Names measuring the items of a sequence (`width = max(len(l) for l in lines)`),
        // with the sequence they read: its own length is not the measure.
        let measures: Vec<(&str, Vec<&str>)> = self
            .tokens
            .iter()
            .skip(1)
            .filter_map(|t| {
                let texts: Vec<&str> = t.iter().map(|t| t.text).collect();
                let (name, value) = match texts.as_slice() {
                    ["let", "mut", name, "=", value @ ..]
                    | ["let", name, "=", value @ ..]
                    | [name, "=", value @ ..] => (*name, value),
                    _ => return None,
                };
                let measured = value.contains(&"len")
                    && value.iter().filter(|v| **v == "len").count() == 1
                    && value.len() > 4;
                let read: Vec<&str> = t
                    .iter()
                    .skip_while(|t| t.text != "=")
                    .filter(|t| t.kind == TokenKind::Ident && t.text != name)
                    .map(|t| t.text)
                    .collect();
                measured.then_some((name, read))
            })
            .collect();
        // Names summing one value per item (`weight_sum += w;`): a divisor where a weighted
        // mean divides by the length (probe38-rust-13).
        let sums: Vec<&str> = self
            .tokens
            .iter()
            .skip(1)
            .filter_map(|t| {
                let [name, op, rest @ ..] = t.as_slice() else {
                    return None;
                };
                let rest = match rest.split_last() {
                    Some((end, before)) if end.text == ";" => before,
                    _ => rest,
                };
                let value = match rest {
                    [value] => value,
                    [deref, value] if deref.text == "*" => value,
                    _ => return None,
                };
                (name.kind == TokenKind::Ident
                    && op.text == "+="
                    && value.kind == TokenKind::Ident
                    && value.text != name.text)
                    .then_some(name.text)
            })
            .collect();
        if counts.is_empty() && measures.is_empty() && sums.is_empty() {
            return Vec::new();
        }
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(line) = self.lines.get(offset) else {
                continue;
            };
            if tokens
                .first()
                .is_some_and(|t| matches!(t.text, "for" | "while"))
            {
                continue;
            }
            for (k, w) in tokens.windows(4).enumerate() {
                // (start, end) of the length expression.
                let span = match (language, [w[0].text, w[1].text, w[2].text, w[3].text]) {
                    (Language::Python, ["len", "(", _, ")"])
                        if w[2].kind == TokenKind::Ident
                            && (k == 0 || tokens[k - 1].text != ".") =>
                    {
                        (w[0].start, w[3].end)
                    }
                    (Language::Rust, [_, ".", "len", "("])
                        if w[0].kind == TokenKind::Ident
                            && tokens.get(k + 4).is_some_and(|t| t.text == ")") =>
                    {
                        (w[0].start, tokens[k + 4].end)
                    }
                    _ => continue,
                };
                let sequence = match language {
                    Language::Python => w[2].text,
                    Language::Rust => w[0].text,
                };
                let measuring = measures
                    .iter()
                    .filter(|(_, read)| read.contains(&sequence))
                    .map(|(name, _)| *name);
                let divisor = k > 0 && tokens[k - 1].text == "/";
                let summed = sums.iter().copied().filter(|_| divisor);
                for count in counts.iter().copied().chain(measuring).chain(summed) {
                    if tokens.iter().any(|t| t.text == count) {
                        continue;
                    }
                    let new_line = format!("{}{count}{}", &line[..span.0], &line[span.1..]);
                    hunks.extend(self.line_replaced(
                        file,
                        offset,
                        new_line,
                        MutationOperator::SwapIdentifier,
                        format!(
                            "`{}` → `{count}` (the items counted)",
                            &line[span.0..span.1]
                        ),
                    ));
                }
            }
        }
        hunks
    }

    /// See the module.
    pub(super) fn unreturned_counts(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        // Names changed by `+=`/`-=` (Rust: in statements ending in `;`).
        let mut counts: Vec<&str> = Vec::new();
        for tokens in self.tokens.iter().skip(1) {
            if let [name, op, ..] = tokens.as_slice()
                && name.kind == TokenKind::Ident
                && matches!(op.text, "+=" | "-=")
                && !counts.contains(&name.text)
            {
                counts.push(name.text);
            }
        }
        if counts.len() < 2 {
            return Vec::new();
        }
        // The last return of a plain name: `return x` (Rust: `return x;` or a tail `x`).
        let Some((offset, returned)) =
            self.tokens
                .iter()
                .enumerate()
                .skip(1)
                .rev()
                .find_map(|(k, tokens)| {
                    let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
                    let name = match (language, texts.as_slice()) {
                        (_, ["return", name])
                        | (Language::Rust, ["return", name, ";"] | [name]) => *name,
                        _ => return None,
                    };
                    let is_name = tokens
                        .iter()
                        .find(|t| t.text == name)
                        .is_some_and(|t| t.kind == TokenKind::Ident);
                    is_name.then_some((k, name))
                })
        else {
            return Vec::new();
        };
        if !counts.contains(&returned) {
            return Vec::new();
        }
        let Some(line) = self.lines.get(offset) else {
            return Vec::new();
        };
        let Some(at) = line.rfind(returned) else {
            return Vec::new();
        };
        let mut hunks = Vec::new();
        for count in counts.iter().filter(|c| **c != returned) {
            for op in ["+", "-"] {
                let new_line = format!(
                    "{}{returned} {op} {count}{}",
                    &line[..at],
                    &line[at + returned.len()..]
                );
                hunks.extend(self.line_replaced(
                    file,
                    offset,
                    new_line,
                    MutationOperator::UnreturnedCount,
                    format!("`{count}` is counted and never returned: `{returned} {op} {count}`"),
                ));
            }
        }
        hunks
    }
}
