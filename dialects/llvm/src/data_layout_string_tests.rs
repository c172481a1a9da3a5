//! The parser against the messages `mlir-opt-22` prints for the same
//! strings (after `invalid data layout descriptor: `), and the values of
//! valid strings. The lit file `tests/lit/verify/llvm_data_layout_invalid.mlir`
//! runs a case per message through both tools.

use super::*;

/// Strings LLVM rejects, with its message (each probed with
/// `mlir-opt-22`).
const INVALID: &[(&str, &str)] = &[
    ("#vjkr32", "unknown specifier '#'"),
    ("e-m:e-i64:64-zz", "unknown specifier 'z'"),
    ("X", "unknown specifier 'X'"),
    ("e-", "empty specification is not allowed"),
    ("-e", "empty specification is not allowed"),
    ("ex", "malformed specification, must be just 'e' or 'E'"),
    ("n", "size component cannot be empty"),
    ("n8:", "size component cannot be empty"),
    ("n0", "size must be a non-zero 24-bit integer"),
    ("n16777216", "size must be a non-zero 24-bit integer"),
    ("n8:0x10", "size must be a non-zero 24-bit integer"),
    (
        "S",
        "malformed specification, must be of the form \"S<size>\"",
    ),
    ("S0", "stack natural alignment must be non-zero"),
    (
        "S12",
        "stack natural alignment must be a power of two times the byte width",
    ),
    ("S65536", "stack natural alignment must be a 16-bit integer"),
    (
        "F",
        "malformed specification, must be of the form \"F<type><abi>\"",
    ),
    ("Fi", "ABI alignment component cannot be empty"),
    ("Fx8", "unknown function pointer alignment type 'x'"),
    ("Fn0", "ABI alignment must be non-zero"),
    ("Fi8:8", "ABI alignment must be a 16-bit integer"),
    (
        "P",
        "malformed specification, must be of the form \"P<address space>\"",
    ),
    (
        "A",
        "malformed specification, must be of the form \"A<address space>\"",
    ),
    (
        "G",
        "malformed specification, must be of the form \"G<address space>\"",
    ),
    ("P16777216", "address space must be a 24-bit integer"),
    ("A1x", "address space must be a 24-bit integer"),
    ("P1(x)", "address space must be a 24-bit integer"),
    (
        "m",
        "malformed specification, must be of the form \"m:<mangling>\"",
    ),
    (
        "m:",
        "malformed specification, must be of the form \"m:<mangling>\"",
    ),
    (
        "mx",
        "malformed specification, must be of the form \"m:<mangling>\"",
    ),
    ("m:ee", "unknown mangling mode"),
    ("m:q", "unknown mangling mode"),
    (
        "ni",
        "malformed specification, must be of the form \"ni:<address space>[:<address space>]...\"",
    ),
    (
        "nix",
        "malformed specification, must be of the form \"ni:<address space>[:<address space>]...\"",
    ),
    ("ni:", "address space component cannot be empty"),
    ("ni:1:", "address space component cannot be empty"),
    ("ni:0", "address space 0 cannot be non-integral"),
    ("ni:1:0", "address space 0 cannot be non-integral"),
    ("ni:16777216", "address space must be a 24-bit integer"),
    (
        "i",
        "malformed specification, must be of the form \"i<size>:<abi>[:<pref>]\"",
    ),
    (
        "i8",
        "malformed specification, must be of the form \"i<size>:<abi>[:<pref>]\"",
    ),
    (
        "i8:8:8:8",
        "malformed specification, must be of the form \"i<size>:<abi>[:<pref>]\"",
    ),
    (
        "ve",
        "malformed specification, must be of the form \"v<size>:<abi>[:<pref>]\"",
    ),
    ("i0:8", "size must be a non-zero 24-bit integer"),
    ("i 8:8", "size must be a non-zero 24-bit integer"),
    (
        "i99999999999999999999:8",
        "size must be a non-zero 24-bit integer",
    ),
    ("i8:16", "i8 must be 8-bit aligned"),
    (
        "i16:16:8",
        "preferred alignment cannot be less than the ABI alignment",
    ),
    ("i32:", "ABI alignment component cannot be empty"),
    ("i32:-8", "ABI alignment component cannot be empty"),
    ("i32:x", "ABI alignment must be a 16-bit integer"),
    ("i32:+8", "ABI alignment must be a 16-bit integer"),
    ("i32:8:", "preferred alignment component cannot be empty"),
    ("i64:64:0", "preferred alignment must be non-zero"),
    (
        "i64:65535",
        "ABI alignment must be a power of two times the byte width",
    ),
    (
        "f16:7",
        "ABI alignment must be a power of two times the byte width",
    ),
    ("f32:0", "ABI alignment must be non-zero"),
    (
        "a",
        "malformed specification, must be of the form \"a:<abi>[:<pref>]\"",
    ),
    ("a:", "ABI alignment component cannot be empty"),
    ("a1:8", "size must be zero"),
    ("ax:8", "size must be zero"),
    ("a:0:0", "preferred alignment must be non-zero"),
    (
        "a:16:8",
        "preferred alignment cannot be less than the ABI alignment",
    ),
    (
        "p",
        "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\"",
    ),
    (
        "p:64",
        "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\"",
    ),
    (
        "p:64:64:64:64:64:64",
        "malformed specification, must be of the form \"p[<n>]:<size>:<abi>[:<pref>[:<idx>]]\"",
    ),
    ("p:0:64", "pointer size must be a non-zero 24-bit integer"),
    ("px:64:64", "'x' is not a valid pointer specification flag"),
    ("pz:64:64", "'z' is not a valid pointer specification flag"),
    (
        "pu:64:64",
        "address space 0 cannot be unstable or have external state",
    ),
    (
        "pe(foo):64:64",
        "address space 0 cannot be unstable or have external state",
    ),
    ("p16777216:64:64", "address space must be a 24-bit integer"),
    (
        "p99999999999:64:64",
        "address space must be a 24-bit integer",
    ),
    ("p1e:64:64", "address space must be a 24-bit integer"),
    ("p+1:64:64", "address space must be a 24-bit integer"),
    ("p1)(:64:64", "address space must be a 24-bit integer"),
    (
        "p1(P):64:64",
        "Cannot use predefined address space names P/G/A in data layout",
    ),
    (
        "p1(A):64:64",
        "Cannot use predefined address space names P/G/A in data layout",
    ),
    ("p1():64:64", "Expected `( address space name )`"),
    ("p1(x:64:64", "Expected `( address space name )`"),
    ("p(:64:64", "Expected `( address space name )`"),
    (
        "p1(foo):64:64-p2(foo):64:64",
        "address space name `foo` already used",
    ),
    ("p:64:0", "ABI alignment must be non-zero"),
    (
        "p:64:24",
        "ABI alignment must be a power of two times the byte width",
    ),
    ("p:64:65536", "ABI alignment must be a 16-bit integer"),
    ("p:64:64:0", "preferred alignment must be non-zero"),
    ("p:64:64::", "preferred alignment component cannot be empty"),
    (
        "p:64:64:32",
        "preferred alignment cannot be less than the ABI alignment",
    ),
    (
        "p:64:64:64:0",
        "index size must be a non-zero 24-bit integer",
    ),
    ("p:64:64:64:", "index size component cannot be empty"),
    (
        "p:64:64:64:128",
        "index size cannot be larger than the pointer size",
    ),
];

/// Strings LLVM accepts (each probed with `mlir-opt-22`).
const VALID: &[&str] = &[
    "",
    "e",
    "E",
    "e-E",
    "s",
    "s123",
    "n8:16:32",
    "n8:016",
    "n16777215",
    "S128",
    "S08",
    "Fi8",
    "A5",
    "G1",
    "P01",
    "m:l",
    "m:e-m:o",
    "ni:1:2",
    "p5:32:32-ni:5",
    "i16:8:16",
    "i1:8:8",
    "i8:8:16",
    "i32:08",
    "i64:16384",
    "i64:32768",
    "f80:128",
    "v128:128:128",
    "a0:0",
    "a00:8",
    "a:0",
    "a:0:8",
    "p:64:64",
    "p1:64:64",
    "p0:32:32",
    "pe1:64:64",
    "pue1:64:64",
    "p1(foo):64:64",
    "p(foo):64:64",
    "p1(PG):64:64",
    "p1(a)b):64:64",
    "p:64:64:64:32",
    "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128",
];

#[test]
fn rejected_strings_give_llvms_message() {
    for (text, message) in INVALID {
        match DataLayoutString::parse(text) {
            Err(got) => assert_eq!(&got, message, "{text}"),
            Ok(_) => panic!("{text} accepted, LLVM says: {message}"),
        }
    }
}

#[test]
fn accepted_strings_parse() {
    for text in VALID {
        if let Err(e) = DataLayoutString::parse(text) {
            panic!("{text} rejected: {e}");
        }
    }
}

#[test]
fn entries_override_the_defaults() {
    let dl = DataLayoutString::parse(
        "E-m:o-i64:64-i128:128:256-a:0:64-p1(global):32:32:64:16-ni:1:3-Fn16-S64-A5-P2-G1-n8:32",
    )
    .unwrap();
    assert!(dl.big_endian);
    assert_eq!(dl.mangling, Some('o'));
    assert_eq!(
        (
            dl.alloca_addr_space,
            dl.program_addr_space,
            dl.globals_addr_space
        ),
        (5, 2, 1)
    );
    assert_eq!(dl.stack_natural_align, Some(8));
    assert_eq!(
        dl.function_ptr_align,
        Some((FunctionPtrAlignType::MultipleOfFunctionAlign, 2))
    );
    assert_eq!(dl.legal_int_widths, [8, 32]);
    let widths: Vec<u32> = dl.ints.iter().map(|s| s.bit_width).collect();
    assert_eq!(widths, [1, 8, 16, 32, 64, 128]);
    assert_eq!(dl.ints[4], spec(64, 8, 8));
    assert_eq!(dl.ints[5], spec(128, 16, 32));
    assert_eq!(dl.aggregate_align, (1, 8));
    let spaces: Vec<u32> = dl.pointers.iter().map(|p| p.addr_space).collect();
    assert_eq!(spaces, [0, 1, 3]);
    let p1 = dl.pointer(1);
    assert_eq!(
        (
            p1.bit_width,
            p1.abi_align,
            p1.pref_align,
            p1.index_bit_width
        ),
        (32, 4, 8, 16)
    );
    assert!(p1.non_integral);
    assert_eq!(p1.name.as_deref(), Some("global"));
    // `ni:3` without a `p3` spec: address space 0's layout, non-integral.
    let p3 = dl.pointer(3);
    assert_eq!(
        (p3.bit_width, p3.abi_align, p3.name.as_ref()),
        (64, 8, None)
    );
    assert!(p3.non_integral && !dl.pointer(0).non_integral);
    // An unlisted space reads address space 0's spec.
    assert_eq!(dl.pointer(7).addr_space, 0);
}

#[test]
fn defaults_are_llvms() {
    let dl = DataLayoutString::parse("").unwrap();
    assert_eq!(dl, DataLayoutString::default());
    assert!(!dl.big_endian);
    assert_eq!(dl.ints[4], spec(64, 4, 8));
    assert_eq!(dl.floats.len(), 4);
    assert_eq!(dl.pointer(0).bit_width, 64);
}

#[test]
fn non_ascii_bytes_never_panic() {
    for text in ["É", "FÉ8", "pÉ:64:64", "p1(É):64:64", "iÉ:8", "nÉ", "m:É"] {
        let _ = DataLayoutString::parse(text);
    }
    assert_eq!(
        DataLayoutString::parse("É").unwrap_err(),
        "unknown specifier 'É'"
    );
}
