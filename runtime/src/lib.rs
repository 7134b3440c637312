//! tact's runtime: every wire type, the call-planning records, the ledger, the tool catalog and
//! the worker process.

pub mod catalog;
pub mod decisions;
pub mod error;
pub mod ledger;
pub mod messages;
pub mod model_host;
pub mod model_io;
pub mod records;
pub mod sandbox;
pub mod source;
pub mod spectrum;
pub mod stages;
pub mod testreport;
pub mod tools;
pub mod wire;
pub mod worker;

pub use error::RuntimeError;
