//! Upstream's test passes of `FunctionOpInterface`'s signature edits
//! (`mlir/test/lib/IR/TestFunc.cpp`), under their flags and with their
//! attribute conventions, on each function op directly in the module:
//!
//! - `--test-func-insert-arg`: `test.insert_args = [[index, type,
//!   {attrs}?, loc(...)?], ...]` inserts those arguments (removing the
//!   attribute first).
//! - `--test-func-insert-result`: `test.insert_results = [[index, type,
//!   {attrs}?], ...]` likewise for results.
//! - `--test-func-erase-arg`: erases the arguments whose dictionary has
//!   `test.erase_this_arg`; one still used in the body is an error
//!   ("cannot erase argument N which still has uses", as upstream's pass
//!   says since `mlir-opt` 22 crashed on it).
//! - `--test-func-erase-result`: erases the results whose dictionary has
//!   `test.erase_this_result`.
//! - `--test-func-set-type`: `test.set_type_from = @f` gives the function
//!   the type of function `@f` (`setType`: the attribute arrays follow, the
//!   entry block does not).
//!
//! An edit the interface refuses fails the pass with "failed to insert
//! arguments" (results, erase ...) at the function, as upstream's does; an
//! attribute of the wrong shape, on which upstream's casts would crash,
//! too.

use ir::{AttrKind, Attribute, Diagnostic, Location, OpId, Type};
use ods_runtime::interfaces::FunctionOpInterfaceRef;
use ods_transforms::pass::{Pass, PassCx, PassInfo, PassRegistry};

/// Registers the five passes.
pub fn register_passes(registry: &mut PassRegistry) {
    for (name, summary, kind) in [
        (
            "test-func-insert-arg",
            "Test inserting func args.",
            Kind::InsertArg,
        ),
        (
            "test-func-insert-result",
            "Test inserting func results.",
            Kind::InsertResult,
        ),
        (
            "test-func-erase-arg",
            "Test erasing func args.",
            Kind::EraseArg,
        ),
        (
            "test-func-erase-result",
            "Test erasing func results.",
            Kind::EraseResult,
        ),
        (
            "test-func-set-type",
            "Test FunctionOpInterface::setType.",
            Kind::SetType,
        ),
    ] {
        registry.register(PassInfo {
            name,
            summary,
            options: &[],
            create: match kind {
                Kind::InsertArg => |_| Box::new(TestFunc(Kind::InsertArg)),
                Kind::InsertResult => |_| Box::new(TestFunc(Kind::InsertResult)),
                Kind::EraseArg => |_| Box::new(TestFunc(Kind::EraseArg)),
                Kind::EraseResult => |_| Box::new(TestFunc(Kind::EraseResult)),
                Kind::SetType => |_| Box::new(TestFunc(Kind::SetType)),
            },
        });
    }
}

/// Which of the passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    InsertArg,
    InsertResult,
    EraseArg,
    EraseResult,
    SetType,
}

impl Kind {
    /// Upstream's pass class, as its `PassWrapper` names it.
    fn class(self) -> &'static str {
        match self {
            Kind::InsertArg => "(anonymous namespace)::TestFuncInsertArg",
            Kind::InsertResult => "(anonymous namespace)::TestFuncInsertResult",
            Kind::EraseArg => "(anonymous namespace)::TestFuncEraseArg",
            Kind::EraseResult => "(anonymous namespace)::TestFuncEraseResult",
            Kind::SetType => "(anonymous namespace)::TestFuncSetType",
        }
    }

    /// What the pass says when the edit fails.
    fn failure(self) -> &'static str {
        match self {
            Kind::InsertArg => "failed to insert arguments",
            Kind::InsertResult => "failed to insert results",
            Kind::EraseArg => "failed to erase arguments",
            Kind::EraseResult => "failed to erase results",
            Kind::SetType => "failed to set the function type",
        }
    }
}

/// One of the passes.
struct TestFunc(Kind);

impl Pass for TestFunc {
    fn run(&mut self, cx: &mut PassCx<'_>, module: OpId) -> Result<(), Vec<Diagnostic>> {
        let ops: Vec<OpId> = cx
            .ir
            .regions(module)
            .iter()
            .flat_map(|&r| cx.ir.region_blocks(r))
            .flat_map(|b| cx.ir.block_ops(b))
            .collect();
        for op in ops {
            let Some(func) =
                ods_runtime::interface::<FunctionOpInterfaceRef>(cx.registry, cx.ir, op)
            else {
                continue;
            };
            let done = match self.0 {
                Kind::InsertArg => insert(cx, func, true),
                Kind::InsertResult => insert(cx, func, false),
                Kind::EraseArg => erase_args(cx, module, func)?,
                Kind::EraseResult => erase_results(cx, func),
                Kind::SetType => set_type(cx, module, func),
            };
            if !done {
                return Err(vec![error_at(cx, module, op, self.0.failure())]);
            }
        }
        Ok(())
    }

    fn anchor(&self) -> Option<&'static str> {
        Some("builtin.module")
    }

    fn display_name(&self) -> Option<&'static str> {
        Some(self.0.class())
    }
}

/// An error at `op`'s location (upstream's `emitError(func->getLoc())`:
/// no op note).
fn error_at(cx: &PassCx<'_>, root: OpId, op: OpId, message: impl Into<String>) -> Diagnostic {
    let at = cx.reporter(root).diag_loc(cx.ir.op_loc(op));
    Diagnostic::error(at, message)
}

/// The discardable attribute `name` of `op`.
fn discardable(cx: &PassCx<'_>, op: OpId, name: &str) -> Option<Attribute> {
    cx.ir
        .attrs(op)
        .and_then(|d| ods_runtime::op::dict_get(cx.ctx, d, name))
}

/// Removes the discardable attribute `name` of `op`.
fn remove_discardable(cx: &mut PassCx<'_>, op: OpId, name: &str) {
    let entries: Vec<ir::NamedAttribute> = match cx.ir.attrs(op).map(|d| cx.ctx.attr_kind(d)) {
        Some(AttrKind::Dictionary(entries)) => entries
            .iter()
            .copied()
            .filter(|e| cx.ctx.str(e.name) != name)
            .collect(),
        _ => return,
    };
    let attrs = (!entries.is_empty()).then(|| cx.ctx.dictionary_attr(entries));
    cx.ir.set_attrs(op, attrs);
}

/// What one `[index, type, {attrs}?, loc?]` entry inserts, `None` when it
/// has another shape.
fn insertion(cx: &mut PassCx<'_>, entry: Attribute) -> Option<(usize, Type, Attribute, Location)> {
    let AttrKind::Array(parts) = cx.ctx.attr_kind(entry) else {
        return None;
    };
    let parts = parts.to_vec();
    let index = match cx.ctx.attr_kind(*parts.first()?) {
        // Upstream's `getZExtValue`: a negative index is past any end.
        AttrKind::Integer { value, .. } => value
            .as_i64()
            .map_or(usize::MAX, |v| usize::try_from(v).unwrap_or(usize::MAX)),
        _ => return None,
    };
    let ty = match cx.ctx.attr_kind(*parts.get(1)?) {
        AttrKind::Type(t) => *t,
        _ => return None,
    };
    let attrs = match parts.get(2) {
        Some(&d) => matches!(cx.ctx.attr_kind(d), AttrKind::Dictionary(_)).then_some(d)?,
        None => cx.ctx.dictionary_attr(Vec::new()),
    };
    let loc = match parts.get(3) {
        Some(&l) => cx
            .ctx
            .attr_kind(l)
            .is_location()
            .then(|| Location::attr(l))?,
        None => Location::attr(cx.ctx.unknown_loc()),
    };
    Some((index, ty, attrs, loc))
}

/// `--test-func-insert-arg` (`args`) or `--test-func-insert-result` on
/// one function: whether it went well (or there was nothing to do).
fn insert(cx: &mut PassCx<'_>, func: FunctionOpInterfaceRef<'_>, args: bool) -> bool {
    let name = if args {
        "test.insert_args"
    } else {
        "test.insert_results"
    };
    let op = func.op();
    let entries = match discardable(cx, op, name).map(|a| cx.ctx.attr_kind(a)) {
        Some(AttrKind::Array(entries)) if !entries.is_empty() => entries.to_vec(),
        _ => return true,
    };
    let Some(inserts) = entries
        .into_iter()
        .map(|e| insertion(cx, e))
        .collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let indices: Vec<usize> = inserts.iter().map(|i| i.0).collect();
    let types: Vec<Type> = inserts.iter().map(|i| i.1).collect();
    let attrs: Vec<Attribute> = inserts.iter().map(|i| i.2).collect();
    remove_discardable(cx, op, name);
    let (ctx, ir) = (&mut *cx.ctx, &mut *cx.ir);
    if args {
        let locs: Vec<Location> = inserts.iter().map(|i| i.3).collect();
        func.insert_arguments(ctx, ir, &indices, &types, &attrs, &locs)
            .is_ok()
    } else {
        func.insert_results(ctx, ir, &indices, &types, &attrs)
            .is_ok()
    }
}

/// Whether dictionary `dict` has an entry `name`.
fn has_entry(cx: &PassCx<'_>, dict: Option<Attribute>, name: &str) -> bool {
    dict.is_some_and(|d| ods_runtime::op::dict_get(cx.ctx, d, name).is_some())
}

/// `--test-func-erase-arg` on one function: the arguments marked
/// `test.erase_this_arg`, none of which may still be used (an error for
/// each that is, and the pass fails).
fn erase_args(
    cx: &mut PassCx<'_>,
    module: OpId,
    func: FunctionOpInterfaceRef<'_>,
) -> Result<bool, Vec<Diagnostic>> {
    let count = func.get_num_arguments(cx.ctx, cx.ir);
    let marked: Vec<usize> = (0..count)
        .filter(|&i| {
            has_entry(
                cx,
                func.get_arg_attr_dict(cx.ctx, cx.ir, i),
                "test.erase_this_arg",
            )
        })
        .collect();
    let entry = func
        .get_function_body(cx.ir)
        .and_then(|r| cx.ir.first_block(r));
    if let Some(block) = entry {
        let used: Vec<Diagnostic> = marked
            .iter()
            .filter(|&&i| i < cx.ir.num_arguments(block))
            .filter(|&&i| cx.ir.has_uses(cx.ir.argument(block, i)))
            .map(|i| {
                let message = format!("cannot erase argument {i} which still has uses");
                error_at(cx, module, func.op(), message)
            })
            .collect();
        if !used.is_empty() {
            return Err(used);
        }
    }
    Ok(func.erase_arguments(cx.ctx, cx.ir, &marked).is_ok())
}

/// `--test-func-erase-result` on one function: the results marked
/// `test.erase_this_result`.
fn erase_results(cx: &mut PassCx<'_>, func: FunctionOpInterfaceRef<'_>) -> bool {
    let count = func.get_num_results(cx.ctx, cx.ir);
    let marked: Vec<usize> = (0..count)
        .filter(|&i| {
            let dict = func.get_result_attr_dict(cx.ctx, cx.ir, i);
            has_entry(cx, dict, "test.erase_this_result")
        })
        .collect();
    func.erase_results(cx.ctx, cx.ir, &marked).is_ok()
}

/// `--test-func-set-type` on one function: the type of the function its
/// `test.set_type_from` names (a symbol of the module that is no function
/// op, on which upstream's pass crashes, fails it).
fn set_type(cx: &mut PassCx<'_>, module: OpId, func: FunctionOpInterfaceRef<'_>) -> bool {
    let Some(from) = discardable(cx, func.op(), "test.set_type_from") else {
        return true;
    };
    let name = match cx.ctx.attr_kind(from) {
        AttrKind::SymbolRef { root, nested } if nested.is_empty() => *root,
        _ => return true,
    };
    let name = cx.ctx.str(name).as_bytes().to_vec();
    let ty = ir::symbols::lookup_symbol(cx.ctx, cx.ir, module, &name)
        .and_then(|f| ods_runtime::interface::<FunctionOpInterfaceRef>(cx.registry, cx.ir, f))
        .and_then(|f| f.get_function_type(cx.ctx, cx.ir));
    let Some(ty) = ty else {
        return false;
    };
    func.set_type(cx.ctx, cx.ir, ty);
    true
}

#[cfg(test)]
mod tests {
    use crate::testing::{nth_op, parse_module};
    use ir::printer::ops::{print_module, PrintOptions};
    use ir::{Context, Ir, Location, OpId, Registry};
    use ods_runtime::function_op::SignatureEditError;
    use ods_runtime::interfaces::{FunctionOpInterface, FunctionOpInterfaceRef};
    use ods_runtime::Op;

    fn print(ctx: &Context, reg: &Registry, ir: &Ir, m: OpId) -> String {
        print_module(ctx, ir, reg, m, PrintOptions::default(), None)
    }

    fn generic(ctx: &Context, reg: &Registry, ir: &Ir, m: OpId) -> String {
        let opts = PrintOptions {
            generic: true,
            ..PrintOptions::default()
        };
        print_module(ctx, ir, reg, m, opts, None)
    }

    /// The concrete op's methods and the run-time handle's agree; both
    /// keep type, attributes and entry block in step, and the result
    /// verifies.
    #[test]
    fn edits_through_the_op_and_the_handle() {
        let (mut ctx, reg, mut ir, m) = parse_module(
            "func.func @f(%a: i32 {t.a}, %b: i64) -> (i32, i64 {t.r}) {\n  return %a, %b : i32, i64\n}\n",
        );
        let op = nth_op(&ctx, &ir, m, "func.func", 0);
        let func = crate::func::FuncOp::from_op(&ctx, &ir, op).unwrap();
        let (i1, f32) = (ctx.int_type(1), ctx.float_type(ir::FloatKind::F32));
        let dict = ctx.dictionary_attr(Vec::new());
        let name = ctx.ident("t.new");
        let unit = ctx.unit_attr();
        let new = ctx.dictionary_attr(vec![ir::NamedAttribute { name, value: unit }]);
        func.insert_argument(&mut ctx, &mut ir, 1, f32, Some(new), Location::UNKNOWN)
            .unwrap();
        func.insert_result(&mut ctx, &mut ir, 2, i1, None).unwrap();
        let handle = ods_runtime::interface::<FunctionOpInterfaceRef>(&reg, &ir, op).unwrap();
        handle
            .insert_arguments(
                &mut ctx,
                &mut ir,
                &[3],
                &[i1],
                &[dict],
                &[Location::UNKNOWN],
            )
            .unwrap();
        assert_eq!(
            print(&ctx, &reg, &ir, m),
            "module {\n  func.func @f(%arg0: i32 {t.a}, %arg1: f32 {t.new}, %arg2: i64, %arg3: i1) -> (i32, i64 {t.r}, i1) {\n    return %arg0, %arg2 : i32, i64\n  }\n}\n"
        );
        handle
            .erase_arguments(&mut ctx, &mut ir, &[3, 1, 3])
            .unwrap();
        func.erase_result(&mut ctx, &mut ir, 2).unwrap();
        assert_eq!(
            print(&ctx, &reg, &ir, m),
            "module {\n  func.func @f(%arg0: i32 {t.a}, %arg1: i64) -> (i32, i64 {t.r}) {\n    return %arg0, %arg1 : i32, i64\n  }\n}\n"
        );
        ir::verifier::verify(&ctx, &ir, &reg, m, None).unwrap();
        let (i32t, i64t) = (ctx.int_type(32), ctx.int_type(64));
        let t = func.get_type_without_args_and_results(&mut ctx, &ir, &[0], &[1]);
        assert_eq!(t, Some(ctx.function_type(&[i64t], &[i32t])));
        let t = handle.get_type_with_args_and_results(&mut ctx, &ir, &[2], &[i1], &[0], &[i1]);
        assert_eq!(
            t,
            Some(ctx.function_type(&[i32t, i64t, i1], &[i1, i32t, i64t]))
        );
        assert_eq!(
            handle.get_type_with_args_and_results(&mut ctx, &ir, &[3], &[i1], &[], &[]),
            None
        );
        // Erasing the last non-empty dictionary removes the array.
        func.erase_result(&mut ctx, &mut ir, 1).unwrap();
        let printed = generic(&ctx, &reg, &ir, m);
        assert!(printed.contains("arg_attrs = [{t.a}, {}]"), "{printed}");
        assert!(!printed.contains("res_attrs"), "{printed}");
    }

    /// Every refusal leaves the op exactly as it was.
    #[test]
    fn refused_edits_change_nothing() {
        let (mut ctx, reg, mut ir, m) = parse_module(
            "func.func @f(%a: i32 {t.a}, %b: i64) -> i32 {\n  return %a : i32\n}\nllvm.func @v(i32)\n",
        );
        let op = nth_op(&ctx, &ir, m, "func.func", 0);
        let f = ods_runtime::interface::<FunctionOpInterfaceRef>(&reg, &ir, op).unwrap();
        let v = nth_op(&ctx, &ir, m, "llvm.func", 0);
        let v = ods_runtime::interface::<FunctionOpInterfaceRef>(&reg, &ir, v).unwrap();
        let before = generic(&ctx, &reg, &ir, m);
        let i1 = ctx.int_type(1);
        let empty = ctx.dictionary_attr(Vec::new());
        let unknown = Location::UNKNOWN;
        let cases: Vec<(SignatureEditError, Result<(), SignatureEditError>)> = vec![
            (
                SignatureEditError::BadIndex(3),
                f.insert_arguments(&mut ctx, &mut ir, &[3], &[i1], &[], &[unknown]),
            ),
            (
                SignatureEditError::BadIndex(0),
                f.insert_arguments(&mut ctx, &mut ir, &[1, 0], &[i1, i1], &[], &[unknown; 2]),
            ),
            (
                SignatureEditError::LengthMismatch,
                f.insert_arguments(&mut ctx, &mut ir, &[0], &[i1, i1], &[], &[unknown]),
            ),
            (
                SignatureEditError::LengthMismatch,
                f.insert_arguments(&mut ctx, &mut ir, &[0], &[i1], &[], &[]),
            ),
            (
                SignatureEditError::LengthMismatch,
                f.insert_results(&mut ctx, &mut ir, &[0], &[i1], &[empty; 2]),
            ),
            (
                SignatureEditError::ArgumentInUse(0),
                f.erase_arguments(&mut ctx, &mut ir, &[1, 0]),
            ),
            (
                SignatureEditError::BadIndex(2),
                f.erase_arguments(&mut ctx, &mut ir, &[2]),
            ),
            (
                SignatureEditError::BadIndex(1),
                f.erase_results(&mut ctx, &mut ir, &[1]),
            ),
            (
                SignatureEditError::TypeNotCloned,
                v.erase_arguments(&mut ctx, &mut ir, &[0]),
            ),
            (
                SignatureEditError::TypeNotCloned,
                v.insert_results(&mut ctx, &mut ir, &[0, 0], &[i1, i1], &[]),
            ),
        ];
        for (i, (want, got)) in cases.into_iter().enumerate() {
            assert_eq!(got, Err(want), "case {i}");
        }
        assert_eq!(generic(&ctx, &reg, &ir, m), before);
        assert!(SignatureEditError::ArgumentInUse(0)
            .to_string()
            .contains("still has uses"));
    }
}
