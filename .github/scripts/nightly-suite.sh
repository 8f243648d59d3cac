#!/usr/bin/env bash
# The codec suite with the nightly preset, so that a run published in results/ and a nightly run are
# comparable. Usage: nightly-suite.sh <results-dir> [java]
# Prints the run folder it wrote as the last line.
set -euo pipefail
results_dir=${1:?usage: nightly-suite.sh <results-dir> [java]}
java=${2:-java}
jar=benchmarks/target/benchmarks.jar
[[ -f $jar ]] || { echo "nightly-suite: $jar is missing; build first: mvn -B -DskipTests package" >&2; exit 1; }
mkdir -p "$results_dir"
before=$(ls -1 "$results_dir")
# the nightly preset (java -jar benchmarks.jar -h prints what it stands for): every codec, encode, decode and
# traverse, heap buffers, in 15 interleaved rounds of one fork per case
"$java" -jar "$jar" --preset nightly --results-dir "$results_dir"
after=$(ls -1 "$results_dir")
folder=$(comm -13 <(echo "$before") <(echo "$after") | tail -n 1)
[[ -n $folder ]] || { echo "nightly-suite: no run folder appeared in $results_dir" >&2; exit 1; }
echo "$results_dir/$folder"
