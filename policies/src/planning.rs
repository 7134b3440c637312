//! Plans from task families (agentless-first): a task is classified into a family, and a
//! familiar family starts from a short plan template. Unfamiliar tasks start in probe mode.

use std::sync::LazyLock;

pub use tact_runtime::records::TaskFamily;
use tact_runtime::records::{
    Assurance, BlpTolerances, BudgetEnvelope, CallPlan, CommitTrigger, NextAction, PlannedCall,
    ReplanCondition, RiskClass, StopCondition, ToolRef,
};

use crate::policy::Policy;

const TEST_WORDS: &[&str] = &[
    "test", "tests", "failing", "fails", "fail", "broken", "red", "ci",
];
/// Words that ask for a fix on their own. "pass" asks for one only after "make" or "get"
/// ("make the failing tests pass"); "how many pass" asks for a count.
const FIX_WORDS: &[&str] = &["fix", "bug", "bugs", "repair", "green"];
/// Verbs that ask for a fix even when the request starts like a question ("Find the cause
/// and correct it").
const FIX_VERBS: &[&str] = &["fix", "repair", "correct", "debug", "resolve", "patch"];
/// Words that describe a defect without the word "bug": a report of what goes wrong
/// ("`digit_sum` gives the wrong result for negative numbers", "parse() raises an exception
/// on empty input").
const SYMPTOM_WORDS: &[&str] = &[
    "wrong",
    "incorrect",
    "incorrectly",
    "buggy",
    "crash",
    "crashes",
    "crashing",
    "exception",
    "raises",
    "error",
    "errors",
    "faulty",
    "defect",
    "regression",
    "misbehaves",
];
const QUESTION_WORDS: &[&str] = &[
    "what", "where", "why", "how", "which", "who", "explain", "describe", "find", "show", "list",
];
const CHANGE_WORDS: &[&str] = &[
    "add",
    "rename",
    "remove",
    "delete",
    "change",
    "replace",
    "update",
    "implement",
    "refactor",
    "create",
    "write",
    "move",
    "set",
    "bump",
    "edit",
    "modify",
    "increase",
    "decrease",
    "raise",
    "lower",
    "make",
];

fn words(task: &str) -> Vec<String> {
    task.split(|c: char| !c.is_alphanumeric() && c != '_')
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// Does the task ask for a value computed from numbers it gives ("Take the square root of 2025
/// and add 7.", "Compute 17 * 23 + 4")? Then its "add" or "set" is arithmetic, not a change.
pub fn asks_for_arithmetic(task: &str) -> bool {
    let text =
        tact_runtime::tools::calc::spoken_arithmetic(task).unwrap_or_else(|| task.to_string());
    // Compiled once: `classify` asks this of every task.
    static SYMBOLIC: LazyLock<Option<regex::Regex>> = LazyLock::new(|| {
        regex::Regex::new(r"(?:\d|\))\s*[-+*/^]\s*(?:\d|\(|sqrt\()|sqrt\(\d").ok()
    });
    static FILE_LIKE: LazyLock<Option<regex::Regex>> =
        LazyLock::new(|| regex::Regex::new(r"\b[\w-]+\.[A-Za-z]{1,5}\b|`").ok());
    SYMBOLIC.as_ref().is_some_and(|r| r.is_match(&text))
        && !FILE_LIKE.as_ref().is_some_and(|r| r.is_match(task))
}

/// Classify a task by its words: deterministic, no model call.
pub fn classify(task: &str) -> TaskFamily {
    let ws = words(task);
    let has = |set: &[&str]| ws.iter().any(|w| set.contains(&w.as_str()));
    let fix_intent = has(FIX_WORDS) || (has(&["make", "get"]) && has(&["pass"]));
    if has(TEST_WORDS) && fix_intent {
        TaskFamily::FailingTests
    } else if task.trim_end().ends_with('?')
        // "Is there a FIXME left anywhere? Tell me the file.": a question, then how to answer.
        || (task.contains('?') && !has(CHANGE_WORDS))
        || ws
            .first()
            .is_some_and(|w| QUESTION_WORDS.contains(&w.as_str()))
        || asks_for_arithmetic(task)
    {
        TaskFamily::Question
    } else if has(CHANGE_WORDS) || crate::change::read_change(task).is_some() {
        // A change said without a change verb ("the host in show.toml should now be …").
        TaskFamily::DescribedChange
    } else {
        TaskFamily::Unknown
    }
}

/// Classify a task in a workspace that has (or lacks) a test suite. A request for a fix that
/// names no test ("Fix the bug in `median`.", "There is a bug in solution.py; repair it.") in a
/// workspace whose tests can be run is the failing-tests job: the tests are where a bug shows,
/// and the job says so when they pass. A question stays a question.
pub fn classify_in_workspace(task: &str, has_test_suite: bool) -> TaskFamily {
    let family = classify(task);
    let ws = words(task);
    let has = |set: &[&str]| ws.iter().any(|w| set.contains(&w.as_str()));
    // A question ("Explain the error in parse") keeps asking unless it also asks for the fix.
    let asks_for_a_fix =
        has(FIX_WORDS) || has(FIX_VERBS) || (family != TaskFamily::Question && has(SYMPTOM_WORDS));
    if family != TaskFamily::FailingTests
        && has_test_suite
        && asks_for_a_fix
        && !task.trim_end().ends_with('?')
    {
        TaskFamily::FailingTests
    } else {
        family
    }
}

fn planned(name: &str, purpose: &str) -> PlannedCall {
    PlannedCall {
        tool_ref: ToolRef::new(name, 1),
        description_ref: None,
        purpose: purpose.to_string(),
    }
}

/// Words that name a test run itself.
const TEST_NOUNS: &[&str] = &["test", "tests", "pytest", "unittest", "suite"];
/// Words that ask about a test run's results.
const RESULT_WORDS: &[&str] = &[
    "pass", "passed", "passes", "passing", "fail", "failed", "fails", "failing", "red", "green",
    "broken", "many", "count",
];

/// Does the task ask for the tests to be run ("Run the tests and tell me how many pass", "run
/// pytest and tell me how many passed"), or ask a question only a run answers ("One of the
/// tests is red, I think. Which one is it?")?
pub fn asks_to_run_tests(task: &str) -> bool {
    let ws = words(task);
    let has = |set: &[&str]| ws.iter().any(|w| set.contains(&w.as_str()));
    let about_tests = has(TEST_WORDS) || has(TEST_NOUNS);
    let asked_run = about_tests && has(&["run", "rerun", "execute"]);
    // Not a change ("Add a test that fails on empty input") nor a fix.
    let asks_results = has(TEST_NOUNS)
        && has(RESULT_WORDS)
        && matches!(classify(task), TaskFamily::Question | TaskFamily::Unknown);
    asked_run || asks_results
}

/// The first plan edition for a task.
pub fn initial_plan(job_id: &str, task: &str, family: TaskFamily, policy: &Policy) -> CallPlan {
    let budget = policy.body.budget.envelope();
    let run_tests = asks_to_run_tests(task);
    // Probing is read-only, except that running the tests is exec-class: the failing-tests
    // family (to reproduce the failure) and a task that asks for a test run may probe with
    // exec-class calls (never with writes).
    let probe_risk = if family == TaskFamily::FailingTests || run_tests {
        RiskClass::Exec
    } else {
        RiskClass::Read
    };
    let probe = BudgetEnvelope::new(
        policy.body.budget.wall_time_ms / 4,
        policy.body.budget.forward_passes / 4,
        policy.body.budget.tokens / 4,
        (policy.body.budget.tool_calls / 4).max(3),
        probe_risk,
    );
    let (calls, commit_trigger, mut budget, objective_met) = match family {
        TaskFamily::FailingTests => (
            vec![
                planned("run_tests", "reproduce the failure"),
                planned("read_file", "read the localized code"),
                planned("mutate", "enumerate small edits of the localized lines"),
                planned("apply_edit", "apply the most likely candidate"),
                planned(
                    "run_tests",
                    "check the candidate: failing tests pass, no new failures",
                ),
            ],
            CommitTrigger::FailingTestReproduced,
            budget,
            "all tests pass",
        ),
        TaskFamily::Question => (
            vec![
                planned("search", "find where the question points"),
                planned("read_file", "read it"),
            ],
            CommitTrigger::Never,
            BudgetEnvelope {
                risk_limit: Some(RiskClass::Read),
                ..budget
            },
            "the question is answered from read evidence",
        ),
        TaskFamily::DescribedChange => (
            vec![
                planned("search", "find the code the change names"),
                planned("read_file", "read it"),
                planned("apply_edit", "make the change"),
                planned("run_tests", "check nothing broke"),
            ],
            CommitTrigger::Localized,
            budget,
            "the change is made and tests pass",
        ),
        TaskFamily::Unknown => (
            vec![
                planned("list_dir", "look around"),
                planned("search", "find what the task names"),
            ],
            CommitTrigger::Localized,
            budget,
            "the task is done or handed back with evidence",
        ),
    };
    let mut calls = calls;
    if family == TaskFamily::Question {
        // A question is answered from read evidence, or from the test run it asks for.
        budget.risk_limit = Some(if run_tests {
            RiskClass::Exec
        } else {
            RiskClass::Read
        });
    }
    if run_tests && family != TaskFamily::FailingTests {
        // The run the task asks for comes first (the plan's next call leads the shortlist).
        calls.insert(0, planned("run_tests", "run the tests the task asks for"));
    }
    let next_action = calls
        .first()
        .map(|c| NextAction::Call {
            tool_ref: c.tool_ref.clone(),
        })
        .unwrap_or(NextAction::Stop {
            reason: "empty plan".into(),
        });
    CallPlan {
        plan_id: format!("{job_id}-plan"),
        edition: 1,
        supersedes: None,
        objective: format!("{task} (done when: {objective_met})"),
        context: String::new(),
        task_family: family,
        planned_calls: calls,
        budget,
        probe_budget: Some(probe),
        policy_ref: policy.policy_ref(),
        explore_share: policy.body.repair.explore_share,
        stop_conditions: vec![
            StopCondition::ObjectiveMet,
            StopCondition::BudgetExhausted,
            StopCondition::SelectorStop,
            StopCondition::GuardRefusals {
                count: policy.body.guard.max_refusals * 2,
            },
        ],
        replan_conditions: vec![
            ReplanCondition::TrustFailed,
            ReplanCondition::GuardRefusals {
                count: policy.body.guard.max_refusals,
            },
        ],
        commit_trigger,
        blp: BlpTolerances {
            alpha: policy.body.blp.alpha,
            delta: policy.body.blp.delta,
            waiver: policy.body.blp.waivers.first().cloned(),
        },
        assurance: Assurance {
            formality: 1,
            scope: "the workspace's own tests".into(),
            reliability: 0.9,
        },
        next_action,
    }
}

/// What happened at a step of a job, as the plan's stop and replan conditions read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepEvent {
    /// The guard refused a call; `in_a_row` refusals since the last call that ran.
    GuardRefused { in_a_row: u32 },
    /// The trust gate failed an observation.
    TrustFailed,
    /// The next call would breach the budget.
    BudgetBreach,
    /// The selector chose `stop`.
    SelectorStop,
    /// The objective's acceptance holds.
    ObjectiveMet,
}

/// The first of `plan`'s stop conditions that `event` meets: the runner stops only on its
/// plan's word (a resumed job goes by the plan it recorded, not by today's policy).
pub fn stop_condition<'a>(plan: &'a CallPlan, event: &StepEvent) -> Option<&'a StopCondition> {
    plan.stop_conditions.iter().find(|c| match (c, event) {
        (StopCondition::ObjectiveMet, StepEvent::ObjectiveMet)
        | (StopCondition::BudgetExhausted, StepEvent::BudgetBreach)
        | (StopCondition::SelectorStop, StepEvent::SelectorStop) => true,
        (StopCondition::GuardRefusals { count }, StepEvent::GuardRefused { in_a_row }) => {
            in_a_row >= count
        }
        _ => false,
    })
}

/// The first of `plan`'s replan conditions that `event` meets.
pub fn replan_condition<'a>(plan: &'a CallPlan, event: &StepEvent) -> Option<&'a ReplanCondition> {
    plan.replan_conditions.iter().find(|c| match (c, event) {
        (ReplanCondition::TrustFailed, StepEvent::TrustFailed)
        | (ReplanCondition::BudgetBreach, StepEvent::BudgetBreach) => true,
        (ReplanCondition::GuardRefusals { count }, StepEvent::GuardRefused { in_a_row }) => {
            in_a_row >= count
        }
        _ => false,
    })
}

/// A new plan edition that supersedes `plan`, with a reason and next action. The old edition
/// stays in the ledger untouched.
pub fn replan(plan: &CallPlan, next_action: NextAction, context: String) -> CallPlan {
    let mut next = plan.clone();
    next.supersedes = Some(plan.edition);
    next.edition = plan.edition + 1;
    next.next_action = next_action;
    next.context = context;
    next
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn classifies_the_headline_task_and_others() {
        assert_eq!(
            classify("the tests fail; find the bug and fix it"),
            TaskFamily::FailingTests
        );
        assert_eq!(
            classify("make the failing tests pass"),
            TaskFamily::FailingTests
        );
        assert_eq!(classify("where is the parser?"), TaskFamily::Question);
        assert_eq!(classify("rename foo to bar"), TaskFamily::DescribedChange);
        // Arithmetic's "add" is no change (everyday2's calc-sqrt-2); a change that names a
        // file or a code word stays one.
        assert_eq!(
            classify("Take the square root of 2025 and add 7."),
            TaskFamily::Question
        );
        assert_eq!(classify("Compute 17 * 23 + 4."), TaskFamily::Question);
        assert_eq!(
            classify("Set MAX_SHAPES in src/lib.rs to 64."),
            TaskFamily::DescribedChange
        );
        assert_eq!(
            classify("Add 2 tests to test_a.py"),
            TaskFamily::DescribedChange
        );
        assert_eq!(classify("hello"), TaskFamily::Unknown);
    }

    /// A fix asked for without naming the tests is the repair job where there are tests to
    /// run; without a test suite, or as a question, it is not.
    #[test]
    fn a_fix_that_names_no_test_is_a_repair_where_tests_run() {
        for task in [
            "Fix the bug in `median` (median.py).",
            "There is a bug in solution.py; repair it.",
            "Find the bug and fix it.",
            "`digit_sum` gives the wrong result for negative numbers.",
            "parse() raises an exception on empty input; correct it.",
            "Find the cause and correct it.",
        ] {
            assert_ne!(classify(task), TaskFamily::FailingTests, "{task}");
            assert_eq!(
                classify_in_workspace(task, true),
                TaskFamily::FailingTests,
                "{task}"
            );
            assert_ne!(classify_in_workspace(task, false), TaskFamily::FailingTests);
        }
        assert_eq!(
            classify_in_workspace("where is the bug?", true),
            TaskFamily::Question
        );
        assert_eq!(
            classify_in_workspace("Explain the error parse gives on empty input.", true),
            TaskFamily::Question
        );
        assert_eq!(
            classify_in_workspace("rename foo to bar", true),
            TaskFamily::DescribedChange
        );
        assert_eq!(
            classify_in_workspace("the tests fail; find the bug and fix it", false),
            TaskFamily::FailingTests
        );
    }

    /// Regression (examples/everyday, tests-counts-py): "Run the tests and tell me how many pass
    /// and how many fail." started the repair job, which probed edits to code that had no bug
    /// the user asked about. Counting tests is a question; fixing them needs a fix word.
    #[test]
    fn a_request_to_report_test_counts_is_not_a_repair() {
        assert_eq!(
            classify("Run the tests and tell me how many pass and how many fail."),
            TaskFamily::Unknown
        );
        assert_eq!(
            classify("Run the tests. Which test fails?"),
            TaskFamily::Question
        );
        assert_eq!(
            classify("get the tests to pass again"),
            TaskFamily::FailingTests
        );
        assert_eq!(
            classify("CI is red: fix the failing test"),
            TaskFamily::FailingTests
        );
    }

    /// Regression (examples/everyday, tests-*): "Run the tests. Which test fails?" was refused
    /// its test run ("run_tests is exec-class and the commit trigger does not hold yet"): a
    /// question's plan was read-only. A task that asks for a test run plans it first and may
    /// run it before committing to anything; nothing else is widened.
    #[test]
    fn a_task_that_asks_for_a_test_run_plans_and_admits_it() {
        let policy = Policy::default_policy().unwrap();
        for task in [
            "Run the tests. Which test fails?",
            "Run the tests and tell me how many pass and how many fail.",
            // everyday3: the runner named, and a question only a run answers.
            "run pytest and tell me how many passed vs failed",
            "One of the tests is red, I think. Which one is it?",
            "How many tests does this project have altogether? Run the suite and count.",
            "Give me the pass and fail numbers for the pytest suite.",
        ] {
            let family = classify(task);
            let plan = initial_plan("j", task, family, &policy);
            plan.validate().unwrap();
            assert_eq!(plan.planned_calls[0].tool_ref.name, "run_tests", "{task}");
            assert_eq!(
                plan.probe_budget.as_ref().unwrap().risk_limit,
                Some(RiskClass::Exec),
                "{task}"
            );
            assert_ne!(plan.budget.risk_limit, Some(RiskClass::Read), "{task}");
        }
        let plan = initial_plan(
            "j",
            "Which test checks the parser?",
            TaskFamily::Question,
            &policy,
        );
        assert_eq!(plan.planned_calls[0].tool_ref.name, "search");
        assert_eq!(plan.budget.risk_limit, Some(RiskClass::Read));
        // A change that mentions a failing test is not a question about a run.
        assert!(!asks_to_run_tests("Add a test that fails on empty input."));
    }

    /// Issue 16 item 6: one test per condition, each read from the plan, not the policy.
    #[test]
    fn each_stop_and_replan_condition_is_read_from_the_plan() {
        let policy = Policy::default_policy().unwrap();
        let mut plan = initial_plan("j", "t", TaskFamily::Unknown, &policy);
        plan.stop_conditions = vec![
            StopCondition::ObjectiveMet,
            StopCondition::BudgetExhausted,
            StopCondition::SelectorStop,
            StopCondition::GuardRefusals { count: 3 },
        ];
        plan.replan_conditions = vec![
            ReplanCondition::TrustFailed,
            ReplanCondition::GuardRefusals { count: 2 },
            ReplanCondition::BudgetBreach,
        ];
        let refused = |n| StepEvent::GuardRefused { in_a_row: n };
        assert_eq!(
            stop_condition(&plan, &StepEvent::ObjectiveMet),
            Some(&StopCondition::ObjectiveMet)
        );
        assert_eq!(
            stop_condition(&plan, &StepEvent::BudgetBreach),
            Some(&StopCondition::BudgetExhausted)
        );
        assert_eq!(
            stop_condition(&plan, &StepEvent::SelectorStop),
            Some(&StopCondition::SelectorStop)
        );
        assert_eq!(stop_condition(&plan, &refused(2)), None);
        assert_eq!(
            stop_condition(&plan, &refused(3)),
            Some(&StopCondition::GuardRefusals { count: 3 })
        );
        assert_eq!(stop_condition(&plan, &StepEvent::TrustFailed), None);
        assert_eq!(
            replan_condition(&plan, &StepEvent::TrustFailed),
            Some(&ReplanCondition::TrustFailed)
        );
        assert_eq!(replan_condition(&plan, &refused(1)), None);
        assert_eq!(
            replan_condition(&plan, &refused(2)),
            Some(&ReplanCondition::GuardRefusals { count: 2 })
        );
        assert_eq!(
            replan_condition(&plan, &StepEvent::BudgetBreach),
            Some(&ReplanCondition::BudgetBreach)
        );
        // A plan without a condition never meets it.
        plan.stop_conditions = vec![StopCondition::ObjectiveMet];
        plan.replan_conditions.clear();
        assert_eq!(stop_condition(&plan, &StepEvent::SelectorStop), None);
        assert_eq!(stop_condition(&plan, &refused(99)), None);
        assert_eq!(replan_condition(&plan, &StepEvent::TrustFailed), None);
    }

    #[test]
    fn templates_are_valid_plans_and_replan_makes_a_new_edition() {
        let policy = Policy::default_policy().unwrap();
        for family in [
            TaskFamily::FailingTests,
            TaskFamily::Question,
            TaskFamily::DescribedChange,
            TaskFamily::Unknown,
        ] {
            let plan = initial_plan("j", "t", family, &policy);
            plan.validate().unwrap();
            assert_eq!(plan.edition, 1);
        }
        let plan = initial_plan("j", "t", TaskFamily::Question, &policy);
        assert_eq!(plan.budget.risk_limit, Some(RiskClass::Read));
        assert_eq!(
            plan.probe_budget.as_ref().unwrap().risk_limit,
            Some(RiskClass::Read)
        );
        let next = replan(&plan, NextAction::Stop { reason: "x".into() }, "c".into());
        assert_eq!((next.edition, next.supersedes), (2, Some(1)));
        assert_eq!(plan.edition, 1, "the old edition is untouched");
    }
}
