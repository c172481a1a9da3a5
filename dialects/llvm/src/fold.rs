//! The LLVM dialect's `fold` hooks (`hasFolder = 1` in `LLVMOps.td`) and
//! its constant materializer: upstream's folds of `LLVMDialect.cpp`,
//! written in Rust, in the shape `ods_runtime::fold` fixes.
//!
//! In: the op and the constant value of each operand (`None` where not
//! constant). Out: what the result folds to (`None`: no fold); an op
//! updated in place (a cast chain shortened, a GEP's constant indices
//! made static, an `extractvalue` reading an earlier container, an
//! `icmp`'s operands swapped) returns its own result.
//!
//! Constants are integers and floats (builtin attributes), `#llvm.undef`,
//! `#llvm.poison`, `#llvm.zero` and `@symbol` (of `llvm.mlir.addressof`);
//! [`LlvmDialect::materialize_constant`] turns each back into its op.
//!
//! Not done (the fold declines where upstream would go on): extracting
//! from a `dense<...>` of complex numbers or strings, a `dense_resource`
//! or a `sparse` constant.

use num_bigint::{BigInt, Sign};
use ods_runtime::fold::OpFoldResult;
use ods_runtime::ir::attributes::IntValue;
use ods_runtime::ir::builder::OpBuilder;
use ods_runtime::ir::{
    AttrKind, Attribute, Context, Ir, Location, OpId, Signedness, Type, TypeKind,
};
use ods_runtime::op::{inherent_attr, set_inherent_attr};
use ods_runtime::Op;

use crate::format::GEP_DYNAMIC_INDEX;
use crate::pred::{is_compatible_type, is_pointer};
use crate::symbol_param::FlatSymbolRef;
use crate::{
    AddrSpaceCastOp, AddressOfOp, AllocaOp, BitcastOp, BlockAddressOp, ConstantOp,
    DSOLocalEquivalentAttr, DSOLocalEquivalentOp, ExtractValueOp, GEPOp, ICmpOp, InsertValueOp,
    LlvmDialect, OrOp, PoisonAttr, PoisonOp, ShlOp, ShuffleVectorOp, UndefAttr, UndefOp, ZExtOp,
    ZeroAttr, ZeroOp,
};

/// `ICmpPredicate::eq` and `ne` as the `predicate` attribute stores them.
const ICMP_EQ: i64 = 0;
const ICMP_NE: i64 = 1;

/// The bit pattern (an unsigned value below `2^width`) and width of an
/// integer attribute (`index` is 64 bits wide).
fn int_bits(ctx: &Context, attr: Option<Attribute>) -> Option<(BigInt, u32)> {
    let AttrKind::Integer { ty, value } = ctx.attr_kind(attr?) else {
        return None;
    };
    let width = int_width(ctx, *ty)?;
    Some((wrap(value.to_big(), width), width))
}

/// The width of an integer or `index` type.
fn int_width(ctx: &Context, ty: Type) -> Option<u32> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { width, .. } => Some(*width),
        TypeKind::Index => Some(64),
        _ => None,
    }
}

/// `v` modulo `2^width`, as a non-negative value.
fn wrap(v: BigInt, width: u32) -> BigInt {
    let modulus = BigInt::from(1) << width;
    ((v % &modulus) + &modulus) % modulus
}

/// The integer attribute of type `ty` with bit pattern `bits` (wrapped to
/// the width of `ty`), holding the value as it prints: unsigned for
/// unsigned types, two's complement otherwise (MLIR's
/// `IntegerAttr::get(type, APInt)`).
fn int_attr(ctx: &mut Context, ty: Type, bits: BigInt) -> Option<Attribute> {
    let width = int_width(ctx, ty)?;
    let bits = wrap(bits, width);
    let unsigned = matches!(
        ctx.type_kind(ty),
        TypeKind::Integer {
            signedness: Signedness::Unsigned,
            ..
        }
    );
    let negative = width > 0 && !unsigned && bits.bit(u64::from(width - 1));
    let value = if negative {
        bits - (BigInt::from(1) << width)
    } else {
        bits
    };
    Some(ctx.intern_attr(AttrKind::Integer {
        ty,
        value: IntValue::from_big(value),
    }))
}

/// The signed value of an integer attribute's bit pattern, when it fits
/// in 32 bits (`APInt::isSignedIntN(32)`).
fn signed_i32(ctx: &Context, attr: Option<Attribute>) -> Option<i32> {
    let (bits, width) = int_bits(ctx, attr)?;
    let signed = if width > 0 && bits.bit(u64::from(width - 1)) {
        bits - (BigInt::from(1) << width)
    } else {
        bits
    };
    i32::try_from(signed).ok()
}

/// `true` or `false` as `getBoolAttribute`: a bool for a scalar, a splat
/// of it for a vector of `i1`.
fn bool_attr(ctx: &mut Context, ty: Type, value: bool) -> Option<Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::Vector { .. } | TypeKind::RankedTensor { .. } => {
            ods_runtime::attr::dense_int_elements(ctx, ty, &[i64::from(value)])
        }
        _ => Some(ctx.bool_attr(value)),
    }
}

/// MLIR's `Builder::getZeroAttr`: the zero of an integer, `index` or
/// float type, a splat of it for a vector or ranked tensor of those;
/// `None` for other types.
pub fn zero_attr(ctx: &mut Context, ty: Type) -> Option<Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::Integer { .. } | TypeKind::Index => Some(ctx.integer_attr(ty, 0)),
        TypeKind::Float(_) => Some(ctx.float_attr(ty, 0.0)),
        TypeKind::Vector { element, .. } | TypeKind::RankedTensor { element, .. } => {
            let element = *element;
            match ctx.type_kind(element) {
                TypeKind::Integer { .. } | TypeKind::Index => {
                    ods_runtime::attr::dense_int_elements(ctx, ty, &[0])
                }
                TypeKind::Float(_) => ods_runtime::attr::dense_float_elements(ctx, ty, &[0.0]),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The value of a typed attribute's type (`TypedAttr::getType`).
fn typed_attr_type(ctx: &Context, attr: Attribute) -> Option<Type> {
    match ctx.attr_kind(attr) {
        AttrKind::Integer { ty, .. }
        | AttrKind::Float { ty, .. }
        | AttrKind::DenseElements { ty, .. }
        | AttrKind::DenseStrings { ty, .. }
        | AttrKind::DenseResource { ty, .. }
        | AttrKind::Sparse { ty, .. } => Some(*ty),
        _ => None,
    }
}

/// Element `index` of a constant container (upstream's
/// `extractElementAt`): the flat element of a `dense<...>`, the entry of
/// an array attribute, or the container itself when it is
/// `#llvm.zero`, `#llvm.undef` or `#llvm.poison`.
fn extract_element_at(ctx: &mut Context, attr: Attribute, index: i64) -> Option<Attribute> {
    let index = usize::try_from(index).ok()?;
    match ctx.attr_kind(attr) {
        AttrKind::Array(items) => return items.get(index).copied(),
        AttrKind::DenseElements { .. } => return dense_element(ctx, attr, index),
        _ => {}
    }
    let special = ZeroAttr::from_attr(ctx, attr).is_some()
        || UndefAttr::from_attr(ctx, attr).is_some()
        || PoisonAttr::from_attr(ctx, attr).is_some();
    special.then_some(attr)
}

/// Element `index` (in row-major order) of a `dense<...>` of integers or
/// floats, as an integer or float attribute of the element type.
fn dense_element(ctx: &mut Context, attr: Attribute, index: usize) -> Option<Attribute> {
    let AttrKind::DenseElements { ty, data } = ctx.attr_kind(attr) else {
        return None;
    };
    let count = ctx
        .shape(*ty)?
        .iter()
        .try_fold(1usize, |n, &d| n.checked_mul(usize::try_from(d).ok()?))?;
    if index >= count {
        return None;
    }
    let element = ctx.element_type(*ty)?;
    let size = data.scalar_bytes as usize;
    let at = if data.splat { 0 } else { index };
    let bytes = data.raw.get(at * size..(at + 1) * size)?.to_vec();
    match *ctx.type_kind(element) {
        TypeKind::Integer { .. } | TypeKind::Index => {
            int_attr(ctx, element, BigInt::from_bytes_le(Sign::Plus, &bytes))
        }
        TypeKind::Float(_) if size <= 16 => {
            let mut le = [0u8; 16];
            le[..size].copy_from_slice(&bytes);
            Some(ctx.float_attr_bits(element, u128::from_le_bytes(le)))
        }
        _ => None,
    }
}

/// The constant an aggregate `v` holds when one of the dialect's constant
/// ops defines it (the only constant ops of struct and array type whose
/// elements can be read).
fn aggregate_constant(
    ctx: &mut Context,
    ir: &mut Ir,
    v: ods_runtime::ir::Value,
) -> Option<Attribute> {
    let def = ir.defining_op(v)?;
    let folded = if let Some(c) = ConstantOp::from_op(ctx, ir, def) {
        c.fold(ctx, ir, &[])
    } else if let Some(z) = ZeroOp::from_op(ctx, ir, def) {
        z.fold(ctx, ir, &[])
    } else if let Some(u) = UndefOp::from_op(ctx, ir, def) {
        u.fold(ctx, ir, &[])
    } else {
        PoisonOp::from_op(ctx, ir, def)?.fold(ctx, ir, &[])
    };
    match folded? {
        OpFoldResult::Attribute(a) => Some(a),
        OpFoldResult::Value(_) => None,
    }
}

/// The op's first result, as the fold of an op updated in place.
fn itself(ir: &Ir, op: OpId) -> Option<OpFoldResult> {
    Some(OpFoldResult::Value(ir.result(op, 0)))
}

impl OrOp {
    /// `or` of two integer constants.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let (lhs, _) = int_bits(ctx, operands[0])?;
        let (rhs, _) = int_bits(ctx, operands[1])?;
        let ty = ir.value_type(ir.result(self.op(), 0));
        int_attr(ctx, ty, lhs | rhs).map(OpFoldResult::Attribute)
    }
}

impl ShlOp {
    /// `shl` of two integer constants, when the shift is below the width.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let (rhs, _) = int_bits(ctx, operands[1])?;
        let lhs_type = ir.value_type(ir.operand(self.op(), 0));
        let width = ctx.int_or_float_width(lhs_type)?;
        // `getZExtValue`: the low 64 bits of the amount.
        let amount = u64::try_from(wrap(rhs.clone(), 64)).ok()?;
        if amount >= u64::from(width) {
            return None;
        }
        let (lhs, _) = int_bits(ctx, operands[0])?;
        // `APInt::shl` shifts by the whole amount (all bits out past the
        // width), which only the check above reads as its low 64 bits.
        let shift = u64::try_from(rhs.min(BigInt::from(width))).ok()?;
        let ty = ir.value_type(ir.result(self.op(), 0));
        int_attr(ctx, ty, lhs << shift).map(OpFoldResult::Attribute)
    }
}

impl ZExtOp {
    /// `zext` of an integer constant.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let (arg, _) = int_bits(ctx, operands[0])?;
        let ty = ir.value_type(ir.result(self.op(), 0));
        int_attr(ctx, ty, arg).map(OpFoldResult::Attribute)
    }
}

impl ICmpOp {
    /// `eq`/`ne` of a value with itself, and of an `alloca` with null
    /// (`null` first is swapped behind the `alloca`, in place).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let predicate = inherent_attr(ctx, ir, op, "predicate")
            .and_then(|a| ods_runtime::pred::integer_attr_value(ctx, a))?;
        if predicate != ICMP_EQ && predicate != ICMP_NE {
            return None;
        }
        let ty = ir.value_type(ir.result(op, 0));
        let (lhs, rhs) = (ir.operand(op, 0), ir.operand(op, 1));
        if lhs == rhs {
            return bool_attr(ctx, ty, predicate == ICMP_EQ).map(OpFoldResult::Attribute);
        }
        let defined_by = |v, is: fn(&Context, &Ir, OpId) -> bool| {
            ir.defining_op(v).is_some_and(|d| is(ctx, ir, d))
        };
        let alloca: fn(&Context, &Ir, OpId) -> bool =
            |c, i, d| AllocaOp::from_op(c, i, d).is_some();
        let zero: fn(&Context, &Ir, OpId) -> bool = |c, i, d| ZeroOp::from_op(c, i, d).is_some();
        if defined_by(lhs, alloca) && defined_by(rhs, zero) {
            return bool_attr(ctx, ty, predicate == ICMP_NE).map(OpFoldResult::Attribute);
        }
        if defined_by(lhs, zero) && defined_by(rhs, alloca) {
            ir.set_operand(op, 0, rhs);
            ir.set_operand(op, 1, lhs);
            return itself(ir, op);
        }
        None
    }
}

/// A cast that chains (upstream's `foldChainableCast`): a cast to its own
/// type is its operand; a cast undoing the same kind of cast is the
/// first's operand; otherwise a cast of a cast casts the first's operand
/// (in place).
fn fold_chainable_cast<T: Op>(ctx: &Context, ir: &mut Ir, cast: OpId) -> Option<OpFoldResult> {
    let arg = ir.operand(cast, 0);
    let ty = ir.value_type(ir.result(cast, 0));
    if ir.value_type(arg) == ty {
        return Some(OpFoldResult::Value(arg));
    }
    let prev = ir
        .defining_op(arg)
        .filter(|&d| T::from_op(ctx, ir, d).is_some())?;
    let source = ir.operand(prev, 0);
    if ir.value_type(source) == ty {
        return Some(OpFoldResult::Value(source));
    }
    ir.set_operand(cast, 0, source);
    itself(ir, cast)
}

impl BitcastOp {
    /// Bitcast chains (see [`fold_chainable_cast`]).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_chainable_cast::<BitcastOp>(ctx, ir, self.op())
    }
}

impl AddrSpaceCastOp {
    /// Address-space cast chains (see [`fold_chainable_cast`]).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        fold_chainable_cast::<AddrSpaceCastOp>(ctx, ir, self.op())
    }
}

impl GEPOp {
    /// A GEP by the single index 0 to the base's type is the base; dynamic
    /// indices of constant value that fit in 32 bits become constant
    /// indices (in place).
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let raw: Vec<i32> = inherent_attr(ctx, ir, op, "rawConstantIndices")
            .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))
            .unwrap_or_default();
        let base = ir.operand(op, 0);
        // Each index: a constant, or the dynamic operand's number and
        // constant value.
        let mut dynamic = 1..ir.num_operands(op);
        let indices: Vec<Result<i32, (usize, Option<Attribute>)>> = raw
            .iter()
            .map(|&c| match c {
                GEP_DYNAMIC_INDEX => dynamic
                    .next()
                    .map(|i| Err((i, operands.get(i).copied().flatten())))
                    .unwrap_or(Ok(c)),
                c => Ok(c),
            })
            .collect();
        let result = ir.result(op, 0);
        if ir.value_type(base) == ir.value_type(result) && indices.len() == 1 {
            let zero = match indices[0] {
                Ok(c) => c == 0,
                Err((_, attr)) => int_bits(ctx, attr).is_some_and(|(b, _)| b == BigInt::from(0)),
            };
            if zero {
                return Some(OpFoldResult::Value(base));
            }
        }
        let mut changed = false;
        let mut new_raw = Vec::with_capacity(indices.len());
        let mut new_dynamic = vec![base];
        for index in &indices {
            match *index {
                Ok(c) => new_raw.push(c),
                Err((i, attr)) => match signed_i32(ctx, attr) {
                    Some(c) => {
                        changed = true;
                        new_raw.push(c);
                    }
                    None => {
                        new_raw.push(GEP_DYNAMIC_INDEX);
                        new_dynamic.push(ir.operand(op, i));
                    }
                },
            }
        }
        if !changed {
            return None;
        }
        ir.set_operands(op, &new_dynamic);
        let raw = ods_runtime::attr::dense_array(ctx, &new_raw);
        set_inherent_attr(ctx, ir, op, "rawConstantIndices", Some(raw));
        itself(ir, op)
    }
}

impl ExtractValueOp {
    /// Reads through `extractvalue`s (merging positions, in place), out
    /// of constants, and through chains of `insertvalue`s: the value
    /// inserted at the position, or (in place) the container an unrelated
    /// insertion wrote into.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let position = |ctx: &Context, ir: &Ir, o: OpId| -> Vec<i64> {
            inherent_attr(ctx, ir, o, "position")
                .map(|a| ods_runtime::attr::dense_array_values::<i64>(ctx, a))
                .unwrap_or_default()
        };
        let is_insert = |ctx: &Context, ir: &Ir, v| {
            ir.defining_op(v)
                .filter(|&d| InsertValueOp::from_op(ctx, ir, d).is_some())
        };
        let own = position(ctx, ir, op);
        let container = ir.operand(op, 0);
        if let Some(inner) = ir
            .defining_op(container)
            .filter(|&d| ExtractValueOp::from_op(ctx, ir, d).is_some())
        {
            let mut merged = position(ctx, ir, inner);
            merged.extend_from_slice(&own);
            let source = ir.operand(inner, 0);
            rewrite(ctx, ir, op, source, &merged);
            return itself(ir, op);
        }
        // MLIR 22's walk up the `insertvalue` chain. It points the op at
        // the container of each unrelated insertion until it continues into
        // an inserted aggregate; the constant it ends at (the op's own
        // container when there is no chain) gives the element.
        let mut current = container;
        let mut insert = is_insert(ctx, ir, current);
        let mut pos: &[i64] = &own;
        let mut switched = false;
        let mut result = None;
        while let Some(at) = insert {
            let inserted_at = position(ctx, ir, at);
            if pos == inserted_at.as_slice() {
                return Some(OpFoldResult::Value(ir.operand(at, 1)));
            }
            if pos.len() > inserted_at.len() && pos.starts_with(&inserted_at) {
                current = ir.operand(at, 1);
                insert = is_insert(ctx, ir, current);
                pos = &pos[inserted_at.len()..];
                switched = true;
                continue;
            }
            // One position a prefix of the other: the inserted value
            // overlaps what is read.
            let common = pos.len().min(inserted_at.len());
            if pos[..common] == inserted_at[..common] {
                return result;
            }
            current = ir.operand(at, 0);
            if !switched {
                ir.set_operand(op, 0, current);
                result = itself(ir, op);
            }
            insert = is_insert(ctx, ir, current);
        }
        let constant = if current == container {
            operands[0]
        } else {
            aggregate_constant(ctx, ir, current)
        };
        if let Some(mut attr) = constant {
            for &p in pos {
                attr = extract_element_at(ctx, attr, p)?;
            }
            return Some(OpFoldResult::Attribute(attr));
        }
        result
    }
}

/// Points `extractvalue` `op` at `container` and `position`.
fn rewrite(
    ctx: &mut Context,
    ir: &mut Ir,
    op: OpId,
    container: ods_runtime::ir::Value,
    position: &[i64],
) {
    let attr = ods_runtime::attr::dense_array(ctx, position);
    set_inherent_attr(ctx, ir, op, "position", Some(attr));
    ir.set_operand(op, 0, container);
}

impl ShuffleVectorOp {
    /// Shuffling a one-element vector by the mask `[0]` is the vector.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let op = self.op();
        let v1 = ir.operand(op, 0);
        let TypeKind::Vector { shape, .. } = ctx.type_kind(ir.value_type(v1)) else {
            return None;
        };
        if shape[..] != [1] {
            return None;
        }
        let mask = inherent_attr(ctx, ir, op, "mask")
            .map(|a| ods_runtime::attr::dense_array_values::<i32>(ctx, a))?;
        (mask == [0]).then_some(OpFoldResult::Value(v1))
    }
}

impl AddressOfOp {
    /// The referenced symbol.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "global_name").map(OpFoldResult::Attribute)
    }
}

impl DSOLocalEquivalentOp {
    /// `#llvm.dso_local_equivalent<@f>`: the op is a constant, so
    /// `--canonicalize` hoists and merges equal ones.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let name = inherent_attr(ctx, ir, self.op(), "function_name")?;
        let attr = DSOLocalEquivalentAttr::get(ctx, FlatSymbolRef(name));
        Some(OpFoldResult::Attribute(attr.attr()))
    }
}

impl BlockAddressOp {
    /// Its `#llvm.blockaddress<...>`, a constant like the above.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "block_addr").map(OpFoldResult::Attribute)
    }
}

impl UndefOp {
    /// `#llvm.undef`.
    pub fn fold(
        self,
        ctx: &mut Context,
        _ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        Some(OpFoldResult::Attribute(UndefAttr::get(ctx).attr()))
    }
}

impl PoisonOp {
    /// `#llvm.poison`.
    pub fn fold(
        self,
        ctx: &mut Context,
        _ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        Some(OpFoldResult::Attribute(PoisonAttr::get(ctx).attr()))
    }
}

impl ZeroOp {
    /// The builtin zero of the type when it has one, else `#llvm.zero`.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        let ty = ir.value_type(ir.result(self.op(), 0));
        let zero = zero_attr(ctx, ty).unwrap_or_else(|| ZeroAttr::get(ctx).attr());
        Some(OpFoldResult::Attribute(zero))
    }
}

impl ConstantOp {
    /// The op's value.
    pub fn fold(
        self,
        ctx: &mut Context,
        ir: &mut Ir,
        _operands: &[Option<Attribute>],
    ) -> Option<OpFoldResult> {
        inherent_attr(ctx, ir, self.op(), "value").map(OpFoldResult::Attribute)
    }

    /// Whether `llvm.mlir.constant` can hold `value` with type `ty`
    /// (upstream's `isBuildableWith`): an integer, float or elements
    /// attribute of type `ty`, an LLVM-compatible type.
    pub fn is_buildable_with(ctx: &Context, value: Attribute, ty: Type) -> bool {
        let kind_fits = matches!(
            ctx.attr_kind(value),
            AttrKind::Integer { .. }
                | AttrKind::Float { .. }
                | AttrKind::DenseElements { .. }
                | AttrKind::DenseStrings { .. }
                | AttrKind::DenseResource { .. }
                | AttrKind::Sparse { .. }
        );
        kind_fits && typed_attr_type(ctx, value) == Some(ty) && is_compatible_type(ctx, ty)
    }
}

impl LlvmDialect {
    /// The dialect's constant materializer (upstream's
    /// `LLVMDialect::materializeConstant`): a symbol of pointer type
    /// becomes `llvm.mlir.addressof`, `#llvm.undef`, `#llvm.poison` and
    /// `#llvm.zero` their ops, and what `llvm.mlir.constant` can hold
    /// becomes one; `None` otherwise.
    pub fn materialize_constant(
        b: &mut OpBuilder<'_>,
        value: Attribute,
        ty: Type,
        loc: Location,
    ) -> Option<OpId> {
        let symbol = match b.ctx.attr_kind(value) {
            AttrKind::SymbolRef { root, nested } if nested.is_empty() => Some(*root),
            _ => None,
        };
        if let Some(name) = symbol.filter(|_| is_pointer(b.ctx, ty)) {
            let name = b.ctx.str(name).to_owned();
            return Some(AddressOfOp::build(b, loc, ty, &name).op());
        }
        if UndefAttr::from_attr(b.ctx, value).is_some() {
            return Some(UndefOp::build(b, loc, ty).op());
        }
        if PoisonAttr::from_attr(b.ctx, value).is_some() {
            return Some(PoisonOp::build(b, loc, ty).op());
        }
        if ZeroAttr::from_attr(b.ctx, value).is_some() {
            return Some(ZeroOp::build(b, loc, ty).op());
        }
        ConstantOp::is_buildable_with(b.ctx, value, ty)
            .then(|| ConstantOp::build(b, loc, ty, value).op())
    }
}
