//! Round trips of the custom forms and the verifiers' messages, through
//! the dialect's own registry (the corpora in `tests/` compare whole
//! modules with `mlir-opt`).
