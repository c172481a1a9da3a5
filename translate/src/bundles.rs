//! Operand bundles of calls to intrinsics (`llvm.intr.assume`'s
//! `["align"(%p, %n : !llvm.ptr, i64)]`) as LLVM writes them after the
//! arguments: ` [ "align"(ptr %0, i64 %1) ]`.

use ir::OpId;

use crate::constants::{escape_bytes, Val};
use crate::function::{FnBuilder, Part, Parts};
use crate::module::TranslateError;
use crate::props::{attr, str_of};

impl FnBuilder<'_> {
    /// Splits the bundles' operands (the trailing ones, by
    /// `op_bundle_sizes`) off `args` and returns the text LLVM writes for
    /// the bundles, empty without any.
    pub(crate) fn operand_bundles(
        &self,
        op: OpId,
        args: &mut Vec<Val>,
    ) -> Result<Bundles, TranslateError> {
        let sizes = attr(self.ctx, self.ir, op, "op_bundle_sizes")
            .map(|a| ods_runtime::attr::dense_array_values::<i32>(self.ctx, a))
            .unwrap_or_default();
        if sizes.is_empty() {
            return Ok(Bundles::default());
        }
        let tags: Vec<String> =
            match attr(self.ctx, self.ir, op, "op_bundle_tags").map(|a| self.ctx.attr_kind(a)) {
                Some(ir::AttrKind::Array(items)) => {
                    items.iter().filter_map(|&t| str_of(self.ctx, t)).collect()
                }
                _ => Vec::new(),
            };
        let total: usize = sizes.iter().map(|&s| s.max(0) as usize).sum();
        if tags.len() != sizes.len() || total > args.len() {
            return Err(TranslateError::failed(op));
        }
        let mut bundle_args = args.split_off(args.len() - total).into_iter();
        let mut bundles = Bundles::default();
        for (tag, &size) in tags.iter().zip(&sizes) {
            let head = format!("\"{}\"(", escape_bytes(tag.as_bytes()));
            let values = (0..size.max(0))
                .map(|_| bundle_args.next().ok_or_else(|| TranslateError::failed(op)))
                .collect::<Result<Vec<_>, _>>()?;
            bundles.0.push((head, values));
        }
        Ok(bundles)
    }
}

/// A call's operand bundles: each one's `"tag"(` and its values.
#[derive(Default)]
pub(crate) struct Bundles(Vec<(String, Vec<Val>)>);

impl Bundles {
    /// ` [ "tag"(i32 %0), ... ]`, added to `parts`; nothing without
    /// bundles.
    pub(crate) fn parts<'p>(&'p self, parts: &mut Parts<'p>) {
        if self.0.is_empty() {
            return;
        }
        parts.push(Part::Text(" [ "));
        for (i, (head, values)) in self.0.iter().enumerate() {
            if i > 0 {
                parts.push(Part::Text(", "));
            }
            parts.push(Part::Text(head));
            crate::ops_control::args_parts(parts, values);
            parts.push(Part::Text(")"));
        }
        parts.push(Part::Text(" ]"));
    }
}
