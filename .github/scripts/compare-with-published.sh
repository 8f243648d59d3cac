#!/usr/bin/env bash
# Compares a run folder with the previous published run of the same suite and JDK major version, found at
# any depth under the given folders (the nightly's data branch, results/), the newest by start time.
# Writes the verdict table to the job summary when GITHUB_STEP_SUMMARY is set.
# Usage: compare-with-published.sh <run-folder> <threshold> <published folder>...
# Exit status: compare's (0 nothing worse, 3 a measure worse, 2 unreadable); 0 with a notice when nothing
# published matches, since a first run has nothing to be compared with.
set -euo pipefail
run=${1:?usage: compare-with-published.sh <run-folder> <threshold> <published folder>...}
threshold=${2:?usage: compare-with-published.sh <run-folder> <threshold> <published folder>...}
shift 2
jar=benchmarks/target/benchmarks.jar
base=$(python3 - "$run" "$@" <<'PY'
import json, os, sys

def describe(folder):
    """(suite, JDK major, started) of a run folder, or None when it is not one."""
    results = os.path.join(folder, "results.json")
    try:
        if os.path.isfile(results):
            r = json.load(open(results))
            return r["suite"], r["environment"].get("jdk", {}).get("version", "?").split(".")[0], r["started"]
        if os.path.isfile(os.path.join(folder, "jmh.json")):
            env = json.load(open(os.path.join(folder, "env.json"))) if os.path.isfile(os.path.join(folder, "env.json")) else {}
            return "jmh", env.get("jdk", {}).get("version", "?").split(".")[0], os.path.basename(folder.rstrip("/"))
    except (ValueError, KeyError, OSError):
        return None
    return None

run = os.path.realpath(sys.argv[1])
want = describe(run)
best = None
for root in sys.argv[2:]:
    for folder, dirs, files in os.walk(root):
        if "results.json" in files or "jmh.json" in files:
            dirs[:] = []
            found = describe(folder)
            if found and os.path.realpath(folder) != run and found[:2] == want[:2] and (best is None or found[2] > best[0]):
                best = (found[2], folder)
print(best[1] if best else "")
PY
)
if [[ -z $base ]]; then
  echo "::notice::no published run of the same suite and JDK as $run: it starts its line"
  exit 0
fi
echo "Comparing $run with the published $base (threshold $threshold)"
status=0
java -jar "$jar" compare "$base" "$run" --threshold "$threshold" --results-dir "$run/compare" | tee "$run/compare.txt" \
  || status=${PIPESTATUS[0]}
if [[ -n ${GITHUB_STEP_SUMMARY:-} ]]; then
  {
    echo "### $(basename "$(dirname "$run")"): $(grep -E '^[0-9]+ worse, ' "$run/compare.txt" || echo 'not compared')"
    echo
    echo "Against \`$base\`"
    echo
    echo '```text'
    cat "$run/compare.txt"
    echo '```'
  } >> "$GITHUB_STEP_SUMMARY"
fi
exit "$status"
