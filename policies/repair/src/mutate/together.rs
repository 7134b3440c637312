//! Edits made everywhere they apply in one function at once ("hunks").
//!
//! Some hand-inserted bugs are one change repeated: both returned booleans flipped (`return
//! True … return False` for `return False … return True`), every answer word in the wrong case
//! (`"yes"`/`"no"` for `"Yes"`/`"No"`), a literal wrong at each of its uses (`" "` for `""`), a
//! bracket family swapped (`'('`/`')'` for `'['`/`']'`), or an ordering step missing (`v.sort()`
//! then `v.reverse()`). A one-line edit fixes half of such a bug and the tests still fail, so
//! these are enumerated as one edit of the lines from the first change to the last, with every
//! line between them kept byte for byte.

use tact_runtime::source::{ByteClass, FunctionSpan};

use super::{Language, MutationOperator, Token, TokenKind};

mod adjustments;
mod arms;
mod both;
mod calls;
mod char_classes;
mod clamps;
mod clauses;
mod clears;
mod closing;
mod constants;
mod counters;
mod dead_stores;
mod defaults;
mod digits;
mod divisors;
mod edges;
mod empty;
mod exits;
mod extremes;
mod first_separator;
mod flags;
mod guards;
mod injective;
mod iterate;
mod lengths;
mod mirrors;
mod operations;
mod order;
mod placements;
mod queues;
mod radix;
mod resets;
mod returns;
mod roots;
mod separator;
mod sets;
mod skips;
mod stacks;
mod stencils;
mod tails;
mod ties;
mod unwrap;
mod visited;
mod walls;
mod windows;
mod wraps;

/// A hunk longer than this is a rewrite, not a small fix.
const MAX_HUNK_LINES: usize = 24;

/// One edit of consecutive lines `line ..= line + old_lines.len() - 1` of `file`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HunkMutation {
    pub file: String,
    /// 1-based first line.
    pub line: u32,
    pub old_lines: Vec<String>,
    /// The replacement: as many lines as `old_lines` for an edit, one more for an insertion
    /// (the old line kept, the new one after it).
    pub new_lines: Vec<String>,
    pub operator: MutationOperator,
    pub description: String,
}

/// A loop of a [`FunctionText`]: its header line, its last line (a Rust loop's closing
/// brace) and its body's lines.
struct LoopSpan<'b> {
    head: usize,
    end: usize,
    body: &'b [usize],
}

/// One function's lines with their tokens.
struct FunctionText<'a> {
    /// 0-based index of the first line.
    first: usize,
    lines: Vec<&'a str>,
    tokens: Vec<Vec<Token<'a>>>,
}

/// A token of the function: (line offset in the function, token index in its line).
type Site = (usize, usize);

/// A source file as [`function_hunks`] reads it: its lines, their byte classes and tokens, and
/// the predicates it defines and never calls.
pub(super) struct FileText<'s, 'a> {
    pub(super) name: &'s str,
    pub(super) lines: &'s [&'a str],
    pub(super) classes: &'s [Vec<ByteClass>],
    pub(super) tokens: &'s [Vec<Token<'a>>],
    pub(super) uncalled: Vec<String>,
}

pub(super) use clauses::uncalled_predicates;

/// A `while` loop (not `while let`): the line index of its header, those of its body (the
/// lines after it indented deeper, blank ones included; for Rust the closing brace sits at the
/// header's indent), and the names its condition reads (no calls, fields or keywords).
pub(super) struct WhileLoop<'a> {
    pub(super) head: usize,
    pub(super) body: Vec<usize>,
    pub(super) names: Vec<&'a str>,
}

/// Every `while` loop of `lines` (tokenized as `tokens`), in order.
pub(super) fn while_loops<'a>(
    lines: &[&str],
    tokens: &[Vec<Token<'a>>],
    language: Language,
) -> Vec<WhileLoop<'a>> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut loops = Vec::new();
    for (head, head_tokens) in tokens.iter().enumerate() {
        if head_tokens.first().is_none_or(|t| t.text != "while")
            || head_tokens.get(1).is_some_and(|t| t.text == "let")
        {
            continue;
        }
        let Some(head_line) = lines.get(head) else {
            continue;
        };
        let body: Vec<usize> = (head + 1..lines.len())
            .take_while(|&k| {
                lines
                    .get(k)
                    .is_some_and(|l| l.trim().is_empty() || indent(l) > indent(head_line))
            })
            .collect();
        let condition: Vec<&Token<'a>> = head_tokens[1..]
            .iter()
            .take_while(|t| !(t.text == ":" || t.text == "{"))
            .collect();
        let mut names: Vec<&'a str> = Vec::new();
        for (k, token) in condition.iter().enumerate() {
            let called = condition.get(k + 1).is_some_and(|t| t.text == "(");
            let field = k > 0 && condition.get(k - 1).is_some_and(|t| t.text == ".");
            if token.kind == TokenKind::Ident
                && !called
                && !field
                && !super::is_keyword(token.text, language)
                && !names.contains(&token.text)
            {
                names.push(token.text);
            }
        }
        loops.push(WhileLoop { head, body, names });
    }
    loops
}

/// Does the statement `line` assign `name`: updated in place (`n -= 1`, `n = m`) or a target of
/// a destructuring assignment (`a, b = b, a % b`, `(a, b) = …`), i.e. named before its `=`
/// outside square brackets? An index on the left (`v[j] = v[j - 1]`) reads `j`, it does not
/// assign it.
pub(super) fn assigns(line: &[Token<'_>], name: &str) -> bool {
    line.windows(2)
        .any(|pair| pair[0].text == name && super::is_assignment(pair[1].text))
        || line.iter().position(|t| t.text == "=").is_some_and(|eq| {
            let mut indexing = 0usize;
            line[..eq].iter().any(|t| {
                match t.text {
                    "[" => indexing += 1,
                    "]" => indexing = indexing.saturating_sub(1),
                    _ => {}
                }
                indexing == 0 && t.text == name
            })
        })
}

/// Every hunk of the function `span` of `source`.
pub(super) fn function_hunks(
    source: &FileText<'_, '_>,
    span: &FunctionSpan,
    language: Language,
    insert_guards: bool,
) -> Vec<HunkMutation> {
    let file = source.name;
    let first = (span.start as usize).saturating_sub(1);
    let last = (span.end as usize).min(source.lines.len());
    if first >= last {
        return Vec::new();
    }
    let (Some(lines), Some(tokens)) = (
        source.lines.get(first..last),
        source.tokens.get(first..last),
    ) else {
        return Vec::new();
    };
    let function = FunctionText {
        first,
        lines: lines.to_vec(),
        tokens: tokens.to_vec(),
    };
    let mut hunks = Vec::new();
    let mut push = |edits: Vec<(Site, String)>, operator, description: String| {
        if let Some(hunk) = function.hunk(file, &edits, operator, description)
            && !hunks.contains(&hunk)
        {
            hunks.push(hunk);
        }
    };
    let (flip, description) = (flipped_boolean(language), "every returned boolean flipped");
    push(
        function
            .sites(|line, k| is_returned_boolean(line, k, language))
            .into_iter()
            .filter_map(|site| Some((site, flip(function.text(site))?.to_string())))
            .collect(),
        MutationOperator::BooleanConstantFlip,
        description.into(),
    );
    for (variable, sites) in function.boolean_assignments(language) {
        push(
            sites
                .into_iter()
                .filter_map(|site| Some((site, flip(function.text(site))?.to_string())))
                .collect(),
            MutationOperator::BooleanConstantFlip,
            format!("every boolean assigned to `{variable}` flipped"),
        );
    }
    for (name, transform) in LITERAL_TRANSFORMS {
        let edits = function
            .sites(|line, k| line[k].kind == TokenKind::Literal)
            .into_iter()
            .filter_map(|site| {
                let new = map_literal(function.text(site), *transform)?;
                Some((site, new))
            })
            .collect();
        push(edits, MutationOperator::LiteralEdit, (*name).into());
    }
    for (literal, sites) in function.repeated_literals() {
        for variant in super::expr::literal_variants(&literal[1..literal.len() - 1]) {
            let quote = &literal[..1];
            let new = format!("{quote}{variant}{quote}");
            push(
                sites.iter().map(|&site| (site, new.clone())).collect(),
                MutationOperator::LiteralEdit,
                format!("every `{literal}` → `{new}`"),
            );
        }
    }
    hunks.extend(function.ordering_insertions(file, language));
    hunks.extend(function.loop_variable_updates(file, language));
    hunks.extend(function.commented_out_code(file, language));
    hunks.extend(function.remainder_flushes(file, language));
    hunks.extend(function.merge_tails(file, language));
    hunks.extend(function.closing_statements(file, language));
    hunks.extend(function.dead_store_reads(file, language));
    hunks.extend(function.stack_cuts(file, language));
    hunks.extend(function.lost_adjustments(file, language));
    hunks.extend(function.unmarked_visits(file, language));
    hunks.extend(function.unset_flags(file, language));
    hunks.extend(function.unadvanced_iterates(file, language));
    hunks.extend(function.lookahead_skips(file, language));
    hunks.extend(function.loop_exits(file, language));
    hunks.extend(function.zero_digit_cases(file, language));
    hunks.extend(function.extreme_starts(file, language));
    hunks.extend(function.named_extreme_updates(file, language));
    hunks.extend(function.unwrapped_guards(file, language));
    hunks.extend(function.state_resets(file, language));
    hunks.extend(function.first_separator_guards(file, language));
    hunks.extend(function.separators_before_loops(file, language));
    hunks.extend(function.unreturned_counts(file, language));
    hunks.extend(function.lengths_for_counts(file, language));
    hunks.extend(function.sibling_resets(file, language));
    hunks.extend(function.mirrored_statements(file, language));
    hunks.extend(function.mirrored_guards(file, language));
    hunks.extend(function.parameter_normalizations(file, language));
    hunks.extend(function.recursive_argument_shifts(file, language));
    if language == Language::Python {
        hunks.extend(function.mirrored_else_branches(file));
    }
    hunks.extend(function.mirrored_case_branches(file, language));
    if insert_guards {
        hunks.extend(function.guard_insertions(file, language));
    }
    let description = function_description(source.lines, source.classes, first, last);
    hunks.extend(function.described_formulas(file, language, &description));
    hunks.extend(function.stated_orders(file, language, &description));
    hunks.extend(function.distinct_guard_returns(file, language, &description));
    hunks.extend(function.exchanged_targets(file, language));
    hunks.extend(function.missing_separators(file, language));
    hunks.extend(function.raised_roots(file, language));
    hunks.extend(function.described_clauses(file, language, &description, &source.uncalled));
    hunks.extend(function.described_extremes(file, language, &description));
    hunks.extend(function.described_type_minimums(file, language, &description));
    hunks.extend(function.first_candidate_starts(file, language));
    hunks.extend(function.length_starts(file, language));
    hunks.extend(function.odd_total_guards(file, language));
    hunks.extend(function.unit_remainders(file, language));
    hunks.extend(function.requeued_items(file, language));
    hunks.extend(function.stencil_rows(file, language));
    hunks.extend(function.trailing_edges(file, language));
    hunks.extend(function.pieces_in_widths(file, language));
    hunks.extend(function.crossed_placements(file, language));
    hunks.extend(function.sliding_window_exits(file, language));
    hunks.extend(function.both_operand_tests(file, language));
    hunks.extend(function.stated_operations(file, language, &description));
    hunks.extend(function.described_divisor_exceptions(file, language, &description));
    hunks.extend(function.equal_case_guards(file, language, &description));
    hunks.extend(function.described_clears(file, language, &description));
    hunks.extend(function.described_char_classes(file, language, &description));
    hunks.extend(function.described_ceiling_divisions(file, language, &description));
    hunks.extend(function.described_calls(file, language, &description));
    hunks.extend(function.described_separator_removals(file, language, &description));
    hunks.extend(function.described_paddings(file, language, &description));
    hunks.extend(function.described_empty_cases(file, language, &description));
    hunks.extend(function.described_zero_divisors(file, language, &description));
    hunks.extend(function.described_absent_pieces(file, language, &description));
    hunks.extend(function.described_unchanged_cases(file, language, &description));
    hunks.extend(function.described_wraps(file, language, &description));
    hunks.extend(function.described_cycle_resets(file, language, &description));
    hunks.extend(function.rounding_carries(file, language, &description));
    hunks.extend(function.described_lengths(file, language, &description));
    hunks.extend(function.described_group_sizes(file, language, &description));
    hunks.extend(function.described_part_counts(file, language, &description));
    hunks.extend(function.described_ties(file, language, &description));
    hunks.extend(function.tuple_tie_breaks(file, language));
    hunks.extend(function.unread_index_clauses(file, language));
    hunks.extend(function.stated_divisor_clauses(file, language, &description));
    hunks.extend(function.described_one_to_one(file, language, &description));
    hunks.extend(function.described_skips(file, language, &description));
    hunks.extend(function.described_skipped_values(file, language, &description));
    hunks.extend(function.described_end_skips(file, language, &description));
    hunks.extend(function.described_default_branches(file, language, &description));
    hunks.extend(function.described_clamps(file, language, &description));
    hunks.extend(function.described_bound_skips(file, language, &description));
    hunks.extend(function.described_weekday_counts(file, language, &description));
    hunks.extend(function.described_constants(file, language, &description));
    hunks.extend(function.described_walls(file, language, &description));
    hunks.extend(function.described_sets(file, language, &description));
    hunks
}

/// `statement` under `if condition` at indent `pad`, as whole lines: Python `if c:` and the
/// statement one step in; Rust `if c {`, the statement with its `;`, and `}`.
fn guarded(language: Language, pad: &str, condition: &str, statement: &str) -> Vec<String> {
    match language {
        Language::Python => vec![
            format!("{pad}if {condition}:"),
            format!("{pad}    {statement}"),
        ],
        Language::Rust => vec![
            format!("{pad}if {condition} {{"),
            format!("{pad}    {statement};"),
            format!("{pad}}}"),
        ],
    }
}

/// A description's sentences: cut at `.` and `;` only, because a comment wraps one sentence
/// over several lines (hefix-rust-158's tie rule).
fn sentences(description: &str) -> impl Iterator<Item = &str> {
    description.split(['.', ';'])
}

/// The quoted literals (their text, without the quotes, up to 8 bytes) of the description's
/// prose sentences that use one of `words`, in order, each once: what a default (`"?"`) or a
/// wall (`'#'`) is.
fn quoted_in_sentences_with(description: &str, words: &[&str]) -> Vec<String> {
    let prose = description.split(">>>").next().unwrap_or("");
    let mut found: Vec<String> = Vec::new();
    for sentence in sentences(prose) {
        let lower = sentence.to_lowercase();
        // A word, or a phrase of several (`left out`) found as written.
        let uses = lower
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| words.contains(&w))
            || words.iter().any(|w| w.contains(' ') && lower.contains(w));
        if !uses {
            continue;
        }
        for quote in ['"', '\''] {
            let parts: Vec<&str> = sentence.split(quote).collect();
            // The odd-numbered parts lie between a pair of quotes.
            for inner in parts.iter().skip(1).step_by(2).take(parts.len() / 2) {
                let inner = inner.to_string();
                if !inner.is_empty() && inner.len() <= 8 && !found.contains(&inner) {
                    found.push(inner);
                }
            }
        }
    }
    found
}

/// `line` with each token that `partner` names a partner for replaced by it (the rest kept
/// byte for byte): a twin line with two names exchanged.
fn renamed<'t>(
    line: &str,
    tokens: impl IntoIterator<Item = &'t Token<'t>>,
    partner: impl Fn(&Token<'_>) -> Option<&'t str>,
) -> String {
    let mut out = String::new();
    let mut at = 0;
    for t in tokens {
        if let Some(name) = partner(t)
            && let Some(before) = line.get(at..t.start)
        {
            out.push_str(before);
            out.push_str(name);
            at = t.end;
        }
    }
    out.push_str(line.get(at..).unwrap_or_default());
    out
}

/// The formulas a description states (`the value of a[i] = i * i - i + 1.`): the text after
/// an `=` up to the end of its sentence, when it is arithmetic over names and numbers only.
fn stated_formulas(description: &str) -> Vec<String> {
    let mut formulas = Vec::new();
    for (at, _) in description.match_indices('=') {
        let before = description[..at].chars().next_back();
        let after = description[at + 1..].chars().next();
        // `==`, `<=`, `>=`, `!=` compare; only a lone `=` states a value.
        if matches!(before, Some('=' | '<' | '>' | '!')) || after == Some('=') {
            continue;
        }
        let rest = &description[at + 1..];
        let end = rest
            .char_indices()
            .find(|&(k, c)| {
                c == '\n'
                    || c == ','
                    || (c == '.'
                        && !rest[k + 1..]
                            .chars()
                            .next()
                            .is_some_and(|n| n.is_ascii_digit()))
            })
            .map_or(rest.len(), |(k, _)| k);
        let formula = rest[..end].trim();
        let arithmetic = formula
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || " +-*/%()".contains(c));
        let has_operator = formula.chars().any(|c| "+-*/%".contains(c));
        if arithmetic && has_operator && !formulas.iter().any(|f| f == formula) {
            formulas.push(formula.to_string());
        }
    }
    formulas
}

/// The first token from `from` on that `is` accepts, outside any bracket opened after `from`
/// (an opening bracket is offered to `is` before it counts): the `:` ending a Python header,
/// the `{` opening a Rust block.
fn first_at_depth_zero(
    tokens: &[Token<'_>],
    from: usize,
    is: impl Fn(&Token<'_>) -> bool,
) -> Option<usize> {
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(from) {
        if depth == 0 && is(t) {
            return Some(k);
        }
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// What a function says it does: its comments and string literals (a Python docstring), and
/// the comment lines right above it (a Rust doc or block comment).
fn function_description(
    source_lines: &[&str],
    classes: &[Vec<ByteClass>],
    first: usize,
    last: usize,
) -> String {
    let prose = |k: usize, keep_text: bool| -> String {
        let (Some(line), Some(class)) = (source_lines.get(k), classes.get(k)) else {
            return String::new();
        };
        line.char_indices()
            .filter(|(i, _)| {
                matches!(class.get(*i), Some(ByteClass::Comment))
                    || keep_text && matches!(class.get(*i), Some(ByteClass::Text))
            })
            .map(|(_, c)| c)
            .collect()
    };
    // Upwards from the header while lines are comments or blank, then read top down, so a
    // sentence wrapped over two comment lines stays one sentence.
    let mut above_lines = Vec::new();
    let mut k = first;
    while let Some(above) = k.checked_sub(1) {
        let line = source_lines.get(above).copied().unwrap_or("");
        let comment = prose(above, false);
        if !line.trim().is_empty() && comment.trim().len() < line.trim().len() {
            break;
        }
        above_lines.push(comment);
        k = above;
    }
    let mut text = String::new();
    for comment in above_lines.iter().rev() {
        text.push_str(comment);
        text.push('\n');
    }
    for k in first..last {
        text.push_str(&prose(k, true));
        text.push('\n');
    }
    text
}

fn flipped_boolean(language: Language) -> fn(&str) -> Option<&'static str> {
    match language {
        Language::Python => |t| match t {
            "True" => Some("False"),
            "False" => Some("True"),
            _ => None,
        },
        Language::Rust => |t| match t {
            "true" => Some("false"),
            "false" => Some("true"),
            _ => None,
        },
    }
}

/// A boolean literal that is a function's answer: after `return`, after a match arm's `=>`,
/// or alone on its line (a Rust tail expression).
fn is_returned_boolean(line: &[Token<'_>], k: usize, language: Language) -> bool {
    if flipped_boolean(language)(line[k].text).is_none() || line[k].kind != TokenKind::Ident {
        return false;
    }
    let before = k.checked_sub(1).map(|p| line[p].text);
    matches!(before, Some("return") | Some("=>")) || (language == Language::Rust && line.len() == 1)
}

/// Literal transforms applied to every literal they change: (description, transform of the
/// literal's inner text; None leaves it alone).
type LiteralTransform = fn(&str) -> Option<String>;
const LITERAL_TRANSFORMS: &[(&str, LiteralTransform)] = &[
    ("every answer word capitalized", |inner| {
        let mut chars = inner.chars();
        let c = chars.next()?;
        (is_word(inner) && c.is_ascii_lowercase())
            .then(|| format!("{}{}", c.to_ascii_uppercase(), chars.as_str()))
    }),
    ("every answer word in lower case", |inner| {
        let mut chars = inner.chars();
        let c = chars.next()?;
        (is_word(inner) && c.is_ascii_uppercase())
            .then(|| format!("{}{}", c.to_ascii_lowercase(), chars.as_str()))
    }),
    ("every one-letter literal's case swapped", |inner| {
        let mut chars = inner.chars();
        let c = chars.next().filter(|c| c.is_ascii_alphabetic())?;
        if chars.next().is_some() {
            return None;
        }
        Some(if c.is_ascii_lowercase() {
            c.to_ascii_uppercase().to_string()
        } else {
            c.to_ascii_lowercase().to_string()
        })
    }),
    (
        "every letter set given its capitals",
        super::expr::letter_set_with_capitals,
    ),
    (
        "every round bracket literal made square",
        |inner| match inner {
            "(" => Some("[".into()),
            ")" => Some("]".into()),
            _ => None,
        },
    ),
    (
        "every square bracket literal made round",
        |inner| match inner {
            "[" => Some("(".into()),
            "]" => Some(")".into()),
            _ => None,
        },
    ),
];

/// A word of two or more ASCII letters: an answer such as `yes`, not a sentence or a code.
fn is_word(inner: &str) -> bool {
    inner.len() >= 2 && inner.chars().all(|c| c.is_ascii_alphabetic())
}

/// `literal` (quotes included) with `transform` applied to its inner text.
fn map_literal(literal: &str, transform: LiteralTransform) -> Option<String> {
    let quote = literal.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
    if literal.len() < 2 || !literal.ends_with(quote) {
        return None;
    }
    let inner = transform(&literal[1..literal.len() - 1])?;
    Some(format!("{quote}{inner}{quote}"))
}

impl<'a> FunctionText<'a> {
    /// The end (exclusive) of the block a header at `head`, indented `depth`, opens: the first
    /// later non-blank line indented no deeper (the function's end if none).
    fn block_end(&self, head: usize, depth: usize) -> usize {
        (head + 1..self.lines.len())
            .find(|&k| {
                self.lines
                    .get(k)
                    .is_some_and(|l| !l.trim().is_empty() && super::indentation(l) <= depth)
            })
            .unwrap_or(self.lines.len())
    }

    /// Line `offset` of the function replaced by `new_line`, as a one-line hunk.
    fn line_replaced(
        &self,
        file: &str,
        offset: usize,
        new_line: String,
        operator: MutationOperator,
        description: String,
    ) -> Option<HunkMutation> {
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + offset + 1).ok()?,
            old_lines: vec![(*self.lines.get(offset)?).to_string()],
            new_lines: vec![new_line],
            operator,
            description,
        })
    }

    /// Line `offset` replaced by `new_lines` (whole lines).
    fn line_replaced_by_lines(
        &self,
        file: &str,
        offset: usize,
        new_lines: Vec<String>,
        operator: MutationOperator,
        description: String,
    ) -> Option<HunkMutation> {
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + offset + 1).ok()?,
            old_lines: vec![(*self.lines.get(offset)?).to_string()],
            new_lines,
            operator,
            description,
        })
    }

    /// Line `offset` kept and `inserted` (whole lines) put after it.
    fn lines_inserted_after(
        &self,
        file: &str,
        offset: usize,
        inserted: Vec<String>,
        operator: MutationOperator,
        description: String,
    ) -> Option<HunkMutation> {
        let kept = (*self.lines.get(offset)?).to_string();
        let mut new_lines = vec![kept.clone()];
        new_lines.extend(inserted);
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + offset + 1).ok()?,
            old_lines: vec![kept],
            new_lines,
            operator,
            description,
        })
    }

    /// The first line of the body's code (after the header and, in Python, the docstring)
    /// and its indent: where a statement that goes first is inserted.
    fn code_start(&self, language: Language) -> Option<(usize, &str)> {
        let at = match language {
            Language::Python => self.after_docstring(),
            Language::Rust => 1,
        };
        let first = self.lines.get(at)?;
        Some((at, &first[..super::indentation(first)]))
    }

    /// The body's lines (the header left out) as one text, for a quick look at what the code
    /// already does.
    fn body_text(&self) -> String {
        self.lines.get(1..).unwrap_or_default().join("\n")
    }

    /// Whether the body measures `name` (`name.len()`, `len(name)`).
    fn measures(&self, name: &str) -> bool {
        self.tokens.iter().skip(1).any(|l| {
            l.windows(3).any(|w| {
                (w[0].text == name && w[1].text == "." && w[2].text == "len")
                    || (w[0].text == "len" && w[1].text == "(" && w[2].text == name)
            })
        })
    }

    /// The first line after the header and its Python docstring (blank lines between
    /// skipped): where the body's code starts.
    fn after_docstring(&self) -> usize {
        let mut at = 1;
        let mut in_docstring = false;
        while let Some(line) = self.lines.get(at) {
            let t = line.trim();
            let quote = t.starts_with("\"\"\"") || t.starts_with("'''");
            if in_docstring {
                in_docstring = !(t.ends_with("\"\"\"") || t.ends_with("'''"));
            } else if quote {
                in_docstring = !(t.len() >= 6 && (t.ends_with("\"\"\"") || t.ends_with("'''")));
            } else if !t.is_empty() {
                break;
            }
            at += 1;
        }
        at
    }

    /// `inserted` (whole lines) put before line `offset`, which is kept.
    fn lines_inserted_before(
        &self,
        file: &str,
        offset: usize,
        mut inserted: Vec<String>,
        operator: MutationOperator,
        description: String,
    ) -> Option<HunkMutation> {
        let kept = (*self.lines.get(offset)?).to_string();
        inserted.push(kept.clone());
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + offset + 1).ok()?,
            old_lines: vec![kept],
            new_lines: inserted,
            operator,
            description,
        })
    }

    fn text(&self, (line, k): Site) -> &'a str {
        self.tokens
            .get(line)
            .and_then(|t| t.get(k))
            .map_or("", |t| t.text)
    }

    fn sites(&self, mut keep: impl FnMut(&[Token<'a>], usize) -> bool) -> Vec<Site> {
        let mut sites = Vec::new();
        for (line, tokens) in self.tokens.iter().enumerate() {
            for k in 0..tokens.len() {
                if keep(tokens, k) {
                    sites.push((line, k));
                }
            }
        }
        sites
    }

    /// Boolean literals assigned to one variable (`x = True`, `let mut x = false`,
    /// `let x: bool = true`), per variable, in order of first assignment.
    fn boolean_assignments(&self, language: Language) -> Vec<(String, Vec<Site>)> {
        let flip = flipped_boolean(language);
        let mut groups: Vec<(String, Vec<Site>)> = Vec::new();
        for site in
            self.sites(|line, k| flip(line[k].text).is_some() && k >= 2 && line[k - 1].text == "=")
        {
            let tokens = &self.tokens[site.0];
            let mut name = tokens[site.1 - 2];
            // `x: bool = …`
            if name.text == "bool" && site.1 >= 4 && tokens[site.1 - 3].text == ":" {
                name = tokens[site.1 - 4];
            }
            if name.kind != TokenKind::Ident {
                continue;
            }
            match groups.iter_mut().find(|(n, _)| n == name.text) {
                Some((_, sites)) => sites.push(site),
                None => groups.push((name.text.to_string(), vec![site])),
            }
        }
        groups
    }

    /// String literals used more than once in the function, with their sites.
    fn repeated_literals(&self) -> Vec<(String, Vec<Site>)> {
        let mut groups: Vec<(String, Vec<Site>)> = Vec::new();
        for site in self.sites(|line, k| line[k].kind == TokenKind::Literal) {
            let text = self.text(site);
            let quoted = text.len() >= 2
                && text.starts_with(['\'', '"'])
                && text.ends_with(&text[..1])
                && text.is_char_boundary(1);
            if !quoted {
                continue;
            }
            match groups.iter_mut().find(|(t, _)| t == text) {
                Some((_, sites)) => sites.push(site),
                None => groups.push((text.to_string(), vec![site])),
            }
        }
        groups.retain(|(_, sites)| sites.len() >= 2);
        groups
    }

    /// The hunk that makes `edits` (token replacements), or None when fewer than two tokens
    /// change (a one-line operator already makes that edit) or the hunk is too long.
    /// A statement of the function commented out (`# count += 1`, `// total += x;`): the line
    /// with its comment marker taken away, one candidate per such line. A comment is read as
    /// code only when it reads like a statement — a keyword that starts one, or a name
    /// followed by an assignment, a call or a field, with balanced brackets (and, in Rust, the
    /// `;`, `{` or `}` a statement ends with) — so prose and doc comments are left alone.
    fn commented_out_code(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let marker = match language {
            Language::Python => "#",
            _ => "//",
        };
        let mut out = Vec::new();
        for (k, line) in self.lines.iter().enumerate() {
            let body = line.trim_start();
            let Some(rest) = body.strip_prefix(marker) else {
                continue;
            };
            // Doc comments (`///`, `//!`) and directives (`#!`, `# type:`) are not code.
            if rest.starts_with(['/', '!']) {
                continue;
            }
            let code = rest.strip_prefix(' ').unwrap_or(rest).trim_end();
            if !reads_as_a_statement(code, language) {
                continue;
            }
            let indent = &line[..line.len() - body.len()];
            let Ok(number) = u32::try_from(self.first + k + 1) else {
                continue;
            };
            out.push(HunkMutation {
                file: file.to_string(),
                line: number,
                old_lines: vec![(*line).to_string()],
                new_lines: vec![format!("{indent}{code}")],
                operator: MutationOperator::Uncomment,
                description: format!("`{code}` uncommented"),
            });
        }
        out
    }

    /// A statement missing its twin. Code that treats two things alike (`a` and `b`, `i` and
    /// `j`, `left` and `right`) shows it in pairs of lines that differ only in those names
    /// (`out.append(a[i])` / `out.append(b[j])`, `i += 1` / `j += 1`); a statement that names
    /// one side only and has no twin (`out.extend(a[i:])` without `out.extend(b[j:])`) gets
    /// its twin inserted after it. Lines naming both sides of a pair, block headers and exits
    /// have none.
    fn mirrored_statements(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let idents = |k: usize| -> Vec<&str> {
            self.tokens
                .get(k)
                .map(|line| line.iter().map(|t| t.text).collect())
                .unwrap_or_default()
        };
        // Twins: names in the same place of two lines alike but for them.
        let mut twins: Vec<(&str, &str)> = Vec::new();
        for p in 0..self.tokens.len() {
            for q in p + 1..self.tokens.len() {
                let (Some(a), Some(b)) = (self.tokens.get(p), self.tokens.get(q)) else {
                    continue;
                };
                // Short lines alike (`a = 0` / `b = 0`, `i += 1` / `j += 1`) are how any two
                // counters start and step, no sign that the code treats them as a pair.
                if a.len() != b.len() || a.len() < 4 {
                    continue;
                }
                let mut pairs: Vec<(&str, &str)> = Vec::new();
                let mut alike = true;
                for (x, y) in a.iter().zip(b.iter()) {
                    if x.text == y.text {
                        continue;
                    }
                    let names = x.kind == TokenKind::Ident
                        && y.kind == TokenKind::Ident
                        && !super::is_keyword(x.text, language)
                        && !super::is_keyword(y.text, language);
                    if !names || pairs.iter().any(|(u, v)| (*u == x.text) != (*v == y.text)) {
                        alike = false;
                        break;
                    }
                    if !pairs.contains(&(x.text, y.text)) {
                        pairs.push((x.text, y.text));
                    }
                }
                if alike && (1..=2).contains(&pairs.len()) {
                    for pair in pairs {
                        if !twins.contains(&pair) && !twins.contains(&(pair.1, pair.0)) {
                            twins.push(pair);
                        }
                    }
                }
            }
        }
        // Parameters that come in pairs (`a`/`b`, `left`/`right`) are twins too: `zip(a, b)`
        // names both on one line and so pairs them nowhere else.
        let parameters: Vec<&str> = self
            .tokens
            .first()
            .map(|header| {
                header
                    .iter()
                    .filter(|t| t.kind == TokenKind::Ident && !super::is_keyword(t.text, language))
                    .map(|t| t.text)
                    .collect()
            })
            .unwrap_or_default();
        for (i, a) in parameters.iter().enumerate() {
            for b in &parameters[i + 1..] {
                if super::partner_names(a, b)
                    && !twins
                        .iter()
                        .any(|&(u, v)| u == *a || v == *a || u == *b || v == *b)
                {
                    twins.push((a, b));
                }
            }
        }
        // A name with more than one twin is ambiguous: left out.
        let twin_of = |name: &str| -> Option<&str> {
            let found: Vec<&str> = twins
                .iter()
                .filter_map(|(u, v)| {
                    if *u == name {
                        Some(*v)
                    } else if *v == name {
                        Some(*u)
                    } else {
                        None
                    }
                })
                .collect();
            (found.len() == 1).then(|| found[0])
        };
        let statements: Vec<String> = self.lines.iter().map(|l| l.trim().to_string()).collect();
        let mut hunks = Vec::new();
        for (k, line) in self.lines.iter().enumerate() {
            let Some(tokens) = self.tokens.get(k) else {
                continue;
            };
            let trimmed = line.trim_end();
            let header = trimmed.ends_with(':') || trimmed.ends_with('{') || trimmed.ends_with('}');
            let exits = tokens.first().is_some_and(|t| {
                matches!(
                    t.text,
                    "return"
                        | "break"
                        | "continue"
                        | "raise"
                        | "yield"
                        | "def"
                        | "fn"
                        | "let"
                        | "else"
                        | "elif"
                )
            });
            if header || exits || tokens.is_empty() {
                continue;
            }
            let names = idents(k);
            let sided: Vec<&Token<'_>> = tokens
                .iter()
                .filter(|t| t.kind == TokenKind::Ident && twin_of(t.text).is_some())
                .collect();
            let both_sides = sided
                .iter()
                .any(|t| twin_of(t.text).is_some_and(|twin| names.contains(&twin)));
            if sided.is_empty() || both_sides {
                continue;
            }
            let mirrored = renamed(line, sided.iter().copied(), |t| twin_of(t.text));
            if statements.iter().any(|s| *s == mirrored.trim()) {
                continue;
            }
            let Ok(number) = u32::try_from(self.first + k + 1) else {
                continue;
            };
            hunks.push(HunkMutation {
                file: file.to_string(),
                line: number,
                old_lines: vec![(*line).to_string()],
                new_lines: vec![(*line).to_string(), mirrored.clone()],
                operator: MutationOperator::MirrorStatement,
                description: format!(
                    "`{}` inserted (the twin of the line above)",
                    mirrored.trim()
                ),
            });
        }
        hunks
    }

    /// A parameter used before it is brought into range: a shift or index that may exceed
    /// the sequence it cuts (`lst[-k:]`, `v.len() - k`) taken modulo its length first (`k %=
    /// len(lst)`), a number whose digits are read (`str(n)`, `n % 10`) made non-negative first
    /// (`n = abs(n)`). Inserted right before the first line that uses the parameter, at its
    /// indent, so a guard above (`if not lst: return []`) still runs first.
    /// The names of the parameters in the header (the function's first line): identifiers at
    /// depth one of its first bracket followed by `,`, `)`, `:` or `=` (Python) or by `:`
    /// (Rust, where a type may end the list); never `self`.
    fn parameter_names(&self, language: Language) -> Vec<&str> {
        let Some(header) = self.tokens.first() else {
            return Vec::new();
        };
        let Some(open) = header.iter().position(|t| t.text == "(") else {
            return Vec::new();
        };
        let mut names: Vec<&str> = Vec::new();
        let mut depth = 0i32;
        for (k, t) in header.iter().enumerate().skip(open) {
            match t.kind {
                TokenKind::Open => depth += 1,
                TokenKind::Close => depth -= 1,
                _ => {}
            }
            if depth == 0 {
                break;
            }
            let next = header.get(k + 1).map(|n| n.text);
            let ends_name = match language {
                Language::Python => matches!(next, Some("," | ")" | ":" | "=")),
                Language::Rust => next == Some(":"),
            };
            let named = depth == 1
                && t.kind == TokenKind::Ident
                && !matches!(t.text, "self" | "mut")
                && ends_name;
            if named && !names.contains(&t.text) {
                names.push(t.text);
            }
        }
        names
    }

    fn parameter_normalizations(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let Some(header) = self.tokens.first() else {
            return Vec::new();
        };
        if !header.iter().any(|t| matches!(t.text, "def" | "fn")) {
            return Vec::new();
        }
        let parameters = self.parameter_names(language);
        let body: Vec<(usize, &Vec<Token<'_>>)> = self.tokens.iter().enumerate().skip(1).collect();
        let uses = |line: &[Token<'_>], name: &str| line.iter().any(|t| t.text == name);
        let mut hunks = Vec::new();
        for &p in &parameters {
            let Some(&(first_use, _)) = body.iter().find(|(_, line)| uses(line, p)) else {
                continue;
            };
            let normalized = body.iter().any(|(_, line)| {
                line.windows(2).any(|w| {
                    (w[0].text == p && matches!(w[1].text, "%=" | "%"))
                        || (w[0].text == "abs" && w[1].text == "(")
                        || (w[0].text == "." && w[1].text == "abs")
                })
            });
            if normalized {
                continue;
            }
            let mut statements: Vec<(String, String)> = Vec::new();
            // A sequence parameter this one shifts or cuts: `q[… p …]` or `q.len() - p`.
            for &q in parameters.iter().filter(|q| **q != p) {
                let cuts = body.iter().any(|(_, line)| {
                    line.iter().enumerate().any(|(k, t)| {
                        t.text == q
                            && line.get(k + 1).is_some_and(|b| b.text == "[")
                            && line[k + 1..]
                                .iter()
                                .take_while(|x| x.text != "]")
                                .any(|x| x.text == p)
                    }) || line.windows(6).any(|w| {
                        w[0].text == q && w[1].text == "." && w[2].text == "len" && w[5].text == "-"
                    }) && uses(line, p)
                });
                if cuts {
                    statements.push(match language {
                        Language::Python => (
                            format!("{p} %= len({q})"),
                            format!("`{p}` taken modulo `len({q})`"),
                        ),
                        Language::Rust => (
                            format!("let {p} = {p} % {q}.len();"),
                            format!("`{p}` taken modulo `{q}.len()`"),
                        ),
                    });
                }
            }
            // Digits read: `str(p)`, `p % 10`, `p // 10`, `p /= 10`.
            let reads_digits = body.iter().any(|(_, line)| {
                uses(line, p)
                    && line.windows(3).any(|w| {
                        (w[0].text == "str" && w[1].text == "(" && w[2].text == p)
                            || (matches!(w[1].text, "%" | "//" | "/" | "%=" | "//=" | "/=")
                                && w[2].text == "10"
                                && (w[0].text == p || w[0].text == ")"))
                    })
            });
            if reads_digits {
                statements.push(match language {
                    Language::Python => (
                        format!("{p} = abs({p})"),
                        format!("`{p}` made non-negative"),
                    ),
                    Language::Rust => (
                        format!("let {p} = {p}.abs();"),
                        format!("`{p}` made non-negative"),
                    ),
                });
            }
            let Some(anchor) = self.lines.get(first_use) else {
                continue;
            };
            let pad = &anchor[..anchor.len() - anchor.trim_start().len()];
            let Ok(number) = u32::try_from(self.first + first_use + 1) else {
                continue;
            };
            for (statement, what) in statements {
                hunks.push(HunkMutation {
                    file: file.to_string(),
                    line: number,
                    old_lines: vec![(*anchor).to_string()],
                    new_lines: vec![format!("{pad}{statement}"), (*anchor).to_string()],
                    operator: MutationOperator::NormalizeParameter,
                    description: format!("`{statement}` inserted ({what} before its first use)"),
                });
            }
        }
        hunks
    }

    /// A recursion on a part that keeps the whole's position: a parameter passed on unchanged
    /// to the function's own call (`kth(above, k)`) where the part starts after a counted
    /// prefix, so the position must drop by it (`kth(above, k - num_lessoreq)`). For each
    /// local counted with `len(…)`/`.len()` before the call: `p - count` and `p + count`.
    fn recursive_argument_shifts(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let Some(header) = self.tokens.first() else {
            return Vec::new();
        };
        let Some(name) = header
            .windows(2)
            .find(|w| matches!(w[0].text, "def" | "fn"))
            .map(|w| w[1].text)
        else {
            return Vec::new();
        };
        let parameters = self.parameter_names(language);
        let mut counts: Vec<&str> = Vec::new();
        let mut hunks = Vec::new();
        for (k, tokens) in self.tokens.iter().enumerate().skip(1) {
            let Some(text) = self.lines.get(k) else {
                continue;
            };
            // A count: `n = len(xs) …` / `let n = xs.len() …`.
            let target = match language {
                Language::Python => tokens
                    .first()
                    .filter(|_| tokens.get(1).is_some_and(|t| t.text == "=")),
                Language::Rust => tokens.get(1).filter(|_| {
                    tokens.first().is_some_and(|t| t.text == "let")
                        && tokens.get(2).is_some_and(|t| t.text == "=")
                }),
            };
            if let Some(target) = target.filter(|t| t.kind == TokenKind::Ident)
                && tokens.iter().any(|t| t.text == "len")
                && !parameters.contains(&target.text)
                && !counts.contains(&target.text)
            {
                counts.push(target.text);
                continue;
            }
            for (at, t) in tokens.iter().enumerate() {
                if t.text != name || tokens.get(at + 1).is_none_or(|n| n.text != "(") {
                    continue;
                }
                // The call's arguments at depth one: single parameters passed on unchanged.
                let mut depth = 0i32;
                for (j, arg) in tokens.iter().enumerate().skip(at + 1) {
                    match arg.kind {
                        TokenKind::Open => depth += 1,
                        TokenKind::Close => depth -= 1,
                        _ => {}
                    }
                    if depth == 0 {
                        break;
                    }
                    let alone = depth == 1
                        && arg.kind == TokenKind::Ident
                        && parameters.contains(&arg.text)
                        && tokens
                            .get(j - 1)
                            .is_some_and(|b| matches!(b.text, "(" | ","))
                        && tokens
                            .get(j + 1)
                            .is_some_and(|a| matches!(a.text, ")" | ","));
                    if !alone {
                        continue;
                    }
                    for count in &counts {
                        for sign in ["-", "+"] {
                            let shifted = format!("{} {sign} {count}", arg.text);
                            let new =
                                format!("{}{shifted}{}", &text[..arg.start], &text[arg.end..]);
                            hunks.extend(self.line_replaced(
                                file,
                                k,
                                new,
                                MutationOperator::ShiftRecursiveArgument,
                                format!(
                                    "`{}` → `{shifted}` in the call of `{name}` to itself",
                                    arg.text
                                ),
                            ));
                        }
                    }
                }
            }
        }
        hunks
    }

    /// The last piece a loop collects, never collected: a loop appends to a list declared
    /// before it (`lines.append(line)`, `out.push(word);`) while it consumes a remainder
    /// (`line, text = text[:end], text[end:]`) or refills an accumulator it resets, and
    /// nothing is appended after it, so the final piece is lost (the last line of wrapped
    /// text, the last run of a run-length code, the last token). Inserted right after the
    /// loop: the same append again, and the append of each remainder the loop consumes; in
    /// Python also guarded by the piece being non-empty (`if current:`).
    fn remainder_flushes(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let indent = |l: &str| l.len() - l.trim_start().len();
        let (append, semicolon) = match language {
            Language::Python => ("append", ""),
            _ => ("push", ";"),
        };
        let mut hunks = Vec::new();
        for head in 0..self.tokens.len() {
            let (Some(head_line), Some(body)) = (self.lines.get(head), self.loop_body(head)) else {
                continue;
            };
            let Some(&last_body) = body
                .iter()
                .rev()
                .find(|&&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
            else {
                continue;
            };
            // Rust: the loop ends at its closing brace, at the header's indent.
            let end = if language == Language::Python {
                last_body
            } else {
                match self.lines.get(last_body + 1) {
                    Some(l) if l.trim_start().starts_with('}') => last_body + 1,
                    _ => continue,
                }
            };
            let span = LoopSpan {
                head,
                end,
                body: &body,
            };
            let assigned_in_body = |name: &str| self.assigned_in_loop(&span, name);
            // A remainder: assigned in the body from an expression reading itself.
            let remainders: Vec<&str> = body
                .iter()
                .filter_map(|&k| self.tokens.get(k))
                .flat_map(|line| {
                    let eq = line.iter().position(|t| t.text == "=");
                    line.iter()
                        .enumerate()
                        .filter(move |(i, t)| {
                            t.kind == TokenKind::Ident
                                && eq.is_some_and(|eq| *i < eq)
                                && line[eq.unwrap_or(0) + 1..].iter().any(|r| r.text == t.text)
                        })
                        .map(|(_, t)| t.text)
                })
                .collect();
            // Carried state: read in the body before the body sets it again (`total = carry`
            // … `carry = total // 2`), declared before the loop; its last value is left over
            // when the loop ends (the final carry of an addition, probe37-py-03).
            let carried: Vec<&str> = body
                .iter()
                .enumerate()
                .filter_map(|(i, &k)| {
                    let line = self.tokens.get(k)?;
                    let name = match line.as_slice() {
                        [n, eq, ..] if eq.text == "=" && n.kind == TokenKind::Ident => n.text,
                        _ => return None,
                    };
                    let read_before = body[..i]
                        .iter()
                        .filter_map(|&j| self.tokens.get(j))
                        .any(|l| !assigns(l, name) && l.iter().any(|t| t.text == name));
                    (read_before && self.declared_before_loop(&span, name)).then_some(name)
                })
                .collect();
            let mut seen: Vec<String> = Vec::new();
            hunks.extend(self.appended_run_flush(file, language, &span));
            for &k in &body {
                let (Some(line), Some(text)) = (self.tokens.get(k), self.lines.get(k)) else {
                    continue;
                };
                let is_append = line.len() >= 5
                    && line[0].kind == TokenKind::Ident
                    && line[1].text == "."
                    && line[2].text == append
                    && line[3].text == "(";
                if !is_append {
                    continue;
                }
                let list = line[0].text;
                let Some(close) = text.rfind(')') else {
                    continue;
                };
                let Some(piece) = text.get(line[3].end..close).map(str::trim) else {
                    continue;
                };
                if !self.declared_before_loop(&span, list)
                    || self.appended_after_loop(&span, list)
                    || piece.is_empty()
                {
                    continue;
                }
                // The piece appended again: when the names it reads are refilled in the body.
                let piece_names = super::names_read(&line[4..], language);
                let mut pieces: Vec<String> = Vec::new();
                if !piece_names.is_empty() && piece_names.iter().all(|n| assigned_in_body(n)) {
                    pieces.push(piece.to_string());
                }
                for name in &remainders {
                    if *name != list && !pieces.iter().any(|p| p == name) {
                        pieces.push((*name).to_string());
                    }
                }
                // A carried value goes in the way the loop's own pieces go (`str(total % 2)`
                // → `str(carry)`), and only when something is left (`if carry:`).
                let wrapper = piece
                    .split_once('(')
                    .filter(|(f, _)| {
                        !f.is_empty()
                            && f.chars()
                                .all(|c| c.is_alphanumeric() || c == '_' || c == '.')
                    })
                    .map(|(f, _)| f);
                let mut guarded_pieces: Vec<(String, String)> = Vec::new();
                for name in &carried {
                    // A piece that reads the name is appended again above already.
                    if *name == list || piece_names.iter().any(|n| n == name) {
                        continue;
                    }
                    let put =
                        wrapper.map_or_else(|| (*name).to_string(), |f| format!("{f}({name})"));
                    let condition = match language {
                        Language::Python => (*name).to_string(),
                        Language::Rust => format!("{name} != 0"),
                    };
                    guarded_pieces.push((put, condition));
                }
                let pad = &head_line[..indent(head_line)];
                let mut candidates: Vec<Vec<String>> = Vec::new();
                for piece in pieces {
                    let statement = format!("{list}.{append}({piece}){semicolon}");
                    candidates.push(vec![format!("{pad}{statement}")]);
                    let bare = piece.chars().all(|c| c.is_alphanumeric() || c == '_');
                    if language == Language::Python && bare {
                        candidates.push(vec![
                            format!("{pad}if {piece}:"),
                            format!("{pad}    {statement}"),
                        ]);
                    }
                }
                for (put, condition) in guarded_pieces {
                    let statement = format!("{list}.{append}({put})");
                    candidates.push(guarded(language, pad, &condition, &statement));
                }
                for new in candidates {
                    let key = new.join("\n");
                    if seen.contains(&key) {
                        continue;
                    }
                    seen.push(key);
                    let description = format!(
                        "`{}` inserted after the loop (its last piece was never collected)",
                        new.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ")
                    );
                    hunks.extend(self.lines_inserted_after(
                        file,
                        end,
                        new,
                        MutationOperator::FlushRemainder,
                        description,
                    ));
                }
            }
        }
        hunks
    }

    /// `list` is assigned before the loop (not as a loop variable).
    fn declared_before_loop(&self, span: &LoopSpan<'_>, list: &str) -> bool {
        self.tokens[..span.head.min(self.tokens.len())]
            .iter()
            .any(|l| assigns(l, list) && !l.iter().any(|t| matches!(t.text, "for" | "in")))
    }

    /// Something is appended to `list` after the loop already.
    fn appended_after_loop(&self, span: &LoopSpan<'_>, list: &str) -> bool {
        self.lines[(span.end + 1).min(self.lines.len())..]
            .iter()
            .any(|l| {
                ["append(", "push(", "extend(", "push_str("]
                    .iter()
                    .any(|m| l.contains(&format!("{list}.{m}")))
                    || l.contains(&format!("{list} +="))
            })
    }

    /// `name` is assigned somewhere in the loop's body.
    fn assigned_in_loop(&self, span: &LoopSpan<'_>, name: &str) -> bool {
        span.body
            .iter()
            .filter_map(|&k| self.tokens.get(k))
            .any(|line| assigns(line, name))
    }

    /// [`Self::remainder_flushes`] for a piece written in two or more appends in a row to one
    /// string or list (`out.push_str(&count.to_string());` then `out.push(current);`, the last
    /// run of a run-length code): the whole run again after the loop, when every name it
    /// reads is refilled in the body.
    fn appended_run_flush(
        &self,
        file: &str,
        language: Language,
        span: &LoopSpan<'_>,
    ) -> Option<HunkMutation> {
        let indent = |l: &str| l.len() - l.trim_start().len();
        let methods: &[&str] = match language {
            Language::Python => &["append", "extend"],
            Language::Rust => &["push", "push_str", "extend"],
        };
        let appends_to = |k: usize| -> Option<&str> {
            let line = self.tokens.get(k)?;
            let is_append = line.len() >= 5
                && line[0].kind == TokenKind::Ident
                && line[1].text == "."
                && methods.contains(&line[2].text)
                && line[3].text == "(";
            // Lazily: `line` may be empty.
            is_append.then(|| line[0].text)
        };
        let (head, end, body) = (span.head, span.end, span.body);
        let head_line = self.lines.get(head)?;
        let mut k = 0;
        while k < body.len() {
            let Some(list) = appends_to(body[k]) else {
                k += 1;
                continue;
            };
            let depth = indent(self.lines.get(body[k])?);
            let run = body[k..]
                .iter()
                .take_while(|&&j| {
                    appends_to(j) == Some(list)
                        && self.lines.get(j).is_some_and(|l| indent(l) == depth)
                })
                .count();
            let lines: Vec<usize> = body[k..k + run].to_vec();
            k += run;
            if run < 2
                || !self.declared_before_loop(span, list)
                || self.appended_after_loop(span, list)
            {
                continue;
            }
            // The names the run reads (not methods, not the list): all refilled by the loop.
            let read: Vec<&str> = lines
                .iter()
                .filter_map(|&j| self.tokens.get(j))
                .flat_map(|line| super::names_read(line.get(4..).unwrap_or(&[]), language))
                .collect();
            if read.is_empty() || !read.iter().all(|n| self.assigned_in_loop(span, n)) {
                continue;
            }
            let pad = &head_line[..indent(head_line)];
            let inserted: Vec<String> = lines
                .iter()
                .filter_map(|&j| self.lines.get(j))
                .map(|l| format!("{pad}{}", l.trim()))
                .collect();
            let description = format!(
                "`{}` inserted after the loop (its last piece was never collected)",
                inserted
                    .iter()
                    .map(|l| l.trim())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            return self.lines_inserted_after(
                file,
                end,
                inserted,
                MutationOperator::FlushRemainder,
                description,
            );
        }
        None
    }

    /// The lines of the loop whose header is line `head` (`for`, `while`, `loop`): those after
    /// it indented deeper, blank ones included. `None` when `head` opens no loop.
    fn loop_body(&self, head: usize) -> Option<Vec<usize>> {
        let opens_loop = self
            .tokens
            .get(head)?
            .first()
            .is_some_and(|t| matches!(t.text, "for" | "while" | "loop"));
        opens_loop.then(|| self.block_body(head))
    }

    /// Line `at` lies in the body of a `for`, `while` or `loop` (a line above it, less
    /// indented, opens one).
    fn inside_a_loop(&self, at: usize) -> bool {
        let Some(line) = self.lines.get(at) else {
            return false;
        };
        let mut depth = super::indentation(line);
        for k in (1..at).rev() {
            let Some(l) = self.lines.get(k) else {
                continue;
            };
            if l.trim().is_empty() || super::indentation(l) >= depth {
                continue;
            }
            depth = super::indentation(l);
            if self
                .tokens
                .get(k)
                .and_then(|t| t.first())
                .is_some_and(|t| matches!(t.text, "for" | "while" | "loop"))
            {
                return true;
            }
        }
        false
    }

    /// The lines of the block `head` opens: the deeper (or blank) lines right after it.
    fn block_body(&self, head: usize) -> Vec<usize> {
        let depth = self.lines.get(head).map_or(0, |l| super::indentation(l));
        (head + 1..self.lines.len())
            .take_while(|&k| {
                self.lines
                    .get(k)
                    .is_some_and(|l| l.trim().is_empty() || super::indentation(l) > depth)
            })
            .collect()
    }

    fn hunk(
        &self,
        file: &str,
        edits: &[(Site, String)],
        operator: MutationOperator,
        description: String,
    ) -> Option<HunkMutation> {
        let changed = edits
            .iter()
            .filter(|(site, new)| self.text(*site) != new)
            .count();
        if changed < 2 {
            return None;
        }
        self.sites_replaced(file, edits, operator, description)
    }

    /// The tokens at `edits`' sites replaced by their new text, as one hunk over the lines
    /// they span (one line for one site). `None` when nothing changes or the span is too long.
    fn sites_replaced(
        &self,
        file: &str,
        edits: &[(Site, String)],
        operator: MutationOperator,
        description: String,
    ) -> Option<HunkMutation> {
        let changed: Vec<&(Site, String)> = edits
            .iter()
            .filter(|(site, new)| self.text(*site) != new)
            .collect();
        let first = changed.iter().map(|((l, _), _)| *l).min()?;
        let last = changed.iter().map(|((l, _), _)| *l).max()?;
        if last - first + 1 > MAX_HUNK_LINES {
            return None;
        }
        let mut new_lines = Vec::new();
        for line in first..=last {
            let text = *self.lines.get(line)?;
            let tokens = self.tokens.get(line)?;
            // Right to left, so earlier byte offsets stay valid.
            let mut on_line: Vec<(usize, &String)> = changed
                .iter()
                .filter(|((l, _), _)| *l == line)
                .map(|((_, k), new)| (*k, new))
                .collect();
            on_line.sort_by_key(|e| std::cmp::Reverse(e.0));
            let mut edited = text.to_string();
            for (k, new) in on_line {
                let token = tokens.get(k)?;
                edited = format!(
                    "{}{new}{}",
                    edited.get(..token.start)?,
                    edited.get(token.end..)?
                );
            }
            new_lines.push(edited);
        }
        Some(HunkMutation {
            file: file.to_string(),
            line: u32::try_from(self.first + first + 1).ok()?,
            old_lines: self.lines[first..=last]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            new_lines,
            operator,
            description,
        })
    }

    /// A value computed with fewer terms than the description states: the code's `i * i`
    /// where the description says `a[i] = i * i - i + 1` becomes the whole formula. The code's
    /// expression must be the formula's start, token for token (spaces aside), at least one
    /// operation long, end where an expression ends (`)`, `,`, `;`, `]`, `:`, `for`), and name
    /// only what the function names.
    fn described_formulas(
        &self,
        file: &str,
        language: Language,
        description: &str,
    ) -> Vec<HunkMutation> {
        let names: Vec<&str> = self
            .tokens
            .iter()
            .flatten()
            .filter(|t| t.kind == TokenKind::Ident)
            .map(|t| t.text)
            .collect();
        let mut hunks = Vec::new();
        for formula in stated_formulas(description) {
            let classes = vec![ByteClass::Code; formula.len()];
            let stated = super::tokenize(&formula, &classes, language);
            let known = stated
                .iter()
                .filter(|t| t.kind == TokenKind::Ident)
                .all(|t| names.contains(&t.text));
            if !known || stated.len() < 4 {
                continue;
            }
            for (offset, tokens) in self.tokens.iter().enumerate() {
                let Some(line) = self.lines.get(offset) else {
                    continue;
                };
                for start in 0..tokens.len() {
                    let matched = tokens[start..]
                        .iter()
                        .zip(&stated)
                        .take_while(|(a, b)| a.text == b.text)
                        .count();
                    if matched < 3 || matched >= stated.len() {
                        continue;
                    }
                    let ends_there = tokens.get(start + matched).is_none_or(|next| {
                        matches!(next.text, ")" | "," | ";" | "]" | ":" | "for")
                    });
                    // The start of an expression, not the middle of one.
                    let starts_there = start == 0
                        || matches!(
                            tokens[start - 1].text,
                            "(" | "," | "=" | "[" | "return" | "+=" | "-=" | "*="
                        );
                    if !ends_there || !starts_there {
                        continue;
                    }
                    let (from, to) = (tokens[start].start, tokens[start + matched - 1].end);
                    let new_line = format!("{}{formula}{}", &line[..from], &line[to..]);
                    hunks.extend(self.line_replaced(
                        file,
                        offset,
                        new_line,
                        MutationOperator::StatedFormula,
                        format!(
                            "`{}` → `{formula}` (the formula the description states)",
                            &line[from..to]
                        ),
                    ));
                }
            }
        }
        hunks
    }

    /// A branch that treats one letter case and lacks its twin for the other: `if 'A' <= c <=
    /// 'Z':` + `c = c.lower()` gets `elif 'a' <= c <= 'z':` + `c = c.upper()` after its body
    /// (Rust: `} else if w >= 'a' && w <= 'z' {` + `w = w.to_ascii_uppercase();`). Made only
    /// when both the condition and the one-line body name a case (a letter literal, a case
    /// method), and no branch of the function already reads that way.
    fn mirrored_case_branches(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let indent = |l: &str| l.len() - l.trim_start().len();
        let existing: Vec<String> = self.lines.iter().map(|l| l.trim().to_string()).collect();
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            let (Some(head), Some(body), Some(body_tokens)) = (
                self.lines.get(offset),
                self.lines.get(offset + 1),
                self.tokens.get(offset + 1),
            ) else {
                continue;
            };
            let after = self.lines.get(offset + 2).copied().unwrap_or("");
            let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
            // The condition's tokens: after `if`/`elif` (`} else if` in Rust), before the
            // `:`/`{` that ends the header.
            let (condition, single_body) = match language {
                Language::Python => {
                    let starts = matches!(texts.first(), Some(&"if" | &"elif"));
                    let ends = texts.last() == Some(&":");
                    let single = after.trim().is_empty() || indent(after) <= indent(head);
                    (
                        (starts && ends && indent(body) > indent(head))
                            .then(|| &tokens[1..tokens.len() - 1]),
                        single,
                    )
                }
                Language::Rust => {
                    let from = match texts.as_slice() {
                        ["if", ..] => Some(1),
                        ["}", "else", "if", ..] => Some(3),
                        _ => None,
                    };
                    let ends = texts.last() == Some(&"{");
                    let single = after.trim_start().starts_with('}');
                    (
                        from.filter(|_| ends && indent(body) > indent(head))
                            .map(|from| &tokens[from..tokens.len() - 1]),
                        single,
                    )
                }
            };
            let Some(condition) = condition.filter(|c| !c.is_empty()) else {
                continue;
            };
            if !single_body {
                continue;
            }
            let (Some(first), Some(last)) = (condition.first(), condition.last()) else {
                continue;
            };
            let Some(mirrored_condition) = case_mirrored(head, condition) else {
                continue;
            };
            let Some(mirrored_body) = case_mirrored(body, body_tokens) else {
                continue;
            };
            // Every case swap keeps the token's length, so the header's offsets still hold.
            if mirrored_condition.len() != head.len() {
                continue;
            }
            let Some(condition_text) = mirrored_condition.get(first.start..last.end) else {
                continue;
            };
            let header = match language {
                Language::Python => format!("{}elif {condition_text}:", &head[..indent(head)]),
                Language::Rust => {
                    format!("{}}} else if {condition_text} {{", &head[..indent(head)])
                }
            };
            let already = existing.iter().any(|l| {
                l.ends_with(&format!("if {condition_text}:"))
                    || l.ends_with(&format!("if {condition_text} {{"))
            });
            let Ok(line) = u32::try_from(self.first + offset + 2) else {
                continue;
            };
            if already {
                continue;
            }
            hunks.push(HunkMutation {
                file: file.to_string(),
                line,
                old_lines: vec![body.to_string()],
                new_lines: vec![body.to_string(), header, mirrored_body],
                operator: MutationOperator::MirrorStatement,
                description: format!(
                    "the other case's branch `{}` inserted",
                    condition_text.trim()
                ),
            });
        }
        hunks
    }

    /// Python: a branch missing its `else`. A variable set up like a counter (`odd = 0`) and
    /// never updated, beside one updated by an `if` whose body is one statement (`if c:` then
    /// `even += 1`): the `else` doing the same to the idle one is inserted after the body.
    fn mirrored_else_branches(&self, file: &str) -> Vec<HunkMutation> {
        // Variables by their assignments: (name, first value's text, times assigned or updated).
        let mut assigned: Vec<(&str, String, usize)> = Vec::new();
        for tokens in &self.tokens {
            let Some(name) = tokens.first().filter(|t| t.kind == TokenKind::Ident) else {
                continue;
            };
            let Some(op) = tokens.get(1).filter(|t| t.kind == TokenKind::Operator) else {
                continue;
            };
            if !super::is_assignment(op.text) {
                continue;
            }
            let value: String = tokens[2..].iter().map(|t| t.text).collect();
            match assigned.iter_mut().find(|(n, _, _)| *n == name.text) {
                Some((_, _, times)) => *times += 1,
                None => assigned.push((name.text, value, 1)),
            }
        }
        let idle: Vec<&(&str, String, usize)> = assigned.iter().filter(|a| a.2 == 1).collect();
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            let (Some(head), Some(body), Some(body_tokens)) = (
                self.lines.get(offset),
                self.lines.get(offset + 1),
                self.tokens.get(offset + 1),
            ) else {
                continue;
            };
            let indent = |l: &str| l.len() - l.trim_start().len();
            let is_if = tokens.first().is_some_and(|t| t.text == "if")
                && head.trim_end().ends_with(':')
                && indent(body) > indent(head);
            let after = self.lines.get(offset + 2).copied().unwrap_or("");
            let single_body = after.trim().is_empty() || indent(after) <= indent(head);
            let has_else =
                after.trim_start().starts_with("else") || after.trim_start().starts_with("elif");
            if !is_if || !single_body || has_else {
                continue;
            }
            let Some(updated) = body_tokens.first().filter(|t| t.kind == TokenKind::Ident) else {
                continue;
            };
            let Some(init) = assigned.iter().find(|a| a.0 == updated.text && a.2 > 1) else {
                continue;
            };
            for (name, _, _) in idle.iter().filter(|a| a.0 != init.0 && a.1 == init.1) {
                let mirrored: String =
                    format!("{}{name}{}", &body[..updated.start], &body[updated.end..]);
                let Ok(line) = u32::try_from(self.first + offset + 2) else {
                    continue;
                };
                hunks.push(HunkMutation {
                    file: file.to_string(),
                    line,
                    old_lines: vec![body.to_string()],
                    new_lines: vec![
                        body.to_string(),
                        format!("{}else:", &head[..indent(head)]),
                        mirrored,
                    ],
                    operator: MutationOperator::InsertStatement,
                    description: format!("`else` updating the idle `{name}` inserted"),
                });
            }
        }
        hunks
    }

    /// A missing loop step: a `while` whose condition reads variables that its body never
    /// changes (and that has no `break` or `return` to leave by) never ends once entered, or
    /// never starts. For each such variable, `name -= 1` and `name += 1` are inserted as the
    /// body's last statement, the likelier direction first (`<` counts up, anything else
    /// down: `while div:`, `while n > 0`).
    fn loop_variable_updates(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let indent = |l: &str| l.len() - l.trim_start().len();
        let mut hunks = Vec::new();
        for WhileLoop {
            head: offset,
            body,
            names,
        } in while_loops(&self.lines, &self.tokens, language)
        {
            let Some(tokens) = self.tokens.get(offset) else {
                continue;
            };
            let Some(&last) = body
                .iter()
                .rev()
                .find(|&&k| self.lines.get(k).is_some_and(|l| !l.trim().is_empty()))
            else {
                continue;
            };
            let counts_up = tokens[1..]
                .iter()
                .take_while(|t| !(t.text == ":" || t.text == "{"))
                .any(|t| t.text == "<" || t.text == "<=");
            let body_lines: Vec<&Vec<Token<'_>>> =
                body.iter().filter_map(|&k| self.tokens.get(k)).collect();
            let leaves = body_lines
                .iter()
                .flat_map(|line| line.iter())
                .any(|t| matches!(t.text, "break" | "return"));
            if names.is_empty() || leaves {
                continue;
            }
            // Changed in the body: assigned or updated (`n -= 1`, `n = m`), a method called on
            // it (which may change it: `v.pop()`), borrowed `&mut`, or a target of a
            // destructuring assignment (`a, b = b, a % b`, `(a, b) = …`), i.e. named before
            // the line's `=`.
            let changed = |name: &str| {
                body_lines.iter().any(|line| {
                    assigns(line, name)
                        || line.windows(2).any(|pair| {
                            (pair[0].text == name && pair[1].text == ".")
                                || (pair[0].text == "mut" && pair[1].text == name)
                        })
                })
            };
            let Some(last_line) = self.lines.get(last) else {
                continue;
            };
            let Some(first_body) = body
                .iter()
                .find_map(|&k| self.lines.get(k).filter(|l| !l.trim().is_empty()))
            else {
                continue;
            };
            let body_indent = &first_body[..indent(first_body)];
            let Ok(line) = u32::try_from(self.first + last + 1) else {
                continue;
            };
            let semicolon = if language == Language::Rust { ";" } else { "" };
            for name in names.into_iter().filter(|n| !changed(n)) {
                let steps = if counts_up {
                    ["+=", "-="]
                } else {
                    ["-=", "+="]
                };
                for step in steps {
                    let statement = format!("{name} {step} 1{semicolon}");
                    hunks.push(HunkMutation {
                        file: file.to_string(),
                        line,
                        old_lines: vec![last_line.to_string()],
                        new_lines: vec![last_line.to_string(), format!("{body_indent}{statement}")],
                        operator: MutationOperator::LoopStep,
                        description: format!(
                            "`{statement}` inserted at the end of the `while` body (its condition never changes)"
                        ),
                    });
                }
            }
        }
        hunks
    }

    /// A missing ordering step: after a statement that sorts a list in place, the list
    /// reversed; after a statement that builds a mutable `Vec` (Rust) and is not followed by a
    /// sort, the list sorted.
    fn ordering_insertions(&self, file: &str, language: Language) -> Vec<HunkMutation> {
        let mut hunks = Vec::new();
        for (offset, tokens) in self.tokens.iter().enumerate() {
            let Some(text) = self.lines.get(offset) else {
                continue;
            };
            let next = self.lines.get(offset + 1).map_or("", |l| l.trim());
            let indent = &text[..text.len() - text.trim_start().len()];
            let semicolon = if language == Language::Rust { ";" } else { "" };
            let mut insert = |statement: String, what: &str, operator: MutationOperator| {
                if next == statement.trim() {
                    return;
                }
                let Ok(line) = u32::try_from(self.first + offset + 1) else {
                    return;
                };
                hunks.push(HunkMutation {
                    file: file.to_string(),
                    line,
                    old_lines: vec![text.to_string()],
                    new_lines: vec![text.to_string(), format!("{indent}{statement}")],
                    operator,
                    description: format!("`{}` inserted ({what})", statement.trim()),
                });
            };
            // `v.sort()` / `v.sort_unstable()` alone on its line.
            let sorts_in_place = tokens.len() >= 5
                && tokens[0].kind == TokenKind::Ident
                && tokens[1].text == "."
                && matches!(tokens[2].text, "sort" | "sort_unstable")
                && tokens[3].text == "(";
            if sorts_in_place && !next.contains(".reverse(") {
                insert(
                    format!("{}.reverse(){semicolon}", tokens[0].text),
                    "the sorted list reversed",
                    MutationOperator::InsertStatement,
                );
            }
            // `let mut v: Vec<…> = …;` on one line, not sorted next.
            let declares_mutable = language == Language::Rust
                && tokens.len() >= 4
                && tokens[0].text == "let"
                && tokens[1].text == "mut"
                && tokens[2].kind == TokenKind::Ident
                && text.trim_end().ends_with(';');
            if !declares_mutable {
                continue;
            }
            let name = tokens[2].text;
            let code = text.trim_end();
            let builds_vec = tokens.get(4).is_some_and(|t| t.text == "Vec")
                || [".collect();", ".clone();", ".to_vec();"]
                    .iter()
                    .any(|end| code.ends_with(end))
                || code.contains("= vec![");
            // Declared `mut` and never changed after: the step that changed it is what is
            // missing, and `rustc` would have said so (`variable does not need to be mutable`).
            let idle = !self
                .lines
                .iter()
                .skip(offset + 1)
                .any(|later| crate::localize::mutates(later, name));
            if builds_vec && idle {
                for (step, what) in [
                    ("sort", "the list never changed, sorted"),
                    ("reverse", "the list never changed, reversed"),
                ] {
                    insert(
                        format!("{name}.{step}();"),
                        what,
                        MutationOperator::IdleMutableStep,
                    );
                }
            } else if tokens.get(4).is_some_and(|t| t.text == "Vec") && !next.contains(".sort") {
                insert(
                    format!("{name}.sort();"),
                    "the new list sorted",
                    MutationOperator::InsertStatement,
                );
            }
        }
        hunks
    }
}

/// Whether a comment's text reads like a statement of `language` (see
/// `FunctionText::commented_out_code`).
fn reads_as_a_statement(code: &str, language: Language) -> bool {
    if code.is_empty() {
        return false;
    }
    let mut depth = 0i32;
    for c in code.chars() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            _ => {}
        }
        if depth < 0 && language == Language::Python {
            return false;
        }
    }
    let python_keywords = [
        "return", "if ", "elif ", "else:", "for ", "while ", "break", "continue", "raise ",
        "yield ", "del ", "pass",
    ];
    let rust_keywords = [
        "return", "if ", "else", "for ", "while ", "break", "continue", "let ", "match ",
    ];
    let keywords: &[&str] = if language == Language::Python {
        &python_keywords
    } else {
        &rust_keywords
    };
    let first_word: String = code
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let starts_with_keyword = keywords.iter().any(|k| {
        code.starts_with(k)
            && (k.ends_with([' ', ':'])
                || code.len() == k.len()
                || !code[k.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
    });
    let after_name = code[first_word.len()..].trim_start();
    let name_then_operation = !first_word.is_empty()
        && !first_word.starts_with(|c: char| c.is_ascii_digit())
        && [
            "=", "+=", "-=", "*=", "/=", "%=", "//=", "|=", "&=", "(", ".", "[",
        ]
        .iter()
        .any(|op| after_name.starts_with(op) && !after_name.starts_with("=="));
    let statement = starts_with_keyword || name_then_operation;
    match language {
        Language::Python => {
            statement
                && depth == 0
                && (!code.ends_with(':') || starts_with_keyword)
                // Prose with a colon or a period is not code.
                && !code.ends_with('.')
        }
        _ => statement && code.ends_with([';', '{', '}', ',']) && depth >= -1,
    }
}

/// `text` with every token of `tokens` that names a letter case turned to the other one
/// (`'A'` ↔ `'a'`, `"Z"` ↔ `"z"`, `lower` ↔ `upper`, `to_ascii_lowercase` ↔
/// `to_ascii_uppercase`, …); `None` when none does.
fn case_mirrored(text: &str, tokens: &[Token<'_>]) -> Option<String> {
    const CASE_PAIRS: &[(&str, &str)] = &[
        ("lower", "upper"),
        ("islower", "isupper"),
        ("to_lowercase", "to_uppercase"),
        ("to_ascii_lowercase", "to_ascii_uppercase"),
        ("is_lowercase", "is_uppercase"),
        ("is_ascii_lowercase", "is_ascii_uppercase"),
        ("make_ascii_lowercase", "make_ascii_uppercase"),
    ];
    let mut out = String::new();
    let mut at = 0;
    let mut changed = false;
    for t in tokens {
        let replacement = match t.kind {
            TokenKind::Literal => {
                let inner = t.text.get(1..t.text.len().saturating_sub(1)).unwrap_or("");
                let quote = &t.text[..1.min(t.text.len())];
                let mut chars = inner.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphabetic() => {
                        let other = if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        };
                        Some(format!("{quote}{other}{quote}"))
                    }
                    _ => None,
                }
            }
            TokenKind::Ident => CASE_PAIRS.iter().find_map(|(a, b)| {
                if t.text == *a {
                    Some((*b).to_string())
                } else if t.text == *b {
                    Some((*a).to_string())
                } else {
                    None
                }
            }),
            _ => None,
        };
        if let Some(replacement) = replacement {
            out.push_str(text.get(at..t.start)?);
            out.push_str(&replacement);
            at = t.end;
            changed = true;
        }
    }
    out.push_str(text.get(at..)?);
    changed.then_some(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::super::hunk_mutations;
    use super::*;

    fn hunks(source: &str, language: Language, line: u32) -> Vec<HunkMutation> {
        hunk_mutations("f", source, language, &[line], true)
    }

    /// The hunk that turns `old` into `new` (both whole lines), if enumerated.
    fn find<'a>(hunks: &'a [HunkMutation], old: &[&str], new: &[&str]) -> Option<&'a HunkMutation> {
        hunks
            .iter()
            .find(|h| h.old_lines == old && h.new_lines == new)
    }

    fn flushes(source: &str, language: Language, line: u32) -> Vec<Vec<String>> {
        hunks(source, language, line)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::FlushRemainder)
            .map(|h| h.new_lines[1..].to_vec())
            .collect()
    }

    /// probe35-python-07: a run written as `str(start) if … else f"{start}-{previous}"` is
    /// appended when the next run starts, and the last one never is: the same append after
    /// the loop, though the piece calls `str` (a function, not state the loop refills).
    /// probe42-rust-13: "anything that is not a letter is always shown", with a test of the
    /// guesses alone.
    #[test]
    fn probe42_rs_13_a_described_character_class_joins_the_loops_test() {
        let source = "/*\nLetters that have been guessed keep their place, other letters become '_', and\nanything that is not a letter is always shown.\n*/\nfn reveal(word: &str, guessed: &HashSet<char>) -> String {\n    let mut out = String::new();\n    for c in word.chars() {\n        if guessed.contains(&c.to_ascii_lowercase()) {\n            out.push(c);\n        } else {\n            out.push('_');\n        }\n    }\n    out\n}\n";
        let found = hunks(source, Language::Rust, 8);
        assert!(
            find(
                &found,
                &["        if guessed.contains(&c.to_ascii_lowercase()) {"],
                &["        if !c.is_alphabetic() || guessed.contains(&c.to_ascii_lowercase()) {"],
            )
            .is_some()
        );
        let python = "def reveal(word, guessed):\n    \"\"\"Letters that were guessed are shown; anything that is not a letter is always shown.\"\"\"\n    out = []\n    for ch in word:\n        if ch.lower() in guessed:\n            out.append(ch)\n        else:\n            out.append(\"_\")\n    return \"\".join(out)\n";
        let found = hunks(python, Language::Python, 5);
        assert!(
            find(
                &found,
                &["        if ch.lower() in guessed:"],
                &["        if not ch.isalpha() or ch.lower() in guessed:"],
            )
            .is_some()
        );
        // A description that names no class: nothing.
        let plain = python.replace(
            "Letters that were guessed are shown; anything that is not a letter is always shown.",
            "Reveal a word.",
        );
        assert!(
            !hunks(&plain, Language::Python, 5)
                .iter()
                .any(|h| h.description.contains("character class"))
        );
    }

    /// probe43-rust-03 and -05: the description gives the value for a zero divisor (a
    /// sample without variance, collinear points) and the code divides anyway.
    #[test]
    fn probe43_rs_05_a_zero_divisor_returns_the_described_value() {
        let rust = "/*\nCentre of the circle through a, b and c, or None when they are collinear.\n*/\nfn circumcenter(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> Option<(f64, f64)> {\n    let d = 2.0 * (a.0 * (b.1 - c.1) + b.0 * (c.1 - a.1) + c.0 * (a.1 - b.1));\n    let a2 = a.0 * a.0 + a.1 * a.1;\n    let ux = (a2 * (b.1 - c.1)) / d;\n    let uy = (a2 * (c.0 - b.0)) / d;\n    Some((ux, uy))\n}\n";
        let found = hunks(rust, Language::Rust, 7);
        let guard = |h: &&HunkMutation| h.operator == MutationOperator::DivisorGuard;
        let guards: Vec<&HunkMutation> = found.iter().filter(guard).collect();
        assert_eq!(guards.len(), 1, "{guards:?}");
        assert_eq!(
            guards[0].new_lines,
            [
                "    if d == 0.0 {",
                "        return None;",
                "    }",
                "    let ux = (a2 * (b.1 - c.1)) / d;"
            ]
        );
        // probe43-rust-03: a divisor that is an expression; the value is a literal the
        // function already returns.
        let pearson = "/*\nReturns 0.0 when there are fewer than two pairs or when either sample has zero\nvariance.\n*/\nfn pearson(sxx: f64, syy: f64, sxy: f64, n: usize) -> f64 {\n    if n < 2 {\n        return 0.0;\n    }\n    sxy / (sxx * syy).sqrt()\n}\n";
        let found = hunks(pearson, Language::Rust, 9);
        assert!(
            find(
                &found,
                &["    sxy / (sxx * syy).sqrt()"],
                &[
                    "    if (sxx * syy).sqrt() == 0.0 {",
                    "        return 0.0;",
                    "    }",
                    "    sxy / (sxx * syy).sqrt()"
                ],
            )
            .is_some()
        );
        // Python: an integer divisor, `None` from the description.
        let python = "def average(xs):\n    \"\"\"The mean of xs, or None when xs is empty.\"\"\"\n    total = sum(xs)\n    count = len(xs)\n    return total / count\n";
        let found = hunks(python, Language::Python, 5);
        assert!(
            find(
                &found,
                &["    return total / count"],
                &[
                    "    if count == 0:",
                    "        return None",
                    "    return total / count"
                ],
            )
            .is_some()
        );
        // A constant divisor, a division in a loop, a divisor whose name is already
        // compared with zero: no guard.
        for source in [
            python.replace("total / count", "total / (24 * 60)"),
            python.replace(
                "    return total / count",
                "    for x in xs:\n        total = total / count\n    return total",
            ),
            python.replace(
                "    return total / count",
                "    if count == 0:\n        return 0\n    return total / (2 * count)",
            ),
        ] {
            assert!(
                !hunks(&source, Language::Python, 5)
                    .iter()
                    .any(|h| guard(&h)),
                "{source}"
            );
        }
        // No value described for it, or the divisor already tested: no guard.
        for source in [
            rust.replace(", or None when they are collinear", ""),
            rust.replace(
                "    let ux",
                "    if d == 0.0 {\n        return None;\n    }\n    let ux",
            ),
        ] {
            assert!(
                !hunks(&source, Language::Rust, 7).iter().any(|h| guard(&h)),
                "{source}"
            );
        }
    }

    #[test]
    fn a_described_value_is_named_as_a_word_not_inside_a_number() {
        assert!(divisors::names_value("Returns 0.0 when empty.", "0.0"));
        assert!(divisors::names_value("or None.", "None"));
        assert!(divisors::names_value("is 0.", "0"));
        assert!(!divisors::names_value("a ratio of 0.5", "0"));
        assert!(!divisors::names_value("Nones are kept", "None"));
        assert!(!divisors::names_value("level 10 only", "0"));
    }

    /// probe43-rust-27: the closing edge's endpoints are bound after the loop and never read;
    /// the loop's accumulating statement is repeated for them.
    #[test]
    fn probe43_rs_27_the_loops_statement_is_repeated_for_names_never_read() {
        let rust = "fn perimeter(points: &[(f64, f64)]) -> f64 {\n    let n = points.len();\n    let mut total = 0.0;\n    for i in 0..n - 1 {\n        let (x0, y0) = points[i];\n        let (x1, y1) = points[i + 1];\n        total += ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt();\n    }\n    let (fx, fy) = points[0];\n    let (lx, ly) = points[n - 1];\n    total\n}\n";
        let closing = |source: &str, language, line| -> Vec<Vec<String>> {
            hunks(source, language, line)
                .into_iter()
                .filter(|h| h.operator == MutationOperator::ClosingStatement)
                .map(|h| h.new_lines)
                .collect()
        };
        let found = closing(rust, Language::Rust, 10);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.contains(&vec![
            "    let (lx, ly) = points[n - 1];".to_string(),
            "    total += ((lx - fx).powi(2) + (ly - fy).powi(2)).sqrt();".to_string(),
        ]));
        let python = "def perimeter(points):\n    total = 0.0\n    for i in range(len(points) - 1):\n        x0, y0 = points[i]\n        x1, y1 = points[i + 1]\n        total += math.hypot(x1 - x0, y1 - y0)\n    fx, fy = points[0]\n    lx, ly = points[-1]\n    return total\n";
        assert!(closing(python, Language::Python, 8).contains(&vec![
            "    lx, ly = points[-1]".to_string(),
            "    total += math.hypot(fx - lx, fy - ly)".to_string(),
        ]));
        // Read afterwards: nothing is missing.
        let read = rust.replace(
            "    total\n",
            "    total + (lx - fx).abs() + (ly - fy).abs()\n",
        );
        assert!(closing(&read, Language::Rust, 10).is_empty());
    }

    /// probe43-rust-11: `out.push('.')` before the loop that writes the digits after the
    /// point leaves `"2."` when the division is exact.
    #[test]
    fn probe43_rs_11_a_separator_before_a_loop_is_guarded_by_its_condition() {
        let rust = "fn decimal(n: u64, d: u64) -> String {\n    let mut out = (n / d).to_string();\n    let mut rem = n % d;\n    out.push('.');\n    let mut seen = HashMap::new();\n    while rem != 0 {\n        seen.insert(rem, out.len());\n        rem *= 10;\n        out.push_str(&(rem / d).to_string());\n        rem %= d;\n    }\n    out\n}\n";
        let found = hunks(rust, Language::Rust, 4);
        assert!(
            find(
                &found,
                &["    out.push('.');"],
                &["    if rem != 0 {", "        out.push('.');", "    }"],
            )
            .is_some()
        );
        // A condition on a name bound only after the separator: no guard from it.
        let later = rust.replace("while rem != 0 {", "while seen.len() < 9 {");
        assert!(
            !hunks(&later, Language::Rust, 4)
                .iter()
                .any(|h| h.description.contains("loop after it runs"))
        );
    }

    /// probe43-python-25: the fraction's `start = i` is never read; the exponent's twin
    /// block checks `if i == start: return False` after its digit loop.
    #[test]
    fn probe43_py_25_a_dead_store_gets_its_twins_check() {
        let python = "def number(s):\n    i = 0\n    n = len(s)\n    if i < n and s[i] == \".\":\n        i += 1\n        start = i\n        while i < n and s[i].isdigit():\n            i += 1\n    if i < n and s[i] in \"eE\":\n        i += 1\n        start = i\n        while i < n and s[i].isdigit():\n            i += 1\n        if i == start:\n            return False\n    return i == n\n";
        let found = hunks(python, Language::Python, 6);
        assert!(
            find(
                &found,
                &["            i += 1"],
                &[
                    "            i += 1",
                    "        if i == start:",
                    "            return False"
                ],
            )
            .is_some_and(|h| h.line == 8 && h.operator == MutationOperator::DeadStoreRead),
            "{found:?}"
        );
        let rust = "fn number(s: &[u8]) -> bool {\n    let mut i = 0;\n    let n = s.len();\n    if i < n && s[i] == b'.' {\n        i += 1;\n        let start = i;\n        while i < n && s[i].is_ascii_digit() {\n            i += 1;\n        }\n    }\n    if i < n && s[i] == b'e' {\n        i += 1;\n        let start = i;\n        while i < n && s[i].is_ascii_digit() {\n            i += 1;\n        }\n        if i == start {\n            return false;\n        }\n    }\n    i == n\n}\n";
        let found = hunks(rust, Language::Rust, 6);
        assert!(
            find(
                &found,
                &["        }"],
                &[
                    "        }",
                    "        if i == start {",
                    "            return false;",
                    "        }"
                ],
            )
            .is_some_and(|h| h.line == 9),
            "{found:?}"
        );
        // The first store read before the second: nothing is missing.
        let read = python.replace(
            "            i += 1\n    if i < n and s[i] in",
            "            i += 1\n        frac = i - start\n    if i < n and s[i] in",
        );
        assert!(
            !hunks(&read, Language::Python, 6)
                .iter()
                .any(|h| h.operator == MutationOperator::DeadStoreRead)
        );
    }

    /// probe43-python-19: heading counters grown to each heading's depth and never cut back.
    #[test]
    fn probe43_py_19_a_stack_grown_to_a_depth_is_cut_back_to_it() {
        let python = "def toc(headings):\n    counters = []\n    out = []\n    for depth, title in headings:\n        while len(counters) < depth:\n            counters.append(0)\n        counters[-1] += 1\n        out.append(\".\".join(map(str, counters)) + \" \" + title)\n    return out\n";
        let found = hunks(python, Language::Python, 6);
        assert!(
            find(
                &found,
                &["            counters.append(0)"],
                &[
                    "            counters.append(0)",
                    "        del counters[depth:]"
                ],
            )
            .is_some_and(|h| h.operator == MutationOperator::CutBackStack),
            "{found:?}"
        );
        let rust = "fn toc(headings: &[(usize, &str)]) -> Vec<String> {\n    let mut counters: Vec<u32> = Vec::new();\n    let mut out = Vec::new();\n    for &(depth, title) in headings {\n        while counters.len() < depth + 1 {\n            counters.push(0);\n        }\n        *counters.last_mut().unwrap() += 1;\n        out.push(format!(\"{:?} {title}\", counters));\n    }\n    out\n}\n";
        let found = hunks(rust, Language::Rust, 6);
        assert!(
            find(
                &found,
                &["        }"],
                &["        }", "        counters.truncate(depth + 1);"],
            )
            .is_some(),
            "{found:?}"
        );
        // Already cut back somewhere: nothing is missing.
        let cut = python.replace("        counters[-1] += 1", "        counters = counters[:depth]\n        del counters[depth:]\n        counters[-1] += 1");
        assert!(
            !hunks(&cut, Language::Python, 6)
                .iter()
                .any(|h| h.operator == MutationOperator::CutBackStack)
        );
    }

    /// probe43-rust-17: a 29 February birthday moved to the 28th in a common year, and not
    /// again when the next year is taken and the day set back.
    #[test]
    fn probe43_rs_17_an_adjustment_is_repeated_when_the_value_starts_over() {
        let rust = "fn next(ty: i32, tm: u32, td: u32, bm: u32, bd: u32) -> (i32, u32) {\n    let mut year = ty;\n    let mut day = bd;\n    if bm == 2 && bd == 29 && !is_leap(year) {\n        day = 28;\n    }\n    if (bm, day) < (tm, td) {\n        year += 1;\n        day = bd;\n    }\n    (year, day)\n}\n";
        let found = hunks(rust, Language::Rust, 9);
        assert!(
            find(
                &found,
                &["        day = bd;"],
                &[
                    "        day = bd;",
                    "        if bm == 2 && bd == 29 && !is_leap(year) {",
                    "            day = 28;",
                    "        }"
                ],
            )
            .is_some_and(|h| h.operator == MutationOperator::LostAdjustment),
            "{found:?}"
        );
        let python = "def nxt(ty, tm, td, bm, bd):\n    year = ty\n    day = bd\n    if bm == 2 and bd == 29 and not leap(year):\n        day = 28\n    if (bm, day) < (tm, td):\n        year += 1\n        day = bd\n    return year, day\n";
        assert!(
            find(
                &hunks(python, Language::Python, 8),
                &["        day = bd"],
                &[
                    "        day = bd",
                    "        if bm == 2 and bd == 29 and not leap(year):",
                    "            day = 28"
                ],
            )
            .is_some()
        );
        // Set back to something else: no start over.
        let other = rust.replace("        day = bd;", "        day = 1;");
        assert!(
            !hunks(&other, Language::Rust, 9)
                .iter()
                .any(|h| h.operator == MutationOperator::LostAdjustment)
        );
    }

    /// probe42-py-15: a merge "when both hold a dict" that tests only one of them.
    #[test]
    fn probe42_py_15_the_other_operand_is_tested_too() {
        let source = "def deep_merge(base, override):\n    result = dict(base)\n    for key, value in override.items():\n        current = result.get(key)\n        if isinstance(value, dict):\n            result[key] = deep_merge(current, value)\n        else:\n            result[key] = value\n    return result\n";
        let found = hunks(source, Language::Python, 5);
        assert!(
            find(
                &found,
                &["        if isinstance(value, dict):"],
                &["        if isinstance(current, dict) and isinstance(value, dict):"],
            )
            .is_some()
        );
        // `key` is no argument of the body's call beside `value`: not tested.
        assert!(
            !found
                .iter()
                .any(|h| h.new_lines.iter().any(|l| l.contains("isinstance(key")))
        );
        // Both already tested: nothing conjoined.
        let both = source.replace(
            "if isinstance(value, dict):",
            "if isinstance(current, dict) and isinstance(value, dict):",
        );
        assert!(
            !hunks(&both, Language::Python, 5)
                .iter()
                .any(|h| h.operator == MutationOperator::AddClause
                    && h.description.contains("tested as"))
        );
    }

    #[test]
    fn probe35_python_07_a_piece_that_calls_a_function_is_still_flushed_after_the_loop() {
        let source = "def runs(numbers):\n    parts = []\n    start = previous = numbers[0]\n    for n in numbers[1:]:\n        if n == previous + 1:\n            previous = n\n            continue\n        parts.append(str(start) if start == previous else f\"{start}-{previous}\")\n        start = previous = n\n    return \",\".join(parts)\n";
        let found = flushes(source, Language::Python, 8);
        assert!(
            found.contains(&vec![
                "    parts.append(str(start) if start == previous else f\"{start}-{previous}\")"
                    .to_string()
            ]),
            "{found:#?}"
        );
    }

    /// probe35-python-11: `for index, word in enumerate(…)` never reads `index`: the first
    /// word is the exception the condition lacks; a loop that reads its index gets nothing.
    #[test]
    fn probe35_python_11_an_unread_enumerate_index_joins_the_loops_condition() {
        let clause = |h: &HunkMutation| {
            h.operator == MutationOperator::AddClause && h.description.contains("of `enumerate`")
        };
        let source = "def title(sentence, minor):\n    out = []\n    for index, word in enumerate(sentence.split()):\n        lower = word.lower()\n        if lower in minor:\n            out.append(lower)\n        else:\n            out.append(lower.capitalize())\n    return \" \".join(out)\n";
        let found = placed(source, Language::Python, 5, clause);
        assert_eq!(
            found,
            vec![
                (
                    5,
                    vec!["        if index > 0 and lower in minor:".to_string()]
                ),
                (
                    5,
                    vec!["        if index == 0 or lower in minor:".to_string()]
                )
            ]
        );
        let rust = "fn f(s: &str) -> String {\n    let mut out = String::new();\n    for (i, c) in s.chars().enumerate() {\n        if c == ' ' || c == '-' {\n            continue;\n        }\n        out.push(c);\n    }\n    out\n}\n";
        let found = placed(rust, Language::Rust, 4, clause);
        assert!(
            found.contains(&(
                4,
                vec!["        if i > 0 && (c == ' ' || c == '-') {".to_string()]
            )),
            "{found:#?}"
        );
        let reads = source.replace("out.append(lower)\n", "out.append(lower * index)\n");
        assert!(placed(&reads, Language::Python, 5, clause).is_empty());
    }

    /// A threshold the description states ("25 or more is overweight") where the code holds
    /// one it never states (`24.0`): replaced, written as a float where a float stood; a
    /// number the code already holds, or 0 and 1, is left alone.
    #[test]
    fn a_constant_the_description_states_replaces_one_it_never_states() {
        let stated = |h: &HunkMutation| h.description.contains("a number the description states");
        let rust = "/*\n Classify a BMI: under 18.5 is underweight, 25 or more is overweight.\n*/\nfn category(bmi: f64) -> &'static str {\n    if bmi < 18.5 {\n        \"under\"\n    } else if bmi >= 24.0 {\n        \"over\"\n    } else {\n        \"normal\"\n    }\n}\n";
        let found = placed(rust, Language::Rust, 7, stated);
        assert_eq!(
            found,
            vec![(7, vec!["    } else if bmi >= 25.0 {".to_string()])]
        );
        let python = "def fee(hours):\n    \"\"\"Parking costs 3 per hour, at most 20 a day.\"\"\"\n    return min(hours * 3, 25)\n";
        let found = placed(python, Language::Python, 3, stated);
        assert_eq!(
            found,
            vec![(3, vec!["    return min(hours * 3, 20)".to_string()])]
        );
        let right = python.replace("25)", "20)");
        assert!(placed(&right, Language::Python, 3, stated).is_empty());
    }

    /// Text wrapped line by line loses its last line: the remainder the loop consumes is
    /// appended after it; the loop's own piece (`line`, refilled each pass) is offered too.
    #[test]
    fn the_remainder_a_loop_consumes_is_collected_after_it() {
        let source = "def wrap(text, cols):\n    lines = []\n    while len(text) > cols:\n        end = text.rfind(' ', 0, cols + 1)\n        line, text = text[:end], text[end:]\n        lines.append(line)\n    return lines\n";
        let found = flushes(source, Language::Python, 6);
        assert!(
            found.contains(&vec!["    lines.append(text)".to_string()]),
            "{found:?}"
        );
        assert!(
            found.contains(&vec!["    lines.append(line)".to_string()]),
            "{found:?}"
        );
        assert!(
            !found.iter().flatten().any(|l| l.contains("append(end)")),
            "{found:?}"
        );
        // Only after the loop: the insertion follows the loop's last line.
        let all = hunks(source, Language::Python, 6);
        let hunk = all
            .iter()
            .find(|h| h.operator == MutationOperator::FlushRemainder)
            .unwrap();
        assert_eq!(hunk.line, 6);
    }

    /// A run-length code loses its last run: the accumulators the loop resets are appended
    /// again after it (in Rust after the closing brace); a list appended after the loop
    /// already, or a loop without an accumulator, gets nothing.
    #[test]
    fn the_last_run_of_an_accumulating_loop_is_collected() {
        let python = "def runs(s):\n    out = []\n    current = ''\n    count = 0\n    for ch in s:\n        if ch != current and count:\n            out.append((current, count))\n            count = 0\n        current = ch\n        count += 1\n    return out\n";
        let found = flushes(python, Language::Python, 7);
        assert_eq!(
            found,
            vec![vec!["    out.append((current, count))".to_string()]]
        );

        let rust = "pub fn words(s: &str) -> Vec<String> {\n    let mut out = Vec::new();\n    let mut word = String::new();\n    for c in s.chars() {\n        if c == ' ' {\n            out.push(word);\n            word = String::new();\n        } else {\n            word.push(c);\n        }\n    }\n    out\n}\n";
        let all = hunks(rust, Language::Rust, 6);
        let found: Vec<&HunkMutation> = all
            .iter()
            .filter(|h| h.operator == MutationOperator::FlushRemainder)
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].line, 11);
        assert_eq!(
            found[0].new_lines,
            vec!["    }".to_string(), "    out.push(word);".to_string()]
        );

        // A piece written in two appends: both again after the loop.
        let encode = "pub fn rle(s: &str) -> String {\n    let mut out = String::new();\n    let mut chars = s.chars();\n    let Some(mut current) = chars.next() else {\n        return out;\n    };\n    let mut count = 1;\n    for c in chars {\n        if c == current {\n            count += 1;\n        } else {\n            out.push_str(&count.to_string());\n            out.push(current);\n            current = c;\n            count = 1;\n        }\n    }\n    out\n}\n";
        let all = hunks(encode, Language::Rust, 12);
        assert!(
            find(
                &all,
                &["    }"],
                &[
                    "    }",
                    "    out.push_str(&count.to_string());",
                    "    out.push(current);"
                ]
            )
            .is_some_and(|h| h.line == 17 && h.operator == MutationOperator::FlushRemainder),
            "{all:?}"
        );
        let done = "def squares(xs):\n    out = []\n    for x in xs:\n        out.append(x * x)\n    return out\n";
        assert!(flushes(done, Language::Python, 4).is_empty());
        let flushed = "def runs(s):\n    out = []\n    cur = ''\n    for ch in s:\n        out.append(cur)\n        cur = ch\n    out.append(cur)\n    return out\n";
        assert!(flushes(flushed, Language::Python, 5).is_empty());
    }

    /// A group written through a format string (`f"{count}{current}"`, `format!(…)`) reads
    /// the names inside its braces: the last group of a look-and-say term is collected after
    /// the loop (probe33-python-02), in Rust too.
    #[test]
    fn a_formatted_last_group_is_collected_after_the_loop() {
        let python = "def look_and_say(digits):\n    if not digits:\n        return ''\n    parts = []\n    current, count = digits[0], 1\n    for ch in digits[1:]:\n        if ch == current:\n            count += 1\n        else:\n            parts.append(f\"{count}{current}\")\n            current, count = ch, 1\n    return ''.join(parts)\n";
        let found = flushes(python, Language::Python, 10);
        assert!(
            found.contains(&vec!["    parts.append(f\"{count}{current}\")".to_string()]),
            "{found:?}"
        );
        let rust = "pub fn say(digits: &str) -> String {\n    let mut parts = Vec::new();\n    let mut count = 0;\n    let mut current = ' ';\n    for c in digits.chars() {\n        if c == current {\n            count += 1;\n        } else {\n            parts.push(format!(\"{count}{current}\"));\n            current = c;\n            count = 1;\n        }\n    }\n    parts.concat()\n}\n";
        let all = hunks(rust, Language::Rust, 9);
        assert!(
            find(
                &all,
                &["    }"],
                &["    }", "    parts.push(format!(\"{count}{current}\"));"]
            )
            .is_some(),
            "{all:?}"
        );
        // A constant piece reads no refilled name: nothing to collect.
        let constant = "def marks(xs):\n    out = []\n    for x in xs:\n        if x:\n            out.append(f\"{len(xs)}\")\n    return out\n";
        assert!(flushes(constant, Language::Python, 5).is_empty());
    }

    /// Two parameters that come in pairs are twins even when no two lines pair them: the
    /// rest of `a` appended after a `zip(a, b)` loop gets the rest of `b`.
    #[test]
    fn paired_parameters_are_twins() {
        let source = "def interleave(a, b):\n    result = []\n    for x, y in zip(a, b):\n        result.append(x)\n        result.append(y)\n    n = min(len(a), len(b))\n    result.extend(a[n:])\n    return result\n";
        let all = hunks(source, Language::Python, 7);
        assert!(
            find(
                &all,
                &["    result.extend(a[n:])"],
                &["    result.extend(a[n:])", "    result.extend(b[n:])"]
            )
            .is_some_and(|h| h.operator == MutationOperator::MirrorStatement),
            "{all:?}"
        );
    }

    /// A merge copies what is left of `a` and forgets `b`: `a`/`b` and `i`/`j` are twins
    /// (`out.append(a[i])` / `out.append(b[j])`), so `out.extend(a[i:])` gets its twin. Lines
    /// that have their twin, or name both sides, get nothing.
    #[test]
    fn a_statement_missing_its_twin_gets_it() {
        let source = "def merge(a, b):\n    out = []\n    i = j = 0\n    while i < len(a) and j < len(b):\n        if a[i] <= b[j]:\n            out.append(a[i])\n            i += 1\n        else:\n            out.append(b[j])\n            j += 1\n    out.extend(a[i:])\n    return out\n";
        let found: Vec<HunkMutation> = hunks(source, Language::Python, 11)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::MirrorStatement)
            .collect();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].line, 11);
        assert_eq!(
            found[0].new_lines,
            vec![
                "    out.extend(a[i:])".to_string(),
                "    out.extend(b[j:])".to_string()
            ]
        );

        let rust = "pub fn merge(a: &[i32], b: &[i32]) -> Vec<i32> {\n    let mut out = Vec::new();\n    let (mut i, mut j) = (0, 0);\n    while i < a.len() && j < b.len() {\n        if a[i] <= b[j] {\n            out.push(a[i]);\n            i += 1;\n        } else {\n            out.push(b[j]);\n            j += 1;\n        }\n    }\n    out.extend_from_slice(&a[i..]);\n    out.extend_from_slice(&b[j..]);\n    out\n}\n";
        assert!(
            hunks(rust, Language::Rust, 13)
                .iter()
                .all(|h| h.operator != MutationOperator::MirrorStatement),
        );
    }

    /// The description states `a[i] = i * i - i + 1`; the code pushes `i * i`: the stated
    /// formula replaces it, in both languages. A formula naming what the code does not, or a
    /// comparison (`==`), is no statement of a value.
    #[test]
    fn a_value_computed_short_of_the_stated_formula_gets_it_whole() {
        let rust = "/*\n For each i (1 ≤ i ≤ n), the value of a[i] = i * i - i + 1.\n Return the count.\n*/\nfn triples(n:i32) -> i32{\n    let mut a:Vec<i32> = vec![];\n    for i in 1..=n {\n        a.push(i * i);\n    }\n    return a.len() as i32;\n}\n";
        let found: Vec<(u32, Vec<String>)> = hunks(rust, Language::Rust, 8)
            .into_iter()
            .filter(|h| h.description.contains("the formula the description states"))
            .map(|h| (h.line, h.new_lines))
            .collect();
        assert_eq!(
            found,
            vec![(8, vec!["        a.push(i * i - i + 1);".to_string()])]
        );
        let python = "def triples(n):\n    \"\"\"For each i, the value of a[i] = i * i - i + 1. Count them.\"\"\"\n    A = [i * i for i in range(1, n + 1)]\n    return len(A)\n";
        let found: Vec<Vec<String>> = hunks(python, Language::Python, 3)
            .into_iter()
            .filter(|h| h.description.contains("the formula the description states"))
            .map(|h| h.new_lines)
            .collect();
        assert_eq!(
            found,
            vec![vec![
                "    A = [i * i - i + 1 for i in range(1, n + 1)]".to_string()
            ]]
        );
        assert_eq!(
            stated_formulas("returns x == y + 1, or z = w * k - q, and area = width * height."),
            vec!["w * k - q".to_string(), "width * height".to_string()]
        );
        let unknown = "def f(n):\n    \"\"\"the value = n * n + m.\"\"\"\n    return n * n\n";
        assert!(
            hunks(unknown, Language::Python, 3)
                .iter()
                .all(|h| !h.description.contains("the formula the description states"))
        );
    }

    /// The description says the date reads `mm-dd-yyyy`; the code unpacks day first. The
    /// targets (and only they) are put in the stated order, in both languages and in the
    /// consecutive-assignment form; names the order does not cover are left alone.
    #[test]
    fn names_are_put_in_the_order_the_description_states() {
        let python = "def valid_date(date):\n    \"\"\"The date should be in the format: mm-dd-yyyy\"\"\"\n    day, month, year = date.split('-')\n    return int(month) <= 12\n";
        assert_eq!(
            placed(python, Language::Python, 3, |h| h.operator
                == MutationOperator::StatedOrder),
            vec![(
                3,
                vec!["    month, day, year = date.split('-')".to_string()]
            )]
        );
        let rust = "/*\n The date should be in the format: mm-dd-yyyy\n*/\nfn valid_date(date: &str) -> bool {\n    let parts: Vec<&str> = date.split('-').collect();\n    let (day, month, year) = (parts[0], parts[1], parts[2]);\n    let mut dd = 0;\n    let mut mm = 0;\n    dd = date[0..2].parse::<i32>().unwrap();\n    mm = date[3..5].parse::<i32>().unwrap();\n    month.len() + day.len() + year.len() + dd + mm > 0\n}\n";
        let found = placed(rust, Language::Rust, 6, |h| {
            h.operator == MutationOperator::StatedOrder
        });
        assert!(found.contains(&(
            6,
            vec!["    let (month, day, year) = (parts[0], parts[1], parts[2]);".to_string()]
        )));
        assert!(found.contains(&(
            9,
            vec![
                "    mm = date[0..2].parse::<i32>().unwrap();".to_string(),
                "    dd = date[3..5].parse::<i32>().unwrap();".to_string()
            ]
        )));
        // The declarations `let mut dd = 0; let mut mm = 0;` are a run in the wrong order
        // too, but swapping them changes nothing: both are offered, the probe decides.
        assert!(
            found.iter().all(|(line, _)| [6, 7, 9].contains(line)),
            "{found:?}"
        );

        assert_eq!(
            order::stated_orders(
                "Format: mm-dd-yyyy or HH:MM. Return a tuple (sum, product). A non-negative int_2-x."
            ),
            vec![
                vec!["mm".to_string(), "dd".to_string(), "yyyy".to_string()],
                vec!["hh".to_string(), "mm".to_string()],
                vec!["non".to_string(), "negative".to_string()],
                vec!["sum".to_string(), "product".to_string()],
            ]
        );
        // Names that do not all stand for a part of the order, or a call's arguments: none.
        let unrelated = "def f(date):\n    \"\"\"Format: mm-dd-yyyy.\"\"\"\n    day, hour = g(date)\n    return h(day, month)\n";
        assert!(
            hunks(unrelated, Language::Python, 3)
                .iter()
                .all(|h| h.operator != MutationOperator::StatedOrder)
        );
    }

    /// A merge loop with neither tail after it gets both, in both languages; with one tail
    /// there, this family proposes nothing (`mirror_statement` adds the twin).
    #[test]
    fn a_merge_that_loses_both_tails_gets_them() {
        let python = "def merge(a, b):\n    out = []\n    i = j = 0\n    while i < len(a) and j < len(b):\n        if a[i] <= b[j]:\n            out.append(a[i])\n            i += 1\n        else:\n            out.append(b[j])\n            j += 1\n    return out\n";
        let tails = |h: &HunkMutation| h.description.contains("after the merge loop");
        assert_eq!(
            placed(python, Language::Python, 6, tails),
            vec![(
                10,
                vec![
                    "            j += 1".to_string(),
                    "    out.extend(a[i:])".to_string(),
                    "    out.extend(b[j:])".to_string()
                ]
            )]
        );
        let rust = "fn merge(a: &[i32], b: &[i32]) -> Vec<i32> {\n    let mut out = Vec::new();\n    let (mut i, mut j) = (0, 0);\n    while i < a.len() && j < b.len() {\n        if a[i] <= b[j] {\n            out.push(a[i]);\n            i += 1;\n        } else {\n            out.push(b[j]);\n            j += 1;\n        }\n    }\n    out\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 6, tails),
            vec![(
                12,
                vec![
                    "    }".to_string(),
                    "    out.extend_from_slice(&a[i..]);".to_string(),
                    "    out.extend_from_slice(&b[j..]);".to_string()
                ]
            )]
        );
        let one_tail = python.replace(
            "    return out\n",
            "    out.extend(a[i:])\n    return out\n",
        );
        assert!(placed(&one_tail, Language::Python, 6, tails).is_empty());
    }

    /// A cycle check that returns the partial order it should refuse: the guard's value is
    /// replaced, `None` first since the description names it; a guard returning something
    /// else than the fall-through is left alone. Rust: an `Option` function's guard gets `None`.
    #[test]
    fn a_guard_returning_what_the_function_returns_anyway_returns_something_else() {
        let python = "def topo(graph):\n    \"\"\"The order, or None on a cycle.\"\"\"\n    order = walk(graph)\n    if len(order) < len(graph):\n        return order\n    return order\n";
        let distinct = |h: &HunkMutation| h.operator == MutationOperator::DistinctReturn;
        let found = placed(python, Language::Python, 5, distinct);
        assert_eq!(
            found.first(),
            Some(&(5, vec!["        return None".to_string()]))
        );
        assert_eq!(found.len(), 4);
        let rust = "fn topo(n: usize) -> Option<Vec<usize>> {\n    let order = walk(n);\n    if order.len() < n {\n        return Some(order);\n    }\n    Some(order)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 4, distinct),
            vec![(4, vec!["        return None;".to_string()])]
        );
        let different = "def f(xs):\n    if not xs:\n        return None\n    return xs[0]\n";
        assert!(placed(different, Language::Python, 3, distinct).is_empty());
    }

    /// Insertion sort's inner loop lost its `j -= 1`: the body writes `v[j]`, which reads `j`
    /// as an index and does not change it, so the step for `j` is offered (regression: an
    /// index on the left counted as assigning it, and only `key`'s step was offered).
    #[test]
    fn an_index_on_the_left_does_not_count_as_a_step() {
        let rust = "fn sort(v: &mut [i32]) {\n    for i in 1..v.len() {\n        let key = v[i];\n        let mut j = i;\n        while j > 0 && v[j - 1] > key {\n            v[j] = v[j - 1];\n        }\n        v[j] = key;\n    }\n}\n";
        let steps: Vec<String> = hunks(rust, Language::Rust, 6)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::LoopStep)
            .map(|h| h.new_lines[1].trim().to_string())
            .collect();
        assert!(steps.contains(&"j -= 1;".to_string()), "{steps:?}");
        let python = "def sort(result, key, j):\n    while j >= 0 and result[j] > key:\n        result[j + 1] = result[j]\n    return result\n";
        let steps: Vec<String> = hunks(python, Language::Python, 3)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::LoopStep)
            .map(|h| h.new_lines[1].trim().to_string())
            .collect();
        assert!(steps.contains(&"j -= 1".to_string()), "{steps:?}");
    }

    /// A recursive search asks `seen` and never fills it: the node it is called for is
    /// marked after the set's own set-up; a search that does fill it gets nothing.
    #[test]
    fn a_set_asked_but_never_filled_gets_the_visit_marked() {
        let python = "def has_path(graph, source, target, seen=None):\n    \"\"\"Reachable?\n    Graphs may contain cycles.\n    \"\"\"\n    if seen is None:\n        seen = set()\n    if source == target:\n        return True\n    for nxt in graph.get(source, []):\n        if nxt not in seen and has_path(graph, nxt, target, seen):\n            return True\n    return False\n";
        let marks = |h: &HunkMutation| h.description.contains("never filled");
        let found = placed(python, Language::Python, 10, marks);
        assert!(
            found.contains(&(
                6,
                vec![
                    "        seen = set()".to_string(),
                    "    seen.add(source)".to_string()
                ]
            )),
            "{found:?}"
        );
        let filled = python.replace(
            "    if source == target:",
            "    seen.add(source)\n    if source == target:",
        );
        assert!(placed(&filled, Language::Python, 11, marks).is_empty());
    }

    /// An RPN evaluator takes its operands off the stack in the wrong order: the two pops'
    /// targets are exchanged, in both languages; two different right sides are left alone.
    #[test]
    fn two_values_taken_off_in_the_wrong_order_are_exchanged() {
        let python = "def apply(stack, op):\n    left = stack.pop()\n    right = stack.pop()\n    return op(left, right)\n";
        let swapped = |h: &HunkMutation| h.description.contains("taken off in the other order");
        assert_eq!(
            placed(python, Language::Python, 2, swapped),
            vec![(
                2,
                vec![
                    "    right = stack.pop()".to_string(),
                    "    left = stack.pop()".to_string()
                ]
            )]
        );
        let rust = "fn apply(st: &mut Vec<i64>) -> i64 {\n    let a = st.pop().unwrap();\n    let b = st.pop().unwrap();\n    a - b\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 2, swapped),
            vec![(
                2,
                vec![
                    "    let b = st.pop().unwrap();".to_string(),
                    "    let a = st.pop().unwrap();".to_string()
                ]
            )]
        );
        let different = "def f(xs, ys):\n    a = xs.pop()\n    b = ys.pop()\n    return a - b\n";
        assert!(placed(different, Language::Python, 2, swapped).is_empty());
    }

    /// A loop appends words and the code trims the last character after it, but nothing
    /// appends a separator: one goes after each word, in both languages. A loop that does
    /// append one, or code that never trims, gets none.
    #[test]
    fn a_separator_the_code_trims_but_never_appends_is_appended() {
        let rust = "fn words(sentence: &str) -> String {\n    let mut out = String::new();\n    for w in sentence.split(' ') {\n        if w.len() % 2 == 0 {\n            out.push_str(w);\n        }\n    }\n    if out.len() > 0 {\n        out.pop();\n    }\n    out\n}\n";
        let separator = |h: &HunkMutation| h.operator == MutationOperator::AppendSeparator;
        assert_eq!(
            placed(rust, Language::Rust, 5, separator),
            vec![(
                5,
                vec![
                    "            out.push_str(w);".to_string(),
                    "            out.push(' ');".to_string()
                ]
            )]
        );
        let python = "def shuffle(s):\n    res = ''\n    for word in s.split(','):\n        res += ''.join(sorted(word))\n    return res[:-1]\n";
        assert_eq!(
            placed(python, Language::Python, 4, separator),
            vec![
                (
                    4,
                    vec![
                        "        res += ''.join(sorted(word))".to_string(),
                        "        res += ' '".to_string()
                    ]
                ),
                (
                    4,
                    vec![
                        "        res += ''.join(sorted(word))".to_string(),
                        "        res += ','".to_string()
                    ]
                )
            ]
        );
        let separated = "def f(s):\n    res = ''\n    for word in s.split():\n        res += word\n        res += ' '\n    return res.rstrip()\n";
        assert!(placed(separated, Language::Python, 4, separator).is_empty());
        let untrimmed = "def f(s):\n    res = ''\n    for word in s.split():\n        res += word\n    return res\n";
        assert!(placed(untrimmed, Language::Python, 4, separator).is_empty());
    }

    /// hefix-rust-77 and -python-77: a cube root compared with the number it was taken from
    /// is raised back to the third power; a comparison of two roots, or of no root, is left.
    #[test]
    fn a_root_compared_with_its_radicand_is_raised_back() {
        let rust = "fn iscube(a:i32) -> bool{\n    let a1: f64 = i32::abs(a) as f64;\n    let sqrt_3 = f64::powf(a1, 1.0 / 3.0).ceil();\n    return sqrt_3 as i32 == a1 as i32;\n}\n";
        let root = |h: &HunkMutation| h.description.contains("a root compared with");
        assert_eq!(
            placed(rust, Language::Rust, 4, root),
            vec![(
                4,
                vec!["    return i32::pow(sqrt_3 as i32, 3) == a1 as i32;".to_string()]
            )]
        );
        let python = "def iscube(a):\n    a = abs(a)\n    return int(round(a ** (1. / 3))) == a\n";
        assert_eq!(
            placed(python, Language::Python, 3, root),
            vec![(
                3,
                vec!["    return int(round(a ** (1. / 3))) ** 3 == a".to_string()]
            )]
        );
        let square = "def is_square(n):\n    r = math.isqrt(n)\n    return r == n\n";
        assert_eq!(
            placed(square, Language::Python, 3, root),
            vec![(3, vec!["    return r ** 2 == n".to_string()])]
        );
        let both = "def same(a, b):\n    return a ** 0.5 == math.sqrt(b)\n";
        assert!(placed(both, Language::Python, 2, root).is_empty());
        let none = "def same(a, b):\n    return a * 2 == b\n";
        assert!(placed(none, Language::Python, 2, root).is_empty());
    }

    /// Newton's method computes the next guess from `x`, compares the two, and never moves
    /// `x`: `x = y` goes at the end of the loop, in both languages; a loop that moves `x`, or
    /// a Rust `x` that is not `mut`, gets nothing.
    #[test]
    fn an_iteration_that_never_moves_gets_its_step() {
        let python = "def isqrt(n):\n    if n < 2:\n        return n\n    x = n\n    while True:\n        y = (x + n // x) // 2\n        if y >= x:\n            return x\n    return x\n";
        let moves = |h: &HunkMutation| h.description.contains("never moves");
        assert_eq!(
            placed(python, Language::Python, 6, moves),
            vec![(
                8,
                vec![
                    "            return x".to_string(),
                    "        x = y".to_string()
                ]
            )]
        );
        let moved = python.replace(
            "            return x\n",
            "            return x\n        x = y\n",
        );
        assert!(placed(&moved, Language::Python, 6, moves).is_empty());
        let rust = "fn isqrt(n: u64) -> u64 {\n    if n < 2 {\n        return n;\n    }\n    let mut x = n;\n    loop {\n        let y = (x + n / x) / 2;\n        if y >= x {\n            return x;\n        }\n    }\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 7, moves),
            vec![(
                10,
                vec!["        }".to_string(), "        x = y;".to_string()]
            )]
        );
        let fixed_x = rust.replace("let mut x = n;", "let x = n;");
        assert!(placed(&fixed_x, Language::Rust, 7, moves).is_empty());
    }

    /// Digits written while the number is positive write nothing for zero: the case goes
    /// before the loop (a string, a list of digits, a Rust `String`); a function that already
    /// looks at zero gets nothing.
    #[test]
    fn a_digit_loop_that_writes_nothing_for_zero_gets_the_zero_case() {
        let python = "def to_base(n, base):\n    sign = \"-\" if n < 0 else \"\"\n    n = abs(n)\n    digits = []\n    while n > 0:\n        n, r = divmod(n, base)\n        digits.append(DIGITS[r])\n    return sign + \"\".join(reversed(digits))\n";
        let zero = |h: &HunkMutation| h.description.contains("writes nothing for zero");
        assert_eq!(
            placed(python, Language::Python, 6, zero),
            vec![(
                4,
                vec![
                    "    digits = []".to_string(),
                    "    if n == 0:".to_string(),
                    "        return \"0\"".to_string()
                ]
            )]
        );
        let list = "def digits(n):\n    out = []\n    while n:\n        out.append(n % 10)\n        n //= 10\n    return out[::-1]\n";
        assert_eq!(
            placed(list, Language::Python, 4, zero)[0].1[1..],
            [
                "    if n == 0:".to_string(),
                "        return [0]".to_string()
            ]
        );
        let handled = python.replace(
            "    n = abs(n)\n",
            "    if n == 0:\n        return \"0\"\n    n = abs(n)\n",
        );
        assert!(placed(&handled, Language::Python, 8, zero).is_empty());
        let rust = "fn binary(mut n: u32) -> String {\n    let mut out = String::new();\n    while n > 0 {\n        out.insert(0, if n % 2 == 1 { '1' } else { '0' });\n        n /= 2;\n    }\n    out\n}\n";
        // The Rust function answers with its last expression, not a `return`: a `String`
        // signature is what says it is text.
        assert_eq!(
            placed(rust, Language::Rust, 4, zero),
            vec![(
                2,
                vec![
                    "    let mut out = String::new();".to_string(),
                    "    if n == 0 {".to_string(),
                    "        return \"0\".to_string();".to_string(),
                    "    }".to_string()
                ]
            )]
        );
    }

    /// A running maximum started at 0 answers 0 for all-negative values: it starts at the
    /// type's extreme, the walked sequence's first value, or another running value's start;
    /// a running count from 0 (no max) is left alone.
    #[test]
    fn a_running_maximum_started_at_zero_starts_at_an_extreme() {
        let python = "def max_subarray_sum(nums):\n    best = 0\n    current = 0\n    for x in nums:\n        current = max(x, current + x)\n        best = max(best, current)\n    return best\n";
        let starts = |h: &HunkMutation| h.operator == MutationOperator::ExtremeStart;
        assert_eq!(
            placed(python, Language::Python, 6, starts),
            vec![
                (2, vec!["    best = float(\"-inf\")".to_string()]),
                (2, vec!["    best = nums[0]".to_string()]),
                (3, vec!["    current = float(\"-inf\")".to_string()]),
                (3, vec!["    current = nums[0]".to_string()]),
            ]
        );
        let rust = "pub fn max_subarray_sum(v: &[i64]) -> Option<i64> {\n    let (&first, rest) = v.split_first()?;\n    let mut current = first;\n    let mut best = 0;\n    for &x in rest {\n        current = (current + x).max(x);\n        best = best.max(current);\n    }\n    Some(best)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 7, starts),
            vec![
                (4, vec!["    let mut best = i64::MIN;".to_string()]),
                (4, vec!["    let mut best = rest[0];".to_string()]),
                (4, vec!["    let mut best = first;".to_string()]),
            ]
        );
        // A best kept by a comparison rather than `max`.
        let kept = "def richest(rows):\n    best_i = 0\n    best = 0\n    for i, row in enumerate(rows):\n        s = sum(row)\n        if s > best:\n            best = s\n            best_i = i\n    return best_i\n";
        assert!(
            placed(kept, Language::Python, 7, starts)
                .contains(&(3, vec!["    best = float(\"-inf\")".to_string()])),
            "{:?}",
            placed(kept, Language::Python, 7, starts)
        );
        let count = "def count(nums):\n    total = 0\n    for x in nums:\n        total = total + x\n    return total\n";
        assert!(placed(count, Language::Python, 4, starts).is_empty());
    }

    /// A "minimum" computed with `max` (and no `min` anywhere) gets each `max` call made
    /// `min`, and all of them at once; "at least" names no extreme, and a body that calls the
    /// named extreme already, or a description naming both, offers nothing.
    #[test]
    fn the_extreme_a_description_names_replaces_the_one_computed() {
        let python = "def edit_distance(a, b):\n    \"\"\"The minimum number of edits.\"\"\"\n    prev = list(range(len(b) + 1))\n    for i in range(1, len(a) + 1):\n        cur = [i]\n        for j in range(1, len(b) + 1):\n            cur.append(max(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])))\n        prev = cur\n    return prev[-1]\n";
        let described = |h: &HunkMutation| h.operator == MutationOperator::DescribedExtreme;
        assert_eq!(
            placed(python, Language::Python, 7, described),
            vec![(
                7,
                vec!["            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])))".to_string()]
            )]
        );
        let rust = "/// The largest gap between neighbours, at least 0.\npub fn widest(v: &[i64]) -> i64 {\n    let lo = v.iter().copied().min_by_key(|x| *x).unwrap_or(0);\n    let hi = v.iter().copied().min().unwrap_or(0);\n    hi - lo\n}\n";
        let both = placed(rust, Language::Rust, 4, described);
        assert_eq!(
            both,
            vec![
                (
                    3,
                    vec![
                        "    let lo = v.iter().copied().max_by_key(|x| *x).unwrap_or(0);"
                            .to_string()
                    ]
                ),
                (
                    4,
                    vec!["    let hi = v.iter().copied().max().unwrap_or(0);".to_string()]
                ),
                (
                    3,
                    vec![
                        "    let lo = v.iter().copied().max_by_key(|x| *x).unwrap_or(0);"
                            .to_string(),
                        "    let hi = v.iter().copied().max().unwrap_or(0);".to_string()
                    ]
                ),
            ]
        );
        let lis = "/// The length of the longest increasing subsequence.\npub fn lis(v: &[i32]) -> usize {\n    let n = v.len();\n    let mut dp = vec![1usize; n];\n    for i in 1..n {\n        for j in 0..i {\n            if v[j] < v[i] {\n                dp[i] = dp[i].max(dp[j] + 1);\n            }\n        }\n    }\n    dp[n - 1]\n}\n";
        assert_eq!(
            placed(lis, Language::Rust, 12, described),
            vec![(12, vec!["    *dp.iter().max().unwrap()".to_string()])]
        );
        // A name says which extreme it keeps.
        let profit = "pub fn max_profit(prices: &[i64]) -> i64 {\n    let mut min_price = i64::MAX;\n    let mut best = 0;\n    for &p in prices {\n        min_price = min_price.max(p);\n        best = best.max(p - min_price);\n    }\n    best\n}\n";
        assert_eq!(
            placed(profit, Language::Rust, 5, described),
            vec![(5, vec!["        min_price = min_price.min(p);".to_string()])]
        );
        let smallest = "def f(xs):\n    smallest = xs[0]\n    for x in xs:\n        smallest = max(smallest, x)\n    return smallest\n";
        assert_eq!(
            placed(smallest, Language::Python, 4, described),
            vec![(4, vec!["        smallest = min(smallest, x)".to_string()])]
        );
        let bounded = "def pad(xs, n):\n    \"\"\"Pad xs to at least n items.\"\"\"\n    return xs + [0] * max(0, n - len(xs))\n";
        assert!(placed(bounded, Language::Python, 3, described).is_empty());
        let computes_it = "def spread(xs):\n    \"\"\"The largest value minus the smallest.\"\"\"\n    return max(xs) - max(xs)\n";
        assert!(placed(computes_it, Language::Python, 3, described).is_empty());
        let already = "def best(xs):\n    \"\"\"The largest value.\"\"\"\n    m = max(xs)\n    return min(m, 100)\n";
        assert!(placed(already, Language::Python, 3, described).is_empty());
    }

    /// "9 is subtracted from it" over `d %= 9` offers `d -= 9`; a number the body already
    /// treats as stated somewhere (`n % 10` beside `n //= 10`), a negative literal and an
    /// unstated number are left alone.
    #[test]
    fn an_operation_the_description_states_replaces_the_one_done() {
        let rust = "/// Every second digit is doubled, and if the doubled value exceeds 9, 9 is\n/// subtracted from it.\npub fn luhn(digits: &[u32]) -> u32 {\n    let mut sum = 0;\n    for (i, &x) in digits.iter().rev().enumerate() {\n        let mut d = x;\n        if i % 2 == 1 {\n            d *= 2;\n            if d > 9 {\n                d %= 9;\n            }\n        }\n        sum += d;\n    }\n    sum\n}\n";
        let stated = |h: &HunkMutation| h.operator == MutationOperator::StatedOperation;
        assert_eq!(
            placed(rust, Language::Rust, 10, stated),
            vec![(10, vec!["                d -= 9;".to_string()])]
        );
        let python =
            "def halve(n):\n    \"\"\"n divided by 2, then 1 added.\"\"\"\n    return n * 2 + 1\n";
        assert_eq!(
            placed(python, Language::Python, 3, stated),
            vec![
                (3, vec!["    return n / 2 + 1".to_string()]),
                (3, vec!["    return n // 2 + 1".to_string()]),
            ]
        );
        let digits = "def digit_sum(n):\n    \"\"\"Add up the remainder of n modulo 10, divided by 10 each step.\"\"\"\n    total = 0\n    while n > 0:\n        total += n % 10\n        n //= 10\n    return total - 1\n";
        assert!(placed(digits, Language::Python, 5, stated).is_empty());
    }

    /// "reverse the resulting array" over code that sorts and never reverses: the reverse
    /// after the sort, or before the returned list; "return the sorted …" over code that
    /// never sorts: the returned list sorted. A count is never sorted, and a step the code
    /// takes already is not offered again.
    #[test]
    fn a_step_the_description_names_and_the_code_never_takes_is_added() {
        let rust = "/*\n    Sort the integers between 1 and 9, reverse the resulting array.\n*/\nfn by_length(arr: Vec<i32>) -> Vec<i32> {\n    let mut arr_cp: Vec<i32> = arr.clone();\n    arr_cp.sort();\n    let mut res = vec![];\n    for x in arr_cp {\n        res.push(x);\n    }\n    return res;\n}\n";
        let step = |h: &HunkMutation| h.operator == MutationOperator::DescribedCall;
        assert_eq!(
            placed(rust, Language::Rust, 6, step),
            vec![
                (
                    6,
                    vec![
                        "    arr_cp.sort();".to_string(),
                        "    arr_cp.reverse();".to_string()
                    ]
                ),
                (
                    11,
                    vec![
                        "    res.reverse();".to_string(),
                        "    return res;".to_string()
                    ]
                ),
            ]
        );
        let python = "def unique(l):\n    \"\"\"Return sorted unique elements in a list.\"\"\"\n    out = []\n    for x in l:\n        if x not in out:\n            out.append(x)\n    count = len(out)\n    if count == 0:\n        return count\n    return out\n";
        assert_eq!(
            placed(python, Language::Python, 6, step),
            vec![(10, vec!["    return sorted(out)".to_string()])]
        );
        let sorts = "def unique(l):\n    \"\"\"Return sorted unique elements in a list.\"\"\"\n    return sorted(set(l))\n";
        assert!(placed(sorts, Language::Python, 3, step).is_empty());
    }

    /// A guard too many is dropped and its body run one level out; an `if` with an `else`,
    /// or one whose body exits, is left alone.
    #[test]
    fn a_guard_too_many_is_unwrapped() {
        let python = "def products(nums):\n    prefix = 1\n    out = []\n    for i in range(len(nums)):\n        out.append(prefix)\n        if nums[i] != 0:\n            prefix *= nums[i]\n    return out\n";
        let unwrapped = |h: &HunkMutation| h.operator == MutationOperator::UnwrapGuard;
        assert_eq!(
            placed(python, Language::Python, 7, unwrapped),
            vec![(6, vec!["        prefix *= nums[i]".to_string()])]
        );
        let rust = "pub fn total(v: &[i64]) -> i64 {\n    let mut sum = 0;\n    for &x in v {\n        if x > 0 {\n            sum += x;\n        }\n        if x < -100 {\n            return 0;\n        }\n        if x == 7 {\n            sum += 1;\n        } else {\n            sum -= 1;\n        }\n    }\n    sum\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, unwrapped),
            vec![(4, vec!["        sum += x;".to_string()])]
        );
    }

    /// probe37-python-01: a repeat count built digit by digit is pushed with the text before
    /// a bracket and never set back to 0, so `3[a2[c]]` reads 32 for the inner count.
    #[test]
    fn probe37_python_01_a_number_built_digit_by_digit_is_set_back_to_zero_after_it_is_pushed() {
        let reset = |h: &HunkMutation| h.operator == MutationOperator::ResetState;
        let python = "def expand(s):\n    stack = []\n    text = ''\n    count = 0\n    for ch in s:\n        if ch.isdigit():\n            count = count * 10 + int(ch)\n        elif ch == '(':\n            stack.append((text, count))\n            text = ''\n        elif ch == ')':\n            before, times = stack.pop()\n            text = before + text * times\n        else:\n            text += ch\n    return text\n";
        assert_eq!(
            placed(python, Language::Python, 9, reset),
            vec![(
                9,
                vec![
                    "            stack.append((text, count))".to_string(),
                    "            count = 0".to_string()
                ]
            )]
        );
        let rust = "pub fn sums(s: &str) -> Vec<u32> {\n    let mut out = Vec::new();\n    let mut n = 0;\n    for ch in s.chars() {\n        if let Some(d) = ch.to_digit(10) {\n            n = n * 10 + d;\n        } else {\n            out.push(n);\n        }\n    }\n    out\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 8, reset),
            vec![(
                8,
                vec![
                    "            out.push(n);".to_string(),
                    "            n = 0;".to_string()
                ]
            )]
        );
        // A count that is only ever added to and never consumed whole gets nothing.
        let counted = "def count(s):\n    n = 0\n    for ch in s:\n        if ch == 'a':\n            n += 1\n    return n\n";
        assert!(placed(counted, Language::Python, 5, reset).is_empty());
    }

    /// probe37-python-03: the carry of a binary addition is read at the top of each step and
    /// set at its end; when the loop ends, a carry left over is never written: after the loop,
    /// `if carry:` and the loop's own append with the carry in the piece's place.
    #[test]
    fn probe37_python_03_a_carry_left_when_the_loop_ends_is_collected() {
        let python = "def add(a, b):\n    i, j = len(a) - 1, len(b) - 1\n    carry = 0\n    out = []\n    while i >= 0 or j >= 0:\n        s = carry\n        if i >= 0:\n            s += int(a[i])\n            i -= 1\n        if j >= 0:\n            s += int(b[j])\n            j -= 1\n        out.append(str(s % 10))\n        carry = s // 10\n    return ''.join(reversed(out))\n";
        let found = flushes(python, Language::Python, 13);
        assert!(
            found.contains(&vec![
                "    if carry:".to_string(),
                "        out.append(str(carry))".to_string()
            ]),
            "{found:#?}"
        );
        let rust = "pub fn add(a: &[u8], b: &[u8]) -> Vec<u8> {\n    let mut carry = 0;\n    let mut out = Vec::new();\n    for k in 0..a.len() {\n        let s = a[k] + b[k] + carry;\n        out.push(s % 10);\n        carry = s / 10;\n    }\n    out\n}\n";
        let found = flushes(rust, Language::Rust, 6);
        assert!(
            found.contains(&vec![
                "    if carry != 0 {".to_string(),
                "        out.push(carry);".to_string(),
                "    }".to_string()
            ]),
            "{found:#?}"
        );
    }

    /// probe37-rust-25: the description calls `'#'` a wall and the search never looks for
    /// it: after the guard that skips a neighbour off the grid, the wall is skipped too.
    #[test]
    fn probe37_rust_25_a_described_wall_is_skipped_after_the_bounds_guard() {
        let wall = |h: &HunkMutation| h.description.starts_with("the described wall");
        let rust = "/*\nIn grid, 'X' is a wall; return the cells reachable from start.\n*/\nfn reach(grid: &[&str], start: (usize, usize)) -> usize {\n    let g: Vec<&[u8]> = grid.iter().map(|r| r.as_bytes()).collect();\n    let (h, w) = (g.len(), g[0].len());\n    let mut seen = vec![vec![false; w]; h];\n    let mut stack = vec![start];\n    let mut count = 0;\n    while let Some((r, c)) = stack.pop() {\n        count += 1;\n        for &(y, x) in [(r + 1, c), (r, c + 1)].iter() {\n            if y >= h || x >= w {\n                continue;\n            }\n            if !seen[y][x] {\n                seen[y][x] = true;\n                stack.push((y, x));\n            }\n        }\n    }\n    count\n}\n";
        let found = placed(rust, Language::Rust, 13, wall);
        assert!(
            found.contains(&(
                15,
                vec![
                    "            }".to_string(),
                    "            if g[y][x] == b'X' {".to_string(),
                    "                continue;".to_string(),
                    "            }".to_string()
                ]
            )),
            "{found:#?}"
        );
        // A function that looks for the wall already gets nothing.
        let looks = rust.replace("if !seen[y][x] {", "if !seen[y][x] && g[y][x] != b'X' {");
        assert!(placed(&looks, Language::Rust, 13, wall).is_empty());
    }

    /// probe37-rust-03: the description lists the vowels (a, e, i, o and u) and the code's
    /// set has `'y'` too: the set made the described one, in both languages.
    #[test]
    fn probe37_rust_03_a_written_set_becomes_the_described_one() {
        let set = |h: &HunkMutation| h.operator == MutationOperator::DescribedSet;
        let rust = "/*\nCount the vowels (a, e, i, o and u) of s.\n*/\nfn count(s: &str) -> usize {\n    s.chars().filter(|c| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y')).count()\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, set),
            vec![(
                5,
                vec![
                    "    s.chars().filter(|c| matches!(c, 'a' | 'e' | 'i' | 'o' | 'u')).count()"
                        .to_string()
                ]
            )]
        );
        let python = "def count(s):\n    \"\"\"Count the vowels (a, e, i, o, u) of s.\"\"\"\n    return sum(1 for c in s if c in \"aeoAEO\")\n";
        assert_eq!(
            placed(python, Language::Python, 3, set),
            vec![(
                3,
                vec!["    return sum(1 for c in s if c in \"aeoAEOiIuU\")".to_string()]
            )]
        );
        let right = rust.replace(" | 'y'", "");
        assert!(placed(&right, Language::Rust, 5, set).is_empty());
    }

    /// probe37-rust-23: a clamp to the `i32` range whose description names `i32::MIN` writes
    /// `-(i32::MAX as i64)`: that line with the named minimum, probed first; a description
    /// that names no minimum gets no such hunk.
    #[test]
    fn probe37_rust_23_the_described_minimum_replaces_the_negated_maximum() {
        let described = |h: &HunkMutation| h.operator == MutationOperator::DescribedExtreme;
        let rust = "/*\nClamp to the i32 range: below it gives i32::MIN, above it i32::MAX.\n*/\nfn clamp(v: i64) -> i32 {\n    v.clamp(-(i32::MAX as i64), i32::MAX as i64) as i32\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, described),
            vec![(
                5,
                vec!["    v.clamp(i32::MIN as i64, i32::MAX as i64) as i32".to_string()]
            )]
        );
        let unnamed = rust.replace("below it gives i32::MIN, above it i32::MAX", "saturating");
        assert!(placed(&unnamed, Language::Rust, 5, described).is_empty());
    }

    /// probe37-rust-21: two bits read from `i` and `i + 1` are both written back at `i`; the
    /// low one belongs at `i + 1` (and, the other way round, the high one at `i`, which is no
    /// change here, so only one hunk). Twins that write each value at its own place get none.
    #[test]
    fn probe37_rust_21_a_value_written_where_its_twin_was_read() {
        let crossed = |h: &HunkMutation| h.operator == MutationOperator::CrossedPlacement;
        let rust = "fn swap_pairs(n: u32) -> u32 {\n    let mut result = 0u32;\n    for i in (0..32).step_by(2) {\n        let low = (n >> i) & 1;\n        let high = (n >> (i + 1)) & 1;\n        result |= low << i;\n        result |= high << i;\n    }\n    result\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 6, crossed),
            vec![(6, vec!["        result |= low << (i + 1);".to_string()])]
        );
        let python = "def swap_pairs(n):\n    result = 0\n    for i in range(0, 32, 2):\n        low = (n >> i) & 1\n        high = (n >> (i + 1)) & 1\n        result |= low << i\n        result |= high << i\n    return result\n";
        assert_eq!(
            placed(python, Language::Python, 6, crossed),
            vec![(6, vec!["        result |= low << (i + 1)".to_string()])]
        );
        let own_places = rust.replace("high << i;", "high << (i + 1);");
        assert!(placed(&own_places, Language::Rust, 6, crossed).is_empty());
    }

    /// probe37-python-05: a pairing kept in two maps, checked in one direction only: the guard
    /// of the other direction (maps and names exchanged) goes right after it; a guard on a
    /// name alone, or a pairing checked both ways, gets none.
    #[test]
    fn probe37_python_05_a_two_way_map_gets_the_guard_of_its_other_direction() {
        let mirror = |h: &HunkMutation| {
            h.operator == MutationOperator::MirrorStatement
                && h.description.starts_with("the guard")
        };
        let python = "def same_shape(s, t):\n    if len(s) != len(t):\n        return False\n    forward = {}\n    backward = {}\n    for a, b in zip(s, t):\n        if a == '?':\n            continue\n        if a in forward and forward[a] != b:\n            return False\n        forward[a] = b\n        backward[b] = a\n    return True\n";
        assert_eq!(
            placed(python, Language::Python, 9, mirror),
            vec![(
                10,
                vec![
                    "            return False".to_string(),
                    "        if b in backward and backward[b] != a:".to_string(),
                    "            return False".to_string()
                ]
            )]
        );
        let both = python.replace(
            "        forward[a] = b\n",
            "        if b in backward and backward[b] != a:\n            return False\n        forward[a] = b\n",
        );
        assert!(placed(&both, Language::Python, 9, mirror).is_empty());
        let rust = "pub fn same_shape(s: &str, t: &str) -> bool {\n    let mut fwd = HashMap::new();\n    let mut back = HashMap::new();\n    for (a, b) in s.chars().zip(t.chars()) {\n        if fwd.contains_key(&a) && fwd[&a] != b {\n            return false;\n        }\n        fwd.insert(a, b);\n        back.insert(b, a);\n    }\n    true\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, mirror),
            vec![(
                7,
                vec![
                    "        }".to_string(),
                    "        if back.contains_key(&b) && back[&b] != a {".to_string(),
                    "            return false;".to_string(),
                    "        }".to_string()
                ]
            )]
        );
    }

    /// A flag raised in the loop and read by a branch that never lowers it is lowered there;
    /// a buffer filled and consumed in the loop and never emptied is emptied after its use.
    #[test]
    fn state_a_loop_never_resets_is_reset() {
        let reset = |h: &HunkMutation| h.operator == MutationOperator::ResetState;
        let flag = "pub fn camel(s: &str) -> String {\n    let mut out = String::new();\n    let mut upper_next = false;\n    for ch in s.chars() {\n        if ch == '_' {\n            upper_next = !out.is_empty();\n        } else if upper_next {\n            out.push(ch.to_ascii_uppercase());\n        } else {\n            out.push(ch);\n        }\n    }\n    out\n}\n";
        assert_eq!(
            placed(flag, Language::Rust, 8, reset),
            vec![(
                8,
                vec![
                    "            out.push(ch.to_ascii_uppercase());".to_string(),
                    "            upper_next = false;".to_string()
                ]
            )]
        );
        let buffer = "pub fn parse(s: &str) -> Option<u64> {\n    let mut total = 0u64;\n    let mut num = String::new();\n    for ch in s.chars() {\n        if ch.is_ascii_digit() {\n            num.push(ch);\n            continue;\n        }\n        let n: u64 = num.parse().ok()?;\n        total += n;\n    }\n    Some(total)\n}\n";
        assert_eq!(
            placed(buffer, Language::Rust, 9, reset),
            vec![(
                9,
                vec![
                    "        let n: u64 = num.parse().ok()?;".to_string(),
                    "        num.clear();".to_string()
                ]
            )]
        );
        let python = "def words(s):\n    out = []\n    word = ''\n    for ch in s:\n        if ch == ' ':\n            out.append(word)\n        else:\n            word += ch\n    return out\n";
        assert_eq!(
            placed(python, Language::Python, 6, reset),
            vec![(
                6,
                vec![
                    "            out.append(word)".to_string(),
                    "            word = ''".to_string()
                ]
            )]
        );
        let cleared = "def words(s):\n    out = []\n    word = ''\n    for ch in s:\n        if ch == ' ':\n            out.append(word)\n            word = ''\n        else:\n            word += ch\n    return out\n";
        assert!(placed(cleared, Language::Python, 6, reset).is_empty());
    }

    /// A separator put before every piece, the first included, is guarded: by the output
    /// holding something (a clause of the `if` it is alone in, or an `if` of its own) or by
    /// the enumerated index being past the first.
    #[test]
    fn a_separator_before_the_first_piece_is_guarded() {
        let guarded = |h: &HunkMutation| h.operator == MutationOperator::SeparatorGuard;
        let python = "def snake(name):\n    out = []\n    for i, ch in enumerate(name):\n        if ch.isupper():\n            out.append(\"_\")\n            out.append(ch.lower())\n        else:\n            out.append(ch)\n    return \"\".join(out)\n";
        assert_eq!(
            placed(python, Language::Python, 5, guarded),
            vec![
                (
                    5,
                    vec![
                        "            if out:".to_string(),
                        "                out.append(\"_\")".to_string()
                    ]
                ),
                (
                    5,
                    vec![
                        "            if i > 0:".to_string(),
                        "                out.append(\"_\")".to_string()
                    ]
                ),
            ]
        );
        let rust = "pub fn collapse(s: &str) -> String {\n    let mut out = String::new();\n    let mut pending = false;\n    for ch in s.chars() {\n        if ch.is_whitespace() {\n            pending = true;\n        } else {\n            if pending {\n                out.push(' ');\n            }\n            out.push(ch);\n            pending = false;\n        }\n    }\n    out\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 9, guarded),
            vec![(
                8,
                vec!["            if pending && !out.is_empty() {".to_string()]
            )]
        );
    }

    /// "An empty matrix gives []" where the body indexes the matrix and never asks whether it
    /// is empty: the case first in the body; a body that asks already gets nothing.
    #[test]
    fn the_described_empty_case_goes_first() {
        let empty = |h: &HunkMutation| h.operator == MutationOperator::EmptyCase;
        let python = "def spiral(matrix):\n    \"\"\"Elements in spiral order. An empty matrix gives [].\n\n    >>> spiral([[1]])\n    [1]\n    \"\"\"\n    result = []\n    right = len(matrix[0]) - 1\n    return result\n";
        assert_eq!(
            placed(python, Language::Python, 8, empty),
            vec![(
                7,
                vec![
                    "    if not matrix:".to_string(),
                    "        return []".to_string(),
                    "    result = []".to_string()
                ]
            )]
        );
        let rust = "/// Rotates left by k; an empty slice gives an empty list.\npub fn rotate(v: &[i32], k: usize) -> Vec<i32> {\n    let k = k % v.len();\n    v[k..].iter().chain(&v[..k]).copied().collect()\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 3, empty),
            vec![(
                3,
                vec![
                    "    if v.is_empty() {".to_string(),
                    "        return Vec::new();".to_string(),
                    "    }".to_string(),
                    "    let k = k % v.len();".to_string()
                ]
            )]
        );
        let asks = "def first(xs):\n    \"\"\"The first item; an empty list gives None.\"\"\"\n    if not xs:\n        return None\n    return xs[0]\n";
        assert!(placed(asks, Language::Python, 5, empty).is_empty());
    }

    /// "None if there are no digits after the sign" where a loop walks `digits` and nothing
    /// asks whether it is empty: the check right before the loop (probe33-rust-18); a piece
    /// the sentence does not name gets nothing.
    #[test]
    fn a_piece_the_description_says_may_be_missing_is_checked_before_its_loop() {
        let empty = |h: &HunkMutation| h.operator == MutationOperator::EmptyCase;
        let rust = "/// Parses digits after an optional sign. Returns `None` if\n/// there are no digits after the sign.\npub fn parse(s: &str) -> Option<i64> {\n    let digits = s.strip_prefix('-').unwrap_or(s);\n    let mut value = 0;\n    for c in digits.chars() {\n        value = value * 10 + c.to_digit(10)? as i64;\n    }\n    Some(value)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 7, empty),
            vec![(
                6,
                vec![
                    "    if digits.is_empty() {".to_string(),
                    "        return None;".to_string(),
                    "    }".to_string(),
                    "    for c in digits.chars() {".to_string()
                ]
            )]
        );
        let python = "def total(line):\n    \"\"\"Sum of the numbers in line; with no numbers, return -1.\"\"\"\n    numbers = line.split()\n    s = 0\n    for n in numbers:\n        s += int(n)\n    return s\n";
        assert_eq!(
            placed(python, Language::Python, 6, empty),
            vec![(
                5,
                vec![
                    "    if not numbers:".to_string(),
                    "        return -1".to_string(),
                    "    for n in numbers:".to_string()
                ]
            )]
        );
        let unnamed = python.replace("no numbers", "no words");
        assert!(placed(&unnamed, Language::Python, 6, empty).is_empty());
    }

    /// probe35-rs-01: "With a single rail the text is returned unchanged" where the zigzag
    /// steps past its one row: `if rails <= 1 { return text.to_string(); }` first; Python
    /// returns the parameter itself; a body that already tests the count gets nothing.
    #[test]
    fn probe35_rs_01_a_count_the_description_says_changes_nothing_returns_the_input() {
        let empty = |h: &HunkMutation| h.operator == MutationOperator::EmptyCase;
        let rust = "/*\n With a single rail the text is returned unchanged.\n*/\nfn encode(text: &str, rails: usize) -> String {\n    let mut rows: Vec<String> = vec![String::new(); rails];\n    let mut row = 0;\n    for c in text.chars() {\n        rows[row].push(c);\n        row = (row + 1) % rails;\n    }\n    rows.concat()\n}\n";
        let found = placed(rust, Language::Rust, 8, empty);
        assert!(
            found.contains(&(
                5,
                vec![
                    "    if rails <= 1 {".to_string(),
                    "        return text.to_string();".to_string(),
                    "    }".to_string(),
                    "    let mut rows: Vec<String> = vec![String::new(); rails];".to_string()
                ]
            )),
            "{found:#?}"
        );
        let python = "def rotate(items, shift):\n    \"\"\"Rotate items right by shift; a shift of 0 leaves the list unchanged.\"\"\"\n    n = len(items)\n    return items[-shift:] + items[:-shift]\n";
        let found = placed(python, Language::Python, 4, empty);
        assert!(
            found.contains(&(
                3,
                vec![
                    "    if shift == 0:".to_string(),
                    "        return items".to_string(),
                    "    n = len(items)".to_string()
                ]
            )),
            "{found:#?}"
        );
        let tested = rust.replace(
            "    let mut rows",
            "    if rails == 1 { return text.to_string(); }\n    let mut rows",
        );
        assert!(placed(&tested, Language::Rust, 9, empty).is_empty());
        let silent = rust.replace("is returned unchanged", "is encoded");
        assert!(placed(&silent, Language::Rust, 8, empty).is_empty());
    }

    /// probe35-rs-15: two dates taken apart and compared on the month alone, the days bound
    /// and never read: the month's tie is broken by the day; once the day is read, nothing.
    #[test]
    fn probe35_rs_15_a_comparison_of_unpacked_fields_breaks_its_tie_on_the_next_field() {
        let tie = |h: &HunkMutation| h.operator == MutationOperator::DescribedTie;
        let rust = "fn age_on(birth: (i32, u32, u32), date: (i32, u32, u32)) -> i32 {\n    let (birth_year, birth_month, birth_day) = birth;\n    let (year, month, day) = date;\n    let mut age = year - birth_year;\n    if month < birth_month {\n        age -= 1;\n    }\n    age\n}\n";
        let found = placed(rust, Language::Rust, 5, tie);
        assert!(
            found.contains(&(
                5,
                vec![
                    "    if month < birth_month || (month == birth_month && day < birth_day) {"
                        .to_string()
                ]
            )),
            "{found:#?}"
        );
        let python = "def later(a, b):\n    ay, am, ad = a\n    by, bm, bd = b\n    if ay > by:\n        return True\n    return False\n";
        let found = placed(python, Language::Python, 4, tie);
        assert!(
            found.contains(&(
                4,
                vec!["    if ay > by or (ay == by and am > bm):".to_string()]
            )),
            "{found:#?}"
        );
        let read = rust.replace("    age\n", "    age + day as i32 * 0\n");
        assert!(placed(&read, Language::Rust, 5, tie).is_empty());
    }

    /// probe35-rs-07: a CSV's `""` escape peeks at `chars[i + 1]` and pushes one quote, but
    /// the loop's single `i += 1` reads the second quote again: the branch steps past it; a
    /// branch that already steps, or a `for` loop, gets nothing.
    #[test]
    fn probe35_rs_07_a_peeked_next_item_is_stepped_past_in_its_branch() {
        let skip = |h: &HunkMutation| h.operator == MutationOperator::LookaheadSkip;
        let rust = "fn split(line: &str) -> Vec<String> {\n    let chars: Vec<char> = line.chars().collect();\n    let mut field = String::new();\n    let mut quoted = false;\n    let mut i = 0;\n    while i < chars.len() {\n        let c = chars[i];\n        if c == '\"' {\n            if i + 1 < chars.len() && chars[i + 1] == '\"' {\n                field.push('\"');\n            } else {\n                quoted = !quoted;\n            }\n        } else {\n            field.push(c);\n        }\n        i += 1;\n    }\n    vec![field]\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 9, skip),
            vec![(
                10,
                vec![
                    "                field.push('\"');".to_string(),
                    "                i += 1;".to_string()
                ]
            )]
        );
        let python = "def squeeze(s):\n    out = []\n    i = 0\n    while i < len(s):\n        if i + 1 < len(s) and s[i + 1] == s[i]:\n            out.append(s[i])\n        else:\n            out.append(s[i])\n        i += 1\n    return out\n";
        assert_eq!(
            placed(python, Language::Python, 5, skip),
            vec![(
                6,
                vec![
                    "            out.append(s[i])".to_string(),
                    "            i += 1".to_string()
                ]
            )]
        );
        let stepped = rust.replace(
            "field.push('\"');\n",
            "field.push('\"');\n                i += 1;\n",
        );
        assert!(placed(&stepped, Language::Rust, 9, skip).is_empty());
    }

    /// "wrapping around midnight" over a clock hour computed without the day's cycle: the hour
    /// modulo 24 (and the minutes counted from `h * 60` modulo a day of minutes); a Rust
    /// difference wraps with `rem_euclid`; a description that never wraps gets nothing.
    #[test]
    fn a_value_the_description_wraps_is_taken_modulo_its_cycle() {
        let wrap = |h: &HunkMutation| h.operator == MutationOperator::DescribedWrap;
        let rust = "/// The clock time (24-hour) `mins` minutes after `h:m`, wrapping around midnight.\npub fn later(h: u32, m: u32, mins: u32) -> (u32, u32) {\n    let total = h * 60 + m + mins;\n    let hour = total / 60;\n    (hour, total % 60)\n}\n";
        let placed_wraps = placed(rust, Language::Rust, 4, wrap);
        assert!(placed_wraps.contains(&(4, vec!["    let hour = total / 60 % 24;".to_string()])));
        assert!(placed_wraps.contains(&(
            3,
            vec!["    let total = (h * 60 + m + mins) % (24 * 60);".to_string()]
        )));
        let python = "def gap(a, b):\n    \"\"\"Hours from a to b on a 24-hour clock; an earlier b is on the next day.\"\"\"\n    d = b - a\n    return d\n";
        assert_eq!(
            placed(python, Language::Python, 3, wrap),
            vec![(3, vec!["    d = (b - a) % 24".to_string()])]
        );
        let signed = "/// Hours from a to b, wrapping around midnight.\npub fn gap(a: i32, b: i32) -> i32 {\n    let d = b - a;\n    d\n}\n";
        assert!(
            placed(signed, Language::Rust, 3, wrap)
                .contains(&(3, vec!["    let d = (b - a).rem_euclid(24);".to_string()]))
        );
        let plain =
            "def gap(a, b):\n    \"\"\"Hours from a to b.\"\"\"\n    d = b - a\n    return d\n";
        assert!(placed(plain, Language::Python, 3, wrap).is_empty());
    }

    /// "different letters stand for different words" over a map checked by key only: the
    /// value is checked against the values taken before the insert (probe33-rust-28); a
    /// description without the rule gets nothing.
    #[test]
    fn a_one_to_one_rule_checks_the_values_taken() {
        let rule = |h: &HunkMutation| h.operator == MutationOperator::DescribedOneToOne;
        let rust = "/// True if the words follow the pattern: each letter stands for one word, and\n/// different letters stand for different words.\npub fn follows(pattern: &str, words: Vec<&str>) -> bool {\n    let mut by_letter: HashMap<char, &str> = HashMap::new();\n    for (letter, word) in pattern.chars().zip(words) {\n        match by_letter.get(&letter) {\n            Some(&w) if w != word => return false,\n            Some(_) => {}\n            None => {\n                by_letter.insert(letter, word);\n            }\n        }\n    }\n    true\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 10, rule),
            vec![(
                10,
                vec![
                    "                if by_letter.values().any(|v| *v == word) {".to_string(),
                    "                    return false;".to_string(),
                    "                }".to_string(),
                    "                by_letter.insert(letter, word);".to_string()
                ]
            )]
        );
        let python = "def isomorphic(a, b):\n    \"\"\"True if a maps one-to-one onto b.\"\"\"\n    seen = {}\n    for x, y in zip(a, b):\n        if x in seen:\n            if seen[x] != y:\n                return False\n        else:\n            seen[x] = y\n    return True\n";
        assert_eq!(
            placed(python, Language::Python, 9, rule),
            vec![(
                9,
                vec![
                    "            if y in seen.values():".to_string(),
                    "                return False".to_string(),
                    "            seen[x] = y".to_string()
                ]
            )]
        );
        let plain = python.replace("maps one-to-one onto", "maps onto");
        assert!(placed(&plain, Language::Python, 9, rule).is_empty());
    }

    /// "the thousands separators are optional" over code that parses the text as it is: the
    /// commas removed first in the body (probe34-python-27); Rust through `replace`; code that
    /// removes them already gets nothing.
    #[test]
    fn a_separator_the_description_allows_is_removed_before_parsing() {
        let call = |h: &HunkMutation| h.operator == MutationOperator::DescribedCall;
        let python = "def money(text):\n    \"\"\"Cents in an amount such as 1,234.50; the thousands separators are optional.\"\"\"\n    text = text.strip()\n    dollars, _, cents = text.partition(\".\")\n    return int(dollars) * 100 + int(cents)\n";
        assert_eq!(
            placed(python, Language::Python, 4, call),
            vec![(
                3,
                vec![
                    "    text = text.replace(\",\", \"\")".to_string(),
                    "    text = text.strip()".to_string()
                ]
            )]
        );
        let rust = "/// Parses a count with optional thousands separators.\npub fn count(s: &str, base: u32) -> Option<u64> {\n    s.trim().parse().ok()\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 3, call),
            vec![(
                3,
                vec![
                    "    let s = s.replace(',', \"\");".to_string(),
                    "    s.trim().parse().ok()".to_string()
                ]
            )]
        );
        let removed = python.replace("text.strip()", "text.strip().replace(\",\", \"\")");
        assert!(placed(&removed, Language::Python, 4, call).is_empty());
    }

    /// "seconds rounded to the nearest whole second" where the seconds are what is left after
    /// whole minutes: 59.6 rounds to 60 and carries into the minutes (probe34-rust-21); Python
    /// the same; a description that never says it rounds gets nothing.
    #[test]
    fn a_rounded_part_reaching_its_cycle_carries() {
        let wrap = |h: &HunkMutation| h.operator == MutationOperator::DescribedWrap;
        let rust = "/// Pace as m:ss, the seconds rounded to the nearest whole second.\npub fn pace(per_km: f64) -> String {\n    let minutes = (per_km / 60.0).floor() as u32;\n    let seconds = (per_km - minutes as f64 * 60.0).round() as u32;\n    format!(\"{}:{:02}\", minutes, seconds)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 4, wrap),
            vec![(
                4,
                vec![
                    "    let seconds = (per_km - minutes as f64 * 60.0).round() as u32;".to_string(),
                    "    let (minutes, seconds) = if seconds == 60 { (minutes + 1, 0) } else { (minutes, seconds) };".to_string()
                ]
            )]
        );
        let python = "def pace(per_km):\n    \"\"\"Pace as m:ss, rounded to the nearest second.\"\"\"\n    minutes = int(per_km // 60)\n    seconds = round(per_km - minutes * 60)\n    return f\"{minutes}:{seconds:02d}\"\n";
        assert_eq!(
            placed(python, Language::Python, 4, wrap),
            vec![(
                4,
                vec![
                    "    seconds = round(per_km - minutes * 60)".to_string(),
                    "    if seconds == 60:".to_string(),
                    "        minutes, seconds = minutes + 1, 0".to_string()
                ]
            )]
        );
        let plain = python.replace(", rounded to the nearest second", "");
        assert!(placed(&plain, Language::Python, 4, wrap).is_empty());
    }

    /// "each share rounded up to a whole cent" over a numerator that is not the ceiling
    /// idiom's: the idiom's numerator (probe34-python-05); Rust `/` the same; a description that
    /// never rounds up gets nothing.
    #[test]
    fn a_quotient_the_description_rounds_up_takes_the_ceiling_idiom() {
        let stated = |h: &HunkMutation| h.operator == MutationOperator::StatedOperation;
        let python = "def share(total, people):\n    \"\"\"Each share is rounded up to a whole cent.\"\"\"\n    return (total - people - 1) // people\n";
        assert_eq!(
            placed(python, Language::Python, 3, stated),
            vec![(
                3,
                vec!["    return (total + people - 1) // people".to_string()]
            )]
        );
        let rust = "/// The pages needed, rounding up.\npub fn pages(items: u32, per_page: u32) -> u32 {\n    items / per_page\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 3, stated),
            vec![(3, vec!["    (items + per_page - 1) / per_page".to_string()])]
        );
        let plain = python.replace(" is rounded up to a whole cent", "");
        assert!(placed(&plain, Language::Python, 3, stated).is_empty());
        let idiom = python.replace("total - people - 1", "total + people - 1");
        assert!(placed(&idiom, Language::Python, 3, stated).is_empty());
    }

    /// "the last piece is padded on the right with the fill character" over pieces cut and
    /// never padded: the cut piece padded to the width its cut reads (probe34-python-13);
    /// code that pads already gets nothing.
    #[test]
    fn a_piece_the_description_pads_is_padded_after_its_cut() {
        let call = |h: &HunkMutation| h.operator == MutationOperator::DescribedCall;
        let python = "def chunks(text, size, fill=\"-\"):\n    \"\"\"Pieces of size characters; a short last piece is padded on the right with fill.\"\"\"\n    out = []\n    for i in range(0, len(text), size):\n        piece = text[i:i + size]\n        out.append(piece)\n    return out\n";
        assert_eq!(
            placed(python, Language::Python, 5, call),
            vec![(
                5,
                vec![
                    "        piece = text[i:i + size]".to_string(),
                    "        piece = piece.ljust(size, fill)".to_string()
                ]
            )]
        );
        let padded = python.replace("out.append(piece)", "out.append(piece.ljust(size, fill))");
        assert!(placed(&padded, Language::Python, 5, call).is_empty());
    }

    /// "12:30 AM is 0:30" on a 12-hour clock where PM adds 12: the hour is taken modulo 12
    /// before the condition that adds it (probe33-python-14); Rust the same; a body that takes
    /// the hour modulo 12 already gets nothing.
    #[test]
    fn a_cycle_added_to_its_own_top_is_reset_first() {
        let wrap = |h: &HunkMutation| h.operator == MutationOperator::DescribedWrap;
        let python = "def parse(text):\n    \"\"\"A 12-hour clock time in minutes.\"\"\"\n    clock, marker = text.split()\n    hours, minutes = (int(p) for p in clock.split(\":\"))\n    if marker.upper() == \"PM\":\n        hours += 12\n    return hours * 60 + minutes\n";
        let found = placed(python, Language::Python, 6, wrap);
        assert!(
            found.contains(&(
                5,
                vec![
                    "    hours %= 12".to_string(),
                    "    if marker.upper() == \"PM\":".to_string()
                ]
            )),
            "{found:?}"
        );
        let rust = "/// A 12-hour clock time in minutes after midnight.\npub fn parse(h: u32, m: u32, pm: bool) -> u32 {\n    let mut h = h;\n    if pm { h += 12; }\n    h * 60 + m\n}\n";
        let found = placed(rust, Language::Rust, 4, wrap);
        assert!(
            found.contains(&(
                4,
                vec![
                    "    h %= 12;".to_string(),
                    "    if pm { h += 12; }".to_string()
                ]
            )),
            "{found:?}"
        );
        let done = python.replace("    if marker", "    hours %= 12\n    if marker");
        assert!(
            !placed(&done, Language::Python, 7, wrap)
                .iter()
                .any(|(_, lines)| lines.iter().any(|l| l.contains("%= 12")))
        );
    }

    /// "exactly six hexadecimal digits" over a check that walks the digits and never counts
    /// them: the count joins the returned check (a match arm's, a Python `return`'s); a check
    /// that counts already gets nothing.
    #[test]
    fn a_length_the_description_states_joins_the_check() {
        let length = |h: &HunkMutation| h.operator == MutationOperator::DescribedLength;
        let rust = "/// True for a PIN: `p` then exactly four digits.\npub fn is_pin(s: &str) -> bool {\n    match s.strip_prefix('p') {\n        Some(tail) => tail.chars().all(|c| c.is_ascii_digit()),\n        None => false,\n    }\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 4, length),
            vec![(
                4,
                vec!["        Some(tail) => tail.len() == 4 && tail.chars().all(|c| c.is_ascii_digit()),".to_string()]
            )]
        );
        let python = "def is_code(s):\n    \"\"\"True when s is at least 3 letters or digits.\"\"\"\n    return all(c.isalpha() or c.isdigit() for c in s)\n";
        assert_eq!(
            placed(python, Language::Python, 3, length),
            vec![(
                3,
                vec![
                    "    return len(s) >= 3 and (all(c.isalpha() or c.isdigit() for c in s))"
                        .to_string()
                ]
            )]
        );
        let counted = "def is_code(s):\n    \"\"\"True when s is exactly 3 digits.\"\"\"\n    return len(s) == 4 and all(c.isdigit() for c in s)\n";
        assert!(placed(counted, Language::Python, 3, length).is_empty());
        // A check that rejects: the negated length joins it (probe33-rust-16).
        let rejecting = "/// True for `HH:MM`: exactly two digits, a colon and two digits.\npub fn is_time(s: &str) -> bool {\n    let parts: Vec<&str> = s.split(':').collect();\n    if parts.len() != 2 {\n        return false;\n    }\n    for p in &parts {\n        if !p.chars().all(|c| c.is_ascii_digit()) {\n            return false;\n        }\n    }\n    true\n}\n";
        assert_eq!(
            placed(rejecting, Language::Rust, 8, length),
            vec![(
                8,
                vec![
                    "        if p.len() != 2 || !p.chars().all(|c| c.is_ascii_digit()) {"
                        .to_string()
                ]
            )]
        );
        let python = "def is_pin(s):\n    \"\"\"True when s is at least 4 digits.\"\"\"\n    if not s.isdigit(): return False\n    return True\n";
        assert_eq!(
            placed(python, Language::Python, 3, length),
            vec![(
                3,
                vec!["    if len(s) < 4 or not s.isdigit(): return False".to_string()]
            )]
        );
    }

    /// "its three components" over a split whose pieces are never counted: the count checked
    /// right after the split with the function's failure value (probe34-rust-11); a count the
    /// function checks already gets nothing.
    #[test]
    fn a_count_of_parts_the_description_states_is_checked_after_the_split() {
        let length = |h: &HunkMutation| h.operator == MutationOperator::DescribedLength;
        let rust = "/// Parses `rgb(R, G, B)` into its three components; `None` for anything else.\npub fn rgb(text: &str) -> Option<(u8, u8, u8)> {\n    let parts: Vec<&str> = text.split(',').collect();\n    let r = parts.first()?.trim().parse().ok()?;\n    Some((r, 0, 0))\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 4, length),
            vec![(
                3,
                vec![
                    "    let parts: Vec<&str> = text.split(',').collect();".to_string(),
                    "    if parts.len() != 3 {".to_string(),
                    "        return None;".to_string(),
                    "    }".to_string()
                ]
            )]
        );
        let python = "def ip(text):\n    \"\"\"Parse an address of four numbers.\"\"\"\n    parts = text.split(\".\")\n    if not all(p.isdigit() for p in parts):\n        return None\n    return [int(p) for p in parts]\n";
        assert!(placed(python, Language::Python, 4, length).contains(&(
            3,
            vec![
                "    parts = text.split(\".\")".to_string(),
                "    if len(parts) != 4:".to_string(),
                "        return None".to_string()
            ]
        )));
        let counted = python.replace("if not all(", "if len(parts) != 4 or not all(");
        assert!(placed(&counted, Language::Python, 4, length).is_empty());
    }

    /// "if several have the most, the alphabetically first" over a running best updated on
    /// `>` alone: the tie joins the condition, comparing the kept item; Python the same with
    /// `or`/`and`; without a tie rule nothing is offered.
    #[test]
    fn a_tie_the_description_settles_joins_the_update() {
        let tie = |h: &HunkMutation| h.operator == MutationOperator::DescribedTie;
        let rust = "/// The name with the most vowels; if several have the most, the alphabetically first.\nfn most_vowels(names: Vec<&str>) -> &str {\n    let mut best = \"\";\n    let mut most = 0;\n    for name in names {\n        let n = name.chars().filter(|c| \"aeiou\".contains(*c)).count();\n        if n > most {\n            best = name;\n            most = n;\n        }\n    }\n    best\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 7, tie),
            vec![(
                7,
                vec!["        if n > most || (n == most && name < best) {".to_string()]
            )]
        );
        let python = "def longest(words):\n    \"\"\"The longest word. Ties go to the smallest in alphabetical order.\"\"\"\n    best, size = None, -1\n    for w in words:\n        if len(w) > size:\n            size = len(w)\n            best = w\n    return best\n";
        assert_eq!(
            placed(python, Language::Python, 5, tie),
            vec![(
                5,
                vec!["        if len(w) > size or (len(w) == size and w < best):".to_string()]
            )]
        );
        let plain = python.replace("Ties go to the smallest in alphabetical order.", "");
        assert!(placed(&plain, Language::Python, 5, tie).is_empty());
    }

    /// "divisible by 4, except … by 100, unless … by 400" over a test of 4 and 100 only: the
    /// missing divisor joins as an alternative (the leap-year rule), a requirement or an
    /// exclusion; a divisor the code tests already is not offered.
    #[test]
    fn a_stated_divisor_joins_the_condition_that_tests_another() {
        let divisor = |h: &HunkMutation| h.operator == MutationOperator::StatedDivisor;
        let python = "def special(n):\n    \"\"\"True when n is divisible by 3 but not by 5, unless it is divisible by 45.\"\"\"\n    if n % 3 == 0 and n % 5 != 0:\n        return True\n    return False\n";
        let got = placed(python, Language::Python, 3, divisor);
        assert!(
            got.contains(&(
                3,
                vec!["    if (n % 3 == 0 and n % 5 != 0) or n % 45 == 0:".to_string()]
            )),
            "{got:?}"
        );
        assert_eq!(got.len(), 3);
        let rust = "/// True for numbers divisible by 7 or a multiple of 11.\npub fn lucky(x: u32) -> bool {\n    if x % 7 == 0 {\n        return true;\n    }\n    false\n}\n";
        assert!(
            placed(rust, Language::Rust, 3, divisor)
                .contains(&(3, vec!["    if (x % 7 == 0) || x % 11 == 0 {".to_string()]))
        );
        let tested = python.replace("unless it is divisible by 45", "");
        assert!(placed(&tested, Language::Python, 3, divisor).is_empty());
    }

    /// "Readings below zero are ignored" over a loop that sums every reading: the skip goes
    /// first in the loop (Rust: by value and through the reference); a loop that asks already
    /// gets nothing.
    #[test]
    fn items_the_description_skips_are_skipped_first_in_the_loop() {
        let skip = |h: &HunkMutation| h.operator == MutationOperator::DescribedSkip;
        let python = "def total(xs):\n    \"\"\"Sum of the readings; negative readings are ignored.\"\"\"\n    s = 0\n    for x in xs:\n        s += x\n    return s\n";
        assert_eq!(
            placed(python, Language::Python, 5, skip),
            vec![(
                5,
                vec![
                    "        if x < 0:".to_string(),
                    "            continue".to_string(),
                    "        s += x".to_string()
                ]
            )]
        );
        let rust = "/// Sum of the readings; negative readings are ignored.\npub fn total(xs: &[i32]) -> i32 {\n    let mut s = 0;\n    for x in xs.iter() {\n        s += x;\n    }\n    s\n}\n";
        let got = placed(rust, Language::Rust, 5, skip);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].1[0], "        if *x < 0 {");
        let asks = python.replace(
            "        s += x",
            "        if x < 0:\n            continue\n        s += x",
        );
        assert!(placed(&asks, Language::Python, 5, skip).is_empty());
    }

    /// probe35-python-16: "Empty pieces … are ignored" over a loop that takes every piece of a
    /// split: the empty piece is skipped first (Rust: `piece.is_empty()`).
    #[test]
    fn empty_items_the_description_skips_are_skipped_first_in_the_loop() {
        let skip = |h: &HunkMutation| h.operator == MutationOperator::DescribedSkip;
        let python = "def parse(query):\n    \"\"\"Map keys to values. Empty pieces (as in \"a=1&&b=2\") are ignored.\"\"\"\n    result = {}\n    for piece in query.split(\"&\"):\n        result[piece] = 1\n    return result\n";
        assert_eq!(
            placed(python, Language::Python, 5, skip),
            vec![(
                5,
                vec![
                    "        if not piece:".to_string(),
                    "            continue".to_string(),
                    "        result[piece] = 1".to_string()
                ]
            )]
        );
        let rust = "/// Count the words; blank words are skipped.\npub fn count(text: &str) -> usize {\n    let mut n = 0;\n    for word in text.split(' ') {\n        n += 1;\n    }\n    n\n}\n";
        let got = placed(rust, Language::Rust, 5, skip);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].1[0], "        if word.is_empty() {");
    }

    /// probe35-rust-04: a branch right in a loop's body that does its work and goes on gets
    /// the `break` after its last line; a branch that jumps already, or one outside a loop,
    /// gets none.
    #[test]
    fn a_branch_in_a_loop_gets_the_exit_after_its_work() {
        let exit = |h: &HunkMutation| h.description.starts_with("the loop left");
        let skip_rest = |h: &HunkMutation| h.description.starts_with("the rest of the loop");
        let rust = "fn sum(limit: u32, factors: &[u32]) -> u32 {\n    let mut total = 0;\n    for n in 1..limit {\n        for &f in factors {\n            if f != 0 && n % f == 0 {\n                total += n;\n            }\n        }\n    }\n    total\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 6, exit),
            vec![(
                6,
                vec![
                    "                total += n;".to_string(),
                    "                break;".to_string()
                ]
            )]
        );
        let python = "def first(xs, t):\n    found = -1\n    for i, x in enumerate(xs):\n        if x == t:\n            found = i\n    if found < 0:\n        found = 0\n    return found\n";
        assert_eq!(
            placed(python, Language::Python, 5, exit),
            vec![(
                5,
                vec![
                    "            found = i".to_string(),
                    "            break".to_string()
                ]
            )]
        );
        let outside = "def clamp(x):\n    if x < 0:\n        x = 0\n    return x\n";
        assert!(placed(outside, Language::Python, 3, exit).is_empty());
        let jumps = python.replace("            found = i", "            return i");
        assert!(placed(&jumps, Language::Python, 5, exit).is_empty());
        // Nothing follows these branches in their loops: no `continue`.
        assert!(placed(rust, Language::Rust, 6, skip_rest).is_empty());
        assert!(placed(python, Language::Python, 5, skip_rest).is_empty());
        // probe36-rust-01: a subtracted numeral must skip the addition after the branch.
        let roman = "fn roman(vals: &[i32]) -> i32 {\n    let mut total = 0;\n    for i in 0..vals.len() {\n        if i + 1 < vals.len() && vals[i] < vals[i + 1] {\n            total -= vals[i];\n        }\n        total += vals[i];\n    }\n    total\n}\n";
        assert_eq!(
            placed(roman, Language::Rust, 5, skip_rest),
            vec![(
                5,
                vec![
                    "            total -= vals[i];".to_string(),
                    "            continue;".to_string()
                ]
            )]
        );
        let arms = roman.replace(
            "        }\n        total += vals[i];",
            "        } else {\n            total += vals[i];\n        }",
        );
        assert!(placed(&arms, Language::Rust, 5, skip_rest).is_empty());
    }

    /// probe35-rust-26: "any other symbol decodes to "?"" over a branch that pushes the
    /// decoded letter and has no `else`: the `else` pushes the default, as a char in Rust's
    /// `push` and a string in Python's `append`; a branch with an `else` gets none.
    #[test]
    fn a_described_default_is_the_branchs_missing_else() {
        let default = |h: &HunkMutation| h.operator == MutationOperator::DescribedDefault;
        let rust = "/*\n Decode the symbols; any other symbol decodes to \"?\".\n*/\nfn decode(code: &str) -> String {\n    let mut text = String::new();\n    for symbol in code.split(' ') {\n        if let Some(i) = TABLE.iter().position(|s| *s == symbol) {\n            text.push((b'A' + i as u8) as char);\n        }\n    }\n    text\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 8, default),
            vec![(
                9,
                vec![
                    "        } else {".to_string(),
                    "            text.push('?');".to_string(),
                    "        }".to_string()
                ]
            )]
        );
        let python = "def decode(code):\n    \"\"\"Decode the symbols; unknown symbols become '?'.\"\"\"\n    out = []\n    for s in code.split():\n        if s in TABLE:\n            out.append(TABLE[s])\n    return ''.join(out)\n";
        assert_eq!(
            placed(python, Language::Python, 6, default),
            vec![(
                6,
                vec![
                    "            out.append(TABLE[s])".to_string(),
                    "        else:".to_string(),
                    "            out.append(\"?\")".to_string()
                ]
            )]
        );
        let has_else = python.replace(
            "            out.append(TABLE[s])\n",
            "            out.append(TABLE[s])\n        else:\n            out.append('!')\n",
        );
        assert!(placed(&has_else, Language::Python, 6, default).is_empty());
    }

    /// "A roll that would take it past goal is wasted" over a loop that takes every roll: the
    /// step is skipped right after its value is computed (probe34-python-07); Rust the same;
    /// a bound that is not a parameter gets nothing.
    #[test]
    fn a_step_past_the_described_bound_is_wasted() {
        let skip = |h: &HunkMutation| h.operator == MutationOperator::DescribedSkip;
        let python = "def board(rolls, goal=100):\n    \"\"\"A roll that would take the token past goal is wasted.\"\"\"\n    pos = 0\n    for roll in rolls:\n        target = pos + roll\n        pos = target\n    return pos\n";
        assert_eq!(
            placed(python, Language::Python, 5, skip),
            vec![(
                5,
                vec![
                    "        target = pos + roll".to_string(),
                    "        if target > goal:".to_string(),
                    "            continue".to_string()
                ]
            )]
        );
        let rust = "/// A withdrawal that would take the balance below floor is ignored.\npub fn run(xs: &[i64], floor: i64) -> i64 {\n    let mut b = 0;\n    for x in xs {\n        let next = b - x;\n        b = next;\n    }\n    b\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, skip),
            vec![(
                5,
                vec![
                    "        let next = b - x;".to_string(),
                    "        if next < floor {".to_string(),
                    "            continue;".to_string(),
                    "        }".to_string()
                ]
            )]
        );
        let unbound = python.replace("past goal", "past the end");
        assert!(placed(&unbound, Language::Python, 5, skip).is_empty());
    }

    /// "business days … Saturdays and Sundays are not counted" over a loop that counts every
    /// day it steps: the count taken on weekdays only (probe34-python-15); code that asks the
    /// weekday already gets nothing.
    #[test]
    fn only_the_days_the_description_counts_are_counted() {
        let skip = |h: &HunkMutation| h.operator == MutationOperator::DescribedSkip;
        let python = "def add_days(start, days):\n    \"\"\"The date days business days after start; Saturdays and Sundays are not counted.\"\"\"\n    current = start\n    while days > 0:\n        current += timedelta(days=1)\n        days -= 1\n    return current\n";
        assert_eq!(
            placed(python, Language::Python, 6, skip),
            vec![(
                6,
                vec![
                    "        if current.weekday() < 5:".to_string(),
                    "            days -= 1".to_string()
                ]
            )]
        );
        let asks = python.replace(
            "        days -= 1",
            "        if current.weekday() < 5:\n            days -= 1",
        );
        assert!(placed(&asks, Language::Python, 6, skip).is_empty());
    }

    /// A count kept through the loop and never returned: the returned count gets it as a
    /// second term; a function with one count gets nothing.
    #[test]
    fn a_count_kept_and_never_returned_joins_the_return() {
        let count = |h: &HunkMutation| h.operator == MutationOperator::UnreturnedCount;
        let python = "def fixes(s):\n    depth = 0\n    extra = 0\n    for ch in s:\n        if ch == \"[\":\n            depth += 1\n        elif depth:\n            depth -= 1\n        else:\n            extra += 1\n    return extra\n";
        assert_eq!(
            placed(python, Language::Python, 11, count),
            vec![
                (11, vec!["    return extra + depth".to_string()]),
                (11, vec!["    return extra - depth".to_string()])
            ]
        );
        let rust = "pub fn fixes(s: &str) -> i32 {\n    let mut depth = 0;\n    let mut extra = 0;\n    for ch in s.chars() {\n        if ch == '[' {\n            depth += 1;\n        } else {\n            extra += 1;\n        }\n    }\n    extra\n}\n";
        assert!(
            placed(rust, Language::Rust, 11, count)
                .contains(&(11, vec!["    extra + depth".to_string()]))
        );
        let one = "def n(s):\n    k = 0\n    for ch in s:\n        k += 1\n    return k\n";
        assert!(placed(one, Language::Python, 5, count).is_empty());
    }

    /// A reset one branch does and its sibling forgets: offered at the end of the sibling
    /// (a Rust `match`, a Python `if`/`elif`), never for a name the sibling assigns itself.
    #[test]
    fn a_reset_a_sibling_branch_does_is_offered_to_the_other() {
        let reset = |h: &HunkMutation| h.description.contains("as a sibling branch does it");
        let rust = "pub fn bump(part: &str, v: (u32, u32, u32)) -> (u32, u32, u32) {\n    let (mut a, mut b, mut c) = v;\n    match part {\n        \"a\" => {\n            a += 1;\n            b = 0;\n            c = 0;\n        }\n        \"b\" => {\n            b += 1;\n        }\n        _ => c += 1,\n    }\n    (a, b, c)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 10, reset),
            vec![(
                10,
                vec![
                    "            b += 1;".to_string(),
                    "            c = 0;".to_string()
                ]
            )]
        );
        let python = "def step(kind, s):\n    if kind == \"x\":\n        s.n += 1\n        done = False\n    elif kind == \"y\":\n        s.m += 1\n    return s\n";
        assert_eq!(
            placed(python, Language::Python, 6, reset),
            vec![(
                6,
                vec![
                    "        s.m += 1".to_string(),
                    "        done = False".to_string()
                ]
            )]
        );
        // A nested `if` inside the first branch does not end the outer chain.
        let nested = "def step(kind, s):\n    if kind == \"x\":\n        if s.n:\n            s.n += 1\n        done = False\n    elif kind == \"y\":\n        s.m += 1\n    return s\n";
        assert_eq!(
            placed(nested, Language::Python, 7, reset),
            vec![(
                7,
                vec![
                    "        s.m += 1".to_string(),
                    "        done = False".to_string()
                ]
            )]
        );
    }

    /// An average over the items counted divided by the whole length: the length replaced by
    /// the count; a loop's own range is left alone.
    #[test]
    fn a_length_where_the_count_was_meant_is_the_count() {
        let counted = |h: &HunkMutation| h.description.ends_with("(the items counted)");
        let rust = "pub fn mean_passing(v: &[u32]) -> f64 {\n    let mut total = 0;\n    let mut n = 0;\n    for i in 0..v.len() {\n        if v[i] >= 50 {\n            total += v[i];\n            n += 1;\n        }\n    }\n    total as f64 / v.len() as f64\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 10, counted),
            vec![(10, vec!["    total as f64 / n as f64".to_string()])]
        );
        let python = "def mean_passing(v):\n    total = n = 0\n    for x in v:\n        if x >= 50:\n            total += x\n            n += 1\n    return total / len(v)\n";
        assert_eq!(
            placed(python, Language::Python, 7, counted),
            vec![(7, vec!["    return total / n".to_string()])]
        );
        // The items' widest length where the number of items was written (probe34-python-11);
        // Rust the same.
        let frame = "def frame(lines):\n    width = max((len(line) for line in lines), default=0)\n    edge = \"*\" * (len(lines) + 4)\n    return [edge] + [f\"* {l.ljust(width)} *\" for l in lines] + [edge]\n";
        assert_eq!(
            placed(frame, Language::Python, 3, counted),
            vec![(3, vec!["    edge = \"*\" * (width + 4)".to_string()])]
        );
        let rust = "pub fn frame(lines: &[&str]) -> String {\n    let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);\n    \"*\".repeat(lines.len() + 4)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 3, counted),
            vec![(3, vec!["    \"*\".repeat(width + 4)".to_string()])]
        );
    }

    /// probe38-rust-13: a weighted mean divided by the number of values: the divisor made the
    /// sum of the weights (`weight_sum += w;`, `+= *w`); a sum is offered as a divisor only.
    #[test]
    fn probe38_rust_13_a_weighted_mean_divides_by_the_sum_of_the_weights() {
        let counted = |h: &HunkMutation| h.description.ends_with("(the items counted)");
        let rust = "fn weighted_mean(values: &[f64], weights: &[f64]) -> Option<f64> {\n    let mut total = 0.0;\n    let mut weight_sum = 0.0;\n    for (v, w) in values.iter().zip(weights) {\n        total += v * w;\n        weight_sum += w;\n    }\n    if weight_sum == 0.0 {\n        return None;\n    }\n    Some(total / values.len() as f64)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 11, counted),
            vec![(11, vec!["    Some(total / weight_sum as f64)".to_string()])]
        );
        let deref = rust.replace("weight_sum += w;", "weight_sum += *w;");
        assert_eq!(placed(&deref, Language::Rust, 11, counted).len(), 1);
        let python = "def weighted_mean(values, weights):\n    total = weight_sum = 0.0\n    for v, w in zip(values, weights):\n        total += v * w\n        weight_sum += w\n    if weight_sum == 0:\n        return None\n    return total / len(values)\n";
        assert_eq!(
            placed(python, Language::Python, 8, counted),
            vec![(8, vec!["    return total / weight_sum".to_string()])]
        );
        // Not a divisor: no sum offered.
        let product = rust.replace(
            "Some(total / values.len() as f64)",
            "Some(total * values.len() as f64)",
        );
        assert!(placed(&product, Language::Rust, 11, counted).is_empty());
    }

    /// probe38-rust-05: pass grades ("P") are left out of the average, and the match's
    /// catch-all refuses them: the arm `"P" => continue,` goes before it. Python: the loop
    /// that compares the grade with quoted values skips "P" first. A value the code already
    /// names, or a match outside a loop, gets none.
    #[test]
    fn probe38_rust_05_a_value_the_description_leaves_out_gets_its_skip() {
        let skip = |h: &HunkMutation| h.description.ends_with("left out, as the description says");
        let rust = "/*\nGrades \"A\" and \"B\" are worth 4 and 3 points. Pass grades \"P\" carry no\npoints and are left out of the average entirely.\n*/\nfn gpa(grades: &[(&str, u32)]) -> Option<f64> {\n    let mut points = 0u32;\n    let mut credits = 0u32;\n    for &(grade, weight) in grades {\n        let value = match grade {\n            \"A\" => 4,\n            \"B\" => 3,\n            _ => return None,\n        };\n        points += value * weight;\n        credits += weight;\n    }\n    Some(points as f64 / credits as f64)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 12, skip),
            vec![(
                12,
                vec![
                    "            \"P\" => continue,".to_string(),
                    "            _ => return None,".to_string()
                ]
            )]
        );
        let named = rust.replace("\"B\" => 3,", "\"B\" => 3,\n            \"P\" => 0,");
        assert!(placed(&named, Language::Rust, 12, skip).is_empty());
        let python = "def gpa(grades):\n    \"\"\"Pass grades 'P' are ignored.\"\"\"\n    points = credits = 0\n    for grade, weight in grades:\n        if grade == 'A':\n            value = 4\n        else:\n            value = 3\n        points += value * weight\n        credits += weight\n    return points / credits\n";
        assert_eq!(
            placed(python, Language::Python, 5, skip),
            vec![(
                5,
                vec![
                    "        if grade == 'P':".to_string(),
                    "            continue".to_string(),
                    "        if grade == 'A':".to_string()
                ]
            )]
        );
    }

    /// probe38-python-14: "lines starting with ';' or '#' are skipped" in a loop that skips
    /// blank lines only: the skip goes after the line that strips the item (and, as a second
    /// candidate, first in the body for the item itself); Rust tests each value; code that asks
    /// already gets none.
    #[test]
    fn probe38_python_14_items_skipped_by_how_they_start() {
        let skip = |h: &HunkMutation| h.description.starts_with("items that startswith");
        let python = "def parse(text):\n    \"\"\"Blank lines and lines starting with ';' or '#' are skipped.\n    >>> parse('a')\n    \"\"\"\n    out = []\n    for raw in text.splitlines():\n        line = raw.strip()\n        if not line:\n            continue\n        out.append(line)\n    return out\n";
        assert_eq!(
            placed(python, Language::Python, 8, skip),
            vec![
                (
                    7,
                    vec![
                        "        if raw.startswith((\";\", \"#\")):".to_string(),
                        "            continue".to_string(),
                        "        line = raw.strip()".to_string()
                    ]
                ),
                (
                    8,
                    vec![
                        "        if line.startswith((\";\", \"#\")):".to_string(),
                        "            continue".to_string(),
                        "        if not line:".to_string()
                    ]
                )
            ]
        );
        let asked = python.replace(
            "if not line:",
            "if not line or line.startswith((\";\", \"#\")):",
        );
        assert!(placed(&asked, Language::Python, 8, skip).is_empty());
        let rust = "/*\nWords beginning with \"#\" are ignored.\n*/\nfn words(text: &str) -> Vec<&str> {\n    let mut out = Vec::new();\n    for w in text.split_whitespace() {\n        out.push(w);\n    }\n    out\n}\n";
        let rust_skip = |h: &HunkMutation| h.description.starts_with("items that starts_with");
        assert_eq!(
            placed(rust, Language::Rust, 7, rust_skip),
            vec![(
                7,
                vec![
                    "        if w.starts_with(\"#\") {".to_string(),
                    "            continue;".to_string(),
                    "        }".to_string(),
                    "        out.push(w);".to_string()
                ]
            )]
        );
    }

    /// probe38-rust-07: a XOR accumulator over a slice started at 0 starts at the slice's
    /// length, cast to the returned type; Python takes `len`; a start that is not 0, or one no
    /// loop over a parameter steps, gets none.
    #[test]
    fn probe38_rust_07_an_accumulator_may_start_at_the_length() {
        let length = |h: &HunkMutation| h.description.contains("starts at the length of");
        let rust = "/*\nThe missing number.\n*/\nfn missing_number(nums: &[u32]) -> u32 {\n    let mut acc = 0;\n    for (i, &x) in nums.iter().enumerate() {\n        acc ^= i as u32;\n        acc ^= x;\n    }\n    acc\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, length),
            vec![(5, vec!["    let mut acc = nums.len() as u32;".to_string()])]
        );
        let typed = rust.replace("let mut acc = 0;", "let mut acc: u64 = 0;");
        assert_eq!(
            placed(&typed, Language::Rust, 5, length),
            vec![(
                5,
                vec!["    let mut acc: u64 = nums.len() as u64;".to_string()]
            )]
        );
        let started = rust.replace("let mut acc = 0;", "let mut acc = 1;");
        assert!(placed(&started, Language::Rust, 5, length).is_empty());
        let python = "def missing(nums):\n    acc = 0\n    for i, x in enumerate(nums):\n        acc ^= i ^ x\n    return acc\n";
        assert_eq!(
            placed(python, Language::Python, 2, length),
            vec![(2, vec!["    acc = len(nums)".to_string()])]
        );
        let unstepped = python.replace("acc ^= i ^ x", "print(i, x)");
        assert!(placed(&unstepped, Language::Python, 2, length).is_empty());
    }

    /// probe38-rust-18: a total halved in a yes-or-no function gets the odd total's guard
    /// before the halving; one whose parity is asked already, or a function that answers a
    /// number, gets none.
    #[test]
    fn probe38_rust_18_an_odd_total_has_no_half() {
        let odd = |h: &HunkMutation| h.description.contains("has no half");
        let rust = "/*\nEqual halves.\n*/\nfn can_split(nums: &[u32]) -> bool {\n    let total: u32 = nums.iter().sum();\n    let target = (total / 2) as usize;\n    let mut reachable = vec![false; target + 1];\n    reachable[target]\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 6, odd),
            vec![(
                6,
                vec![
                    "    if total % 2 != 0 {".to_string(),
                    "        return false;".to_string(),
                    "    }".to_string(),
                    "    let target = (total / 2) as usize;".to_string()
                ]
            )]
        );
        let asked = rust.replace(
            "    let target",
            "    if total % 2 == 1 {\n        return false;\n    }\n    let target",
        );
        assert!(placed(&asked, Language::Rust, 9, odd).is_empty());
        let counted = rust.replace("-> bool", "-> usize");
        assert!(placed(&counted, Language::Rust, 6, odd).is_empty());
        let python = "def can_split(nums) -> bool:\n    total = sum(nums)\n    half = total // 2\n    return half in nums\n";
        assert_eq!(
            placed(python, Language::Python, 3, odd),
            vec![(
                3,
                vec![
                    "    if total % 2:".to_string(),
                    "        return False".to_string(),
                    "    half = total // 2".to_string()
                ]
            )]
        );
    }

    /// probe39-rust-05: the middle unit of a breakdown takes the larger unit off first;
    /// digits alike in Python; two divisions that are no breakdown get none.
    #[test]
    fn probe39_rust_05_a_middle_unit_drops_the_larger_units() {
        let unit = |h: &HunkMutation| h.description.starts_with("the larger units taken off");
        let rust = "/*\nh m s\n*/\nfn f(secs: u64) -> String {\n    let hours = secs / 3600;\n    let minutes = secs / 60;\n    let seconds = secs % 60;\n    format!(\"{}h{}m{}s\", hours, minutes, seconds)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 6, unit),
            vec![(6, vec!["    let minutes = secs % 3600 / 60;".to_string()])]
        );
        let python = "def digits(n):\n    hundreds = n // 100\n    tens = n // 10\n    ones = n % 10\n    return hundreds, tens, ones\n";
        assert_eq!(
            placed(python, Language::Python, 3, unit),
            vec![(3, vec!["    tens = n % 100 // 10".to_string()])]
        );
        let halves = "def f(n):\n    a = n // 4\n    b = n // 2\n    return a + b\n";
        assert!(placed(halves, Language::Python, 3, unit).is_empty());
    }

    /// probe39-rust-07: a zero padding measured by the digits alone, where the sign goes into
    /// the same text, counts the sign too; a padding with no other piece gets none.
    #[test]
    fn probe39_rust_07_a_padding_counts_every_piece_of_the_text() {
        let width = |h: &HunkMutation| h.description.starts_with("the width counts");
        let rust = "/*\npad\n*/\nfn pad(n: i64, width: usize) -> String {\n    let digits = n.unsigned_abs().to_string();\n    let sign = if n < 0 { \"-\" } else { \"\" };\n    let fill = width.saturating_sub(digits.len());\n    format!(\"{}{}{}\", sign, \"0\".repeat(fill), digits)\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 7, width),
            vec![(
                7,
                vec!["    let fill = width.saturating_sub(sign.len() + digits.len());".to_string()]
            )]
        );
        let python = "def pad(n, width):\n    digits = str(abs(n))\n    sign = \"-\" if n < 0 else \"\"\n    fill = width - len(digits)\n    return sign + \"0\" * fill + digits\n";
        assert_eq!(
            placed(python, Language::Python, 4, width),
            vec![(
                4,
                vec!["    fill = width - len(sign) - len(digits)".to_string()]
            )]
        );
        let alone = rust.replace("sign, ", "").replace("{}{}{}", "{}{}");
        assert!(placed(&alone, Language::Rust, 7, width).is_empty());
    }

    /// probe39-python-03: "divisible by 4, except those divisible by 100 unless also
    /// divisible by 400" where the code never tests 400: the exclusion gets its exception;
    /// code that tests 400 gets none.
    #[test]
    fn probe39_python_03_an_exception_to_an_exception() {
        let unless = |h: &HunkMutation| h.description.starts_with("unless divisible by");
        let python = "def leap(year):\n    \"\"\"Leap years: divisible by 4, except those divisible by 100 unless also\n    divisible by 400.\n    \"\"\"\n    return year % 4 == 0 and year % 100 != 0\n";
        assert_eq!(
            placed(python, Language::Python, 5, unless),
            vec![(
                5,
                vec![
                    "    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)".to_string()
                ]
            )]
        );
        let tested = python.replace("year % 100 != 0", "(year % 100 != 0 or year % 400 == 0)");
        assert!(placed(&tested, Language::Python, 5, unless).is_empty());
        let rust = "/*\nDivisible by 4, except by 100 unless divisible by 400.\n*/\nfn leap(y: u32) -> bool {\n    y % 4 == 0 && y % 100 != 0\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, unless),
            vec![(
                5,
                vec!["    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)".to_string()]
            )]
        );
    }

    /// probe39-python-13: a queue whose loop takes items off and never puts one back: the
    /// finished case's `if` gets the `else` that requeues the item, in both languages; a loop
    /// that requeues already gets none.
    #[test]
    fn probe39_python_13_an_unfinished_item_goes_back_to_the_queue() {
        let back = |h: &HunkMutation| h.description.starts_with("an unfinished");
        let python = "def order(bursts, quantum):\n    queue = deque(range(len(bursts)))\n    left = list(bursts)\n    done = []\n    while queue:\n        i = queue.popleft()\n        left[i] -= min(quantum, left[i])\n        if left[i] == 0:\n            done.append(i)\n    return done\n";
        assert_eq!(
            placed(python, Language::Python, 9, back),
            vec![(
                9,
                vec![
                    "            done.append(i)".to_string(),
                    "        else:".to_string(),
                    "            queue.append(i)".to_string()
                ]
            )]
        );
        let requeued = python.replace(
            "            done.append(i)\n",
            "            done.append(i)\n        else:\n            queue.append(i)\n",
        );
        assert!(placed(&requeued, Language::Python, 9, back).is_empty());
        let rust = "/*\nrr\n*/\nfn order(bursts: &[u32], quantum: u32) -> Vec<usize> {\n    let mut queue: VecDeque<usize> = (0..bursts.len()).collect();\n    let mut left = bursts.to_vec();\n    let mut done = Vec::new();\n    while let Some(i) = queue.pop_front() {\n        left[i] -= quantum.min(left[i]);\n        if left[i] == 0 {\n            done.push(i);\n        }\n    }\n    done\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 12, back),
            vec![(
                12,
                vec![
                    "        } else {".to_string(),
                    "            queue.push_back(i);".to_string(),
                    "        }".to_string()
                ]
            )]
        );
    }

    /// probe39-python-07: "if both have the same size, both explode": the strict guard that
    /// pops and continues gets an equal case that pops and stays; Rust alike; without a word
    /// about equals, none.
    #[test]
    fn probe39_python_07_the_equal_case_does_the_guards_work() {
        let equal = |h: &HunkMutation| h.description.starts_with("the equal case");
        let python = "def collide(xs):\n    \"\"\"The smaller explodes; if both have the same size, both explode.\n    >>> collide([8, -8])\n    []\n    \"\"\"\n    stack = []\n    for a in xs:\n        alive = True\n        while alive and a < 0 and stack and stack[-1] > 0:\n            if stack[-1] < -a:\n                stack.pop()\n                continue\n            alive = False\n        if alive:\n            stack.append(a)\n    return stack\n";
        assert_eq!(
            placed(python, Language::Python, 12, equal),
            vec![(
                12,
                vec![
                    "                continue".to_string(),
                    "            if stack[-1] == -a:".to_string(),
                    "                stack.pop()".to_string()
                ]
            )]
        );
        let silent = python.replace("; if both have the same size, both explode", "");
        assert!(placed(&silent, Language::Python, 12, equal).is_empty());
        let rust = "/*\nEqual sizes both explode.\n*/\nfn collide(xs: &[i32]) -> Vec<i32> {\n    let mut stack: Vec<i32> = Vec::new();\n    for &a in xs {\n        let mut alive = true;\n        while alive && a < 0 && !stack.is_empty() && *stack.last().unwrap() > 0 {\n            if *stack.last().unwrap() < -a {\n                stack.pop();\n                continue;\n            }\n            alive = false;\n        }\n        if alive {\n            stack.push(a);\n        }\n    }\n    stack\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 12, equal),
            vec![(
                12,
                vec![
                    "            }".to_string(),
                    "            if *stack.last().unwrap() == -a {".to_string(),
                    "                stack.pop();".to_string(),
                    "            }".to_string()
                ]
            )]
        );
    }

    /// probe39-rust-17: "Typing something new clears the redo history" where nothing clears
    /// `redo_stack`: each loop branch that leaves it alone gets the clear first; a history
    /// cleared already gets none.
    #[test]
    fn probe39_rust_17_a_described_clear_of_a_history() {
        let clear = |h: &HunkMutation| h.description.ends_with("cleared, as the description says");
        let rust = "/*\nTyping something new clears the redo history.\n*/\nfn edits(commands: &[&str]) -> String {\n    let mut text = String::new();\n    let mut undo_stack: Vec<String> = Vec::new();\n    let mut redo_stack: Vec<String> = Vec::new();\n    for command in commands {\n        if let Some(typed) = command.strip_prefix(\"type:\") {\n            undo_stack.push(text.clone());\n            text.push_str(typed);\n        } else if *command == \"redo\" {\n            if let Some(next) = redo_stack.pop() {\n                text = next;\n            }\n        }\n    }\n    text\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 10, clear),
            vec![(
                10,
                vec![
                    "            redo_stack.clear();".to_string(),
                    "            undo_stack.push(text.clone());".to_string()
                ]
            )]
        );
        let cleared = rust.replace(
            "            text.push_str(typed);\n",
            "            text.push_str(typed);\n            redo_stack.clear();\n",
        );
        assert!(placed(&cleared, Language::Rust, 10, clear).is_empty());
    }

    /// probe39-rust-25: an hourglass sum reads rows `i` and `i + 2` and never `i + 1`: the
    /// missing row's cell is added, one candidate per column read; a sum over every row gets
    /// none.
    #[test]
    fn probe39_rust_25_a_stencil_sum_reads_the_row_it_skips() {
        let row = |h: &HunkMutation| h.description.starts_with("the sum reads row");
        let rust = "/*\nhourglass\n*/\nfn f(grid: &[Vec<i32>]) -> i32 {\n    let mut best = i32::MIN;\n    for i in 0..grid.len() - 2 {\n        for j in 0..grid[0].len() - 2 {\n            let sum = grid[i][j] + grid[i][j + 1] + grid[i][j + 2]\n                + grid[i + 2][j] + grid[i + 2][j + 1] + grid[i + 2][j + 2];\n            best = best.max(sum);\n        }\n    }\n    best\n}\n";
        let found = placed(rust, Language::Rust, 9, row);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found.contains(&(
            9,
            vec!["                + grid[i + 2][j] + grid[i + 2][j + 1] + grid[i + 2][j + 2] + grid[i + 1][j + 1];".to_string()]
        )));
        let whole = rust.replace(
            "+ grid[i + 2][j] +",
            "+ grid[i + 1][j + 1] + grid[i + 2][j] +",
        );
        assert!(placed(&whole, Language::Rust, 9, row).is_empty());
        let python = "def f(g, i, j):\n    s = g[i][j] + g[i][j + 1] + g[i][j + 2] + g[i + 2][j] + g[i + 2][j + 1] + g[i + 2][j + 2]\n    return s\n";
        assert_eq!(placed(python, Language::Python, 2, row).len(), 3);
    }

    /// probe39-rust-19: a gap between markers whose leading edge the loop handles (`None =>
    /// i`) gets the trailing edge after the loop; Python alike; a loop that measures no
    /// leading edge gets none.
    #[test]
    fn probe39_rust_19_the_stretch_after_the_last_marker() {
        let edge = |h: &HunkMutation| h.description.starts_with("the stretch after the last");
        let rust = "/*\nseats\n*/\nfn best_seat(seats: &[u8]) -> usize {\n    let mut best = 0;\n    let mut last: Option<usize> = None;\n    for (i, &seat) in seats.iter().enumerate() {\n        if seat == 1 {\n            best = match last {\n                None => i,\n                Some(prev) => best.max((i - prev) / 2),\n            };\n            last = Some(i);\n        }\n    }\n    best\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 15, edge),
            vec![(
                15,
                vec![
                    "    }".to_string(),
                    "    if let Some(prev) = last {".to_string(),
                    "        best = best.max(seats.len() - 1 - prev);".to_string(),
                    "    }".to_string()
                ]
            )]
        );
        let python = "def best_seat(seats):\n    best = 0\n    last = None\n    for i, seat in enumerate(seats):\n        if seat == 1:\n            if last is None:\n                best = i\n            else:\n                best = max(best, (i - last) // 2)\n            last = i\n    return best\n";
        assert_eq!(
            placed(python, Language::Python, 10, edge),
            vec![(
                10,
                vec![
                    "            last = i".to_string(),
                    "    if last is not None:".to_string(),
                    "        best = max(best, len(seats) - 1 - last)".to_string()
                ]
            )]
        );
        let no_lead = rust.replace("None => i,", "None => 0,");
        assert!(placed(&no_lead, Language::Rust, 15, edge).is_empty());
    }

    /// probe38-python-19: groups of names sharing a content, "for every content held by two
    /// or more files", returned whole: the comprehension keeps groups of two or more; Rust
    /// filters before the `collect`; a comprehension that already filters gets none.
    #[test]
    fn probe38_python_19_groups_of_the_described_size_only() {
        let sized = |h: &HunkMutation| h.description.starts_with("only groups of");
        let python = "def same(files):\n    \"\"\"The groups of names that share a content, for every content held by\n    two or more files.\"\"\"\n    groups = {}\n    for name, content in files:\n        groups.setdefault(content, []).append(name)\n    return [names for names in groups.values()]\n";
        assert_eq!(
            placed(python, Language::Python, 7, sized),
            vec![(
                7,
                vec![
                    "    return [names for names in groups.values() if len(names) >= 2]"
                        .to_string()
                ]
            )]
        );
        let listed = python.replace(
            "[names for names in groups.values()]",
            "list(groups.values())",
        );
        assert_eq!(
            placed(&listed, Language::Python, 7, sized),
            vec![(
                7,
                vec![
                    "    return [group for group in groups.values() if len(group) >= 2]"
                        .to_string()
                ]
            )]
        );
        let filtered = python.replace("groups.values()]", "groups.values() if names]");
        assert!(placed(&filtered, Language::Python, 7, sized).is_empty());
        let rust = "/*\nWords that occur more than once, grouped.\n*/\nfn groups(m: HashMap<String, Vec<usize>>) -> Vec<Vec<usize>> {\n    m.into_values().collect()\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 5, sized),
            vec![(
                5,
                vec!["    m.into_values().filter(|group| group.len() >= 2).collect()".to_string()]
            )]
        );
    }

    /// probe38-python-01: a column advanced by a tab's width in one branch and never in the
    /// other: the other advances it by one; outside a loop, or when both branches move it,
    /// none.
    #[test]
    fn probe38_python_01_a_position_one_branch_advances_the_other_advances_by_one() {
        let step = |h: &HunkMutation| h.description == "`col += 1` as a sibling branch does it";
        let python = "def expand(line, size):\n    out = []\n    col = 0\n    for ch in line:\n        if ch == \"\\t\":\n            spaces = size - col % size\n            out.append(\" \" * spaces)\n            col += spaces\n        else:\n            out.append(ch)\n    return \"\".join(out)\n";
        assert_eq!(
            placed(python, Language::Python, 10, step),
            vec![(
                10,
                vec![
                    "            out.append(ch)".to_string(),
                    "            col += 1".to_string()
                ]
            )]
        );
        let both = python.replace(
            "            out.append(ch)\n",
            "            out.append(ch)\n            col += 1\n",
        );
        assert!(placed(&both, Language::Python, 10, step).is_empty());
    }

    /// probe38-rust-09: the closest sum of three started at 0, which beats every real sum
    /// near 0: it starts at the first three items' sum; a best started elsewhere gets none.
    #[test]
    fn probe38_rust_09_a_best_candidate_starts_at_the_first_real_candidate() {
        let first = |h: &HunkMutation| h.description.ends_with("not at 0");
        let rust = "fn closest(nums: &[i32], target: i32) -> i32 {\n    let mut v = nums.to_vec();\n    v.sort();\n    let mut best = 0;\n    for i in 0..v.len() - 2 {\n        let (mut lo, mut hi) = (i + 1, v.len() - 1);\n        while lo < hi {\n            let sum = v[i] + v[lo] + v[hi];\n            if (sum - target).abs() < (best - target).abs() {\n                best = sum;\n            }\n            lo += 1;\n        }\n    }\n    best\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 4, first),
            vec![(
                4,
                vec!["    let mut best = v[0] + v[1] + v[2];".to_string()]
            )]
        );
        let python = "def closest(nums, target):\n    v = sorted(nums)\n    best = 0\n    for i in range(len(v) - 1):\n        s = v[i] + v[i + 1]\n        if abs(s - target) < abs(best - target):\n            best = s\n    return best\n";
        assert!(
            placed(python, Language::Python, 3, first).is_empty(),
            "v[i + 1] is not read"
        );
        let python = python.replace("s = v[i] + v[i + 1]", "s = v[i] + v[j]");
        assert_eq!(
            placed(&python, Language::Python, 3, first),
            vec![(3, vec!["    best = v[0] + v[1]".to_string()])]
        );
        let started = rust.replace("let mut best = 0;", "let mut best = i32::MAX;");
        assert!(placed(&started, Language::Rust, 4, first).is_empty());
    }

    /// probe38-rust-23: a window counted as items enter and compared once it is `m` long,
    /// but never emptied: the item `m` places back leaves it right after the count. A window
    /// that already loses items gets none.
    #[test]
    fn probe38_rust_23_an_item_leaves_the_sliding_window() {
        let exit = |h: &HunkMutation| h.operator == MutationOperator::SlidingWindowExit;
        let rust = "fn starts(s: &str, p: &str) -> Vec<usize> {\n    let s = s.as_bytes();\n    let m = p.len();\n    let mut need = [0i32; 26];\n    for b in p.bytes() {\n        need[(b - b'a') as usize] += 1;\n    }\n    let mut window = [0i32; 26];\n    let mut result = Vec::new();\n    for i in 0..s.len() {\n        window[(s[i] - b'a') as usize] += 1;\n        if i + 1 >= m && window == need {\n            result.push(i + 1 - m);\n        }\n    }\n    result\n}\n";
        assert_eq!(
            placed(rust, Language::Rust, 11, exit),
            vec![(
                11,
                vec![
                    "        window[(s[i] - b'a') as usize] += 1;".to_string(),
                    "        if i >= m {".to_string(),
                    "            window[(s[i - m] - b'a') as usize] -= 1;".to_string(),
                    "        }".to_string()
                ]
            )]
        );
        let python = "def starts(s, p):\n    m = len(p)\n    need = [0] * 26\n    for c in p:\n        need[ord(c) - 97] += 1\n    window = [0] * 26\n    out = []\n    for i in range(len(s)):\n        window[ord(s[i]) - 97] += 1\n        if i + 1 >= m and window == need:\n            out.append(i + 1 - m)\n    return out\n";
        assert_eq!(
            placed(python, Language::Python, 9, exit),
            vec![(
                9,
                vec![
                    "        window[ord(s[i]) - 97] += 1".to_string(),
                    "        if i >= m:".to_string(),
                    "            window[ord(s[i - m]) - 97] -= 1".to_string()
                ]
            )]
        );
        let emptied = rust.replace(
            "        if i + 1 >= m && window == need {",
            "        if i >= m {\n            window[(s[i - m] - b'a') as usize] -= 1;\n        }\n        if i + 1 >= m && window == need {",
        );
        assert!(placed(&emptied, Language::Rust, 11, exit).is_empty());
    }

    /// The hunks `keep` selects, as (first line, new lines).
    fn placed(
        source: &str,
        language: Language,
        line: u32,
        keep: impl Fn(&HunkMutation) -> bool,
    ) -> Vec<(u32, Vec<String>)> {
        hunks(source, language, line)
            .into_iter()
            .filter(|h| keep(h))
            .map(|h| (h.line, h.new_lines))
            .collect()
    }

    fn case_branches(source: &str, language: Language, line: u32) -> Vec<(u32, Vec<String>)> {
        placed(source, language, line, |h| {
            h.description.starts_with("the other case's branch")
        })
    }

    /// Swapping a letter's case, written for upper case only: the branch for lower case is
    /// inserted after the body, in both languages; a function with both branches gets none.
    #[test]
    fn a_branch_for_one_letter_case_gets_its_twin() {
        let python = "def solve(s):\n    out = ''\n    for c in s:\n        if 'A' <= c <= 'Z':\n            c = c.lower()\n        else:\n            pass\n        out += c\n    return out\n";
        assert_eq!(
            case_branches(python, Language::Python, 5),
            vec![(
                5,
                vec![
                    "            c = c.lower()".to_string(),
                    "        elif 'a' <= c <= 'z':".to_string(),
                    "            c = c.upper()".to_string(),
                ]
            )]
        );
        let rust = "fn solve(s: &str) -> String {\n    let mut out = String::new();\n    for c in s.chars() {\n        let mut w = c;\n        if w >= 'A' && w <= 'Z' {\n            w = w.to_ascii_lowercase();\n        } else {\n            n += 1;\n        }\n        out.push(w);\n    }\n    out\n}\n";
        assert_eq!(
            case_branches(rust, Language::Rust, 6),
            vec![(
                6,
                vec![
                    "            w = w.to_ascii_lowercase();".to_string(),
                    "        } else if w >= 'a' && w <= 'z' {".to_string(),
                    "            w = w.to_ascii_uppercase();".to_string(),
                ]
            )]
        );
        let both = "def solve(s):\n    out = ''\n    for c in s:\n        if 'A' <= c <= 'Z':\n            c = c.lower()\n        elif 'a' <= c <= 'z':\n            c = c.upper()\n        out += c\n    return out\n";
        assert!(case_branches(both, Language::Python, 5).is_empty());
        // A body that names no case is no twin of anything.
        let counting = "def count(s):\n    n = 0\n    for c in s:\n        if 'A' <= c <= 'Z':\n            n += 1\n    return n\n";
        assert!(case_branches(counting, Language::Python, 5).is_empty());
    }

    fn normalizations(source: &str, language: Language, line: u32) -> Vec<(u32, Vec<String>)> {
        placed(source, language, line, |h| {
            h.operator == MutationOperator::NormalizeParameter
        })
    }

    /// A rotation by more than the list's length, and digits read off a negative number: the
    /// parameter brought into range right before its first use (after the guard).
    #[test]
    fn a_parameter_is_brought_into_range_before_its_first_use() {
        let rotate = "def rotate(lst, k):\n    if not lst:\n        return []\n    return lst[-k:] + lst[:-k]\n";
        assert_eq!(
            normalizations(rotate, Language::Python, 4),
            vec![(
                4,
                vec![
                    "    k %= len(lst)".to_string(),
                    "    return lst[-k:] + lst[:-k]".to_string()
                ]
            )]
        );
        let digits = "def digit_sum(n):\n    return sum(int(d) for d in str(n))\n";
        assert_eq!(
            normalizations(digits, Language::Python, 2),
            vec![(
                2,
                vec![
                    "    n = abs(n)".to_string(),
                    "    return sum(int(d) for d in str(n))".to_string()
                ]
            )]
        );
        let rust = "fn rotate_right(v: Vec<i32>, k: usize) -> Vec<i32> {\n    if v.is_empty() {\n        return v;\n    }\n    let split = v.len() - k;\n    [&v[split..], &v[..split]].concat()\n}\n";
        assert_eq!(
            normalizations(rust, Language::Rust, 5),
            vec![(
                5,
                vec![
                    "    let k = k % v.len();".to_string(),
                    "    let split = v.len() - k;".to_string()
                ]
            )]
        );
        // Already in range: nothing.
        let done = "def rotate(lst, k):\n    k %= len(lst)\n    return lst[-k:] + lst[:-k]\n";
        assert!(normalizations(done, Language::Python, 3).is_empty());
    }

    /// Quickselect recursing on the part above the pivot keeps the whole's position: the
    /// position drops by each count made before the call.
    #[test]
    fn a_recursive_call_on_a_part_shifts_the_position_by_a_count() {
        let source = "def kth(arr, k):\n    pivot = arr[0]\n    below = [x for x in arr if x < pivot]\n    above = [x for x in arr if x > pivot]\n    num_less = len(below)\n    num_lessoreq = len(arr) - len(above)\n    if k < num_less:\n        return kth(below, k)\n    elif k >= num_lessoreq:\n        return kth(above, k)\n    return pivot\n";
        let found: Vec<(u32, String)> = hunks(source, Language::Python, 10)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::ShiftRecursiveArgument)
            .map(|h| (h.line, h.new_lines[0].clone()))
            .collect();
        assert!(
            found.contains(&(
                10,
                "        return kth(above, k - num_lessoreq)".to_string()
            )),
            "{found:?}"
        );
        assert!(
            found.contains(&(8, "        return kth(below, k - num_less)".to_string())),
            "{found:?}"
        );
        assert_eq!(found.len(), 8, "{found:?}");
        assert!(
            found
                .iter()
                .all(|(_, l)| !l.contains("arr -") && !l.contains("below -"))
        );
    }

    /// A statement commented out is restored; prose, doc comments and directives are not.
    #[test]
    fn a_commented_out_statement_is_uncommented_and_prose_is_not() {
        let source = "def count_even(nums):\n    # Count the even numbers.\n    count = 0\n    for n in nums:\n        if n % 2 == 0:\n            # count += 1\n            pass\n    # type: ignore\n    return count\n";
        let all: Vec<HunkMutation> = hunks(source, Language::Python, 3)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::Uncomment)
            .collect();
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!(all[0].line, 6);
        assert_eq!(all[0].new_lines, vec!["            count += 1".to_string()]);

        let rust = "/// Sum of the list.\npub fn total(v: &[i32]) -> i32 {\n    // Add them up.\n    let mut t = 0;\n    for x in v {\n        // t += x;\n    }\n    t\n}\n";
        let all: Vec<HunkMutation> = hunks(rust, Language::Rust, 4)
            .into_iter()
            .filter(|h| h.operator == MutationOperator::Uncomment)
            .collect();
        assert_eq!(all.len(), 1, "{all:?}");
        assert_eq!(all[0].new_lines, vec!["        t += x;".to_string()]);
    }

    #[test]
    fn hefix_python_52_both_returned_booleans_flipped_together() {
        let source = "def below(l, t):\n    for e in l:\n        if e >= t:\n            return True\n    return False\n";
        let all = hunks(source, Language::Python, 4);
        let hunk = find(
            &all,
            &["            return True", "    return False"],
            &["            return False", "    return True"],
        )
        .expect("the flip of both answers");
        assert_eq!(hunk.line, 4);
        assert_eq!(hunk.operator, MutationOperator::BooleanConstantFlip);
    }

    #[test]
    fn hefix_rust_57_a_braced_return_and_the_tail_return_flipped_together() {
        let source = "fn monotonic(l: Vec<i32>) -> bool {\n    if l.is_empty() {return false}\n    return true;\n}\n";
        let all = hunks(source, Language::Rust, 2);
        assert!(
            find(
                &all,
                &["    if l.is_empty() {return false}", "    return true;"],
                &["    if l.is_empty() {return true}", "    return false;"],
            )
            .is_some(),
            "{all:#?}"
        );
    }

    #[test]
    fn hefix_rust_94_every_assignment_of_one_flag_flipped_and_the_lines_between_kept() {
        let source = "fn f(lst: Vec<i32>) -> i32 {\n    let mut best = 0;\n    for x in lst {\n        let mut prime = false;\n        let mut j = 2;\n        while j * j <= x {\n            if x % j == 0 {\n                prime = true;\n            }\n            j += 1;\n        }\n        if !prime && x > best { best = x; }\n    }\n    best\n}\n";
        let all = hunks(source, Language::Rust, 8);
        let hunk = all
            .iter()
            .find(|h| h.description.contains("`prime`"))
            .expect("the flag's hunk");
        assert_eq!(hunk.line, 4);
        assert_eq!(hunk.old_lines.len(), 5);
        assert_eq!(hunk.new_lines[0], "        let mut prime = true;");
        assert_eq!(hunk.new_lines[4], "                prime = false;");
        assert_eq!(hunk.new_lines[1..4], hunk.old_lines[1..4]);
    }

    #[test]
    fn hefix_python_119_both_answer_words_capitalized_on_one_line() {
        let source = "def match(lst):\n    ok = check(lst)\n    return 'yes' if ok else 'no'\n";
        let all = hunks(source, Language::Python, 3);
        assert!(
            find(
                &all,
                &["    return 'yes' if ok else 'no'"],
                &["    return 'Yes' if ok else 'No'"]
            )
            .is_some(),
            "{all:#?}"
        );
    }

    #[test]
    fn hefix_rust_119_answer_words_capitalized_across_returns_but_not_other_literals() {
        let source = "fn m(s: &str) -> &str {\n    if s.starts_with('(') {\n        return \"no\";\n    }\n    return \"yes\";\n}\n";
        let all = hunks(source, Language::Rust, 3);
        let hunk = all
            .iter()
            .find(|h| h.description == "every answer word capitalized")
            .expect("capitalized");
        assert_eq!(hunk.line, 3);
        assert_eq!(
            hunk.new_lines.first().map(String::as_str),
            Some("        return \"No\";")
        );
        assert_eq!(
            hunk.new_lines.last().map(String::as_str),
            Some("    return \"Yes\";")
        );
    }

    #[test]
    fn hefix_python_118_a_literal_changed_at_each_of_its_uses() {
        let source = "def closest(word):\n    if len(word) < 3:\n        return \" \"\n    for c in word:\n        if c in 'aeiou':\n            return c\n    return \" \"\n";
        let all = hunks(source, Language::Python, 7);
        let hunk = all
            .iter()
            .find(|h| h.description == "every `\" \"` → `\"\"`")
            .expect("both uses emptied");
        assert_eq!(hunk.line, 3);
        assert_eq!(hunk.new_lines[0], "        return \"\"");
        assert_eq!(hunk.new_lines[4], "    return \"\"");
    }

    #[test]
    fn hefix_rust_134_one_letter_char_literals_swap_case_together() {
        let source = "fn last(c: char) -> bool {\n    if c < 'a' || (c > 'z' && c < 'A') || c > 'Z' {\n        return false;\n    }\n    true\n}\n";
        let all = hunks(source, Language::Rust, 2);
        assert!(
            find(
                &all,
                &["    if c < 'a' || (c > 'z' && c < 'A') || c > 'Z' {"],
                &["    if c < 'A' || (c > 'Z' && c < 'a') || c > 'z' {"],
            )
            .is_some(),
            "{all:#?}"
        );
    }

    #[test]
    fn hefix_rust_132_a_bracket_family_swapped_in_every_literal() {
        let source = "fn nested(s: &str) -> bool {\n    let mut n = 0;\n    for c in s.chars() {\n        if c == '(' { n += 1; }\n        if c == ')' { n -= 1; }\n    }\n    n > 1\n}\n";
        let all = hunks(source, Language::Rust, 4);
        assert!(
            find(
                &all,
                &[
                    "        if c == '(' { n += 1; }",
                    "        if c == ')' { n -= 1; }"
                ],
                &[
                    "        if c == '[' { n += 1; }",
                    "        if c == ']' { n -= 1; }"
                ],
            )
            .is_some(),
            "{all:#?}"
        );
    }

    #[test]
    fn hefix_rust_105_and_rust_19_a_missing_ordering_step_inserted() {
        let source = "fn by_length(arr: Vec<i32>) -> Vec<i32> {\n    let mut cp: Vec<i32> = arr.clone();\n    cp.sort();\n    let mut other: Vec<i32> = arr.iter().map(|x| x * 2).collect();\n    cp\n}\n";
        let all = hunks(source, Language::Rust, 3);
        assert!(
            find(
                &all,
                &["    cp.sort();"],
                &["    cp.sort();", "    cp.reverse();"]
            )
            .is_some(),
            "{all:#?}"
        );
        // `other` is declared `mut` and never changed: its missing step is evidence-backed.
        let built = "    let mut other: Vec<i32> = arr.iter().map(|x| x * 2).collect();";
        let idle = find(&all, &[built], &[built, "    other.sort();"]).expect("sorted");
        assert_eq!(idle.operator, MutationOperator::IdleMutableStep);
        assert!(find(&all, &[built], &[built, "    other.reverse();"]).is_some());
        // A list changed later gets only the plain insertion.
        let changed = "fn f(a: Vec<i32>) -> Vec<i32> {\n    let mut v: Vec<i32> = a.clone();\n    let n = 1;\n    v.push(n);\n    v\n}\n";
        let all_changed = hunks(changed, Language::Rust, 3);
        let line = "    let mut v: Vec<i32> = a.clone();";
        let plain = find(&all_changed, &[line], &[line, "    v.sort();"]).expect("sorted");
        assert_eq!(plain.operator, MutationOperator::InsertStatement);
        // A list already sorted on the next line is not sorted again.
        let cloned = "    let mut cp: Vec<i32> = arr.clone();";
        assert!(all.iter().all(|h| h.old_lines != [cloned]));
    }

    #[test]
    fn hefix_rust_93_every_letter_set_given_its_capitals() {
        let source = "fn encode(m: &str) -> String {\n    let v: Vec<char> = \"aeiou\".to_string().chars().collect();\n    let d: Vec<char> = \"abcdefghijklmnopqrstuvwxyz\".to_string().chars().collect();\n    let w = \"hello\";\n    m.to_string()\n}\n";
        let all = hunks(source, Language::Rust, 2);
        let hunk = all
            .iter()
            .find(|h| h.description == "every letter set given its capitals")
            .expect("both sets");
        assert_eq!(hunk.old_lines.len(), 2, "{hunk:#?}");
        assert!(hunk.new_lines[0].contains("\"aeiouAEIOU\""));
        assert!(hunk.new_lines[1].contains("ABCDEFGHIJKLMNOPQRSTUVWXYZ\""));
        // `"hello"` repeats a letter: a word, not a set, and it is left alone.
        assert!(
            all.iter()
                .all(|h| !h.new_lines.iter().any(|l| l.contains("HELLO")))
        );
    }

    #[test]
    fn hefix_python_156_a_while_whose_condition_never_changes_gets_its_step() {
        let source = "def roman(number):\n    i = 12\n    res = ''\n    while number:\n        div = number // num[i]\n        number %= num[i]\n        while div:\n            res += sym[i]\n        i -= 1\n    return res\n";
        let all = hunks(source, Language::Python, 8);
        let steps: Vec<&HunkMutation> = all
            .iter()
            .filter(|h| h.description.contains("`while` body"))
            .collect();
        // Only the inner loop: the outer one updates `number`.
        assert_eq!(steps.len(), 2, "{steps:#?}");
        assert_eq!(steps[0].line, 8);
        assert_eq!(
            steps[0].new_lines,
            ["            res += sym[i]", "            div -= 1"]
        );
        assert_eq!(steps[1].new_lines[1], "            div += 1");
        assert_eq!(steps[0].operator, MutationOperator::LoopStep);
    }

    #[test]
    fn a_rust_while_counting_up_gets_an_increment_and_loops_that_change_or_leave_get_none() {
        let source = "fn f(n: usize) -> usize {\n    let mut i = 0;\n    let mut s = 0;\n    while i < n {\n        s = s.wrapping_add(i);\n    }\n    while s > 10 {\n        s -= 3;\n    }\n    while i > 0 {\n        if s == 0 { break; }\n    }\n    let (mut a, mut b) = (s, n);\n    while b > 0 {\n        (a, b) = (b, a % b);\n    }\n    a\n}\n";
        let all = hunks(source, Language::Rust, 5);
        let steps: Vec<&HunkMutation> = all
            .iter()
            .filter(|h| h.description.contains("`while` body"))
            .collect();
        let inserted: Vec<&str> = steps.iter().map(|h| h.new_lines[1].trim()).collect();
        assert_eq!(
            inserted,
            ["i += 1;", "i -= 1;", "n += 1;", "n -= 1;"],
            "{steps:#?}"
        );
        assert!(steps.iter().all(|h| h.line == 5));
    }

    #[test]
    fn hefix_python_155_the_else_of_a_counter_never_updated() {
        let source = "def even_odd_count(num):\n    even_count = 0\n    odd_count = 0\n    for i in str(abs(num)):\n        if int(i)%2==0:\n            even_count +=1\n    return (even_count, odd_count)\n";
        let all = hunks(source, Language::Python, 6);
        let hunk = find(
            &all,
            &["            even_count +=1"],
            &[
                "            even_count +=1",
                "        else:",
                "            odd_count +=1",
            ],
        )
        .expect("the mirrored else");
        assert_eq!(hunk.line, 6);
        assert_eq!(hunk.operator, MutationOperator::InsertStatement);
        // With an else already there, nothing is mirrored.
        let source = "def f(num):\n    a = 0\n    b = 0\n    for i in num:\n        if i:\n            a += 1\n        else:\n            a -= 1\n    return (a, b)\n";
        assert!(
            hunks(source, Language::Python, 6)
                .iter()
                .all(|h| h.description.starts_with("the loop left"))
        );
    }

    #[test]
    fn a_single_change_is_left_to_the_one_line_operators() {
        let source = "def f(x):\n    if x:\n        return True\n    return x > 2\n";
        assert!(hunks(source, Language::Python, 3).is_empty());
    }

    #[test]
    fn nothing_inside_comments_or_outside_the_function_changes() {
        let source = "def g():\n    return True\n\ndef f(x):\n    # return True\n    if x:\n        return True\n    return False\n";
        // The commented-out `return True` is a candidate of its own (`Uncomment`); no other
        // edit reaches into the comment.
        let all: Vec<HunkMutation> = hunks(source, Language::Python, 7)
            .into_iter()
            .filter(|h| h.operator != MutationOperator::Uncomment)
            .collect();
        assert_eq!(all.len(), 1, "{all:#?}");
        assert_eq!(all[0].line, 7);
        assert_eq!(
            all[0].new_lines,
            ["        return False", "    return True"]
        );
    }
}
