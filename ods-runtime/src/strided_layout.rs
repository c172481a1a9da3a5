//! The strides and offset of a memref type's layout, as MLIR's
//! `MemRefType::getStridesAndOffset` computes them: the one rule behind the
//! `StridedMemRefOf` constraints ([`crate::pred::has_strided_layout`]) and
//! the memref dialect's layout arithmetic (subview, transpose, casts, ...).
//!
//! In: a type (ranked memref; anything else has no strides). Out: one
//! stride per dimension and the offset, [`DYNAMIC`] where it depends on a
//! symbol; `None` when the layout is not strided. A `strided<...>` layout
//! is read as written, the identity (none, or an identity map) is the
//! contiguous row-major layout, and any other affine map must have one
//! result that MLIR's `extractStrides` walk accepts: sums of terms, each a
//! dim times a symbolic factor (its stride) or a symbolic term (offset);
//! a `floordiv`, `ceildiv` or `mod` reached through the sums is not
//! strided (`(d0) -> (d0 floordiv 2)`, `(d0)[s0] -> (d0 + s0 mod 2)`),
//! one inside a dim's factor is a dynamic stride
//! (`(d0)[s0] -> (d0 * (s0 floordiv 2))`).

use crate::view_like::DYNAMIC;
use ir::affine::{AffineBinOp, AffineExpr, AffineMap};
use ir::{AttrKind, Context, Type, TypeKind};
use std::collections::BTreeMap;

/// `a * b`, dynamic when either is, except that a static 0 times anything
/// is 0 (MLIR's `SaturatedInteger`: a zero offset along a dimension of
/// dynamic stride adds nothing).
pub fn sat_mul(a: i64, b: i64) -> i64 {
    if a == 0 || b == 0 {
        0
    } else if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.wrapping_mul(b)
    }
}

/// `a + b`, dynamic when either is.
pub fn sat_add(a: i64, b: i64) -> i64 {
    if a == DYNAMIC || b == DYNAMIC {
        DYNAMIC
    } else {
        a.wrapping_add(b)
    }
}

/// The strides of the contiguous row-major layout of `shape`.
pub fn canonical_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut running = 1;
    for i in (0..shape.len()).rev() {
        strides[i] = running;
        running = sat_mul(running, shape[i]);
    }
    strides
}

/// The strides and offset of ranked memref type `ty`; `None` when `ty` is
/// no ranked memref or its layout is not strided.
pub fn strides_and_offset(ctx: &Context, ty: Type) -> Option<(Vec<i64>, i64)> {
    let TypeKind::MemRef { shape, layout, .. } = ctx.type_kind(ty) else {
        return None;
    };
    match layout.map(|l| ctx.attr_kind(l)) {
        None => Some((canonical_strides(shape), 0)),
        Some(AttrKind::Strided { strides, offset }) => Some((strides.to_vec(), *offset)),
        Some(AttrKind::AffineMap(map)) => map_strides_and_offset(map, shape),
        Some(_) => None,
    }
}

/// Whether `ty` is a ranked memref with a strided layout (MLIR's
/// `MemRefType::isStrided`).
pub fn is_strided(ctx: &Context, ty: Type) -> bool {
    strides_and_offset(ctx, ty).is_some()
}

/// The strides and offset of affine-map layout `map` on a memref of
/// `shape`; `None` when the map is not strided.
pub fn map_strides_and_offset(map: &AffineMap, shape: &[i64]) -> Option<(Vec<i64>, i64)> {
    if map.is_identity() {
        return Some((canonical_strides(shape), 0));
    }
    let [expr] = &map.results[..] else {
        return None;
    };
    let mut walk = StrideWalk {
        strides: vec![Symbolic::default(); shape.len()],
        offset: Symbolic::default(),
    };
    walk.visit(expr, Symbolic::constant(1))?;
    Some((
        walk.strides.iter().map(Symbolic::value).collect(),
        walk.offset.value(),
    ))
}

/// A symbolic quantity: a linear combination of symbols plus a constant,
/// or `opaque` once a product of symbols or a division of them takes part
/// (its value is then only known at run time). Linear parts cancel
/// (`s0 - s0` is 0), as MLIR's simplification of the results does.
#[derive(Clone, Debug, Default)]
struct Symbolic {
    symbols: BTreeMap<u32, i64>,
    constant: i64,
    opaque: bool,
}

impl Symbolic {
    fn constant(c: i64) -> Symbolic {
        Symbolic {
            constant: c,
            ..Symbolic::default()
        }
    }

    /// The value of a symbolic expression (no dims); `None` when it has
    /// dims.
    fn of(expr: &AffineExpr) -> Option<Symbolic> {
        match expr {
            AffineExpr::Dim(_) => None,
            AffineExpr::Constant(c) => Some(Symbolic::constant(*c)),
            AffineExpr::Symbol(s) => Some(Symbolic {
                symbols: BTreeMap::from([(*s, 1)]),
                ..Symbolic::default()
            }),
            AffineExpr::Binary(b) => {
                let (op, lhs, rhs) = &**b;
                let (l, r) = (Symbolic::of(lhs)?, Symbolic::of(rhs)?);
                Some(match op {
                    AffineBinOp::Add => l.plus(&r),
                    AffineBinOp::Mul => l.times(&r),
                    _ => Symbolic {
                        opaque: true,
                        ..Symbolic::default()
                    },
                })
            }
        }
    }

    fn as_constant(&self) -> Option<i64> {
        (!self.opaque && self.symbols.values().all(|&c| c == 0)).then_some(self.constant)
    }

    fn plus(&self, other: &Symbolic) -> Symbolic {
        let mut sum = self.clone();
        for (s, c) in &other.symbols {
            let slot = sum.symbols.entry(*s).or_default();
            *slot = slot.wrapping_add(*c);
        }
        sum.constant = sum.constant.wrapping_add(other.constant);
        sum.opaque |= other.opaque;
        sum
    }

    fn times(&self, other: &Symbolic) -> Symbolic {
        let (scaled, k) = match (self.as_constant(), other.as_constant()) {
            (_, Some(k)) => (self, k),
            (Some(k), None) => (other, k),
            (None, None) => {
                return Symbolic {
                    opaque: true,
                    ..Symbolic::default()
                }
            }
        };
        Symbolic {
            symbols: scaled
                .symbols
                .iter()
                .map(|(s, c)| (*s, c.wrapping_mul(k)))
                .collect(),
            constant: scaled.constant.wrapping_mul(k),
            opaque: scaled.opaque && k != 0,
        }
    }

    /// The static value, or [`DYNAMIC`].
    fn value(&self) -> i64 {
        self.as_constant().unwrap_or(DYNAMIC)
    }
}

/// MLIR's `extractStrides`: the strides and offset gathered while walking
/// a layout expression's sums and products.
struct StrideWalk {
    strides: Vec<Symbolic>,
    offset: Symbolic,
}

impl StrideWalk {
    /// Adds `expr * factor`; `None` when it is not strided.
    fn visit(&mut self, expr: &AffineExpr, factor: Symbolic) -> Option<()> {
        match expr {
            AffineExpr::Dim(d) => {
                let slot = self.strides.get_mut(*d as usize)?;
                *slot = slot.plus(&factor);
            }
            AffineExpr::Symbol(_) | AffineExpr::Constant(_) => {
                self.offset = self.offset.plus(&Symbolic::of(expr)?.times(&factor));
            }
            AffineExpr::Binary(b) => {
                let (op, lhs, rhs) = &**b;
                match op {
                    AffineBinOp::Add => {
                        self.visit(lhs, factor.clone())?;
                        self.visit(rhs, factor)?;
                    }
                    AffineBinOp::Mul => {
                        if let AffineExpr::Dim(d) = lhs {
                            // The factor is the stride, whatever it holds.
                            let slot = self.strides.get_mut(*d as usize)?;
                            *slot = slot.plus(&Symbolic::of(rhs)?.times(&factor));
                        } else if lhs.is_symbolic_or_constant() {
                            self.visit(rhs, factor.times(&Symbolic::of(lhs)?))?;
                        } else {
                            self.visit(lhs, factor.times(&Symbolic::of(rhs)?))?;
                        }
                    }
                    AffineBinOp::Mod | AffineBinOp::FloorDiv | AffineBinOp::CeilDiv => return None,
                }
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ir::affine::AffineExpr as E;

    fn map(dims: u32, syms: u32, result: AffineExpr) -> AffineMap {
        AffineMap {
            num_dims: dims,
            num_symbols: syms,
            results: vec![result].into(),
        }
    }

    #[test]
    fn identity_and_contiguous() {
        assert_eq!(canonical_strides(&[4, 8, 2]), vec![16, 2, 1]);
        assert_eq!(canonical_strides(&[DYNAMIC, 4, 2]), vec![8, 2, 1]);
        assert_eq!(canonical_strides(&[4, DYNAMIC, 2]), vec![DYNAMIC, 2, 1]);
        let id = AffineMap::identity(2);
        assert_eq!(map_strides_and_offset(&id, &[3, 5]), Some((vec![5, 1], 0)));
    }

    #[test]
    fn static_and_symbolic_maps() {
        // (d0) -> (d0 * 2)
        let m = map(1, 0, E::Dim(0) * E::Constant(2));
        assert_eq!(map_strides_and_offset(&m, &[8]), Some((vec![2], 0)));
        // (d0, d1)[s0] -> (d0 * 16 + d1 + s0)
        let e = E::Dim(0) * E::Constant(16) + E::Dim(1) + E::Symbol(0);
        let m = map(2, 1, e);
        assert_eq!(
            map_strides_and_offset(&m, &[4, 16]),
            Some((vec![16, 1], DYNAMIC))
        );
        // (d0, d1)[s0] -> (d0 * s0 + d1 * 3 + 5)
        let e = E::Dim(0) * E::Symbol(0) + E::Dim(1) * E::Constant(3) + E::Constant(5);
        let m = map(2, 1, e);
        assert_eq!(
            map_strides_and_offset(&m, &[4, 16]),
            Some((vec![DYNAMIC, 3], 5))
        );
        // (d0)[s0] -> (d0 + s0 - s0): the symbol cancels.
        let e = E::Dim(0) + E::Symbol(0) - E::Symbol(0);
        assert_eq!(
            map_strides_and_offset(&map(1, 1, e), &[4]),
            Some((vec![1], 0))
        );
        // (d0) -> ((d0 + 1) * 3): the factor reaches the offset too.
        let e = (E::Dim(0) + E::Constant(1)) * E::Constant(3);
        assert_eq!(
            map_strides_and_offset(&map(1, 0, e), &[4]),
            Some((vec![3], 3))
        );
    }

    #[test]
    fn divisions() {
        // A division as a dim's factor is a dynamic stride.
        let e = E::Dim(0) * E::Symbol(0).floor_div(E::Constant(2));
        assert_eq!(
            map_strides_and_offset(&map(1, 1, e), &[4]),
            Some((vec![DYNAMIC], 0))
        );
        // One reached through the sum is not strided.
        let e = E::Dim(0).floor_div(E::Constant(2));
        assert_eq!(map_strides_and_offset(&map(1, 0, e), &[4]), None);
        let e = E::Dim(0) + E::Symbol(0).modulo(E::Constant(2));
        assert_eq!(map_strides_and_offset(&map(1, 1, e), &[4]), None);
        // Scaled by a constant, a symbolic division is a dynamic offset.
        let e = E::Dim(0) + E::Symbol(0).floor_div(E::Constant(2)) * E::Constant(3);
        assert_eq!(
            map_strides_and_offset(&map(1, 1, e), &[4]),
            Some((vec![1], DYNAMIC))
        );
    }

    #[test]
    fn several_results_are_not_strided() {
        let m = AffineMap {
            num_dims: 2,
            num_symbols: 0,
            results: vec![E::Dim(1), E::Dim(0)].into(),
        };
        assert_eq!(map_strides_and_offset(&m, &[4, 4]), None);
    }
}
