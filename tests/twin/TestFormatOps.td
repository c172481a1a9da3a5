// The `testfmt` dialect: one op per feature of the declarative assembly
// format, for the features that no upstream dialect in `mlir-opt` shows.
//
// This file is compiled twice:
// - by `mlir-tblgen-22` into the C++ twin (`tests/twin/build.sh`), a small
//   `MlirOptMain` driver that is the oracle for these formats;
// - by our generator, from its mirror `dialects/ods/test_format.ods`,
//   which is this text with the few C++ snippets rewritten to Rust
//   (`tests/tests/format_twin.rs` checks the two define the same ops).
// So the op definitions hold formats and constraints only; the custom
// directives are C++ functions in `testfmt.cpp` (and Rust ones later).
//
// Each op's summary says what it shows; `tests/corpus/format/` uses them.

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/Properties.td"
include "mlir/Interfaces/InferTypeOpInterface.td"

def Testfmt_Dialect : Dialect {
  let name = "testfmt";
  let summary = "ops that exercise every feature of the assembly format";
  let cppNamespace = "::testfmt";
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
}

class Testfmt_Op<string mnemonic, list<Trait> traits = []>
    : Op<Testfmt_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

// A specialized enum attribute: printed as a bare keyword, or as a string
// where its text is not a keyword (`"two-words"`).
def Testfmt_Color : I32EnumAttr<"Color", "a color", [
    I32EnumAttrCase<"red", 0>,
    I32EnumAttrCase<"green", 1>,
    I32EnumAttrCase<"Dashed", 7, "dashed-blue">]> {
  let cppNamespace = "::testfmt";
}

// A 64-bit specialized enum whose symbols differ from their strings.
def Testfmt_Level : I64EnumAttr<"Level", "a level", [
    I64EnumAttrCase<"Low", 0, "low">,
    I64EnumAttrCase<"High", 10, "high">]> {
  let cppNamespace = "::testfmt";
}

// A specialized bit enum, `|`-separated.
def Testfmt_Bit_None : I32BitEnumAttrCaseNone<"none">;
def Testfmt_Bit_Read : I32BitEnumAttrCaseBit<"read", 0>;
def Testfmt_Bit_Write : I32BitEnumAttrCaseBit<"write", 1>;
def Testfmt_Bit_Exec : I32BitEnumAttrCaseBit<"exec", 2>;
def Testfmt_Access : I32BitEnumAttr<"Access", "access rights",
    [Testfmt_Bit_None, Testfmt_Bit_Read, Testfmt_Bit_Write, Testfmt_Bit_Exec]> {
  let cppNamespace = "::testfmt";
  let separator = "|";
}

// A bit enum with `, ` between its flags: printed as a string.
def Testfmt_Flag_None : I32BitEnumAttrCaseNone<"none">;
def Testfmt_Flag_A : I32BitEnumAttrCaseBit<"alpha", 0>;
def Testfmt_Flag_B : I32BitEnumAttrCaseBit<"beta", 1>;
def Testfmt_Flags : I32BitEnumAttr<"Flags", "flags",
    [Testfmt_Flag_None, Testfmt_Flag_A, Testfmt_Flag_B]> {
  let cppNamespace = "::testfmt";
  let separator = ", ";
}

// An enum with a dialect attribute: `#testfmt<shape circle>` when
// qualified, `circle` when stripped.
def Testfmt_Shape : I32EnumAttr<"Shape", "a shape", [
    I32EnumAttrCase<"Circle", 0, "circle">,
    I32EnumAttrCase<"Square", 1, "square">]> {
  let cppNamespace = "::testfmt";
  let genSpecializedAttr = 0;
}
def Testfmt_ShapeAttr : EnumAttr<Testfmt_Dialect, Testfmt_Shape, "shape">;

// A bit enum with a dialect attribute in angle brackets:
// `#testfmt.perms<read|write>` qualified, `<read|write>` stripped.
def Testfmt_Perm_None : I32BitEnumAttrCaseNone<"none">;
def Testfmt_Perm_Read : I32BitEnumAttrCaseBit<"read", 0>;
def Testfmt_Perm_Write : I32BitEnumAttrCaseBit<"write", 1>;
def Testfmt_Perms : I32BitEnumAttr<"Perms", "permissions",
    [Testfmt_Perm_None, Testfmt_Perm_Read, Testfmt_Perm_Write]> {
  let cppNamespace = "::testfmt";
  let genSpecializedAttr = 0;
  let separator = "|";
}
def Testfmt_PermsAttr : EnumAttr<Testfmt_Dialect, Testfmt_Perms, "perms"> {
  let assemblyFormat = "`<` $value `>`";
}

// A dialect type with a parameter: `!testfmt.box<i32>` when qualified,
// `<i32>` when stripped.
def Testfmt_BoxType : TypeDef<Testfmt_Dialect, "Box"> {
  let mnemonic = "box";
  let summary = "a box around a type";
  let parameters = (ins "::mlir::Type":$inner);
  let assemblyFormat = "`<` $inner `>`";
}

// A dialect attribute with parameters: `#testfmt.pair<1, 2>` when
// qualified, `<1, 2>` when stripped.
def Testfmt_PairAttr : AttrDef<Testfmt_Dialect, "Pair"> {
  let mnemonic = "pair";
  let summary = "two integers";
  let parameters = (ins "int64_t":$first, "int64_t":$second);
  let assemblyFormat = "`<` $first `,` $second `>`";
}

// An optional group led by a custom directive, and a string argument of
// a custom directive: `#testfmt.scaled<3 max 2>` holds 3 and 200,
// `#testfmt.scaled<max 0>` holds 0 and 0.
def Testfmt_ScaledAttr : AttrDef<Testfmt_Dialect, "Scaled"> {
  let mnemonic = "scaled";
  let summary = "an optional group led by a custom directive, a string argument";
  let parameters = (ins DefaultValuedParameter<"int64_t", "0">:$value,
                        DefaultValuedParameter<"int64_t", "0">:$limit);
  let assemblyFormat = [{
    `<` (custom<Leading>($value)^)? `max` custom<Scaled>($limit, "100") `>`
  }];
}

// A custom directive inside `struct`: `#testfmt.keyed<step = 1, size = 3>`
// holds 6 and 1.
def Testfmt_KeyedAttr : AttrDef<Testfmt_Dialect, "Keyed"> {
  let mnemonic = "keyed";
  let summary = "a custom directive inside struct";
  let parameters = (ins "int64_t":$size,
                        DefaultValuedParameter<"int64_t", "0">:$step);
  let assemblyFormat = "`<` struct(custom<Doubled>($size), $step) `>`";
}

//===----------------------------------------------------------------------===//
// Literals and spacing
//===----------------------------------------------------------------------===//

def Testfmt_KeywordsOp : Testfmt_Op<"keywords"> {
  let summary = "keyword literals, with the default spacing";
  let assemblyFormat = "`first` `second` `_under_score` `dotted.word` attr-dict";
}

def Testfmt_PunctuationOp : Testfmt_Op<"punctuation"> {
  let summary = "every punctuation literal";
  let assemblyFormat = [{
    `(` `)` `[` `]` `{` `}` `<` `>` `,` `:` `=` `?` `+` `-` `*` `->` `...` attr-dict
  }];
}

def Testfmt_SpacingOp : Testfmt_Op<"spacing"> {
  let summary = "the spacing literals: space, no space, newline";
  let arguments = (ins I32:$value);
  let assemblyFormat = [{
    `(` ` ` $value ` ` `)` `` `glued` `` `,` `tail` `\n` `next` `line` attr-dict
  }];
}

def Testfmt_ArrowOp : Testfmt_Op<"arrow"> {
  let summary = "punctuation next to variables";
  let arguments = (ins I32:$lhs, I64:$rhs);
  let assemblyFormat = "`<` $lhs `>` `->` `[` $rhs `]` `...` attr-dict";
}

//===----------------------------------------------------------------------===//
// Attributes of each kind
//===----------------------------------------------------------------------===//

def Testfmt_IntAttrsOp : Testfmt_Op<"int_attrs"> {
  let summary = "integer attributes with a buildable type (elided) and without";
  let arguments = (ins I32Attr:$typed, I1Attr:$bit, IndexAttr:$idx,
                       AnyI32Attr:$any_width, APIntAttr:$any_int);
  let assemblyFormat = "$typed `,` $bit `,` $idx `,` $any_width `,` $any_int attr-dict";
}

def Testfmt_FloatAttrsOp : Testfmt_Op<"float_attrs"> {
  let summary = "float attributes";
  let arguments = (ins F32Attr:$narrow, F64Attr:$wide);
  let assemblyFormat = "$narrow `,` $wide attr-dict";
}

def Testfmt_TextAttrsOp : Testfmt_Op<"text_attrs"> {
  let summary = "string and symbol-name attributes, and a symbol reference";
  let arguments = (ins SymbolNameAttr:$sym_name, StrAttr:$text,
                       FlatSymbolRefAttr:$callee);
  let assemblyFormat = "$sym_name $text $callee attr-dict";
}

def Testfmt_TypeAttrsOp : Testfmt_Op<"type_attrs"> {
  let summary = "type attributes";
  let arguments = (ins TypeAttr:$any_type, TypeAttrOf<AnyInteger>:$int_type);
  let assemblyFormat = "$any_type `,` $int_type attr-dict";
}

def Testfmt_CollectionAttrsOp : Testfmt_Op<"collection_attrs"> {
  let summary = "array, typed-array, dense-array and dictionary attributes";
  let arguments = (ins ArrayAttr:$array, I64ArrayAttr:$ints,
                       DenseI64ArrayAttr:$dense, DictionaryAttr:$dict);
  let assemblyFormat = "$array `,` $ints `,` $dense `,` $dict attr-dict";
}

def Testfmt_UnitAttrOp : Testfmt_Op<"unit_attr"> {
  let summary = "a unit attribute as a plain variable";
  let arguments = (ins UnitAttr:$marker);
  let assemblyFormat = "`(` $marker `)` attr-dict";
}

def Testfmt_EnumAttrsOp : Testfmt_Op<"enum_attrs"> {
  let summary = "specialized enum and bit-enum attributes";
  let arguments = (ins Testfmt_Color:$color, Testfmt_Level:$level,
                       Testfmt_Access:$access, Testfmt_Flags:$flags);
  let assemblyFormat = "$color $level $access `,` $flags attr-dict";
}

def Testfmt_DialectAttrsOp : Testfmt_Op<"dialect_attrs"> {
  let summary = "dialect attributes, stripped and qualified";
  let arguments = (ins Testfmt_ShapeAttr:$stripped, Testfmt_ShapeAttr:$full,
                       Testfmt_PermsAttr:$perms, Testfmt_PermsAttr:$full_perms);
  let assemblyFormat = [{
    $stripped `,` qualified($full) `,` $perms `,` qualified($full_perms) attr-dict
  }];
}

def Testfmt_DialectTypesOp : Testfmt_Op<"dialect_types"> {
  let summary = "dialect types, stripped and qualified";
  let arguments = (ins Testfmt_BoxType:$stripped, Testfmt_BoxType:$full);
  let results = (outs Testfmt_BoxType:$result);
  let assemblyFormat = [{
    $stripped `,` $full attr-dict `:` type($stripped) `,` qualified(type($full))
    `->` type($result)
  }];
}

def Testfmt_DefAttrsOp : Testfmt_Op<"def_attrs"> {
  let summary = "an AttrDef with parameters, stripped and qualified";
  let arguments = (ins Testfmt_PairAttr:$stripped, Testfmt_PairAttr:$full);
  let assemblyFormat = "$stripped `,` qualified($full) attr-dict";
}

//===----------------------------------------------------------------------===//
// Optional and default-valued attributes, unit anchors, else groups
//===----------------------------------------------------------------------===//

def Testfmt_OptionalAttrsOp : Testfmt_Op<"optional_attrs"> {
  let summary = "optional and default-valued attributes anchoring groups";
  let arguments = (ins OptionalAttr<I64Attr>:$min,
                       OptionalAttr<Testfmt_Color>:$color,
                       DefaultValuedAttr<I32Attr, "7">:$count,
                       DefaultValuedStrAttr<StrAttr, "none">:$mode,
                       DefaultValuedAttr<Testfmt_Level, "::testfmt::Level::Low">:$level);
  let assemblyFormat = [{
    (`min` $min^)? (`color` $color^)? (`count` `=` $count^)? (`level` $level^)? attr-dict
  }];
}

def Testfmt_UnitAnchorOp : Testfmt_Op<"unit_anchor"> {
  let summary = "unit attributes and a unit property anchoring groups";
  let arguments = (ins UnitAttr:$fast, UnitAttr:$exact, UnitProp:$quiet);
  let assemblyFormat = "($fast^ `fast`)? (`exact` $exact^)? (`quiet` $quiet^)? attr-dict";
}

def Testfmt_AttrAnchorOp : Testfmt_Op<"attr_anchor"> {
  let summary = "attributes that are not enums starting optional groups";
  let arguments = (ins OptionalAttr<Testfmt_ShapeAttr>:$shape,
                       OptionalAttr<SymbolNameAttr>:$sym,
                       OptionalAttr<I64Attr>:$count,
                       OptionalAttr<StrAttr>:$note);
  let assemblyFormat = [{
    ($sym^)? (qualified($shape)^ `shaped`)? ($count^ `times`)? ($note^)? attr-dict
  }];
}

def Testfmt_StrippedAnchorOp : Testfmt_Op<"stripped_anchor"> {
  let summary = "a dialect attribute starting a group, printed stripped (does not read back)";
  let arguments = (ins OptionalAttr<Testfmt_ShapeAttr>:$shape);
  let assemblyFormat = "($shape^ `shaped`)? attr-dict";
}

def Testfmt_ElseGroupOp : Testfmt_Op<"else_group"> {
  let summary = "else groups after unit-attribute and operand anchors";
  let arguments = (ins UnitAttr:$on, Optional<I32>:$value);
  let assemblyFormat = [{
    (`on` $on^) : (`off`)? `,` (`value` $value^) : (`nothing`)? attr-dict
  }];
}

def Testfmt_OilistOp : Testfmt_Op<"oilist", [AttrSizedOperandSegments]> {
  let summary = "clauses in any order";
  let arguments = (ins OptionalAttr<I64Attr>:$lower,
                       OptionalAttr<I64Attr>:$upper,
                       UnitAttr:$nowait,
                       Optional<AnyType>:$step,
                       Variadic<I32>:$deps);
  let assemblyFormat = [{
    oilist(`lower` `=` $lower
         | `upper` `=` $upper
         | `nowait` $nowait
         | `step` `(` $step `:` type($step) `)`
         | `depend` `(` $deps `)`) attr-dict
  }];
}

//===----------------------------------------------------------------------===//
// Variadic and optional operands and results
//===----------------------------------------------------------------------===//

def Testfmt_VariadicOp : Testfmt_Op<"variadic"> {
  let summary = "variadic operand and result groups (an empty one prints, but does not parse back)";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "`(` $inputs `)` attr-dict `:` type($inputs) `->` type($outputs)";
}

def Testfmt_OptionalOperandOp : Testfmt_Op<"optional_operand"> {
  let summary = "an optional operand and an optional result";
  let arguments = (ins I64:$base, Optional<AnyType>:$extra);
  let results = (outs Optional<AnyType>:$maybe);
  let assemblyFormat = [{
    $base (`,` $extra^ `:` type($extra))? attr-dict (`->` type($maybe)^)?
  }];
}

def Testfmt_SegmentsOp : Testfmt_Op<"segments",
    [AttrSizedOperandSegments, AttrSizedResultSegments]> {
  let summary = "segment sizes for operands and results; variadic type anchors";
  let arguments = (ins Optional<Index>:$maybe, Variadic<I32>:$firsts,
                       Variadic<AnyType>:$seconds);
  let results = (outs Optional<I1>:$flag, Variadic<AnyType>:$rest);
  let assemblyFormat = [{
    ($maybe^)? `[` $firsts `]` `[` $seconds `]` attr-dict
    (`:` type($seconds)^)? (`->` type($flag)^)? (`to` type($rest)^)?
  }];
}

def Testfmt_GroupsOp : Testfmt_Op<"groups"> {
  let summary = "a variadic-of-variadic operand";
  let arguments = (ins VariadicOfVariadic<AnyType, "group_sizes">:$groups,
                       DenseI32ArrayAttr:$group_sizes);
  let assemblyFormat = "$groups attr-dict `:` type($groups)";
}

def Testfmt_IntGroupsOp : Testfmt_Op<"int_groups"> {
  let summary = "a variadic-of-variadic operand of a buildable type";
  let arguments = (ins I64:$head,
                       VariadicOfVariadic<I64, "sizes">:$groups,
                       DenseI32ArrayAttr:$sizes);
  let assemblyFormat = "$head `,` `[` $groups `]` attr-dict";
}

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

def Testfmt_YieldOp : Testfmt_Op<"yield",
    [Terminator, ParentOneOf<["ImplicitOp", "OptionalRegionOp", "SingleBlockOp"]>]> {
  let summary = "ends the blocks of testfmt.implicit, optional_region, single_block";
  let arguments = (ins Variadic<AnyType>:$values);
  // The builder that re-creates a left-out terminator: no operands (the
  // body, a comment, is the same in C++ and Rust; an empty body would
  // only declare the builder).
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
}

def Testfmt_ImplicitOp : Testfmt_Op<"implicit",
    [SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "a region whose terminator is left out when it has no operands";
  let arguments = (ins Index:$bound);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$bound $body attr-dict";
}

def Testfmt_NoTerminatorOp : Testfmt_Op<"no_terminator",
    [NoTerminator, SingleBlock]> {
  let summary = "a single-block region without terminator";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "attr-dict-with-keyword $body";
}

def Testfmt_SingleBlockOp : Testfmt_Op<"single_block", [SingleBlock]> {
  let summary = "a single-block region whose terminator is printed";
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "$body attr-dict";
}

def Testfmt_RegionsOp : Testfmt_Op<"regions"> {
  let summary = "the regions directive over a variadic region list";
  let regions = (region AnyRegion:$first, VariadicRegion<AnyRegion>:$others);
  let assemblyFormat = "attr-dict-with-keyword regions";
}

def Testfmt_OptionalRegionOp : Testfmt_Op<"optional_region",
    [SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "a region that anchors an optional group";
  let arguments = (ins I1:$cond);
  let regions = (region SizedRegion<1>:$then_body, AnyRegion:$else_body);
  let assemblyFormat = "$cond $then_body (`else` $else_body^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Successors
//===----------------------------------------------------------------------===//

def Testfmt_BranchOp : Testfmt_Op<"br", [Terminator]> {
  let summary = "a successor with operands after it";
  let arguments = (ins Variadic<AnyType>:$args);
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "$dest (`(` $args^ `:` type($args) `)`)? attr-dict";
}

def Testfmt_SwitchOp : Testfmt_Op<"switch", [Terminator]> {
  let summary = "the successors directive";
  let arguments = (ins I32:$flag);
  let successors = (successor AnySuccessor:$default_dest,
                              VariadicSuccessor<AnySuccessor>:$cases);
  let assemblyFormat = "$flag `:` successors attr-dict";
}

def Testfmt_CondOp : Testfmt_Op<"cond", [Terminator]> {
  let summary = "a fixed successor and a variadic successor list";
  let arguments = (ins I1:$cond);
  let successors = (successor AnySuccessor:$then_dest,
                              VariadicSuccessor<AnySuccessor>:$else_dests);
  let assemblyFormat = "$cond `,` $then_dest `else` `[` $else_dests `]` attr-dict";
}

//===----------------------------------------------------------------------===//
// Directives
//===----------------------------------------------------------------------===//

def Testfmt_FunctionalTypeOp : Testfmt_Op<"functional_type"> {
  let summary = "operands, functional-type(operands, results)";
  let arguments = (ins Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$res);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
}

def Testfmt_FunctionalVarsOp : Testfmt_Op<"functional_vars"> {
  let summary = "functional-type over single variables";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
  let assemblyFormat = "$input attr-dict `:` functional-type($input, $output)";
}

def Testfmt_TypeListsOp : Testfmt_Op<"type_lists"> {
  let summary = "type(operands) and type(results)";
  let arguments = (ins AnyType:$a, Variadic<AnyType>:$b);
  let results = (outs AnyType:$r, Variadic<AnyType>:$s);
  let assemblyFormat = "`(` operands `)` attr-dict `:` type(operands) `->` type(results)";
}

def Testfmt_QualifiedTypeOp : Testfmt_Op<"qualified_type"> {
  let summary = "qualified(type(...)) next to a plain type";
  let arguments = (ins AnyType:$a, AnyType:$b);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($a) `,` qualified(type($b))";
}

def Testfmt_PropDictOp : Testfmt_Op<"prop_dict"> {
  let summary = "properties as variables and through prop-dict";
  let arguments = (ins I64Prop:$cookie, StringProp:$label,
                       DefaultValuedProp<I32Prop, "3">:$tuning,
                       OptionalAttr<I64Attr>:$limit);
  let assemblyFormat = "$cookie prop-dict attr-dict";
}

def Testfmt_PropVarsOp : Testfmt_Op<"prop_vars"> {
  let summary = "properties as format variables, one anchoring a group";
  let arguments = (ins I64Prop:$cookie, StringProp:$label,
                       OptionalProp<I64Prop>:$limit);
  let assemblyFormat = "$cookie `,` $label (`limit` $limit^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Custom directives (the functions are in testfmt.cpp)
//===----------------------------------------------------------------------===//

def Testfmt_CustomOptionalOp : Testfmt_Op<"custom_optional"> {
  let summary = "custom<OptionalValue>: an optional operand or `none`";
  let arguments = (ins Optional<I32>:$value);
  let assemblyFormat = "custom<OptionalValue>($value) attr-dict";
}

def Testfmt_CustomRefOp : Testfmt_Op<"custom_ref"> {
  let summary = "custom<SameAs>: ref(type(...)) of an earlier type";
  let arguments = (ins AnyType:$lhs, AnyType:$rhs);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) custom<SameAs>(ref(type($lhs)), type($rhs))
  }];
}

def Testfmt_CustomStringOp : Testfmt_Op<"custom_string"> {
  let summary = "custom<Width>: a string argument and ref of an attribute";
  let arguments = (ins I64Attr:$width, OptionalAttr<I64Attr>:$height);
  let assemblyFormat = [{
    custom<Width>($width, "4") custom<Height>(ref($width), $height) attr-dict
  }];
}

def Testfmt_CustomVariadicOp : Testfmt_Op<"custom_variadic"> {
  let summary = "custom<Bracketed>: a variadic operand and its types";
  let arguments = (ins Variadic<AnyType>:$items);
  let assemblyFormat = "custom<Bracketed>($items, type($items)) attr-dict";
}

def Testfmt_CustomRegionOp : Testfmt_Op<"custom_region",
    [NoTerminator, SingleBlock]> {
  let summary = "custom<Body>: a region, or `empty` for none";
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "custom<Body>($body) attr-dict";
}

def Testfmt_CustomSuccessorOp : Testfmt_Op<"custom_successor", [Terminator]> {
  let summary = "custom<Target>: a successor after a keyword";
  let successors = (successor AnySuccessor:$dest);
  let assemblyFormat = "custom<Target>($dest) attr-dict";
}

def Testfmt_CustomAttrDictOp : Testfmt_Op<"custom_attr_dict"> {
  let summary = "custom<Props>: the attribute dictionary inside a custom directive";
  let arguments = (ins OptionalAttr<I64Attr>:$level);
  let assemblyFormat = "custom<Props>(attr-dict)";
}

def Testfmt_CustomResultOp : Testfmt_Op<"custom_result"> {
  let summary = "custom<SameAs>: a result type read by a custom directive";
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$output);
  let assemblyFormat = [{
    $input attr-dict `:` type($input) custom<SameAs>(ref(type($input)), type($output))
  }];
}

def Testfmt_CustomPropDictOp : Testfmt_Op<"custom_prop_dict"> {
  let summary = "custom<PropsIn>: the property dictionary inside a custom directive";
  let arguments = (ins StringProp:$label, OptionalAttr<I64Attr>:$limit);
  let assemblyFormat = "custom<PropsIn>(prop-dict) attr-dict";
}

def Testfmt_CustomInGroupOp : Testfmt_Op<"custom_in_group"> {
  let summary = "a custom directive inside an optional group";
  let arguments = (ins OptionalAttr<I64Attr>:$scale, Optional<I32>:$value);
  let assemblyFormat = "(`scale` $scale^ `,` custom<OptionalValue>($value))? attr-dict";
}

def Testfmt_CustomRefOperandsOp : Testfmt_Op<"custom_ref_operands",
    [AttrSizedOperandSegments]> {
  let summary = "ref(...) of a single, an optional and a variadic operand";
  let arguments = (ins I32:$first, Optional<I32>:$second, Variadic<I32>:$rest);
  let assemblyFormat = [{
    $first (`or` $second^)? `[` $rest `]`
    custom<CountOperands>(ref($first), ref($second), ref($rest)) attr-dict
  }];
}

def Testfmt_CustomRefRegionsOp : Testfmt_Op<"custom_ref_regions"> {
  let summary = "ref(...) of a region and a variadic region";
  let regions = (region AnyRegion:$body, VariadicRegion<AnyRegion>:$more);
  let assemblyFormat = [{
    $body (`and` $more^)? custom<CountRegions>(ref($body), ref($more)) attr-dict
  }];
}

def Testfmt_CustomRefSuccessorsOp : Testfmt_Op<"custom_ref_successors",
    [Terminator]> {
  let summary = "ref(...) of a successor and a variadic successor";
  let successors = (successor AnySuccessor:$dest, VariadicSuccessor<AnySuccessor>:$others);
  let assemblyFormat = [{
    $dest `[` $others `]` custom<CountSuccessors>(ref($dest), ref($others)) attr-dict
  }];
}

def Testfmt_CustomRefAttrDictOp : Testfmt_Op<"custom_ref_attr_dict"> {
  let summary = "ref(attr-dict): the dictionary read before";
  let assemblyFormat = "attr-dict custom<CountAttrs>(ref(attr-dict))";
}

def Testfmt_CustomAnchorOp : Testfmt_Op<"custom_anchor"> {
  let summary = "a custom directive that starts and anchors an optional group";
  let arguments = (ins Optional<I32>:$value, OptionalAttr<I64Attr>:$scale);
  let assemblyFormat = "(custom<Use>($value, $scale)^ `done`)? attr-dict";
}

def Testfmt_PropAnchorOp : Testfmt_Op<"prop_anchor"> {
  let summary = "properties that start and anchor optional groups";
  let arguments = (ins DefaultValuedProp<I64Prop, "3">:$width,
                       DefaultValuedProp<StringProp, "\"x\"">:$label);
  let assemblyFormat = "($width^ `wide`)? ($label^ `named`)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Type inference sources
//===----------------------------------------------------------------------===//

def Testfmt_BuildableOp : Testfmt_Op<"buildable"> {
  let summary = "buildable operand and result types are not printed";
  let arguments = (ins I32:$a, Index:$b);
  let results = (outs F32:$r);
  let assemblyFormat = "$a `,` $b attr-dict";
}

def Testfmt_AllMatchOp : Testfmt_Op<"all_match",
    [AllTypesMatch<["a", "b", "r"]>]> {
  let summary = "AllTypesMatch: one type for two operands and the result";
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($b)";
}

def Testfmt_MatchWithOp : Testfmt_Op<"match_with",
    [TypesMatchWith<"result is the element type of the input", "input", "r",
                    "::llvm::cast<::mlir::ShapedType>($_self).getElementType()">]> {
  let summary = "TypesMatchWith: the result type derived from an operand's";
  let arguments = (ins AnyShaped:$input);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def Testfmt_SameOperandsOp : Testfmt_Op<"same_operands", [SameTypeOperands]> {
  let summary = "SameTypeOperands: the second operand's type from the first";
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs I1:$r);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($a)";
}

def Testfmt_SameAllOp : Testfmt_Op<"same_all", [SameOperandsAndResultType]> {
  let summary = "SameOperandsAndResultType: every type from the result's";
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyType:$r);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($r)";
}

def Testfmt_InferOp : Testfmt_Op<"infer",
    [DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "InferTypeOpInterface: the result is the tuple of the operand types";
  let arguments = (ins AnyType:$a, AnyType:$b);
  let results = (outs AnyTuple:$r);
  let assemblyFormat = "$a `,` $b attr-dict `:` type($a) `,` type($b)";
}

//===----------------------------------------------------------------------===//
// Properties of Properties.td as format variables
//===----------------------------------------------------------------------===//

def Testfmt_PropKindsOp : Testfmt_Op<"prop_kinds"> {
  let summary = "every kind of property of Properties.td as a format variable";
  let arguments = (ins EnumProp<Testfmt_Color>:$color, UnitProp:$flag,
                       I32Prop:$small, I64Prop:$big, StringProp:$text,
                       ArrayProp<I64Prop>:$list, OptionalProp<I64Prop>:$maybe,
                       DefaultValuedProp<I32Prop, "3">:$tuning);
  let assemblyFormat = [{
    $color $flag $small $big $text $list $maybe $tuning attr-dict
  }];
}

def Testfmt_PropBoolOp : Testfmt_Op<"prop_bool"> {
  let summary = "a BoolProp: printed true or false, read as an integer";
  let arguments = (ins BoolProp:$on);
  let assemblyFormat = "$on attr-dict";
}

def Testfmt_PropGroupsOp : Testfmt_Op<"prop_groups"> {
  let summary = "properties of Properties.td anchoring optional groups";
  let arguments = (ins DefaultValuedProp<EnumProp<Testfmt_Color>, "::testfmt::Color::red">:$color,
                       UnitProp:$flag);
  let assemblyFormat = "(`color` $color^)? (`flag` $flag^)? attr-dict";
}

def Testfmt_RegionLedOp : Testfmt_Op<"region_led"> {
  let summary = "an optional group led by its anchoring region";
  let regions = (region AnyRegion:$body);
  let assemblyFormat = "($body^ `done`)? attr-dict";
}
