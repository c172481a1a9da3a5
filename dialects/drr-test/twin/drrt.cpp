//===- drrt.cpp - the C++ twin of the drrt dialect ------------------------===//
//
// In: what mlir-tblgen-22 generates from DrrTest.td (the `*.inc` files
// build.sh writes beside the executable). Out: `drrt-twin-opt`, mlir-opt
// with the builtin, func and drrt dialects, whose `--canonicalize` runs
// the generated rewrite patterns: the oracle for the Rust patterns that
// `ods-tblgen --gen-rewriters` makes from ../ods/DrrTest.ods.
//
// The dialect registers every generated pattern as one set (its
// canonicalization patterns), as the Rust dialect's `register` does.
//
//===----------------------------------------------------------------------===//

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "DrrtDialect.h.inc"

#define GET_OP_CLASSES
#include "DrrtOps.h.inc"

using namespace mlir;

#include "DrrtDialect.cpp.inc"

#define GET_OP_CLASSES
#include "DrrtOps.cpp.inc"

namespace {
#include "DrrtRewriters.inc"
} // namespace

void drrt::DrrTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "DrrtOps.cpp.inc"
      >();
}

void drrt::DrrTestDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  populateWithGenerated(results);
}

int main(int argc, char **argv) {
  registerCanonicalizerPass();
  DialectRegistry registry;
  registry.insert<func::FuncDialect, drrt::DrrTestDialect>();
  return asMainReturnCode(
      MlirOptMain(argc, argv, "drrt twin: mlir-opt with the drrt dialect\n",
                  registry));
}
