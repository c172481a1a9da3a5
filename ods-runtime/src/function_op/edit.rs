//! Editing a function op's signature: upstream's `FunctionOpInterface`
//! methods `insertArguments`, `insertResults`, `eraseArguments`,
//! `eraseResults`, `getTypeWithArgsAndResults`,
//! `getTypeWithoutArgsAndResults` and the default `cloneTypeWith`, over
//! `function_interface_impl::insertFunctionArguments` and its kin.
//!
//! In: a function op, indices into its current argument (result) list and
//! what to insert there. Out: the op with its function type, its
//! `arg_attrs`/`res_attrs` array and its entry block's arguments (for a
//! definition) updated together; or, when the edit cannot be made, a
//! [`SignatureEditError`] and the op as it was. Upstream returns
//! `failure()` when `cloneTypeWith` gives no type (`llvm.func`'s type has
//! exactly one result) and asserts on the rest; here every check is made
//! before the first change.
//!
//! The attribute arrays follow upstream's rules: an insertion makes the
//! array when the op had one or attributes are given, with an empty
//! dictionary for each argument (result) that has none; an erasure filters
//! the array when there is one; either way an array left with only empty
//! dictionaries is removed.

use std::fmt;

use super::{elements, set_all_attr_dicts, ArgOrResult};
use crate::interfaces::FunctionOpInterface;
use ir::{Attribute, Context, Ir, Location, Type, TypeKind};

/// Why a signature edit was refused (the op is left as it was).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureEditError {
    /// The lists given differ in length: indices and types, or the
    /// attribute dictionaries (when given) or locations and the indices.
    LengthMismatch,
    /// An index past the end of the argument (result) list, or insertion
    /// indices that decrease.
    BadIndex(usize),
    /// `cloneTypeWith` gave no type for the new inputs and results (the op
    /// has no function type, or one that cannot hold them).
    TypeNotCloned,
    /// An argument to erase is still used in the body.
    ArgumentInUse(usize),
}

impl fmt::Display for SignatureEditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SignatureEditError::LengthMismatch => {
                f.write_str("the indices, types, attributes and locations differ in number")
            }
            SignatureEditError::BadIndex(i) => write!(f, "index {i} is out of range or order"),
            SignatureEditError::TypeNotCloned => {
                f.write_str("the function type cannot take the new arguments and results")
            }
            SignatureEditError::ArgumentInUse(i) => {
                write!(f, "argument {i} still has uses")
            }
        }
    }
}

impl std::error::Error for SignatureEditError {}

/// `ty` (the op's function type) with `inputs` and `results`, when it is a
/// builtin function type: the default `cloneTypeWith` (upstream's
/// `FunctionType::clone`).
pub fn clone_function_type(
    ctx: &mut Context,
    ty: Option<Type>,
    inputs: &[Type],
    results: &[Type],
) -> Option<Type> {
    match ctx.type_kind(ty?) {
        TypeKind::Function { .. } => Some(ctx.function_type(inputs, results)),
        _ => None,
    }
}

/// Checks insertion `indices` against a list of `count` entries and `n`
/// new entries: one index each, each at most `count`, never decreasing.
fn check_insertion(indices: &[usize], n: usize, count: usize) -> Result<(), SignatureEditError> {
    if indices.len() != n {
        return Err(SignatureEditError::LengthMismatch);
    }
    let mut last = 0;
    for &i in indices {
        if i > count || i < last {
            return Err(SignatureEditError::BadIndex(i));
        }
        last = i;
    }
    Ok(())
}

/// `old` with `new[k]` inserted before `old[indices[k]]` (upstream's
/// `insertTypesInto`); the indices are checked.
fn inserted<T: Copy>(old: &[T], indices: &[usize], new: &[T]) -> Vec<T> {
    let mut out = Vec::with_capacity(old.len() + new.len());
    let mut from = 0;
    for (&i, &value) in indices.iter().zip(new) {
        out.extend_from_slice(&old[from..i]);
        out.push(value);
        from = i;
    }
    out.extend_from_slice(&old[from..]);
    out
}

/// Which of `count` entries `indices` names (upstream's `BitVector`).
fn erase_mask(indices: &[usize], count: usize) -> Result<Vec<bool>, SignatureEditError> {
    let mut mask = vec![false; count];
    for &i in indices {
        *mask.get_mut(i).ok_or(SignatureEditError::BadIndex(i))? = true;
    }
    Ok(mask)
}

/// `old` without the entries `mask` names (upstream's `filterTypesOut`).
fn kept<T: Copy>(old: &[T], mask: &[bool]) -> Vec<T> {
    old.iter()
        .zip(mask)
        .filter(|(_, &erase)| !erase)
        .map(|(&v, _)| v)
        .collect()
}

/// `getTypeWithArgsAndResults`: the op's type with the arguments and
/// results inserted, `None` for bad indices or when `cloneTypeWith`
/// refuses.
pub fn type_with_args_and_results<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &Ir,
    arg_indices: &[usize],
    arg_types: &[Type],
    result_indices: &[usize],
    result_types: &[Type],
) -> Option<Type> {
    new_type_with(
        op,
        ctx,
        ir,
        (arg_indices, arg_types),
        (result_indices, result_types),
    )
    .ok()
}

/// The type with insertions, or why there is none.
fn new_type_with<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &Ir,
    (arg_indices, arg_types): (&[usize], &[Type]),
    (result_indices, result_types): (&[usize], &[Type]),
) -> Result<Type, SignatureEditError> {
    let inputs = op.get_argument_types(ctx, ir);
    let results = op.get_result_types(ctx, ir);
    check_insertion(arg_indices, arg_types.len(), inputs.len())?;
    check_insertion(result_indices, result_types.len(), results.len())?;
    let inputs = inserted(&inputs, arg_indices, arg_types);
    let results = inserted(&results, result_indices, result_types);
    op.clone_type_with(ctx, ir, &inputs, &results)
        .ok_or(SignatureEditError::TypeNotCloned)
}

/// `getTypeWithoutArgsAndResults`: the op's type without the arguments
/// and results named, `None` for an index past the end or when
/// `cloneTypeWith` refuses.
pub fn type_without_args_and_results<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &Ir,
    arg_indices: &[usize],
    result_indices: &[usize],
) -> Option<Type> {
    new_type_without(op, ctx, ir, arg_indices, result_indices)
        .ok()
        .map(|(ty, _)| ty)
}

/// The type with erasures and the two masks, or why there is none.
fn new_type_without<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &Ir,
    arg_indices: &[usize],
    result_indices: &[usize],
) -> Result<(Type, [Vec<bool>; 2]), SignatureEditError> {
    let inputs = op.get_argument_types(ctx, ir);
    let results = op.get_result_types(ctx, ir);
    let arg_mask = erase_mask(arg_indices, inputs.len())?;
    let result_mask = erase_mask(result_indices, results.len())?;
    let ty = op
        .clone_type_with(
            ctx,
            ir,
            &kept(&inputs, &arg_mask),
            &kept(&results, &result_mask),
        )
        .ok_or(SignatureEditError::TypeNotCloned)?;
    Ok((ty, [arg_mask, result_mask]))
}

/// The argument (result) dictionaries with `attrs` inserted at `indices`
/// (`insertFunctionArguments`' attribute half), set on `op`: only when it
/// has an array or `attrs` has entries.
fn insert_attr_dicts<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    which: ArgOrResult,
    (indices, attrs): (&[usize], &[Attribute]),
    count: usize,
) {
    let array = which.get(op, ctx, ir);
    if array.is_none() && attrs.is_empty() {
        return;
    }
    let empty = ctx.dictionary_attr(Vec::new());
    let mut old = elements(ctx, array);
    old.resize(count, empty);
    let new = if attrs.is_empty() {
        vec![empty; indices.len()]
    } else {
        attrs.to_vec()
    };
    let all = inserted(&old, indices, &new);
    set_all_attr_dicts(op, ctx, ir, which, &all);
}

/// The argument (result) dictionaries without the ones `mask` names,
/// when `op` has an array.
fn erase_attr_dicts<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    which: ArgOrResult,
    mask: &[bool],
) {
    let Some(array) = which.get(op, ctx, ir) else {
        return;
    };
    let all = kept(&elements(ctx, Some(array)), mask);
    set_all_attr_dicts(op, ctx, ir, which, &all);
}

/// The entry block of a definition (`None` for a declaration).
fn entry_block<F: FunctionOpInterface>(op: F, ir: &Ir) -> Option<ir::BlockId> {
    op.get_function_body(ir).and_then(|r| ir.first_block(r))
}

/// `insertArguments`: inserts arguments of `types` before the arguments
/// at `indices` (increasing), with dictionaries `attrs` (one each, or
/// none) and locations `locs` (one each).
pub fn insert_arguments<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    indices: &[usize],
    types: &[Type],
    attrs: &[Attribute],
    locs: &[Location],
) -> Result<(), SignatureEditError> {
    if locs.len() != indices.len() || !(attrs.is_empty() || attrs.len() == indices.len()) {
        return Err(SignatureEditError::LengthMismatch);
    }
    let count = op.get_num_arguments(ctx, ir);
    let new_type = new_type_with(op, ctx, ir, (indices, types), (&[], &[]))?;
    let entry = entry_block(op, ir);
    if entry.is_some_and(|b| ir.num_arguments(b) != count) {
        // An entry block out of step with the type (unverified IR).
        return Err(SignatureEditError::BadIndex(count));
    }
    if indices.is_empty() {
        return Ok(());
    }
    insert_attr_dicts(op, ctx, ir, ArgOrResult::Argument, (indices, attrs), count);
    let attr = ctx.type_attr(new_type);
    op.set_function_type_attr(ctx, ir, attr);
    if let Some(block) = entry {
        for (k, ((&i, &ty), &loc)) in indices.iter().zip(types).zip(locs).enumerate() {
            ir.insert_argument(block, i + k, ty, loc);
        }
    }
    Ok(())
}

/// `insertResults`: inserts results of `types` before the results at
/// `indices` (increasing), with dictionaries `attrs` (one each, or none).
pub fn insert_results<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    indices: &[usize],
    types: &[Type],
    attrs: &[Attribute],
) -> Result<(), SignatureEditError> {
    if !(attrs.is_empty() || attrs.len() == indices.len()) {
        return Err(SignatureEditError::LengthMismatch);
    }
    let count = op.get_num_results(ctx, ir);
    let new_type = new_type_with(op, ctx, ir, (&[], &[]), (indices, types))?;
    if indices.is_empty() {
        return Ok(());
    }
    insert_attr_dicts(op, ctx, ir, ArgOrResult::Result, (indices, attrs), count);
    let attr = ctx.type_attr(new_type);
    op.set_function_type_attr(ctx, ir, attr);
    Ok(())
}

/// `eraseArguments`: erases the arguments at `indices` (any order), none
/// of which the body may still use.
pub fn erase_arguments<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    indices: &[usize],
) -> Result<(), SignatureEditError> {
    let (new_type, [mask, _]) = new_type_without(op, ctx, ir, indices, &[])?;
    let entry = entry_block(op, ir);
    if let Some(block) = entry {
        if ir.num_arguments(block) != mask.len() {
            return Err(SignatureEditError::BadIndex(mask.len()));
        }
        if let Some(i) = (0..mask.len()).find(|&i| mask[i] && ir.has_uses(ir.argument(block, i))) {
            return Err(SignatureEditError::ArgumentInUse(i));
        }
    }
    erase_attr_dicts(op, ctx, ir, ArgOrResult::Argument, &mask);
    let attr = ctx.type_attr(new_type);
    op.set_function_type_attr(ctx, ir, attr);
    if let Some(block) = entry {
        for i in (0..mask.len()).rev().filter(|&i| mask[i]) {
            ir.erase_argument(block, i);
        }
    }
    Ok(())
}

/// `eraseResults`: erases the results at `indices` (any order).
pub fn erase_results<F: FunctionOpInterface>(
    op: F,
    ctx: &mut Context,
    ir: &mut Ir,
    indices: &[usize],
) -> Result<(), SignatureEditError> {
    let (new_type, [_, mask]) = new_type_without(op, ctx, ir, &[], indices)?;
    erase_attr_dicts(op, ctx, ir, ArgOrResult::Result, &mask);
    let attr = ctx.type_attr(new_type);
    op.set_function_type_attr(ctx, ir, attr);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insertion_keeps_the_order_given_at_equal_indices() {
        assert_eq!(
            inserted(&[1, 2], &[0, 1, 1, 2], &[10, 20, 21, 30]),
            [10, 1, 20, 21, 2, 30]
        );
        assert_eq!(inserted::<u8>(&[], &[], &[]), [] as [u8; 0]);
        assert_eq!(check_insertion(&[0, 2, 2], 3, 2), Ok(()));
        assert_eq!(
            check_insertion(&[3], 1, 2),
            Err(SignatureEditError::BadIndex(3))
        );
        assert_eq!(
            check_insertion(&[1, 0], 2, 2),
            Err(SignatureEditError::BadIndex(0))
        );
        assert_eq!(
            check_insertion(&[0], 2, 2),
            Err(SignatureEditError::LengthMismatch)
        );
    }

    #[test]
    fn erasure_takes_indices_in_any_order() {
        let mask = erase_mask(&[3, 0, 3], 4).unwrap();
        assert_eq!(mask, [true, false, false, true]);
        assert_eq!(kept(&['a', 'b', 'c', 'd'], &mask), ['b', 'c']);
        assert_eq!(erase_mask(&[4], 4), Err(SignatureEditError::BadIndex(4)));
    }

    #[test]
    fn the_default_clone_takes_builtin_function_types_only() {
        let mut ctx = Context::new();
        let i1 = ctx.int_type(1);
        let f = ctx.function_type(&[], &[]);
        let want = ctx.function_type(&[i1], &[i1, i1]);
        assert_eq!(
            clone_function_type(&mut ctx, Some(f), &[i1], &[i1, i1]),
            Some(want)
        );
        assert_eq!(clone_function_type(&mut ctx, Some(i1), &[], &[]), None);
        assert_eq!(clone_function_type(&mut ctx, None, &[], &[]), None);
    }
}
