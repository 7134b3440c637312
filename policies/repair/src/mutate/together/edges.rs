//! A gap measured between markers (`Some(prev) => best.max((i - prev) / 2)`) whose leading
//! edge the loop handles (`None => i`: the stretch before the first marker) and whose trailing
//! edge it never does: the stretch after the last marker is measured after the loop, `if let
//! Some(prev) = last { best = best.max(seats.len() - 1 - prev); }` (probe39-rust-19, the
//! farthest seat from anyone). Python's `if last is None: best = i` loop alike gets `if last is
//! not None: best = max(best, len(seats) - 1 - last)`.

use super::super::{Language, MutationOperator};
use super::{FunctionText, HunkMutation};

use super::super::indentation as indent;

impl FunctionText<'_> {
    /// See the module.
    pub(super) fn trailing_edges(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (head, tokens) in self.tokens.iter().enumerate().skip(1) {
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // `for (i, &x) in seq.iter().enumerate() {` / `for i, x in enumerate(seq):`.
            let (index, sequence) = match (language, texts.as_slice()) {
                (
                    Language::Rust,
                    [
                        "for",
                        "(",
                        i,
                        ",",
                        ..,
                        ")",
                        "in",
                        seq,
                        ".",
                        "iter",
                        "(",
                        ")",
                        ".",
                        "enumerate",
                        "(",
                        ")",
                        "{",
                    ],
                ) => (*i, *seq),
                (Language::Python, ["for", i, ",", _, "in", "enumerate", "(", seq, ")", ":"]) => {
                    (*i, *seq)
                }
                _ => continue,
            };
            let body = self.block_body(head);
            // The leading edge: the best becomes the index itself while no marker was seen.
            let mut found: Option<(&str, &str)> = None;
            for (n, &k) in body.iter().enumerate() {
                let Some(t) = self.tokens.get(k) else {
                    continue;
                };
                let t: Vec<&str> = t.iter().map(|x| x.text).collect();
                match (language, t.as_slice()) {
                    // `best = match last {` … `None => i,`
                    (Language::Rust, [best, "=", "match", last, "{"]) => {
                        let leading = body[n + 1..].iter().any(|&j| {
                            self.tokens.get(j).is_some_and(|l| {
                                let l: Vec<&str> = l.iter().map(|x| x.text).collect();
                                l.as_slice() == ["None", "=>", index, ","]
                            })
                        });
                        if leading {
                            found = Some((best, last));
                        }
                    }
                    // `if last is None:` then `best = i`.
                    (Language::Python, ["if", last, "is", "None", ":"]) => {
                        let next = body.get(n + 1).and_then(|&j| self.tokens.get(j));
                        if let Some(next) = next {
                            let next: Vec<&str> = next.iter().map(|x| x.text).collect();
                            if let [best, "=", i] = next.as_slice()
                                && *i == index
                            {
                                found = Some((best, last));
                            }
                        }
                    }
                    _ => {}
                }
            }
            let Some((best, last)) = found else {
                continue;
            };
            // The loop's end: the last line of its body (Rust: its closing `}` after it).
            let Some(&end) = body.last() else {
                continue;
            };
            let Some(head_line) = self.lines.get(head) else {
                continue;
            };
            let pad = &head_line[..indent(head_line)];
            let (after, lines) = match language {
                Language::Rust => {
                    if self.lines.get(end + 1).map(|l| l.trim()) != Some("}") {
                        continue;
                    }
                    (
                        end + 1,
                        vec![
                            format!("{pad}if let Some(prev) = {last} {{"),
                            format!("{pad}    {best} = {best}.max({sequence}.len() - 1 - prev);"),
                            format!("{pad}}}"),
                        ],
                    )
                }
                Language::Python => (
                    end,
                    vec![
                        format!("{pad}if {last} is not None:"),
                        format!("{pad}    {best} = max({best}, len({sequence}) - 1 - {last})"),
                    ],
                ),
            };
            hunks.extend(self.lines_inserted_after(
                file,
                after,
                lines,
                MutationOperator::InsertStatement,
                format!("the stretch after the last marker measured too (`{best}`)"),
            ));
        }
        hunks
    }
}
