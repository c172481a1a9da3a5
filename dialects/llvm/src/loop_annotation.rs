//! The builtin attributes the loop annotations and access groups hold as
//! parameters (spec: `LLVMAttrDefs.ods`, upstream's `BoolAttr`,
//! `IntegerAttr`, `FusedLoc` and `DistinctAttr` parameters of
//! `#llvm.loop_*` and `#llvm.access_group`).
//!
//! MLIR's `FieldParser` of such a parameter reads any attribute and
//! refuses one of another kind with `invalid kind of attribute
//! specified`, the parameter's error then naming the C++ class
//! (`which is to be a `BoolAttr``); the value prints as the attribute
//! does (`true`, `4 : i32`, a location's alias, `distinct[0]<>`).

use ods_runtime::attr_type_def::DefParam;
use ods_runtime::ir::parser::{AsmParser, PResult};
use ods_runtime::ir::printer::dialect_asm::AsmPrinter;
use ods_runtime::ir::{AttrKind, Attribute, Context, Param};
use ods_runtime::pred::{is_bool_attr, is_integer_attr};

/// Defines a view of the builtin attributes `matches` accepts, named
/// `cpp` in the parse errors.
macro_rules! attr_view {
    ($(#[$doc:meta])* $name:ident, $cpp:literal, $matches:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub struct $name(pub Attribute);

        impl $name {
            /// `attr` as this view, if it is of the kind.
            pub fn from_attr(ctx: &Context, attr: Attribute) -> Option<Self> {
                let matches: fn(&Context, Attribute) -> bool = $matches;
                matches(ctx, attr).then_some($name(attr))
            }
        }

        impl DefParam for $name {
            fn to_param(&self) -> Param {
                Param::Attr(self.0)
            }
            fn from_param(param: &Param) -> Option<Self> {
                param.as_attr().map($name)
            }
            fn parse_param(p: &mut AsmParser<'_>) -> PResult<Self> {
                let at = p.current_location();
                let value = p.parse_attribute()?;
                match $name::from_attr(p.ctx(), value) {
                    Some(v) => Ok(v),
                    None => p.emit_error(at, "invalid kind of attribute specified"),
                }
            }
            fn print_param(&self, p: &mut AsmPrinter<'_, '_>) {
                p.print_attribute(self.0);
            }
            const MESSAGE_TYPE: Option<&'static str> = Some($cpp);
        }
    };
}

attr_view!(
    /// A `BoolAttr`: `true` or `false` (an `i1` integer).
    BoolAttr,
    "BoolAttr",
    is_bool_attr
);

attr_view!(
    /// An `IntegerAttr` of any integer or index type (`4 : i32`; a
    /// `BoolAttr` is one too).
    IntegerAttr,
    "IntegerAttr",
    is_integer_attr
);

attr_view!(
    /// A `FusedLoc`: `loc(fused<metadata>[...])` of at least two
    /// locations (MLIR folds one into itself).
    FusedLoc,
    "FusedLoc",
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::FusedLoc { .. })
);

attr_view!(
    /// A `DistinctAttr`: `distinct[N]<referenced>`.
    DistinctAttr,
    "DistinctAttr",
    |ctx, a| matches!(ctx.attr_kind(a), AttrKind::Distinct { .. })
);

impl BoolAttr {
    /// The value.
    pub fn value(self, ctx: &Context) -> bool {
        ods_runtime::pred::integer_attr_value(ctx, self.0).is_some_and(|v| v != 0)
    }
}

impl IntegerAttr {
    /// The value as a signed integer of its width (`None` past 64 bits).
    pub fn value(self, ctx: &Context) -> Option<i64> {
        ods_runtime::pred::integer_attr_value(ctx, self.0)
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
    fn views_take_their_kind_only() {
        let mut ctx = Context::new();
        let _reg = crate::testing::registry(&mut ctx);
        let t = parse(&mut ctx, "true");
        let four = parse(&mut ctx, "-4 : i64");
        let fused = parse(&mut ctx, r#"loc(fused["a.c":1:2, "b.c":3:4])"#);
        let plain = parse(&mut ctx, r#"loc("a.c":1:2)"#);
        let distinct = parse(&mut ctx, "distinct[0]<>");
        assert!(BoolAttr::from_attr(&ctx, t).is_some_and(|b| b.value(&ctx)));
        assert!(BoolAttr::from_attr(&ctx, four).is_none());
        assert_eq!(
            IntegerAttr::from_attr(&ctx, four).and_then(|i| i.value(&ctx)),
            Some(-4)
        );
        // A `BoolAttr` is an `IntegerAttr` too, as in MLIR.
        assert!(IntegerAttr::from_attr(&ctx, t).is_some());
        assert!(FusedLoc::from_attr(&ctx, fused).is_some());
        assert!(FusedLoc::from_attr(&ctx, plain).is_none());
        assert!(DistinctAttr::from_attr(&ctx, distinct).is_some());
        assert!(DistinctAttr::from_attr(&ctx, t).is_none());
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
