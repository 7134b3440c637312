//! placeholder

pub mod localize;
pub mod mutate;
