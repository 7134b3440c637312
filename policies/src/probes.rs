//! Probe artifacts shipped inside the binary, named by the policy as `builtin:NAME`: a trained
//! trigger probe is part of a policy edition, so it travels with the policy text rather than
//! depending on a file in the user's models home.

/// The prefix a policy's `probe = "…"` uses to name a shipped artifact.
pub const BUILTIN_PREFIX: &str = "builtin:";

/// `(name, MessagePack bytes of the probe)`. Retrain with the command in
/// `policies/probes/README.md`.
const BUILTIN: &[(&str, &[u8])] = &[
    (
        "smollm2-135m-instruct-trigger-v1",
        include_bytes!("../probes/smollm2-135m-instruct-trigger-v1.probe"),
    ),
    (
        "qwen2.5-coder-0.5b-instruct-trigger-v1",
        include_bytes!("../probes/qwen2.5-coder-0.5b-instruct-trigger-v1.probe"),
    ),
];

/// The bytes of a shipped probe, by name (without the prefix).
pub fn builtin_probe(name: &str) -> Option<&'static [u8]> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

/// The names of the shipped probes (for error messages).
pub fn builtin_probe_names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(n, _)| *n).collect()
}
