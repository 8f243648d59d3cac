# shellcheck shell=bash
# What the proof scripts share; sourced with the caller's usage line, then <out-dir> [java] as "$@".
# Sets out, java and jar; run() makes one run folder of a proof.
proof_usage=${proof_usage:?set proof_usage before sourcing proof-lib.sh}
out=${1:?usage: $proof_usage}
java=${2:-java}
jar=benchmarks/target/benchmarks.jar
[[ -f $jar ]] || { echo "$proof_usage: $jar is missing; build first: mvn -B -DskipTests package" >&2; exit 1; }
mkdir -p "$out"

# run <name> <args...>: one run into <out>/<name>/, its output in <out>/<name>.log; prints the run folder. A run that
# finished (its folder has summary.md) is kept, so a second call of the proof resumes; one cut short runs again.
# PROOF_EXTRA is added to every run, to try a proof script on less.
run() {
  local name=$1
  shift
  if ! ls "$out/$name"/*/summary.md > /dev/null 2>&1; then
    rm -rf "${out:?}/$name"
    echo "== $name: $* ($(date +%H:%M))" >&2
    # shellcheck disable=SC2086
    "$java" -jar "$jar" "$@" ${PROOF_EXTRA:-} --results-dir "$out/$name" > "$out/$name.log" 2>&1 \
      || { tail -20 "$out/$name.log" >&2; exit 1; }
  fi
  dirname "$(ls "$out/$name"/*/summary.md | head -n 1)"
}
