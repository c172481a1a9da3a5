//! Sizes and alignments of LLVM IR types, as LLVM's `DataLayout` gives
//! them: its defaults (`i64` aligned to 4 for ABI and 8 preferred,
//! aggregates to 1 and 8, vectors naturally), overridden by the `i`, `f`,
//! `v`, `p` and `a` entries of the module's `llvm.data_layout` string.
//! Loads and stores without an alignment get the ABI alignment, allocas
//! the preferred one, as LLVM's `IRBuilder` gives them.

use crate::types::LTy;
use dialect_llvm::data_layout_string::{DataLayoutString, PrimitiveSpec};

/// The parts of a data layout the translation needs, read from the LLVM
/// dialect's parse of the string (the one the dialect's verifier checks).
#[derive(Clone, Debug, Default)]
pub(crate) struct DataLayout(DataLayoutString);

impl DataLayout {
    /// The layout a `llvm.data_layout` string describes. The verifier
    /// rejects strings LLVM does not parse before translation; one that
    /// got here anyway reads as LLVM's defaults.
    pub(crate) fn parse(text: &str) -> DataLayout {
        DataLayout(DataLayoutString::parse(text).unwrap_or_default())
    }

    /// (size in bits, abi, preferred) of the pointers of `space`.
    fn pointer(&self, space: u32) -> (u32, u64, u64) {
        let p = self.0.pointer(space);
        (p.bit_width, p.abi_align, p.pref_align)
    }

    /// The ABI (`abi`) or preferred alignment of `ty`, in bytes.
    pub(crate) fn align(&self, ty: &LTy, abi: bool) -> u64 {
        let pick = |s: &PrimitiveSpec| if abi { s.abi_align } else { s.pref_align };
        let specs = &self.0;
        match ty {
            LTy::Int(w) => specs
                .ints
                .iter()
                .find(|s| s.bit_width >= *w)
                .or(specs.ints.last())
                .map_or(8, pick),
            LTy::Half | LTy::BFloat | LTy::Float | LTy::Double => {
                let width = self.bits(ty) as u32;
                match specs.floats.iter().find(|s| s.bit_width == width) {
                    Some(s) => pick(s),
                    None => self.size(ty).next_power_of_two(),
                }
            }
            LTy::Ptr(a) => {
                let (_, abi_a, pref_a) = self.pointer(*a);
                if abi {
                    abi_a
                } else {
                    pref_a
                }
            }
            LTy::Array(_, e) => self.align(e, abi),
            // A scalable vector aligns as the vector of its minimum length.
            LTy::Vector(..) | LTy::ScalableVector(..) => {
                let width = self.bits(ty) as u32;
                match specs.vectors.iter().find(|s| s.bit_width == width) {
                    Some(s) => pick(s),
                    None => self.store_size(ty).next_power_of_two().max(1),
                }
            }
            LTy::Struct { packed, fields, .. } => {
                if *packed && abi {
                    return 1;
                }
                let base = if abi {
                    specs.aggregate_align.0
                } else {
                    specs.aggregate_align.1
                };
                let fields_align = if *packed {
                    1
                } else {
                    fields
                        .iter()
                        .map(|f| self.align(f, true))
                        .max()
                        .unwrap_or(1)
                };
                base.max(fields_align)
            }
            LTy::Void | LTy::Func { .. } => 1,
            LTy::Target { .. } => self.align(&ty.target_layout(), abi),
        }
    }

    /// The size in bits of a scalar or vector.
    fn bits(&self, ty: &LTy) -> u64 {
        match ty {
            LTy::Int(w) => u64::from(*w),
            LTy::Half | LTy::BFloat => 16,
            LTy::Float => 32,
            LTy::Double => 64,
            LTy::Ptr(a) => u64::from(self.pointer(*a).0),
            LTy::Vector(n, e) | LTy::ScalableVector(n, e) => n.saturating_mul(self.bits(e)),
            _ => self.size(ty) * 8,
        }
    }

    /// The bytes a store of `ty` writes.
    pub(crate) fn store_size(&self, ty: &LTy) -> u64 {
        match ty {
            LTy::Array(..) | LTy::Struct { .. } => self.size(ty),
            _ => self.bits(ty).div_ceil(8),
        }
    }

    /// The allocation size of `ty` (its store size rounded up to its ABI
    /// alignment): the stride of arrays and getelementptr.
    pub(crate) fn size(&self, ty: &LTy) -> u64 {
        match ty {
            LTy::Array(n, e) => n.saturating_mul(self.size(e)),
            LTy::Struct { packed, fields, .. } => {
                let mut offset: u64 = 0;
                for f in fields {
                    if !packed {
                        offset = align_up(offset, self.align(f, true));
                    }
                    offset = offset.saturating_add(self.size(f));
                }
                align_up(offset, self.align(ty, true))
            }
            LTy::Void | LTy::Func { .. } => 0,
            LTy::Target { .. } => self.size(&ty.target_layout()),
            _ => align_up(self.store_size(ty), self.align(ty, true)),
        }
    }

    /// The byte offset of field `index` of a struct.
    pub(crate) fn field_offset(&self, packed: bool, fields: &[LTy], index: usize) -> u64 {
        let mut offset: u64 = 0;
        for f in &fields[..index] {
            if !packed {
                offset = align_up(offset, self.align(f, true));
            }
            offset = offset.saturating_add(self.size(f));
        }
        if !packed {
            if let Some(f) = fields.get(index) {
                offset = align_up(offset, self.align(f, true));
            }
        }
        offset
    }
}

/// `x` rounded up to a multiple of `align`, saturating (sizes of absurd
/// arrays must not overflow).
fn align_up(x: u64, align: u64) -> u64 {
    x.checked_next_multiple_of(align.max(1)).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointer_specs_with_flags_or_names_set_their_own_space() {
        for text in ["p1(global):16:16:32", "pu1:16:16:32-ni:1"] {
            let dl = DataLayout::parse(text);
            assert_eq!(dl.align(&LTy::Ptr(1), true), 2, "{text}");
            assert_eq!(dl.align(&LTy::Ptr(1), false), 4, "{text}");
            assert_eq!(dl.size(&LTy::Ptr(1)), 2, "{text}");
            assert_eq!(dl.size(&LTy::Ptr(0)), 8, "{text}");
        }
    }

    #[test]
    fn entries_override_llvms_defaults() {
        let dl = DataLayout::parse("i64:64-a:0:32-i24:16:32");
        assert_eq!(dl.align(&LTy::Int(64), true), 8);
        assert_eq!(dl.align(&LTy::Int(20), false), 4);
        let s = LTy::Struct {
            packed: false,
            fields: vec![LTy::Int(8)],
            name: None,
            opaque: false,
        };
        assert_eq!(dl.align(&s, false), 4);
        // A string LLVM rejects (the verifier refuses it first) reads as
        // the defaults.
        let bad = DataLayout::parse("i64:64-zz");
        assert_eq!(bad.align(&LTy::Int(64), true), 4);
    }
}
