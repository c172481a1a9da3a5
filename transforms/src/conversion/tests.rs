//! The framework on unregistered ops: rollback restores the IR exactly,
//! partial against full conversion, dynamic legality, type conversion with
//! materializations, a 1:N conversion, analysis, and the cast reconciler.

use super::*;
use crate::pass::{PassCx, ReportSettings};
use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::{Context, Ir, OpId, Registry, SourceFile, SourceManager, Type, Value};

/// A parsed module with what a conversion runs with.
pub(super) struct Setup {
    pub(super) ctx: Context,
    pub(super) reg: Registry,
    pub(super) ir: Ir,
    pub(super) root: OpId,
    sources: SourceManager,
}

pub(super) fn setup(text: &str) -> Setup {
    setup_with(text, |_, _| {})
}

/// [`setup`] with the dialects `register` adds.
pub(super) fn setup_with(text: &str, register: fn(&mut Context, &mut Registry)) -> Setup {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let mut reg = Registry::new(&mut ctx);
    register(&mut ctx, &mut reg);
    let file = SourceFile::new("t.mlir", text);
    let (ir, root) = parse_source(&mut ctx, &reg, &file).expect("the test input parses");
    let mut sources = SourceManager::new();
    sources.add(file);
    Setup {
        ctx,
        reg,
        ir,
        root,
        sources,
    }
}

impl Setup {
    pub(super) fn print(&self) -> String {
        print_module(
            &self.ctx,
            &self.ir,
            &self.reg,
            self.root,
            PrintOptions::default(),
            None,
        )
    }

    /// Runs `f` with a pass context over the module.
    pub(super) fn with_cx<R>(&mut self, f: impl FnOnce(&mut PassCx<'_>, OpId) -> R) -> R {
        let mut cx = PassCx {
            ctx: &mut self.ctx,
            registry: &self.reg,
            ir: &mut self.ir,
            report: ReportSettings {
                sources: Some(&self.sources),
                ..ReportSettings::default()
            },
        };
        f(&mut cx, self.root)
    }

    /// The diagnostics rendered as `mlir-opt` prints them.
    pub(super) fn render(&self, diags: &[ir::Diagnostic]) -> String {
        diags.iter().map(|d| self.sources.render(d)).collect()
    }
}

/// A pattern replacing each op named `from` by a new op named `to` with
/// the same (converted) operands and result types.
fn rename(from: &str, to: &'static str) -> OpConversionPattern {
    OpConversionPattern::new(from, move |op, adaptor, rw| {
        let Some(operands) = adaptor.one_to_one() else {
            return Err(rw.notify_match_failure(op, "1:N operands"));
        };
        let types: Vec<Type> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
        let loc = rw.ir().op_loc(op);
        let new = rw.build_here(|b| b.create_op(to, loc, &operands, &types, None, None, 0));
        let results: Vec<Value> = rw.ir().results(new).collect();
        rw.replace_op(op, &results);
        Ok(())
    })
}

const NESTED: &str = r#""t.func"() ({
^bb0(%arg0: index):
  %0 = "t.a"(%arg0) : (index) -> index
  %1 = "t.keep"(%0) : (index) -> index
  "t.br"(%1)[^bb1] : (index) -> ()
^bb1(%2: index):
  "t.return"(%2) : (index) -> ()
}) {sym = "f"} : () -> ()
"#;

#[test]
fn a_failing_pattern_is_undone_exactly() {
    let mut s = setup(NESTED);
    let before = s.print();
    let mut converter = TypeConverter::new();
    converter.add_identity_conversion();
    converter.add_conversion(|ctx, t| ctx.is_index(t).then(|| ctx.int_type(64)));
    converter.add_unrealized_cast_materializations();
    // Changes everything it can, then gives up; `seen` keeps the IR as
    // the pattern left it.
    let seen = std::rc::Rc::new(std::cell::RefCell::new(String::new()));
    let seen_in = seen.clone();
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn("t.func", move |op, _, rw| {
        let body = rw.ir().region(op, 0);
        rw.convert_region_types(body, None)
            .ok_or_else(|| rw.notify_match_failure(op, "types"))?;
        let unit = rw.ctx.unit_attr();
        let key = rw.ctx.ident("touched");
        let attrs = rw.ctx.dictionary_attr(vec![ir::NamedAttribute {
            name: key,
            value: unit,
        }]);
        rw.set_attrs(op, Some(attrs));
        let entry = rw.ir().first_block(body).expect("a body");
        let first = rw.ir().first_op(entry).expect("an op");
        let loc = rw.ir().op_loc(first);
        let i64t = rw.ctx.int_type(64);
        let made = rw.build_here(|b| b.create_op("t.new", loc, &[], &[i64t], None, None, 0));
        rw.move_op_before(made, first);
        let keep = rw
            .ir()
            .block_ops(entry)
            .find(|&o| rw.ctx.str(rw.ir().op_name(o)) == "t.keep")
            .expect("t.keep");
        rw.replace_op(keep, &[made_result(rw, made)]);
        let root = rw.ir().parent_op(op).expect("the module");
        *seen_in.borrow_mut() = print_module(
            rw.ctx,
            rw.ir(),
            rw.registry,
            root,
            PrintOptions::default(),
            None,
        );
        Err(rw.notify_match_failure(op, "changed its mind"))
    });
    let mut target = ConversionTarget::new();
    target.add_illegal_ops(&["t.func"]).mark_unknown_op_legal();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: Some(&converter),
    };
    let result = s.with_cx(|cx, root| apply_conversion(cx, root, conversion, Mode::Partial));
    let err = result.expect_err("t.func is illegal and cannot be converted");
    let reasons: Vec<(&str, &str)> = err
        .match_failures
        .iter()
        .map(|f| (f.op_name.as_str(), f.reason.as_str()))
        .collect();
    assert_eq!(reasons, [("t.func", "changed its mind")]);
    let diags = err.diagnostics;
    assert_eq!(
        s.render(&diags),
        "t.mlir:1:1: error: failed to legalize operation 't.func' that was explicitly marked illegal\n\"t.func\"() ({\n^\n"
    );
    // What the pattern did before failing: new argument types with a
    // cast back, the attribute, the new op moved first, `t.keep`'s users
    // reading the new op through a cast.
    let mid = seen.borrow().clone();
    assert!(mid.contains("^bb0(%arg0: i64):"), "{mid}");
    assert!(mid.contains("{touched}"), "{mid}");
    assert!(
        mid.contains("%0 = \"t.new\"() : () -> i64\n    %1 = builtin.unrealized_conversion_cast %0 : i64 to index"),
        "{mid}"
    );
    assert!(mid.contains("\"t.br\"(%1)[^bb1]"), "{mid}");
    assert_eq!(s.print(), before);
    // Parsing the result again gives the same text: nothing dangles.
    assert_eq!(setup(&before).print(), before);
}

/// The one result of `op`.
fn made_result(rw: &ConversionRewriter<'_>, op: OpId) -> Value {
    rw.ir().result(op, 0)
}

/// `t.a` converts to `t.b`; `t.unknown` has no legality and no pattern.
const MIXED: &str = "\"t.a\"() : () -> ()\n\"t.unknown\"() : () -> ()\n\"t.a\"() : () -> ()\n";

fn mixed_target() -> ConversionTarget<'static> {
    let mut target = ConversionTarget::new();
    target
        .add_legal_dialects(&["builtin"])
        .add_legal_ops(&["t.b"])
        .add_illegal_ops(&["t.a"]);
    target
}

fn names(s: &Setup, ops: &[OpId]) -> Vec<String> {
    ops.iter()
        .map(|&op| s.ctx.str(s.ir.op_name(op)).to_string())
        .collect()
}

#[test]
fn partial_conversion_leaves_unknown_ops_and_full_conversion_rejects_them() {
    let mut patterns = ConversionPatternSet::new();
    patterns.add(rename("t.a", "t.b"));
    let target = mixed_target();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: None,
    };
    let mut s = setup(MIXED);
    let left = s
        .with_cx(|cx, root| apply_partial_conversion(cx, root, conversion))
        .expect("the partial conversion succeeds");
    assert_eq!(names(&s, &left), ["t.unknown"]);
    assert_eq!(
        s.print(),
        "module {\n  \"t.b\"() : () -> ()\n  \"t.unknown\"() : () -> ()\n  \"t.b\"() : () -> ()\n}\n"
    );

    let mut s = setup(MIXED);
    let before = s.print();
    let diags = s
        .with_cx(|cx, root| apply_full_conversion(cx, root, conversion))
        .expect_err("t.unknown cannot be legalized");
    assert_eq!(
        s.render(&diags),
        "t.mlir:2:1: error: failed to legalize operation 't.unknown'\n\"t.unknown\"() : () -> ()\n^\n"
    );
    // The first `t.a` was converted before the failure: undone.
    assert_eq!(s.print(), before);

    // Analysis: which ops would legalize; nothing changes.
    let mut s = setup(MIXED);
    let legal = s
        .with_cx(|cx, root| apply_analysis_conversion(cx, root, conversion))
        .expect("analysis does not fail");
    assert_eq!(names(&s, &legal), ["builtin.module", "t.a", "t.a"]);
    assert_eq!(s.print(), before);
}

#[test]
fn patterns_are_tried_by_benefit_and_their_new_ops_legalized() {
    // The better pattern makes `t.bad`, which nothing legalizes: it is
    // undone and the next pattern makes `t.c`, itself converted to `t.b`.
    let mut patterns = ConversionPatternSet::new();
    patterns.add(rename("t.a", "t.c"));
    patterns.add(rename("t.a", "t.bad").with_benefit(2));
    patterns.add(rename("t.c", "t.b"));
    let mut target = mixed_target();
    target.add_illegal_ops(&["t.bad", "t.c"]);
    target.mark_unknown_op_legal();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: None,
    };
    let mut s = setup("\"t.a\"() : () -> ()\n");
    s.with_cx(|cx, root| apply_full_conversion(cx, root, conversion))
        .expect("t.a converts through t.c");
    assert_eq!(s.print(), "module {\n  \"t.b\"() : () -> ()\n}\n");
}

#[test]
fn dynamic_legality_is_asked_after_a_change_in_place() {
    // `t.op` is legal once it has `done`; the pattern for `bad = 1` ops
    // changes the op in place without making it legal: undone, and the
    // op is explicitly illegal.
    let text = "\"t.op\"() : () -> ()\n\"t.op\"() {bad = 1} : () -> ()\n";
    let mut target = ConversionTarget::new();
    target
        .add_legal_dialects(&["builtin"])
        .add_dynamically_legal_op("t.op", |ctx, ir, op| {
            ir.attrs(op)
                .is_some_and(|a| ods_runtime::op::dict_get(ctx, a, "done").is_some())
        });
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn("t.op", |op, _, rw| {
        let bad = rw
            .ir()
            .attrs(op)
            .is_some_and(|a| ods_runtime::op::dict_get(rw.ctx, a, "bad").is_some());
        let key = rw.ctx.ident(if bad { "still_bad" } else { "done" });
        let value = rw.ctx.unit_attr();
        let attrs = rw
            .ctx
            .dictionary_attr(vec![ir::NamedAttribute { name: key, value }]);
        rw.set_attrs(op, Some(attrs));
        Ok(())
    });
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: None,
    };
    let mut s = setup(text);
    let before = s.print();
    let diags = s
        .with_cx(|cx, root| apply_partial_conversion(cx, root, conversion))
        .expect_err("the second op stays illegal");
    assert_eq!(
        s.render(&diags),
        "t.mlir:2:1: error: failed to legalize operation 't.op' that was explicitly marked illegal\n\"t.op\"() {bad = 1} : () -> ()\n^\n"
    );
    assert_eq!(s.print(), before);
    let mut s = setup("\"t.op\"() : () -> ()\n");
    s.with_cx(|cx, root| apply_partial_conversion(cx, root, conversion))
        .expect("the op becomes legal");
    assert_eq!(s.print(), "module {\n  \"t.op\"() {done} : () -> ()\n}\n");
}

/// `index` becomes `i64`; everything else stays.
pub(super) fn index_to_i64() -> TypeConverter {
    let mut converter = TypeConverter::new();
    converter.add_identity_conversion();
    converter.add_conversion(|ctx, t| ctx.is_index(t).then(|| ctx.int_type(64)));
    converter
}

/// A pattern replacing `from` by `to`, with the converted operands and
/// result types.
pub(super) fn convert_types(from: &str, to: &'static str) -> OpConversionPattern {
    OpConversionPattern::new(from, move |op, adaptor, rw| {
        let converter = rw.type_converter().expect("a type converter");
        let types: Vec<Type> = rw.ir().results(op).map(|r| rw.ir().value_type(r)).collect();
        let types = converter
            .convert_types(rw.ctx, &types)
            .ok_or_else(|| rw.notify_match_failure(op, "result types"))?;
        let loc = rw.ir().op_loc(op);
        let operands = adaptor.flat();
        let new = rw.build_here(|b| b.create_op(to, loc, &operands, &types, None, None, 0));
        let results: Vec<Value> = rw.ir().results(new).collect();
        rw.replace_op(op, &results);
        Ok(())
    })
}

const TYPED: &str = "%0 = \"t.def\"() : () -> index\n%1 = \"t.use\"(%0) : (index) -> index\n\"t.sink\"(%1) : (index) -> ()\n";

#[test]
fn values_of_converted_types_meet_old_users_through_materializations() {
    let mut patterns = ConversionPatternSet::new();
    patterns.add(convert_types("t.def", "t.def2"));
    patterns.add(convert_types("t.use", "t.use2"));
    let mut target = ConversionTarget::new();
    target
        .add_illegal_ops(&["t.def", "t.use"])
        .mark_unknown_op_legal();

    // Without materializations, the cast `t.sink` still needs is an error.
    let converter = index_to_i64();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: Some(&converter),
    };
    let mut s = setup(TYPED);
    let before = s.print();
    let diags = s
        .with_cx(|cx, root| apply_partial_conversion(cx, root, conversion))
        .expect_err("no materialization for t.sink");
    assert_eq!(
        s.render(&diags),
        "t.mlir:2:6: error: failed to legalize unresolved materialization from ('i64') to ('index') that remained live after conversion\n\
         %1 = \"t.use\"(%0) : (index) -> index\n     ^\n\
         t.mlir:3:1: note: see existing live user here: \"t.sink\"(%2) : (index) -> ()\n\
         \"t.sink\"(%1) : (index) -> ()\n^\n"
    );
    assert_eq!(s.print(), before);

    // With cast materializations, the cast for `t.sink` is built; the one
    // between `t.def2` and `t.use2` is gone.
    let mut converter = index_to_i64();
    converter.add_unrealized_cast_materializations();
    let conversion = Conversion {
        type_converter: Some(&converter),
        ..conversion
    };
    let mut s = setup(TYPED);
    s.with_cx(|cx, root| apply_partial_conversion(cx, root, conversion))
        .expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  %0 = \"t.def2\"() : () -> i64\n  %1 = \"t.use2\"(%0) : (i64) -> i64\n  %2 = unrealized_conversion_cast %1 : i64 to index\n  \"t.sink\"(%2) : (index) -> ()\n}\n"
    );
}

#[test]
fn a_value_converts_to_several_values() {
    // A tuple becomes its elements: `t.pair` makes two values, and the
    // pattern of its user sees both.
    let mut converter = TypeConverter::new();
    converter.add_identity_conversion();
    converter.add_rule(|ctx, t| match ctx.type_kind(t) {
        ir::TypeKind::Tuple(elements) => RuleResult::Types(TypeList::from_slice(elements)),
        _ => RuleResult::Skip,
    });
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn("t.pair", |op, _, rw| {
        let i32t = rw.ctx.int_type(32);
        let loc = rw.ir().op_loc(op);
        let two = rw.build_here(|b| b.create_op("t.two", loc, &[], &[i32t, i32t], None, None, 0));
        let values: Vec<Value> = rw.ir().results(two).collect();
        rw.replace_op_with_multiple(op, &[values]);
        Ok(())
    });
    patterns.add_fn("t.consume", |op, adaptor, rw| {
        if adaptor.values(0).len() != 2 || adaptor.operand(0).is_some() {
            return Err(rw.notify_match_failure(op, "expected the tuple's two parts"));
        }
        let loc = rw.ir().op_loc(op);
        let operands = adaptor.flat();
        rw.build_here(|b| b.create_op("t.consume2", loc, &operands, &[], None, None, 0));
        rw.erase_op(op);
        Ok(())
    });
    let mut target = ConversionTarget::new();
    target
        .add_illegal_ops(&["t.pair", "t.consume"])
        .mark_unknown_op_legal();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: Some(&converter),
    };
    let mut s = setup(
        "%0 = \"t.pair\"() : () -> tuple<i32, i32>\n\"t.consume\"(%0) : (tuple<i32, i32>) -> ()\n",
    );
    s.with_cx(|cx, root| apply_full_conversion(cx, root, conversion))
        .expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  %0:2 = \"t.two\"() : () -> (i32, i32)\n  \"t.consume2\"(%0#0, %0#1) : (i32, i32) -> ()\n}\n"
    );
}

#[test]
fn reconcile_folds_cast_chains_and_keeps_needed_casts() {
    let mut s = setup(
        "%0 = \"t.v\"() : () -> i64\n\
         %1 = builtin.unrealized_conversion_cast %0 : i64 to index\n\
         %2 = builtin.unrealized_conversion_cast %1 : index to i32\n\
         %3 = builtin.unrealized_conversion_cast %2 : i32 to i64\n\
         %4 = builtin.unrealized_conversion_cast %0 : i64 to index\n\
         %5 = builtin.unrealized_conversion_cast %0 : i64 to f32\n\
         \"t.use\"(%3, %4) : (i64, index) -> ()\n",
    );
    reconcile_unrealized_casts(&s.ctx, &mut s.ir, s.root);
    assert_eq!(
        s.print(),
        "module {\n  %0 = \"t.v\"() : () -> i64\n  %1 = unrealized_conversion_cast %0 : i64 to index\n  \"t.use\"(%0, %1) : (i64, index) -> ()\n}\n"
    );
}

#[test]
fn reconcile_leaves_a_cast_that_feeds_itself() {
    // In a graph region a cast may use its own result; it stays.
    let mut s = setup(
        "\"t.graph\"() ({\n  %0 = builtin.unrealized_conversion_cast %0 : i64 to i64\n  \"t.use\"(%0) : (i64) -> ()\n}) : () -> ()\n",
    );
    let before = s.print();
    reconcile_unrealized_casts(&s.ctx, &mut s.ir, s.root);
    assert_eq!(s.print(), before);
}

/// A pattern moving the region of `t.wrap` into a new `t.wrap2`; it fails
/// after the move when `fail` is set.
fn move_region(fail: bool) -> OpConversionPattern {
    OpConversionPattern::new("t.wrap", move |op, _, rw| {
        let loc = rw.ir().op_loc(op);
        let new = rw.build_here(|b| b.create_op("t.wrap2", loc, &[], &[], None, None, 1));
        let (from, to) = (rw.ir().region(op, 0), rw.ir().region(new, 0));
        rw.inline_region_before(from, to, None);
        if fail {
            return Err(rw.notify_match_failure(op, "after the move"));
        }
        rw.replace_op(op, &[]);
        Ok(())
    })
}

const WRAPPED: &str =
    "\"t.wrap\"() ({\n  \"t.a\"() : () -> ()\n^bb1:\n  \"t.b\"() : () -> ()\n}) : () -> ()\n";

#[test]
fn an_inlined_region_moves_back_on_failure() {
    let mut target = ConversionTarget::new();
    target.add_illegal_ops(&["t.wrap"]).mark_unknown_op_legal();
    for fail in [true, false] {
        let mut patterns = ConversionPatternSet::new();
        patterns.add(move_region(fail));
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: None,
        };
        let mut s = setup(WRAPPED);
        let before = s.print();
        let result = s.with_cx(|cx, root| apply_partial_conversion(cx, root, conversion));
        if fail {
            assert!(result.is_err());
            assert_eq!(s.print(), before);
        } else {
            result.expect("the region moves");
            assert_eq!(s.print(), before.replace("t.wrap", "t.wrap2"));
        }
    }
}

/// A slot a replacement redirected remembers its first value through a
/// chain of replacements, and forgets it as they are undone.
#[test]
fn redirected_slots_remember_their_first_value_until_rolled_back() {
    let mut s = setup(
        r#""t.func"() ({
  %0 = "t.a"() : () -> i32
  %1 = "t.use"(%0, %0) : (i32, i32) -> i32
}) : () -> ()
"#,
    );
    let body = s.ir.region(
        s.ir.block_ops(s.ir.first_block(s.ir.region(s.root, 0)).unwrap())
            .next()
            .unwrap(),
        0,
    );
    let entry = s.ir.first_block(body).unwrap();
    let ops: Vec<OpId> = s.ir.block_ops(entry).collect();
    let (def, user) = (ops[0], ops[1]);
    let first = s.ir.result(def, 0);
    let mut rw = ConversionRewriter::new(&mut s.ctx, &s.reg, &mut s.ir, None);
    let start = rw.checkpoint();
    let i32t = rw.ctx.int_type(32);
    let loc = rw.ir().op_loc(def);
    let make = |rw: &mut ConversionRewriter<'_>| {
        let op = rw.build(ir::builder::InsertPoint::Before(user), |b| {
            b.create_op("t.new", loc, &[], &[i32t], None, None, 0)
        });
        rw.ir().result(op, 0)
    };
    assert_eq!(rw.original_operand(user, 0), None);
    let second = make(&mut rw);
    rw.replace_all_uses(first, second);
    let middle = rw.checkpoint();
    let third = make(&mut rw);
    rw.replace_all_uses(second, third);
    assert_eq!(rw.ir().operand(user, 1), third);
    assert_eq!(rw.original_operand(user, 0), Some(first));
    assert_eq!(rw.original_operand(user, 1), Some(first));
    rw.rollback(middle);
    assert_eq!(rw.ir().operand(user, 0), second);
    assert_eq!(rw.original_operand(user, 0), Some(first));
    rw.rollback(start);
    assert_eq!(rw.ir().operand(user, 0), first);
    assert_eq!(rw.original_operand(user, 0), None);
}

#[test]
fn a_failure_note_numbers_values_as_before_the_commit() {
    // Upstream only records replacements until the commit: when `t.use`
    // fails, `t.a` is still in its block (after `t.b`, its replacement)
    // and `t.use` still uses it, so the note shows `(%1)`, not `(%0)`; the
    // cast of `t.def`'s replacement is not built yet either.
    let mut patterns = ConversionPatternSet::new();
    patterns.add(rename("t.a", "t.b"));
    patterns.add(convert_types("t.def", "t.def2"));
    let mut target = ConversionTarget::new();
    target
        .add_illegal_ops(&["t.a", "t.def", "t.use"])
        .mark_unknown_op_legal();
    let mut converter = index_to_i64();
    converter.add_unrealized_cast_materializations();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: Some(&converter),
    };
    let mut s = setup(
        "%0 = \"t.a\"() : () -> index\n%1 = \"t.def\"() : () -> index\n%2 = \"t.use\"(%0, %1) : (index, index) -> index\n",
    );
    let before = s.print();
    let mut cx = PassCx {
        ctx: &mut s.ctx,
        registry: &s.reg,
        ir: &mut s.ir,
        report: ReportSettings {
            sources: Some(&s.sources),
            op_display: ir::verifier::OpDisplay {
                note: true,
                debug_info: false,
            },
        },
    };
    let diags =
        apply_partial_conversion(&mut cx, s.root, conversion).expect_err("t.use has no pattern");
    assert_eq!(
        s.render(&diags),
        "t.mlir:3:6: error: failed to legalize operation 't.use' that was explicitly marked illegal\n\
         %2 = \"t.use\"(%0, %1) : (index, index) -> index\n     ^\n\
         t.mlir:3:6: note: see current operation: %4 = \"t.use\"(%1, %3) : (index, index) -> index\n"
    );
    assert_eq!(s.print(), before);
}

#[test]
fn a_source_materialization_reuses_the_target_one_of_its_inputs() {
    // `t.pair` is replaced by two i32 values, and its type converts to one
    // i64 (packed by `t.pack`): `t.consume` gets the packed value, and
    // `t.keep` (left as it is) its tuple back. The pack is built once,
    // and the tuple is a cast of it, as upstream's value mapping gives
    // (not `t.from_parts` of the two values beside a second pack).
    let mut converter = TypeConverter::new();
    converter.add_identity_conversion();
    converter.add_rule(|ctx, t| match ctx.type_kind(t) {
        ir::TypeKind::Tuple(_) => RuleResult::Types(TypeList::from_elem(ctx.int_type(64), 1)),
        _ => RuleResult::Skip,
    });
    converter.add_unrealized_cast_materializations();
    converter.add_target_materialization(|b, types, inputs, loc| {
        let op = b.create_op("t.pack", loc, inputs, types, None, None, 0);
        Some(b.ir.results(op).collect())
    });
    converter.add_source_materialization(|b, types, inputs, loc| {
        (inputs.len() == 2).then(|| {
            let op = b.create_op("t.from_parts", loc, inputs, types, None, None, 0);
            b.ir.results(op).collect()
        })
    });
    let mut patterns = ConversionPatternSet::new();
    patterns.add_fn("t.pair", |op, _, rw| {
        let i32t = rw.ctx.int_type(32);
        let loc = rw.ir().op_loc(op);
        let two = rw.build_here(|b| b.create_op("t.two", loc, &[], &[i32t, i32t], None, None, 0));
        let values: Vec<Value> = rw.ir().results(two).collect();
        rw.replace_op_with_multiple(op, &[values]);
        Ok(())
    });
    patterns.add(convert_types("t.consume", "t.consume2"));
    let mut target = ConversionTarget::new();
    target
        .add_illegal_ops(&["t.pair", "t.consume"])
        .mark_unknown_op_legal();
    let conversion = Conversion {
        target: &target,
        patterns: &patterns,
        type_converter: Some(&converter),
    };
    let mut s = setup(
        "%0 = \"t.pair\"() : () -> tuple<i32, i32>\n\"t.keep\"(%0) : (tuple<i32, i32>) -> ()\n\"t.consume\"(%0) : (tuple<i32, i32>) -> ()\n",
    );
    s.with_cx(|cx, root| apply_partial_conversion(cx, root, conversion))
        .expect("the conversion succeeds");
    assert_eq!(
        s.print(),
        "module {\n  %0:2 = \"t.two\"() : () -> (i32, i32)\n  %1 = \"t.pack\"(%0#0, %0#1) : (i32, i32) -> i64\n  %2 = unrealized_conversion_cast %1 : i64 to tuple<i32, i32>\n  \"t.keep\"(%2) : (tuple<i32, i32>) -> ()\n  \"t.consume2\"(%1) : (i64) -> ()\n}\n"
    );
}
