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

use ir::verifier::Reporter;
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
    let reporter = Reporter {
        ctx: cx.ctx,
        ir: cx.ir,
        registry: cx.registry,
        sources: cx.report.sources,
        root,
        op_display: cx.report.op_display,
    };
    Diagnostic::error(reporter.diag_loc(cx.ir.op_loc(op)), message)
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
