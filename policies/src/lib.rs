//! placeholder

pub mod guard;
pub mod localize;
pub mod minefield;
pub mod mutate;
pub mod trust;
