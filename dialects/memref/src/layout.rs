//! Strided-layout arithmetic on memref types, as MLIR's `MemRefType`
//! utilities compute it over the strides and offset of a type
//! (`ods_runtime::strided_layout`, re-exported here): the result
//! types of `subview`, `collapse_shape`, `expand_shape` and `transpose`,
//! cast compatibility, and the dimensions a rank-reducing subview drops.
//!
//! In: types (and static offsets, sizes, strides, reassociations). Out:
//! numbers and types; [`DYNAMIC`] stands for a dynamic entry, and
//! arithmetic on it saturates (MLIR's `SaturatedInteger`).

use ods_runtime::index_list::DYNAMIC;
// The strides and offset of a layout (`getStridesAndOffset`, `isStrided`)
// live in `ods_runtime::strided_layout`: one rule for the `StridedMemRefOf`
// constraints and the arithmetic here.
use ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use ir::{AttrKind, Attribute, Context, Ir, OpId, Type, TypeKind};
pub use ods_runtime::strided_layout::{
    canonical_strides, is_strided, sat_add, sat_mul, strides_and_offset,
};

use super::SubViewOp;

/// The shape of a ranked memref (or tensor) type.
pub fn shape_of(ctx: &Context, ty: Type) -> Option<Vec<i64>> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { shape, .. } | TypeKind::RankedTensor { shape, .. } => {
            Some(shape.to_vec())
        }
        _ => None,
    }
}

/// The layout of a ranked memref type (`None`: the identity).
pub fn layout_of(ctx: &Context, ty: Type) -> Option<Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { layout, .. } => *layout,
        _ => None,
    }
}

/// The memory space of a memref type (`None`: the default).
pub fn memory_space(ctx: &Context, ty: Type) -> Option<Attribute> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { memory_space, .. } | TypeKind::UnrankedMemRef { memory_space, .. } => {
            *memory_space
        }
        _ => None,
    }
}

/// The element type of a memref type.
pub fn element_of(ctx: &Context, ty: Type) -> Option<Type> {
    match ctx.type_kind(ty) {
        TypeKind::MemRef { element, .. } | TypeKind::UnrankedMemRef { element, .. } => {
            Some(*element)
        }
        _ => None,
    }
}

/// Whether the layout of ranked memref type `ty` is the identity (none,
/// an identity map, or a strided layout whose map is the identity: rank 1,
/// stride 1, offset 0), as MLIR's `getLayout().isIdentity()`.
pub fn has_identity_layout(ctx: &Context, ty: Type) -> bool {
    match layout_of(ctx, ty).map(|l| ctx.attr_kind(l)) {
        None => true,
        Some(AttrKind::AffineMap(map)) => map.is_identity(),
        Some(AttrKind::Strided { strides, offset }) => *offset == 0 && strides[..] == [1],
        Some(_) => false,
    }
}

/// How many symbols the layout map of `ty` has (0 for other layouts).
pub fn layout_symbols(ctx: &Context, ty: Type) -> u32 {
    match layout_of(ctx, ty).map(|l| ctx.attr_kind(l)) {
        Some(AttrKind::AffineMap(map)) if !map.is_identity() => map.num_symbols,
        // Its affine map has a symbol per dynamic stride and the dynamic
        // offset (upstream's `StridedLayoutAttr::getAffineMap`).
        Some(AttrKind::Strided { strides, offset }) => {
            let dynamic = strides.iter().chain([offset]).filter(|&&v| v == DYNAMIC);
            dynamic.count() as u32
        }
        _ => 0,
    }
}

/// A ranked memref type described by its parts, so verifiers can compute
/// and compare the types they expect without interning them (they see the
/// context read-only); builders intern it with [`MemRefDesc::intern`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefDesc {
    /// The sizes, [`DYNAMIC`] for `?`.
    pub shape: Vec<i64>,
    /// The element type.
    pub element: Type,
    /// The layout: `None` for the identity (no layout written).
    pub layout: Option<Layout>,
    /// The memory space (`None`: the default).
    pub memory_space: Option<Attribute>,
}

/// A memref layout as [`MemRefDesc`] keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// `strided<[strides], offset: offset>`.
    Strided(Vec<i64>, i64),
    /// Any other layout attribute (an affine map), kept as written.
    Other(Attribute),
    /// An affine map computed here ([`canonicalize_strided_layout`]).
    Map(AffineMap),
}

impl MemRefDesc {
    /// The parts of ranked memref type `ty`.
    pub fn of(ctx: &Context, ty: Type) -> Option<MemRefDesc> {
        match ctx.type_kind(ty) {
            TypeKind::MemRef {
                shape,
                element,
                layout,
                memory_space,
            } => Some(MemRefDesc {
                shape: shape.to_vec(),
                element: *element,
                layout: layout.map(|l| match ctx.attr_kind(l) {
                    AttrKind::Strided { strides, offset } => {
                        Layout::Strided(strides.to_vec(), *offset)
                    }
                    _ => Layout::Other(l),
                }),
                memory_space: *memory_space,
            }),
            _ => None,
        }
    }

    /// A strided type with the element type and memory space of `like`.
    fn strided_like(
        ctx: &Context,
        like: Type,
        shape: &[i64],
        strides: &[i64],
        offset: i64,
    ) -> Option<MemRefDesc> {
        Some(MemRefDesc {
            shape: shape.to_vec(),
            element: element_of(ctx, like)?,
            layout: Some(Layout::Strided(strides.to_vec(), offset)),
            memory_space: memory_space(ctx, like),
        })
    }

    /// The interned type.
    pub fn intern(&self, ctx: &mut Context) -> Type {
        let layout = match &self.layout {
            None => None,
            Some(Layout::Strided(strides, offset)) => {
                Some(ctx.strided_layout_attr(strides, *offset))
            }
            Some(Layout::Other(a)) => Some(*a),
            Some(Layout::Map(m)) => Some(ctx.affine_map_attr(m.clone())),
        };
        ctx.memref_type(&self.shape, self.element, layout, self.memory_space)
    }

    /// Whether `ty` is this type.
    pub fn is(&self, ctx: &Context, ty: Type) -> bool {
        MemRefDesc::of(ctx, ty).as_ref() == Some(self)
    }

    /// The type as `mlir-opt` prints it.
    pub fn text(&self, ctx: &Context) -> String {
        let entry = |v: i64| {
            if v == DYNAMIC {
                "?".to_string()
            } else {
                v.to_string()
            }
        };
        let mut out = String::from("memref<");
        for &d in &self.shape {
            out.push_str(&entry(d));
            out.push('x');
        }
        out.push_str(&ir::printer::print_type_str(ctx, self.element));
        match &self.layout {
            None => {}
            Some(Layout::Strided(strides, offset)) => {
                let list: Vec<String> = strides.iter().map(|&s| entry(s)).collect();
                out.push_str(&format!(", strided<[{}]", list.join(", ")));
                if *offset != 0 {
                    out.push_str(&format!(", offset: {}", entry(*offset)));
                }
                out.push('>');
            }
            Some(Layout::Other(a)) => {
                out.push_str(", ");
                out.push_str(&ir::printer::attrs::print_attribute_str(ctx, *a));
            }
            Some(Layout::Map(m)) => {
                let mut text = ir::printer::PrintBuffer::new();
                m.write(&mut text);
                out.push_str(&format!(", affine_map<{}>", text.into_string_lossy()));
            }
        }
        if let Some(space) = self.memory_space {
            out.push_str(", ");
            match ctx.attr_kind(space) {
                AttrKind::Integer { value, .. } => {
                    out.push_str(&format!("{}", value.as_i64().unwrap_or(0)))
                }
                _ => out.push_str(&ir::printer::attrs::print_attribute_str(ctx, space)),
            }
        }
        out.push('>');
        out
    }
}

/// The type of a subview of `source` without rank reduction (MLIR's
/// `SubViewOp::inferResultType`); `None` when `source` is not strided or
/// the lists do not match its rank.
pub fn subview_result_type(
    ctx: &Context,
    source: Type,
    offsets: &[i64],
    sizes: &[i64],
    strides: &[i64],
) -> Option<MemRefDesc> {
    let (src_strides, src_offset) = strides_and_offset(ctx, source)?;
    if [offsets.len(), sizes.len(), strides.len()] != [src_strides.len(); 3] {
        return None;
    }
    let offset = offsets
        .iter()
        .zip(&src_strides)
        .fold(src_offset, |acc, (&o, &s)| sat_add(acc, sat_mul(o, s)));
    let target: Vec<i64> = src_strides
        .iter()
        .zip(strides)
        .map(|(&a, &b)| sat_mul(a, b))
        .collect();
    MemRefDesc::strided_like(ctx, source, sizes, &target, offset)
}

/// The type `src` collapses to with `groups` (MLIR's
/// `CollapseShapeOp::computeCollapsedType`); the layout as
/// [`collapsed_layout`] computes it.
pub fn collapsed_type(ctx: &mut Context, src: Type, groups: &[Vec<i64>]) -> Type {
    let shape = shape_of(ctx, src).unwrap_or_default();
    let result_shape: Vec<i64> = groups
        .iter()
        .map(|g| g.iter().fold(1, |acc, &d| sat_mul(acc, dim(&shape, d))))
        .collect();
    match collapsed_type_with_shape(ctx, src, groups, &result_shape) {
        Some(desc) => desc.intern(ctx),
        None => src,
    }
}

fn dim(shape: &[i64], d: i64) -> i64 {
    usize::try_from(d)
        .ok()
        .and_then(|d| shape.get(d).copied())
        .unwrap_or(DYNAMIC)
}

/// The collapsed type with `result_shape` (the verifier's expected type):
/// identity sources collapse to identity results; `None` when the layout
/// is not strided or a group is not contiguous.
pub fn collapsed_type_with_shape(
    ctx: &Context,
    src: Type,
    groups: &[Vec<i64>],
    result_shape: &[i64],
) -> Option<MemRefDesc> {
    if has_identity_layout(ctx, src) {
        return Some(MemRefDesc {
            shape: result_shape.to_vec(),
            element: element_of(ctx, src)?,
            layout: None,
            memory_space: memory_space(ctx, src),
        });
    }
    let (strides, offset) = collapsed_layout(ctx, src, groups)?;
    MemRefDesc::strided_like(ctx, src, result_shape, &strides, offset)
}

/// The strides and offset after collapsing `src` with `groups`: each
/// group's stride is its last non-unit dimension's; groups whose inner
/// strides disagree statically are not contiguous (`None`).
pub fn collapsed_layout(ctx: &Context, src: Type, groups: &[Vec<i64>]) -> Option<(Vec<i64>, i64)> {
    let (src_strides, offset) = strides_and_offset(ctx, src)?;
    let shape = shape_of(ctx, src)?;
    let at = |v: &[i64], d: i64| usize::try_from(d).ok().and_then(|d| v.get(d).copied());
    let mut result = Vec::with_capacity(groups.len());
    for g in groups {
        let mut end = g.len();
        while end > 1 && at(&shape, g[end - 1])? == 1 {
            end -= 1;
        }
        let last = *g.get(end.checked_sub(1)?)?;
        if at(&shape, last)? != DYNAMIC || end == 1 {
            result.push(at(&src_strides, last)?);
        } else {
            result.push(DYNAMIC);
        }
    }
    for (g, &stride) in groups.iter().zip(&result).rev() {
        let mut stride = stride;
        for w in g.windows(2).rev() {
            let (prev, idx) = (w[0], w[1]);
            stride = sat_mul(stride, at(&shape, idx)?);
            if at(&shape, prev)? == 1 {
                continue;
            }
            let src_stride = at(&src_strides, prev)?;
            if stride != DYNAMIC && src_stride != DYNAMIC && stride != src_stride {
                return None;
            }
        }
    }
    Some((result, offset))
}

/// The type `src` expands to with `result_shape` and `groups` (MLIR's
/// `ExpandShapeOp::computeExpandedType`); `None` when `src` is not
/// strided.
pub fn expanded_type(
    ctx: &Context,
    src: Type,
    result_shape: &[i64],
    groups: &[Vec<i64>],
) -> Option<MemRefDesc> {
    if has_identity_layout(ctx, src) {
        return Some(MemRefDesc {
            shape: result_shape.to_vec(),
            element: element_of(ctx, src)?,
            layout: None,
            memory_space: memory_space(ctx, src),
        });
    }
    let (src_strides, offset) = strides_and_offset(ctx, src)?;
    if src_strides.len() != groups.len() {
        return None;
    }
    let mut reversed = Vec::with_capacity(result_shape.len());
    let mut shape_index = result_shape.len();
    for (g, &stride) in groups.iter().zip(&src_strides).rev() {
        let mut current = stride;
        for _ in g {
            reversed.push(current);
            shape_index = shape_index.checked_sub(1)?;
            current = sat_mul(current, result_shape[shape_index]);
        }
    }
    let mut strides: Vec<i64> = reversed.into_iter().rev().collect();
    strides.resize(result_shape.len(), 1);
    MemRefDesc::strided_like(ctx, src, result_shape, &strides, offset)
}

/// The result type of transposing `src` by the permutation `map`
/// (MLIR's `inferTransposeResultType`); `None` when `src` is not strided
/// or `map` is no permutation of its dimensions.
pub fn transposed_type(
    ctx: &Context,
    src: Type,
    map: &ir::affine::AffineMap,
) -> Option<MemRefDesc> {
    let shape = shape_of(ctx, src)?;
    let (strides, offset) = strides_and_offset(ctx, src)?;
    let order = permutation(map)?;
    if order.len() != shape.len() {
        return None;
    }
    let sizes: Vec<i64> = order.iter().map(|&d| shape[d]).collect();
    let strides: Vec<i64> = order.iter().map(|&d| strides[d]).collect();
    MemRefDesc::strided_like(ctx, src, &sizes, &strides, offset)
}

/// The dimension each result of `map` names when it is a permutation.
pub fn permutation(map: &ir::affine::AffineMap) -> Option<Vec<usize>> {
    if map.results.len() != map.num_dims as usize {
        return None;
    }
    let mut seen = vec![false; map.results.len()];
    let mut order = Vec::with_capacity(seen.len());
    for r in map.results.iter() {
        let AffineExpr::Dim(d) = r else {
            return None;
        };
        let slot = seen.get_mut(*d as usize)?;
        if *slot {
            return None;
        }
        *slot = true;
        order.push(*d as usize);
    }
    Some(order)
}

/// The affine map of `strided<[strides], offset: offset>` (MLIR's
/// `makeStridedLinearLayoutMap`): the offset plus each dim times its
/// stride, dynamic entries as new symbols, the offset's first.
pub fn strided_layout_map(strides: &[i64], offset: i64) -> AffineMap {
    let mut symbols = 0;
    let mut entry = |v: i64| {
        if v == DYNAMIC {
            symbols += 1;
            AffineExpr::Symbol(symbols - 1)
        } else {
            AffineExpr::Constant(v)
        }
    };
    let mut expr = entry(offset);
    for (d, &stride) in strides.iter().enumerate() {
        expr = expr + AffineExpr::Dim(d as u32) * entry(stride);
    }
    AffineMap {
        num_dims: strides.len() as u32,
        num_symbols: symbols,
        results: vec![expr].into(),
    }
}

/// The contiguous layout expression of `shape` (MLIR's
/// `makeCanonicalStridedLayoutExpr`, simplified): strides from the right,
/// a new symbol for each stride left of a dynamic size, terms summed in
/// dim order.
fn contiguous_layout_expr(shape: &[i64]) -> AffineExpr {
    let mut strides = vec![AffineExpr::Constant(1); shape.len()];
    let (mut running, mut symbols, mut poisoned) = (1i64, 0u32, false);
    for (d, &size) in shape.iter().enumerate().rev() {
        strides[d] = if poisoned {
            symbols += 1;
            AffineExpr::Symbol(symbols - 1)
        } else {
            AffineExpr::Constant(running)
        };
        if size > 0 {
            running = running.wrapping_mul(size);
        } else {
            poisoned = true;
        }
    }
    strides
        .into_iter()
        .enumerate()
        .fold(AffineExpr::Constant(0), |acc, (d, stride)| {
            acc + AffineExpr::Dim(d as u32) * stride
        })
}

/// A linear expression's coefficients: per dim, per symbol, constant.
type Linear = (Vec<i64>, Vec<i64>, i64);

/// The coefficients of `expr` when it is a sum of constant multiples of
/// dims and symbols (`None` for products of symbols or divisions).
fn linear_coefficients(expr: &AffineExpr, dims: usize, symbols: usize) -> Option<Linear> {
    match expr {
        AffineExpr::Dim(d) => {
            let mut c = (vec![0; dims], vec![0; symbols], 0);
            *c.0.get_mut(*d as usize)? = 1;
            Some(c)
        }
        AffineExpr::Symbol(s) => {
            let mut c = (vec![0; dims], vec![0; symbols], 0);
            *c.1.get_mut(*s as usize)? = 1;
            Some(c)
        }
        AffineExpr::Constant(k) => Some((vec![0; dims], vec![0; symbols], *k)),
        AffineExpr::Binary(b) => {
            let (op, lhs, rhs) = &**b;
            let (l, r) = (
                linear_coefficients(lhs, dims, symbols)?,
                linear_coefficients(rhs, dims, symbols)?,
            );
            let add = |a: &[i64], b: &[i64]| -> Vec<i64> {
                a.iter().zip(b).map(|(x, y)| x.wrapping_add(*y)).collect()
            };
            let scale = |v: &Linear, k: i64| -> Linear {
                (
                    v.0.iter().map(|x| x.wrapping_mul(k)).collect(),
                    v.1.iter().map(|x| x.wrapping_mul(k)).collect(),
                    v.2.wrapping_mul(k),
                )
            };
            let constant = |v: &Linear| v.0.iter().chain(&v.1).all(|&x| x == 0);
            match op {
                AffineBinOp::Add => Some((add(&l.0, &r.0), add(&l.1, &r.1), l.2.wrapping_add(r.2))),
                AffineBinOp::Mul if constant(&r) => Some(scale(&l, r.2)),
                AffineBinOp::Mul if constant(&l) => Some(scale(&r, l.2)),
                _ => None,
            }
        }
    }
}

/// `map`'s single result as MLIR's `simplifyAffineExpr` writes a linear
/// expression: dims in order, then symbols, then the constant; other
/// expressions as they are.
fn simplify_linear(map: &AffineMap) -> AffineMap {
    let [expr] = &map.results[..] else {
        return map.clone();
    };
    let (dims, symbols) = (map.num_dims as usize, map.num_symbols as usize);
    let Some((dc, sc, k)) = linear_coefficients(expr, dims, symbols) else {
        return map.clone();
    };
    let terms = dc
        .iter()
        .enumerate()
        .map(|(d, &c)| (AffineExpr::Dim(d as u32), c))
        .chain(
            sc.iter()
                .enumerate()
                .map(|(s, &c)| (AffineExpr::Symbol(s as u32), c)),
        );
    let mut out = AffineExpr::Constant(0);
    for (term, c) in terms {
        if c != 0 {
            out = out + term * AffineExpr::Constant(c);
        }
    }
    AffineMap {
        results: vec![out + AffineExpr::Constant(k)].into(),
        ..map.clone()
    }
}

/// `desc` as MLIR's `canonicalizeStridedLayout` leaves it, for comparing
/// and printing: a single-result layout equal to the contiguous one is
/// dropped, another becomes its affine map ([`Layout::Map`]); no layout,
/// identity maps, maps of several results and a rank-0 layout with an
/// offset stay as they are.
pub fn canonicalize_strided_layout(ctx: &Context, desc: &MemRefDesc) -> MemRefDesc {
    let map = match &desc.layout {
        None => return desc.clone(),
        Some(Layout::Strided(strides, offset)) => strided_layout_map(strides, *offset),
        Some(Layout::Map(m)) => m.clone(),
        Some(Layout::Other(a)) => match ctx.attr_kind(*a) {
            AttrKind::AffineMap(m) => m.clone(),
            _ => return desc.clone(),
        },
    };
    let [expr] = &map.results[..] else {
        return desc.clone();
    };
    if map.is_identity() {
        return desc.clone();
    }
    let mut out = desc.clone();
    if map.num_dims == 0 && map.num_symbols == 0 {
        if *expr == AffineExpr::Constant(0) {
            out.layout = None;
        }
        return out;
    }
    if desc.shape.is_empty() {
        return out;
    }
    let map = simplify_linear(&map);
    out.layout = if map.results[0] == contiguous_layout_expr(&desc.shape) {
        None
    } else {
        Some(Layout::Map(map))
    };
    out
}

/// Whether a `memref.cast` from `a` to `b` is valid (MLIR's
/// `CastOp::areCastCompatible`): ranked memrefs of one element type,
/// memory space and rank whose static sizes, strides and offsets agree
/// where both are static; a ranked memref to an unranked one or back, of
/// one element type and memory space. Never unranked to unranked, not
/// even to the same type (upstream's early "same types" answer compares
/// the two lists' storage, which differs for an op's operands and
/// results: `mlir-opt` rejects `memref<*xf32> to memref<*xf32>`).
pub fn cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    let ranked = |t| matches!(ctx.type_kind(t), TypeKind::MemRef { .. });
    let unranked = |t| matches!(ctx.type_kind(t), TypeKind::UnrankedMemRef { .. });
    if ranked(a) && ranked(b) {
        if element_of(ctx, a) != element_of(ctx, b) {
            return false;
        }
        if layout_of(ctx, a) != layout_of(ctx, b) {
            let (Some((sa, oa)), Some((sb, ob))) =
                (strides_and_offset(ctx, a), strides_and_offset(ctx, b))
            else {
                return false;
            };
            let ok = |x: i64, y: i64| x == DYNAMIC || y == DYNAMIC || x == y;
            if sa.len() != sb.len() || !ok(oa, ob) || !sa.iter().zip(&sb).all(|(&x, &y)| ok(x, y)) {
                return false;
            }
        }
        if memory_space(ctx, a) != memory_space(ctx, b) {
            return false;
        }
        let (sa, sb) = (
            shape_of(ctx, a).unwrap_or_default(),
            shape_of(ctx, b).unwrap_or_default(),
        );
        return sa.len() == sb.len()
            && sa
                .iter()
                .zip(&sb)
                .all(|(&x, &y)| x == DYNAMIC || y == DYNAMIC || x == y);
    }
    if !(ranked(a) || unranked(a)) || !(ranked(b) || unranked(b)) || (unranked(a) && unranked(b)) {
        return false;
    }
    element_of(ctx, a) == element_of(ctx, b) && memory_space(ctx, a) == memory_space(ctx, b)
}

/// Whether `memref.memory_space_cast` may cast `a` to `b` (MLIR's
/// `MemorySpaceCastOp::areCastCompatible`).
pub fn memory_space_cast_compatible(ctx: &Context, a: Type, b: Type) -> bool {
    match (ctx.type_kind(a), ctx.type_kind(b)) {
        (TypeKind::MemRef { .. }, TypeKind::MemRef { .. }) => {
            element_of(ctx, a) == element_of(ctx, b)
                && layout_of(ctx, a) == layout_of(ctx, b)
                && shape_of(ctx, a) == shape_of(ctx, b)
        }
        (TypeKind::UnrankedMemRef { .. }, TypeKind::UnrankedMemRef { .. }) => {
            element_of(ctx, a) == element_of(ctx, b)
        }
        _ => false,
    }
}

/// Whether memref types `tgt` and `src` differ at most in their memory
/// space.
pub fn differ_only_in_memory_space(ctx: &Context, tgt: Type, src: Type) -> bool {
    memory_space_cast_compatible(ctx, tgt, src)
}

/// Whether a consumer of the `memref.cast` `op` may read its source
/// instead (MLIR's `CastOp::canFoldIntoConsumerOp`).
pub fn can_fold_cast_into_consumer(ctx: &Context, ir: &Ir, op: OpId) -> bool {
    let (src, dst) = (
        ir.value_type(ir.operand(op, 0)),
        ir.value_type(ir.result(op, 0)),
    );
    let (Some(ss), Some(ds)) = (shape_of(ctx, src), shape_of(ctx, dst)) else {
        return false;
    };
    if element_of(ctx, src) != element_of(ctx, dst) || ss.len() != ds.len() {
        return false;
    }
    let (Some((s_strides, s_off)), Some((d_strides, d_off))) =
        (strides_and_offset(ctx, src), strides_and_offset(ctx, dst))
    else {
        return false;
    };
    let more_static = |s: i64, d: i64| s != d && s == DYNAMIC && d != DYNAMIC;
    !(ss.iter().zip(&ds).any(|(&s, &d)| more_static(s, d))
        || more_static(s_off, d_off)
        || s_strides
            .iter()
            .zip(&d_strides)
            .any(|(&s, &d)| more_static(s, d)))
}

/// Which dimensions of `original` the rank-reduced `reduced` drops, from
/// the static `sizes` (1 marks a candidate) and the strides (MLIR's
/// `computeMemRefRankReductionMask`); `None` when no such choice exists.
pub fn rank_reduction_mask(
    ctx: &Context,
    original: Type,
    reduced: Type,
    sizes: &[i64],
) -> Option<Vec<bool>> {
    let (orig_strides, _) = strides_and_offset(ctx, original)?;
    rank_reduction_mask_of(ctx, &orig_strides, orig_strides.len(), reduced, sizes)
}

/// [`rank_reduction_mask`] for an original type given by its strides
/// and rank.
pub fn rank_reduction_mask_of(
    ctx: &Context,
    orig_strides: &[i64],
    orig_rank: usize,
    reduced: Type,
    sizes: &[i64],
) -> Option<Vec<bool>> {
    let red_rank = shape_of(ctx, reduced)?.len();
    let mut unused = vec![false; orig_rank];
    if orig_rank == red_rank {
        return Some(unused);
    }
    for (i, &s) in sizes.iter().enumerate().take(orig_rank) {
        unused[i] = s == 1;
    }
    let count = |u: &[bool]| u.iter().filter(|&&b| b).count();
    if count(&unused) + red_rank == orig_rank {
        return Some(unused);
    }
    let (cand_strides, _) = strides_and_offset(ctx, reduced)?;
    let occurrences = |v: &[i64]| {
        let mut m = std::collections::BTreeMap::<i64, usize>::new();
        for &x in v {
            *m.entry(x).or_default() += 1;
        }
        m
    };
    let mut unaccounted = occurrences(orig_strides);
    let candidate = occurrences(&cand_strides);
    for (d, flag) in unused.iter_mut().enumerate() {
        if !*flag {
            continue;
        }
        let s = *orig_strides.get(d)?;
        let (have, want) = (
            unaccounted.get(&s).copied().unwrap_or(0),
            candidate.get(&s).copied().unwrap_or(0),
        );
        match have.cmp(&want) {
            std::cmp::Ordering::Greater => *unaccounted.entry(s).or_default() -= 1,
            std::cmp::Ordering::Equal => *flag = false,
            std::cmp::Ordering::Less => return None,
        }
    }
    (count(&unused) + red_rank == orig_rank).then_some(unused)
}

/// The source dimensions a `memref.subview` drops (`None` when its result
/// type is no rank reduction of its source's).
pub fn subview_dropped_dims(ctx: &Context, ir: &Ir, op: SubViewOp) -> Option<Vec<bool>> {
    let sizes = op.static_sizes(ctx, ir);
    rank_reduction_mask(
        ctx,
        ir.value_type(op.source(ctx, ir)),
        ir.value_type(op.result(ctx, ir)),
        &sizes,
    )
}
