//! Calls, intrinsic calls and terminators, and the ops that address
//! memory and aggregates (`getelementptr`, `extractvalue`,
//! `insertvalue`).

use smallvec::smallvec;
use std::fmt::Write as _;

use ir::{AttrKind, OpId};

use crate::attributes::param_attrs;
use crate::call_attrs::CALL_FN_ATTRS;
use crate::constants::{const_text, symbol_name, Const, Val};
use crate::function::{FnBuilder, Part, Parts};
use crate::module::{lty, TranslateError};
use crate::props::{self, attr, fastmath_words};
use crate::types::LTy;

/// `ty v, ty w`: an argument list, added to `parts`.
pub(crate) fn args_parts<'p>(parts: &mut Parts<'p>, args: &'p [Val]) {
    for (i, v) in args.iter().enumerate() {
        if i > 0 {
            parts.push(Part::Text(", "));
        }
        parts.push(Part::Typed(v));
    }
}

/// `ty attrs v, ...`: an argument list with each argument's call-site
/// attributes (`i16 noundef signext %0`), added to `parts`.
pub(crate) fn attributed_args_parts<'p>(
    parts: &mut Parts<'p>,
    args: &'p [Val],
    attrs: &'p [String],
) {
    for (i, (v, words)) in args.iter().zip(attrs).enumerate() {
        if i > 0 {
            parts.push(Part::Text(", "));
        }
        if words.is_empty() {
            parts.push(Part::Typed(v));
        } else {
            parts.extend([Part::Ty(&v.ty), Part::Text(" "), Part::Text(words)]);
            parts.extend([Part::Text(" "), Part::Val(v)]);
        }
    }
}

/// The index GEP ops mark a dynamic (operand) index with.
const DYNAMIC_INDEX: i64 = i32::MIN as i64;

impl FnBuilder<'_> {
    pub(crate) fn all_operands(&self, op: OpId) -> Result<Vec<Val>, TranslateError> {
        self.ir.operands(op).map(|v| self.value(op, v)).collect()
    }

    pub(crate) fn result_lty(&self, op: OpId) -> Result<LTy, TranslateError> {
        match self.ir.num_results(op) {
            0 => Ok(LTy::Void),
            _ => lty(self.ctx, op, self.ir.value_type(self.ir.result(op, 0))),
        }
    }

    pub(crate) fn gep(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let ops = self.all_operands(op)?;
        let elem = {
            let a = attr(self.ctx, self.ir, op, "elem_type")
                .ok_or_else(|| TranslateError::failed(op))?;
            match self.ctx.attr_kind(a) {
                AttrKind::Type(t) => lty(self.ctx, op, *t)?,
                _ => return Err(TranslateError::failed(op)),
            }
        };
        let raw = attr(self.ctx, self.ir, op, "rawConstantIndices")
            .and_then(|a| props::dense_array(self.ctx, a))
            .unwrap_or_default();
        let mut dynamic = ops[1..].iter();
        let mut indices = Vec::new();
        for r in raw {
            if r == DYNAMIC_INDEX {
                let v = dynamic.next().ok_or_else(|| TranslateError::failed(op))?;
                indices.push(v.clone());
            } else {
                indices.push(Val::constant(
                    LTy::Int(32),
                    Const::Int((r as i32 as u32).into()),
                ));
            }
        }
        let (inbounds, nusw, nuw) = props::gep_flags(self.ctx, self.ir, op);
        let ty = self.result_lty(op)?;
        if let Some(folded) = self.fold_gep(&ops[0], &elem, &indices, inbounds, nuw) {
            return Ok(Some(Val::constant(ty, folded)));
        }
        let mut words = String::new();
        if inbounds {
            words.push_str("inbounds ");
        } else if nusw {
            words.push_str("nusw ");
        }
        if nuw {
            words.push_str("nuw ");
        }
        let mut all = vec![ops[0].clone()];
        all.extend(indices);
        let mut parts: Parts = smallvec![
            Part::Text("getelementptr "),
            Part::Text(&words),
            Part::Ty(&elem),
            Part::Text(", "),
        ];
        args_parts(&mut parts, &all);
        self.push(op, Some(ty), parts)
    }

    /// A getelementptr of a global with constant indices, as LLVM's
    /// constant folding gives it: the global itself at offset 0, else a
    /// byte offset from it, `inbounds nuw` when the offset stays inside
    /// the global.
    fn fold_gep(
        &self,
        base: &Val,
        elem: &LTy,
        indices: &[Val],
        inbounds: bool,
        nuw: bool,
    ) -> Option<Const> {
        let name = match base.as_const() {
            Some(Const::Global(name)) => name,
            // A null base is an integer address: LLVM's `TargetFolder`
            // makes the offset a pointer (`inttoptr (i64 48 to ptr)`),
            // which `ptrtoint` folds back to the integer (the size of a
            // type, as lowerings of `malloc` compute it).
            Some(Const::Null) if base.ty == LTy::Ptr(0) => {
                let offset = self.constant_offset(elem, indices)?;
                return Some(if offset == 0 {
                    Const::Null
                } else {
                    Const::Expr(crate::fold::int_to_ptr_text(offset))
                });
            }
            _ => return None,
        };
        let offset = self.constant_offset(elem, indices)?;
        if offset == 0 {
            return Some(Const::Global(name.clone()));
        }
        let size = self.cx.global_size(name);
        let inferred = size.is_some_and(|s| offset > 0 && offset <= i128::from(s));
        let inbounds = inbounds || inferred;
        let nuw = nuw || (inbounds && offset >= 0);
        let mut words = String::new();
        if inbounds {
            words.push_str("inbounds ");
        }
        if nuw {
            words.push_str("nuw ");
        }
        Some(Const::Expr(format!(
            "getelementptr {words}(i8, {} {}, i64 {offset})",
            base.ty,
            const_text(&base.ty, &Const::Global(name.clone()))
        )))
    }

    /// The byte offset of constant getelementptr `indices` into `elem`.
    fn constant_offset(&self, elem: &LTy, indices: &[Val]) -> Option<i128> {
        let layout = &self.cx.layout;
        let mut offset: i128 = 0;
        let mut ty = elem.clone();
        for (i, idx) in indices.iter().enumerate() {
            let LTy::Int(w) = idx.ty else { return None };
            let v = crate::constants::signed(w, idx.as_int()?);
            if i == 0 {
                offset = offset.checked_add(v.checked_mul(i128::from(layout.size(elem)))?)?;
                continue;
            }
            ty = match ty {
                LTy::Array(_, e) | LTy::Vector(_, e) => {
                    offset = offset.checked_add(v.checked_mul(i128::from(layout.size(&e)))?)?;
                    *e
                }
                LTy::Struct { packed, fields, .. } => {
                    let f = usize::try_from(v).ok()?;
                    offset =
                        offset.checked_add(i128::from(layout.field_offset(packed, &fields, f)))?;
                    fields.get(f)?.clone()
                }
                _ => return None,
            };
        }
        Some(offset)
    }

    pub(crate) fn aggregate_op(
        &mut self,
        op: OpId,
        name: &str,
    ) -> Result<Option<Val>, TranslateError> {
        let ops = self.all_operands(op)?;
        let position = attr(self.ctx, self.ir, op, "position")
            .and_then(|a| props::dense_array(self.ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        let container = &ops[0];
        let ty = self.result_lty(op)?;
        let mut indices = String::new();
        for p in &position {
            let _ = write!(indices, ", {p}");
        }
        let mut parts: Parts = smallvec![Part::Text(name), Part::Text(" "), Part::Typed(container)];
        if name == "insertvalue" {
            if let (Some(c), Some(_)) = (container.as_const(), ops[1].as_const()) {
                if let Some(folded) = insert_const(&container.ty, c, &position, &ops[1]) {
                    return Ok(Some(Val::constant(ty, folded)));
                }
            }
            parts.push(Part::Text(", "));
            parts.push(Part::Typed(&ops[1]));
        } else if let Some(c) = container.as_const() {
            if let Some(v) = extract_const(&container.ty, c, &position) {
                return Ok(Some(v));
            }
        }
        parts.push(Part::Text(&indices));
        self.push(op, Some(ty), parts)
    }

    pub(crate) fn call(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        const KNOWN: &[&str] = &[
            "callee",
            "var_callee_type",
            "fastmathFlags",
            "CConv",
            "TailCallKind",
            "operandSegmentSizes",
            "op_bundle_sizes",
            "op_bundle_tags",
            "arg_attrs",
            "res_attrs",
            // An attachment (`crate::metadata`).
            "access_groups",
        ];
        let known: Vec<&str> = KNOWN
            .iter()
            .copied()
            .chain(CALL_FN_ATTRS.iter().map(|(prop, _)| *prop))
            .collect();
        if let Some(name) = props::unknown_prop(self.ctx, self.ir, op, &known) {
            return Err(TranslateError::new(
                op,
                format!("cannot be converted to LLVM IR: '{name}' on a call is not translated by ods-translate"),
            ));
        }
        let mut args = self.all_operands(op)?;
        let bundles = self.operand_bundles(op, &mut args)?;
        let ret = self.result_lty(op)?;
        let callee =
            attr(self.ctx, self.ir, op, "callee").and_then(|a| props::symbol_of(self.ctx, a));
        let callee_text = match &callee {
            Some(name) => format!("@{}", symbol_name(name)),
            None => String::new(),
        };
        let indirect = if callee.is_none() {
            Some(args.remove(0))
        } else {
            None
        };
        let var_type = attr(self.ctx, self.ir, op, "var_callee_type").and_then(|a| {
            match self.ctx.attr_kind(a) {
                AttrKind::Type(t) => Some(*t),
                _ => None,
            }
        });
        let shown_type = match var_type {
            Some(t) => lty(self.ctx, op, t)?.to_string(),
            None => ret.to_string(),
        };
        let tail = match attr(self.ctx, self.ir, op, "TailCallKind")
            .and_then(|a| props::tail_call_kind_of(self.ctx, a))
        {
            Some("tail") => "tail ",
            Some("musttail") => "musttail ",
            Some("notail") => "notail ",
            _ => "",
        };
        if let Some(cconv) = attr(self.ctx, self.ir, op, "CConv") {
            if props::cconv_of(self.ctx, cconv) != Some("ccc") {
                return Err(TranslateError::new(op, "cannot be converted to LLVM IR: calling conventions other than ccc are not translated by ods-translate"));
            }
        }
        let fm = fastmath_words(self.ctx, self.ir, op);
        // Call-site attributes, as on `llvm.invoke` (`crate::eh`).
        let ret_attrs = param_attrs(self.ctx, self.ir, op, "res_attrs", 0)?;
        let arg_attrs: Vec<String> = (0..args.len())
            .map(|i| param_attrs(self.ctx, self.ir, op, "arg_attrs", i))
            .collect::<Result<_, _>>()?;
        let head = match ret_attrs.as_str() {
            "" => format!("{tail}call {fm}{shown_type} "),
            words => format!("{tail}call {fm}{words} {shown_type} "),
        };
        let group = crate::call_attrs::placeholder(self.ctx, self.ir, op);
        let mut parts: Parts = smallvec![Part::Text(&head)];
        match &indirect {
            Some(f) => parts.push(Part::Val(f)),
            None => parts.push(Part::Text(&callee_text)),
        }
        parts.push(Part::Text("("));
        attributed_args_parts(&mut parts, &args, &arg_attrs);
        parts.push(Part::Text(")"));
        parts.push(Part::Text(&group));
        bundles.parts(&mut parts);
        self.push(op, Some(ret), parts)
    }

    pub(crate) fn intrinsic(
        &mut self,
        op: OpId,
        suffix: &str,
    ) -> Result<Option<Val>, TranslateError> {
        let Some(intr) = crate::intrinsics::lookup(suffix) else {
            return Err(TranslateError::failed(op));
        };
        let mut args = self.all_operands(op)?;
        let bundles = self.operand_bundles(op, &mut args)?;
        let ret = self.result_lty(op)?;
        if intr.op == "is.fpclass" {
            // LLVM's verifier takes only the ten `FPClassTest` bits.
            let bits = attr(self.ctx, self.ir, op, "bit").and_then(|a| props::int_of(self.ctx, a));
            if !bits.is_some_and(|v| (0..0x400).contains(&v)) {
                return Err(TranslateError::new(
                    op,
                    "cannot be converted to LLVM IR: unsupported bits for llvm.is.fpclass test mask (LLVM's verifier refuses them)",
                ));
            }
        }
        for prop in intr.immargs {
            args.push(self.immarg_operand(op, prop)?);
        }
        let llvm_name = self.cx.intrinsic_name(intr, &ret, &args);
        let fm = fastmath_words(self.ctx, self.ir, op);
        let mut parts: Parts = smallvec![
            Part::Text("call "),
            Part::Text(&fm),
            Part::Ty(&ret),
            Part::Text(" @"),
            Part::Text(&llvm_name),
            Part::Text("("),
        ];
        args_parts(&mut parts, &args);
        parts.push(Part::Text(")"));
        bundles.parts(&mut parts);
        self.push(op, Some(ret.clone()), parts)
    }

    pub(crate) fn terminator(&mut self, op: OpId, name: &str) -> Result<(), TranslateError> {
        // Branch weights and loop annotations are attachments
        // (`crate::metadata`).
        let succ: smallvec::SmallVec<[usize; 2]> =
            self.ir.successors(op).map(|b| self.block(b)).collect();
        match name {
            "br" => {
                self.push(op, None, [Part::Text("br label "), Part::Block(succ[0])])?;
                self.branched(&succ[..1]);
            }
            "cond_br" => {
                let c = self.value(op, self.ir.operand(op, 0))?;
                let parts = [
                    Part::Text("br i1 "),
                    Part::Val(&c),
                    Part::Text(", label "),
                    Part::Block(succ[0]),
                    Part::Text(", label "),
                    Part::Block(succ[1]),
                ];
                self.push(op, None, parts)?;
                self.branched(&succ[..2]);
            }
            "switch" => self.switch(op, &succ)?,
            "return" => match self.ir.num_operands(op) {
                0 => {
                    self.push(op, None, [Part::Text("ret void")])?;
                }
                _ => {
                    let v = self.value(op, self.ir.operand(op, 0))?;
                    if !self.allow_insts {
                        self.returned = Some(v);
                        return Ok(());
                    }
                    self.push(op, None, [Part::Text("ret "), Part::Typed(&v)])?;
                }
            },
            _ => {
                self.push(op, None, [Part::Text("unreachable")])?;
            }
        }
        Ok(())
    }

    fn switch(&mut self, op: OpId, succ: &[usize]) -> Result<(), TranslateError> {
        let v = self.value(op, self.ir.operand(op, 0))?;
        let LTy::Int(w) = v.ty else {
            return Err(TranslateError::failed(op));
        };
        let cases = attr(self.ctx, self.ir, op, "case_values")
            .map(|a| crate::module::dense_ints(self.ctx, a, w))
            .unwrap_or(Some(Vec::new()))
            .ok_or_else(|| TranslateError::failed(op))?;
        let case_vals: Vec<Val> = cases
            .iter()
            .map(|c| Val::constant(v.ty.clone(), Const::Int(*c)))
            .collect();
        let mut parts: Parts = smallvec![
            Part::Text("switch "),
            Part::Typed(&v),
            Part::Text(", label "),
            Part::Block(succ[0]),
            Part::Text(" ["),
        ];
        for (i, c) in case_vals.iter().enumerate() {
            parts.push(Part::Text("\n    "));
            parts.push(Part::Typed(c));
            parts.push(Part::Text(", label "));
            parts.push(Part::Block(succ[i + 1]));
        }
        parts.push(Part::Text("\n  ]"));
        self.push(op, None, parts)?;
        self.branched(succ);
        Ok(())
    }
}

/// The element types of an aggregate type.
fn member(ty: &LTy, i: usize) -> Option<LTy> {
    match ty {
        LTy::Array(n, e) | LTy::Vector(n, e) if (i as u64) < *n => Some((**e).clone()),
        LTy::Struct { fields, .. } => fields.get(i).cloned(),
        _ => None,
    }
}

fn members(ty: &LTy, c: &Const) -> Option<Vec<Val>> {
    let n = match ty {
        LTy::Array(n, _) | LTy::Vector(n, _) => *n as usize,
        LTy::Struct { fields, .. } => fields.len(),
        _ => return None,
    };
    (0..n)
        .map(|i| {
            let t = member(ty, i)?;
            let v = match c {
                Const::Aggregate(items) => items.get(i)?.clone(),
                Const::Undef | Const::Poison => Val::constant(t, c.clone()),
                Const::Zero => {
                    let z = crate::constants::zero_of(&t);
                    Val::constant(t, z)
                }
                _ => return None,
            };
            Some(v)
        })
        .collect()
}

fn extract_const(ty: &LTy, c: &Const, position: &[i64]) -> Option<Val> {
    let (first, rest) = position.split_first()?;
    let items = members(ty, c)?;
    let item = items.get(usize::try_from(*first).ok()?)?.clone();
    if rest.is_empty() {
        return Some(item);
    }
    extract_const(&item.ty, item.as_const()?, rest)
}

fn insert_const(ty: &LTy, c: &Const, position: &[i64], value: &Val) -> Option<Const> {
    let (first, rest) = position.split_first()?;
    let mut items = members(ty, c)?;
    let i = usize::try_from(*first).ok()?;
    let slot = items.get_mut(i)?;
    if rest.is_empty() {
        *slot = value.clone();
    } else {
        let inner = insert_const(&slot.ty, slot.as_const()?, rest, value)?;
        *slot = Val::constant(slot.ty.clone(), inner);
    }
    Some(Const::Aggregate(items))
}
