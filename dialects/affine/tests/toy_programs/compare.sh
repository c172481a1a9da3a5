#!/bin/bash
# Compares `toyc-ch5 -emit=mlir-affine -opt` (ours) with upstream's on
# generated programs: stdout and stderr together, byte for byte.
#
# usage: compare.sh OURS_TOYC UPSTREAM_TOYC WORK_DIR [FIRST_SEED COUNT]
# (the issue 24 measurement: seeds 0 to 1199, with upstream's toyc-ch5
# built as examples/toy/oracle/README says)
set -u
ours=$1 upstream=$2 work=$3 first=${4:-0} count=${5:-1200}
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/gen.py" "$work/programs" "$first" "$count"
mkdir -p "$work/upstream" "$work/ours"
differ=0
for f in "$work"/programs/*.toy; do
  b=$(basename "$f" .toy)
  "$upstream" "$f" -emit=mlir-affine -opt > "$work/upstream/$b.out" 2>&1
  "$ours" "$f" -emit=mlir-affine -opt > "$work/ours/$b.out" 2>&1
  if ! cmp -s "$work/upstream/$b.out" "$work/ours/$b.out"; then
    differ=$((differ + 1))
    echo "differs: $b"
  fi
done
echo "$differ of $(ls "$work"/programs/*.toy | wc -l) differ"
