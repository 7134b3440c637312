//! A work queue whose loop takes an item off the front and never puts one back: an item that
//! is not finished must go to the back again ("if it is not finished it goes to the back of
//! the queue", probe39-python-13, round-robin scheduling). The loop's last `if` (the finished
//! case) gets the `else` that requeues the item: Python `else: queue.append(i)`, Rust `} else
//! { queue.push_back(i); }`.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn requeued_items(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // The loop, its queue and the item taken (Python: `while q:` then `i =
            // q.popleft()`; Rust: `while let Some(i) = q.pop_front() {`).
            let body = self.block_body(head);
            let taken = match (language, texts.as_slice()) {
                (Language::Python, ["while", queue, ":"]) => body.iter().find_map(|&k| {
                    let t: Vec<&str> = self.tokens.get(k)?.iter().map(|x| x.text).collect();
                    match t.as_slice() {
                        [item, "=", q, ".", "popleft" | "pop", "(", ..] if q == queue => {
                            Some((*queue, *item))
                        }
                        _ => None,
                    }
                }),
                (
                    Language::Rust,
                    [
                        "while",
                        "let",
                        "Some",
                        "(",
                        item,
                        ")",
                        "=",
                        queue,
                        ".",
                        "pop_front",
                        "(",
                        ")",
                        "{",
                    ],
                ) => Some((*queue, *item)),
                _ => None,
            };
            let Some((queue, item)) = taken else {
                continue;
            };
            // The loop never puts anything back.
            let puts_back = body.iter().any(|&k| {
                self.tokens.get(k).is_some_and(|t| {
                    t.windows(3).any(|w| {
                        w[0].text == queue
                            && w[1].text == "."
                            && matches!(
                                w[2].text,
                                "append" | "extend" | "push_back" | "appendleft" | "push_front"
                            )
                    })
                })
            });
            let (Some(&first), false) = (body.first(), puts_back) else {
                continue;
            };
            let Some(first_line) = self.lines.get(first) else {
                continue;
            };
            let depth = indent(first_line);
            // The body's last `if` at the body's depth, with no else after it.
            let Some(&if_at) = body.iter().rev().find(|&&k| {
                self.lines.get(k).is_some_and(|l| indent(l) == depth)
                    && self
                        .tokens
                        .get(k)
                        .and_then(|t| t.first())
                        .is_some_and(|t| t.text == "if")
            }) else {
                continue;
            };
            let branch = self.block_body(if_at);
            let Some(&last) = branch.last() else {
                continue;
            };
            let after = self.lines.get(last + 1).map(|l| l.trim_start());
            let has_else = after.is_some_and(|l| l.starts_with("else") || l.starts_with("elif"));
            if has_else {
                continue;
            }
            let pad = &first_line[..depth];
            match language {
                Language::Python => {
                    hunks.extend(self.lines_inserted_after(
                        file,
                        last,
                        vec![
                            format!("{pad}else:"),
                            format!("{pad}    {queue}.append({item})"),
                        ],
                        MutationOperator::InsertStatement,
                        format!("an unfinished `{item}` goes to the back of `{queue}`"),
                    ));
                }
                Language::Rust => {
                    // The `}` that closes the `if` is the line after its body.
                    let close = last + 1;
                    if self.lines.get(close).map(|l| l.trim()) != Some("}") {
                        continue;
                    }
                    hunks.extend(self.line_replaced_by_lines(
                        file,
                        close,
                        vec![
                            format!("{pad}}} else {{"),
                            format!("{pad}    {queue}.push_back({item});"),
                            format!("{pad}}}"),
                        ],
                        MutationOperator::InsertStatement,
                        format!("an unfinished `{item}` goes to the back of `{queue}`"),
                    ));
                }
            }
        }
        hunks
    }
}
