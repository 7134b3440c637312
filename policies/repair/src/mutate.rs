//! Deterministic enumeration of small single-line edits ("mutations") of source lines.
//!
//! Most bugs a failing test exposes in small programs are one token wrong: a flipped comparison,
//! an off-by-one bound, `and` for `or`, swapped arguments, a forgotten `return`. Instead of asking
//! a weak model to write the fix, the harness enumerates these edits for the lines localization
//! points at and lets the tests decide. Each candidate replaces exactly one whole line, so it is
//! trivial to apply, to revert and to show to a user.
//!
//! The enumeration is purely lexical: a small lexer marks string literals and comments so that
//! nothing inside them is mutated, and a token list drives the operators. It never panics and
//! produces the same candidates in the same order for the same input.

use std::path::Path;

use serde::{Deserialize, Serialize};
use tact_runtime::source::{
    ByteClass, FunctionSpan, classify_source, function_spans, indentation, innermost_function,
    split_lines, split_terminator,
};
use thiserror::Error;

mod conditional;
mod expr;
mod together;

pub use together::HunkMutation;

/// Source languages tact reads as code; defined in `tact_runtime::source`, next to the lexer.
pub use tact_runtime::source::Language;

/// The kind of edit a candidate makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MutationOperator {
    /// `<`↔`<=`, `>`↔`>=`, `==`↔`!=`, `<`↔`>`.
    ComparisonFlip,
    /// `+`↔`-`, `*`↔`/`, `//`↔`/` (Python), and the compound assignments.
    ArithmeticFlip,
    /// An integer literal ±1.
    ConstantOffByOne,
    /// `range(n)`↔`range(n + 1)`, `..`↔`..=`, `len(x)`↔`len(x) - 1`.
    BoundaryShift,
    /// `and`↔`or`, `&&`↔`||`.
    BooleanOperatorFlip,
    /// `True`↔`False`, `true`↔`false`.
    BooleanConstantFlip,
    /// `f(a, b)` → `f(b, a)`.
    SwapArguments,
    /// Python: the bare expression ending a function becomes `return expr`.
    InsertReturn,
    /// `min`↔`max`.
    MinMaxSwap,
    /// A call to a sibling method: `upper`↔`lower`↔`capitalize`, `to_uppercase`↔`to_lowercase`,
    /// `floor`↔`ceil`, `any`↔`all`, `starts_with`↔`ends_with`, …
    SiblingCall,
    /// A variable or field replaced by another one of the same kind in scope (`net + tax_rate`
    /// → `net + tax`, `self.width * self.width` → `self.width * self.height`).
    SwapIdentifier,
    /// A term too many: `a - b` → `a`, `2 * x` → `x`, `x *= y` → `x = y`.
    DropTerm,
    /// A term too few: `range(n)` → `range(n + 1)`, `s[n - i]` → `s[n - 1 - i]`.
    AddOffset,
    /// Operands in the wrong order: `a - b` → `b - a`, `x in s` → `s in x`.
    SwapOperands,
    /// A statement that should not be there (the line becomes blank).
    DeleteLine,
    /// A condition too many: `a && b` → `a`, `x > 0 and y` → `y`.
    DropClause,
    /// A string or char literal edited: `' '` ↔ `''`, `'('` → `'['`, `"E+"` → `"E"`.
    LiteralEdit,
    /// A one-token argument replaced by another argument of the same line: `ord(ch)` →
    /// `ord("a")` where `ord("a")` is there too.
    ReplaceArgument,
    /// A statement that is missing, made from what the function already does: the `else`
    /// mirroring an `if` for a variable never updated, a sort or reverse step. The learned
    /// ranker has no prior for it (it was fitted before it existed), so its origin weighs
    /// nothing either way.
    InsertStatement,
    /// Both sides of a comparison passed through the same function: `a == b` →
    /// `set(a) == set(b)`. Newer than every fitted ranker, so it has no prior of its own.
    WrapOperands,
    /// A `while` whose condition never changes in its body gets the missing step as its last
    /// statement (`div -= 1`). Kept apart from `InsertStatement` because a run that hung is
    /// evidence for exactly this edit (see `tact_repair::localize::report_shows_a_hang`).
    LoopStep,
    /// A list declared `let mut` and never changed afterwards gets the in-place step it lacks
    /// right after its declaration (`v.sort();`), as `rustc`'s "does not need to be mutable"
    /// warning suggests. Probed first, like a hang's `LoopStep`: the evidence is specific.
    IdleMutableStep,
    /// A string folded to one case before its letters are counted or collected:
    /// `set(string)` → `set(string.lower())`. Newer than every fitted ranker (no prior).
    CaseFold,
    /// A missing early exit: a copy of one of the function's guards with a new condition (one
    /// clause of its own compared another way, or a membership check against a collection the
    /// function builds and never reads), inserted beside it. Newer than every fitted ranker.
    InsertGuard,
    /// A condition missing a clause the function's description names (`odd` → `and x % 2 !=
    /// 0`) or a predicate the file defines and never calls (`and is_prime(n)`), added to an
    /// `if`, a comprehension's filter or a `.filter(|x| …)`. Newer than every fitted ranker.
    AddClause,
    /// `break` ↔ `continue`: a loop left where it should skip one item, or the reverse.
    /// Newer than every fitted ranker (no prior).
    ControlFlowFlip,
    /// Python: a statement at the wrong depth — the last statement of a loop's or branch's
    /// body moved out of it (a `return` inside a `for` that should follow it), or the statement
    /// right after a block moved into it. Newer than every fitted ranker (no prior).
    IndentShift,
    /// Python: a raised or caught built-in exception for another (`KeyError` → `ValueError`).
    /// The families below are newer than every fitted ranker; each has its own origin, so none
    /// borrows the prior of an older family it resembles.
    ExceptionSwap,
    /// A one-character field separator for another (`split(";")` → `split(",")`).
    SeparatorSwap,
    /// A slice kept from the other side of its cut (`name[dot:]` → `name[:dot]`).
    SliceSide,
    /// Two indexes exchanged (`grid[c][r]` → `grid[r][c]`).
    ExchangeIndexes,
    /// A two-parameter closure's parameters exchanged (`|a, b|` → `|b, a|`): a comparator
    /// reversed.
    ReverseComparator,
    /// A name assigned one operand that is one off (`lo = mid` → `lo = mid + 1`).
    OffsetAssignment,
    /// An edit the compiler or the interpreter proposes for a program that does not build or
    /// parse (`tact_repair::diagnose`): rustc's `help:` suggestions, Python's `SyntaxError`,
    /// `NameError` and `AttributeError` read as the slip they name. Probed before any guess.
    DiagnosticHint,
    /// A statement commented out (`# count += 1`) restored: the comment marker taken away from
    /// a comment line of the function that reads like a statement.
    Uncomment,
    /// The last piece a loop collects appended after it (`lines.append(text)` after the loop
    /// that appends every full line): the final line, run or token otherwise lost.
    FlushRemainder,
    /// A statement treating one of two alike things with no twin for the other inserted
    /// (`out.extend(b[j:])` after `out.extend(a[i:])`, where the code pairs `a`/`b`, `i`/`j`).
    MirrorStatement,
    /// A one-term condition negated or no longer negated (`if done:` ↔ `if not done:`,
    /// `if seen.contains(&x)` ↔ `if !seen.contains(&x)`).
    NegateCondition,
    /// A parameter brought into range before its first use: `k %= len(lst)` before a
    /// rotation, `n = abs(n)` before its digits are read.
    NormalizeParameter,
    /// A parameter passed on unchanged to the function's own call shifted by a count made
    /// before it (`kth(above, k)` → `kth(above, k - num_lessoreq)`).
    ShiftRecursiveArgument,
    /// A value computed with fewer terms than the formula the function's description states
    /// (`a.push(i * i)` where it says `a[i] = i * i - i + 1`) given the whole formula.
    StatedFormula,
    /// Names put in the order the description states (`day, month, year = …` where it says
    /// the date reads `mm-dd-yyyy`).
    StatedOrder,
    /// A separator appended after each piece a loop joins, where the code trims a trailing
    /// separator it never appends (`out.push(' ');` before the loop's `out.pop()`).
    AppendSeparator,
    /// A root compared with the number it was taken from raised back to its power
    /// (`int(round(a ** (1. / 3))) == a` → `… ** 3 == a`).
    RaiseRoot,
    /// A guard that returns what the function returns anyway given another value (`if
    /// len(order) < n: return order` → `return None`).
    DistinctReturn,
    /// A table's last entry returned where its best was meant (`return dp[-1]` →
    /// `return max(dp)`, `dp[n - 1]` → `*dp.iter().max().unwrap()`).
    AggregateForLast,
    /// A running best started at zero (`best = 0` before `best = max(best, cur)`) started at
    /// the type's extreme or the first value instead (`float("-inf")`, `nums[0]`).
    ExtremeStart,
    /// A number written digit by digit while it is positive given the zero case before its
    /// loop (`if n == 0: return "0"`).
    ZeroCase,
    /// The extreme a function's description names where it computes only the other one
    /// ("the minimum number of edits" over `max(...)`): each such `max` made `min`.
    DescribedExtreme,
    /// The operator applied to a number made the one the description states on it ("9 is
    /// subtracted from it" over `d %= 9` → `d -= 9`).
    StatedOperation,
    /// An `and`/`or` inside parentheses that group nothing flipped (`(a || b) || c` →
    /// `(a && b) || c`): the parentheses were written for the other operator.
    RedundantGroupFlip,
    /// A step the description names and the code never takes (a sort, a reverse) added where
    /// it belongs (`arr.sort();` → `arr.sort(); arr.reverse();`, `return sorted(out)`).
    DescribedCall,
    /// An `if` with no `else` dropped and its body run unconditionally (a guard too many:
    /// `if nums[i] != 0: prefix *= nums[i]` → `prefix *= nums[i]`).
    UnwrapGuard,
    /// State a loop sets and never resets, reset: a flag lowered in the branch that reads it,
    /// a buffer emptied after it is consumed (`num.clear();` after `num.parse()`).
    ResetState,
    /// A separator written before the first piece too, guarded by the output holding
    /// something or the index being past the first (`if out: out.append("_")`).
    SeparatorGuard,
    /// The empty case a description states put first in the body (`if not matrix: return
    /// []`), where the function never asks whether the parameter is empty.
    EmptyCase,
    /// A value the description says wraps around (a clock past midnight, a letter past `z`)
    /// taken modulo the cycle the description's units name (`total / 60` → `total / 60 % 24`).
    DescribedWrap,
    /// A length the description states ("exactly six digits") joined to a returned check that
    /// walks the sequence and never measures it (`rest.len() == 6 && rest.chars().all(…)`).
    DescribedLength,
    /// A tie rule the description states ("if several, the alphabetically first") joined to a
    /// running best's strict update (`n > most` → `n > most || (n == most && name < best)`).
    DescribedTie,
    /// Items the description says are skipped ("negative readings are skipped") left out first
    /// in the loop over them (`if r < 0: continue`).
    DescribedSkip,
    /// A count changed through the function and never returned added to (or taken from) the
    /// returned count (`return added` → `return added + open_count`).
    UnreturnedCount,
    /// A divisor the description states ("divisible by 400") and no `%` uses, joined to the
    /// condition that tests another divisor of the value (`(…) or year % 400 == 0`).
    StatedDivisor,
    /// A pairing the description says is one-to-one ("different letters stand for different
    /// words") checked by key only: the value checked against the values taken before the
    /// insert.
    DescribedOneToOne,
    /// A branch that peeks at the next item (`chars[i + 1] == '"'`) and handles it, given the
    /// step past it (`i += 1`) that its loop's own step does not make.
    LookaheadSkip,
    /// A default the description gives for the items a branch does not take ("any other
    /// symbol decodes to \"?\"") added as the branch's missing `else`.
    DescribedDefault,
    /// A set of characters written out in the code (`'a' | 'e' | 'i' | 'o' | 'u' | 'y'`,
    /// `"aeiouy"`) made the set the description lists ("the vowels (a, e, i, o and u)").
    DescribedSet,
    /// Two values read from different places and written back by twin statements at the
    /// same place: one twin writes at the other read's place (`low << i` → `low << (i + 1)`).
    CrossedPlacement,
    /// A sliding window that counts items entering it and none leaving: the item the
    /// window's length places back is taken out after each count.
    SlidingWindowExit,
    /// A one-line conditional expression's two values exchanged (`if flats { &SHARPS } else
    /// { &FLATS }` → `… { &FLATS } else { &SHARPS }`, `a if c else b` → `b if c else a`).
    ExchangeArms,
    /// A division guarded by the value the description gives when its divisor is zero (`if d
    /// == 0.0 { return None; }` before `… / d`).
    DivisorGuard,
    /// An integer quotient of two names rounded up (`n // cols` → `(n + cols - 1) // cols`).
    CeilingQuotient,
    /// A loop's accumulating statement repeated after it for names bound there and never
    /// read (a polygon's closing edge: `total += dist(last, first)`).
    ClosingStatement,
    /// A check a twin block makes after its loop (`if i == start: return False`) copied to
    /// the block whose same store (`start = i`) is never read.
    DeadStoreRead,
    /// A stack a loop grows to a depth (`while len(c) < depth: c.append(0)`) and nothing ever
    /// shrinks cut back to it after the loop (`del c[depth:]`, `c.truncate(depth);`).
    CutBackStack,
    /// A block adjusting a value after its start (`if … { day = 28; }`) repeated where the
    /// value is set back to that start later (`day = bd;`).
    LostAdjustment,
}

/// One candidate edit: replace line `line` of `file`, whose text is exactly `old_text`, with
/// `new_text`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MutationCandidate {
    pub file: String,
    /// 1-based line number.
    pub line: u32,
    /// The line as it is now, without its line terminator.
    pub old_text: String,
    /// The replacement line, without its line terminator.
    pub new_text: String,
    pub operator: MutationOperator,
    /// Human-readable, e.g. "`>` → `>=`".
    pub description: String,
}

/// Errors of enumerating or applying mutations.
#[derive(Debug, Error)]
pub enum MutateError {
    #[error("{file} has no line {line} (it has {line_count})")]
    LineOutOfRange {
        file: String,
        line: u32,
        line_count: usize,
    },
    #[error("no mutation operators for {0}: only .py and .rs files are supported")]
    UnsupportedLanguage(String),
    #[error("line {line} of {file} no longer reads {expected:?}; the candidate is stale")]
    StaleCandidate {
        file: String,
        line: u32,
        expected: String,
    },
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// How many candidates [`enumerate_mutations`] returns at most unless told otherwise.
pub const DEFAULT_MAX_CANDIDATES: usize = 200;

/// Enumerates candidate edits of the given 1-based `lines` of `source` (the text of `file`), in
/// the order the lines are given, then left to right within a line. Lines that do not exist are
/// skipped (localization may point one past the end); duplicates are dropped. At most
/// `max_candidates` are returned.
pub fn enumerate_mutations(
    file: &str,
    source: &str,
    language: Language,
    lines: &[u32],
    max_candidates: usize,
) -> Vec<MutationCandidate> {
    let classes = classify_source(source, language);
    let source_lines: Vec<&str> = split_lines(source);
    let spans = function_spans(source, language);
    let mut candidates: Vec<MutationCandidate> = Vec::new();
    let mut seen_lines: Vec<u32> = Vec::new();

    for &line_number in lines {
        if seen_lines.contains(&line_number) {
            continue;
        }
        seen_lines.push(line_number);
        let Some(index) = usize::try_from(line_number)
            .ok()
            .and_then(|n| n.checked_sub(1))
        else {
            continue;
        };
        let (Some(text), Some(line_classes)) = (source_lines.get(index), classes.get(index)) else {
            continue;
        };
        let mut edits = mutate_line_with_classes(text, line_classes, language);
        if language == Language::Python {
            edits = math_qualified(edits, text, &source_lines);
        }
        if language == Language::Python
            && let Some(edit) = insert_return_edit(&source_lines, &classes, index)
        {
            edits.push(edit);
        }
        if language == Language::Python {
            edits.extend(indent_shift_edits(&source_lines, &classes, index));
        }
        edits.extend(swap_identifier_edits(
            &source_lines,
            &classes,
            &spans,
            index,
            language,
        ));
        edits.extend(index_element_edits(
            &source_lines,
            &classes,
            &spans,
            index,
            language,
        ));
        if language == Language::Python {
            let parameters = python_parameters(&source_lines, &classes, &spans, line_number);
            let tokens = tokenize(text, line_classes, language);
            edits.extend(expr::slice_edits(text, &tokens, &parameters));
        } else {
            let counts = rust_integer_parameters(&source_lines, &classes, &spans, line_number);
            let tokens = tokenize(text, line_classes, language);
            edits.extend(expr::bound_by_parameter_edits(text, &tokens, &counts));
        }
        let mut seen_texts: Vec<String> = Vec::new();
        for edit in edits {
            if edit.new_text == *text || seen_texts.contains(&edit.new_text) {
                continue;
            }
            seen_texts.push(edit.new_text.clone());
            if candidates.len() >= max_candidates {
                return candidates;
            }
            candidates.push(MutationCandidate {
                file: file.to_string(),
                line: line_number,
                old_text: (*text).to_string(),
                new_text: edit.new_text,
                operator: edit.operator,
                description: edit.description,
            });
        }
    }
    candidates
}

/// Edits that make one change at every place it applies in the functions holding `lines`
/// (see [`HunkMutation`]), functions in the order their first line is given.
pub fn hunk_mutations(
    file: &str,
    source: &str,
    language: Language,
    lines: &[u32],
    insert_guards: bool,
) -> Vec<HunkMutation> {
    let classes = classify_source(source, language);
    let source_lines: Vec<&str> = split_lines(source);
    let spans = function_spans(source, language);
    // Tokenized once for every function's hunks (a clause may call a predicate defined in
    // another function of the file).
    let file_tokens: Vec<Vec<Token<'_>>> = source_lines
        .iter()
        .enumerate()
        .map(|(k, text)| {
            classes
                .get(k)
                .map(|c| tokenize(text, c, language))
                .unwrap_or_default()
        })
        .collect();
    let file = together::FileText {
        name: file,
        lines: &source_lines,
        classes: &classes,
        tokens: &file_tokens,
        uncalled: together::uncalled_predicates(&file_tokens, language),
    };
    let mut seen: Vec<&FunctionSpan> = Vec::new();
    let mut hunks: Vec<HunkMutation> = Vec::new();
    for &line in lines {
        let Some(span) = innermost_function(&spans, line) else {
            continue;
        };
        if seen.contains(&span) {
            continue;
        }
        seen.push(span);
        for hunk in together::function_hunks(&file, span, language, insert_guards) {
            if !hunks.contains(&hunk) {
                hunks.push(hunk);
            }
        }
    }
    hunks
}

/// The 1-based lines inside a `while` loop's body that assign a name its condition reads
/// (`lo = mid` under `while lo <= hi`). When a run hangs, an edit of such a line is the likeliest
/// fix: the loop's progress is made there, and a step that makes none (`lo = mid` for
/// `lo = mid + 1`) never ends it.
pub fn loop_condition_updates(source: &str, language: Language) -> Vec<u32> {
    let classes = classify_source(source, language);
    let lines: Vec<&str> = split_lines(source);
    let tokens: Vec<Vec<Token<'_>>> = lines
        .iter()
        .enumerate()
        .map(|(k, text)| {
            classes
                .get(k)
                .map(|c| tokenize(text, c, language))
                .unwrap_or_default()
        })
        .collect();
    let mut updates: Vec<u32> = Vec::new();
    for while_loop in together::while_loops(&lines, &tokens, language) {
        for &k in &while_loop.body {
            let moves = tokens
                .get(k)
                .is_some_and(|line| while_loop.names.iter().any(|n| together::assigns(line, n)));
            if moves && let Ok(number) = u32::try_from(k + 1) {
                updates.push(number);
            }
        }
    }
    updates.sort_unstable();
    updates.dedup();
    updates
}

/// Reads `root/file` and enumerates mutations of `lines` in it; the language comes from the
/// file's extension.
pub fn enumerate_file_mutations(
    root: &Path,
    file: &str,
    lines: &[u32],
    max_candidates: usize,
) -> Result<Vec<MutationCandidate>, MutateError> {
    let path = root.join(file);
    let language = Language::from_path(&path)
        .ok_or_else(|| MutateError::UnsupportedLanguage(file.to_string()))?;
    let source = std::fs::read_to_string(&path).map_err(|source| MutateError::Io {
        path: path.display().to_string(),
        source,
    })?;
    Ok(enumerate_mutations(
        file,
        &source,
        language,
        lines,
        max_candidates,
    ))
}

/// Mutations of the lines `locations` point at (e.g. [`crate::localize::localize`]'s ranking),
/// most suspicious location first. Files that are not Python or Rust are skipped; a file that
/// cannot be read is an error. At most `max_candidates` are returned.
pub fn mutations_for_locations(
    root: &Path,
    locations: &[crate::localize::CandidateLocation],
    max_candidates: usize,
) -> Result<Vec<MutationCandidate>, MutateError> {
    let mut sources: std::collections::BTreeMap<&str, String> = std::collections::BTreeMap::new();
    let mut candidates = Vec::new();
    for location in locations {
        let Some(language) = Language::from_path(Path::new(&location.file)) else {
            continue;
        };
        if !sources.contains_key(location.file.as_str()) {
            let path = root.join(&location.file);
            let text = std::fs::read_to_string(&path).map_err(|source| MutateError::Io {
                path: path.display().to_string(),
                source,
            })?;
            sources.insert(&location.file, text);
        }
        let Some(source) = sources.get(location.file.as_str()) else {
            continue;
        };
        let remaining = max_candidates.saturating_sub(candidates.len());
        if remaining == 0 {
            break;
        }
        for candidate in enumerate_mutations(
            &location.file,
            source,
            language,
            &[location.line],
            remaining,
        ) {
            if !candidates.contains(&candidate) {
                candidates.push(candidate);
            }
        }
    }
    Ok(candidates)
}

/// Line-local edits of one line of code, as `(new_text, operator, description)`. Multi-line
/// strings and comments cannot be seen from one line; use [`enumerate_mutations`] for files.
pub fn mutate_line(text: &str, language: Language) -> Vec<(String, MutationOperator, String)> {
    let classes = classify_source(text, language);
    let first = classes.into_iter().next().unwrap_or_default();
    mutate_line_with_classes(text, &first, language)
        .into_iter()
        .map(|edit| (edit.new_text, edit.operator, edit.description))
        .collect()
}

/// Applies `candidate` to `source`, checking that the line still reads `old_text`. Line
/// terminators (`\n` or `\r\n`) are preserved.
pub fn apply_mutation(source: &str, candidate: &MutationCandidate) -> Result<String, MutateError> {
    let pieces: Vec<&str> = source.split_inclusive('\n').collect();
    let index = usize::try_from(candidate.line)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .filter(|index| *index < pieces.len())
        .ok_or(MutateError::LineOutOfRange {
            file: candidate.file.clone(),
            line: candidate.line,
            line_count: pieces.len(),
        })?;
    let mut result = String::with_capacity(source.len() + candidate.new_text.len());
    for (position, piece) in pieces.iter().enumerate() {
        if position != index {
            result.push_str(piece);
            continue;
        }
        let (body, terminator) = split_terminator(piece);
        if body != candidate.old_text {
            return Err(MutateError::StaleCandidate {
                file: candidate.file.clone(),
                line: candidate.line,
                expected: candidate.old_text.clone(),
            });
        }
        result.push_str(&candidate.new_text);
        result.push_str(terminator);
    }
    Ok(result)
}

/// Applies `candidate` to the file `root/candidate.file` in place.
pub fn apply_mutation_to_file(
    root: &Path,
    candidate: &MutationCandidate,
) -> Result<(), MutateError> {
    let path = root.join(&candidate.file);
    let io_error = |source| MutateError::Io {
        path: path.display().to_string(),
        source,
    };
    let source = std::fs::read_to_string(&path).map_err(io_error)?;
    let mutated = apply_mutation(&source, candidate)?;
    std::fs::write(&path, mutated).map_err(io_error)
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TokenKind {
    Ident,
    Number,
    /// A string or char literal.
    Literal,
    Operator,
    Open,
    Close,
    Comma,
}

#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    start: usize,
    end: usize,
    kind: TokenKind,
    text: &'a str,
}

const PYTHON_OPERATORS: &[&str] = &[
    "**=", "//=", ">>=", "<<=", "==", "!=", "<=", ">=", "->", "**", "//", "+=", "-=", "*=", "/=",
    "%=", ":=", "<<", ">>", "&=", "|=", "^=",
];
const RUST_OPERATORS: &[&str] = &[
    "..=", "...", "<<=", ">>=", "==", "!=", "<=", ">=", "->", "=>", "::", "..", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "<<", ">>", "&=", "|=", "^=",
];

fn tokenize<'a>(text: &'a str, classes: &[ByteClass], language: Language) -> Vec<Token<'a>> {
    let operators = match language {
        Language::Python => PYTHON_OPERATORS,
        Language::Rust => RUST_OPERATORS,
    };
    let class_at = |index: usize| classes.get(index).copied().unwrap_or(ByteClass::Code);
    let mut tokens = Vec::new();
    let mut index = 0;
    while index < text.len() {
        let Some(rest) = text.get(index..) else {
            break;
        };
        let Some(character) = rest.chars().next() else {
            break;
        };
        let width = character.len_utf8();
        match class_at(index) {
            ByteClass::Comment => {
                index += width;
                continue;
            }
            ByteClass::Text => {
                let end = (index..text.len())
                    .find(|&i| class_at(i) != ByteClass::Text)
                    .unwrap_or(text.len());
                if let Some(literal) = text.get(index..end) {
                    tokens.push(Token {
                        start: index,
                        end,
                        kind: TokenKind::Literal,
                        text: literal,
                    });
                }
                index = end.max(index + 1);
                continue;
            }
            ByteClass::Code => {}
        }
        if character.is_whitespace() {
            index += width;
            continue;
        }
        let (kind, length) = if character.is_alphabetic() || character == '_' {
            let length = rest
                .char_indices()
                .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
                .map_or(rest.len(), |(i, _)| i);
            (TokenKind::Ident, length)
        } else if character.is_ascii_digit() {
            (TokenKind::Number, number_length(rest))
        } else if matches!(character, '(' | '[' | '{') {
            (TokenKind::Open, 1)
        } else if matches!(character, ')' | ']' | '}') {
            (TokenKind::Close, 1)
        } else if character == ',' {
            (TokenKind::Comma, 1)
        } else {
            let length = operators
                .iter()
                .find(|op| rest.starts_with(**op))
                .map_or(width, |op| op.len());
            (TokenKind::Operator, length)
        };
        // Never let a token run into a literal or comment.
        let end = (index..index + length)
            .find(|&i| class_at(i) != ByteClass::Code)
            .unwrap_or(index + length);
        let end = end.max(index + width);
        if let Some(token_text) = text.get(index..end) {
            tokens.push(Token {
                start: index,
                end,
                kind,
                text: token_text,
            });
        }
        index = end;
    }
    tokens
}

/// Digits, underscores, letters (suffixes, hex, exponents) and a decimal point followed by a
/// digit; `1..n` stops before the `..`.
fn number_length(rest: &str) -> usize {
    let bytes = rest.as_bytes();
    let mut length = 0;
    while let Some(&byte) = bytes.get(length) {
        let continues = byte.is_ascii_alphanumeric()
            || byte == b'_'
            || (byte == b'.' && bytes.get(length + 1).is_some_and(u8::is_ascii_digit));
        if !continues {
            break;
        }
        length += 1;
    }
    length.max(1)
}

// ---------------------------------------------------------------------------------------------
// Operators
// ---------------------------------------------------------------------------------------------

struct LineEdit {
    new_text: String,
    operator: MutationOperator,
    description: String,
}

/// Python's rounding functions live in two places: `round` and `int` are built in, `floor`,
/// `ceil` and `trunc` are `math`'s. A sibling call swapped across them is written as the file
/// can call it (`round(x)` → `math.ceil(x)` under `import math`, `math.floor(x)` → `round(x)`);
/// one the file cannot call (no `math` imported) is dropped, as its probe could only fail.
fn math_qualified(edits: Vec<LineEdit>, text: &str, source_lines: &[&str]) -> Vec<LineEdit> {
    const MATH_ONLY: &[&str] = &["floor", "ceil", "trunc"];
    let imports_math = source_lines.iter().any(|l| {
        let words: Vec<&str> = l.split_whitespace().collect();
        words.first() == Some(&"import")
            && words[1..].iter().any(|w| w.trim_end_matches(',') == "math")
    });
    let imported_from_math = |name: &str| {
        source_lines.iter().any(|l| {
            let l = l.trim_start();
            l.starts_with("from math import ")
                && l["from math import ".len()..]
                    .split(',')
                    .any(|n| n.trim() == name)
        })
    };
    edits
        .into_iter()
        .filter_map(|mut edit| {
            if edit.operator != MutationOperator::SiblingCall {
                return Some(edit);
            }
            // Where the new name starts: the first byte that differs, back to its word's start.
            let differ = text
                .bytes()
                .zip(edit.new_text.bytes())
                .take_while(|(a, b)| a == b)
                .count();
            let start = edit.new_text[..differ]
                .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
                .map_or(0, |k| k + 1);
            let name: String = edit.new_text[start..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            let qualified = edit.new_text[..start].ends_with("math.");
            let method = edit.new_text[..start].ends_with('.');
            if MATH_ONLY.contains(&name.as_str()) && !method {
                if imported_from_math(&name) {
                    return Some(edit);
                }
                if !imports_math {
                    return None;
                }
                edit.new_text.insert_str(start, "math.");
                edit.description =
                    edit.description
                        .replacen(&format!("`{name}`"), &format!("`math.{name}`"), 1);
            } else if qualified && matches!(name.as_str(), "round" | "int") {
                edit.new_text
                    .replace_range(start - "math.".len()..start, "");
                edit.description = edit.description.replacen("`", "`math.", 1);
            }
            Some(edit)
        })
        .collect()
}

fn replace_span(text: &str, start: usize, end: usize, replacement: &str) -> Option<String> {
    let before = text.get(..start)?;
    let after = text.get(end..)?;
    Some(format!("{before}{replacement}{after}"))
}

const PYTHON_KEYWORDS: &[&str] = &[
    "and", "or", "not", "in", "is", "if", "else", "elif", "return", "yield", "lambda", "for",
    "while", "assert", "del", "import", "from", "as", "with", "await", "raise", "print", "def",
    "class",
];
const RUST_KEYWORDS: &[&str] = &[
    "return", "in", "if", "else", "match", "let", "mut", "move", "ref", "break", "while", "for",
    "loop", "where", "impl", "dyn", "fn", "const", "static", "use", "pub", "unsafe", "as",
];

/// Rust's primitive types: `x: i32,` in a signature binds `x`, not `i32`.
const RUST_PRIMITIVES: &[&str] = &[
    "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize", "f32",
    "f64", "bool", "char", "str",
];

/// A primitive type's name (Rust), never a variable.
/// Python's built-in types, as a parameter's annotation names them (`income: float,
/// brackets: list`): types, not variables to swap in (probe35-python-23 spent 7 of its swaps
/// on `list` and `float` and never reached `upper` → `lower`).
const PYTHON_BUILTIN_TYPES: [&str; 12] = [
    "int",
    "float",
    "str",
    "bool",
    "list",
    "dict",
    "set",
    "tuple",
    "bytes",
    "object",
    "complex",
    "frozenset",
];

fn is_primitive_type(word: &str, language: Language) -> bool {
    match language {
        Language::Rust => RUST_PRIMITIVES.contains(&word),
        Language::Python => PYTHON_BUILTIN_TYPES.contains(&word),
    }
}

/// `=` and the compound assignments (`+=`, `//=`, `:=`, …), not the comparisons.
fn is_assignment(operator: &str) -> bool {
    operator.ends_with('=') && !matches!(operator, "==" | "!=" | "<=" | ">=")
}

fn is_keyword(word: &str, language: Language) -> bool {
    match language {
        Language::Python => PYTHON_KEYWORDS.contains(&word),
        Language::Rust => RUST_KEYWORDS.contains(&word),
    }
}

/// The names an expression's tokens read: identifiers that are not keywords, methods
/// (`.strip`), calls (`str(…)`), macros (`format!`) or string prefixes (`f"…"`), and the names inside a format
/// string's braces (`f"{count}{current}"`, `format!("{n}{c}")`), which a token scan alone
/// never sees.
fn names_read<'a>(tokens: &[Token<'a>], language: Language) -> Vec<&'a str> {
    let mut names = Vec::new();
    for (k, t) in tokens.iter().enumerate() {
        let previous = k.checked_sub(1).and_then(|p| tokens.get(p));
        let next = tokens.get(k + 1);
        match t.kind {
            TokenKind::Ident => {
                let method = previous.is_some_and(|p| p.text == ".");
                let macro_name = language == Language::Rust && next.is_some_and(|n| n.text == "!");
                let prefix = next.is_some_and(|n| n.kind == TokenKind::Literal && n.start == t.end);
                // A called name (`str(start)`) is a function, not state the piece carries.
                let called = next.is_some_and(|n| n.text == "(" && n.start == t.end);
                if !method && !macro_name && !prefix && !called && !is_keyword(t.text, language) {
                    names.push(t.text);
                }
            }
            TokenKind::Literal => {
                let formatted = match language {
                    Language::Python => previous.is_some_and(|p| {
                        p.kind == TokenKind::Ident
                            && p.end == t.start
                            && p.text.chars().any(|c| c == 'f' || c == 'F')
                    }),
                    // `name!(` then the literal: a format string when it is the first argument.
                    Language::Rust => {
                        k >= 3
                            && tokens.get(k - 1).is_some_and(|p| p.text == "(")
                            && tokens.get(k - 2).is_some_and(|p| p.text == "!")
                    }
                };
                if formatted {
                    names.extend(format_string_names(t.text));
                }
            }
            _ => {}
        }
    }
    names
}

/// The names a format string's replacement fields read (`"{count}{c:>3}"` → count, c);
/// `{{` is a literal brace, a field's format spec after `:` and attributes after `.` are not
/// names.
fn format_string_names(literal: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut rest = literal;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(escaped) = after.strip_prefix('{') {
            rest = escaped;
            continue;
        }
        let Some(close) = after.find('}') else {
            break;
        };
        let field = &after[..close];
        let expression = field.split([':', '!']).next().unwrap_or("");
        let mut start = None;
        for (i, c) in expression.char_indices().chain([(expression.len(), ' ')]) {
            let word = c.is_alphanumeric() || c == '_';
            match (start, word) {
                (None, true) => start = Some(i),
                (Some(s), false) => {
                    let name = &expression[s..i];
                    let attribute = expression[..s].ends_with('.');
                    let numeric = name.starts_with(|c: char| c.is_ascii_digit());
                    if !attribute && !numeric && !names.contains(&name) {
                        names.push(name);
                    }
                    start = None;
                }
                _ => {}
            }
        }
        rest = &after[close + 1..];
    }
    names
}

/// Whether the token before an operator ends an operand, i.e. the operator is binary.
fn ends_operand(token: Option<&Token<'_>>, language: Language) -> bool {
    token.is_some_and(|token| match token.kind {
        TokenKind::Ident => !is_keyword(token.text, language),
        TokenKind::Number | TokenKind::Literal | TokenKind::Close => true,
        TokenKind::Operator | TokenKind::Open | TokenKind::Comma => {
            // `x? - 1` in Rust: `?` ends an operand.
            token.text == "?" && language == Language::Rust
        }
    })
}

fn surrounded_by_space(text: &str, token: &Token<'_>) -> bool {
    let before = text.get(..token.start).and_then(|s| s.chars().next_back());
    let after = text.get(token.end..).and_then(|s| s.chars().next());
    before.is_some_and(char::is_whitespace) && after.is_some_and(char::is_whitespace)
}

/// Lines that are declarations rather than logic: nothing to mutate there.
fn is_skipped_line(tokens: &[Token<'_>], language: Language) -> bool {
    let first = tokens.first().map(|t| t.text);
    let second = tokens.get(1).map(|t| t.text);
    match language {
        Language::Python => matches!(first, Some("import" | "from" | "@")),
        Language::Rust => {
            matches!(first, Some("use" | "mod" | "extern"))
                || (first == Some("#") && matches!(second, Some("[" | "!")))
        }
    }
}

fn mutate_line_with_classes(
    text: &str,
    classes: &[ByteClass],
    language: Language,
) -> Vec<LineEdit> {
    let tokens = tokenize(text, classes, language);
    if tokens.is_empty() || is_skipped_line(&tokens, language) {
        return Vec::new();
    }
    let declares_function = tokens
        .iter()
        .any(|t| t.kind == TokenKind::Ident && matches!(t.text, "def" | "fn"));
    let mut edits = Vec::new();
    for (index, token) in tokens.iter().enumerate() {
        let previous = index.checked_sub(1).and_then(|i| tokens.get(i));
        let mut push =
            |start: usize, end: usize, replacement: &str, operator, description: String| {
                if let Some(new_text) = replace_span(text, start, end, replacement) {
                    edits.push(LineEdit {
                        new_text,
                        operator,
                        description,
                    });
                }
            };
        let mut swap_token = |replacement: &str, operator: MutationOperator| {
            let description = format!("`{}` → `{replacement}`", token.text);
            push(token.start, token.end, replacement, operator, description);
        };
        match token.kind {
            TokenKind::Operator => {
                for (replacement, operator) in operator_replacements(text, &tokens, index, language)
                {
                    swap_token(replacement, operator);
                }
            }
            TokenKind::Ident => {
                let next_is_call = tokens
                    .get(index + 1)
                    .is_some_and(|next| next.text == "(" && next.start == token.end);
                let flipped = match (language, token.text) {
                    (Language::Python, "and") => {
                        Some(("or", junction_flip(&tokens, index, language)))
                    }
                    (Language::Python, "or") => {
                        Some(("and", junction_flip(&tokens, index, language)))
                    }
                    (Language::Python, "True") => {
                        Some(("False", MutationOperator::BooleanConstantFlip))
                    }
                    (Language::Python, "False") => {
                        Some(("True", MutationOperator::BooleanConstantFlip))
                    }
                    (Language::Rust, "true") => {
                        Some(("false", MutationOperator::BooleanConstantFlip))
                    }
                    (Language::Rust, "false") => {
                        Some(("true", MutationOperator::BooleanConstantFlip))
                    }
                    (_, "min") if next_is_call => Some(("max", MutationOperator::MinMaxSwap)),
                    (_, "max") if next_is_call => Some(("min", MutationOperator::MinMaxSwap)),
                    (_, "continue") => Some(("break", MutationOperator::ControlFlowFlip)),
                    // Rust's `break value` has no `continue` form.
                    (_, "break") if jump_takes_no_value(tokens.get(index + 1), language) => {
                        Some(("continue", MutationOperator::ControlFlowFlip))
                    }
                    _ => None,
                };
                if let Some((replacement, operator)) = flipped {
                    swap_token(replacement, operator);
                }
                if language == Language::Python
                    && matches!(token.text, "and" | "or")
                    && joins_groups(&tokens, index)
                {
                    swap_token("!=", MutationOperator::BooleanOperatorFlip);
                }
                let is_method = previous.is_some_and(|p| p.text == ".");
                if next_is_call || is_method {
                    for sibling in sibling_calls(token.text) {
                        swap_token(sibling, MutationOperator::SiblingCall);
                    }
                }
                if language == Language::Python
                    && !is_method
                    && matches!(tokens.first().map(|t| t.text), Some("raise" | "except"))
                {
                    for other in other_exceptions(token.text) {
                        swap_token(other, MutationOperator::ExceptionSwap);
                    }
                }
            }
            TokenKind::Number => {
                let after_dot = previous.is_some_and(|p| p.text == "." || p.text == "::");
                if !after_dot {
                    // `x - 0` and `x * 1` are the term dropped (DropTerm proposes that, as
                    // the smaller and truer edit); an identity constant is never a fix.
                    let identity = match previous.map(|p| p.text) {
                        Some("+" | "-" | "+=" | "-=") => Some("0"),
                        Some("*" | "/" | "//" | "*=" | "/=") => Some("1"),
                        _ => None,
                    };
                    for (replacement, description) in off_by_one_constants(token.text) {
                        if identity.is_some_and(|i| {
                            replacement.starts_with(i)
                                && replacement[i.len()..]
                                    .chars()
                                    .all(|c| c.is_ascii_alphabetic())
                        }) {
                            continue;
                        }
                        push(
                            token.start,
                            token.end,
                            &replacement,
                            MutationOperator::ConstantOffByOne,
                            description,
                        );
                    }
                }
            }
            _ => {}
        }
    }
    edits.extend(boundary_edits(text, &tokens, language));
    if !declares_function {
        edits.extend(swap_argument_edits(text, &tokens, language));
        edits.extend(expr::drop_term_edits(text, &tokens, language));
        edits.extend(expr::swap_operand_edits(text, &tokens, language));
        edits.extend(expr::wrap_compared_operand_edits(text, &tokens, language));
        edits.extend(expr::case_fold_edits(text, &tokens, language));
        edits.extend(expr::add_offset_edits(text, &tokens, language));
        edits.extend(expr::rounded_down_edits(text, &tokens, language));
        edits.extend(expr::ceiling_quotient_edits(text, &tokens, language));
        if language == Language::Python {
            edits.extend(expr::rotation_flip_edits(text));
        }
        edits.extend(expr::delete_line_edit(&tokens, language));
        edits.extend(expr::drop_clause_edits(text, &tokens, language));
        edits.extend(expr::literal_edits(text, &tokens));
        edits.extend(expr::sort_order_edits(text, &tokens, language));
        edits.extend(expr::exchange_method_edits(text, &tokens));
        edits.extend(expr::precedence_wrap_edits(text, &tokens, language));
        if language == Language::Rust {
            edits.extend(expr::match_alternative_edits(text, &tokens));
            edits.extend(expr::reverse_before_collect_edits(text, &tokens));
            edits.extend(expr::negated_max_edits(text));
        }
        edits.extend(expr::reversed_range_edits(text, language));
        edits.extend(expr::index_relative_edits(text, &tokens));
        edits.extend(expr::tuple_target_edits(text, &tokens, language));
        edits.extend(expr::aggregate_for_last_edits(text, language));
        edits.extend(expr::dropped_reversal_edits(text, &tokens, language));
        edits.extend(expr::extreme_to_zero_edits(text, language));
        edits.extend(expr::neighbour_step_edits(text));
        edits.extend(expr::mirror_step_edits(text));
        edits.extend(expr::strip_everywhere_edits(text, language));
        edits.extend(expr::next_term_edits(text));
        if language == Language::Python {
            edits.extend(expr::zipped_sort_edits(text));
        }
        edits.extend(expr::slice_side_edits(text, &tokens, language));
        edits.extend(expr::index_order_edits(text, &tokens));
        edits.extend(expr::comparator_parameters_swapped(text, &tokens));
        edits.extend(expr::receiver_argument_edits(text, &tokens, language));
        edits.extend(expr::replace_argument_edits(text, &tokens, language));
        edits.extend(expr::negation_edits(text, &tokens, language));
        edits.extend(expr::guard_polarity_edits(text, language));
        edits.extend(conditional::exchange_arm_edits(text, &tokens, language));
    }
    edits
}

/// The operator of a flip of the `and`/`or` (`&&`/`||`) at `index`: its own when the
/// parentheses around it change nothing — every operator at their top level and the one
/// joining them to the rest are this same one (`(a || b) || c`), so they were written for the
/// other operator — and a plain [`MutationOperator::BooleanOperatorFlip`] otherwise.
fn junction_flip(tokens: &[Token<'_>], index: usize, language: Language) -> MutationOperator {
    let Some(text) = tokens.get(index).map(|t| t.text) else {
        return MutationOperator::BooleanOperatorFlip;
    };
    let is_junction = |t: &Token<'_>| matches!(t.text, "and" | "or" | "&&" | "||");
    // The innermost group around `index`.
    let mut depth = 0usize;
    let open = (0..index).rev().find(|&k| {
        match tokens[k].kind {
            TokenKind::Close => depth += 1,
            TokenKind::Open if depth > 0 => depth -= 1,
            TokenKind::Open => return tokens[k].text == "(",
            _ => {}
        }
        false
    });
    let mut depth = 0usize;
    let close = (index + 1..tokens.len()).find(|&k| {
        match tokens[k].kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close if depth > 0 => depth -= 1,
            TokenKind::Close => return true,
            _ => {}
        }
        false
    });
    let (Some(open), Some(close)) = (open, close) else {
        return MutationOperator::BooleanOperatorFlip;
    };
    // A call's or a tuple's parentheses group nothing.
    let before = open.checked_sub(1).and_then(|k| tokens.get(k));
    let called = before.is_some_and(|t| {
        matches!(t.kind, TokenKind::Ident) && !is_junction(t) && !is_keyword(t.text, language)
    });
    let mut depth = 0usize;
    let mut uniform = true;
    for t in &tokens[open + 1..close] {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => uniform = false,
            _ if depth == 0 && is_junction(t) && t.text != text => uniform = false,
            _ => {}
        }
    }
    let joined = [before, tokens.get(close + 1)]
        .into_iter()
        .flatten()
        .any(|t| t.text == text);
    if uniform && joined && !called && tokens[close].text == ")" {
        MutationOperator::RedundantGroupFlip
    } else {
        MutationOperator::BooleanOperatorFlip
    }
}

fn others(
    replacements: &[&'static str],
    operator: MutationOperator,
) -> Vec<(&'static str, MutationOperator)> {
    replacements.iter().map(|r| (*r, operator)).collect()
}

fn operator_replacements(
    text: &str,
    tokens: &[Token<'_>],
    index: usize,
    language: Language,
) -> Vec<(&'static str, MutationOperator)> {
    use MutationOperator::{ArithmeticFlip, ComparisonFlip};
    let Some(token) = tokens.get(index) else {
        return Vec::new();
    };
    let previous = index.checked_sub(1).and_then(|i| tokens.get(i));
    let binary = ends_operand(previous, language);
    // In Rust `<`/`>` are generics unless spaced like a binary operator (rustfmt style).
    let comparison_ok = match token.text {
        "<" | ">" => binary && (language == Language::Python || surrounded_by_space(text, token)),
        _ => binary,
    };
    // Rust's `&` borrows, `|` opens and closes closures' parameters and `>>` ends nested
    // generics: only a spaced one is an operator there.
    let bitwise_ok = binary && (language == Language::Python || surrounded_by_space(text, token));
    match (token.text, language) {
        // The nearest flips first (enumeration order is a ranking feature), then the rest of
        // the family: hand-inserted bugs swap any comparison for any other.
        ("<", _) if comparison_ok => others(&["<=", ">", ">=", "==", "!="], ComparisonFlip),
        ("<=", _) if comparison_ok => others(&["<", ">=", ">", "==", "!="], ComparisonFlip),
        (">", _) if comparison_ok => others(&[">=", "<", "<=", "==", "!="], ComparisonFlip),
        (">=", _) if comparison_ok => others(&[">", "<=", "<", "==", "!="], ComparisonFlip),
        ("==", _) if comparison_ok => others(&["!=", "<", ">", "<=", ">="], ComparisonFlip),
        ("!=", _) if comparison_ok => others(&["==", "<", ">", "<=", ">="], ComparisonFlip),
        ("+", _) if binary => others(&["-", "*", "/", "%"], ArithmeticFlip),
        ("-", _) if binary => others(&["+", "*", "/", "%"], ArithmeticFlip),
        // Python's power and product are one character apart (`d * 2` for `d ** 2`).
        ("*", Language::Python) if binary => others(&["/", "+", "-", "%", "**"], ArithmeticFlip),
        ("*", _) if binary => others(&["/", "+", "-", "%"], ArithmeticFlip),
        ("**", Language::Python) if binary => others(&["*"], ArithmeticFlip),
        ("%", _) if binary => others(&["/", "*", "+", "-"], ArithmeticFlip),
        ("/", Language::Python) if binary => others(&["//", "*", "%", "+", "-"], ArithmeticFlip),
        ("/", Language::Rust) if binary => others(&["*", "%", "+", "-"], ArithmeticFlip),
        ("//", Language::Python) if binary => others(&["/", "%", "*"], ArithmeticFlip),
        // A step by a number that should scale instead (`power += 5` for `power *= 5`,
        // probe38-rust-24), after the nearer flip; only by a number literal, where the other
        // operator surely type-checks.
        ("+=", _) if numeric_step(tokens, index) => others(&["-=", "*="], ArithmeticFlip),
        ("+=", _) => vec![("-=", ArithmeticFlip)],
        ("-=", _) => vec![("+=", ArithmeticFlip)],
        ("*=", _) if numeric_step(tokens, index) => others(&["/=", "+="], ArithmeticFlip),
        ("*=", _) => vec![("/=", ArithmeticFlip)],
        ("/=", _) => vec![("*=", ArithmeticFlip)],
        // `d %= 9` where `d -= 9` was meant (a digit sum of a doubled digit).
        ("%=", _) => others(&["-=", "/="], ArithmeticFlip),
        // Bit operations written for one another (`n ^= n - 1` for `n &= n - 1`).
        ("&", _) if bitwise_ok => others(&["|", "^"], ArithmeticFlip),
        ("|", _) if bitwise_ok => others(&["&", "^"], ArithmeticFlip),
        ("^", _) if bitwise_ok => others(&["&", "|"], ArithmeticFlip),
        ("<<", _) if bitwise_ok => vec![(">>", ArithmeticFlip)],
        (">>", _) if bitwise_ok => vec![("<<", ArithmeticFlip)],
        ("&=", _) => others(&["|=", "^="], ArithmeticFlip),
        ("|=", _) => others(&["&=", "^="], ArithmeticFlip),
        ("^=", _) => others(&["&=", "|="], ArithmeticFlip),
        ("<<=", _) => vec![(">>=", ArithmeticFlip)],
        (">>=", _) => vec![("<<=", ArithmeticFlip)],
        ("&&" | "||", Language::Rust) if binary => {
            let other = if token.text == "&&" { "||" } else { "&&" };
            let mut flips = vec![(other, junction_flip(tokens, index, language))];
            if joins_groups(tokens, index) {
                flips.push(("!=", MutationOperator::BooleanOperatorFlip));
            }
            flips
        }
        _ => Vec::new(),
    }
}

/// Whether the compound assignment at `index` adds or multiplies by a lone number literal
/// (`power += 5`).
fn numeric_step(tokens: &[Token<'_>], index: usize) -> bool {
    let number = tokens
        .get(index + 1)
        .is_some_and(|t| t.kind == TokenKind::Number);
    let alone = tokens
        .get(index + 2)
        .is_none_or(|t| matches!(t.text, ";" | "#"));
    number && alone
}

/// Whether the `and`/`or` at `index` joins two parenthesized conditions (`(num < 0) || (den <
/// 0)`), so it may be their exclusive or, `!=`, written as the wrong junction
/// (probe36-rust-29: the sign of a fraction is negative when exactly one part is).
fn joins_groups(tokens: &[Token<'_>], index: usize) -> bool {
    index
        .checked_sub(1)
        .and_then(|p| tokens.get(p))
        .is_some_and(|t| t.text == ")")
        && tokens.get(index + 1).is_some_and(|t| t.text == "(")
}

const RUST_INTEGER_SUFFIXES: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

/// `n` → `n + 1`, `n - 1` for decimal integer literals (suffix kept, underscores dropped).
fn off_by_one_constants(literal: &str) -> Vec<(String, String)> {
    let digits_end = literal
        .find(|c: char| !(c.is_ascii_digit() || c == '_'))
        .unwrap_or(literal.len());
    let (digits, suffix) = literal.split_at(digits_end);
    if !(suffix.is_empty() || RUST_INTEGER_SUFFIXES.contains(&suffix)) {
        return Vec::new();
    }
    // `007` is not a Python 3 literal and rarely a constant worth mutating.
    if digits.len() > 1 && digits.starts_with('0') {
        return Vec::new();
    }
    let Ok(value) = digits.replace('_', "").parse::<u128>() else {
        return Vec::new();
    };
    let mut results = Vec::new();
    if let Some(up) = value.checked_add(1) {
        results.push((
            format!("{up}{suffix}"),
            format!("`{literal}` → `{up}{suffix}`"),
        ));
    }
    if let Some(down) = value.checked_sub(1) {
        results.push((
            format!("{down}{suffix}"),
            format!("`{literal}` → `{down}{suffix}`"),
        ));
    }
    // ±2 (a wrong modulus, a skipped step), then small constants a wrong value is often
    // written in place of.
    let further = [value.checked_add(2), value.checked_sub(2)]
        .into_iter()
        .flatten()
        .map(|v| v.to_string())
        .collect::<Vec<_>>();
    for small in further
        .iter()
        .map(String::as_str)
        .chain(["0", "1", "2", "-1"])
    {
        let text = format!("{small}{suffix}");
        if small != digits && !results.iter().any(|(r, _)| *r == text) {
            let description = format!("`{literal}` → `{text}`");
            results.push((text, description));
        }
    }
    // A power of ten a magnitude off (`percent / 10` for `/ 100`, 100 ms for 1000), last.
    if value >= 10 && digits.trim_start_matches('1').chars().all(|c| c == '0') {
        let magnitudes = [value.checked_mul(10), Some(value / 10)];
        for other in magnitudes.into_iter().flatten().filter(|&v| v >= 10) {
            let text = format!("{other}{suffix}");
            if !results.iter().any(|(r, _)| *r == text) {
                let description = format!("`{literal}` → `{text}`");
                results.push((text, description));
            }
        }
    }
    results
}

/// The index of the `)`/`]`/`}` closing the bracket at `open`.
fn matching_close(tokens: &[Token<'_>], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (index, token) in tokens.iter().enumerate().skip(open) {
        match token.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(index);
                }
            }
            _ => {}
        }
    }
    None
}

/// Byte spans of the top-level arguments between `tokens[open]` and `tokens[close]`, trimmed.
fn argument_spans(
    text: &str,
    tokens: &[Token<'_>],
    open: usize,
    close: usize,
) -> Vec<(usize, usize)> {
    let (Some(open_token), Some(close_token)) = (tokens.get(open), tokens.get(close)) else {
        return Vec::new();
    };
    let mut boundaries = vec![open_token.end];
    let mut depth = 0usize;
    for token in tokens.get(open + 1..close).unwrap_or_default() {
        match token.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 0 => {
                boundaries.push(token.start);
                boundaries.push(token.end);
            }
            _ => {}
        }
    }
    boundaries.push(close_token.start);
    boundaries
        .chunks(2)
        .filter_map(|pair| match pair {
            [start, end] => trim_span(text, *start, *end),
            _ => None,
        })
        .collect()
}

fn trim_span(text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let slice = text.get(start..end)?;
    let leading = slice.len() - slice.trim_start().len();
    let trailing = slice.len() - slice.trim_end().len();
    let (trimmed_start, trimmed_end) = (start + leading, end.checked_sub(trailing)?);
    (trimmed_start < trimmed_end).then_some((trimmed_start, trimmed_end))
}

/// Elements in the wrong order: `f(a, b)` → `f(b, a)` for calls, and the same for list, tuple
/// and `vec![…]` literals (`vec![i, arr[i]]` → `vec![arr[i], i]`, hefix-rust-68). Groups of two
/// swap their elements; groups of three swap each adjacent pair. Index groups (`a[i]`),
/// keyword arguments and `*args` are left alone.
fn swap_argument_edits(text: &str, tokens: &[Token<'_>], language: Language) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    for (open, token) in tokens.iter().enumerate() {
        if token.kind != TokenKind::Open || !matches!(token.text, "(" | "[") {
            continue;
        }
        let previous = open.checked_sub(1).and_then(|i| tokens.get(i));
        let glued = previous.is_some_and(|p| p.end == token.start);
        let group = match previous {
            // A call: `name(`.
            Some(p)
                if glued
                    && token.text == "("
                    && p.kind == TokenKind::Ident
                    && !is_keyword(p.text, language) =>
            {
                format!("the arguments of `{}`", p.text)
            }
            // A macro's list: `vec![`.
            Some(p) if glued && p.text == "!" && language == Language::Rust => {
                let name = open
                    .checked_sub(2)
                    .and_then(|i| tokens.get(i))
                    .map_or("", |t| t.text);
                format!("the elements of `{name}!`")
            }
            // A literal: nothing before it that would make it an index or a call.
            _ if !ends_operand(previous, language) => "the elements".to_string(),
            _ => continue,
        };
        let Some(close) = matching_close(tokens, open) else {
            continue;
        };
        let spans = argument_spans(text, tokens, open, close);
        if !(2..=4).contains(&spans.len()) {
            continue;
        }
        // Four arguments: only two names trade places (a recursive call's pegs, `hanoi(n - 1,
        // via, to, from)`); swapping expressions there would be many edits for little.
        let only_names = spans.len() == 4;
        let is_keyword_argument = |(start, end): (usize, usize)| {
            text.get(start..end).is_none_or(|argument| {
                argument.starts_with('*')
                    || tokens
                        .iter()
                        .any(|t| t.start >= start && t.end <= end && t.text == "=")
            })
        };
        if spans.iter().any(|span| is_keyword_argument(*span)) {
            continue;
        }
        for pair in spans.windows(2) {
            let [(first_start, first_end), (second_start, second_end)] = pair else {
                continue;
            };
            let (Some(first), Some(second)) = (
                text.get(*first_start..*first_end),
                text.get(*second_start..*second_end),
            ) else {
                continue;
            };
            if first == second {
                continue;
            }
            let is_name = |a: &str| {
                !a.is_empty()
                    && a.chars().all(|c| c.is_alphanumeric() || c == '_')
                    && !a.starts_with(|c: char| c.is_ascii_digit())
            };
            if only_names && !(is_name(first) && is_name(second)) {
                continue;
            }
            // Rust: a char and a one-character string trade contents, each keeping its quotes
            // (`replace(' ', ",")` → `replace(',', " ")`), since the two places take
            // different types.
            let (first, second) = match (language, quoted(first), quoted(second)) {
                (Language::Rust, Some((a_quote, a)), Some((b_quote, b))) if a_quote != b_quote => {
                    // `first` lands in the second place and `second` in the first.
                    (
                        format!("{b_quote}{a}{b_quote}"),
                        format!("{a_quote}{b}{a_quote}"),
                    )
                }
                _ => (first.to_string(), second.to_string()),
            };
            let (first, second) = (first.as_str(), second.as_str());
            let swapped = text
                .get(..*first_start)
                .zip(text.get(*first_end..*second_start))
                .zip(text.get(*second_end..));
            if let Some(((before, between), after)) = swapped {
                edits.push(LineEdit {
                    new_text: format!("{before}{second}{between}{first}{after}"),
                    operator: MutationOperator::SwapArguments,
                    description: format!("swap `{first}` and `{second}` in {group}"),
                });
            }
        }
    }
    edits
}

/// A one-character char or string literal as its quote and its content (`','` → `('\'', ",")`).
fn quoted(literal: &str) -> Option<(char, &str)> {
    let quote = literal.chars().next().filter(|q| matches!(q, '\'' | '"'))?;
    let inner = literal.strip_prefix(quote)?.strip_suffix(quote)?;
    let one_character =
        inner.chars().count() == 1 && inner != "\\" && inner != "'" && inner != "\"";
    one_character.then_some((quote, inner))
}

/// `range(n)`↔`range(n + 1)`, `len(x)`↔`len(x) - 1`, `.len()`↔`.len() - 1`, `..`↔`..=`.
fn boundary_edits(text: &str, tokens: &[Token<'_>], language: Language) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let mut push = |new_text: Option<String>, description: String| {
        if let Some(new_text) = new_text {
            edits.push(LineEdit {
                new_text,
                operator: MutationOperator::BoundaryShift,
                description,
            });
        }
    };
    for (index, token) in tokens.iter().enumerate() {
        let previous = index.checked_sub(1).and_then(|i| tokens.get(i));
        let next_is_paren = tokens
            .get(index + 1)
            .is_some_and(|next| next.text == "(" && next.start == token.end);
        match (language, token.kind, token.text) {
            (Language::Python, TokenKind::Ident, "range") if next_is_paren => {
                let Some(close) = matching_close(tokens, index + 1) else {
                    continue;
                };
                let spans = argument_spans(text, tokens, index + 1, close);
                // The stop bound: the only argument, or the second one.
                let Some(&(start, end)) = spans.get(if spans.len() == 1 { 0 } else { 1 }) else {
                    continue;
                };
                let Some(bound) = text.get(start..end) else {
                    continue;
                };
                for new_bound in shifted_bound(bound) {
                    push(
                        replace_span(text, start, end, &new_bound),
                        format!("range bound `{bound}` → `{new_bound}`"),
                    );
                }
            }
            (_, TokenKind::Ident, "len") if next_is_paren => {
                let is_method = previous.is_some_and(|p| p.text == ".");
                if (language == Language::Rust) != is_method {
                    continue;
                }
                let Some(close) = matching_close(tokens, index + 1) else {
                    continue;
                };
                let Some(close_token) = tokens.get(close) else {
                    continue;
                };
                let following = (tokens.get(close + 1), tokens.get(close + 2));
                match following {
                    (Some(minus), Some(one)) if minus.text == "-" && one.text == "1" => {
                        push(
                            replace_span(text, close_token.end, one.end, ""),
                            "drop the `- 1` after `len`".to_string(),
                        );
                    }
                    (Some(next), _) if matches!(next.text, "*" | "/" | "//" | "%" | "**" | ".") => {
                    }
                    _ => push(
                        replace_span(text, close_token.end, close_token.end, " - 1"),
                        "`len(..)` → `len(..) - 1`".to_string(),
                    ),
                }
            }
            (Language::Rust, TokenKind::Operator, "..") => {
                let next = tokens.get(index + 1);
                let open_ended =
                    next.is_none_or(|n| matches!(n.kind, TokenKind::Close | TokenKind::Comma));
                let struct_update =
                    previous.is_some_and(|p| p.text == "{" || p.kind == TokenKind::Comma);
                if !open_ended && !struct_update {
                    push(
                        replace_span(text, token.start, token.end, "..="),
                        "`..` → `..=`".to_string(),
                    );
                }
            }
            (Language::Rust, TokenKind::Operator, "..=") => {
                push(
                    replace_span(text, token.start, token.end, ".."),
                    "`..=` → `..`".to_string(),
                );
            }
            _ => {}
        }
    }
    edits
}

/// `n` → `n + 1`, `n - 1`; `n + 1` / `n - 1` / `n+1` → `n`.
fn shifted_bound(bound: &str) -> Vec<String> {
    let compact: String = bound.chars().filter(|c| !c.is_whitespace()).collect();
    for suffix in ["+1", "-1"] {
        if compact.ends_with(suffix) {
            // Remove the trailing `± 1` with whatever spacing it had.
            let without_one = bound.trim_end().strip_suffix('1').map(str::trim_end);
            let without_sign = without_one
                .and_then(|s| s.strip_suffix(['+', '-']))
                .map(str::trim_end);
            if let Some(base) = without_sign.filter(|base| !base.is_empty()) {
                return vec![base.to_string()];
            }
        }
    }
    vec![format!("{bound} + 1"), format!("{bound} - 1")]
}

const PYTHON_STATEMENT_KEYWORDS: &[&str] = &[
    "return", "if", "elif", "else", "for", "while", "def", "class", "import", "from", "pass",
    "raise", "assert", "with", "try", "except", "finally", "yield", "del", "global", "nonlocal",
    "break", "continue", "async", "match", "case", "print", "lambda",
];

fn is_blank_or_comment(line: &str) -> bool {
    let trimmed = line.trim();
    trimmed.is_empty() || trimmed.starts_with('#')
}

/// Python: a bare expression that is the last statement of a function's body → `return expr`.
/// Families of methods a slip of the finger confuses; a call of one member may be meant as
/// any other member. `min`/`max` is its own operator.
const SIBLING_CALLS: &[&[&str]] = &[
    &["upper", "lower", "capitalize", "title", "swapcase"],
    &["to_uppercase", "to_lowercase"],
    &["to_ascii_uppercase", "to_ascii_lowercase"],
    &["strip", "lstrip", "rstrip"],
    // `rstrip(".0")` strips characters, `removesuffix(".0")` the one suffix.
    &["rstrip", "removesuffix"],
    &["lstrip", "removeprefix"],
    &["trim", "trim_start", "trim_end"],
    &["startswith", "endswith"],
    &["starts_with", "ends_with"],
    &["floor", "ceil", "round", "trunc"],
    // Python's `int(x)` cuts a float where `round(x)` was meant.
    &["int", "round"],
    &["any", "all"],
    &["first", "last"],
    &["keys", "values", "items"],
    &["append", "extend"],
    &["sorted", "reversed"],
    &["find", "rfind"],
    &["index", "rindex"],
    &["is_some", "is_none"],
    &["is_ok", "is_err"],
    &["isdigit", "isalpha", "isalnum"],
    &[
        "is_ascii_digit",
        "is_ascii_alphabetic",
        "is_ascii_alphanumeric",
    ],
    &["is_numeric", "is_alphabetic", "is_alphanumeric"],
    &["min_by_key", "max_by_key"],
    &["min_by", "max_by"],
    &["sort", "reverse"],
    &["isupper", "islower"],
    &["is_uppercase", "is_lowercase"],
    &["is_ascii_uppercase", "is_ascii_lowercase"],
    &["is_positive", "is_negative"],
    // A distance both ways where one direction was meant, and the reverse.
    &["abs_diff", "saturating_sub"],
    &["take", "skip"],
    &["take_while", "skip_while"],
    &["split", "rsplit"],
    &["partition", "rpartition"],
    &["ljust", "rjust"],
    &["trim_start_matches", "trim_end_matches"],
    &["bin", "hex", "oct"],
    &["sum", "product"],
    // Slices cut into overlapping windows or consecutive pieces.
    &["windows", "chunks"],
    // The two ends of a deque: a loop that looks at one end and takes from the other.
    &["pop", "popleft"],
    &["append", "appendleft"],
    &["pop_front", "pop_back"],
    &["push_front", "push_back"],
    &["front", "back"],
    // A rotation the wrong way round.
    &["rotate_left", "rotate_right"],
];

/// Python's built-in exceptions a function most often raises or catches; a `raise` or an
/// `except` naming one may mean another (a test's `pytest.raises(ValueError)` against a
/// `raise KeyError(…)`).
const EXCEPTIONS: &[&str] = &[
    "ValueError",
    "TypeError",
    "KeyError",
    "IndexError",
    "ZeroDivisionError",
    "AttributeError",
    "RuntimeError",
];

fn other_exceptions(name: &str) -> impl Iterator<Item = &'static str> + '_ {
    EXCEPTIONS
        .iter()
        .copied()
        .filter(move |other| EXCEPTIONS.contains(&name) && *other != name)
}

/// Can the jump ending at `next` be a `continue`? Rust's `break` may carry a value
/// (`break x;`), which `continue` cannot; a label (`'outer`) it can keep.
fn jump_takes_no_value(next: Option<&Token<'_>>, language: Language) -> bool {
    match (language, next) {
        (Language::Python, _) | (Language::Rust, None) => true,
        (Language::Rust, Some(t)) => matches!(t.text, ";" | "}" | ",") || t.text.starts_with('\''),
    }
}

fn sibling_calls(name: &str) -> impl Iterator<Item = &'static str> + '_ {
    SIBLING_CALLS
        .iter()
        .filter(move |family| family.contains(&name))
        .flat_map(|family| family.iter().copied())
        .filter(move |sibling| *sibling != name)
}

/// Most identifier swaps offered for one line: beyond this, the nearest names win.
const MAX_IDENTIFIER_SWAPS: usize = 16;

/// How an identifier is used: a field or attribute (`x.name`), or a plain variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum IdentRole {
    Field,
    Variable,
}

/// The role of `tokens[index]` as a swappable name, or `None` when it is not one (keywords,
/// calls, paths, types, the receiver `self`, assignment targets, definitions).
fn ident_role(tokens: &[Token<'_>], index: usize, language: Language) -> Option<IdentRole> {
    let token = tokens.get(index)?;
    if token.kind != TokenKind::Ident
        || is_keyword(token.text, language)
        || matches!(
            token.text,
            "self" | "Self" | "None" | "True" | "False" | "true" | "false" | "cls" | "super"
        )
        || token.text.starts_with(char::is_uppercase)
        || is_primitive_type(token.text, language)
    {
        return None;
    }
    let previous = index.checked_sub(1).and_then(|i| tokens.get(i));
    let next = tokens.get(index + 1);
    if next.is_some_and(|n| matches!(n.text, "(" | "!" | "::" | "=")) {
        return None; // a call, a macro, a path, or the target of an assignment
    }
    if previous.is_some_and(|p| {
        matches!(
            p.text,
            "def" | "fn" | "class" | "struct" | "::" | "let" | "mut" | "as" | "import" | "for"
        )
    }) {
        return None;
    }
    if previous.is_some_and(|p| p.text == ".") {
        return Some(IdentRole::Field);
    }
    // `name: Type` in a signature or struct, and keyword arguments `f(name=…)`.
    if next.is_some_and(|n| n.text == ":") && language == Language::Rust {
        return None;
    }
    Some(IdentRole::Variable)
}

/// The lines (0-based, end exclusive) of the innermost function holding line `index`; the
/// whole file when no function does.
fn enclosing_function(
    spans: &[FunctionSpan],
    line_count: usize,
    index: usize,
) -> std::ops::Range<usize> {
    let line = u32::try_from(index + 1).unwrap_or(u32::MAX);
    match innermost_function(spans, line) {
        Some(f) => (f.start as usize).saturating_sub(1)..(f.end as usize).max(index + 1),
        None => 0..line_count,
    }
}

/// Replace one variable or field of line `index` by another name of the same role: variables
/// from the enclosing function (parameters included), fields from the whole file. Names used
/// nearest the line come first.
fn swap_identifier_edits(
    lines: &[&str],
    classes: &[Vec<ByteClass>],
    spans: &[FunctionSpan],
    index: usize,
    language: Language,
) -> Vec<LineEdit> {
    let Some(text) = lines.get(index).copied() else {
        return Vec::new();
    };
    let Some(line_classes) = classes.get(index) else {
        return Vec::new();
    };
    let tokens = tokenize(text, line_classes, language);
    if tokens.is_empty()
        || is_skipped_line(&tokens, language)
        || tokens.iter().any(|t| {
            t.kind == TokenKind::Ident && matches!(t.text, "def" | "fn" | "class" | "struct")
        })
    {
        return Vec::new();
    }
    // Names a Python file imports (`import heapq`, `from math import sqrt`) are modules and
    // functions, not variables: `heapq.heappush(heap, (nd, u))` would otherwise spend the
    // line's swaps on `heap.heappush`, `u.heappush`, … and crowd out `u` → `v`.
    let not_variables: Vec<&str> = match language {
        Language::Python => lines
            .iter()
            .filter_map(|line| {
                let t = line.trim_start();
                let names = t.strip_prefix("import ").or_else(|| {
                    t.strip_prefix("from ")
                        .and_then(|r| r.split_once(" import ").map(|(_, n)| n))
                })?;
                Some(
                    names
                        .split([',', ' ', '(', ')', '.'])
                        .filter(|n| !n.is_empty() && *n != "as"),
                )
            })
            .flatten()
            .collect(),
        // Words Rust reserves that the keyword list leaves out (it feeds the operand test,
        // where `false` ends an operand): never a variable to swap in or out.
        Language::Rust => vec![
            "true", "false", "continue", "struct", "enum", "trait", "mod", "crate", "super",
            "type", "async", "await", "extern",
        ],
    };
    // Vocabulary by role, with the distance in lines of its nearest use.
    let function = enclosing_function(spans, lines.len(), index);
    let mut vocabulary: Vec<(IdentRole, &str, usize)> = Vec::new();
    // Identifiers of the function's header line, and of the lines of its body.
    let mut header: Vec<&str> = Vec::new();
    let mut body: std::collections::HashSet<&str> = std::collections::HashSet::new();
    // How often each identifier of the function occurs, and the line it first occurs on.
    let mut occurrences: std::collections::HashMap<&str, (usize, usize)> =
        std::collections::HashMap::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(line_classes) = classes.get(i) else {
            continue;
        };
        let in_function = function.contains(&i);
        let line_tokens = tokenize(line, line_classes, language);
        if in_function {
            let idents = line_tokens
                .iter()
                .filter(|t| t.kind == TokenKind::Ident)
                .map(|t| t.text);
            for name in idents {
                if i == function.start {
                    header.push(name);
                } else {
                    body.insert(name);
                }
                let seen = occurrences.entry(name).or_insert((0, i));
                seen.0 += 1;
            }
        }
        for (k, token) in line_tokens.iter().enumerate() {
            if not_variables.contains(&token.text) {
                continue;
            }
            let binds = token.kind == TokenKind::Ident
                && !is_keyword(token.text, language)
                && !is_primitive_type(token.text, language)
                && !token.text.starts_with(char::is_uppercase)
                && token.text != "self"
                && (line_tokens
                    .get(k + 1)
                    .is_some_and(|n| matches!(n.text, "=" | ":" | "," | ")"))
                    // A loop variable: `for source in (stock, delivery):`.
                    || (k > 0
                        && line_tokens.get(k - 1).is_some_and(|p| p.text == "for")
                        && line_tokens.get(k + 1).is_some_and(|n| n.text == "in")));
            let role = match (ident_role(&line_tokens, k, language), binds) {
                (Some(IdentRole::Field), _) => IdentRole::Field,
                // Variables, parameters and assignment targets belong to their function.
                (Some(IdentRole::Variable), _) | (None, true) if in_function => IdentRole::Variable,
                // `pub width: f64,` outside any function declares a Rust struct field.
                (None, true)
                    if language == Language::Rust
                        && line_tokens.get(k + 1).is_some_and(|n| n.text == ":") =>
                {
                    IdentRole::Field
                }
                _ => continue,
            };
            let distance = i.abs_diff(index);
            match vocabulary
                .iter_mut()
                .find(|(r, name, _)| *r == role && *name == token.text)
            {
                Some(entry) => entry.2 = entry.2.min(distance),
                None => vocabulary.push((role, token.text, distance)),
            }
        }
    }
    // A parameter the body never reads is the likeliest name a wrong variable stands in for
    // (`(indx as i32 + x) % len` where `shift` was meant and `shift` is used nowhere,
    // hefix-rust-65), most likely for another parameter: those swaps come first.
    let parameters: Vec<&str> = vocabulary
        .iter()
        .filter(|(role, name, _)| *role == IdentRole::Variable && header.contains(name))
        .map(|(_, name, _)| *name)
        .collect();
    let unused: Vec<&str> = parameters
        .iter()
        .copied()
        .filter(|name| !body.contains(name))
        .collect();
    // So is a name bound once and never read (`for &(weight, value) in items` where the body
    // adds `weight` twice: the compiler's "unused variable"), most likely for a name bound
    // beside it.
    let bound_on = |name: &str| occurrences.get(name).map(|&(_, line)| line);
    let unread = |name: &str| {
        !parameters.contains(&name) && occurrences.get(name).is_some_and(|&(n, _)| n == 1)
    };
    let loop_variable = |name: &str| {
        bound_on(name).is_some_and(|at| {
            lines.get(at).is_some_and(|l| {
                let t = l.trim_start();
                t.starts_with(&format!("for {name} in")) || t.starts_with(&format!("for {name},"))
            })
        })
    };
    let priority = |old: &str, new: &str| match (unused.contains(&new), parameters.contains(&old)) {
        (true, true) => 0,
        (true, false) => 1,
        _ if unread(new) && bound_on(new) == bound_on(old) => 1,
        // A loop variable the loop never reads (`for source in (stock, delivery):` over a body
        // that reads `stock`): the body meant it somewhere.
        _ if unread(new) && loop_variable(new) && bound_on(old) != Some(index) => 1,
        // Names that come in pairs (`rows`/`cols`, `dr`/`dc`, `left`/`right`) stand in for
        // each other whatever their distance.
        _ if partner_names(old, new) => 1,
        _ => 2,
    };
    // A statement re-assigning a variable of the function (`max_depth = depth - 1;` where
    // `depth = depth - 1;` was meant, hefix-rust-6) may name the wrong target; a first
    // assignment defines its name and is left alone.
    let reassigns = |k: usize, token: &Token<'_>| {
        k == 0
            && token.kind == TokenKind::Ident
            && !is_keyword(token.text, language)
            && !token.text.starts_with(char::is_uppercase)
            && tokens.get(1).is_some_and(|n| n.text == "=")
            && (function.start..index).any(|i| {
                let (Some(line), Some(line_classes)) = (lines.get(i), classes.get(i)) else {
                    return false;
                };
                tokenize(line, line_classes, language)
                    .iter()
                    .any(|t| t.kind == TokenKind::Ident && t.text == token.text)
            })
    };
    let mut edits: Vec<((u8, usize), LineEdit)> = Vec::new();
    for (k, token) in tokens.iter().enumerate() {
        if not_variables.contains(&token.text) {
            continue;
        }
        let role = match ident_role(&tokens, k, language) {
            Some(role) => role,
            None if reassigns(k, token) => IdentRole::Variable,
            None => continue,
        };
        for (_, name, distance) in vocabulary
            .iter()
            .filter(|(r, name, _)| *r == role && *name != token.text)
        {
            if let Some(new_text) = replace_span(text, token.start, token.end, name) {
                edits.push((
                    (priority(token.text, name), *distance),
                    LineEdit {
                        new_text,
                        operator: MutationOperator::SwapIdentifier,
                        description: format!("`{}` → `{name}`", token.text),
                    },
                ));
            }
        }
    }
    // Unused parameters first, then names used nearest the line (stable: left to right among
    // equals), then cut.
    edits.sort_by_key(|(key, _)| *key);
    edits
        .into_iter()
        .take(MAX_IDENTIFIER_SWAPS)
        .map(|(_, edit)| edit)
        .collect()
}

/// Words that come in pairs in code, one for each of two axes, ends or roles.
const NAME_PAIRS: [(&str, &str); 33] = [
    ("row", "col"),
    ("rows", "cols"),
    ("row", "column"),
    ("rows", "columns"),
    ("r", "c"),
    ("i", "j"),
    ("x", "y"),
    ("w", "h"),
    ("width", "height"),
    ("left", "right"),
    ("lo", "hi"),
    ("low", "high"),
    ("start", "end"),
    ("begin", "end"),
    ("min", "max"),
    ("first", "last"),
    ("a", "b"),
    ("m", "n"),
    ("top", "bottom"),
    ("up", "down"),
    ("prev", "next"),
    ("old", "new"),
    ("src", "dst"),
    ("key", "value"),
    ("k", "v"),
    ("head", "tail"),
    ("odd", "even"),
    ("upper", "lower"),
    ("before", "after"),
    ("inner", "outer"),
    ("small", "large"),
    ("source", "target"),
    ("previous", "current"),
];

/// `a` and `b` are a pair's two names: a pair of [`NAME_PAIRS`] once their common prefix and
/// suffix are set aside (`rows`/`cols`, `dr`/`dc`, `max_x`/`max_y`, `left_sum`/`right_sum`),
/// or the same letter doubled (`rr`/`cc`).
fn partner_names(a: &str, b: &str) -> bool {
    let pair = |x: &str, y: &str| {
        NAME_PAIRS
            .iter()
            .any(|&(p, q)| (p == x && q == y) || (p == y && q == x))
    };
    if pair(a, b) {
        return true;
    }
    // The splits below count bytes; an identifier with other letters is left to the table.
    if !a.is_ascii() || !b.is_ascii() {
        return false;
    }
    // Words of a snake_case name: the same but for one word of a pair.
    let (a_words, b_words): (Vec<&str>, Vec<&str>) =
        (a.split('_').collect(), b.split('_').collect());
    if a_words.len() > 1 && a_words.len() == b_words.len() {
        let differing: Vec<(&str, &str)> = a_words
            .iter()
            .zip(&b_words)
            .filter(|(x, y)| x != y)
            .map(|(x, y)| (*x, *y))
            .collect();
        return matches!(differing.as_slice(), [(x, y)] if pair(x, y));
    }
    let prefix = a.chars().zip(b.chars()).take_while(|(x, y)| x == y).count();
    let (a_rest, b_rest) = (&a[prefix.min(a.len())..], &b[prefix.min(b.len())..]);
    let suffix = a_rest
        .chars()
        .rev()
        .zip(b_rest.chars().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a_core, b_core) = (
        &a_rest[..a_rest.len() - suffix],
        &b_rest[..b_rest.len() - suffix],
    );
    let doubled = |s: &str| {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(x), Some(y), None) if x == y => Some(x.to_string()),
            _ => None,
        }
    };
    let cores = |x: &str, y: &str| {
        !x.is_empty()
            && !y.is_empty()
            && x.chars().all(|c| c.is_ascii_alphabetic())
            && y.chars().all(|c| c.is_ascii_alphabetic())
            && pair(x, y)
    };
    cores(a_core, b_core) || matches!((doubled(a), doubled(b)), (Some(x), Some(y)) if pair(&x, &y))
}

/// The loop index used where the element was meant: inside `for i in 0..v.len()` (Rust) or
/// `for i in range(len(v))` (Python, a statement or a comprehension's own clause),
/// `out.push(i as i32)` → `out.push(v[i])`, `f(i)` → `f(v[i])`, `… else i for i in
/// range(len(l))` → `… else l[i] for …`.
fn index_element_edits(
    lines: &[&str],
    classes: &[Vec<ByteClass>],
    spans: &[FunctionSpan],
    index: usize,
    language: Language,
) -> Vec<LineEdit> {
    let (Some(text), Some(line_classes)) = (lines.get(index), classes.get(index)) else {
        return Vec::new();
    };
    let line_number = u32::try_from(index + 1).unwrap_or(u32::MAX);
    let Some(span) = innermost_function(spans, line_number) else {
        return Vec::new();
    };
    // Loops over a list's indices that open above this line, innermost last.
    let mut loops: Vec<(String, String)> = Vec::new();
    let indent = |l: &str| l.len() - l.trim_start().len();
    for i in (span.start as usize).saturating_sub(1)..index {
        let (Some(head), Some(head_classes)) = (lines.get(i), classes.get(i)) else {
            continue;
        };
        if indent(head) >= indent(text) {
            continue;
        }
        let t = tokenize(head, head_classes, language);
        let texts: Vec<&str> = t.iter().map(|t| t.text).collect();
        let found = match (language, texts.as_slice()) {
            (Language::Rust, ["for", idx, "in", "0", "..", list, ".", "len", "(", ")", ..]) => {
                Some((idx.to_string(), list.to_string()))
            }
            (Language::Python, _) => python_index_loop(&texts)
                .filter(|(_, end)| texts.get(*end) == Some(&":"))
                .map(|(found, _)| found),
            _ => None,
        };
        if let Some(found) = found {
            loops.push(found);
        }
    }
    let tokens = tokenize(text, line_classes, language);
    if tokens.is_empty() || is_skipped_line(&tokens, language) {
        return Vec::new();
    }
    // Square-bracket depth before each token: a use inside a subscript already indexes.
    let mut depths = Vec::with_capacity(tokens.len());
    let mut depth = 0usize;
    for t in &tokens {
        match t.kind {
            TokenKind::Open if t.text == "[" => depth += 1,
            TokenKind::Close if t.text == "]" => depth = depth.saturating_sub(1),
            _ => {}
        }
        depths.push(depth);
    }
    // Each loop's reach on the line as (first token, end, bracket depth): loops above the line
    // reach all of it; a comprehension's own `for i in range(len(v))` the expression before it.
    let mut reach: Vec<(usize, usize, usize)> = vec![(0, tokens.len(), 0); loops.len()];
    if language == Language::Python {
        let texts: Vec<&str> = tokens.iter().map(|t| t.text).collect();
        for at in 1..texts.len() {
            if let Some((found, _)) = python_index_loop(&texts[at..]) {
                let base = depths[at];
                let open = (0..at)
                    .rev()
                    .find(|&k| depths[k] < base)
                    .map_or(0, |k| k + 1);
                loops.push(found);
                reach.push((open, at, base));
            }
        }
    }
    let mut edits = Vec::new();
    for ((idx, list), (first, end, base)) in loops.iter().zip(reach) {
        for (k, t) in tokens.iter().enumerate().take(end).skip(first) {
            let bare = t.kind == TokenKind::Ident
                && t.text == idx
                && depths[k] == base
                && !k
                    .checked_sub(1)
                    .and_then(|p| tokens.get(p))
                    .is_some_and(|p| matches!(p.text, "." | "::"))
                // The index being assigned or declared is not a use of it.
                && !tokens.get(k + 1).is_some_and(|n| is_assignment(n.text));
            if !bare || tokens.first().is_some_and(|f| f.text == "for") {
                continue;
            }
            // `i as i32` is the index cast for use as a value: the element replaces the cast.
            let end = match (tokens.get(k + 1), tokens.get(k + 2)) {
                (Some(a), Some(ty)) if a.text == "as" && ty.kind == TokenKind::Ident => ty.end,
                _ => t.end,
            };
            if let Some(new_text) = replace_span(text, t.start, end, &format!("{list}[{idx}]")) {
                edits.push(LineEdit {
                    new_text,
                    operator: MutationOperator::SwapIdentifier,
                    description: format!("`{idx}` → `{list}[{idx}]` (the element, not its index)"),
                });
            }
        }
    }
    edits
}

/// The parameter names of the innermost Python function holding 1-based `line` (`self` and
/// `cls` left out), read from its `def` line.
fn python_parameters<'a>(
    lines: &[&'a str],
    classes: &[Vec<ByteClass>],
    spans: &[FunctionSpan],
    line: u32,
) -> Vec<&'a str> {
    let Some(span) = innermost_function(spans, line) else {
        return Vec::new();
    };
    let index = (span.start as usize).saturating_sub(1);
    let (Some(text), Some(line_classes)) = (lines.get(index), classes.get(index)) else {
        return Vec::new();
    };
    let tokens = tokenize(text, line_classes, Language::Python);
    let mut names = Vec::new();
    let mut depth = 0usize;
    let mut expect_name = false;
    for t in &tokens {
        match t.kind {
            TokenKind::Open => {
                depth += 1;
                expect_name = depth == 1;
            }
            TokenKind::Close => depth = depth.saturating_sub(1),
            TokenKind::Comma if depth == 1 => expect_name = true,
            TokenKind::Ident if expect_name && depth == 1 => {
                if !matches!(t.text, "self" | "cls") {
                    names.push(t.text);
                }
                expect_name = false;
            }
            _ => expect_name = false,
        }
    }
    names
}

/// `for i in range(len(v))` at the start of `texts`: `(("i", "v"), index after its `)`)`.
fn python_index_loop(texts: &[&str]) -> Option<((String, String), usize)> {
    match texts {
        [
            "for",
            idx,
            "in",
            "range",
            "(",
            "len",
            "(",
            list,
            ")",
            ")",
            ..,
        ] => Some(((idx.to_string(), list.to_string()), 10)),
        _ => None,
    }
}

/// The integer parameters of the innermost Rust function holding 1-based `line`, with their
/// types (`k: i32` → `("k", "i32")`), read from its header line.
fn rust_integer_parameters<'a>(
    lines: &[&'a str],
    classes: &[Vec<ByteClass>],
    spans: &[FunctionSpan],
    line: u32,
) -> Vec<(&'a str, &'a str)> {
    let Some(span) = innermost_function(spans, line) else {
        return Vec::new();
    };
    let index = (span.start as usize).saturating_sub(1);
    let (Some(text), Some(line_classes)) = (lines.get(index), classes.get(index)) else {
        return Vec::new();
    };
    let tokens = tokenize(text, line_classes, Language::Rust);
    let Some(open) = tokens.iter().position(|t| t.text == "(") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut depth = 0usize;
    for (k, t) in tokens.iter().enumerate().skip(open) {
        match t.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        let (Some(colon), Some(ty), Some(after)) =
            (tokens.get(k + 1), tokens.get(k + 2), tokens.get(k + 3))
        else {
            continue;
        };
        if depth == 1
            && t.kind == TokenKind::Ident
            && colon.text == ":"
            && RUST_INTEGER_SUFFIXES.contains(&ty.text)
            && matches!(after.text, "," | ")")
        {
            found.push((t.text, ty.text));
        }
    }
    found
}

/// A Python line's code: its comment dropped and its end trimmed; None for a line that holds
/// no code of its own (blank, a comment, or inside a string spanning lines).
fn python_code_of(line: &str, classes: &[ByteClass]) -> Option<String> {
    let start = line.len() - line.trim_start().len();
    if classes.get(start) != Some(&ByteClass::Code) {
        return None;
    }
    let code: String = line
        .char_indices()
        .filter(|(i, _)| classes.get(*i) != Some(&ByteClass::Comment))
        .map(|(_, c)| c)
        .collect();
    let code = code.trim_end().to_string();
    (!code.trim().is_empty()).then_some(code)
}

/// The code lines around `index`, as (line index, indentation, code), nearest first.
fn python_code_lines<'a>(
    lines: &'a [&str],
    classes: &'a [Vec<ByteClass>],
    range: impl Iterator<Item = usize> + 'a,
) -> impl Iterator<Item = (usize, usize, String)> + 'a {
    range.filter_map(move |i| {
        let line = lines.get(i)?;
        let code = python_code_of(line, classes.get(i)?)?;
        Some((i, indentation(line), code))
    })
}

/// Python: the line at `index`, a whole simple statement, moved one block out (the last
/// statement of a loop's or branch's body, where the block keeps another statement) or into
/// the block just before it.
fn indent_shift_edits(lines: &[&str], classes: &[Vec<ByteClass>], index: usize) -> Vec<LineEdit> {
    let mut edits = Vec::new();
    let (Some(text), Some(line_classes)) = (lines.get(index), classes.get(index)) else {
        return edits;
    };
    let Some(code) = python_code_of(text, line_classes) else {
        return edits;
    };
    let tokens = tokenize(text, line_classes, Language::Python);
    let balanced = tokens.iter().filter(|t| t.kind == TokenKind::Open).count()
        == tokens.iter().filter(|t| t.kind == TokenKind::Close).count();
    let first = tokens.first().map(|t| t.text);
    // Only a whole simple statement moves: not a block header, not part of a longer one.
    if !balanced
        || code.ends_with([':', '\\', ','])
        || matches!(
            first,
            Some("else" | "elif" | "except" | "finally" | "def" | "class" | "@")
        )
    {
        return edits;
    }
    let depth = indentation(text);
    let previous = python_code_lines(lines, classes, (0..index).rev()).next();
    if previous
        .as_ref()
        .is_some_and(|(_, _, c)| c.ends_with(['\\', ',', '(', '[', '{']))
    {
        return edits; // a continuation line
    }
    let next = python_code_lines(lines, classes, index + 1..lines.len()).next();
    let opens_a_block = |code: &str| {
        code.ends_with(':')
            && !["def ", "async def ", "class "]
                .iter()
                .any(|k| code.trim_start().starts_with(k))
    };
    let reindented = |to: usize| format!("{}{}", " ".repeat(to), text.trim_start());
    // Out: the header of this line's block, when this line ends that block.
    let header = python_code_lines(lines, classes, (0..index).rev()).find(|(_, d, _)| *d < depth);
    if let Some((header_at, header_depth, header_code)) = header
        && opens_a_block(&header_code)
        && next.as_ref().is_none_or(|(_, d, c)| {
            *d < depth
                && !(*d == header_depth
                    && ["else", "elif", "except", "finally"]
                        .iter()
                        .any(|k| c.trim_start().starts_with(k)))
        })
        && python_code_lines(lines, classes, header_at + 1..index).any(|(_, d, _)| d == depth)
    {
        edits.push(LineEdit {
            new_text: reindented(header_depth),
            operator: MutationOperator::IndentShift,
            description: format!("`{}` moved out of its block", text.trim()),
        });
    }
    // In: the block that ends just above this line, at each depth it nests to.
    if let Some((_, previous_depth, _)) = previous
        && previous_depth > depth
    {
        let same_level = python_code_lines(lines, classes, (0..index).rev())
            .find(|(_, d, _)| *d <= depth)
            .filter(|(_, d, c)| *d == depth && opens_a_block(c));
        if let Some((opener, _, _)) = same_level {
            let mut depths: Vec<usize> = python_code_lines(lines, classes, opener + 1..index)
                .map(|(_, d, _)| d)
                .collect();
            depths.sort_unstable();
            depths.dedup();
            // Only the depths the block's last line closes (the ones still open there).
            depths.retain(|d| *d <= previous_depth);
            for to in depths {
                edits.push(LineEdit {
                    new_text: reindented(to),
                    operator: MutationOperator::IndentShift,
                    description: format!("`{}` moved into the block above it", text.trim()),
                });
            }
        }
    }
    edits
}

fn insert_return_edit(
    lines: &[&str],
    classes: &[Vec<ByteClass>],
    index: usize,
) -> Option<LineEdit> {
    let text = *lines.get(index)?;
    let line_classes = classes.get(index)?;
    let tokens = tokenize(text, line_classes, Language::Python);
    let first = tokens.first()?;
    if first.kind == TokenKind::Literal && tokens.len() == 1 {
        return None; // a docstring
    }
    if first.kind == TokenKind::Ident && PYTHON_STATEMENT_KEYWORDS.contains(&first.text) {
        return None;
    }
    if line_classes.first() != Some(&ByteClass::Code) && !text.starts_with(char::is_whitespace) {
        return None;
    }
    // Assignments (top-level `=`, `+=`, `:=`, annotations) are statements, not expressions.
    let mut depth = 0usize;
    for token in &tokens {
        match token.kind {
            TokenKind::Open => depth += 1,
            TokenKind::Close => depth = depth.saturating_sub(1),
            TokenKind::Operator if depth == 0 => {
                let assigns = token.text == ":" || is_assignment(token.text);
                if assigns {
                    return None;
                }
            }
            _ => {}
        }
    }
    if text.trim_end().ends_with(['\\', ',', '(', '[', '{']) {
        return None; // continues on the next line
    }
    let body_indent = indentation(text);
    // The enclosing block must be a `def` whose body starts at this indentation.
    let header = lines
        .get(..index)?
        .iter()
        .rev()
        .find(|line| !is_blank_or_comment(line) && indentation(line) < body_indent)?;
    let header_trimmed = header.trim_start();
    if !(header_trimmed.starts_with("def ") || header_trimmed.starts_with("async def ")) {
        return None;
    }
    // Nothing else follows in this body.
    let next_statement = lines
        .get(index + 1..)?
        .iter()
        .find(|line| !is_blank_or_comment(line));
    if next_statement.is_some_and(|line| indentation(line) >= body_indent) {
        return None;
    }
    let (indent, expression) = text.split_at(body_indent);
    Some(LineEdit {
        new_text: format!("{indent}return {expression}"),
        operator: MutationOperator::InsertReturn,
        description: "return the value of the last expression".to_string(),
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn new_lines(text: &str, language: Language) -> Vec<String> {
        mutate_line(text, language)
            .into_iter()
            .map(|(new_text, _, _)| new_text)
            .collect()
    }

    fn with_operator(text: &str, language: Language, operator: MutationOperator) -> Vec<String> {
        mutate_line(text, language)
            .into_iter()
            .filter(|(_, op, _)| *op == operator)
            .map(|(new_text, _, _)| new_text)
            .collect()
    }

    /// probe38-rust-12: a running total of halves may be meant as whole pairs; a quotient
    /// inside a larger sum, a float quotient or Python's true division is left alone.
    #[test]
    fn probe38_rust_12_a_total_of_halves_may_count_whole_pairs() {
        use MutationOperator::AddOffset;
        let rounded = |text: &str, language| {
            with_operator(text, language, AddOffset)
                .into_iter()
                .filter(|t| t.contains("* 2"))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            rounded("        length += count / 2;", Language::Rust),
            vec!["        length += count / 2 * 2;"]
        );
        assert_eq!(
            rounded("        length += count // 2", Language::Python),
            vec!["        length += count // 2 * 2"]
        );
        assert!(rounded("        length += count / 2", Language::Python).is_empty());
        assert!(rounded("        length += count / 2.0;", Language::Rust).is_empty());
        assert!(rounded("        length += count / 2 + 1;", Language::Rust).is_empty());
    }

    /// probe39-python-21: a rotation by slices the wrong way round is turned: `a[k:] + a[:k]`
    /// (left) ↔ `a[-k:] + a[:-k]` (right); slices of two different sequences are no rotation.
    #[test]
    fn probe39_python_21_a_rotation_by_slices_turns_the_other_way() {
        use MutationOperator::SwapOperands;
        let py = Language::Python;
        assert!(
            with_operator("    flat = flat[k:] + flat[:k]", py, SwapOperands)
                .contains(&"    flat = flat[-k:] + flat[:-k]".to_string())
        );
        assert!(
            with_operator("    return s[-n:] + s[:-n]", py, SwapOperands)
                .contains(&"    return s[n:] + s[:n]".to_string())
        );
        assert!(
            !with_operator("    x = a[k:] + b[:k]", py, SwapOperands)
                .iter()
                .any(|t| t.contains("-k"))
        );
    }

    /// probe36-rust-29: two parenthesized conditions joined by a junction may be their
    /// exclusive or; a junction of bare comparisons is not offered `!=` (it would chain them).
    #[test]
    fn a_junction_of_two_groups_may_be_their_exclusive_or() {
        use MutationOperator::BooleanOperatorFlip;
        assert!(
            with_operator(
                "    let sign = if (num < 0) || (den < 0) { -1 } else { 1 };",
                Language::Rust,
                BooleanOperatorFlip
            )
            .contains(&"    let sign = if (num < 0) != (den < 0) { -1 } else { 1 };".to_string())
        );
        assert!(
            with_operator(
                "    negative = (a < 0) and (b < 0)",
                Language::Python,
                BooleanOperatorFlip
            )
            .contains(&"    negative = (a < 0) != (b < 0)".to_string())
        );
        assert!(
            !with_operator(
                "    if a < 0 || b < 0 {",
                Language::Rust,
                BooleanOperatorFlip
            )
            .iter()
            .any(|l| l.contains("!="))
        );
    }

    #[test]
    fn comparison_flips() {
        use MutationOperator::ComparisonFlip;
        let py = Language::Python;
        assert_eq!(
            with_operator("    if score > 90:", py, ComparisonFlip),
            [">=", "<", "<=", "==", "!="].map(|op| format!("    if score {op} 90:"))
        );
        assert_eq!(
            with_operator("while low <= high {", Language::Rust, ComparisonFlip)[..2],
            ["while low < high {", "while low >= high {"]
        );
        assert_eq!(with_operator("x == y", py, ComparisonFlip)[0], "x != y");
        assert_eq!(with_operator("x != y", py, ComparisonFlip)[0], "x == y");
        // Regression (HumanEvalFix rust-3): `==` written for `<`.
        assert!(
            with_operator("if balance == 0 {", Language::Rust, ComparisonFlip)
                .contains(&"if balance < 0 {".to_string())
        );
        assert_eq!(
            with_operator("a >= b", py, ComparisonFlip)[..2],
            ["a > b", "a <= b"]
        );
    }

    #[test]
    fn rust_generics_are_not_comparisons() {
        let rust = Language::Rust;
        assert!(
            with_operator(
                "let v: Vec<i32> = Vec::new();",
                rust,
                MutationOperator::ComparisonFlip
            )
            .is_empty()
        );
        assert!(
            with_operator(
                "fn f() -> Option<u8> {",
                rust,
                MutationOperator::ComparisonFlip
            )
            .is_empty()
        );
        assert!(
            with_operator(
                "x.iter().sum::<f64>()",
                rust,
                MutationOperator::ComparisonFlip
            )
            .is_empty()
        );
    }

    #[test]
    fn arithmetic_flips_only_binary_operators() {
        use MutationOperator::ArithmeticFlip;
        let py = Language::Python;
        assert_eq!(
            with_operator("    return celsius * 9 / 5 - 32", py, ArithmeticFlip)
                .iter()
                .filter(|l| l.matches(['*', '/', '+', '-', '%']).count() == 3)
                .take(2)
                .collect::<Vec<_>>(),
            vec![
                "    return celsius / 9 / 5 - 32",
                "    return celsius + 9 / 5 - 32",
            ]
        );
        // Regression (HumanEvalFix rust-44): `-` written for `/`.
        assert!(
            with_operator("x1 = x1 - base;", Language::Rust, ArithmeticFlip)
                .contains(&"x1 = x1 / base;".to_string())
        );
        assert_eq!(
            with_operator("x = -y", py, ArithmeticFlip),
            Vec::<String>::new()
        );
        assert_eq!(
            with_operator("f(*args)", py, ArithmeticFlip),
            Vec::<String>::new()
        );
        assert_eq!(
            with_operator("let y = *x + 1;", Language::Rust, ArithmeticFlip)[0],
            "let y = *x - 1;"
        );
        assert_eq!(with_operator("a // b", py, ArithmeticFlip)[0], "a / b");
        // Python's power for its product, and back.
        assert!(
            with_operator("n = sum(int(d) * 2 for d in str(n))", py, ArithmeticFlip)
                .contains(&"n = sum(int(d) ** 2 for d in str(n))".to_string())
        );
        assert_eq!(with_operator("x ** 2", py, ArithmeticFlip), vec!["x * 2"]);
        assert_eq!(
            with_operator("total += x", py, ArithmeticFlip),
            vec!["total -= x"]
        );
        // probe38-rust-24: a step by a number may be a scaling, and a scaling a step; a step
        // by anything else (a string, a sum) is not multiplied.
        assert_eq!(
            with_operator("power += 5;", Language::Rust, ArithmeticFlip),
            vec!["power -= 5;", "power *= 5;"]
        );
        assert_eq!(
            with_operator("power *= 5", py, ArithmeticFlip),
            vec!["power /= 5", "power += 5"]
        );
        assert_eq!(
            with_operator("s += \"ab\"", py, ArithmeticFlip),
            vec!["s -= \"ab\""]
        );
        assert_eq!(
            with_operator("n += 5 * k", py, ArithmeticFlip)[0],
            "n -= 5 * k"
        );
        assert!(
            !with_operator("n += 5 * k", py, ArithmeticFlip).contains(&"n *= 5 * k".to_string())
        );
        assert_eq!(
            with_operator("return -1", py, ArithmeticFlip),
            Vec::<String>::new()
        );
    }

    /// Bit operators written for one another: QuixBugs-style `bitcount`, whose `n ^= n - 1`
    /// (for `n &= n - 1`) never clears the lowest bit and hangs.
    #[test]
    fn bit_operators_flip_where_they_are_operators() {
        use MutationOperator::ArithmeticFlip;
        let py = Language::Python;
        let rust = Language::Rust;
        assert!(
            with_operator("        n ^= n - 1", py, ArithmeticFlip)
                .contains(&"        n &= n - 1".to_string())
        );
        assert_eq!(
            with_operator("mask = a & b", py, ArithmeticFlip),
            vec!["mask = a | b", "mask = a ^ b"]
        );
        assert!(
            with_operator("x = 1 << k", py, ArithmeticFlip).contains(&"x = 1 >> k".to_string())
        );
        assert!(
            with_operator("let m = a ^ b;", rust, ArithmeticFlip)
                .contains(&"let m = a & b;".to_string())
        );
        assert!(with_operator("n >>= 1;", rust, ArithmeticFlip).contains(&"n <<= 1;".to_string()));
        // A borrow, a closure's parameters and nested generics are no operators.
        for line in [
            "let v = f(&x);",
            "let s = v.iter().map(|x| x + 1);",
            "let v: Vec<Vec<i32>> = Vec::new();",
        ] {
            assert!(
                with_operator(line, rust, ArithmeticFlip)
                    .iter()
                    .all(|l| !l.contains('^') && !l.contains("<<") && !l.contains("|x& ")),
                "{line}"
            );
        }
    }

    #[test]
    fn constants_off_by_one() {
        use MutationOperator::ConstantOffByOne;
        assert_eq!(
            with_operator(
                "    return weeks * 6 + extra_days",
                Language::Python,
                ConstantOffByOne
            ),
            [7, 5, 8, 4, 0, 2, -1].map(|n| format!("    return weeks * {n} + extra_days"))
        );
        // Regression (HumanEvalFix python-23): `len(s) - 1` → `len(s) - 0` passed the tests and,
        // being the smallest edit, was committed over the true fix; identities are not edits.
        assert!(
            !with_operator("    return len(s) - 1", Language::Python, ConstantOffByOne)
                .contains(&"    return len(s) - 0".to_string())
        );
        assert_eq!(
            with_operator("x = 0", Language::Python, ConstantOffByOne),
            vec!["x = 1", "x = 2", "x = -1"]
        );
        // A power of ten a magnitude off, after every nearer constant.
        assert_eq!(
            with_operator(
                "    return price * (1 - percent / 10)",
                Language::Python,
                ConstantOffByOne
            )
            .last()
            .map(String::as_str),
            Some("    return price * (1 - percent / 100)")
        );
        assert!(
            with_operator("let ms = secs * 1000;", Language::Rust, ConstantOffByOne).ends_with(&[
                "let ms = secs * 10000;".into(),
                "let ms = secs * 100;".into()
            ])
        );
        assert!(
            with_operator("x = 12", Language::Python, ConstantOffByOne)
                .iter()
                .all(|l| l != "x = 120"),
            "only powers of ten"
        );
        assert_eq!(
            with_operator("let n = 10u32;", Language::Rust, ConstantOffByOne)[..2],
            ["let n = 11u32;", "let n = 9u32;"]
        );
        // Floats, tuple fields and hex literals are left alone.
        assert!(
            with_operator(
                "let y = 2.0 * p.0 + 0x1F;",
                Language::Rust,
                ConstantOffByOne
            )
            .is_empty()
        );
    }

    #[test]
    fn boundaries() {
        use MutationOperator::BoundaryShift;
        let py = Language::Python;
        assert_eq!(
            with_operator("    for i in range(len(xs) - k):", py, BoundaryShift),
            vec![
                "    for i in range(len(xs) - k + 1):",
                "    for i in range(len(xs) - k - 1):",
                "    for i in range(len(xs) - 1 - k):",
            ]
        );
        assert_eq!(
            with_operator("range(1, n+1)", py, BoundaryShift),
            vec!["range(1, n)"]
        );
        assert_eq!(
            with_operator("    return items[len(items)]", py, BoundaryShift),
            vec!["    return items[len(items) - 1]"]
        );
        assert_eq!(
            with_operator("items[len(items) - 1]", py, BoundaryShift),
            vec!["items[len(items)]"]
        );
        let rust = Language::Rust;
        assert_eq!(
            with_operator("    (1..n).sum()", rust, BoundaryShift),
            vec!["    (1..=n).sum()"]
        );
        assert_eq!(
            with_operator("for i in 0..=n {", rust, BoundaryShift),
            vec!["for i in 0..n {"]
        );
        assert_eq!(
            with_operator("let last = v.len();", rust, BoundaryShift),
            vec!["let last = v.len() - 1;"]
        );
        assert!(with_operator("S { a: 1, ..Default::default() }", rust, BoundaryShift).is_empty());
        // An open range keeps its bound (`SliceSide` may move it to the other side).
        assert!(with_operator("&xs[2..]", rust, BoundaryShift).is_empty());
    }

    #[test]
    fn boolean_operators_and_constants() {
        let py = Language::Python;
        assert_eq!(
            with_operator(
                "    return len(prices) > 0 or logged_in",
                py,
                MutationOperator::BooleanOperatorFlip
            ),
            vec!["    return len(prices) > 0 and logged_in"]
        );
        assert_eq!(
            with_operator(
                "a && (b || c)",
                Language::Rust,
                MutationOperator::BooleanOperatorFlip
            ),
            vec!["a || (b || c)", "a && (b && c)"]
        );
        // Parentheses that group nothing were written for the other operator: that flip
        // is its own operator; a call's parentheses and a mixed group are not.
        let leap = "    let leap = (year % 4 == 0 || year % 100 != 0) || year % 400 == 0;";
        assert_eq!(
            with_operator(leap, Language::Rust, MutationOperator::RedundantGroupFlip),
            vec!["    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;"]
        );
        assert_eq!(
            with_operator(
                "    if c or (a or b):",
                py,
                MutationOperator::RedundantGroupFlip
            ),
            vec!["    if c or (a and b):"]
        );
        for plain in ["if f(a || b) || c {", "a && (b || c)", "(a && b || c) || d"] {
            assert!(
                with_operator(plain, Language::Rust, MutationOperator::RedundantGroupFlip)
                    .is_empty(),
                "{plain}"
            );
        }
        // A closure's `||` is not a boolean operator.
        assert!(
            with_operator(
                "x.unwrap_or_else(|| 0)",
                Language::Rust,
                MutationOperator::BooleanOperatorFlip
            )
            .is_empty()
        );
        assert_eq!(
            with_operator(
                "        return True",
                py,
                MutationOperator::BooleanConstantFlip
            ),
            vec!["        return False"]
        );
        assert_eq!(
            with_operator(
                "return false;",
                Language::Rust,
                MutationOperator::BooleanConstantFlip
            ),
            vec!["return true;"]
        );
    }

    #[test]
    fn swapped_arguments() {
        use MutationOperator::SwapArguments;
        assert_eq!(
            with_operator(
                "    return ratio(whole, part) * 100",
                Language::Python,
                SwapArguments
            ),
            vec!["    return ratio(part, whole) * 100"]
        );
        assert_eq!(
            with_operator("    divide(2, value)", Language::Rust, SwapArguments),
            vec!["    divide(value, 2)"]
        );
        assert_eq!(
            with_operator("f(g(a, b), c)", Language::Python, SwapArguments),
            vec!["f(c, g(a, b))", "f(g(b, a), c)"]
        );
        // Definitions, keyword arguments and one- or three-argument calls are left alone.
        assert!(with_operator("def f(a, b):", Language::Python, SwapArguments).is_empty());
        assert!(
            with_operator(
                "pub fn f(a: i32, b: i32) -> i32 {",
                Language::Rust,
                SwapArguments
            )
            .is_empty()
        );
        assert!(with_operator("f(a, key=b)", Language::Python, SwapArguments).is_empty());
        assert!(with_operator("f(a, b, c, d, e)", Language::Python, SwapArguments).is_empty());
        // probe35-rs-17: four arguments, two names trade places; an expression does not move.
        assert_eq!(
            with_operator(
                "    moves.extend(hanoi_moves(n - 1, via, from, to));",
                Language::Rust,
                SwapArguments
            ),
            vec![
                "    moves.extend(hanoi_moves(n - 1, from, via, to));",
                "    moves.extend(hanoi_moves(n - 1, via, to, from));"
            ]
        );
        assert!(with_operator("    x = a[i] + b[j]", Language::Python, SwapArguments).is_empty());
    }

    #[test]
    fn hefix_python_62_and_122_a_sequence_cut_at_a_boundary() {
        let texts = |source: &str, line: u32| line_edits("f.py", source, Language::Python, line);
        let source = "def derivative(xs: list):\n    return [(i * x) for i, x in enumerate(xs)]\n";
        assert!(
            texts(source, 2)
                .contains(&"    return [(i * x) for i, x in enumerate(xs)][1:]".to_string())
        );
        let source =
            "def add_elements(arr, k):\n    return sum(e for e in arr if len(str(e)) <= 2)\n";
        let edits = texts(source, 2);
        assert!(
            edits.contains(&"    return sum(e for e in arr[:k] if len(str(e)) <= 2)".to_string())
        );
        assert!(
            edits.contains(&"    return sum(e for e in arr[k:] if len(str(e)) <= 2)".to_string())
        );
        // Only parameters are cut, and never by themselves.
        assert!(
            !edits
                .iter()
                .any(|e| e.contains("e[") || e.contains("arr[:arr]"))
        );
        // A sum is not an operand: slicing it would slice its last term.
        let source = "def f(a, b):\n    return a + b\n";
        assert!(!texts(source, 2).iter().any(|e| e.contains("[1:]")));
    }

    #[test]
    fn hefix_rust_27_two_methods_of_a_line_exchanged() {
        let line = "    if c.is_ascii_lowercase(){return c.to_ascii_lowercase();}else{return c.to_uppercase();}";
        let edits = new_lines(line, Language::Rust);
        assert!(edits.contains(
            &"    if c.is_ascii_lowercase(){return c.to_uppercase();}else{return c.to_ascii_lowercase();}"
                .to_string()
        ));
    }

    #[test]
    fn hefix_python_124_names_bound_in_the_wrong_order() {
        let edits = new_lines(
            "        day, month, year = date.split('-')",
            Language::Python,
        );
        assert!(edits.contains(&"        month, day, year = date.split('-')".to_string()));
        assert!(edits.contains(&"        day, year, month = date.split('-')".to_string()));
        let edits = new_lines("    let (mut lo, hi) = (0, n);", Language::Rust);
        assert!(edits.contains(&"    let (mut hi, lo) = (0, n);".to_string()));
        // Not a tuple of names: nothing bound to exchange.
        assert!(
            !new_lines("    x[0], y = 1, 2", Language::Python)
                .iter()
                .any(|e| e.starts_with("    y"))
        );
    }

    #[test]
    fn hefix_rust_7_a_membership_test_asked_the_wrong_way_round() {
        let line =
            "    return strings.iter().filter(|x| substring.contains(&**x)).cloned().collect();";
        let edits = new_lines(line, Language::Rust);
        assert!(
            edits.contains(
                &"    return strings.iter().filter(|x| x.contains(&substring)).cloned().collect();"
                    .to_string()
            )
        );
        let edits = new_lines("    return prefix.startswith(word)", Language::Python);
        assert!(edits.contains(&"    return word.startswith(prefix)".to_string()));
    }

    /// A loop left where one item should be skipped, and the reverse; Rust's `break value`
    /// has no `continue` form.
    #[test]
    fn break_and_continue_trade_places() {
        use MutationOperator::ControlFlowFlip;
        let py = Language::Python;
        let rust = Language::Rust;
        assert_eq!(
            with_operator("            break", py, ControlFlowFlip),
            vec!["            continue"]
        );
        assert_eq!(
            with_operator("            continue;", rust, ControlFlowFlip),
            vec!["            break;"]
        );
        assert_eq!(
            with_operator("if x < 0 { break; }", rust, ControlFlowFlip),
            vec!["if x < 0 { continue; }"]
        );
        assert!(with_operator("let y = loop { break x; };", rust, ControlFlowFlip).is_empty());
        assert!(with_operator("broken = True", py, ControlFlowFlip).is_empty());
    }

    /// probe42-rust-09: "a `[` not after a `!`" guarded as `i > 0 && bytes[i - 1] != b'!'`
    /// is false at the start, where nothing precedes; the guard turned round is one edit.
    #[test]
    fn probe42_rs_09_a_lookbehind_guard_holds_at_the_start() {
        let flips = |line: &str, language| -> Vec<String> {
            mutate_line(line, language)
                .into_iter()
                .filter(|(_, op, _)| *op == MutationOperator::BooleanOperatorFlip)
                .map(|(new_text, _, _)| new_text)
                .collect()
        };
        let rust = flips(
            "        if bytes[i] == b'[' && (i > 0 && bytes[i - 1] != b'!') {",
            Language::Rust,
        );
        assert!(rust.contains(
            &"        if bytes[i] == b'[' && (i == 0 || bytes[i - 1] != b'!') {".to_string()
        ));
        let python = flips("        if i == 0 or s[i - 1] == \" \":", Language::Python);
        assert!(python.contains(&"        if i > 0 and s[i - 1] == \" \":".to_string()));
        // A guard that protects nothing before it is not turned round.
        let plain = flips("    if n > 0 && total[n] > 3 {", Language::Rust);
        assert!(!plain.iter().any(|t| t.contains("n == 0 ||")));
    }

    /// probe43-python-11: `rows = n // cols` lays out too few rows when `cols` does not
    /// divide `n`; the quotient rounded up is one edit away.
    #[test]
    fn probe43_py_11_a_quotient_of_counts_is_rounded_up() {
        let ceil = |line: &str, language| -> Vec<String> {
            mutate_line(line, language)
                .into_iter()
                .filter(|(_, op, _)| *op == MutationOperator::CeilingQuotient)
                .map(|(new_text, _, _)| new_text)
                .collect()
        };
        assert_eq!(
            ceil("        rows = n // cols", Language::Python),
            vec!["        rows = (n + cols - 1) // cols"]
        );
        assert_eq!(
            ceil("    pages = len(items) // per_page + 1", Language::Python),
            vec!["    pages = (len(items) + per_page - 1) // per_page + 1"]
        );
        assert_eq!(
            ceil("    let rows = n / cols;", Language::Rust),
            vec!["    let rows = (n + cols - 1) / cols;"]
        );
        // A literal divisor, a product's quotient, a divisor that is a call, a float
        // division in Python: not a count of groups.
        for (line, language) in [
            ("        half = n // 2", Language::Python),
            ("        x = a * n // cols", Language::Python),
            ("        x = n // size(cols)", Language::Python),
            ("        x = n / cols", Language::Python),
        ] {
            assert!(
                ceil(line, language).is_empty(),
                "{line}: {:?}",
                ceil(line, language)
            );
        }
    }

    /// The lines [`MutationOperator::ExchangeArms`] proposes for one line.
    fn exchanged_arms(line: &str, language: Language) -> Vec<String> {
        mutate_line(line, language)
            .into_iter()
            .filter(|(_, op, _)| *op == MutationOperator::ExchangeArms)
            .map(|(new_text, _, _)| new_text)
            .collect()
    }

    /// probe43-rust-19: `if flats { &SHARPS } else { &FLATS }` names sharps when flats are
    /// asked for; one-token swaps only make the arms equal, so the arms are exchanged whole.
    #[test]
    fn probe43_rs_19_a_conditional_expressions_arms_are_exchanged() {
        assert_eq!(
            exchanged_arms(
                "    let names = if flats { &SHARPS } else { &FLATS };",
                Language::Rust
            ),
            vec!["    let names = if flats { &FLATS } else { &SHARPS };"]
        );
        assert_eq!(
            exchanged_arms(
                "    return (a if a.x < b.x else b), count + 1",
                Language::Python
            ),
            vec!["    return (b if a.x < b.x else a), count + 1"]
        );
        assert_eq!(
            exchanged_arms("    sign = -1 if n < 0 else 1", Language::Python),
            vec!["    sign = 1 if n < 0 else -1"]
        );
        assert_eq!(
            exchanged_arms("    while a if c else b:", Language::Python),
            vec!["    while b if c else a:"]
        );
        // A chain: only its last test has two plain arms.
        assert_eq!(
            exchanged_arms("    y = a if c else b if d else e", Language::Python),
            vec!["    y = a if c else e if d else b"]
        );
        // A chain's `else if`, a comprehension's filter and a statement `if` are no two
        // values of one test; equal arms exchange nothing.
        for (line, language) in [
            ("    } else if x > 0 { 1 } else { 2 }", Language::Rust),
            ("    if x > 0 {", Language::Rust),
            (
                "    evens = [x for x in xs if x % 2 == 0]",
                Language::Python,
            ),
            ("    let v = if c { x } else { x };", Language::Rust),
        ] {
            assert!(
                exchanged_arms(line, language).is_empty(),
                "{line}: {:?}",
                exchanged_arms(line, language)
            );
        }
    }

    /// The lines [`MutationOperator::LiteralEdit`] proposes for one line.
    fn literal_edits(line: &str, language: Language) -> Vec<String> {
        mutate_line(line, language)
            .into_iter()
            .filter(|(_, op, _)| *op == MutationOperator::LiteralEdit)
            .map(|(new_text, _, _)| new_text)
            .collect()
    }

    /// probe42-rust-15: a pace printed `5: 7/km` because its seconds are padded with spaces;
    /// the width padded with zeros is one literal edit away, in Rust and Python alike.
    #[test]
    fn probe42_rs_15_a_width_is_padded_with_zeros() {
        let rust = literal_edits(
            r#"    Some(format!("{}:{:2}/km", per_km / 60, per_km % 60))"#,
            Language::Rust,
        );
        assert!(rust.contains(
            &r#"    Some(format!("{}:{:02}/km", per_km / 60, per_km % 60))"#.to_string()
        ));
        let python = literal_edits(r#"    return f"{m}:{s:2d}""#, Language::Python);
        assert!(python.contains(&r#"    return f"{m}:{s:02d}""#.to_string()));
        let percent = literal_edits(r#"    return "%d:%02d" % (m, s)"#, Language::Python);
        assert!(percent.contains(&r#"    return "%d:%2d" % (m, s)"#.to_string()));
        // An aligned width keeps its fill: `{:>2}` is not a zero-padding site.
        let aligned = literal_edits(r#"    format!("{:>2}", n)"#, Language::Rust);
        assert!(
            !aligned
                .iter()
                .any(|t| t.contains("{:>02}") || t.contains("{:0>2}"))
        );
    }

    /// probe42-python-21: a natural sort that splits on one digit at a time; a pattern's
    /// class repeated (`(\d)` → `(\d+)`) is one literal edit, and only in a pattern.
    #[test]
    fn probe42_py_21_a_pattern_class_is_repeated() {
        let python = literal_edits(r#"        parts = re.split(r"(\d)", s)"#, Language::Python);
        assert!(python.contains(&r#"        parts = re.split(r"(\d+)", s)"#.to_string()));
        let rust = literal_edits(
            r#"    let re = Regex::new("[a-z]+\\s*=").ok()?;"#,
            Language::Rust,
        );
        assert!(rust.contains(&r#"    let re = Regex::new("[a-z]*\\s*=").ok()?;"#.to_string()));
        assert!(rust.contains(&r#"    let re = Regex::new("[a-z]+\\s+=").ok()?;"#.to_string()));
        // A word ending in `re.` names no module.
        let field = literal_edits(r#"    print(score.get("[a-z]"))"#, Language::Python);
        assert!(!field.iter().any(|t| t.contains("]+")));
        // Not a pattern: a message with brackets in it gets no quantifier.
        let message = literal_edits(r#"    print("[warn] \d")"#, Language::Python);
        assert!(
            !message
                .iter()
                .any(|t| t.contains("]+") || t.contains("\\d+"))
        );
    }

    /// probe41-py-15: `round(…)` where the description says "rounded up", in a file that
    /// imports `math`: its ceiling is `math.ceil(…)`, never a bare `ceil(…)` no name resolves.
    #[test]
    fn probe41_py_15_a_rounding_sibling_is_called_the_way_the_file_can() {
        let siblings = |line: &str, source: &[&str]| -> Vec<String> {
            let edits = mutate_line(line, Language::Python)
                .into_iter()
                .filter(|(_, op, _)| *op == MutationOperator::SiblingCall)
                .map(|(new_text, operator, description)| LineEdit {
                    new_text,
                    operator,
                    description,
                })
                .collect();
            math_qualified(edits, line, source)
                .into_iter()
                .map(|e| e.new_text)
                .collect()
        };
        let line = "    return max(1, round(words / words_per_minute))";
        let imported = siblings(line, &["import math", "", line]);
        assert!(
            imported
                .contains(&"    return max(1, math.ceil(words / words_per_minute))".to_string())
        );
        assert!(imported.contains(&"    return max(1, int(words / words_per_minute))".to_string()));
        assert!(!imported.iter().any(|t| t.contains(" ceil(")));
        // `from math import ceil`: the bare name resolves; without any import it is dropped.
        let from = siblings(line, &["from math import floor, ceil", line]);
        assert!(from.contains(&"    return max(1, ceil(words / words_per_minute))".to_string()));
        assert!(!from.iter().any(|t| t.contains("trunc")));
        let bare = siblings(line, &[line]);
        assert!(
            !bare
                .iter()
                .any(|t| t.contains("ceil") || t.contains("floor"))
        );
        assert!(bare.contains(&"    return max(1, int(words / words_per_minute))".to_string()));
        // `math.floor(x)` for the built-in `round(x)`.
        let floor = "    n = math.floor(x)";
        let texts = siblings(floor, &["import math", floor]);
        assert!(texts.contains(&"    n = round(x)".to_string()), "{texts:?}");
        assert!(
            texts.contains(&"    n = math.ceil(x)".to_string()),
            "{texts:?}"
        );
    }

    /// Methods a slip confuses: a case test for the other case, `take` for `skip`.
    #[test]
    fn sibling_calls_cover_case_tests_and_iterator_cuts() {
        use MutationOperator::SiblingCall;
        let py = Language::Python;
        let rust = Language::Rust;
        assert_eq!(
            with_operator("    if ch.isupper():", py, SiblingCall),
            vec!["    if ch.islower():"]
        );
        assert_eq!(
            with_operator("    let rest = xs.iter().take(n);", rust, SiblingCall),
            vec!["    let rest = xs.iter().skip(n);"]
        );
        assert_eq!(
            with_operator("    c.is_lowercase()", rust, SiblingCall),
            vec!["    c.is_uppercase()"]
        );
        // Characters stripped where one suffix was meant (probe34-python-23), and a distance
        // both ways where a rise was meant (probe34-rust-07).
        assert!(
            with_operator("    return text.rstrip(\".0\") + suffix", py, SiblingCall)
                .contains(&"    return text.removesuffix(\".0\") + suffix".to_string())
        );
        assert_eq!(
            with_operator("        up += b.abs_diff(a);", rust, SiblingCall),
            vec!["        up += b.saturating_sub(a);"]
        );
        // The other end of a deque.
        assert_eq!(
            with_operator("            window.popleft()", py, SiblingCall),
            vec!["            window.pop()"]
        );
        assert_eq!(
            with_operator("        queue.pop_front();", rust, SiblingCall),
            vec!["        queue.pop_back();"]
        );
        // Consecutive pieces for overlapping windows.
        assert_eq!(
            with_operator(
                "    v.windows(n).map(|c| c.iter().sum()).collect()",
                rust,
                SiblingCall
            ),
            vec![
                "    v.chunks(n).map(|c| c.iter().sum()).collect()",
                "    v.windows(n).map(|c| c.iter().product()).collect()"
            ]
        );
        // A variable that shares a method's name is no call.
        assert!(with_operator("    take = 3", py, SiblingCall).is_empty());
    }

    /// A `raise` or an `except` naming the wrong built-in exception; other names are left
    /// alone.
    #[test]
    fn a_raised_or_caught_exception_is_another_builtin_one() {
        use MutationOperator::ExceptionSwap;
        let py = Language::Python;
        let raised = with_operator(
            "        raise KeyError(\"insufficient funds\")",
            py,
            ExceptionSwap,
        );
        assert!(raised.contains(&"        raise ValueError(\"insufficient funds\")".to_string()));
        assert_eq!(raised.len(), EXCEPTIONS.len() - 1);
        assert!(
            with_operator("    except (TypeError, KeyError):", py, ExceptionSwap)
                .contains(&"    except (TypeError, IndexError):".to_string())
        );
        assert!(with_operator("    raise MyError(x)", py, ExceptionSwap).is_empty());
        assert!(with_operator("    e = ValueError(x)", py, ExceptionSwap).is_empty());
    }

    /// A comparator the wrong way round: its two parameters exchanged reverses the order.
    #[test]
    fn a_comparators_parameters_trade_places() {
        use MutationOperator::ReverseComparator;
        assert!(
            with_operator(
                "    players.sort_by(|a, b| a.score.cmp(&b.score));",
                Language::Rust,
                ReverseComparator
            )
            .contains(&"    players.sort_by(|b, a| a.score.cmp(&b.score));".to_string())
        );
        assert!(
            with_operator(
                "    xs.sort(key=cmp_to_key(lambda x, y: x - y))",
                Language::Python,
                ReverseComparator
            )
            .contains(&"    xs.sort(key=cmp_to_key(lambda y, x: x - y))".to_string())
        );
        assert!(
            with_operator(
                "    v.iter().map(|x| x + 1)",
                Language::Rust,
                ReverseComparator
            )
            .is_empty()
        );
    }

    /// A grid read the other way round: `grid[c][r]` for `grid[r][c]`.
    #[test]
    fn two_indexes_trade_places() {
        use MutationOperator::ExchangeIndexes;
        assert!(
            with_operator(
                "            out[c] += grid[c][r];",
                Language::Rust,
                ExchangeIndexes
            )
            .contains(&"            out[c] += grid[r][c];".to_string())
        );
        assert!(
            with_operator("    return m[i + 1][j]", Language::Python, ExchangeIndexes)
                .contains(&"    return m[j][i + 1]".to_string())
        );
        // Slices and a single index stay as they are.
        for line in ["x = m[1:][0]", "x = m[i]", "x = [a][b]"] {
            assert!(
                with_operator(line, Language::Python, ExchangeIndexes)
                    .iter()
                    .all(|l| !l.contains("][") || l == line),
                "{line}"
            );
        }
    }

    /// `lo = mid` for `lo = mid + 1`: a name assigned one operand that is one off.
    #[test]
    fn an_assigned_operand_is_offset_by_one() {
        use MutationOperator::OffsetAssignment;
        assert_eq!(
            with_operator("            lo = mid", Language::Python, OffsetAssignment),
            vec!["            lo = mid + 1", "            lo = mid - 1"]
        );
        assert_eq!(
            with_operator("    let end = xs.len();", Language::Rust, OffsetAssignment),
            vec!["    let end = xs.len() + 1;", "    let end = xs.len() - 1;"]
        );
        // A constant, a sum and a comparison are not this edit's.
        for line in ["x = 3", "x = a + b", "ok = a == b", "x = None"] {
            assert!(
                with_operator(line, Language::Python, OffsetAssignment).is_empty(),
                "{line}"
            );
        }
    }

    /// A binary search whose `lo = mid` makes no progress hangs; the lines that move the
    /// loop's condition are where its fix is.
    #[test]
    fn the_lines_that_move_a_while_condition_are_found() {
        let py = "def find(xs, t):\n    lo, hi = 0, len(xs) - 1\n    while lo <= hi:\n        mid = (lo + hi) // 2\n        if xs[mid] < t:\n            lo = mid\n        else:\n            hi = mid - 1\n    return lo\n";
        assert_eq!(loop_condition_updates(py, Language::Python), vec![6, 8]);
        let rust = "fn f(mut n: u32) -> u32 {\n    let mut steps = 0;\n    while n != 1 {\n        n = if n % 2 == 0 { n / 2 } else { 3 * n + 1 };\n        steps += 1;\n    }\n    steps\n}\n";
        assert_eq!(loop_condition_updates(rust, Language::Rust), vec![4]);
        // A comparison is no assignment; a `while let` has no condition to move.
        let none = "def g(a, b):\n    while a == b:\n        print(a == b)\n    return a\n";
        assert!(loop_condition_updates(none, Language::Python).is_empty());
    }

    /// `filename[dot:]` for `filename[:dot]`: the slice kept from the wrong side of its cut.
    #[test]
    fn a_slice_is_kept_from_the_other_side_of_its_cut() {
        use MutationOperator::SliceSide;
        let py = Language::Python;
        assert!(
            with_operator("    return filename[dot:]", py, SliceSide)
                .contains(&"    return filename[:dot]".to_string())
        );
        assert!(
            with_operator("    return s[:len(s) - 1]", py, SliceSide)
                .contains(&"    return s[len(s) - 1:]".to_string())
        );
        assert!(
            with_operator("    &s[k..]", Language::Rust, SliceSide)
                .contains(&"    &s[..k]".to_string())
        );
        // Both sides bound, a step, a list display: nothing to move.
        for line in ["x = s[1:3]", "x = s[::2]", "x = [a, b]", "d = {k: v}"] {
            assert!(
                with_operator(line, py, SliceSide)
                    .iter()
                    .all(|l| !l.contains("[:") || line.contains("[:")),
                "{line}"
            );
        }
    }

    /// `split(";")` where the data is comma-separated, `", ".join` written `",".join`.
    #[test]
    fn a_field_separator_is_tried_as_another() {
        use MutationOperator::SeparatorSwap;
        let py = Language::Python;
        let split = with_operator("    return line.split(\";\")", py, SeparatorSwap);
        assert!(split.contains(&"    return line.split(\",\")".to_string()));
        assert!(split.contains(&"    return line.split(\"\\t\")".to_string()));
        assert!(
            with_operator("    return \",\".join(xs)", py, SeparatorSwap)
                .contains(&"    return \", \".join(xs)".to_string())
        );
        assert!(
            with_operator(
                "    let parts = s.split(':');",
                Language::Rust,
                SeparatorSwap
            )
            .contains(&"    let parts = s.split(',');".to_string())
        );
        // A word is no separator.
        assert!(
            with_operator("    return \"abc\"", py, SeparatorSwap)
                .iter()
                .all(|l| !l.contains(',') && !l.contains(';'))
        );
    }

    /// A `return` indented into the loop it should follow (the loop returns after its first
    /// item), and a statement left out of the loop it belongs to.
    #[test]
    fn a_statement_moves_out_of_or_into_the_block_beside_it() {
        let source = "def first_duplicate(items):\n    seen = set()\n    for item in items:\n        if item in seen:\n            return item\n        seen.add(item)\n        return None\n";
        let out = line_edits("d.py", source, Language::Python, 7);
        assert!(out.contains(&"    return None".to_string()), "{out:?}");
        // The `return item` is its block's only statement: moving it would empty the `if`.
        let only = line_edits("d.py", source, Language::Python, 5);
        assert!(only.iter().all(|l| l.trim() != "return item"), "{only:?}");
        let into = "def total(xs):\n    t = 0\n    n = 0\n    for x in xs:\n        if x:\n            t += x\n    n += 1\n    return t, n\n";
        let moved = line_edits("t.py", into, Language::Python, 7);
        assert!(moved.contains(&"        n += 1".to_string()), "{moved:?}");
        assert!(
            moved.contains(&"            n += 1".to_string()),
            "{moved:?}"
        );
        // A block header and a line before an `else` stay put; a statement never leaves its
        // function (it may enter the `else` above it).
        let branch = "def f(x):\n    if x:\n        a = 1\n        b = 2\n    else:\n        b = 3\n    return b\n";
        for line in [2, 4] {
            let edits = line_edits("f.py", branch, Language::Python, line);
            let original = branch.lines().nth(line as usize - 1).unwrap_or_default();
            assert!(
                edits.iter().all(|l| l.trim() != original.trim()),
                "line {line}: {edits:?}"
            );
        }
        let last = line_edits("f.py", branch, Language::Python, 7);
        assert!(last.contains(&"        return b".to_string()), "{last:?}");
        assert!(!last.contains(&"return b".to_string()), "{last:?}");
        // Rust's blocks are braces: no depth edits there.
        let rust = "fn f(xs: &[i32]) -> i32 {\n    let mut t = 0;\n    for x in xs {\n        t += x;\n        return t;\n    }\n    t\n}\n";
        let rust_edits = line_edits("f.rs", rust, Language::Rust, 5);
        assert!(
            rust_edits.iter().all(|l| l.trim() != "return t;"),
            "{rust_edits:?}"
        );
    }

    /// The new lines `enumerate_mutations` proposes for one line of a source file.
    fn line_edits(file: &str, source: &str, language: Language, line: u32) -> Vec<String> {
        enumerate_mutations(file, source, language, &[line], 500)
            .into_iter()
            .map(|c| c.new_text)
            .collect()
    }

    #[test]
    fn hefix_rust_37_the_loop_index_used_for_the_element() {
        let source = "fn f(nmbs: Vec<i32>) -> Vec<i32> {\n    let mut out = vec![];\n    for i in 0..nmbs.len() {\n        if i % 2 == 0 {\n            out.push(i as i32);\n        }\n    }\n    out\n}\n";
        let texts: Vec<String> = line_edits("f.rs", source, Language::Rust, 5);
        assert!(
            texts.contains(&"            out.push(nmbs[i]);".to_string()),
            "{texts:?}"
        );
        let source = "def f(arr):\n    ans = 0\n    for i in range(len(arr)):\n        ans += i\n    return ans\n";
        let texts: Vec<String> = line_edits("f.py", source, Language::Python, 4);
        assert!(
            texts.contains(&"        ans += arr[i]".to_string()),
            "{texts:?}"
        );
        // Outside the loop there is no element to take.
        let texts: Vec<String> = line_edits("f.py", source, Language::Python, 5);
        assert!(!texts.iter().any(|t| t.contains("arr[i]")), "{texts:?}");
        // A comprehension's own loop: the expression before its `for`, never the clause.
        let source = "def f(l):
    evens = sorted(l[::2])
    return [evens[i // 2] if i % 2 == 0 else i for i in range(len(l))]
";
        let texts: Vec<String> = line_edits("f.py", source, Language::Python, 3);
        assert!(
            texts.contains(
                &"    return [evens[i // 2] if i % 2 == 0 else l[i] for i in range(len(l))]"
                    .to_string()
            ),
            "{texts:?}"
        );
        assert!(
            !texts
                .iter()
                .any(|t| t.contains("for l[i]") || t.contains("evens[l[i]")),
            "{texts:?}"
        );
    }

    /// Python's `for e in arr` → `arr[:k]`, in Rust: the loop stops at the count it is given.
    #[test]
    fn a_rust_loop_bounded_by_the_count_parameter() {
        let source = "fn add_elements(arr:Vec<i32>, k:i32) -> i32{\n    let mut sum:i32 = 0;\n    for i in 0..arr.len() {\n        sum += arr[i];\n    }\n    for x in arr.iter() {\n        sum += x;\n    }\n    return sum;\n}\n";
        let texts = line_edits("f.rs", source, Language::Rust, 3);
        assert!(
            texts.contains(&"    for i in 0..(k as usize) {".to_string()),
            "{texts:?}"
        );
        let texts = line_edits("f.rs", source, Language::Rust, 6);
        assert!(
            texts.contains(&"    for x in arr.iter().take(k as usize) {".to_string()),
            "{texts:?}"
        );
        // A usize count needs no cast; a non-integer parameter is no count.
        let source = "fn f(v: &[u8], n: usize, s: &str) -> u8 {\n    for i in 0..v.len() {\n    }\n    0\n}\n";
        let texts = line_edits("f.rs", source, Language::Rust, 2);
        assert!(
            texts.contains(&"    for i in 0..n {".to_string()),
            "{texts:?}"
        );
        assert!(!texts.iter().any(|t| t.contains("0..(s")), "{texts:?}");
    }

    #[test]
    fn hefix_python_105_a_sort_turned_round() {
        let edits = new_lines("    sorted_arr = sorted(arr)", Language::Python);
        assert!(edits.contains(&"    sorted_arr = sorted(arr, reverse=True)".to_string()));
        let edits = new_lines("    xs.sort()", Language::Python);
        assert!(edits.contains(&"    xs.sort(reverse=True)".to_string()));
        // Already descending: nothing to add.
        let edits = new_lines("    s = sorted(arr, reverse=True)", Language::Python);
        assert!(
            !edits.iter().any(|e| e.matches("reverse=").count() > 1),
            "{edits:?}"
        );
        let edits = new_lines("    v.sort();", Language::Rust);
        assert!(edits.contains(&"    v.sort_by(|a, b| b.cmp(a));".to_string()));
    }

    /// hefix-rust-68 and hefix-rust-87: a pair built in the wrong order.
    #[test]
    fn swap_arguments_rust_68_and_87_list_literals() {
        use MutationOperator::SwapArguments;
        assert_eq!(
            with_operator(
                "        out = vec![i as i32, arr[i]];",
                Language::Rust,
                SwapArguments
            ),
            vec!["        out = vec![arr[i], i as i32];"]
        );
        assert_eq!(
            with_operator(
                "                out.push(vec![indxj as i32, indxi as i32]);",
                Language::Rust,
                SwapArguments
            ),
            vec!["                out.push(vec![indxi as i32, indxj as i32]);"]
        );
        assert_eq!(
            with_operator("    return [b, a]", Language::Python, SwapArguments),
            vec!["    return [a, b]"]
        );
        // Three elements: each adjacent pair.
        assert_eq!(
            with_operator("    t = (x, y, z)", Language::Python, SwapArguments),
            vec!["    t = (y, x, z)", "    t = (x, z, y)"]
        );
        // A char and a string trade contents and keep their quotes (they are typed apart).
        assert_eq!(
            with_operator(
                "        return txt.replace(' ', \",\").split_whitespace().count();",
                Language::Rust,
                SwapArguments
            ),
            vec!["        return txt.replace(',', \" \").split_whitespace().count();"]
        );
    }

    #[test]
    fn min_max() {
        assert_eq!(
            with_operator(
                "    return max(low, max(value, high))",
                Language::Python,
                MutationOperator::MinMaxSwap
            ),
            vec![
                "    return min(low, max(value, high))",
                "    return max(low, min(value, high))"
            ]
        );
        assert_eq!(
            with_operator(
                "    scores.iter().copied().min()",
                Language::Rust,
                MutationOperator::MinMaxSwap
            ),
            vec!["    scores.iter().copied().max()"]
        );
        // A variable called `max` is not a call.
        assert!(
            with_operator("max = 3", Language::Python, MutationOperator::MinMaxSwap).is_empty()
        );
    }

    #[test]
    fn insert_return_for_trailing_expression() {
        let source = "def mean(values):\n    if not values:\n        return 0.0\n    sum(values) / len(values)\n\n\ndef other():\n    x = 1\n    print(x)\n";
        let candidates = enumerate_mutations("stats.py", source, Language::Python, &[4, 8, 9], 100);
        let returns: Vec<&MutationCandidate> = candidates
            .iter()
            .filter(|c| c.operator == MutationOperator::InsertReturn)
            .collect();
        assert_eq!(returns.len(), 1, "{candidates:#?}");
        assert_eq!(returns[0].line, 4);
        assert_eq!(returns[0].new_text, "    return sum(values) / len(values)");
        // Not the last statement → no return.
        let middle = "def f(x):\n    g(x)\n    return 1\n";
        assert!(
            enumerate_mutations("m.py", middle, Language::Python, &[2], 100)
                .iter()
                .all(|c| c.operator != MutationOperator::InsertReturn)
        );
    }

    #[test]
    fn strings_and_comments_are_not_mutated() {
        let py = Language::Python;
        // Only the literal as a whole may change (LiteralEdit); nothing inside it is code.
        let code_edits = |text: &str, language| -> Vec<String> {
            mutate_line(text, language)
                .into_iter()
                .filter(|(_, op, _)| *op != MutationOperator::LiteralEdit)
                .map(|(new_text, _, _)| new_text)
                .collect()
        };
        assert!(code_edits("    return f\"{first} {first}\"", py).is_empty());
        assert!(new_lines("# if a < b and c: return 1", py).is_empty());
        assert_eq!(
            with_operator("x = 1  # was 2 < 3", py, MutationOperator::ConstantOffByOne),
            ["x = 2", "x = 0", "x = 3", "x = -1"].map(|s| format!("{s}  # was 2 < 3"))
        );
        assert!(code_edits("let s = \"a < b && 1 + 2\"; // c > d", Language::Rust).is_empty());
        assert_eq!(new_lines("let c = '<';", Language::Rust), ["let c = '>';"]);
        // A docstring spanning lines: its inner line is text, not code.
        let source = "def f():\n    \"\"\"\n    a < b and 1\n    \"\"\"\n    return 1\n";
        let inner = enumerate_mutations("f.py", source, py, &[3], 100);
        assert!(inner.is_empty(), "{inner:#?}");
    }

    #[test]
    fn enumeration_is_ordered_capped_and_applicable() {
        let source =
            "def f(a, b):\r\n    if a < b and a > 0:\r\n        return a + 1\r\n    return b\r\n";
        let first = enumerate_mutations("f.py", source, Language::Python, &[3, 2, 3, 99, 0], 100);
        let second = enumerate_mutations("f.py", source, Language::Python, &[3, 2, 3, 99, 0], 100);
        assert_eq!(first, second);
        assert_eq!(first[0].line, 3, "lines keep the order they were given in");
        assert!(first.iter().all(|c| c.line == 2 || c.line == 3));
        let capped = enumerate_mutations("f.py", source, Language::Python, &[2, 3], 3);
        assert_eq!(capped.len(), 3);
        for candidate in &first {
            assert_eq!(
                candidate.old_text,
                split_lines(source)[candidate.line as usize - 1]
            );
            let applied = apply_mutation(source, candidate).unwrap();
            assert!(applied.contains(&format!("{}\r\n", candidate.new_text)));
            assert_eq!(applied.lines().count(), source.lines().count());
        }
    }

    #[test]
    fn stale_and_out_of_range_candidates_are_refused() {
        let source = "a = 1\nb = 2\n";
        let mut candidate =
            enumerate_mutations("x.py", source, Language::Python, &[1], 10).remove(0);
        assert!(
            apply_mutation("a = 5\nb = 2\n", &candidate)
                .unwrap_err()
                .to_string()
                .contains("stale")
        );
        candidate.line = 7;
        assert!(matches!(
            apply_mutation(source, &candidate),
            Err(MutateError::LineOutOfRange { .. })
        ));
    }

    #[test]
    fn files_are_read_and_written() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("m.rs"),
            "fn f(a: u8) -> bool {\n    a > 1\n}\n",
        )
        .unwrap();
        let candidates = enumerate_file_mutations(dir.path(), "m.rs", &[2], 10).unwrap();
        let flip = candidates
            .iter()
            .find(|c| c.new_text == "    a >= 1")
            .unwrap();
        apply_mutation_to_file(dir.path(), flip).unwrap();
        let after = std::fs::read_to_string(dir.path().join("m.rs")).unwrap();
        assert_eq!(after, "fn f(a: u8) -> bool {\n    a >= 1\n}\n");
        assert!(matches!(
            enumerate_file_mutations(dir.path(), "notes.txt", &[1], 10),
            Err(MutateError::UnsupportedLanguage(_))
        ));
    }

    #[test]
    fn mutations_follow_the_location_ranking() {
        use crate::localize::CandidateLocation;
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.py"), "def f(x):\n    return x + 1\n").unwrap();
        std::fs::write(
            dir.path().join("b.rs"),
            "fn g(y: u8) -> bool {\n    y > 2\n}\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("notes.md"), "x > 1\n").unwrap();
        let at = |file: &str, line: u32| CandidateLocation {
            file: file.into(),
            line,
            function: None,
            score: 1.0,
            reason: String::new(),
        };
        let locations = [at("b.rs", 2), at("notes.md", 1), at("a.py", 2)];
        let all = mutations_for_locations(dir.path(), &locations, 100).unwrap();
        let files: Vec<&str> = all.iter().map(|c| c.file.as_str()).collect();
        let first_python = files.iter().position(|f| *f == "a.py").unwrap();
        assert!(files[..first_python].iter().all(|f| *f == "b.rs"));
        assert!(first_python > 0);
        assert!(!files.contains(&"notes.md"));
        assert_eq!(
            mutations_for_locations(dir.path(), &locations, 2)
                .unwrap()
                .len(),
            2
        );
        let missing = [at("gone.py", 1)];
        assert!(matches!(
            mutations_for_locations(dir.path(), &missing, 10),
            Err(MutateError::Io { .. })
        ));
    }

    proptest! {
        #[test]
        fn never_panics_and_every_candidate_applies(source in "[ -~\n\t'\"#/*é]{0,200}", line in 0u32..12) {
            for language in [Language::Python, Language::Rust] {
                let candidates = enumerate_mutations("f", &source, language, &[line, line + 1], 50);
                for candidate in candidates {
                    prop_assert_ne!(&candidate.old_text, &candidate.new_text);
                    prop_assert!(!candidate.new_text.contains('\n'));
                    let applied = apply_mutation(&source, &candidate);
                    prop_assert!(applied.is_ok());
                }
            }
        }
    }

    fn swaps(source: &str, language: Language, line: u32) -> Vec<String> {
        let file = if language == Language::Python {
            "m.py"
        } else {
            "m.rs"
        };
        enumerate_mutations(file, source, language, &[line], 200)
            .into_iter()
            .filter(|c| c.operator == MutationOperator::SwapIdentifier)
            .map(|c| c.new_text)
            .collect()
    }

    /// Slips from a probe of classic Rust programs (probe-rust-11, -12, -19, -22): a
    /// remainder for a difference, a sum divided only in its last term, an iterator collected
    /// unreversed, a match arm with one alternative too many.
    #[test]
    fn classic_rust_slips_are_offered() {
        let rust = Language::Rust;
        let py = Language::Python;
        assert!(
            with_operator(
                "                d %= 9;",
                rust,
                MutationOperator::ArithmeticFlip
            )
            .contains(&"                d -= 9;".to_string())
        );
        assert_eq!(
            with_operator(
                "        Some(v[n / 2 - 1] + v[n / 2] / 2.0)",
                rust,
                MutationOperator::WrapOperands
            ),
            vec!["        Some((v[n / 2 - 1] + v[n / 2]) / 2.0)"]
        );
        assert_eq!(
            with_operator("    return lo + hi / 2", py, MutationOperator::WrapOperands),
            vec!["    return (lo + hi) / 2"]
        );
        // Already whole, or the sum is another product's right side: nothing to wrap.
        assert!(
            with_operator(
                "    return (lo + hi) / 2",
                py,
                MutationOperator::WrapOperands
            )
            .is_empty()
        );
        assert!(
            with_operator(
                "    return a * b - c / d",
                py,
                MutationOperator::WrapOperands
            )
            .iter()
            .all(|t| !t.contains("(b - c)"))
        );
        assert!(
            with_operator(
                "        let reversed: String = cleaned.chars().collect();",
                rust,
                MutationOperator::SiblingCall
            )
            .contains(
                &"        let reversed: String = cleaned.chars().rev().collect();".to_string()
            )
        );
        let arms = with_operator(
            "            'a' | 'e' | 'i' | 'o' | 'u' | 'y' => vowels += 1,",
            rust,
            MutationOperator::DropTerm,
        );
        assert!(
            arms.contains(&"            'a' | 'e' | 'i' | 'o' | 'u' => vowels += 1,".to_string())
        );
        assert!(
            arms.contains(&"            'e' | 'i' | 'o' | 'u' | 'y' => vowels += 1,".to_string())
        );
        // A closure's bars are not alternatives.
        assert!(
            with_operator(
                "    v.sort_by(|a, b| a.cmp(b));",
                rust,
                MutationOperator::DropTerm
            )
            .iter()
            .all(|t| t.contains("|a, b|"))
        );
    }

    /// probe-rust-15 (a knapsack that adds `weight` where `value` was meant): `value`, bound
    /// by the loop's pattern and never read, is offered first; Rust's `false` and `continue`
    /// are never offered as variables.
    /// probe35-python-23: a parameter's annotation (`income: float, brackets: list`) is no
    /// variable to swap in; the swaps it took let `upper` → `lower` fall past the cap.
    #[test]
    fn probe35_python_23_annotation_types_are_not_swapped_in() {
        let source = "def tax(income: float, brackets: list) -> float:\n    total = 0.0\n    lower = 0\n    for upper, rate in brackets:\n        if upper is None or income <= upper:\n            total += (income - upper) * rate\n            break\n        total += (upper - lower) * rate\n        lower = upper\n    return total\n";
        let texts = enumerate_mutations("t.py", source, Language::Python, &[6], 500)
            .into_iter()
            .filter(|c| c.operator == MutationOperator::SwapIdentifier)
            .map(|c| c.new_text)
            .collect::<Vec<_>>();
        assert!(
            texts.contains(&"            total += (income - lower) * rate".to_string()),
            "{texts:#?}"
        );
        assert!(
            texts
                .iter()
                .all(|t| !t.contains("list") && !t.contains("float")),
            "{texts:#?}"
        );
    }

    #[test]
    fn a_name_bound_and_never_read_is_offered_first() {
        let source = "pub fn knapsack(items: &[(usize, u64)], cap: usize) -> u64 {\n    let mut dp = vec![0u64; cap + 1];\n    for &(weight, value) in items {\n        if weight > cap {\n            continue;\n        }\n        let mut found = false;\n        for w in (weight..=cap).rev() {\n            dp[w] = dp[w].max(dp[w - weight] + weight as u64);\n            found = true;\n        }\n    }\n    dp[cap]\n}\n";
        let got = swaps(source, Language::Rust, 9);
        // Both uses of `weight` on the line come first, with `value` for each.
        assert!(
            got[..2].contains(
                &"            dp[w] = dp[w].max(dp[w - weight] + value as u64);".to_string()
            ),
            "{got:?}"
        );
        assert!(
            got.iter()
                .all(|s| !s.contains("false") && !s.contains("continue")),
            "{got:?}"
        );
    }

    /// probe34-python-01 (`for source in (stock, delivery):` over a body that reads `stock`):
    /// the loop variable the loop never reads is offered, and first.
    #[test]
    fn a_loop_variable_never_read_is_offered_first() {
        let source = "def merge(stock, delivery):\n    merged = {}\n    for source in (stock, delivery):\n        for item, qty in stock.items():\n            merged[item] = merged.get(item, 0) + qty\n    return merged\n";
        let got = swaps(source, Language::Python, 4);
        assert_eq!(
            got.first().map(String::as_str),
            Some("        for item, qty in source.items():"),
            "{got:?}"
        );
    }

    /// probe-python-09 (a Dijkstra that pushes the node it popped, `(nd, u)` for `(nd, v)`):
    /// the imported module `heapq` is neither swapped nor offered, so the line's swaps reach
    /// `u` → `v` instead of `heap.heappush`, `u.heappush`, ….
    #[test]
    fn an_imported_module_is_not_a_variable_to_swap() {
        let source = "import heapq\n\n\ndef dijkstra(graph, source):\n    dist = {source: 0}\n    heap = [(0, source)]\n    while heap:\n        d, u = heapq.heappop(heap)\n        if d > dist[u]:\n            continue\n        for v, w in graph.get(u, []):\n            nd = d + w\n            if v not in dist or nd < dist[v]:\n                dist[v] = nd\n                heapq.heappush(heap, (nd, u))\n    return dist\n";
        let got = swaps(source, Language::Python, 15);
        assert!(
            got.contains(&"                heapq.heappush(heap, (nd, v))".to_string()),
            "{got:?}"
        );
        assert!(got.iter().all(|s| s.contains("heapq.heappush(")), "{got:?}");
        assert!(
            got.iter()
                .all(|s| !s.contains("(heapq") && !s.contains("heapq,")),
            "{got:?}"
        );
    }

    #[test]
    fn format_strings_read_the_names_in_their_fields() {
        assert_eq!(
            format_string_names("\"{count}{c:>3} {{x}} {p.name!r} {n * 2}\""),
            vec!["count", "c", "p", "n"]
        );
        let read = |line: &str, language: Language| -> Vec<String> {
            let classes = tact_runtime::source::classify_source(line, language);
            let tokens = tokenize(line, &classes[0], language);
            names_read(&tokens, language)
                .into_iter()
                .map(str::to_string)
                .collect()
        };
        assert_eq!(
            read("out.append(f\"{count}{current}\")", Language::Python),
            vec!["out", "count", "current"]
        );
        assert_eq!(
            read("out.push(format!(\"{n}{c}\", c = x));", Language::Rust),
            vec!["out", "n", "c", "c", "x"]
        );
    }

    #[test]
    fn names_that_come_in_pairs_are_partners() {
        for (a, b) in [
            ("rows", "cols"),
            ("dr", "dc"),
            ("rr", "cc"),
            ("max_x", "max_y"),
            ("left_sum", "right_sum"),
            ("lo", "hi"),
            ("n_rows", "n_cols"),
        ] {
            assert!(partner_names(a, b) && partner_names(b, a), "{a} {b}");
        }
        for (a, b) in [
            ("rows", "result"),
            ("count", "total"),
            ("x", "x"),
            ("ab", "ba"),
        ] {
            assert!(!partner_names(a, b), "{a} {b}");
        }
    }

    /// A pair's other name is offered however far it was last used: `cc < rows` → `cc <
    /// cols` on a line full of nearer names.
    #[test]
    fn a_names_partner_is_offered_before_nearer_names() {
        let source = "def mines(grid):\n    rows = len(grid)\n    cols = len(grid[0])\n    out = []\n    for r in range(rows):\n        for c in range(cols):\n            count = 0\n            for dr in (-1, 0, 1):\n                for dc in (-1, 0, 1):\n                    rr, cc = r + dr, c + dc\n                    if 0 <= rr < rows and 0 <= cc < rows and grid[rr][cc] == '*':\n                        count += 1\n            out.append(count)\n    return out\n";
        let got = swaps(source, Language::Python, 11);
        assert!(
            got.contains(
                &"                    if 0 <= rr < rows and 0 <= cc < cols and grid[rr][cc] == '*':"
                    .to_string()
            ),
            "{got:?}"
        );
    }

    #[test]
    fn swap_identifier_offers_the_functions_other_variables() {
        let source = "def shipping(order, rate):\n    weight = order.weight\n    base = weight * rate\n    return base + weight\n\n\ndef other(unrelated):\n    return unrelated\n";
        let got = swaps(source, Language::Python, 4);
        assert!(
            got.contains(&"    return base + rate".to_string()),
            "{got:?}"
        );
        assert!(
            got.contains(&"    return order + weight".to_string()),
            "{got:?}"
        );
        // Names of another function and the function's own name are never offered.
        assert!(
            got.iter()
                .all(|g| !g.contains("unrelated") && !g.contains("shipping"))
        );
        // Keywords stay.
        assert!(got.iter().all(|g| g.trim_start().starts_with("return ")));
        // The assignment target of a line is not swapped, its right-hand side is.
        let got = swaps(source, Language::Python, 3);
        assert!(got.iter().all(|g| g.starts_with("    base = ")), "{got:?}");
        assert!(
            got.contains(&"    base = weight * order".to_string()),
            "{got:?}"
        );
    }

    /// hefix-python-6's shape: a line of the outer function after a nested one belongs to the
    /// outer function (the spans of `tact_runtime::source`), so the outer variables are
    /// offered (the header above it is the nested function's).
    #[test]
    fn swap_identifier_after_a_nested_function_draws_from_the_outer_one() {
        let source = "def outer(items, limit):\n    total = 0\n    def helper(v):\n        return v * 2\n\n    return [helper(x) for x in items if x < total]\n";
        let got = swaps(source, Language::Python, 6);
        assert!(got.iter().any(|g| g.ends_with("x < limit]")), "{got:?}");
    }

    /// hefix-rust-6: the wrong variable re-assigned.
    #[test]
    fn swap_identifier_rust_6_reassigned_target() {
        let source = "fn f(s: &str) -> i32 {\n    let mut depth: i32 = 0;\n    let mut max_depth: i32 = 0;\n    for c in s.chars() {\n        if c == ')' {\n            max_depth = depth - 1;\n        }\n    }\n    max_depth\n}\n";
        let rust = swaps(source, Language::Rust, 6);
        assert!(
            rust.contains(&"            depth = depth - 1;".to_string()),
            "{rust:?}"
        );
        // A first assignment defines its name: not a target to swap.
        let python = "def f(a):\n    total = a + 1\n    return total\n";
        let first = swaps(python, Language::Python, 2);
        assert!(
            first.iter().all(|s| s.starts_with("    total = ")),
            "{first:?}"
        );
    }

    #[test]
    fn swap_identifier_offers_fields_of_the_file_for_a_field() {
        let source = "pub struct Box3 {\n    pub depth: f64,\n    pub side: f64,\n}\n\nimpl Box3 {\n    pub fn face(&self) -> f64 {\n        self.side * self.side\n    }\n}\n";
        let got = swaps(source, Language::Rust, 8);
        assert!(
            got.contains(&"        self.side * self.depth".to_string()),
            "{got:?}"
        );
        assert!(
            got.contains(&"        self.depth * self.side".to_string()),
            "{got:?}"
        );
        // `self` itself is never replaced.
        assert!(
            got.iter().all(|g| g.matches("self.").count() == 2),
            "{got:?}"
        );
    }

    /// hefix-rust-65: `shift` is a parameter the body never reads; the swap to it comes
    /// first among the line's swaps, ahead of the names used nearer.
    #[test]
    fn swap_identifier_offers_an_unused_parameter_first() {
        let source = "fn circular_shift(x: i32, shift: i32) -> String {\n    let digits = x.to_string();\n    let n = digits.len() as i32;\n    let despl = (n + x) % n;\n    despl.to_string()\n}\n";
        let got = swaps(source, Language::Rust, 4);
        assert_eq!(
            got.first().map(String::as_str),
            Some("    let despl = (n + shift) % n;"),
            "{got:?}"
        );
        // A parameter the body reads keeps its place by distance.
        let used = "fn circular_shift(x: i32, shift: i32) -> String {\n    let digits = x.to_string();\n    let n = digits.len() as i32;\n    let despl = (n + x) % n;\n    let pad = 0;\n    let more = 1;\n    shift.to_string()\n}\n";
        let got = swaps(used, Language::Rust, 4);
        assert!(!got[0].contains("shift"), "{got:?}");
        // Keywords and primitive types are not variables.
        assert!(
            got.iter()
                .all(|g| !g.contains("(as ") && !g.contains("i32 +")),
            "{got:?}"
        );
    }

    #[test]
    fn swap_identifier_is_capped_nearest_names_first() {
        let mut source = String::from("def f(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):\n");
        source.push_str("    x = a0 + a1 + a2 + a3\n    return x\n");
        let got = swaps(&source, Language::Python, 2);
        assert_eq!(got.len(), MAX_IDENTIFIER_SWAPS);
    }

    #[test]
    fn sibling_calls_swap_within_a_family_only() {
        use MutationOperator::SiblingCall;
        let got = with_operator(
            "    return name.strip().upper()",
            Language::Python,
            SiblingCall,
        );
        assert!(got.contains(&"    return name.strip().lower()".to_string()));
        assert!(got.contains(&"    return name.rstrip().upper()".to_string()));
        assert!(got.contains(&"    return name.strip().capitalize()".to_string()));
        assert!(!got.iter().any(|g| g.contains("to_lowercase")));
        assert_eq!(
            with_operator("    s.to_lowercase()", Language::Rust, SiblingCall),
            vec!["    s.to_uppercase()"]
        );
        assert_eq!(
            with_operator("    xs.iter().any(|x| *x > 0)", Language::Rust, SiblingCall),
            vec!["    xs.iter().all(|x| *x > 0)"]
        );
        // A variable that happens to be called `first` is not a call.
        assert!(with_operator("    first = 3", Language::Python, SiblingCall).is_empty());
        // `int` cuts where `round` was meant; `round` still has its floor/ceil siblings.
        assert_eq!(
            with_operator("    return int(avg * 2) / 2", Language::Python, SiblingCall),
            vec!["    return round(avg * 2) / 2"]
        );
    }

    /// hefix-python-54: `return s0 == s1` where the two words' sets of letters were meant.
    #[test]
    fn hefix_python_54_compared_names_wrapped_in_the_same_function() {
        use MutationOperator::WrapOperands;
        assert_eq!(
            with_operator("    return s0 == s1", Language::Python, WrapOperands),
            [
                "    return set(s0) == set(s1)",
                "    return sorted(s0) == sorted(s1)",
                "    return len(s0) == len(s1)",
            ]
        );
        // The Rust twin (a port of python-54): `return str1 == str2;` where the sets of
        // characters were meant.
        assert_eq!(
            with_operator("    if a != b {", Language::Rust, WrapOperands),
            [
                "    if a.len() != b.len() {",
                "    if a.chars().collect::<std::collections::HashSet<char>>() != b.chars().collect::<std::collections::HashSet<char>>() {",
                "    if a.iter().collect::<std::collections::HashSet<_>>() != b.iter().collect::<std::collections::HashSet<_>>() {",
            ]
        );
        // Only two plain names: not a call, an index, a literal or an ordering comparison.
        for line in [
            "    return f(a) == b",
            "    return a[0] == b",
            "    return a == 1",
            "    return a < b",
        ] {
            assert!(
                with_operator(line, Language::Python, WrapOperands).is_empty(),
                "{line}"
            );
        }
    }

    /// hefix-rust-16 (and HumanEvalFix's Python twin): distinct characters counted without
    /// folding case.
    #[test]
    fn hefix_rust_16_a_string_folded_to_one_case_before_its_letters_are_collected() {
        use MutationOperator::CaseFold;
        assert_eq!(
            with_operator(
                "    let res:HashSet<char> = str.chars().into_iter().collect();",
                Language::Rust,
                CaseFold
            ),
            ["    let res:HashSet<char> = str.to_lowercase().chars().into_iter().collect();"]
        );
        assert_eq!(
            with_operator("    return len(set(string))", Language::Python, CaseFold),
            ["    return len(set(string.lower()))"]
        );
        // A field's or a call's result is not folded; nor is a number's argument.
        assert!(
            with_operator(
                "    let n = self.s.chars().count();",
                Language::Rust,
                CaseFold
            )
            .is_empty()
        );
        assert!(with_operator("    return len(set(f(x)))", Language::Python, CaseFold).is_empty());
        assert!(with_operator("    return abs(x)", Language::Python, CaseFold).is_empty());
    }
}
