#!/usr/bin/env bash
# Writes the expected outputs of the toyc tests from upstream's toyc
# binaries: for each case of tests/toyc/cases.txt, runs BIN_DIR/PROGRAM
# with the case's arguments in tests/toyc (argv[0] = PROGRAM) and stores
# its stdout, stderr and exit status (as the shell reports it, 128 + the
# signal for a crash) in tests/toyc/expected/.
#
# Usage: expect.sh BIN_DIR [CASE...]   (BIN_DIR: where build.sh put toyc-chN)
set -uo pipefail
bin=$(cd "${1:?usage: expect.sh BIN_DIR [CASE...]}" && pwd)
shift
cd "$(dirname "$0")/../tests/toyc"
mkdir -p expected
while IFS= read -r line; do
  case "$line" in '#'* | '') continue ;; esac
  name=${line%%:*}
  if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$name"; then continue; fi
  read -r -a words <<< "${line#*:}"
  program=${words[0]}
  args=() stdin=/dev/null
  for w in "${words[@]:1}"; do
    case "$w" in '<'*) stdin=${w#<} ;; *) args+=("$w") ;; esac
  done
  # A subshell, so that a crash is reported as the exit status only.
  ( exec -a "$program" "$bin/$program" "${args[@]}" ) \
    < "$stdin" > "expected/$name.stdout" 2> "expected/$name.stderr"
  echo $? > "expected/$name.status"
done < cases.txt
