//! The minefield: injected faults must all be caught, honest controls must all pass.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use tact_eval::minefield::run_minefield;

#[test]
fn every_injected_fault_is_caught_and_no_control_is_flagged() {
    let report = run_minefield().unwrap();
    for probe in &report.probes {
        eprintln!(
            "{} {:<60} {}",
            if probe.as_expected { "ok  " } else { "MISS" },
            probe.name,
            probe.outcome
        );
    }
    // At least: two bad reads, two lying test runs, a wrong sum, a wrong search hit, an edit
    // that did not land behind a lying linter, an edit with an extra change, and a race.
    assert!(report.injected >= 9, "{report:?}");
    assert_eq!(report.caught, report.injected, "{report:?}");
    assert!(report.controls >= 6);
    assert_eq!(report.false_alarms, 0, "{report:?}");
}

#[test]
fn the_lying_linter_probe_is_caught_by_the_round_trip_not_the_linter() {
    let report = run_minefield().unwrap();
    let probe = report
        .probes
        .iter()
        .find(|p| p.name.contains("lying linter"))
        .unwrap();
    assert!(probe.as_expected);
    assert!(probe.outcome.starts_with("failed:"), "{}", probe.outcome);
    assert!(
        probe
            .outcome
            .contains("not what `apply_edit` was asked to produce"),
        "{}",
        probe.outcome
    );
}
