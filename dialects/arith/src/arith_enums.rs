//! The arith dialect's enums, generated at build time from
//! `ods/ArithBase.ods` by `ods_spec::build` (see `build.rs`).

include!(concat!(env!("OUT_DIR"), "/arith_enums.rs"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_of_enums_round_trip_through_text_and_values() {
        for p in CmpIPredicate::ALL {
            assert_eq!(p.as_str().parse::<CmpIPredicate>(), Ok(p));
            assert_eq!(CmpIPredicate::try_from(p.value()), Ok(p));
            assert_eq!(p.to_string(), p.as_str());
        }
        for p in CmpFPredicate::ALL {
            assert_eq!(p.as_str().parse::<CmpFPredicate>(), Ok(p));
            assert_eq!(CmpFPredicate::from_value(p.value()), Some(p));
        }
        for m in RoundingMode::ALL {
            assert_eq!(m.as_str().parse::<RoundingMode>(), Ok(m));
            assert_eq!(u32::from(m), m as u32);
        }
    }

    #[test]
    fn one_of_enums_have_upstream_names_values_and_spellings() {
        assert_eq!(CmpIPredicate::Slt.as_str(), "slt");
        assert_eq!(CmpIPredicate::Uge.value(), 9);
        assert_eq!(CmpIPredicate::MAX_VALUE, 9);
        assert_eq!(CmpFPredicate::AlwaysFalse.as_str(), "false");
        assert_eq!(CmpFPredicate::Oeq.value(), 1);
        assert_eq!(CmpFPredicate::AlwaysTrue.to_string(), "true");
        assert_eq!(CmpFPredicate::MAX_VALUE, 15);
        assert_eq!(CmpFPredicate::ALL.len(), 16);
        assert_eq!(RoundingMode::ToNearestAway.value(), 4);
        assert_eq!(RoundingMode::MAX_VALUE, 4);
        assert_eq!("toward_zero".parse(), Ok(RoundingMode::TowardZero));
    }

    #[test]
    fn one_of_enums_are_runtime_enum_attrs() {
        use ods_runtime::EnumAttr;
        let mut ctx = ir::Context::new();
        let attr = CmpIPredicate::Sge.to_attr(&mut ctx);
        assert_eq!(
            CmpIPredicate::from_attr(&ctx, attr),
            Some(CmpIPredicate::Sge)
        );
        // RoundingMode is stored as i32, so an i64 attribute is no mode.
        assert_eq!(RoundingMode::from_attr(&ctx, attr), None);
        // The verifier text of upstream's constraint.
        assert_eq!(
            <CmpIPredicate as EnumAttr>::summary(),
            "allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9"
        );
        assert_eq!(<RoundingMode as EnumAttr>::max_value(), 4);
    }

    #[test]
    fn bad_text_and_values_are_rejected() {
        let err = "lt".parse::<CmpIPredicate>().unwrap_err();
        assert_eq!(err.text, "lt");
        assert_eq!(err.to_string(), "'lt' is not a valid CmpIPredicate");
        assert!("EQ".parse::<CmpIPredicate>().is_err());
        assert!("".parse::<CmpFPredicate>().is_err());
        let err = CmpIPredicate::try_from(10).unwrap_err();
        assert_eq!(err.to_string(), "10 is not a valid CmpIPredicate");
        assert_eq!(RoundingMode::from_value(5), None);
        assert!("nnan,bogus".parse::<FastMathFlags>().is_err());
        assert!("nnan|ninf".parse::<FastMathFlags>().is_err());
        assert!("none,nnan".parse::<FastMathFlags>().is_err());
        assert!("".parse::<FastMathFlags>().is_err());
        assert_eq!(FastMathFlags::from_value(128), None);
        assert!(IntegerOverflowFlags::try_from(4).is_err());
    }

    // Expected strings are what mlir-opt 22 prints for fastmath<...> and
    // overflow<...>.
    #[test]
    fn bit_enums_print_like_mlir() {
        let f = FastMathFlags::NNAN | FastMathFlags::NINF;
        assert_eq!(f.to_string(), "nnan,ninf");
        assert_eq!(FastMathFlags::NONE.to_string(), "none");
        assert_eq!(FastMathFlags::empty().to_string(), "none");
        assert_eq!(FastMathFlags::FAST.to_string(), "fast");
        let all_bits = FastMathFlags::REASSOC
            | FastMathFlags::NNAN
            | FastMathFlags::NINF
            | FastMathFlags::NSZ
            | FastMathFlags::ARCP
            | FastMathFlags::CONTRACT
            | FastMathFlags::AFN;
        assert_eq!(all_bits, FastMathFlags::FAST);
        assert_eq!(all_bits.to_string(), "fast");
        assert_eq!(format!("{all_bits:?}"), "FastMathFlags(fast)");
        let o = IntegerOverflowFlags::NUW | IntegerOverflowFlags::NSW;
        assert_eq!(o.to_string(), "nsw, nuw");
        assert_eq!(IntegerOverflowFlags::NONE.to_string(), "none");
    }

    #[test]
    fn bit_enums_parse_like_mlir() {
        assert_eq!(
            "ninf,nnan".parse(),
            Ok(FastMathFlags::NNAN | FastMathFlags::NINF)
        );
        assert_eq!(
            " nnan , ninf ".parse(),
            Ok(FastMathFlags::NNAN | FastMathFlags::NINF)
        );
        assert_eq!("fast,nnan".parse(), Ok(FastMathFlags::FAST));
        assert_eq!("none".parse(), Ok(FastMathFlags::NONE));
        assert_eq!(
            "nuw, nsw".parse(),
            Ok(IntegerOverflowFlags::NSW | IntegerOverflowFlags::NUW)
        );
        // symbolize splits on the separator without its blank.
        assert_eq!(
            "nuw,nsw".parse(),
            Ok(IntegerOverflowFlags::NSW | IntegerOverflowFlags::NUW)
        );
        for v in 0..=FastMathFlags::MAX_VALUE {
            let f = FastMathFlags::try_from(v).unwrap();
            assert_eq!(f.to_string().parse(), Ok(f), "{v}");
        }
    }

    #[test]
    fn bit_enum_set_operations() {
        let f = FastMathFlags::NNAN | FastMathFlags::NINF;
        assert!(f.contains_all(FastMathFlags::NNAN));
        assert!(!f.contains_all(FastMathFlags::FAST));
        assert!(f.contains_any(FastMathFlags::FAST));
        assert!(!f.contains_any(FastMathFlags::AFN));
        assert_eq!(f.clear(FastMathFlags::NNAN), FastMathFlags::NINF);
        assert_eq!(f & FastMathFlags::NINF, FastMathFlags::NINF);
        assert_eq!(f ^ FastMathFlags::NINF, FastMathFlags::NNAN);
        assert_eq!((!FastMathFlags::NONE), FastMathFlags::FAST);
        assert_eq!((!f).value(), 127 & !6);
        assert_eq!(FastMathFlags::MAX_VALUE, 127);
        assert_eq!(IntegerOverflowFlags::MAX_VALUE, 3);
        let mut g = FastMathFlags::empty();
        assert!(g.is_empty());
        g.insert(FastMathFlags::AFN);
        g |= FastMathFlags::NSZ;
        g.remove(FastMathFlags::AFN);
        assert_eq!(g, FastMathFlags::NSZ);
        assert_eq!(
            FastMathFlags::from_value_truncate(0xff),
            FastMathFlags::FAST
        );
        assert_eq!(u32::from(g), 8);
    }
}
