//! Dialects written with the toolkit, and the registry that `ods-opt` loads.
