//! Unit tests of the custom-form API ([`AsmParser`], [`OpAsmParser`],
//! [`OpAsmPrinter`]): each method's result, and its error text and column
//! (the wording of MLIR's `AsmParserImpl` / `CustomOpAsmParser`; the
//! integration tests compare whole forms with `mlir-opt`).
//!
//! A test op `test.probe` runs the closure a test installs as its parse or
//! print hook (hooks are plain `fn`s, so the closure waits in a
//! thread-local).

use crate::diagnostics::DiagLoc;
use crate::graph::{OpId, OperationState};
use crate::parser::ops::{parse_source_here, OpAsmParser, ParseOptions};
use crate::parser::{AttrClass, Delimiter, PResult};
use crate::printer::ops::{print_module, OpAsmPrinter, PrintOptions};
use crate::registry::{OpInfo, OpTraits, Registry};
use crate::{Context, SourceFile};
use std::cell::RefCell;

type ParseScript = Box<dyn Fn(&mut OpAsmParser<'_>, &mut OperationState) -> PResult<()>>;
type PrintScript = Box<dyn Fn(&mut OpAsmPrinter<'_, '_>, OpId)>;

thread_local! {
    static PARSE: RefCell<Option<ParseScript>> = RefCell::new(None);
    static PRINT: RefCell<Option<PrintScript>> = RefCell::new(None);
}

fn probe_parse(p: &mut OpAsmParser<'_>, state: &mut OperationState) -> PResult<()> {
    PARSE.with(|s| (s.borrow().as_ref().expect("a parse script"))(p, state))
}

fn probe_print(pr: &mut OpAsmPrinter<'_, '_>, op: OpId) {
    PRINT.with(|s| (s.borrow().as_ref().expect("a print script"))(pr, op))
}

fn registry(ctx: &mut Context) -> Registry {
    let mut reg = Registry::new(ctx);
    reg.add_dialect(ctx, "test");
    let mut probe = OpInfo::new(ctx.ident("test.probe"), OpTraits::default());
    probe.parse = Some(probe_parse);
    probe.print = Some(probe_print);
    // Ops of `test` drop their prefix inside the probe's regions.
    probe.default_dialect = Some(ctx.ident("test"));
    reg.add_op(probe);
    let mut ret = OpInfo::new(ctx.ident("test.ret"), OpTraits::TERMINATOR);
    ret.parse = Some(|_, _| Ok(()));
    ret.print = Some(|_, _| {});
    reg.add_op(ret);
    reg
}

/// Parses `src` (which holds `test.probe ...`) with `script` as the
/// probe's parser: `Ok(())`, or `Err("col N: message")` for an error on
/// the probe's line (line 1 unless `src` has more).
fn parse_with(
    src: &str,
    script: impl Fn(&mut OpAsmParser<'_>, &mut OperationState) -> PResult<()> + 'static,
) -> Result<(), String> {
    PARSE.with(|s| *s.borrow_mut() = Some(Box::new(script)));
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", src);
    match parse_source_here(&mut ctx, &reg, &file, ParseOptions::default()) {
        Ok(_) => Ok(()),
        Err(d) => match d.loc {
            DiagLoc::FileLineCol { line, col, .. } => Err(format!("{line}:{col}: {}", d.message)),
            _ => Err(d.message),
        },
    }
}

/// Parses `src` with `parse` as the probe's parser, then prints it (custom
/// form) with `print` as its printer.
fn round_trip(
    src: &str,
    parse: impl Fn(&mut OpAsmParser<'_>, &mut OperationState) -> PResult<()> + 'static,
    print: impl Fn(&mut OpAsmPrinter<'_, '_>, OpId) + 'static,
) -> String {
    PARSE.with(|s| *s.borrow_mut() = Some(Box::new(parse)));
    PRINT.with(|s| *s.borrow_mut() = Some(Box::new(print)));
    let mut ctx = Context::new();
    ctx.allow_unregistered_dialects = true;
    let reg = registry(&mut ctx);
    let file = SourceFile::new("t.mlir", src);
    let (ir, module) = parse_source_here(&mut ctx, &reg, &file, ParseOptions::default())
        .unwrap_or_else(|d| panic!("{}", d.message));
    print_module(&ctx, &ir, &reg, module, PrintOptions::default(), None)
}

const PREFIX: &str = "custom op 'test.probe' ";

// ----- AsmParser: keywords, punctuation, literals ------------------------------

#[test]
fn keywords_required_optional_one_of_and_any() {
    assert_eq!(
        parse_with("test.probe to x", |p, _| {
            p.parse_keyword("to")?;
            assert!(!p.parse_optional_keyword("y"));
            assert_eq!(p.parse_optional_keyword_of(&["a", "x"]), Some("x"));
            Ok(())
        }),
        Ok(())
    );
    // A missing keyword is reported at the token, with the prefix.
    assert_eq!(
        parse_with("test.probe from", |p, _| p.parse_keyword("to")),
        Err(format!("1:12: {PREFIX}expected 'to'"))
    );
    assert_eq!(
        parse_with("test.probe 42", |p, _| p.parse_keyword_any().map(|_| ())),
        Err(format!("1:12: {PREFIX}expected valid keyword"))
    );
    assert_eq!(
        parse_with("test.probe i32 \"s\\22\"", |p, _| {
            assert_eq!(p.parse_keyword_any()?, "i32");
            assert_eq!(p.parse_keyword_or_string()?, b"s\"");
            Ok(())
        }),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe (", |p, _| p
            .parse_keyword_or_string()
            .map(|_| ())),
        Err(format!("1:12: {PREFIX}expected valid keyword or string"))
    );
    assert_eq!(
        parse_with("test.probe x", |p, _| p.parse_string().map(|_| ())),
        Err(format!("1:12: {PREFIX}expected string"))
    );
}

#[test]
fn punctuation_errors_point_after_the_previous_token_without_prefix() {
    assert_eq!(
        parse_with(
            "test.probe -> : , ... = { } ( ) [ ] < > ? * + - |",
            |p, _| {
                p.parse_arrow()?;
                p.parse_colon()?;
                p.parse_comma()?;
                p.parse_ellipsis()?;
                p.parse_equal()?;
                p.parse_lbrace()?;
                p.parse_rbrace()?;
                p.parse_lparen()?;
                p.parse_rparen()?;
                p.parse_lsquare()?;
                p.parse_rsquare()?;
                p.parse_less()?;
                p.parse_greater()?;
                p.parse_question()?;
                p.parse_star()?;
                p.parse_plus()?;
                p.parse_minus()?;
                p.parse_vertical_bar()
            }
        ),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe x   y", |p, _| {
            p.parse_keyword("x")?;
            p.parse_comma()
        }),
        Err("1:13: expected ','".into())
    );
    assert_eq!(
        parse_with("test.probe\n\n  y", |p, _| p.parse_arrow()),
        Err("1:11: expected '->'".into())
    );
    assert_eq!(
        parse_with("test.probe ,", |p, _| {
            assert!(!p.parse_optional_arrow());
            assert!(p.parse_optional_comma());
            Ok(())
        }),
        Ok(())
    );
}

#[test]
fn comma_separated_lists_with_delimiters() {
    let list = |delimiter| {
        move |p: &mut OpAsmParser<'_>, _: &mut OperationState| {
            let mut n = 0;
            p.parse_comma_separated_list(delimiter, " in test list", |p| {
                p.parse_keyword("x")?;
                n += 1;
                Ok(())
            })?;
            assert!(n <= 2);
            Ok(())
        }
    };
    assert_eq!(
        parse_with("test.probe (x, x)", list(Delimiter::Paren)),
        Ok(())
    );
    assert_eq!(parse_with("test.probe []", list(Delimiter::Square)), Ok(()));
    assert_eq!(
        parse_with("test.probe", list(Delimiter::OptionalLessGreater)),
        Ok(())
    );
    assert_eq!(parse_with("test.probe x, x", list(Delimiter::None)), Ok(()));
    assert_eq!(
        parse_with("test.probe x", list(Delimiter::Braces)),
        Err("1:11: expected '{' in test list".into())
    );
    assert_eq!(
        parse_with("test.probe <x x>", list(Delimiter::LessGreater)),
        Err("1:14: expected '>' in test list".into())
    );
}

#[test]
fn integers() {
    assert_eq!(
        parse_with("test.probe 42 -7 0x10 true", |p, _| {
            assert_eq!(p.parse_integer::<u8>()?, 42);
            assert_eq!(p.parse_integer::<i64>()?, -7);
            assert_eq!(p.parse_optional_integer::<i32>()?, Some(16));
            assert_eq!(p.parse_integer::<i32>()?, 1);
            assert_eq!(p.parse_optional_integer::<i32>()?, None);
            Ok(())
        }),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe x", |p, _| p.parse_integer::<i32>().map(|_| ())),
        Err(format!("1:12: {PREFIX}expected integer value"))
    );
    assert_eq!(
        parse_with("test.probe 300", |p, _| p.parse_integer::<u8>().map(|_| ())),
        Err(format!("1:12: {PREFIX}integer value too large"))
    );
}

// ----- AsmParser: types, attributes, symbols, errors ------------------------------

#[test]
fn types_and_type_lists() {
    assert_eq!(
        parse_with(
            "test.probe : i32 : i8, f32 -> (i1, index) -> f16 (i32) -> i1 tensor<2xf32>",
            |p, _| {
                let i32t = p.ctx().int_type(32);
                assert_eq!(p.parse_colon_type()?, i32t);
                assert_eq!(p.parse_colon_type_list()?.len(), 2);
                assert_eq!(p.parse_arrow_type_list()?.len(), 2);
                assert_eq!(p.parse_optional_arrow_type_list()?.len(), 1);
                let (inputs, results) = p.parse_functional_type()?;
                assert_eq!((inputs, results.len()), (vec![i32t], 1));
                assert!(p.parse_optional_type()?.is_some());
                assert!(p.parse_optional_type()?.is_none());
                assert!(p.parse_optional_colon_type_list()?.is_empty());
                Ok(())
            }
        ),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe i32", |p, _| p.parse_colon_type().map(|_| ())),
        Err("1:11: expected ':'".into())
    );
    assert_eq!(
        parse_with("test.probe i32", |p, _| p
            .parse_functional_type()
            .map(|_| ())),
        Err(format!(
            "1:12: {PREFIX}invalid kind of type specified: expected builtin.function, but found 'i32'"
        ))
    );
}

#[test]
fn attributes_of_a_kind_typed_optional_and_symbols() {
    assert_eq!(
        parse_with("test.probe 5 \"s\" [1] @a::@b i32 %x 7 @\"q r\"", |p, _| {
            p.parse_attribute_of_kind(AttrClass::Integer)?;
            p.parse_attribute_of_kind(AttrClass::String)?;
            p.parse_attribute_of_kind(AttrClass::Array)?;
            p.parse_attribute_of_kind(AttrClass::SymbolRef)?;
            let ty = p.parse_optional_attribute()?.expect("a type attribute");
            assert!(AttrClass::Type.matches(p.ctx(), ty));
            assert_eq!(p.parse_optional_attribute()?, None);
            let _ = p.parse_operand()?;
            let i8t = p.ctx().int_type(8);
            let seven = p.parse_attribute_of_type(Some(i8t))?;
            assert_eq!(seven, p.ctx().integer_attr(i8t, 7));
            let name = p.parse_symbol_name()?;
            assert_eq!(p.ctx().string_bytes(name), b"q r");
            Ok(())
        }),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe @a::@b", |p, _| {
            p.parse_attribute_of_kind(AttrClass::FlatSymbolRef)
                .map(|_| ())
        }),
        Err(format!("1:12: {PREFIX}invalid kind of attribute specified"))
    );
    assert_eq!(
        parse_with("test.probe a", |p, _| p.parse_symbol_name().map(|_| ())),
        Err(format!(
            "1:12: {PREFIX}expected valid '@'-identifier for symbol name"
        ))
    );
}

#[test]
fn optional_attributes_of_a_kind_and_custom_fallbacks() {
    assert_eq!(
        parse_with("test.probe [1] 5 @s \"t\" <x> #t.k<y> <z> !t.ty", |p, _| {
            assert_eq!(p.parse_optional_attribute_of_kind(AttrClass::String)?, None);
            assert!(p
                .parse_optional_attribute_of_kind(AttrClass::Array)?
                .is_some());
            assert_eq!(p.parse_optional_attribute_of_kind(AttrClass::Array)?, None);
            assert!(p
                .parse_optional_attribute_of_kind(AttrClass::Integer)?
                .is_some());
            assert!(p
                .parse_optional_attribute_of_kind(AttrClass::FlatSymbolRef)?
                .is_some());
            assert!(p
                .parse_optional_attribute_of_kind(AttrClass::String)?
                .is_some());
            // The custom parser reads `<x>`; a full `#t.k<y>` goes to the
            // generic parser; then `<z>` to the custom one again.
            let custom = |p: &mut crate::parser::AsmParser<'_>| {
                p.parse_less()?;
                p.parse_keyword_any()?;
                p.parse_greater()?;
                Ok(p.ctx().unit_attr())
            };
            let unit = p.ctx().unit_attr();
            assert_eq!(p.parse_custom_attribute_with_fallback(None, custom)?, unit);
            let full = p.parse_custom_attribute_with_fallback(None, custom)?;
            assert_ne!(full, unit);
            assert_eq!(p.parse_custom_attribute_with_fallback(None, custom)?, unit);
            let ty = p.parse_custom_type_with_fallback(|p| p.emit_error_here("not here"))?;
            assert!(matches!(
                p.ctx().type_kind(ty),
                crate::TypeKind::Opaque { .. }
            ));
            Ok(())
        }),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe 5", |p, _| {
            p.parse_optional_attribute_of_kind(AttrClass::Float)
                .map(|_| ())
        }),
        Err(format!("1:12: {PREFIX}invalid kind of attribute specified"))
    );
}

#[test]
fn stripped_dialect_attributes_print_without_their_mnemonic() {
    let out = round_trip(
        "test.probe {a = #t.fastmath<fast>, b = #gpu<dim x>, c = 3 : i8, d = #t<\"q\">}",
        |p, st| {
            st.attrs = p.parse_optional_attr_dict()?;
            Ok(())
        },
        |pr, op| {
            for e in pr.op_attrs(op) {
                pr.print_str(" ");
                pr.print_stripped_attribute(e.value);
            }
        },
    );
    assert_eq!(
        out,
        "module {\n  test.probe <fast>  x 3 : i8 #t<\"q\">\n}\n"
    );
}

#[test]
fn errors_at_saved_locations_and_end_of_input() {
    assert_eq!(
        parse_with("test.probe a b", |p, _| {
            let at = p.current_location();
            p.parse_keyword("a")?;
            p.parse_keyword("b")?;
            p.emit_error(at, "went wrong")
        }),
        Err(format!("1:12: {PREFIX}went wrong"))
    );
    // At the end of input the error is at the end, after the last newline
    // (MLIR's `emitError(getCurrentLocation(), ...)`).
    assert_eq!(
        parse_with("test.probe\n", |p, _| p.emit_error_here("more please")),
        Err(format!("2:1: {PREFIX}more please"))
    );
}

// ----- OpAsmParser: operands, regions, successors, dictionaries -----------------

const DEFS: &str = "%a = \"t.def\"() : () -> i32\n%b = \"t.def\"() : () -> f32\n";

#[test]
fn operand_lists_and_their_counts() {
    let src = format!("{DEFS}test.probe (%a, %b) [%a]");
    assert_eq!(
        parse_with(&src, |p, st| {
            let at = p.current_location();
            let two = p.parse_operand_list(Delimiter::Paren)?;
            let one = p.parse_operand_list_of(1, Delimiter::OptionalSquare)?;
            let (i32t, f32t) = (
                p.ctx().int_type(32),
                p.ctx().float_type(crate::FloatKind::F32),
            );
            p.resolve_operands(&two, &[i32t, f32t], at, &mut st.operands)?;
            p.resolve_operands_to(&one, i32t, &mut st.operands)?;
            assert_eq!(st.operands.len(), 3);
            Ok(())
        }),
        Ok(())
    );
    let count = |n| {
        move |p: &mut OpAsmParser<'_>, _: &mut OperationState| {
            p.parse_operand_list_of(n, Delimiter::None).map(|_| ())
        }
    };
    assert_eq!(
        parse_with(&format!("{DEFS}test.probe %a, %b"), count(3)),
        Err(format!("3:12: {PREFIX}expected 3 operands"))
    );
    assert_eq!(
        parse_with("test.probe : i32", count(3)),
        Err("1:11: expected operand".into())
    );
    assert_eq!(
        parse_with("test.probe (%a)", count(1)),
        Err("1:12: unexpected delimiter".into())
    );
    assert_eq!(
        parse_with("test.probe (%a", |p, _| {
            p.parse_operand_list(Delimiter::Paren).map(|_| ())
        }),
        // At the end of input MLIR steps back one byte, then right after
        // the text before it.
        Err("1:14: expected ')' in operand list".into())
    );
    assert_eq!(
        parse_with("test.probe %a, 3", count(2)),
        Err("1:15: expected SSA operand".into())
    );
}

#[test]
fn resolving_checks_counts_and_types() {
    assert_eq!(
        parse_with(&format!("{DEFS}test.probe %a, %b"), |p, st| {
            let at = p.current_location();
            let ops = p.parse_operand_list(Delimiter::None)?;
            let i32t = p.ctx().int_type(32);
            p.resolve_operands(&ops, &[i32t], at, &mut st.operands)
        }),
        Err(format!(
            "3:12: {PREFIX}number of operands and types do not match: got 2 operands and 1 types"
        ))
    );
    assert_eq!(
        parse_with(&format!("{DEFS}test.probe %b"), |p, st| {
            let op = p.parse_operand()?;
            let i32t = p.ctx().int_type(32);
            st.operands.push(p.resolve_operand(op, i32t)?);
            Ok(())
        }),
        Err(
            "3:12: use of value '%b' expects different type than prior uses: 'i32' vs 'f32'".into()
        )
    );
}

#[test]
fn trailing_operands_and_arguments() {
    assert_eq!(
        parse_with(
            "test.probe , %a, %b (%x: i32 {t.a}, %y: f32 loc(\"f\":1:2))",
            |p, _| {
                assert_eq!(p.parse_trailing_operand_list(Delimiter::None)?.len(), 2);
                let args = p.parse_argument_list(Delimiter::Paren, true, true)?;
                assert_eq!(args.len(), 2);
                assert!(args[0].attrs.is_some() && args[1].attrs.is_none());
                Ok(())
            }
        ),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe %x#1", |p, _| p
            .parse_argument(false, false)
            .map(|_| ())),
        Err("1:14: result number not allowed in argument list".into())
    );
}

#[test]
fn assignment_lists() {
    assert_eq!(
        parse_with("test.probe (%x = %a, %y = %b) ()", |p, _| {
            let (args, values) = p.parse_assignment_list()?;
            assert_eq!((args.len(), values.len()), (2, 2));
            let empty = p.parse_optional_assignment_list()?.unwrap();
            assert!(empty.0.is_empty() && empty.1.is_empty());
            assert!(p.parse_optional_assignment_list()?.is_none());
            Ok(())
        }),
        Ok(())
    );
    // Verified against mlir-opt 22 (scf.for's iter_args, scf.while).
    assert_eq!(
        parse_with("test.probe (%x = %a %y)", |p, _| p
            .parse_assignment_list()
            .map(|_| ())),
        Err("1:20: expected ',' or ')'".into())
    );
    assert_eq!(
        parse_with("test.probe %x = %a", |p, _| p
            .parse_assignment_list()
            .map(|_| ())),
        Err("1:12: custom op 'test.probe' expected '('".into())
    );
}

#[test]
fn regions_with_and_without_entry_arguments() {
    let out = round_trip(
        "test.probe (%x: i32) {\n  \"t.use\"(%x) : (i32) -> ()\n  test.ret\n}, {\n}\n",
        |p, st| {
            let args = p.parse_argument_list(Delimiter::Paren, true, false)?;
            st.regions.push(p.parse_region(&args)?);
            p.parse_comma()?;
            let empty = p.parse_region(&[])?;
            p.ensure_entry_block(empty);
            st.regions.push(empty);
            assert_eq!(p.parse_optional_region(&[])?, None);
            Ok(())
        },
        |pr, op| {
            let ir = pr.ir();
            let body = ir.region(op, 0);
            let entry = ir.first_block(body).unwrap();
            pr.print_str(" (");
            pr.print_region_argument(ir.argument(entry, 0), None);
            pr.print_str(") ");
            pr.print_region(body, false, false, false);
            pr.print_str(", ");
            pr.print_region(ir.region(op, 1), true, true, true);
        },
    );
    assert_eq!(
        out,
        "module {\n  test.probe (%arg0: i32) {\n    \"t.use\"(%arg0) : (i32) -> ()\n  }, {\n  ^bb0:\n  }\n}\n"
    );
    assert_eq!(
        parse_with("test.probe (%x: i32) {\n^bb0:\n}\n", |p, st| {
            let args = p.parse_argument_list(Delimiter::Paren, true, false)?;
            st.regions.push(p.parse_region(&args)?);
            Ok(())
        }),
        Err("2:1: invalid block name in region with named arguments".into())
    );
    assert_eq!(
        parse_with("test.probe x", |p, st| {
            st.regions.push(p.parse_region(&[])?);
            Ok(())
        }),
        Err("1:11: expected '{' to begin a region".into())
    );
}

#[test]
fn regions_read_and_print_the_default_dialect() {
    let out = round_trip(
        "test.probe {\n  ret\n}\ntest.ret\n",
        |p, st| {
            st.regions.push(p.parse_region(&[])?);
            Ok(())
        },
        |pr, op| {
            pr.print_str(" ");
            pr.print_region(pr.ir().region(op, 0), false, true, false);
        },
    );
    // Inside the probe `ret` is `test.ret`; outside it needs its prefix.
    assert_eq!(
        out,
        "module {\n  test.probe {\n    ret\n  }\n  test.ret\n}\n"
    );
    assert_eq!(
        parse_with("test.probe {\n  ret\n}\nret\n", |p, st| {
            st.regions.push(p.parse_region(&[])?);
            Ok(())
        }),
        Err("4:1: custom op 'ret' is unknown (tried 'builtin.ret' as well)".into())
    );
}

#[test]
fn region_and_argument_lists() {
    assert_eq!(
        parse_with("test.probe ({\n}, {\n}) (%x, %y)", |p, st| {
            st.regions = p.parse_region_list(Delimiter::Paren)?;
            assert_eq!(st.regions.len(), 2);
            assert!(p.parse_region_list(Delimiter::None)?.is_empty());
            let args = p.parse_argument_list(Delimiter::OptionalParen, false, false)?;
            assert_eq!(args.len(), 2);
            Ok(())
        }),
        Ok(())
    );
    assert_eq!(
        parse_with("test.probe (%x: i32 %y: i32)", |p, _| {
            p.parse_argument_list(Delimiter::Paren, true, false)
                .map(|_| ())
        }),
        Err("1:20: expected ')' in argument list".into())
    );
}

#[test]
fn successors_with_operands() {
    let src = "\"t.region\"() ({\n  %a = \"t.def\"() : () -> i32\n  test.probe ^bb1(%a : i32), ^bb1\n^bb1(%x: i32):\n  \"t.end\"() : () -> ()\n}) : () -> ()\n";
    let out = round_trip(
        src,
        |p, st| {
            let (block, values) = p.parse_successor_and_use_list()?;
            st.successors.push(block);
            st.operands.extend(values);
            assert_eq!(p.parse_optional_successor()?, None);
            p.parse_comma()?;
            let second = p.parse_optional_successor()?;
            st.successors.push(second.expect("a successor"));
            Ok(())
        },
        |pr, op| {
            let ir = pr.ir();
            let operands: Vec<_> = ir.operands(op).collect();
            pr.print_str(" ");
            pr.print_successor_and_use_list(ir.successor(op, 0), &operands);
            pr.print_str(", ");
            pr.print_successor_and_use_list(ir.successor(op, 1), &[]);
        },
    );
    assert!(out.contains("  test.probe ^bb1(%0 : i32), ^bb1\n"), "{out}");
    let bad = |tail: &str| {
        parse_with(
            &format!("\"t.region\"() ({{\n  %a = \"t.def\"() : () -> i32\n  test.probe {tail}\n^bb1(%x: i32):\n  \"t.end\"() : () -> ()\n}}) : () -> ()\n"),
            |p, st| {
                let (block, values) = p.parse_successor_and_use_list()?;
                st.successors.push(block);
                st.operands.extend(values);
                Ok(())
            },
        )
    };
    assert_eq!(
        bad("^bb1(%a)"),
        Err("3:21: expected ':' in operand list".into())
    );
    assert_eq!(
        bad("^bb1(%a : i32, i32)"),
        Err("3:32: expected 1 types to match operand list".into())
    );
    assert_eq!(bad("(%a)"), Err("3:13: expected block name".into()));
}

#[test]
fn attribute_dictionaries_with_and_without_keyword() {
    let out = round_trip(
        "test.probe {b = 1 : i32, a} attributes {c = \"s\"}",
        |p, st| {
            let first = p.parse_optional_attr_dict()?;
            let second = p.parse_optional_attr_dict_with_keyword()?;
            assert!(first.is_some() && second.is_some());
            st.attrs = first;
            st.props = second;
            Ok(())
        },
        |pr, op| {
            let attrs = pr.op_attrs(op);
            pr.print_optional_attr_dict(&attrs, &["c"]);
            pr.print_optional_attr_dict_with_keyword(&attrs, &["a", "b"]);
            pr.print_optional_attr_dict(&attrs, &["a", "b", "c"]);
        },
    );
    assert_eq!(
        out,
        "module {\n  test.probe {a, b = 1 : i32} attributes {c = \"s\"}\n}\n"
    );
    assert_eq!(
        parse_with("test.probe attributes x", |p, _| {
            p.parse_optional_attr_dict_with_keyword().map(|_| ())
        }),
        Err("1:22: expected '{' in attribute dictionary".into())
    );
}

// ----- OpAsmPrinter -------------------------------------------------------------

#[test]
fn printer_types_symbols_and_strings() {
    let out = round_trip(
        "test.probe {f = (i32) -> i32, t = i32}",
        |p, st| {
            st.attrs = p.parse_optional_attr_dict()?;
            Ok(())
        },
        |pr, op| {
            // The types come from the op's attributes: `f`, then `t`.
            let types: Vec<_> = pr
                .op_attrs(op)
                .iter()
                .map(|e| match pr.ctx().attr_kind(e.value) {
                    crate::AttrKind::Type(t) => *t,
                    _ => unreachable!("type attributes"),
                })
                .collect();
            let (f, i32t) = (types[0], types[1]);
            pr.print_str(" ");
            pr.print_functional_type(&[i32t, i32t], &[i32t]);
            pr.print_str(";");
            pr.print_functional_type(&[], &[]);
            pr.print_str(";");
            pr.print_functional_type(&[i32t], &[f]);
            pr.print_str(";");
            pr.print_functional_type(&[i32t], &[i32t, i32t]);
            pr.print_optional_arrow_type_list(&[]);
            pr.print_str(";");
            pr.print_types([i32t, f]);
            pr.print_str("; ");
            pr.print_symbol_name(b"name");
            pr.print_str(" ");
            pr.print_symbol_name(b"two words");
            pr.print_str(" ");
            pr.print_keyword_or_string(b"kw");
            pr.print_str(" ");
            pr.print_keyword_or_string(b"1x");
            pr.print_str(" ");
            pr.print_string(b"q\"");
            pr.print_str(" ");
            pr.print_integer(-3);
        },
    );
    assert_eq!(
        out,
        "module {\n  test.probe (i32, i32) -> i32;() -> ();(i32) -> ((i32) -> i32);(i32) -> (i32, i32);i32, (i32) -> i32; @name @\"two words\" kw \"1x\" \"q\\22\" -3\n}\n"
    );
}

#[test]
fn attributes_print_with_or_without_their_type() {
    let out = round_trip(
        "test.probe {a = 7 : i8, b = 2.5 : f32, c = \"s\"}",
        |p, st| {
            st.attrs = p.parse_optional_attr_dict()?;
            Ok(())
        },
        |pr, op| {
            for e in pr.op_attrs(op) {
                pr.print_str(" ");
                pr.print_attribute(e.value);
                pr.print_str("/");
                pr.print_attribute_without_type(e.value);
            }
        },
    );
    assert_eq!(
        out,
        "module {\n  test.probe 7 : i8/7 2.500000e+00 : f32/2.500000e+00 \"s\"/\"s\"\n}\n"
    );
}
