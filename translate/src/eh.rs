//! Exception handling as LLVM IR (upstream's translation of
//! `llvm.invoke`, `llvm.landingpad`, `llvm.resume`, and `llvm.func`'s
//! `personality`):
//!
//! ```text
//! define i32 @f() personality ptr @__gxx_personality_v0 {
//!   %1 = invoke i32 @g(i32 1) [ "x"(i32 1) ]
//!           to label %2 unwind label %3
//!   %4 = landingpad { ptr, i32 }
//!           cleanup
//!           catch ptr @_ZTIi
//!   resume { ptr, i32 } %4
//! ```

use ir::{AttrKind, Context, Ir, OpId};
use smallvec::smallvec;

use crate::constants::{symbol_name, Val};
use crate::function::{FnBuilder, Part, Parts};
use crate::module::{lty, TranslateError};
use crate::props::{self, attr};
use crate::types::LTy;

/// ` personality ptr @name` for a function with a personality, else
/// nothing.
pub(crate) fn personality_text(ctx: &Context, ir: &Ir, f: OpId) -> String {
    attr(ctx, ir, f, "personality")
        .and_then(|a| props::symbol_of(ctx, a))
        .map(|name| format!(" personality ptr @{}", symbol_name(&name)))
        .unwrap_or_default()
}

impl FnBuilder<'_> {
    /// `invoke [ty] callee(args) [bundles]\n to label %n unwind label %u`.
    pub(crate) fn invoke(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        const KNOWN: &[&str] = &[
            "callee",
            "var_callee_type",
            "CConv",
            "operandSegmentSizes",
            "op_bundle_sizes",
            "op_bundle_tags",
            "arg_attrs",
            "res_attrs",
            // An attachment (`crate::metadata`).
            "branch_weights",
        ];
        if let Some(name) = props::unknown_prop(self.ctx, self.ir, op, KNOWN) {
            return Err(TranslateError::new(
                op,
                format!("cannot be converted to LLVM IR: '{name}' on an invoke is not translated by ods-translate"),
            ));
        }
        if let Some(cconv) = attr(self.ctx, self.ir, op, "CConv") {
            if props::cconv_of(self.ctx, cconv) != Some("ccc") {
                return Err(TranslateError::new(op, "cannot be converted to LLVM IR: calling conventions other than ccc are not translated by ods-translate"));
            }
        }
        let segments = attr(self.ctx, self.ir, op, "operandSegmentSizes")
            .and_then(|a| props::dense_array(self.ctx, a))
            .ok_or_else(|| TranslateError::failed(op))?;
        let n_callee = segments.first().map_or(0, |&n| n.max(0) as usize);
        let n_bundles = segments.get(3).map_or(0, |&n| n.max(0) as usize);
        let all: Vec<Val> = self
            .ir
            .operands(op)
            .map(|v| self.value(op, v))
            .collect::<Result<_, _>>()?;
        let mut args: Vec<Val> = all.iter().take(n_callee).cloned().collect();
        let mut bundle_args: Vec<Val> = all[all.len().saturating_sub(n_bundles)..].to_vec();
        let bundles = self.operand_bundles(op, &mut bundle_args)?;
        let ret = match self.ir.num_results(op) {
            0 => LTy::Void,
            _ => lty(self.ctx, op, self.ir.value_type(self.ir.result(op, 0)))?,
        };
        let callee =
            attr(self.ctx, self.ir, op, "callee").and_then(|a| props::symbol_of(self.ctx, a));
        let fn_ptr = match callee {
            Some(_) => None,
            None if !args.is_empty() => Some(args.remove(0)),
            None => return Err(TranslateError::failed(op)),
        };
        let shown_type =
            match attr(self.ctx, self.ir, op, "var_callee_type").map(|a| self.ctx.attr_kind(a)) {
                Some(AttrKind::Type(t)) => lty(self.ctx, op, *t)?.to_string(),
                _ => ret.to_string(),
            };
        // Call-site attributes (`arg_attrs`, `res_attrs`), as upstream
        // copies them onto the `InvokeInst`.
        let ret_attrs = crate::attributes::param_attrs(self.ctx, self.ir, op, "res_attrs", 0)?;
        let arg_attrs: Vec<String> = (0..args.len())
            .map(|i| crate::attributes::param_attrs(self.ctx, self.ir, op, "arg_attrs", i))
            .collect::<Result<_, _>>()?;
        let head = match ret_attrs.as_str() {
            "" => format!("invoke {shown_type} "),
            words => format!("invoke {words} {shown_type} "),
        };
        let callee_text = callee.map(|name| format!("@{}", symbol_name(&name)));
        let mut parts: Parts = smallvec![Part::Text(&head)];
        match (&callee_text, &fn_ptr) {
            (Some(name), _) => parts.push(Part::Text(name)),
            (None, Some(f)) => parts.push(Part::Val(f)),
            (None, None) => {}
        }
        parts.push(Part::Text("("));
        crate::ops_control::attributed_args_parts(&mut parts, &args, &arg_attrs);
        parts.push(Part::Text(")"));
        bundles.parts(&mut parts);
        let succ: Vec<usize> = self.ir.successors(op).map(|b| self.block(b)).collect();
        let [normal, unwind] = succ[..] else {
            return Err(TranslateError::failed(op));
        };
        parts.push(Part::Text("\n          to label "));
        parts.push(Part::Block(normal));
        parts.push(Part::Text(" unwind label "));
        parts.push(Part::Block(unwind));
        let v = self.push(op, Some(ret), parts)?;
        self.branched(&[normal, unwind]);
        Ok(v)
    }

    /// `landingpad ty` and a line per `cleanup`, `catch ty v` and
    /// `filter ty v` clause.
    pub(crate) fn landingpad(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let ret = lty(self.ctx, op, self.ir.value_type(self.ir.result(op, 0)))?;
        let clauses = self.operands(op)?;
        let mut parts: Parts = smallvec![Part::Text("landingpad "), Part::Ty(&ret)];
        if props::flag(self.ctx, self.ir, op, "cleanup") {
            parts.push(Part::Text("\n          cleanup"));
        }
        for val in &clauses {
            let kind = if matches!(val.ty, LTy::Array(..)) {
                "\n          filter "
            } else {
                "\n          catch "
            };
            parts.push(Part::Text(kind));
            parts.push(Part::Typed(val));
        }
        self.push(op, Some(ret.clone()), parts)
    }

    /// `resume ty v`.
    pub(crate) fn resume(&mut self, op: OpId) -> Result<Option<Val>, TranslateError> {
        let v = self.value(op, self.ir.operand(op, 0))?;
        self.push(op, None, [Part::Text("resume "), Part::Typed(&v)])?;
        Ok(None)
    }
}
