//! Intrinsic calls the table of `crate::intrinsics` does not describe by
//! itself: `llvm.call_intrinsic` (an intrinsic named by its full LLVM
//! name) and `llvm.intr.masked.gather` / `masked.scatter`, whose
//! alignment LLVM 22 writes as the pointer vector's `align N`; and the
//! operands the table's intrinsics take from properties.

use ir::{AttrKind, OpId};
use smallvec::smallvec;

use crate::const_attrs::attr_const;
use crate::constants::{Const, Val};
use crate::function::{FnBuilder, Part, Parts};
use crate::intrinsics::{lookup_llvm, mangle, simple, Intrinsic};
use crate::module::{lty, TranslateError};
use crate::props::{attr, fastmath_words, flag, int_attr, str_of};
use crate::types::LTy;

static GATHER: Intrinsic = simple(
    "masked.gather",
    "llvm.masked.gather",
    "nocallback nofree nosync nounwind willreturn memory(read)",
);
static SCATTER: Intrinsic = simple(
    "masked.scatter",
    "llvm.masked.scatter",
    "nocallback nofree nosync nounwind willreturn memory(write)",
);

/// `ty v, ty w`, with `attrs[i]` after argument `i`'s type when set.
/// The arguments, `ty attrs value` (`attrs` of argument `i`: ` align 4`).
fn call_args<'p>(parts: &mut Parts<'p>, args: &'p [Val], attrs: &'p [(usize, String)]) {
    for (i, v) in args.iter().enumerate() {
        if i > 0 {
            parts.push(Part::Text(", "));
        }
        parts.push(Part::Ty(&v.ty));
        parts.push(Part::Text(" "));
        if let Some((_, a)) = attrs.iter().find(|(k, _)| *k == i) {
            parts.push(Part::Text(a));
            parts.push(Part::Text(" "));
        }
        parts.push(Part::Val(v));
    }
}

impl FnBuilder<'_> {
    /// The operand an intrinsic's property `prop` gives (see
    /// `Intrinsic::immargs`): an integer of more than one bit as a
    /// constant of its type, anything else as the `i1` of `props::flag`.
    pub(crate) fn immarg_operand(&self, op: OpId, prop: &str) -> Result<Val, TranslateError> {
        if let Some(a) = attr(self.ctx, self.ir, op, prop) {
            if let AttrKind::Integer { ty, .. } = self.ctx.attr_kind(a) {
                let ty = lty(self.ctx, op, *ty)?;
                if ty != LTy::Int(1) {
                    let c = attr_const(self.ctx, a, &ty).map_err(|_| {
                        TranslateError::new(
                            op,
                            format!("cannot be converted to LLVM IR: '{prop}' wider than 128 bits is not translated by ods-translate"),
                        )
                    })?;
                    return Ok(Val::constant(ty, c));
                }
            }
        }
        let on = flag(self.ctx, self.ir, op, prop);
        Ok(Val::constant(LTy::Int(1), Const::Int(u128::from(on))))
    }

    /// The `alignment` of a masked gather or scatter; 0 is refused (LLVM
    /// needs a power of two, and `mlir-translate-22` writes garbage).
    fn masked_alignment(&self, op: OpId) -> Result<String, TranslateError> {
        match int_attr(self.ctx, self.ir, op, "alignment") {
            Some(a) if a > 0 => Ok(format!("align {a}")),
            _ => Err(TranslateError::new(
                op,
                "cannot be converted to LLVM IR: a masked gather or scatter of alignment 0 is not translated by ods-translate",
            )),
        }
    }

    /// `call <4 x T> @llvm.masked.gather.v4T.v4pN(<4 x ptr> align A %p,
    /// <4 x i1> %m, <4 x T> passthru)`, `poison` without a passthru.
    pub(crate) fn masked_gather(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let mut args = self.all_operands(op)?;
        let ret = self.result_lty(op)?;
        if args.len() == 2 {
            args.push(Val::constant(ret.clone(), Const::Poison));
        }
        let align = self.masked_alignment(op)?;
        let name = format!(
            "llvm.masked.gather.{}.{}",
            mangle(&ret),
            mangle(&args[0].ty)
        );
        let params: Vec<LTy> = args.iter().map(|a| a.ty.clone()).collect();
        self.cx.declare_intrinsic(&name, &GATHER, &ret, &params);
        let head = format!("call {ret} @{name}(");
        let attrs = [(0, align)];
        let mut parts: Parts = smallvec![Part::Text(&head)];
        call_args(&mut parts, &args, &attrs);
        parts.push(Part::Text(")"));
        self.push(op, Some(ret.clone()), parts)
    }

    /// `call void @llvm.masked.scatter.v4T.v4pN(<4 x T> %v, <4 x ptr>
    /// align A %p, <4 x i1> %m)`.
    pub(crate) fn masked_scatter(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let args = self.all_operands(op)?;
        let align = self.masked_alignment(op)?;
        let name = format!(
            "llvm.masked.scatter.{}.{}",
            mangle(&args[0].ty),
            mangle(&args[1].ty)
        );
        let params: Vec<LTy> = args.iter().map(|a| a.ty.clone()).collect();
        self.cx
            .declare_intrinsic(&name, &SCATTER, &LTy::Void, &params);
        let head = format!("call void @{name}(");
        let attrs = [(1, align)];
        let mut parts: Parts = smallvec![Part::Text(&head)];
        call_args(&mut parts, &args, &attrs);
        parts.push(Part::Text(")"));
        self.push(op, None, parts)?;
        Ok(None)
    }

    /// `llvm.call_intrinsic "llvm.name"(...)`: a call of an intrinsic of
    /// the table, by the name its types give it. Argument and result
    /// attributes are refused.
    pub(crate) fn call_intrinsic(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let name = attr(self.ctx, self.ir, op, "intrin")
            .and_then(|a| str_of(self.ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        for refused in ["arg_attrs", "res_attrs"] {
            if attr(self.ctx, self.ir, op, refused).is_some() {
                return Err(TranslateError::new(
                    op,
                    format!("cannot be converted to LLVM IR: '{refused}' on a call_intrinsic is not translated by ods-translate"),
                ));
            }
        }
        let Some(intr) = lookup_llvm(&name) else {
            return Err(TranslateError::new(
                op,
                format!("could not find LLVM intrinsic: \"{name}\" (ods-translate knows the intrinsics of its table)"),
            ));
        };
        let mut args = self.all_operands(op)?;
        let bundles = self.operand_bundles(op, &mut args)?;
        let ret = self.result_lty(op)?;
        let types: Vec<LTy> = args.iter().map(|a| a.ty.clone()).collect();
        if intr.name(&ret, &types) != name {
            return Err(TranslateError::new(
                op,
                format!("cannot be converted to LLVM IR: \"{name}\" does not name the intrinsic of these types"),
            ));
        }
        self.cx.declare_intrinsic(&name, intr, &ret, &types);
        let fm = fastmath_words(self.ctx, self.ir, op);
        let head = format!("call {fm}{ret} @{name}(");
        let mut parts: Parts = smallvec![Part::Text(&head)];
        call_args(&mut parts, &args, &[]);
        parts.push(Part::Text(")"));
        bundles.parts(&mut parts);
        self.push(op, Some(ret.clone()), parts)
    }
}
