//! Subcommands of the `tact` binary. Each module owns one subcommand's arguments and its `run`.

pub mod eval;
pub mod models;
pub mod tools;
