//! tact's runtime: every wire type, the call-planning records, the ledger, the tool catalog and
//! the worker process.

pub mod model_io;
pub mod testreport;
