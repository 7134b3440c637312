//! Fault localization (in progress).
