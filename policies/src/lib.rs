//! tact's deterministic nodes as plain functions over data: trigger, retrieval, guard, trust
//! gate and budgets. Same inputs and policy edition → same decision, with no model call inside.

pub mod assurance;
pub mod budget;
pub mod change;
pub mod error;
pub mod guard;
pub mod planning;
pub mod policy;
pub mod probes;
pub mod retrieval;
pub mod selector;
pub mod trigger;
pub mod trust;

pub use error::PolicyError;
pub use policy::Policy;
