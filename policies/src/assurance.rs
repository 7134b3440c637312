//! What the evidence achieves and how a route is chosen, as plain functions over data: the
//! ⟨F, G, R⟩ the trust verdicts support (C.24's assurance beside the plan's target), and the
//! Pareto front of the routes that passed with the declared rule that picks one of it.

use tact_runtime::records::{
    Assurance, AssuranceAchieved, RouteChoice, RouteObjectives, TestedRoute, TrustVerdict,
};

/// The trust gate's verdicts of a job, counted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct VerdictTally {
    pub verified: u32,
    pub unverified: u32,
    pub failed: u32,
}

impl VerdictTally {
    pub fn add(&mut self, verdict: &TrustVerdict) {
        match verdict {
            TrustVerdict::Verified => self.verified += 1,
            TrustVerdict::Unverified { .. } => self.unverified += 1,
            TrustVerdict::Failed { .. } => self.failed += 1,
        }
    }

    pub fn total(&self) -> u32 {
        self.verified + self.unverified + self.failed
    }
}

/// Tools whose verified observation is a counted run of the workspace's own tests.
const TEST_RUNS: [&str; 2] = ["run_tests", "probe_edit"];

/// ⟨F, G, R⟩ from the verdicts: F is 2 when a test run of the workspace was verified, 1 when
/// some observation was, 0 otherwise; R the share verified; against the plan's `target`.
pub fn assurance_achieved(
    tally: &VerdictTally,
    routes: &[TestedRoute],
    target: &Assurance,
) -> AssuranceAchieved {
    let verified_runs = routes
        .iter()
        .filter(|r| {
            TEST_RUNS.contains(&r.tool_ref.name.as_str())
                && matches!(r.verdict, TrustVerdict::Verified)
        })
        .count();
    let (formality, scope) = if verified_runs > 0 {
        (
            2,
            format!("the workspace's own tests ({verified_runs} verified test runs)"),
        )
    } else if tally.verified > 0 {
        (
            1,
            format!(
                "{} observations checked against schema, exit code and round-trip",
                tally.verified
            ),
        )
    } else {
        (0, "nothing verified".to_string())
    };
    let reliability = if tally.total() == 0 {
        0.0
    } else {
        tally.verified as f32 / tally.total() as f32
    };
    AssuranceAchieved {
        formality,
        scope,
        reliability,
        verified: tally.verified,
        unverified: tally.unverified,
        failed: tally.failed,
        meets_plan: formality >= target.formality && reliability >= target.reliability,
    }
}

/// `a` dominates `b`: no worse in every objective, better in one.
fn dominates(a: &RouteObjectives, b: &RouteObjectives) -> bool {
    let no_worse = a.tests_passed >= b.tests_passed
        && a.edit_size <= b.edit_size
        && a.probes_spent <= b.probes_spent;
    let better = a.tests_passed > b.tests_passed
        || a.edit_size < b.edit_size
        || a.probes_spent < b.probes_spent;
    no_worse && better
}

/// Indices of the routes no other route dominates, in their given order. Objectives of
/// different scales are compared one by one, never added.
pub fn pareto_front(routes: &[RouteObjectives]) -> Vec<usize> {
    (0..routes.len())
        .filter(|&i| !routes.iter().any(|other| dominates(other, &routes[i])))
        .collect()
}

/// The declared rule of the repair job: least change wins on the front.
pub const LEAST_CHANGE_RULE: &str = "least change: the smallest edit on the Pareto front; ties: more tests passed, then lower cost, then the probe order";

/// The route [`LEAST_CHANGE_RULE`] chooses, with the front it chose from (None when no route
/// passed).
pub fn choose_route(routes: Vec<RouteObjectives>) -> Option<RouteChoice> {
    let front = pareto_front(&routes);
    let chosen = front.iter().copied().min_by(|&a, &b| {
        let (x, y) = (&routes[a], &routes[b]);
        x.edit_size
            .cmp(&y.edit_size)
            .then(y.tests_passed.cmp(&x.tests_passed))
            .then(x.probes_spent.cmp(&y.probes_spent))
            .then(a.cmp(&b))
    })?;
    Some(RouteChoice {
        routes,
        front,
        rule: LEAST_CHANGE_RULE.into(),
        chosen,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;
    use tact_runtime::records::ToolRef;

    fn route(name: &str, tests_passed: u64, edit_size: u64, probes_spent: u64) -> RouteObjectives {
        RouteObjectives {
            route: name.into(),
            tests_passed,
            edit_size,
            probes_spent,
        }
    }

    #[test]
    fn the_front_keeps_the_undominated_and_the_rule_picks_the_least_change() {
        let routes = vec![
            route("a", 10, 4, 300),
            route("b", 10, 2, 500),
            // Dominated by b: same tests, larger edit, slower.
            route("c", 10, 3, 600),
            // More tests than any: on the front despite its size.
            route("d", 12, 6, 900),
            // Dominated by b (same tests and size, slower).
            route("e", 10, 2, 700),
        ];
        assert_eq!(pareto_front(&routes), vec![0, 1, 3]);
        let choice = choose_route(routes).unwrap();
        assert_eq!(choice.chosen, 1);
        assert_eq!(choice.front, vec![0, 1, 3]);
        assert!(choice.rule.starts_with("least change"));
        assert!(choose_route(Vec::new()).is_none());
    }

    #[test]
    fn a_tie_in_size_goes_to_more_tests_then_lower_cost() {
        let choice = choose_route(vec![route("a", 5, 2, 100), route("b", 6, 2, 900)]).unwrap();
        // b passes more tests; a is cheaper: both on the front, b chosen.
        assert_eq!(choice.front, vec![0, 1]);
        assert_eq!(choice.chosen, 1);
    }

    #[test]
    fn formality_reliability_and_scope_follow_the_verdicts() {
        let target = Assurance {
            formality: 1,
            scope: "the workspace's own tests".into(),
            reliability: 0.9,
        };
        let mut tally = VerdictTally::default();
        let none = assurance_achieved(&tally, &[], &target);
        assert_eq!(
            (none.formality, none.reliability, none.meets_plan),
            (0, 0.0, false)
        );

        tally.add(&TrustVerdict::Verified);
        tally.add(&TrustVerdict::Verified);
        tally.add(&TrustVerdict::Unverified { reason: "x".into() });
        let reads = assurance_achieved(&tally, &[], &target);
        assert_eq!(reads.formality, 1);
        assert!((reads.reliability - 2.0 / 3.0).abs() < 1e-6);
        assert!(!reads.meets_plan, "R 0.67 is below the plan's 0.9");

        let mut tally = VerdictTally::default();
        for _ in 0..9 {
            tally.add(&TrustVerdict::Verified);
        }
        let routes = vec![TestedRoute {
            tool_ref: ToolRef::new("run_tests", 1),
            work_id: Some("w1".into()),
            evidence: "3 passed".into(),
            verdict: TrustVerdict::Verified,
        }];
        let tests = assurance_achieved(&tally, &routes, &target);
        assert_eq!(tests.formality, 2);
        assert!(
            tests.scope.contains("1 verified test runs"),
            "{}",
            tests.scope
        );
        assert!(tests.meets_plan);
    }
}
