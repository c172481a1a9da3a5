//! Upstream's `IntegerAttr`, `TypeAttr`, `StringAttr`, `BoolAttr`,
//! `FusedLoc` and `DistinctAttr` as parameters of an attribute
//! (`#llvm.vscale_range<minRange = 1 : i32, ...>`,
//! `#llvm.vec_type_hint<hint = f32>`, `#llvm.target<triple = "t", ...>`,
//! `#llvm.loop_unroll<disable = true>`, `#llvm.access_group<id = distinct[0]<>>`):
//! MLIR's `FieldParser` of such a parameter reads any attribute and
//! refuses one of another kind with `invalid kind of attribute specified`
//! where it starts; the value prints as the attribute prints (an integer
//! with its type, a type attribute as its type, a string quoted).
//!
//! The `.ods` names them as upstream does, so the generated code sees
//! these types under upstream's names and a failed parameter names them
//! alike (`which is to be a `IntegerAttr``).

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{AttrKind, Attribute, Context, Param, Type};

/// Is `a` of the kind the parameter holds?
type KindCheck = fn(&Context, Attribute) -> bool;

/// Reads an attribute of the kind `is_kind` accepts.
fn parse_kind(p: &mut AsmParser<'_>, is_kind: KindCheck) -> PResult<Attribute> {
    let at = p.current_location();
    let value = p.parse_attribute()?;
    if is_kind(p.ctx(), value) {
        Ok(value)
    } else {
        p.emit_error(at, "invalid kind of attribute specified")
    }
}

/// As [`parse_kind`], when an attribute is next.
fn parse_optional_kind(p: &mut AsmParser<'_>, is_kind: KindCheck) -> PResult<Option<Attribute>> {
    let at = p.current_location();
    match p.parse_optional_attribute()? {
        Some(value) if is_kind(p.ctx(), value) => Ok(Some(value)),
        Some(_) => p.emit_error(at, "invalid kind of attribute specified"),
        None => Ok(None),
    }
}

macro_rules! typed_attr_param {
    ($(#[$doc:meta])* $name:ident, $is_kind:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name(pub Attribute);

        impl DefParam for $name {
            fn to_param(&self) -> Param {
                Param::Attr(self.0)
            }
            fn from_param(param: &Param) -> Option<Self> {
                param.as_attr().map($name)
            }
            fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
                parse_kind(p, $is_kind).map($name)
            }
            fn parse_optional_param(p: &mut AsmParser<'_>) -> PResult<Option<Self>> {
                Ok(parse_optional_kind(p, $is_kind)?.map($name))
            }
            fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
                p.print_attribute(self.0);
            }
        }
    };
}

typed_attr_param!(
    /// An integer attribute (`4 : i32`).
    IntegerAttr,
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Integer { .. })
);
typed_attr_param!(
    /// A type attribute (`vector<4xi32>`).
    TypeAttr,
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Type(_))
);
typed_attr_param!(
    /// A string attribute (`"+sve"`).
    StringAttr,
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::String { .. })
);

typed_attr_param!(
    /// A bool attribute (`true`, an `i1` integer; loop options).
    BoolAttr,
    ods_runtime::pred::is_bool_attr
);
typed_attr_param!(
    /// A fused location of two or more locations
    /// (`loc(fused<#di_subprogram>[...])`; a loop's start and end).
    FusedLoc,
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::FusedLoc { .. })
);
typed_attr_param!(
    /// A distinct attribute (`distinct[0]<>`; an access group's id).
    DistinctAttr,
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Distinct { .. })
);

impl BoolAttr {
    /// The value.
    pub fn value(self, ctx: &Context) -> bool {
        ods_runtime::pred::integer_attr_value(ctx, self.0).is_some_and(|v| v != 0)
    }
}

impl FusedLoc {
    /// The location's metadata (`#di_subprogram` in `fused<#di_subprogram>`).
    pub fn metadata(self, ctx: &Context) -> Option<Attribute> {
        match ctx.attr_kind(self.0) {
            AttrKind::FusedLoc { metadata, .. } => *metadata,
            _ => None,
        }
    }
}

impl IntegerAttr {
    /// The value, as MLIR's `IntegerAttr::getInt` reads it (sign-extended
    /// from the attribute's width); `None` for a value wider than 64 bits.
    pub fn value(self, ctx: &Context) -> Option<i64> {
        ods_runtime::pred::integer_attr_value(ctx, self.0)
    }
}

impl TypeAttr {
    /// The type held.
    pub fn ty(self, ctx: &Context) -> Option<Type> {
        match ctx.attr_kind(self.0) {
            AttrKind::Type(t) => Some(*t),
            _ => None,
        }
    }
}

impl StringAttr {
    /// The text ("" when it is not UTF-8).
    pub fn value(self, ctx: &Context) -> &str {
        ods_runtime::attr::string_value(ctx, self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AccessGroupAttr, LoopAnnotationAttr, LoopUnrollAttr};
    use ods_runtime::ir::parser::attrs::parse_attribute_str;

    fn parse(ctx: &mut Context, text: &str) -> Attribute {
        parse_attribute_str(ctx, text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    #[test]
    fn views_read_their_kind() {
        let mut ctx = Context::new();
        let _reg = crate::testing::registry(&mut ctx);
        let t = parse(&mut ctx, "true");
        let four = parse(&mut ctx, "-4 : i64");
        let fused = parse(&mut ctx, r#"loc(fused["a.c":1:2, "b.c":3:4])"#);
        let plain = parse(&mut ctx, r#"loc(fused["a.c":1:2])"#);
        let distinct = parse(&mut ctx, "distinct[0]<>");
        let is_bool: KindCheck = ods_runtime::pred::is_bool_attr;
        assert!(is_bool(&ctx, t) && BoolAttr(t).value(&ctx));
        assert!(!is_bool(&ctx, four));
        assert_eq!(IntegerAttr(four).value(&ctx), Some(-4));
        let fused_metadata = parse(&mut ctx, r#"loc(fused<"m">["a.c":1:2, "b.c":3:4])"#);
        assert!(FusedLoc(fused).metadata(&ctx).is_none());
        assert!(FusedLoc(fused_metadata).metadata(&ctx).is_some());
        // One location fused is that location: no `FusedLoc`.
        assert!(!matches!(ctx.attr_kind(plain), AttrKind::FusedLoc { .. }));
        assert!(matches!(ctx.attr_kind(distinct), AttrKind::Distinct { .. }));
    }

    #[test]
    fn annotations_hold_their_options_and_groups() {
        let text = "module attributes {x = #llvm.loop_annotation<unroll = #llvm.loop_unroll<disable = false, count = 2 : i32>, mustProgress = true, parallelAccesses = #llvm.access_group<id = distinct[0]<>>>} {}";
        let (ctx, _reg, ir, module) = crate::testing::parse_module(text);
        let attrs = ir.attrs(module).expect("the module's attributes");
        let a = ods_runtime::op::dict_get(&ctx, attrs, "x").expect("x");
        let la = LoopAnnotationAttr::from_attr(&ctx, a).expect("a loop annotation");
        let unroll: LoopUnrollAttr = la.unroll(&ctx).expect("unroll options");
        assert_eq!(unroll.disable(&ctx).map(|d| d.value(&ctx)), Some(false));
        assert_eq!(unroll.count(&ctx).and_then(|c| c.value(&ctx)), Some(2));
        assert!(la.must_progress(&ctx).is_some_and(|m| m.value(&ctx)));
        assert!(la.vectorize(&ctx).is_none());
        let groups: Vec<AccessGroupAttr> = la.parallel_accesses(&ctx);
        assert_eq!(groups.len(), 1);
    }
}
