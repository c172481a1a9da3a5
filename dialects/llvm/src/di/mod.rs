//! The debug-info attributes' hand-written parts: the DWARF constants
//! they hold ([`dwarf`]) and the arguments of an expression's operations
//! (`expression`). The enums they hold (`DIFlags`, ...) are parameters as
//! the dialect's other enums are (`enum_param!` in the crate root). The
//! attributes themselves are generated from `ods/LLVMDIAttrDefs.ods`.

pub mod dwarf;
mod expression;

pub use dwarf::{
    DwarfCallingConvention, DwarfEncoding, DwarfLanguage, DwarfOperation, DwarfTag, DW_CC_NORMAL,
    DW_LANG_C, DW_OP_LLVM_CONVERT,
};
pub(crate) use expression::{parse_expression_arg, print_expression_arg};

#[cfg(test)]
mod tests {
    use crate::{DICompileUnitAttr, DISubprogramAttr, DISubprogramFlags};
    use ods_runtime::ir::printer::attrs::print_attribute_str;
    use ods_runtime::ir::{AttrKind, Context};

    fn registered() -> Context {
        let mut ctx = Context::new();
        let _reg = crate::testing::registry(&mut ctx);
        ctx
    }

    /// A subprogram read from its text gives its parameters back through
    /// the accessors, and prints as it was written (stripped parameters,
    /// flags in bit order, defaults left out).
    #[test]
    fn subprogram_reads_and_prints_its_parameters() {
        let text = "#llvm.di_subprogram<id = distinct[0]<>, compileUnit = <id = distinct[1]<>, sourceLanguage = DW_LANG_C, file = <\"a.c\" in \"/d\">, isOptimized = true, emissionKind = LineTablesOnly>, scope = #llvm.di_file<\"a.c\" in \"/d\">, name = \"f\", line = 3, scopeLine = 3, subprogramFlags = \"Definition|Optimized\", type = <callingConvention = DW_CC_normal>>";
        let (ctx, _reg, ir, module) =
            crate::testing::parse_module(&format!("module attributes {{test.sp = {text}}} {{}}"));
        let attrs = ir.attrs(module).expect("the module's attributes");
        let AttrKind::Dictionary(entries) = ctx.attr_kind(attrs) else {
            panic!("a dictionary");
        };
        let attr = entries[0].value;
        let sp = DISubprogramAttr::from_attr(&ctx, attr).expect("a subprogram");
        assert_eq!(sp.name(&ctx).as_deref(), Some("f"));
        assert_eq!(sp.linkage_name(&ctx), None);
        assert_eq!(sp.line(&ctx), 3);
        assert_eq!(
            sp.subprogram_flags(&ctx),
            DISubprogramFlags::DEFINITION | DISubprogramFlags::OPTIMIZED
        );
        let unit = sp.compile_unit(&ctx).expect("a unit");
        assert_eq!(unit.source_language(&ctx), super::DW_LANG_C);
        assert_eq!(unit.file(&ctx).name(&ctx), "a.c");
        assert_eq!(print_attribute_str(&ctx, attr), text);
    }

    /// A unit's distinct id made by the context is new each time: two
    /// units of the same parameters stay two.
    #[test]
    fn created_distinct_ids_keep_units_apart() {
        let mut ctx = registered();
        let unit_attr = ctx.unit_attr();
        let file = crate::DIFileAttr::get(&mut ctx, "a.c".into(), String::new());
        let make = |ctx: &mut Context| {
            let id = ctx.create_distinct_attr(unit_attr);
            DICompileUnitAttr::get(
                ctx,
                id,
                super::DW_LANG_C,
                file,
                None,
                true,
                crate::DIEmissionKind::Full,
                crate::DINameTableKind::Default,
                None,
            )
        };
        let (a, b) = (make(&mut ctx), make(&mut ctx));
        assert_ne!(a.attr(), b.attr());
    }
}
