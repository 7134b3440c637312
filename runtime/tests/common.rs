//! Sample values of every record type, shared by the wire and ledger tests.
#![allow(dead_code)]

use tact_runtime::records::*;

pub fn sample_plan() -> CallPlan {
    CallPlan {
        plan_id: "plan-1".into(),
        edition: 1,
        supersedes: None,
        objective: "make the failing tests pass".into(),
        context: "workspace examples/calc".into(),
        task_family: tact_runtime::records::TaskFamily::FailingTests,
        planned_calls: vec![PlannedCall {
            tool_ref: ToolRef::new("run_tests", 1),
            description_ref: Some(ToolDescriptionRef {
                tool: "run_tests".into(),
                edition: 1,
                digest: "abc".into(),
            }),
            purpose: "reproduce".into(),
        }],
        budget: BudgetEnvelope::new(60_000, 100, 10_000, 20, RiskClass::Exec),
        probe_budget: Some(BudgetEnvelope::new(10_000, 10, 1_000, 5, RiskClass::Read)),
        policy_ref: PolicyRef {
            name: "default".into(),
            edition: "0123".into(),
        },
        explore_share: 0.1,
        stop_conditions: vec![StopCondition::ObjectiveMet, StopCondition::BudgetExhausted],
        replan_conditions: vec![ReplanCondition::TrustFailed],
        commit_trigger: CommitTrigger::FailingTestReproduced,
        blp: BlpTolerances {
            alpha: 0.1,
            delta: 0.05,
            waiver: Some(BlpWaiver {
                heuristic: "enumerated_first".into(),
                reason: "hand-coded mutate first".into(),
                expires: "2027-01-01".into(),
                reevaluate: "2026-12-01".into(),
            }),
        },
        assurance: Assurance {
            formality: 1,
            scope: "unit tests".into(),
            reliability: 0.9,
        },
        next_action: NextAction::Call {
            tool_ref: ToolRef::new("run_tests", 1),
        },
    }
}

pub fn sample_spend() -> BudgetSpend {
    BudgetSpend {
        wall_time_ms: 1200,
        forward_passes: 3,
        tokens: 400,
        tool_calls: 1,
    }
}

pub fn sample_record(work_id: &str) -> CallRecord {
    CallRecord {
        work_id: work_id.into(),
        tool_ref: ToolRef::new("read_file", 1),
        description_edition: Some(1),
        performer: Performer {
            process_id: 42,
            host: "localhost".into(),
        },
        stage: "executor".into(),
        plan_ref: ("plan-1".into(), 1),
        policy_ref: PolicyRef {
            name: "default".into(),
            edition: "0123".into(),
        },
        started_ms: 10,
        ended_ms: 20,
        inputs: serde_json::json!({"path": "src/lib.rs"}),
        outputs: serde_json::json!({"content": "fn main() {}", "sha256": "ff"}),
        budget_delta: sample_spend(),
        verdict: TrustVerdict::Unverified {
            reason: "no invariant".into(),
        },
    }
}

pub fn sample_checkpoint() -> CheckpointReturn {
    CheckpointReturn {
        task_family: tact_runtime::records::TaskFamily::FailingTests,
        plan_id: "plan-1".into(),
        plan_edition: 1,
        tested_routes: vec![TestedRoute {
            tool_ref: ToolRef::new("run_tests", 1),
            work_id: Some("w1".into()),
            evidence: "1 failed".into(),
            verdict: TrustVerdict::Verified,
        }],
        burned: sample_spend(),
        residual: sample_spend(),
        recommended_next: NextAction::Stop {
            reason: "budget".into(),
        },
        commit_trigger: CommitTrigger::FailingTestReproduced,
        commit_trigger_holds: true,
        reason: "budget exhausted".into(),
        assurance: None,
        route_choice: None,
    }
}
