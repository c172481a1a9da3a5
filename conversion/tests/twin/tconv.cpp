//===- tconv.cpp - the C++ twin of the test conversion passes -------------===//
//
// In: the C++ `mlir-tblgen-22` generates from TestConversionOps.td (the
// `*.inc` files build.sh writes). Out: `tconv-opt`, `mlir-opt` with the
// builtin, func and tconv dialects and two passes written with upstream's
// conversion framework:
//
// - `--test-tconv-partial-conversion`: `applyPartialConversion`;
// - `--test-tconv-full-conversion`: `applyFullConversion`;
//
// over one target, one type converter (i16 becomes i32, f16 cannot be
// converted, every other type stays) and four patterns; and two more
// converting function signatures as well, with 1:N conversions (a tuple
// becomes its elements, each converted; `tuple<>` becomes nothing):
//
// - `--test-tconv-signature-partial-conversion`;
// - `--test-tconv-signature-full-conversion`;
//
// with upstream's `populateFunctionOpInterfaceTypeConversionPattern<
// func::FuncOp>`, the dynamic legality upstream gives function ops, and a
// `func.return` pattern over the flattened converted operands. Their Rust
// counterparts are in conversion/tests/tconv_twin.rs; each piece here is
// written so that the Rust one can match it line for line.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/DialectConversion.h"

#include "TconvDialect.h.inc"

#define GET_OP_CLASSES
#include "TconvOps.h.inc"

using namespace mlir;

namespace tconv {

void TconvDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "TconvOps.cpp.inc"
      >();
}

// The folder: the input, when it already has the result's type.
OpFoldResult FoldOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

} // namespace tconv

#include "TconvDialect.cpp.inc"

#define GET_OP_CLASSES
#include "TconvOps.cpp.inc"

namespace {

// i16 becomes i32; f16 cannot be converted; every other type stays.
struct TconvTypeConverter : public TypeConverter {
  TconvTypeConverter() {
    addConversion([](Type t) { return t; });
    addConversion([](Type t, SmallVectorImpl<Type> &) -> std::optional<LogicalResult> {
      if (t.isF16())
        return failure();
      return std::nullopt;
    });
    addConversion([](IntegerType t) -> std::optional<Type> {
      if (t.getWidth() == 16)
        return IntegerType::get(t.getContext(), 32);
      return std::nullopt;
    });
    auto cast = [](OpBuilder &b, Type type, ValueRange inputs,
                   Location loc) -> Value {
      return b.create<UnrealizedConversionCastOp>(loc, type, inputs)
          .getResult(0);
    };
    addSourceMaterialization(cast);
    addTargetMaterialization(cast);
  }
};

// TconvTypeConverter's rules, and a tuple becomes its elements, each
// converted (1:N; `tuple<>`: 1:0).
struct TconvSignatureTypeConverter : public TconvTypeConverter {
  TconvSignatureTypeConverter() {
    addConversion([this](TupleType t, SmallVectorImpl<Type> &results)
                      -> std::optional<LogicalResult> {
      return convertTypes(t.getTypes(), results);
    });
  }
};

// tconv.make: the same op with its result type converted.
struct MakePattern : public OpConversionPattern<tconv::MakeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tconv::MakeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    rewriter.replaceOpWithNewOp<tconv::MakeOp>(op, type);
    return success();
  }
};

// tconv.use: the same op over the converted operands.
struct UsePattern : public OpConversionPattern<tconv::UseOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tconv::UseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<tconv::UseOp>(op, adaptor.getInputs());
    return success();
  }
};

// tconv.replace: a tconv.use of its converted input, and a tconv.make of
// its converted result type that replaces it.
struct ReplacePattern : public OpConversionPattern<tconv::ReplaceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(tconv::ReplaceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "result type does not convert");
    rewriter.create<tconv::UseOp>(op.getLoc(), adaptor.getInput());
    rewriter.replaceOpWithNewOp<tconv::MakeOp>(op, type);
    return success();
  }
};

// func.return: the same op over the converted operands, flattened (a
// tuple's elements in its place).
struct ReturnPattern : public OpConversionPattern<func::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(func::ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands;
    for (ValueRange values : adaptor.getOperands())
      llvm::append_range(operands, values);
    rewriter.replaceOpWithNewOp<func::ReturnOp>(op, operands);
    return success();
  }
};

template <bool Full>
struct TestTconvConversion
    : public PassWrapper<TestTconvConversion<Full>, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTconvConversion)

  StringRef getArgument() const final {
    return Full ? "test-tconv-full-conversion"
                : "test-tconv-partial-conversion";
  }
  StringRef getDescription() const final {
    return "Test conversion over the tconv dialect";
  }

  void runOnOperation() override {
    MLIRContext *ctx = &this->getContext();
    TconvTypeConverter converter;
    ConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addLegalDialect<func::FuncDialect>();
    target.addDynamicallyLegalOp<tconv::MakeOp, tconv::UseOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addIllegalOp<tconv::ForbiddenOp, tconv::FoldOp, tconv::ReplaceOp>();

    RewritePatternSet patterns(ctx);
    patterns.add<MakePattern, UsePattern, ReplacePattern>(converter, ctx);

    ModuleOp module = this->getOperation();
    LogicalResult result =
        Full ? applyFullConversion(module, target, std::move(patterns))
             : applyPartialConversion(module, target, std::move(patterns));
    if (failed(result))
      this->signalPassFailure();
  }
};

// The test passes with function signatures converted too.
template <bool Full>
struct TestTconvSignatureConversion
    : public PassWrapper<TestTconvSignatureConversion<Full>,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestTconvSignatureConversion)

  StringRef getArgument() const final {
    return Full ? "test-tconv-signature-full-conversion"
                : "test-tconv-signature-partial-conversion";
  }
  StringRef getDescription() const final {
    return "Test conversion of function signatures over the tconv dialect";
  }

  void runOnOperation() override {
    MLIRContext *ctx = &this->getContext();
    TconvSignatureTypeConverter converter;
    ConversionTarget target(*ctx);
    target.addLegalOp<ModuleOp>();
    target.addLegalDialect<func::FuncDialect>();
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<func::ReturnOp, tconv::MakeOp, tconv::UseOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    target.addIllegalOp<tconv::ForbiddenOp, tconv::FoldOp, tconv::ReplaceOp>();

    RewritePatternSet patterns(ctx);
    patterns.add<MakePattern, UsePattern, ReplacePattern, ReturnPattern>(
        converter, ctx);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);

    ModuleOp module = this->getOperation();
    LogicalResult result =
        Full ? applyFullConversion(module, target, std::move(patterns))
             : applyPartialConversion(module, target, std::move(patterns));
    if (failed(result))
      this->signalPassFailure();
  }
};

} // namespace

int main(int argc, char **argv) {
  DialectRegistry registry;
  registry.insert<func::FuncDialect, tconv::TconvDialect>();
  PassRegistration<TestTconvConversion<false>>();
  PassRegistration<TestTconvConversion<true>>();
  PassRegistration<TestTconvSignatureConversion<false>>();
  PassRegistration<TestTconvSignatureConversion<true>>();
  return asMainReturnCode(MlirOptMain(
      argc, argv, "tconv twin: mlir-opt with the test conversion passes",
      registry));
}
