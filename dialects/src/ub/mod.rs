//! The `ub` dialect (spec: `ods/UBOps.ods`, ported from upstream's
//! `UBOps.td`): its attribute `#ub.poison`. Its ops are not ported yet;
//! an op of the dialect is an unregistered op of a registered dialect
//! (see `docs/attr-type-defs.md`).

mod generated {
    include!(concat!(env!("OUT_DIR"), "/ub_attrs.rs"));
    include!(concat!(env!("OUT_DIR"), "/ub_ops.rs"));
    include!(concat!(env!("OUT_DIR"), "/ub_attr_interfaces.rs"));
}

pub use generated::*;
