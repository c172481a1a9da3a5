//===- testfmt.cpp - the C++ twin of the testfmt dialect ------------------===//
//
// In: the C++ that `mlir-tblgen-22` generates from TestFormatOps.td (the
// `*.inc` files that build.sh writes into the build directory). Out: a
// `testfmt-opt` executable, `mlir-opt` with only the builtin, func, cf,
// arith and testfmt dialects, which is the oracle for the assembly formats
// of TestFormatOps.td.
//
// What lives here is what the .td cannot say: the dialect's initializer,
// the custom-directive functions and one inferReturnTypes. Each is kept
// small and plain so that its Rust counterpart can be written to match.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/TypeSwitch.h"

#include "TestfmtEnums.h.inc"

#include "TestfmtDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TestfmtAttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TestfmtTypeDefs.h.inc"

#define GET_OP_CLASSES
#include "TestfmtOps.h.inc"

using namespace mlir;

namespace testfmt {

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

// custom<Leading>($value) of `#testfmt.scaled`, leading an optional group:
// an integer; absent when none follows.
static OptionalParseResult parseLeading(AsmParser &parser, int64_t &value) {
  return parser.parseOptionalInteger(value);
}

static void printLeading(AsmPrinter &printer, int64_t value) {
  printer << value;
}

// custom<Scaled>($limit, "100") of `#testfmt.scaled`: an integer, stored
// times the scale.
static ParseResult parseScaled(AsmParser &parser, int64_t &value,
                               int64_t scale) {
  int64_t written = 0;
  if (parser.parseInteger(written))
    return failure();
  value = written * scale;
  return success();
}

static void printScaled(AsmPrinter &printer, int64_t value, int64_t scale) {
  printer << value / scale;
}

// custom<Doubled>($size) inside the struct of `#testfmt.keyed`: an integer,
// stored doubled.
static ParseResult parseDoubled(AsmParser &parser, int64_t &value) {
  int64_t written = 0;
  if (parser.parseInteger(written))
    return failure();
  value = written * 2;
  return success();
}

static void printDoubled(AsmPrinter &printer, int64_t value) {
  printer << value / 2;
}

// custom<OptionalValue>($value): the operand, or the keyword `none` when
// it is absent.
static ParseResult
parseOptionalValue(OpAsmParser &parser,
                   std::optional<OpAsmParser::UnresolvedOperand> &value) {
  if (succeeded(parser.parseOptionalKeyword("none")))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand))
    return failure();
  value = operand;
  return success();
}

static void printOptionalValue(OpAsmPrinter &printer, Operation *,
                               Value value) {
  if (value)
    printer << value;
  else
    printer << "none";
}

// custom<SameAs>(ref(type($lhs)), type($rhs)): the keyword `same` when the
// second type is the first, else `to` and the type.
static ParseResult parseSameAs(OpAsmParser &parser, Type lhs, Type &rhs) {
  if (succeeded(parser.parseOptionalKeyword("same"))) {
    rhs = lhs;
    return success();
  }
  if (parser.parseKeyword("to") || parser.parseType(rhs))
    return failure();
  return success();
}

static void printSameAs(OpAsmPrinter &printer, Operation *, Type lhs,
                        Type rhs) {
  if (lhs == rhs)
    printer << "same";
  else
    printer << "to " << rhs;
}

// custom<Width>($width, "4"): the integer, or the keyword `default` for the
// value that the string argument gives.
static ParseResult parseWidth(OpAsmParser &parser, IntegerAttr &width,
                              int64_t defaultWidth) {
  Builder builder(parser.getContext());
  int64_t value = defaultWidth;
  if (failed(parser.parseOptionalKeyword("default")) &&
      parser.parseInteger(value))
    return failure();
  width = builder.getI64IntegerAttr(value);
  return success();
}

static void printWidth(OpAsmPrinter &printer, Operation *, IntegerAttr width,
                       int64_t defaultWidth) {
  if (width.getInt() == defaultWidth)
    printer << "default";
  else
    printer << width.getInt();
}

// custom<Height>(ref($width), $height): nothing when there is no height,
// `square` when it equals the width, else `by` and the integer.
static ParseResult parseHeight(OpAsmParser &parser, IntegerAttr width,
                               IntegerAttr &height) {
  if (succeeded(parser.parseOptionalKeyword("square"))) {
    height = width;
    return success();
  }
  if (failed(parser.parseOptionalKeyword("by")))
    return success();
  int64_t value;
  if (parser.parseInteger(value))
    return failure();
  height = Builder(parser.getContext()).getI64IntegerAttr(value);
  return success();
}

static void printHeight(OpAsmPrinter &printer, Operation *, IntegerAttr width,
                        IntegerAttr height) {
  if (!height)
    return;
  if (height == width)
    printer << "square";
  else
    printer << "by " << height.getInt();
}

// custom<Bracketed>($items, type($items)): `[%a : i32, %b : f32]`, each
// operand with its type.
static ParseResult
parseBracketed(OpAsmParser &parser,
               SmallVectorImpl<OpAsmParser::UnresolvedOperand> &items,
               SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand item;
        Type type;
        if (parser.parseOperand(item) || parser.parseColonType(type))
          return failure();
        items.push_back(item);
        types.push_back(type);
        return success();
      });
}

static void printBracketed(OpAsmPrinter &printer, Operation *,
                           OperandRange items, TypeRange types) {
  printer << "[";
  for (auto [i, item] : llvm::enumerate(items)) {
    if (i)
      printer << ", ";
    printer << item << " : " << types[i];
  }
  printer << "]";
}

// custom<Body>($body): the region, or the keyword `empty` when it has no
// block.
static ParseResult parseBody(OpAsmParser &parser, Region &body) {
  if (succeeded(parser.parseOptionalKeyword("empty")))
    return success();
  return parser.parseRegion(body, /*arguments=*/{});
}

static void printBody(OpAsmPrinter &printer, Operation *, Region &body) {
  if (body.empty())
    printer << "empty";
  else
    printer.printRegion(body);
}

// custom<Target>($dest): the keyword `goto` and the successor.
static ParseResult parseTarget(OpAsmParser &parser, Block *&dest) {
  if (parser.parseKeyword("goto") || parser.parseSuccessor(dest))
    return failure();
  return success();
}

static void printTarget(OpAsmPrinter &printer, Operation *, Block *dest) {
  printer << "goto ";
  printer.printSuccessor(dest);
}

// custom<Props>(attr-dict): nothing when there are no attributes, else the
// keyword `with` and the dictionary.
static ParseResult parseProps(OpAsmParser &parser, NamedAttrList &attrs) {
  if (failed(parser.parseOptionalKeyword("with")))
    return success();
  return parser.parseOptionalAttrDict(attrs);
}

static void printProps(OpAsmPrinter &printer, Operation *,
                       DictionaryAttr attrs) {
  if (attrs.empty())
    return;
  printer << "with";
  printer.printOptionalAttrDict(attrs.getValue());
}

// custom<PropsIn>(prop-dict): the keyword `props` and the properties as
// `<{...}>`, or nothing.
static ParseResult parsePropsIn(OpAsmParser &parser, OperationState &result) {
  if (failed(parser.parseOptionalKeyword("props")))
    return success();
  return CustomPropDictOp::parseProperties(parser, result);
}

template <typename Properties>
static void printPropsIn(OpAsmPrinter &printer, Operation *op,
                         const Properties &) {
  printer << "props <" << op->getPropertiesAsAttribute() << ">";
}

// The counts of the ref(...) directives below: the keyword `count` and the
// number `expected`; another number is an error at the keyword.
static ParseResult parseCount(OpAsmParser &parser, int64_t expected) {
  SMLoc loc = parser.getCurrentLocation();
  int64_t count;
  if (parser.parseKeyword("count") || parser.parseInteger(count))
    return failure();
  if (count != expected)
    return parser.emitError(loc, "expected count ") << expected;
  return success();
}

// custom<CountOperands>(ref($first), ref($second), ref($rest)): how many
// operands the three groups read.
static ParseResult
parseCountOperands(OpAsmParser &parser, OpAsmParser::UnresolvedOperand,
                   std::optional<OpAsmParser::UnresolvedOperand> second,
                   ArrayRef<OpAsmParser::UnresolvedOperand> rest) {
  return parseCount(parser, 1 + (second ? 1 : 0) + rest.size());
}

static void printCountOperands(OpAsmPrinter &printer, Operation *, Value,
                               Value second, OperandRange rest) {
  printer << "count " << 1 + (second ? 1 : 0) + rest.size();
}

// custom<CountRegions>(ref($body), ref($more)): the blocks of the first
// region and the number of the others.
static ParseResult
parseCountRegions(OpAsmParser &parser, Region &body,
                  SmallVectorImpl<std::unique_ptr<Region>> &more) {
  return parseCount(parser, body.getBlocks().size() + more.size());
}

static void printCountRegions(OpAsmPrinter &printer, Operation *,
                              Region &body, MutableArrayRef<Region> more) {
  printer << "count " << body.getBlocks().size() + more.size();
}

// custom<CountSuccessors>(ref($dest), ref($others)): how many successors
// the two groups read.
static ParseResult parseCountSuccessors(OpAsmParser &parser, Block *,
                                        ArrayRef<Block *> others) {
  return parseCount(parser, 1 + others.size());
}

static void printCountSuccessors(OpAsmPrinter &printer, Operation *, Block *,
                                 SuccessorRange others) {
  printer << "count " << 1 + others.size();
}

// custom<CountAttrs>(ref(attr-dict)): how many attributes the dictionary
// before it holds.
static ParseResult parseCountAttrs(OpAsmParser &parser, NamedAttrList &attrs) {
  return parseCount(parser, attrs.getAttrs().size());
}

static void printCountAttrs(OpAsmPrinter &printer, Operation *,
                            DictionaryAttr attrs) {
  printer << "count " << attrs.size();
}

// custom<Use>($value, $scale), which starts an optional group: absent
// unless the keyword `use` is next; then an optional operand and an
// optional `times` with an integer.
static OptionalParseResult
parseUse(OpAsmParser &parser,
         std::optional<OpAsmParser::UnresolvedOperand> &value,
         IntegerAttr &scale) {
  if (failed(parser.parseOptionalKeyword("use")))
    return std::nullopt;
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult hasValue = parser.parseOptionalOperand(operand);
  if (hasValue.has_value()) {
    if (failed(*hasValue))
      return failure();
    value = operand;
  }
  if (succeeded(parser.parseOptionalKeyword("times"))) {
    int64_t n;
    if (parser.parseInteger(n))
      return failure();
    scale = Builder(parser.getContext()).getI64IntegerAttr(n);
  }
  return success();
}

static void printUse(OpAsmPrinter &printer, Operation *, Value value,
                     IntegerAttr scale) {
  printer << "use";
  if (value)
    printer << " " << value;
  if (scale)
    printer << " times " << scale.getInt();
}

//===----------------------------------------------------------------------===//
// Result type inference (testfmt.infer)
//===----------------------------------------------------------------------===//

// The result is the tuple of the operand types.
::llvm::LogicalResult InferOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location>, ValueRange operands,
    DictionaryAttr, OpaqueProperties, RegionRange,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  inferredReturnTypes.push_back(TupleType::get(context, operands.getTypes()));
  return success();
}

} // namespace testfmt

//===----------------------------------------------------------------------===//
// Generated definitions
//===----------------------------------------------------------------------===//

#include "TestfmtEnums.cpp.inc"

#include "TestfmtDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "TestfmtAttrDefs.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "TestfmtTypeDefs.cpp.inc"

#define GET_OP_CLASSES
#include "TestfmtOps.cpp.inc"

void testfmt::TestfmtDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TestfmtAttrDefs.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "TestfmtTypeDefs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "TestfmtOps.cpp.inc"
      >();
}

int main(int argc, char **argv) {
  DialectRegistry registry;
  registry.insert<arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, testfmt::TestfmtDialect>();
  return asMainReturnCode(
      MlirOptMain(argc, argv, "testfmt twin: mlir-opt with the testfmt "
                              "dialect\n",
                  registry));
}
