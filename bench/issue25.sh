#!/usr/bin/env bash
# Every ratio of issue 25 (performance at scale) in one run, each against
# mlir-opt-22 on the same files in the same run (compare.sh does the
# timing; see its header for how):
#   memory per op    peak-RSS growth from the 10 to the 50 MB custom file,
#                    ods-opt over mlir-opt (goal <= 0.40)
#   parse+print      CPU time on the 10 MB custom and generic files (<= 0.15)
#   canonicalize     CPU time of --canonicalize on the 10 MB custom file (<= 0.25)
#   cse              CPU time of --cse on the same file (<= 0.25)
#   threads          ods-opt's wall time on the 50 MB file, one thread
#                    over the machine's threads (verification in parallel)
# Every row also says whether the outputs were identical. The macro and
# generator ratios have scripts of their own (macro_expansion.sh,
# ods_tblgen.sh): they build crates and take minutes each.
#
# usage: bench/issue25.sh [--gen PATH] [--runs N] [--workdir DIR]
#   --gen      ../shared/bench/gen_mlir.py by default (not in this repository)
#   --runs     runs per tool and file, the best counts (default 3)
#   --workdir  where generated files are kept (default $TMPDIR or /tmp)
set -euo pipefail
cd "$(dirname "$0")/.."

gen=../shared/bench/gen_mlir.py
runs=3
workdir=${TMPDIR:-/tmp}
while [ $# -gt 0 ]; do
  case "$1" in
    --gen) gen=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --workdir) workdir=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "issue25.sh: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
done
common=(--gen "$gen" --runs "$runs" --workdir "$workdir")

# compare.sh's rows: $9/$14 are ods-opt's and mlir-opt's peak RSS (MiB),
# $17 the CPU ratio, $19 whether the outputs were identical.
rows() { bench/compare.sh "${common[@]}" "$@" | grep -E '^[0-9]+MB +[0-9]+ .*ods-opt'; }

mem=$(rows --form custom --sizes "10 50")
printf '%-14s %s\n' metric "value (goal), outputs identical"
echo "$mem" | awk '
  NR == 1 { o10 = $9; m10 = $14; same = $19 }
  NR == 2 { o50 = $9; m50 = $14; same = same "/" $19;
            printf "%-14s %.2f (<= 0.40): %.1f MiB vs %.1f MiB growth, %s\n",
              "memory/op", (o50 - o10) / (m50 - m10), o50 - o10, m50 - m10, same }'
echo "$mem" | awk 'NR == 1 { printf "%-14s %s (<= 0.15), %s\n", "parse custom", $17, $19 }'
rows --form generic-unregistered --sizes 10 |
  awk '{ printf "%-14s %s (<= 0.15), %s\n", "parse generic", $17, $19 }'
for pass in canonicalize cse; do
  rows --form custom --sizes 10 --passes "--$pass" |
    awk -v p="$pass" '{ printf "%-14s %s (<= 0.25), %s\n", p, $17, $19 }'
done

# Threads: the same file verified on one thread and on all of them.
ods_opt=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/ods-opt
file="$workdir/bench-50mb-custom.mlir"
best() {
  local b=""
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e' -o "$workdir/issue25-time.txt" "$ods_opt" "$@" "$file" -o /dev/null
    t=$(tail -n 1 "$workdir/issue25-time.txt")
    if [ -z "$b" ] || awk "BEGIN{exit !($t < $b)}"; then b=$t; fi
  done
  echo "$b"
}
one=$(best --mlir-disable-threading)
all=$(best)
printf '%-14s %.2fx on %s threads (%s s -> %s s wall, 50 MB)\n' threads \
  "$(awk "BEGIN{print $one / $all}")" "$(nproc)" "$one" "$all"
