//! Tests of dialect attributes and types with typed parameters
//! ([`crate::defs`]) through the parser and printer: dispatch by mnemonic
//! in the pretty and the `!dialect<...>` forms, printing through the
//! definition, verifier messages, unknown mnemonics, aliases of nested
//! values and of the definitions themselves. The definitions here are
//! written by hand the way generated code writes them.

use crate::defs::{AttrOrTypeDef, DefHandle, Param};
use crate::diagnostics::DiagLoc;
use crate::parser::ops::{parse_source_here, ParseOptions};
use crate::parser::{AsmParser, PResult};
use crate::printer::dialect_asm::AsmPrinter;
use crate::printer::ops::{print_module, PrintOptions};
use crate::registry::Registry;
use crate::{Context, SourceFile, TypeKind};

fn parse_box(p: &mut AsmParser<'_>) -> PResult<Vec<Param>> {
    p.parse_less()?;
    let inner = p.parse_type()?;
    p.parse_greater()?;
    Ok(vec![Param::Type(inner)])
}

fn print_box(p: &mut AsmPrinter<'_, '_>, _: DefHandle, params: &[Param]) {
    p.print_str("<");
    p.print_param(&params[0]);
    p.print_str(">");
}

fn verify_box(ctx: &Context, params: &[Param]) -> Result<(), String> {
    match params[0].as_type().map(|t| ctx.type_kind(t)) {
        Some(TypeKind::Index) => Err("a box cannot hold index".into()),
        _ => Ok(()),
    }
}

static BOX: AttrOrTypeDef = AttrOrTypeDef {
    dialect: "t",
    mnemonic: "box",
    name: "T_BoxType",
    params: &["inner"],
    parse: parse_box,
    print: print_box,
    verify: Some(verify_box),
    alias: None,
    self_type: None,
    interfaces: &[],
};

static FLAG: AttrOrTypeDef = AttrOrTypeDef {
    dialect: "t",
    mnemonic: "flag",
    name: "T_FlagType",
    params: &[],
    parse: |_| Ok(Vec::new()),
    print: |_, _, _| {},
    verify: None,
    alias: Some("flag"),
    self_type: None,
    interfaces: &[],
};

/// `#t.rec<int, uint, bool, "str", float, [ints], type?>`.
fn parse_rec(p: &mut AsmParser<'_>) -> PResult<Vec<Param>> {
    p.parse_less()?;
    let int = p.parse_integer::<i64>()?;
    p.parse_comma()?;
    let uint = p.parse_integer::<u64>()?;
    p.parse_comma()?;
    let flag = p.parse_keyword_any()? == "true";
    p.parse_comma()?;
    let text = String::from_utf8(p.parse_string()?).unwrap_or_default();
    p.parse_comma()?;
    let f64t = p.ctx().float_type(crate::FloatKind::F64);
    let float = p.parse_attribute_of_type(Some(f64t))?;
    let bits = match p.ctx().attr_kind(float) {
        crate::AttrKind::Float { bits, .. } => *bits,
        _ => 0,
    };
    p.parse_comma()?;
    p.parse_lsquare()?;
    let mut items = Vec::new();
    if !p.parse_optional_rsquare() {
        p.parse_comma_separated_list(
            crate::parser::Delimiter::None,
            "",
            |p: &mut AsmParser<'_>| {
                items.push(Param::Int(p.parse_integer()?));
                Ok(())
            },
        )?;
        p.parse_rsquare()?;
    }
    let optional = if p.parse_optional_comma() {
        Some(Box::new(Param::Type(p.parse_type()?)))
    } else {
        None
    };
    p.parse_greater()?;
    Ok(vec![
        Param::Int(int),
        Param::UInt(uint),
        Param::Bool(flag),
        Param::Str(text.into()),
        Param::Float {
            kind: crate::FloatKind::F64,
            bits,
        },
        Param::Array(items.into()),
        Param::Optional(optional),
    ])
}

fn print_rec(p: &mut AsmPrinter<'_, '_>, _: DefHandle, params: &[Param]) {
    p.print_str("<");
    for (i, param) in params[..5].iter().enumerate() {
        if i > 0 {
            p.print_str(", ");
        }
        p.print_param(param);
    }
    p.print_str(", [");
    p.print_param(&params[5]);
    p.print_str("]");
    if params[6].as_optional().is_some() {
        p.print_str(", ");
        p.print_param(&params[6]);
    }
    p.print_str(">");
}

static REC: AttrOrTypeDef = AttrOrTypeDef {
    dialect: "t",
    mnemonic: "rec",
    name: "T_RecAttr",
    params: &["int", "uint", "flag", "text", "float", "items", "optional"],
    parse: parse_rec,
    print: print_rec,
    verify: None,
    alias: None,
    self_type: None,
    interfaces: &[],
};

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    reg.add_dialect(ctx, "t");
    reg.add_type_def(ctx, &BOX);
    reg.add_type_def(ctx, &FLAG);
    reg.add_attr_def(ctx, &REC);
    reg
}

/// Parses and prints `src` (generic ops of an unregistered dialect), or
/// the first error as `line:col: message`.
fn round_trip(src: &str) -> Result<String, String> {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", src);
    match parse_source_here(&mut ctx, &reg, &file, ParseOptions::default()) {
        Ok((ir, module)) => Ok(print_module(
            &ctx,
            &ir,
            &reg,
            module,
            PrintOptions::default(),
            None,
        )),
        Err(d) => match d.loc {
            DiagLoc::FileLineCol { line, col, .. } => Err(format!("{line}:{col}: {}", d.message)),
            _ => Err(d.message),
        },
    }
}

#[test]
fn types_parse_by_mnemonic_and_print_through_their_definition() {
    let out = round_trip(r#""x.op"() : () -> (!t.box<i32>, !t<box<!t.box<f32>>>)"#).unwrap();
    assert!(
        out.contains("() -> (!t.box<i32>, !t.box<!t.box<f32>>)"),
        "{out}"
    );
    // The pretty body starts right after the mnemonic.
    assert_eq!(
        round_trip(r#""x.op"() : () -> !t.box <i8>"#),
        Err("1:24: expected '<'".into())
    );
}

#[test]
fn equal_parameters_are_one_type() {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", r#""x.op"() : () -> (!t.box<i32>, !t<box<i32>>)"#);
    let (ir, module) =
        parse_source_here(&mut ctx, &reg, &file, ParseOptions::default()).expect("parses");
    let op = ir
        .first_op(ir.first_block(ir.regions(module)[0]).unwrap())
        .unwrap();
    let types: Vec<_> = ir.results(op).map(|v| ir.value_type(v)).collect();
    assert_eq!(types[0], types[1]);
    let i32t = ctx.int_type(32);
    assert_eq!(
        ctx.type_params(types[0], &BOX),
        Some(&[Param::Type(i32t)][..])
    );
}

#[test]
fn attributes_with_every_parameter_kind_round_trip() {
    let src = r#""x.op"() {a = #t.rec<-3, 18446744073709551615, true, "q\22", 2.5, [1, 2]>, b = #t.rec<0, 0, false, "", -1.0, [], !t.flag>} : () -> ()"#;
    let out = round_trip(src).unwrap();
    assert!(
        out.contains(r#"a = #t.rec<-3, 18446744073709551615, true, "q\22", 2.500000e+00, [1, 2]>"#),
        "{out}"
    );
    assert!(
        out.contains(r#"b = #t.rec<0, 0, false, "", -1.000000e+00, [], !flag>"#),
        "{out}"
    );
    // The definition's alias is printed before the module.
    assert!(out.starts_with("!flag = !t.flag\n"), "{out}");
}

#[test]
fn nested_values_get_their_aliases() {
    let src = r#""x.op"() : () -> !t.box<memref<4xf32, affine_map<(d0) -> (d0 + 1)>>>"#;
    let out = round_trip(src).unwrap();
    assert!(
        out.starts_with("#map = affine_map<(d0) -> (d0 + 1)>\n"),
        "{out}"
    );
    assert!(out.contains("-> !t.box<memref<4xf32, #map>>"), "{out}");
}

#[test]
fn unknown_mnemonics_and_bad_parameters_are_errors() {
    assert_eq!(
        round_trip(r#""x.op"() : () -> !t.bag<i32>"#),
        Err("1:21: unknown  type `bag` in dialect `t`".into())
    );
    assert_eq!(
        round_trip(r#""x.op"() : () -> !t<"box">"#),
        Err("1:21: expected valid keyword".into())
    );
    assert_eq!(
        round_trip(r#""x.op"() {a = #t.reg<1>} : () -> ()"#),
        Err("1:18: unknown attribute `reg` in dialect `t`".into())
    );
    assert_eq!(
        round_trip(r#""x.op"() : () -> !t.box<index>"#),
        Err("1:24: a box cannot hold index".into())
    );
    assert_eq!(
        round_trip(r#""x.op"() : () -> !t.box<1>"#),
        Err("1:25: expected non-function type".into())
    );
}

#[test]
fn stripped_forms_print_without_the_prefix() {
    let mut ctx = Context::new();
    let i32t = ctx.int_type(32);
    let boxed = ctx.defined_type(&BOX, vec![Param::Type(i32t)]).unwrap();
    let mut printer = crate::printer::Printer::new(&ctx);
    AsmPrinter::new(&mut printer).print_stripped_type(boxed);
    assert_eq!(printer.finish(), "<i32>");
    // A type without parameters prints nothing stripped, so it prints whole.
    let mut ctx = Context::new();
    let flag = ctx.defined_type(&FLAG, Vec::new()).unwrap();
    let mut printer = crate::printer::Printer::new(&ctx);
    AsmPrinter::new(&mut printer).print_stripped_type(flag);
    assert_eq!(printer.finish(), "!t.flag");
}
