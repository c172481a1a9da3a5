#!/usr/bin/env bash
# Expansion cost of the two Rust front ends. Writes a scratch crate (under
# the target directory) with N ops written as `#[op]` structs, and one with
# the same N ops in a `.ods` file read by `include_ods!`; builds each once,
# then times a rebuild after touching the source (what a user waits for
# after an edit). The per-op figure is the rebuild time over N, fixed cost
# included, so it is an upper bound. Also times a clean build of the
# crate alone (its dependencies already built), what CI or a first
# checkout of the crate pays. Each time is reported as wall and CPU
# time, best of R, and the rebuild ratio of the two front ends last.
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
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
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
#[op("bench.add$i", dialect = BenchDialect, traits = [Pure, Commutative, SameOperandsAndResultType])]
pub struct Add${i}Op {
    lhs: SignlessIntegerLike,
    rhs: SignlessIntegerLike,
    #[result]
    sum: SignlessIntegerLike,
}
EOF
  done
  # The dialect that registers them, as the `.ods` file's `Bench_Dialect`
  # (every `#[op]` names its dialect, which must list it).
  echo "#[ods_macros::dialect(\"bench\", ops = [$(seq -f 'Add%gOp' -s ', ' 1 "$ops")])]"
  echo "pub struct BenchDialect;"
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

# Wall time counts what the user waits for, but on a shared machine it
# counts the other jobs too; CPU time (user + system of cargo and rustc)
# does not, so each rebuild reports both and the ratio is given for both.
# `TIMEFORMAT` makes bash's `time` print "wall user sys".
TIMEFORMAT='%R %U %S'
timed_build() { # dir -> "wall cpu"
  local t
  t=$( { time (cd "$1" && CARGO_TARGET_DIR=$base/target cargo build --quiet) ; } 2>&1 )
  echo "$t" | tail -n 1 | awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }'
}
declare -A rebuild_wall rebuild_cpu
for crate in rust-ops ods-ops; do
  dir=$base/$crate
  (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo build --quiet 2>/dev/null || \
     (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo build))
  (cd "$dir" && CARGO_TARGET_DIR=$base/target cargo clean --quiet -p "bench-$crate")
  read -r clean clean_cpu < <(timed_build "$dir")
  best=
  best_cpu=
  for _ in $(seq 1 "$runs"); do
    touch "$dir/src/lib.rs"
    read -r t c < <(timed_build "$dir")
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
    if [ -z "$best_cpu" ] || [ "$(echo "$c < $best_cpu" | bc)" = 1 ]; then best_cpu=$c; fi
  done
  rebuild_wall[$crate]=$best
  rebuild_cpu[$crate]=$best_cpu
  printf '%-9s %3d ops: clean build %.2f s (cpu %.2f s), rebuild %.2f s (cpu %.2f s), %.1f ms/op\n' \
    "$crate" "$ops" "$clean" "$clean_cpu" "$best" "$best_cpu" "$(echo "$best * 1000 / $ops" | bc -l)"
done
printf 'rebuild ratio #[op] / include_ods!: wall %.2f, cpu %.2f (goal: under 1.5)\n' \
  "$(echo "${rebuild_wall[rust-ops]} / ${rebuild_wall[ods-ops]}" | bc -l)" \
  "$(echo "${rebuild_cpu[rust-ops]} / ${rebuild_cpu[ods-ops]}" | bc -l)"
