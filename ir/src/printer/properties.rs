//! The text of a property-conversion error.
//!
//! In: an [`InvalidProperties`] from the registry's
//! `split_inherent_attrs`. Out: `mlir-opt`'s message for it, with the
//! attributes printed; the registry, below the printer, keeps only the
//! values.

use super::attrs::print_attribute_str;
use crate::context::Context;
use crate::registry::{InvalidProperties, PropertiesFault};

impl InvalidProperties {
    /// `invalid properties <props> for op <name>: <why>`, as `mlir-opt`
    /// reports properties it cannot convert.
    pub fn message(&self, ctx: &Context) -> String {
        let reason = match self.fault {
            PropertiesFault::Unsupported => {
                "this operation does not support properties".to_string()
            }
            PropertiesFault::NotDictionary => {
                "expected DictionaryAttr to set properties".to_string()
            }
            PropertiesFault::Misfit { name, value } => format!(
                "Invalid attribute `{}` in property conversion: {}",
                ctx.str(name),
                print_attribute_str(ctx, value)
            ),
        };
        format!(
            "invalid properties {} for op {}: {reason}",
            print_attribute_str(ctx, self.props),
            ctx.str(self.op)
        )
    }
}
