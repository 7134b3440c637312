//! tact's learned nodes: a Llama-family decoder and a MiniLM encoder in burn (CPU), their
//! tokenizers, the confidence signals the trigger reads, and constrained tool choice.

pub mod decision;
pub mod error;
pub mod scripted;

pub use decision::DecisionModel;
pub use error::ModelError;
