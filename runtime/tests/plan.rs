#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use tact_runtime::RuntimeError;
use tact_runtime::records::*;

fn missing_field(plan: &CallPlan) -> String {
    match plan.validate() {
        Err(RuntimeError::InvalidPlan { field }) => field,
        other => panic!("expected refusal, got {other:?}"),
    }
}

#[test]
fn a_complete_plan_is_accepted() {
    common::sample_plan().validate().unwrap();
}

#[test]
fn a_plan_without_a_budget_ceiling_is_refused_naming_it() {
    let mut plan = common::sample_plan();
    plan.budget.tokens = None;
    assert_eq!(missing_field(&plan), "budget.tokens");
    let mut plan = common::sample_plan();
    plan.budget.risk_limit = None;
    assert_eq!(missing_field(&plan), "budget.risk_limit");
    let mut plan = common::sample_plan();
    plan.probe_budget = Some(BudgetEnvelope::default());
    assert_eq!(missing_field(&plan), "probe_budget.wall_time_ms");
}

#[test]
fn a_plan_without_a_stop_condition_is_refused_naming_it() {
    let mut plan = common::sample_plan();
    plan.stop_conditions.clear();
    assert_eq!(missing_field(&plan), "stop_conditions");
}

#[test]
fn budget_arithmetic_finds_the_breached_dimension() {
    let limit = BudgetSpend {
        wall_time_ms: 100,
        forward_passes: 10,
        tokens: 100,
        tool_calls: 2,
    };
    let burned = BudgetSpend {
        tool_calls: 2,
        ..Default::default()
    };
    let next = BudgetSpend {
        tool_calls: 1,
        ..Default::default()
    };
    assert_eq!(burned.plus(next).exceeds(&limit), Some("tool_calls"));
    assert_eq!(burned.exceeds(&limit), None);
    assert_eq!(limit.minus(burned).tool_calls, 0);
}

#[test]
fn redaction_hides_secrets_and_truncates() {
    let r = DefaultRedactor { max_string: 4 };
    let out = r.redact(serde_json::json!({"api_token": "s3cr3t", "text": "abcdefgh", "n": 1}));
    assert_eq!(out["api_token"], "[redacted]");
    assert!(out["text"].as_str().unwrap().starts_with("abcd…"));
    assert_eq!(out["n"], 1);
}
