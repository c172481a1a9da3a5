#!/usr/bin/env bash
# Expansion cost of the two Rust front ends. Writes a scratch crate (under
# the target directory) with N ops written as `#[op]` structs, and one with
# the same N ops in a `.ods` file read by `include_ods!`; builds each once,
# then times a rebuild after touching the source (what a user waits for
# after an edit). The per-op figure is the rebuild time over N, fixed cost
# included, so it is an upper bound. Also times a clean build of the
# crate alone (its dependencies already built), what CI or a first
# checkout of the crate pays.
#
# usage: bench/macro_expansion.sh [--ops N] [--runs R]
#   --ops   ops per crate (default 60)
#   --runs  rebuilds per crate; the fastest counts (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

ops=60
runs=3
while [ $# -gt 0 ]; do
  case "$1" in
    --ops) ops=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) echo "macro_expansion.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done

target_dir=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')
base=$target_dir/bench-macros

write_crate() { # name
  local dir=$base/$1
  mkdir -p "$dir/src"
  cp Cargo.lock "$dir/Cargo.lock"
  cat > "$dir/Cargo.toml" <<EOF
[package]
name = "bench-$1"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
ir = { path = "$root/ir" }
ods-runtime = { path = "$root/ods-runtime" }
ods-macros = { path = "$root/ods-macros" }

# The workspace's settings, so the macros run as fast as they do there.
[profile.dev.package."*"]
opt-level = 1

[workspace]
EOF
}

write_crate rust-ops
{
  echo "#![allow(dead_code)]"
  echo "use ods_macros::op;"
  for i in $(seq 1 "$ops"); do
    cat <<EOF
/// Op $i.
#[op("bench.add$i", traits = [Pure, Commutative, SameOperandsAndResultType])]
pub struct Add${i}Op {
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    sum: SignlessIntegerLike,
}
EOF
  done
} > "$base/rust-ops/src/lib.rs"

write_crate ods-ops
{
  echo 'include "mlir/IR/OpBase.td"'
  echo 'include "mlir/Interfaces/SideEffectInterfaces.td"'
  echo 'include "mlir/Interfaces/InferTypeOpInterface.td"'
  echo 'def Bench_Dialect : Dialect { let name = "bench"; let cppNamespace = "bench"; }'
  for i in $(seq 1 "$ops"); do
    cat <<EOF
def Bench_Add${i}Op : Op<Bench_Dialect, "add$i", [Pure, Commutative, SameOperandsAndResultType]> {
  let summary = "op $i";
  let arguments = (ins SignlessIntegerLike:\$lhs, SignlessIntegerLike:\$rhs);
  let results = (outs SignlessIntegerLike:\$sum);
}
EOF
  done
} > "$base/ods-ops/ops.ods"
cat > "$base/ods-ops/src/lib.rs" <<'EOF'
#![allow(dead_code)]
pub mod bench {
    ods_macros::include_ods!("ops.ods");
}
EOF

for crate in rust-ops ods-ops; do
  dir=$base/$crate
  (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo build --quiet 2>/dev/null || \
     (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo build))
  (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo clean --quiet -p "bench-$crate")
  start=$(date +%s.%N)
  (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo build --quiet)
  clean=$(echo "$(date +%s.%N) - $start" | bc)
  best=
  for _ in $(seq 1 "$runs"); do
    touch "$dir/src/lib.rs"
    start=$(date +%s.%N)
    (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo build --quiet)
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
  done
  printf '%-9s %3d ops: clean build %.2f s, rebuild %.2f s, %.1f ms/op\n' "$crate" "$ops" \
    "$clean" "$best" "$(echo "$best * 1000 / $ops" | bc -l)"
done
