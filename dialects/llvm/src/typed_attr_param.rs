//! Upstream's `IntegerAttr`, `TypeAttr` and `StringAttr` as parameters of
//! an attribute (`#llvm.vscale_range<minRange = 1 : i32, ...>`,
//! `#llvm.vec_type_hint<hint = f32>`, `#llvm.target<triple = "t", ...>`):
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
