//! Budgets and harm gates (C.24 ATC-3): the residual is checked *before* a call burns it.

use serde::{Deserialize, Serialize};
pub use tact_runtime::decisions::BudgetBreach;
use tact_runtime::records::{BudgetEnvelope, BudgetSpend, RiskClass};

/// Burned budget against a plan's envelope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BudgetLedger {
    pub ceilings: BudgetSpend,
    pub risk_limit: RiskClass,
    pub burned: BudgetSpend,
}

impl BudgetLedger {
    pub fn new(envelope: &BudgetEnvelope) -> Result<Self, BudgetBreach> {
        let (ceilings, risk_limit) =
            envelope
                .ceilings()
                .map_err(|field| BudgetBreach::MissingCeiling {
                    field: field.to_string(),
                })?;
        Ok(Self {
            ceilings,
            risk_limit,
            burned: BudgetSpend::default(),
        })
    }

    pub fn residual(&self) -> BudgetSpend {
        self.ceilings.minus(self.burned)
    }

    /// May a call with this projected cost and risk start? Checked before it burns anything.
    pub fn admit(&self, projected: BudgetSpend, risk: RiskClass) -> Result<(), BudgetBreach> {
        if risk > self.risk_limit {
            return Err(BudgetBreach::RiskAboveLimit {
                risk,
                limit: self.risk_limit,
            });
        }
        let after = self.burned.plus(projected);
        if let Some(dimension) = after.exceeds(&self.ceilings) {
            let (projected, ceiling) = match dimension {
                "wall_time_ms" => (after.wall_time_ms, self.ceilings.wall_time_ms),
                "forward_passes" => (after.forward_passes, self.ceilings.forward_passes),
                "tokens" => (after.tokens, self.ceilings.tokens),
                _ => (after.tool_calls, self.ceilings.tool_calls),
            };
            return Err(BudgetBreach::Exceeds {
                dimension: dimension.to_string(),
                projected,
                ceiling,
            });
        }
        Ok(())
    }

    pub fn burn(&mut self, delta: BudgetSpend) {
        self.burned = self.burned.plus(delta);
    }

    /// Set the wall-time burned so far (measured from the job's start).
    pub fn set_wall_time(&mut self, elapsed_ms: u64) {
        self.burned.wall_time_ms = elapsed_ms;
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    fn ledger() -> BudgetLedger {
        BudgetLedger::new(&BudgetEnvelope::new(1000, 10, 100, 2, RiskClass::Write)).unwrap()
    }

    #[test]
    fn a_call_that_would_exceed_the_residual_is_refused_before_it_starts() {
        let mut b = ledger();
        let one_call = BudgetSpend {
            tool_calls: 1,
            ..Default::default()
        };
        b.admit(one_call, RiskClass::Read).unwrap();
        b.burn(one_call);
        b.admit(one_call, RiskClass::Read).unwrap();
        b.burn(one_call);
        match b.admit(one_call, RiskClass::Read) {
            Err(BudgetBreach::Exceeds {
                dimension,
                projected,
                ceiling,
            }) => {
                assert_eq!(dimension, "tool_calls");
                assert_eq!((projected, ceiling), (3, 2));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(b.residual().tool_calls, 0);
    }

    #[test]
    fn exec_above_a_write_limit_is_a_harm_gate() {
        assert!(matches!(
            ledger().admit(BudgetSpend::default(), RiskClass::Exec),
            Err(BudgetBreach::RiskAboveLimit { .. })
        ));
    }

    #[test]
    fn missing_ceiling_is_named() {
        let mut env = BudgetEnvelope::new(1, 1, 1, 1, RiskClass::Read);
        env.forward_passes = None;
        assert_eq!(
            BudgetLedger::new(&env).unwrap_err(),
            BudgetBreach::MissingCeiling {
                field: "budget.forward_passes".into()
            }
        );
    }
}
