//! Partial fixes: a bug that needs two edits shows no passing probe for either edit alone, but
//! the right one usually lets the failing test get further — its first assertions hold and it
//! fails at a later one. This module says how far a failing run got ([`Reach`]), whether one
//! run got further than another, and makes two edits of one file into one contiguous hunk
//! ([`stack_edits`]), so a stacked candidate is probed, ranked by size and committed like any
//! other edit.

use std::collections::{BTreeMap, BTreeSet};

use crate::rank::CandidateEdit;

/// How far the job's failing tests got in one run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reach {
    /// Failing tests (of the failing run that started the job) known to pass in this run.
    pub cleared: usize,
    /// Per test still failing, where it failed in test code: (file, line), the line in the
    /// original sources' numbering.
    pub points: BTreeMap<String, (String, u32)>,
}

impl Reach {
    /// How far the failing run that started the job got: nothing cleared, each failure at its
    /// point.
    pub fn of_failing_run(points: BTreeMap<String, (String, u32)>) -> Self {
        Self { cleared: 0, points }
    }

    /// How far a run of the job's failing tests got.
    ///
    /// `failing` are the tests that failed when the job started, in the order their runner
    /// reported them; `still_failing` the failing tests of this run, in the same sense. When
    /// `stops_at_first` (pytest's `-x`), only the tests before the first still failing one are
    /// known to pass; otherwise every failing test not failing now is. `None` when the run
    /// fails a test that did not fail before: an edit that breaks something is no progress.
    pub fn of_run(
        failing: &[String],
        still_failing: &[String],
        stops_at_first: bool,
        points: BTreeMap<String, (String, u32)>,
    ) -> Option<Self> {
        let before: BTreeSet<&String> = failing.iter().collect();
        if still_failing.iter().any(|t| !before.contains(t)) {
            return None;
        }
        let now: BTreeSet<&String> = still_failing.iter().collect();
        let cleared = match failing.iter().position(|t| now.contains(t)) {
            None => failing.len(),
            Some(first) if stops_at_first => first,
            Some(first) => {
                first
                    + failing[first + 1..]
                        .iter()
                        .filter(|t| !now.contains(t))
                        .count()
            }
        };
        Some(Self { cleared, points })
    }

    /// Did this run get further than `other`: more failing tests cleared, or as many and some
    /// test failing at a later line of the same file with none failing earlier.
    pub fn further_than(&self, other: &Reach) -> bool {
        if self.cleared != other.cleared {
            return self.cleared > other.cleared;
        }
        let mut later = false;
        for (test, (file, line)) in &self.points {
            let Some((other_file, other_line)) = other.points.get(test) else {
                continue;
            };
            if file != other_file {
                return false;
            }
            if line < other_line {
                return false;
            }
            later |= line > other_line;
        }
        later
    }
}

/// The line of the original file that line `line` of the edited copy of `file` was, for a
/// copy made by `edit`: lines above the edit keep their number, lines below shift by what the
/// edit added or removed. `None` for a line the edit wrote.
pub fn original_line(edit: &CandidateEdit, file: &str, line: u32) -> Option<u32> {
    if file != edit.file || line < edit.line {
        return Some(line);
    }
    let written = edit.replacement.len() as u32;
    let replaced = edit.span() as u32;
    if line < edit.line + written {
        return None;
    }
    Some(line - written + replaced)
}

/// Two edits of one file as one hunk from the first's first line to the second's last, the
/// lines between kept from `content` (the original file) byte for byte. The hunk keeps the
/// second edit's origin and location. `None` when the edits are in different files, overlap,
/// or do not match `content`.
pub fn stack_edits(
    base: &CandidateEdit,
    next: &CandidateEdit,
    content: &str,
) -> Option<CandidateEdit> {
    if base.file != next.file {
        return None;
    }
    let (first, second) = if base.line <= next.line {
        (base, next)
    } else {
        (next, base)
    };
    let first_end = first.line as usize + first.span() - 1;
    if second.line as usize <= first_end {
        return None;
    }
    let lines: Vec<&str> = content.lines().collect();
    let old_of = |edit: &CandidateEdit| {
        let start = (edit.line as usize).checked_sub(1)?;
        let now = lines.get(start..start + edit.span())?;
        let same = now
            .iter()
            .zip(edit.old_line.split('\n'))
            .all(|(a, b)| a.trim_end() == b.trim_end());
        same.then_some(())
    };
    old_of(first)?;
    old_of(second)?;
    let second_end = second.line as usize + second.span() - 1;
    let old_line = lines.get(first.line as usize - 1..second_end)?.join("\n");
    let mut replacement = first.replacement.clone();
    replacement.extend(
        lines
            .get(first_end..second.line as usize - 1)?
            .iter()
            .map(|l| (*l).to_string()),
    );
    replacement.extend(second.replacement.iter().cloned());
    Some(CandidateEdit {
        file: next.file.clone(),
        line: first.line,
        old_line,
        replacement,
        origin: next.origin,
        location_rank: next.location_rank,
        location_score: next.location_score,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::mutate::MutationOperator;
    use crate::rank::CandidateOrigin;

    fn edit(line: u32, old: &str, replacement: &[&str]) -> CandidateEdit {
        CandidateEdit {
            file: "fibfib.py".into(),
            line,
            old_line: old.into(),
            replacement: replacement.iter().map(|s| (*s).to_string()).collect(),
            origin: CandidateOrigin::Mutate(MutationOperator::ConstantOffByOne),
            location_rank: 0,
            location_score: 1.0,
        }
    }

    fn points(items: &[(&str, u32)]) -> BTreeMap<String, (String, u32)> {
        items
            .iter()
            .map(|(t, l)| ((*t).to_string(), ("test_x.py".to_string(), *l)))
            .collect()
    }

    const FIBFIB: &str = "def fibfib(n):\n    if n == 0:\n        return 0\n    if n == 1:\n        return 1\n    if n == 2:\n        return 2\n    return fibfib(n - 1)\n";

    #[test]
    fn a_later_failing_assertion_is_further_and_an_earlier_one_is_not() {
        let start = Reach::of_failing_run(points(&[("t", 5)]));
        let later = Reach::of_run(&["t".into()], &["t".into()], true, points(&[("t", 6)]));
        let later = later.unwrap();
        assert!(later.further_than(&start));
        assert!(!start.further_than(&later));
        assert!(!start.further_than(&start), "the same point is no progress");
        let elsewhere = Reach {
            cleared: 0,
            points: BTreeMap::from([("t".to_string(), ("other.py".to_string(), 9))]),
        };
        assert!(!elsewhere.further_than(&start), "another file says nothing");
        let unknown = Reach::default();
        assert!(!unknown.further_than(&start), "no point, no progress");
    }

    #[test]
    fn cleared_tests_count_by_the_runners_reporting() {
        let failing: Vec<String> = vec!["a".into(), "b".into(), "c".into()];
        // pytest -x: the run stopped at `b`; only `a` is known to pass.
        let x = Reach::of_run(&failing, &["b".into()], true, BTreeMap::new()).unwrap();
        assert_eq!(x.cleared, 1);
        // cargo reports every failure: `a` and `c` pass.
        let all = Reach::of_run(&failing, &["b".into()], false, BTreeMap::new()).unwrap();
        assert_eq!(all.cleared, 2);
        assert!(all.further_than(&Reach::of_failing_run(points(&[("a", 3)]))));
        // A test that passed before and fails now: no progress, whatever else.
        assert_eq!(
            Reach::of_run(&failing, &["d".into()], false, BTreeMap::new()),
            None
        );
    }

    #[test]
    fn lines_below_an_edit_map_back_to_the_original_numbering() {
        let insert = edit(
            5,
            "        return 1",
            &["        x = 1", "        return 1"],
        );
        assert_eq!(original_line(&insert, "fibfib.py", 4), Some(4));
        assert_eq!(original_line(&insert, "fibfib.py", 6), None);
        assert_eq!(original_line(&insert, "fibfib.py", 7), Some(6));
        assert_eq!(original_line(&insert, "test_x.py", 7), Some(7));
        let delete = edit(5, "        return 1", &[]);
        assert_eq!(original_line(&delete, "fibfib.py", 5), Some(6));
    }

    #[test]
    fn two_edits_become_one_hunk_with_the_lines_between_kept() {
        let first = edit(5, "        return 1", &["        return 0"]);
        let second = edit(7, "        return 2", &["        return 1"]);
        let stacked = stack_edits(&second, &first, FIBFIB).unwrap();
        assert_eq!(stacked.line, 5);
        assert_eq!(
            stacked.old_line,
            "        return 1\n    if n == 2:\n        return 2"
        );
        assert_eq!(
            stacked.replacement,
            vec!["        return 0", "    if n == 2:", "        return 1"]
        );
        // Applying the hunk gives the file both edits would.
        let lines: Vec<&str> = FIBFIB.lines().collect();
        let mut edited: Vec<String> = lines[..4].iter().map(|l| l.to_string()).collect();
        edited.extend(stacked.replacement.iter().cloned());
        edited.extend(lines[7..].iter().map(|l| l.to_string()));
        assert_eq!(
            edited.join("\n") + "\n",
            FIBFIB
                .replace("return 1\n", "return 0\n")
                .replace("return 2\n", "return 1\n")
        );
        assert_eq!(stack_edits(&first, &second, FIBFIB), Some(stacked));
    }

    #[test]
    fn overlapping_foreign_and_stale_edits_do_not_stack() {
        let first = edit(5, "        return 1", &["        return 0"]);
        let same_line = edit(5, "        return 1", &["        return 2"]);
        assert_eq!(stack_edits(&first, &same_line, FIBFIB), None);
        let mut other_file = edit(7, "        return 2", &["        return 1"]);
        other_file.file = "other.py".into();
        assert_eq!(stack_edits(&first, &other_file, FIBFIB), None);
        let stale = edit(7, "        return 9", &["        return 1"]);
        assert_eq!(stack_edits(&first, &stale, FIBFIB), None);
        let hunk = edit(4, "    if n == 1:\n        return 1", &["    if n < 2:"]);
        assert_eq!(
            stack_edits(&hunk, &first, FIBFIB),
            None,
            "line 5 is in the hunk"
        );
    }
}
