//! `"$_builder"` and `"$_ctxt"` as `custom<...>` arguments (issue 18): the
//! parse functions get `ParserBuilder` / `ParserContext` handles that lend
//! the parser's context (the parser holds the only `&mut` to it), the print
//! functions the context itself, each where the directive names it, as
//! upstream passes `parser.getBuilder()` / `parser.getContext()`. Before,
//! `"$_builder"` failed generation and `"$_ctxt"` was rustc's E0499 in the
//! generated parser.

use ods_runtime::ir::printer::ops::PrintOptions;
use ods_runtime::ir::{Context, Registry};
use ods_runtime::register_dialect;
use ods_runtime::testing;

mod context_args {
    use ods_runtime::format::{ParserBuilder, ParserContext};
    use ods_runtime::ir::parser::ops::OpAsmParser;
    use ods_runtime::ir::parser::{AsmParser, PResult};
    use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
    use ods_runtime::ir::printer::ops::OpAsmPrinter;
    use ods_runtime::ir::{AttrKind, Attribute, Context, OpId, Type, TypeKind};

    ods_macros::include_ods!("tests/ods/context_args.ods");

    /// The width of an integer type, for the printers.
    fn width(ctx: &Context, ty: Type) -> u32 {
        match ctx.type_kind(ty) {
            TypeKind::Integer { width, .. } => *width,
            other => panic!("not an integer type: {other:?}"),
        }
    }

    /// `<8>` is `i8`, made with the builder.
    fn parse_bits(
        p: &mut AsmParser<'_>,
        builder: ParserBuilder,
        ty: &mut Option<Type>,
        ctxt: ParserContext,
    ) -> PResult<()> {
        let w: u32 = p.parse_integer()?;
        let made = builder.get(p).integer_type(w);
        // The context lends the same storage: the type is interned once.
        assert_eq!(ctxt.get(p).int_type(w), made);
        *ty = Some(made);
        Ok(())
    }

    fn print_bits(p: &mut AsmPrinter<'_, '_>, builder: &Context, ty: &Type, ctxt: &Context) {
        assert!(std::ptr::eq(builder, ctxt));
        p.print_str(&width(ctxt, *ty).to_string());
    }

    /// `8` is the type attribute `i8`.
    fn parse_width(
        p: &mut OpAsmParser<'_>,
        builder: ParserBuilder,
        ty: &mut Option<Attribute>,
        ctxt: ParserContext,
    ) -> PResult<()> {
        let w: u32 = p.parse_integer()?;
        let int = builder.get(p).integer_type(w);
        *ty = Some(ctxt.get(p).type_attr(int));
        Ok(())
    }

    fn print_width(
        pr: &mut OpAsmPrinter<'_, '_>,
        _op: OpId,
        builder: &Context,
        ty: Option<Attribute>,
        ctxt: &Context,
    ) {
        assert!(std::ptr::eq(builder, ctxt));
        let Some(AttrKind::Type(t)) = ty.map(|a| ctxt.attr_kind(a)) else {
            panic!("not a type attribute");
        };
        pr.print_str(&width(ctxt, *t).to_string());
    }
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    register_dialect::<context_args::CxDialect>(ctx, &mut reg);
    reg
}

#[test]
fn builder_and_context_reach_op_and_attribute_directives() {
    let text = "cx.width 8\ncx.width 16 bits #cx.bits<32>\n";
    let printed = testing::verify_text(text, registry, PrintOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        printed,
        "module {\n  cx.width 8\n  cx.width 16 bits #cx.bits<32>\n}\n"
    );
    let generic = testing::verify_text(
        text,
        registry,
        PrintOptions {
            generic: true,
            ..PrintOptions::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        generic.contains("\"cx.width\"() <{bits = #cx.bits<32>, ty = i16}> : () -> ()"),
        "{generic}"
    );
    // What the custom parser reads is checked as any other input.
    let err = testing::verify_text("cx.width x\n", registry, PrintOptions::default())
        .expect_err("not an integer");
    assert!(err.to_string().contains("expected integer value"), "{err}");
}
