#!/usr/bin/env bash
# The codec suite with the fixed settings the nightly workflow uses, so that a run published in
# results/ and a nightly run are comparable. Usage: nightly-suite.sh <results-dir> [java]
# Prints the run folder it wrote as the last line.
set -euo pipefail
results_dir=${1:?usage: nightly-suite.sh <results-dir> [java]}
java=${2:-java}
jar=benchmarks/target/benchmarks.jar
[[ -f $jar ]] || { echo "nightly-suite: $jar is missing; build first: mvn -B -DskipTests package" >&2; exit 1; }
mkdir -p "$results_dir"
before=$(ls -1 "$results_dir")
# every codec (the codec suite only: the pattern leaves FixCodecBenchmark out), heap buffers, 1 fork, 3 x 500 ms warm-up, 5 x 500 ms measurement, gc and stack profilers
"$java" -jar "$jar" '\.CodecBenchmark\.' -p buffer=heap -f 1 -wi 3 -w 500ms -i 5 -r 500ms --results-dir "$results_dir"
after=$(ls -1 "$results_dir")
folder=$(comm -13 <(echo "$before") <(echo "$after") | tail -n 1)
[[ -n $folder ]] || { echo "nightly-suite: no run folder appeared in $results_dir" >&2; exit 1; }
echo "$results_dir/$folder"
