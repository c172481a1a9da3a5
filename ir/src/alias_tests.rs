//! Unit tests of alias selection through the printer's dry run
//! (`printer::dry_run`, `printer::aliases`): an alias is defined only for
//! what a printer prints as a type or attribute. The ops and the type here
//! are written by hand the way generated code writes them; the corpus
//! (`tests/corpus/custom-forms/aliases_*.mlir`) compares the same rules on
//! upstream dialects with `mlir-opt`.

use crate::defs::{AttrOrTypeDef, DefHandle, Param};
use crate::graph::OpId;
use crate::parser::ops::{parse_source_here, ParseOptions};
use crate::parser::{AsmParser, PResult};
use crate::printer::dialect_asm::AsmPrinter;
use crate::printer::ops::{print_module, OpAsmPrinter, PrintOptions};
use crate::registry::{OpInfo, OpTraits, Registry};
use crate::{AttrKind, Context, SourceFile};

/// `t.text`: prints its `m` attribute as plain text (as `memref.transpose`
/// prints its permutation), then the other attributes.
fn print_text(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let attrs = pr.op_attrs(op);
    let ctx = pr.ctx();
    for a in &attrs {
        if ctx.str(a.name) == "m" {
            if let AttrKind::AffineMap(map) = ctx.attr_kind(a.value) {
                let mut text = crate::printer::PrintBuffer::new();
                map.write(&mut text);
                pr.print_str(" ");
                pr.print_str(&text.into_string_lossy());
            }
        }
    }
    pr.print_optional_attr_dict(&attrs, &["m"]);
}

/// `t.body`: its entry block's arguments as a signature shows them (with
/// the op's `arg` dictionary as their attributes), then its region without
/// them and without the terminator.
fn print_body(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let ir = pr.ir();
    let region = ir.regions(op)[0];
    let entry = ir.first_block(region).expect("an entry block");
    let arg_attrs = pr
        .op_attrs(op)
        .iter()
        .find(|a| pr.ctx().str(a.name) == "arg")
        .map(|a| a.value);
    pr.print_str(" (");
    for v in ir.arguments(entry) {
        pr.print_region_argument(v, arg_attrs);
    }
    pr.print_str(") ");
    pr.print_region(region, false, false, false);
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    reg.add_dialect(ctx, "t");
    let mut text = OpInfo::new(ctx.ident("t.text"), OpTraits::default());
    text.print = Some(print_text);
    reg.add_op(text);
    let mut body = OpInfo::new(ctx.ident("t.body"), OpTraits::default());
    body.print = Some(print_body);
    reg.add_op(body);
    reg.add_op(OpInfo::new(ctx.ident("t.ret"), OpTraits::TERMINATOR));
    reg.add_type_def(ctx, &PAIR);
    reg
}

fn parse_pair(p: &mut AsmParser<'_>) -> PResult<Vec<Param>> {
    p.parse_less()?;
    let first = p.parse_type()?;
    p.parse_comma()?;
    let second = p.parse_type()?;
    p.parse_greater()?;
    Ok(vec![Param::Type(first), Param::Type(second)])
}

/// Shows only the first parameter, as a printer leaves out a parameter
/// holding its default.
fn print_pair(p: &mut AsmPrinter<'_, '_>, _: DefHandle, params: &[Param]) {
    p.print_str("<");
    p.print_param(&params[0]);
    p.print_str(">");
}

static PAIR: AttrOrTypeDef = AttrOrTypeDef {
    dialect: "t",
    mnemonic: "pair",
    name: "T_PairType",
    params: &["first", "second"],
    parse: parse_pair,
    print: print_pair,
    verify: None,
    alias: None,
    self_type: None,
    interfaces: &[],
};

/// Parses `src` and prints it with `opts`.
fn print(src: &str, opts: PrintOptions) -> String {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", src);
    let (ir, module) = parse_source_here(&mut ctx, &reg, &file, ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    print_module(&ctx, &ir, &reg, module, opts, None)
}

fn custom(src: &str) -> String {
    print(src, PrintOptions::default())
}

fn generic(src: &str) -> String {
    let opts = PrintOptions {
        generic: true,
        debug_info: false,
        local_scope: false,
    };
    print(src, opts)
}

/// The alias definitions at the top of a printed module.
fn alias_lines(out: &str) -> Vec<&str> {
    out.lines()
        .take_while(|l| l.starts_with('#') || l.starts_with('!'))
        .collect()
}

const M1: &str = "affine_map<(d0) -> (d0 + 1)>";
const M2: &str = "affine_map<(d0) -> (d0 + 2)>";

#[test]
fn an_attribute_printed_as_text_defines_no_alias() {
    let src = format!("\"t.text\"() {{m = {M1}, n = {M2}}} : () -> ()");
    let out = custom(&src);
    assert_eq!(alias_lines(&out), [format!("#map = {M2}")], "{out}");
    assert!(out.contains("t.text (d0) -> (d0 + 1) {n = #map}"), "{out}");
    // The generic form prints both as attributes.
    let out = generic(&src);
    assert_eq!(
        alias_lines(&out),
        [format!("#map = {M1}"), format!("#map1 = {M2}")],
        "{out}"
    );
}

#[test]
fn generic_ops_count_attributes_as_mlir_lists_them() {
    // A registered op's properties merge with its attributes by name.
    let src = format!("\"t.text\"() <{{z = {M1}}}> {{a = {M2}}} : () -> ()");
    let out = generic(&src);
    assert_eq!(
        alias_lines(&out),
        [format!("#map = {M2}"), format!("#map1 = {M1}")],
        "{out}"
    );
    // An unregistered op's properties print but take no alias.
    let src = format!("\"x.op\"() <{{z = {M1}}}> {{a = {M2}}} : () -> ()");
    let out = generic(&src);
    assert_eq!(alias_lines(&out), [format!("#map = {M2}")], "{out}");
    assert!(
        out.contains(&format!("<{{z = {M1}}}> {{a = #map}}")),
        "{out}"
    );
}

#[test]
fn what_a_region_printer_leaves_out_defines_no_alias() {
    // The terminator is left out, and a signature's argument attributes
    // are not counted: only the argument type's layout gets an alias.
    let src = format!(
        "\"t.body\"() ({{\n^bb0(%a: memref<4xf32, {M1}>):\n  \"t.ret\"() {{r = {M2}}} : () -> ()\n}}) {{arg = {{k = {M2}}}}} : () -> ()"
    );
    let out = custom(&src);
    assert_eq!(alias_lines(&out), [format!("#map = {M1}")], "{out}");
    assert!(
        out.contains(&format!("(%arg0: memref<4xf32, #map> {{k = {M2}}})")),
        "{out}"
    );
    assert!(!out.contains("t.ret"), "{out}");
}

#[test]
fn a_dialect_type_counts_what_its_printer_prints() {
    let src = format!(
        "\"x.op\"() : () -> (!t.pair<i32, memref<4xf32, {M1}>>, !t.pair<memref<4xf32, {M2}>, i32>)"
    );
    let out = custom(&src);
    assert_eq!(alias_lines(&out), [format!("#map = {M2}")], "{out}");
    assert!(
        out.contains("() -> (!t.pair<i32>, !t.pair<memref<4xf32, #map>>)"),
        "{out}"
    );
}

#[test]
fn unregistered_dialect_symbols_print_in_the_form_mlir_picks() {
    let src = "\"x.op\"() {a = #foo<dense>, b = #foo.dense, c = #foo., d = #foo.<x>, e = #foo<\"s\"> : i32} : () -> (!foo<i8>, !foo.i8, !foo.)";
    let out = custom(src);
    assert!(
        out.contains("{a = #foo.dense, b = #foo.dense, c = #foo<>, d = #foo<<x>>, e = #foo<\"s\"> : i32} : () -> (!foo.i8, !foo.i8, !foo<>)"),
        "{out}"
    );
}

/// Hooks of two dialects: strings starting `name:` get the rest as an
/// alias; the first says so finally, the second only for `keep:`.
mod dialect_hooks {
    use super::*;
    use crate::context::{AliasHooks, AliasResult};
    use crate::{Attribute, Type, TypeKind};

    fn first_attr(ctx: &Context, attr: Attribute) -> AliasResult {
        let text = String::from_utf8_lossy(ctx.string_bytes(attr)).into_owned();
        match text.split_once(':') {
            Some(("final", rest)) => AliasResult::Final(rest.into()),
            Some(("weak", rest)) => AliasResult::Overridable(rest.into()),
            _ => AliasResult::NoAlias,
        }
    }

    fn second_attr(ctx: &Context, attr: Attribute) -> AliasResult {
        match ctx.string_bytes(attr) {
            b"weak:replaced" | b"final:kept" => AliasResult::Overridable("second".into()),
            _ => AliasResult::NoAlias,
        }
    }

    fn index_type(ctx: &Context, ty: Type) -> AliasResult {
        match ctx.type_kind(ty) {
            TypeKind::Index => AliasResult::Final("idx 1".into()),
            _ => AliasResult::NoAlias,
        }
    }

    fn print_with_hooks(src: &str) -> String {
        let mut ctx = Context::new();
        ctx.allow_unregistered_dialects = true;
        ctx.add_alias_hooks(AliasHooks {
            attr: Some(first_attr),
            ty: Some(index_type),
        });
        ctx.add_alias_hooks(AliasHooks {
            attr: Some(second_attr),
            ty: None,
        });
        let reg = registry(&mut ctx);
        let file = SourceFile::new("t.mlir", src);
        let (ir, module) = parse_source_here(&mut ctx, &reg, &file, ParseOptions::default())
            .unwrap_or_else(|d| panic!("{}", d.message));
        print_module(&ctx, &ir, &reg, module, PrintOptions::default(), None)
    }

    #[test]
    fn the_first_final_name_wins_and_names_are_sanitized() {
        let src = "\"t.op\"() {a = \"final:kept\", b = \"weak:replaced\", c = \"final:9.x\", d = \"weak:plain\", e = \"other\"} : () -> index\n";
        let out = print_with_hooks(src);
        assert_eq!(
            alias_lines(&out),
            [
                "!idx_1 = index",
                "#_92Ex = \"final:9.x\"",
                "#kept = \"final:kept\"",
                "#plain = \"weak:plain\"",
                "#second = \"weak:replaced\"",
            ],
            "{out}"
        );
        assert!(
            out.contains(
                "{a = #kept, b = #second, c = #_92Ex, d = #plain, e = \"other\"} : () -> !idx_1"
            ),
            "{out}"
        );
    }

    #[test]
    fn a_long_tuple_is_a_builtin_tuple_alias() {
        let elems = vec!["i1"; 17].join(", ");
        let out = custom(&format!("\"t.op\"() : () -> tuple<{elems}>\n"));
        assert_eq!(
            alias_lines(&out),
            [format!("!tuple = tuple<{elems}>")],
            "{out}"
        );
        let elems = vec!["i1"; 16].join(", ");
        let out = custom(&format!("\"t.op\"() : () -> tuple<{elems}>\n"));
        assert!(alias_lines(&out).is_empty(), "{out}");
    }
}

/// Whether the printer's alias gate lets the dry run happen for `src`,
/// parsed into a context that holds `elsewhere`'s values too (parsed
/// first, into IR that is not printed).
fn dry_run_happens(src: &str, elsewhere: &str) -> bool {
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let other = SourceFile::new("other.mlir", elsewhere);
    parse_source_here(&mut ctx, &reg, &other, ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let file = SourceFile::new("t.mlir", src);
    let (ir, module) = parse_source_here(&mut ctx, &reg, &file, ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    let mut pr = OpAsmPrinter::new(&ctx, &ir, &reg, PrintOptions::default(), None);
    pr.aliases_possible(module)
}

#[test]
fn the_dry_run_is_skipped_only_when_nothing_the_ir_holds_may_take_an_alias() {
    let elsewhere = format!("\"x.op\"() {{m = {M1}}} : () -> ()");
    // The map is in the context, not in the IR printed.
    let plain = "\"x.op\"() {n = 1 : i32} : () -> (i32)";
    assert!(!dry_run_happens(plain, &elsewhere));
    assert!(!dry_run_happens(plain, ""));
    // Wherever the IR holds it, nested or not, the dry run happens.
    let held = [
        format!("\"x.op\"() {{d = {{k = [{M1}]}}}} : () -> ()"),
        format!("\"t.text\"() <{{m = {M1}}}> : () -> ()"),
        format!("\"x.op\"() : () -> (!t.pair<i32, memref<4xf32, {M1}>>)"),
        format!("\"t.body\"() ({{\n^bb0(%a: memref<4xf32, {M1}>):\n  \"t.ret\"() : () -> ()\n}}) : () -> ()"),
        "\"x.op\"() {d = distinct[0]<1 : i32>} : () -> ()".to_string(),
    ];
    for src in &held {
        assert!(dry_run_happens(src, &elsewhere), "{src}");
    }
}
