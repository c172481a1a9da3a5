//! The custom forms the spec leaves to Rust (upstream's `LLVMDialect.cpp`),
//! read and written as `mlir-opt` 22 does:
//!
//! ```text
//! llvm.icmp "slt" %a, %b ({attrs})? : i32
//! llvm.fcmp "olt" %a, %b ({attrs})? : f32
//! llvm.alloca (inalloca)? %n x !llvm.struct<(i32)> ({attrs})? : (i64) -> !llvm.ptr
//! llvm.getelementptr %p[%i, 1, 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<...>
//! llvm.switch %v : i32, ^bb1 [ 1: ^bb2(%x : i32), ... ]
//! ```
//!
//! and `custom<InsertExtractValueElementType>`, which prints nothing and
//! infers the element type from the container and the position.

use ods_runtime::format::set_attributes;
use ods_runtime::ir::parser::ops::{OpAsmParser, UnresolvedOperand};
use ods_runtime::ir::parser::{Delimiter, PResult};
use ods_runtime::ir::printer::ops::OpAsmPrinter;
use ods_runtime::ir::printer::print_type_str;
use ods_runtime::ir::{
    AttrKind, Attribute, BlockId, Context, NamedAttribute, OpId, OperationState, Type, TypeKind,
    Value,
};
use ods_runtime::op::inherent_attr;

use crate::pred::{is_compatible_outer_type, is_compatible_vector_type};
use crate::{FCmpPredicate, ICmpPredicate, LLVMArrayType, LLVMPointerType, LLVMStructType};

/// `icmp` / `fcmp`: the predicate's name and `symbolize`.
pub(crate) struct CmpPredicates {
    pub(crate) parse: fn(&str) -> Option<u64>,
    pub(crate) name: fn(u64) -> &'static str,
}

pub(crate) const ICMP: CmpPredicates = CmpPredicates {
    parse: |s| s.parse::<ICmpPredicate>().ok().map(ICmpPredicate::value),
    name: |v| ICmpPredicate::from_value(v).map_or("", ICmpPredicate::as_str),
};

pub(crate) const FCMP: CmpPredicates = CmpPredicates {
    parse: |s| s.parse::<FCmpPredicate>().ok().map(FCmpPredicate::value),
    name: |v| FCmpPredicate::from_value(v).map_or("", FCmpPredicate::as_str),
};

/// `i1`, or a vector of `i1` as long as `ty` when it is a vector
/// (upstream's `getI1SameShape`).
pub fn i1_same_shape(ctx: &mut Context, ty: Type) -> Type {
    let i1 = ctx.int_type(1);
    if is_compatible_vector_type(ctx, ty) {
        if let TypeKind::Vector {
            shape, scalable, ..
        } = ctx.type_kind(ty).clone()
        {
            return ctx.vector_type(&shape, &scalable, i1);
        }
    }
    i1
}

/// Reads `"pred" %lhs, %rhs {attrs} : type` (upstream's `parseCmpOp`).
pub(crate) fn parse_cmp(
    p: &mut OpAsmParser<'_>,
    state: &mut OperationState,
    predicates: &CmpPredicates,
) -> PResult<()> {
    let predicate_at = p.current_location();
    let predicate = p.parse_attribute()?;
    let lhs = p.parse_operand()?;
    p.parse_comma()?;
    let rhs = p.parse_operand()?;
    let dict = p.parse_optional_attr_dict()?;
    p.parse_colon()?;
    let type_at = p.current_location();
    let ty = p.parse_type()?;
    let lhs = p.resolve_operand(lhs, ty)?;
    let rhs = p.resolve_operand(rhs, ty)?;
    state.operands.extend([lhs, rhs]);
    let parsed = match p.ctx().attr_kind(predicate) {
        AttrKind::String { value, .. } => std::str::from_utf8(value)
            .ok()
            .and_then(predicates.parse)
            .ok_or_else(|| String::from_utf8_lossy(value).into_owned()),
        _ => return p.emit_error(predicate_at, "invalid kind of attribute specified"),
    };
    let value = match parsed {
        Ok(value) => value,
        Err(text) => {
            return p.emit_error(
                predicate_at,
                format!("'{text}' is an incorrect value of the 'predicate' attribute"),
            )
        }
    };
    let ctx = p.ctx();
    let i64_ty = ctx.int_type(64);
    let props = vec![NamedAttribute {
        name: ctx.ident("predicate"),
        value: ctx.integer_attr(i64_ty, i128::from(value)),
    }];
    if !is_compatible_outer_type(p.ctx(), ty) {
        return p.emit_error(type_at, "expected LLVM dialect-compatible type");
    }
    state.result_types.push(i1_same_shape(p.ctx(), ty));
    set_attributes(p, state, dict, &["predicate", "fastmathFlags"], props);
    Ok(())
}

/// Whether `attr` is `#llvm.fastmath<none>` (upstream's `processFMFAttr`
/// drops it from the printed dictionary).
/// The op's attributes to print, without a `fastmathFlags` of no flags
/// (upstream's formats elide the default).
pub(crate) fn attrs_without_default_fastmath(
    pr: &OpAsmPrinter<'_, '_>,
    op: OpId,
) -> Vec<NamedAttribute> {
    let ctx = pr.ctx();
    let no_flags = |a: Attribute| {
        crate::FastmathFlagsAttr::try_value(ctx, a) == Some(crate::FastmathFlags::NONE)
    };
    pr.op_attrs(op)
        .into_iter()
        .filter(|a| !(ctx.str(a.name) == "fastmathFlags" && no_flags(a.value)))
        .collect()
}

/// Prints what [`parse_cmp`] reads.
pub(crate) fn print_cmp(pr: &mut OpAsmPrinter<'_, '_>, op: OpId, predicates: &CmpPredicates) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let value = inherent_attr(ctx, ir, op, "predicate")
        .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
        .unwrap_or(0);
    let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
    let ty = ir.value_type(lhs);
    let attrs = attrs_without_default_fastmath(pr, op);
    pr.print_str(" \"");
    pr.print_str((predicates.name)(value as u64));
    pr.print_str("\" ");
    pr.print_operand(lhs);
    pr.print_str(", ");
    pr.print_operand(rhs);
    pr.print_optional_attr_dict(&attrs, &["predicate"]);
    pr.print_str(" : ");
    pr.print_type(ty);
}

/// `llvm.icmp`'s custom form.
pub fn parse_icmp(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_cmp(p, state, &ICMP)
}

/// Prints what [`parse_icmp`] reads.
pub fn print_icmp(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_cmp(pr, op, &ICMP)
}

/// `llvm.fcmp`'s custom form.
pub fn parse_fcmp(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    parse_cmp(p, state, &FCMP)
}

/// Prints what [`parse_fcmp`] reads.
pub fn print_fcmp(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    print_cmp(pr, op, &FCMP)
}

/// `llvm.alloca`'s custom form (upstream's `AllocaOp::parse`): the
/// result type comes from a trailing function type.
pub fn parse_alloca(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    let mut props = Vec::new();
    if p.parse_optional_keyword("inalloca") {
        let ctx = p.ctx();
        props.push(NamedAttribute {
            name: ctx.ident("inalloca"),
            value: ctx.unit_attr(),
        });
    }
    let size = p.parse_operand()?;
    p.parse_keyword("x")?;
    let elem_type = p.parse_type()?;
    let mut dict = p.parse_optional_attr_dict()?;
    p.parse_colon()?;
    let type_at = p.current_location();
    let ty = p.parse_type()?;
    if let Some(d) = dict {
        let entries = match p.ctx().attr_kind(d) {
            AttrKind::Dictionary(entries) => entries.to_vec(),
            _ => Vec::new(),
        };
        if let Some(align) = entries.iter().find(|e| p.ctx().str(e.name) == "alignment") {
            match ods_runtime::pred::integer_attr_value(p.ctx(), align.value) {
                None => {
                    let at = p.name_location();
                    return p.emit_error(at, "expected integer alignment");
                }
                Some(0) => {
                    let kept: Vec<NamedAttribute> = entries
                        .iter()
                        .copied()
                        .filter(|e| p.ctx().str(e.name) != "alignment")
                        .collect();
                    dict = Some(p.ctx().dictionary_attr(kept));
                }
                Some(_) => {}
            }
        }
    }
    let (inputs, results) = match p.ctx().type_kind(ty) {
        TypeKind::Function { inputs, results } if inputs.len() == 1 && results.len() == 1 => {
            (inputs[0], results[0])
        }
        _ => {
            return p.emit_error(
                type_at,
                "expected trailing function type with one argument and one result",
            )
        }
    };
    let size = p.resolve_operand(size, inputs)?;
    state.operands.push(size);
    if LLVMPointerType::from_type(p.ctx(), results).is_some() {
        let ctx = p.ctx();
        let value = ctx.type_attr(elem_type);
        props.push(NamedAttribute {
            name: ctx.ident("elem_type"),
            value,
        });
    }
    state.result_types.push(results);
    set_attributes(
        p,
        state,
        dict,
        &["alignment", "elem_type", "inalloca"],
        props,
    );
    Ok(())
}

/// Prints what [`parse_alloca`] reads.
pub fn print_alloca(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    let (ctx, ir) = (pr.ctx(), pr.ir());
    let size = ir.operand(op, 0);
    let size_ty = ir.value_type(size);
    let result_ty = ir.results(op).next().map(|r| ir.value_type(r));
    let elem_type = inherent_attr(ctx, ir, op, "elem_type")
        .and_then(|a| ods_runtime::pred::type_attr_value(ctx, a));
    let inalloca = inherent_attr(ctx, ir, op, "inalloca").is_some();
    let aligned = inherent_attr(ctx, ir, op, "alignment")
        .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))
        .is_some_and(|a| a != 0);
    let attrs = pr.op_attrs(op);
    if inalloca {
        pr.print_str(" inalloca");
    }
    pr.print_str(" ");
    pr.print_operand(size);
    pr.print_str(" x ");
    if let Some(t) = elem_type {
        pr.print_type(t);
    }
    if aligned {
        pr.print_optional_attr_dict(&attrs, &["elem_type", "inalloca"]);
    } else {
        pr.print_optional_attr_dict(&attrs, &["alignment", "elem_type", "inalloca"]);
    }
    pr.print_str(" : ");
    pr.print_functional_type(&[size_ty], &result_ty.into_iter().collect::<Vec<_>>());
}

/// The marker of a dynamic index among a GEP's constant indices
/// (upstream's `GEPOp::kDynamicIndex`).
pub const GEP_DYNAMIC_INDEX: i32 = i32::MIN;

/// `custom<GEPIndices>`: `%v` or an `i32` literal, separated by commas.
pub fn parse_gep_indices<'a>(
    p: &mut OpAsmParser<'a>,
    indices: &mut Vec<UnresolvedOperand<'a>>,
    raw_constant_indices: &mut Option<Attribute>,
) -> PResult<()> {
    let mut constants: Vec<i32> = Vec::new();
    p.parse_comma_separated_list(Delimiter::None, "", |p| {
        if let Some(c) = p.parse_optional_integer::<i32>()? {
            constants.push(c);
            return Ok(());
        }
        constants.push(GEP_DYNAMIC_INDEX);
        indices.push(p.parse_operand()?);
        Ok(())
    })?;
    *raw_constant_indices = Some(ods_runtime::attr::dense_array::<i32>(p.ctx(), &constants));
    Ok(())
}

/// Prints what [`parse_gep_indices`] reads.
pub fn print_gep_indices(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    indices: &[Value],
    raw_constant_indices: Option<Attribute>,
) {
    let constants = raw_constant_indices
        .map(|a| ods_runtime::attr::dense_array_values::<i32>(pr.ctx(), a))
        .unwrap_or_default();
    let mut dynamic = indices.iter();
    for (i, &c) in constants.iter().enumerate() {
        if i > 0 {
            pr.print_str(", ");
        }
        match (c == GEP_DYNAMIC_INDEX).then(|| dynamic.next()).flatten() {
            Some(&v) => pr.print_operand(v),
            None => pr.print_str(&c.to_string()),
        }
    }
}

/// The type at `position` inside `container` (upstream's
/// `getInsertExtractValueElementType`), or the message saying why there
/// is none.
pub fn insert_extract_value_element_type(
    ctx: &Context,
    container: Type,
    position: &[i64],
) -> Result<Type, String> {
    if !is_compatible_outer_type(ctx, container) {
        return Err(format!(
            "expected LLVM IR Dialect type, got '{}'",
            print_type_str(ctx, container)
        ));
    }
    let mut ty = container;
    for &idx in position {
        if let Some(array) = LLVMArrayType::from_type(ctx, ty) {
            if idx < 0 || idx as u64 >= array.num_elements(ctx) {
                return Err(format!("position out of bounds: {idx}"));
            }
            ty = array.element_type(ctx);
        } else if let Some(st) = LLVMStructType::from_type(ctx, ty) {
            let body = st.body(ctx);
            match usize::try_from(idx).ok().and_then(|i| body.get(i)) {
                Some(&t) => ty = t,
                None => return Err(format!("position out of bounds: {idx}")),
            }
        } else {
            return Err(format!(
                "expected LLVM IR structure/array type, got: '{}'",
                print_type_str(ctx, ty)
            ));
        }
    }
    Ok(ty)
}

/// `custom<InsertExtractValueElementType>`: nothing to read; the element
/// type is inferred (an error at the current token when it cannot be).
pub fn parse_insert_extract_value_element_type(
    p: &mut OpAsmParser<'_>,
    value_type: &mut Option<Type>,
    container_type: Type,
    position: Option<Attribute>,
) -> PResult<()> {
    let position = position
        .map(|a| ods_runtime::attr::dense_array_values::<i64>(p.ctx(), a))
        .unwrap_or_default();
    match insert_extract_value_element_type(p.ctx(), container_type, &position) {
        Ok(t) => {
            *value_type = Some(t);
            Ok(())
        }
        Err(message) => {
            let at = p.current_location();
            p.emit_error(at, message)
        }
    }
}

/// `custom<InsertExtractValueElementType>`: prints nothing.
pub fn print_insert_extract_value_element_type(
    _pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    _value_type: Type,
    _container_type: Type,
    _position: Option<Attribute>,
) {
}

/// A dense vector of the case values with the flag's type.
fn case_values_attr(ctx: &mut Context, flag_type: Type, values: &[i64]) -> Attribute {
    let ty = ctx.vector_type(&[values.len() as i64], &[false], flag_type);
    ods_runtime::attr::dense_int_elements(ctx, ty, values)
        .unwrap_or_else(|| ods_runtime::attr::unit(ctx))
}

/// `custom<SwitchOpCases>`: `[` then `value: ^bb(%x : t)` cases separated
/// by commas, then `]`.
pub fn parse_switch_op_cases<'a>(
    p: &mut OpAsmParser<'a>,
    flag_type: Type,
    case_values: &mut Option<Attribute>,
    case_destinations: &mut Vec<BlockId>,
    case_operands: &mut Vec<Vec<UnresolvedOperand<'a>>>,
    case_operand_types: &mut Vec<Vec<Type>>,
) -> PResult<()> {
    p.parse_lsquare()?;
    if p.parse_optional_rsquare() {
        return Ok(());
    }
    let mut values = Vec::new();
    p.parse_comma_separated_list(Delimiter::None, "", |p| {
        values.push(p.parse_integer::<i64>()?);
        p.parse_colon()?;
        case_destinations.push(p.parse_successor()?);
        let (mut operands, mut types) = (Vec::new(), Vec::new());
        if p.parse_optional_lparen() {
            operands = p.parse_operand_list_without_result_numbers(Delimiter::None)?;
            types = p.parse_colon_type_list()?;
            p.parse_rparen()?;
        }
        case_operands.push(operands);
        case_operand_types.push(types);
        Ok(())
    })?;
    *case_values = Some(case_values_attr(p.ctx(), flag_type, &values));
    p.parse_rsquare()
}

/// The case values as upstream prints them (`APInt`s, signed).
fn case_ints(ctx: &Context, values: Attribute) -> Vec<String> {
    ods_runtime::matchers::dense_ints(ctx, values)
        .unwrap_or_default()
        .into_iter()
        .map(|v| v.to_string())
        .collect()
}

/// Prints what [`parse_switch_op_cases`] reads, one case per line.
pub fn print_switch_op_cases(
    pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    _flag_type: Type,
    case_values: Option<Attribute>,
    case_destinations: &[BlockId],
    case_operands: &[Vec<Value>],
    _case_operand_types: &[Vec<Type>],
) {
    pr.print_str("[");
    pr.print_newline();
    let Some(values) = case_values.map(|v| case_ints(pr.ctx(), v)) else {
        pr.print_str("]");
        return;
    };
    for (i, (value, &block)) in values.iter().zip(case_destinations).enumerate() {
        if i > 0 {
            pr.print_str(",");
            pr.print_newline();
        }
        pr.print_str("  ");
        pr.print_str(value);
        pr.print_str(": ");
        let operands = case_operands.get(i).map_or(&[][..], Vec::as_slice);
        pr.print_successor_and_use_list(block, operands);
    }
    pr.print_newline();
    pr.print_str("]");
}

/// `custom<ShuffleType>` of `llvm.shufflevector`: reads nothing; the
/// result is a vector of the operands' element type with one element per
/// mask entry, scalable when the operands are (upstream's
/// `parseShuffleType`).
pub fn parse_shuffle_type(
    p: &mut OpAsmParser<'_>,
    v1_type: Type,
    result_type: &mut Option<Type>,
    mask: Option<Attribute>,
) -> PResult<()> {
    if !is_compatible_vector_type(p.ctx(), v1_type) {
        let at = p.current_location();
        return p.emit_error(at, "expected an LLVM compatible vector type");
    }
    let ctx = p.ctx();
    let count = mask.map_or(0, |m| {
        ods_runtime::attr::dense_array_values::<i32>(ctx, m).len()
    });
    let (element, scalable) = match ctx.type_kind(v1_type) {
        TypeKind::Vector {
            element, scalable, ..
        } => (*element, scalable.first().copied().unwrap_or(false)),
        _ => return Ok(()),
    };
    *result_type = Some(ctx.vector_type(&[count as i64], &[scalable], element));
    Ok(())
}

/// `custom<ShuffleType>`: prints nothing.
pub fn print_shuffle_type(
    _pr: &mut OpAsmPrinter<'_, '_>,
    _op: OpId,
    _v1_type: Type,
    _result_type: Type,
    _mask: Option<Attribute>,
) {
}
