//! The framework on unregistered ops: rollback restores the IR exactly,
//! partial against full conversion, dynamic legality, type conversion with
//! materializations, a 1:N conversion, analysis, and the cast reconciler.

use super::*;
use crate::pass::{PassCx, ReportSettings};
use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::{Context, Ir, OpId, Registry, SourceFile, SourceManager, Type, Value};

/// A parsed module with what a conversion runs with.
struct Setup {
    ctx: Context,
    reg: Registry,
    ir: Ir,
    root: OpId,
    sources: SourceManager,
}

fn setup(text: &str) -> Setup {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = Registry::new(&mut ctx);
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
    fn print(&self) -> String {
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
    fn with_cx<R>(&mut self, f: impl FnOnce(&mut PassCx<'_>, OpId) -> R) -> R {
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
    fn render(&self, diags: &[ir::Diagnostic]) -> String {
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
    let result = s.with_cx(|cx, root| apply_partial_conversion(cx, root, conversion));
    let diags = result.expect_err("t.func is illegal and cannot be converted");
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
