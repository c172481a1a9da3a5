//! A toy lowering written with the conversion framework, end to end: the
//! `arith` ops on `index` become the same ops on `i64`, with the function
//! signatures, through a type converter. Full conversion converts it all
//! or fails with the IR unchanged; partial conversion leaves the ops it
//! cannot convert, fed through `builtin.unrealized_conversion_cast`.

use ir::parser::ops::parse_source;
use ir::printer::ops::{print_module, PrintOptions};
use ir::verifier::verify;
use ir::{AttrKind, Context, Ir, OpId, Registry, SourceFile, SourceManager, Type};
use ods_transforms::conversion::{
    apply_conversion, is_function_legal, type_conversion_pattern, Conversion, ConversionPatternSet,
    ConversionTarget, FunctionSignaturePattern, Mode, OpConversionPattern, TypeConverter,
};
use ods_transforms::pass::{PassCx, ReportSettings};

const INPUT: &str = r#"func.func @f(%a: index, %b: index) -> index {
  %c3 = arith.constant 3 : index
  %0 = arith.addi %a, %b : index
  %1 = arith.muli %0, %c3 : index
  %2 = arith.cmpi slt, %1, %a : index
  %3 = arith.select %2, %1, %a : index
  return %3 : index
}
"#;

const LOWERED: &str = r#"module {
  func.func @f(%arg0: i64, %arg1: i64) -> i64 {
    %c3_i64 = arith.constant 3 : i64
    %0 = arith.addi %arg0, %arg1 : i64
    %1 = arith.muli %0, %c3_i64 : i64
    %2 = arith.cmpi slt, %1, %arg0 : i64
    %3 = arith.select %2, %1, %arg0 : i64
    return %3 : i64
  }
}
"#;

/// `index` becomes `i64`; other types stay.
fn index_to_i64() -> TypeConverter {
    let mut converter = TypeConverter::new();
    converter.add_identity_conversion();
    converter.add_conversion(|ctx, t| ctx.is_index(t).then(|| ctx.int_type(64)));
    converter.add_unrealized_cast_materializations();
    converter
}

/// Whether every operand and result of `op` has a legal type.
fn types_legal(converter: &TypeConverter, ctx: &mut Context, ir: &Ir, op: OpId) -> bool {
    let types: Vec<Type> = ir
        .operands(op)
        .chain(ir.results(op))
        .map(|v| ir.value_type(v))
        .collect();
    converter.are_legal(ctx, &types)
}

/// `arith.constant` of an index: the same value as an `i64`.
fn constant_pattern() -> OpConversionPattern {
    OpConversionPattern::new("arith.constant", |op, _, rw| {
        let value = ods_runtime::op::inherent_attr(rw.ctx, rw.ir(), op, "value");
        let value = match value.map(|v| rw.ctx.attr_kind(v)) {
            Some(AttrKind::Integer { value, .. }) => value.as_i64(),
            _ => None,
        };
        let Some(value) = value else {
            return Err(rw.notify_match_failure(op, "not a 64-bit integer constant"));
        };
        let i64t = rw.ctx.int_type(64);
        let attr = rw.ctx.integer_attr(i64t, i128::from(value));
        let new = ods_transforms::conversion::convert_op_result_types(rw, op, &[])?;
        rw.set_inherent_attr(new, "value", Some(attr));
        Ok(())
    })
}

struct Module {
    ctx: Context,
    reg: Registry,
    ir: Ir,
    root: OpId,
    sources: SourceManager,
}

fn parse(text: &str) -> Module {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let mut reg = Registry::new(&mut ctx);
    dialect_func::register(&mut ctx, &mut reg);
    dialect_arith::register(&mut ctx, &mut reg);
    let file = SourceFile::new("t.mlir", text);
    let (ir, root) = parse_source(&mut ctx, &reg, &file).expect("the input parses");
    let mut sources = SourceManager::new();
    sources.add(file);
    let m = Module {
        ctx,
        reg,
        ir,
        root,
        sources,
    };
    verify(&m.ctx, &m.ir, &m.reg, m.root, None).expect("the input verifies");
    m
}

impl Module {
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

    /// Lowers the module, fully or partially; the diagnostics rendered on
    /// failure.
    fn lower(&mut self, full: bool) -> Result<(), String> {
        let mode = if full { Mode::Full } else { Mode::Partial };
        self.run(mode).map(|_| ())
    }

    /// Runs the lowering in `mode`: the names of the ops it could
    /// legalize (analysis), or the diagnostics rendered.
    fn run(&mut self, mode: Mode) -> Result<Vec<String>, String> {
        let converter = index_to_i64();
        let registry = &self.reg;
        let mut target = ConversionTarget::new();
        target
            .add_legal_dialects(&["builtin"])
            .add_dynamically_legal_dialect("arith", |ctx, ir, op| {
                types_legal(&converter, ctx, ir, op)
            })
            .add_dynamically_legal_op("func.return", |ctx, ir, op| {
                types_legal(&converter, ctx, ir, op)
            })
            .add_dynamically_legal_op("func.func", |ctx, ir, op| {
                is_function_legal(&converter, registry, ctx, ir, op)
            });
        let mut patterns = ConversionPatternSet::new();
        patterns.add(FunctionSignaturePattern::new("func.func"));
        patterns.add(constant_pattern());
        for name in [
            "arith.addi",
            "arith.muli",
            "arith.cmpi",
            "arith.select",
            "func.return",
        ] {
            patterns.add(type_conversion_pattern(name));
        }
        let conversion = Conversion {
            target: &target,
            patterns: &patterns,
            type_converter: Some(&converter),
        };
        let mut cx = PassCx {
            ctx: &mut self.ctx,
            registry: &self.reg,
            ir: &mut self.ir,
            report: ReportSettings {
                sources: Some(&self.sources),
                ..ReportSettings::default()
            },
        };
        match apply_conversion(&mut cx, self.root, conversion, mode) {
            Ok(report) => Ok(report
                .legalizable
                .iter()
                .map(|&op| self.ctx.str(self.ir.op_name(op)).to_string())
                .collect()),
            Err(e) => Err(e
                .diagnostics
                .iter()
                .map(|d| self.sources.render(d))
                .collect()),
        }
    }
}

#[test]
fn index_arithmetic_lowers_to_i64() {
    let mut m = parse(INPUT);
    m.lower(true).expect("the full conversion succeeds");
    verify(&m.ctx, &m.ir, &m.reg, m.root, None).expect("the result verifies");
    assert_eq!(m.print(), LOWERED);
}

#[test]
fn analysis_finds_every_op_legalizable_and_changes_nothing() {
    let mut m = parse(INPUT);
    let before = m.print();
    let legal = m.run(Mode::Analysis).expect("analysis does not fail");
    assert_eq!(
        legal,
        [
            "builtin.module",
            "func.func",
            "arith.constant",
            "arith.addi",
            "arith.muli",
            "arith.cmpi",
            "arith.select",
            "func.return"
        ]
    );
    assert_eq!(m.print(), before);
}

/// The input with an op no pattern converts, using an index.
const WITH_OPAQUE: &str = r#"func.func @g(%a: index) -> index {
  %0 = arith.addi %a, %a : index
  %1 = "t.opaque"(%0) : (index) -> index
  %2 = arith.addi %1, %a : index
  return %2 : index
}
"#;

#[test]
fn full_conversion_fails_on_an_unconvertible_op_and_changes_nothing() {
    let mut m = parse(WITH_OPAQUE);
    let before = m.print();
    let err = m.lower(true).expect_err("t.opaque has no legality");
    assert_eq!(
        err,
        "t.mlir:3:8: error: failed to legalize operation 't.opaque'\n  %1 = \"t.opaque\"(%0) : (index) -> index\n       ^\n"
    );
    assert_eq!(m.print(), before);
}

#[test]
fn partial_conversion_bridges_the_op_it_leaves_with_casts() {
    let mut m = parse(WITH_OPAQUE);
    m.lower(false).expect("the partial conversion succeeds");
    verify(&m.ctx, &m.ir, &m.reg, m.root, None).expect("the result verifies");
    assert_eq!(
        m.print(),
        r#"module {
  func.func @g(%arg0: i64) -> i64 {
    %0 = arith.addi %arg0, %arg0 : i64
    %1 = builtin.unrealized_conversion_cast %0 : i64 to index
    %2 = "t.opaque"(%1) : (index) -> index
    %3 = builtin.unrealized_conversion_cast %2 : index to i64
    %4 = arith.addi %3, %arg0 : i64
    return %4 : i64
  }
}
"#
    );
}

/// A function of `n` chained additions on `index`.
fn chain(n: usize) -> String {
    let mut text =
        String::from("func.func @chain(%a: index) -> index {\n  %v0 = arith.addi %a, %a : index\n");
    for i in 1..n {
        text.push_str(&format!("  %v{i} = arith.addi %v{}, %a : index\n", i - 1));
    }
    text.push_str(&format!("  return %v{} : index\n}}\n", n - 1));
    text
}

#[test]
fn a_long_function_lowers_whole() {
    // Every op is converted and no cast is left; the time is printed for
    // the record (`--nocapture`), not checked.
    for n in [2_000, 8_000] {
        let mut m = parse(&chain(n));
        let start = std::time::Instant::now();
        m.lower(true).expect("the full conversion succeeds");
        let elapsed = start.elapsed();
        let text = m.print();
        assert_eq!(
            text.matches(": i64\n").count(),
            n + 1,
            "{n} additions and the return"
        );
        assert!(!text.contains("index"), "an index is left");
        assert!(!text.contains("unrealized_conversion_cast"));
        eprintln!("{n} ops lowered in {elapsed:?}");
    }
}
