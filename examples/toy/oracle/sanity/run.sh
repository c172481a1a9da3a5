#!/usr/bin/env bash
# Runs upstream's toyc-ch5 .. toyc-ch7 (as build.sh builds them) on the
# sanity programs here, at every emit level each chapter has, without and
# with -opt, and writes each run's stderr (where toyc prints everything),
# stdout and exit status to OUT_DIR/chN/PROGRAM.EMIT[.opt].{stderr,stdout,status}.
#
# Usage: run.sh BIN_DIR OUT_DIR
set -uo pipefail
bin=$(cd "${1:?usage: run.sh BIN_DIR OUT_DIR}" && pwd)
out=$(mkdir -p "${2:?usage: run.sh BIN_DIR OUT_DIR}" && cd "$2" && pwd)
cd "$(dirname "$0")"

emits_of() {
  case $1 in
    5) echo "ast mlir mlir-affine" ;;
    *) echo "ast mlir mlir-affine mlir-llvm llvm jit" ;;
  esac
}

for n in 5 6 7; do
  mkdir -p "$out/ch$n"
  for program in *.toy; do
    # The struct program is chapter 7's language only.
    if [ "$program" = struct_fields.toy ] && [ "$n" != 7 ]; then continue; fi
    for emit in $(emits_of "$n"); do
      for opt in "" -opt; do
        base="$out/ch$n/${program%.toy}.$emit${opt:+.opt}"
        ( exec -a "toyc-ch$n" "$bin/toyc-ch$n" "$program" -emit="$emit" $opt ) \
          > "$base.stdout" 2> "$base.stderr"
        echo $? > "$base.status"
      done
    done
  done
done
grep -L '^0$' "$out"/ch*/*.status | sed 's/^/nonzero status: /'
