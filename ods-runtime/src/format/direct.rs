//! The state of a direct parser (see `ods-spec`'s `format_parse_direct`):
//! a format of single operands and results read into locals, with no
//! region or successor. Only its attributes and attribute dictionary need
//! a place, a fixed array of them: nothing to set up or drop per op (the
//! parser runs for most ops of a file), unlike [`super::FormatState`].
//!
//! In: the attributes the generated parser reads, by ODS index. Out: the
//! filled [`OperationState`] ([`DirectState::finish_direct`]).

use super::parse::{read_attr_dict, split_attrs, store_attrs};
use super::OpLayout;
use ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ir::parser::PResult;
use ir::{Attribute, OperationState, Type};

/// The attributes (`N`, the op's count) and attribute dictionary a direct
/// parser read.
pub struct DirectState<const N: usize> {
    attrs: [Option<Attribute>; N],
    dict: Option<Attribute>,
}

impl<const N: usize> Default for DirectState<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> DirectState<N> {
    /// Nothing read yet.
    #[inline]
    pub fn new() -> Self {
        DirectState {
            attrs: [None; N],
            dict: None,
        }
    }

    /// Records attribute `i`.
    #[inline]
    pub fn set_attr(&mut self, i: usize, attr: Attribute) {
        self.attrs[i] = Some(attr);
    }

    /// Whether attribute `i` was read.
    #[inline]
    pub fn has_attr(&self, i: usize) -> bool {
        self.attrs[i].is_some()
    }

    /// The type of attribute `i`'s typed value.
    pub fn attr_type(&self, p: &mut OpAsmParser<'_>, i: usize) -> PResult<Type> {
        let ty = self.attrs[i].and_then(|a| crate::pred::attr_type(p.ctx(), a));
        match ty {
            Some(t) => Ok(t),
            None => p.emit_error_here("expected a typed attribute"),
        }
    }

    /// Reads `attr-dict` as [`super::FormatState::attr_dict`].
    #[inline]
    pub fn attr_dict(
        &mut self,
        p: &mut OpAsmParser<'_>,
        keyword: bool,
        op_name: &str,
        verify: ir::registry::InherentAttrsFn,
    ) -> PResult<()> {
        self.dict = read_attr_dict(p, keyword, op_name, verify)?;
        Ok(())
    }

    /// Resolves `operands` (in ODS order, each with its type), adds the
    /// result types, then the properties (the attributes read, inherent
    /// entries of the dictionary) and discardable attributes, as
    /// [`super::FormatState::finish`].
    pub fn finish_direct<'a>(
        &self,
        p: &mut OpAsmParser<'a>,
        state: &mut OperationState,
        operands: &[(UnresolvedOperand<'a>, Type)],
        results: &[Type],
        layout: &OpLayout,
    ) -> PResult<()> {
        state.operands.reserve(operands.len());
        for &(value, ty) in operands {
            state.operands.push(p.resolve_operand(value, ty)?);
        }
        // One by one: an op has a result or two (no `memcpy` call).
        for &ty in results {
            state.result_types.push(ty);
        }
        // Most ops read no attribute and no dictionary: nothing to fill.
        if self.dict.is_some() || self.attrs.iter().any(Option::is_some) {
            let (props, discardable) = split_attrs(p, layout, &self.attrs, self.dict);
            store_attrs(p, state, &props, &discardable);
        }
        Ok(())
    }
}

/// Checks `ty`, a type of operand `name` that a `TypesMatchWith`
/// transform reads, against the operand's constraint, as mlir-tblgen's
/// parsers do before the transform: `'name' must be SUMMARY, but got
/// 'TYPE'` at the op's name.
#[inline]
pub fn check_source_type(
    p: &mut OpAsmParser<'_>,
    ty: Type,
    name: &str,
    constraint: &crate::errors::TypeConstraint,
) -> PResult<()> {
    match (constraint.check)(p.ctx(), ty) {
        true => Ok(()),
        false => source_type_error(p, ty, name, constraint.summary),
    }
}

#[cold]
#[inline(never)]
fn source_type_error(p: &mut OpAsmParser<'_>, ty: Type, name: &str, summary: &str) -> PResult<()> {
    let at = p.name_location();
    let got = ir::printer::print_type_str(p.ctx(), ty);
    p.emit_error(at, format!("'{name}' must be {summary}, but got '{got}'"))
}

/// The one type a `TypesMatchWith` transform gives a single value (its
/// result may be a `Type`, an `Option<Type>` or a list, see
/// [`super::GroupTypes`]); none or several is an error at the op's name
/// (the check of the transform's source, [`check_source_type`], rules
/// that out for the transforms of the ported dialects).
#[inline]
pub fn single_type(p: &mut OpAsmParser<'_>, types: impl super::GroupTypes) -> PResult<Type> {
    let mut types = types.for_group(1);
    match (types.next(), types.next()) {
        (Some(t), None) => Ok(t),
        _ => {
            let at = p.name_location();
            p.emit_error(at, "expected one type from the format's type transform")
        }
    }
}
