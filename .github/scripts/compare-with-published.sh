#!/usr/bin/env bash
# Compares a run folder with the last run published in results/ (the newest folder there that ran on
# the same JDK major version, else the newest), failing (exit 3) when a benchmark got slower.
# Usage: compare-with-published.sh <run-folder> [threshold, default 10%]
set -euo pipefail
run=${1:?usage: compare-with-published.sh <run-folder> [threshold]}
threshold=${2:-10%}
jar=benchmarks/target/benchmarks.jar
jdk_major() { sed -n 's/^ *"version" : "\([0-9]*\).*/\1/p' "$1/env.json" | head -n 1; }
want=$(jdk_major "$run")
base=""
newest=""
for folder in $(ls -1d results/*/ 2>/dev/null | sort -r); do
  folder=${folder%/}
  [[ -f $folder/jmh.json ]] || continue
  [[ -n $newest ]] || newest=$folder
  if [[ -f $folder/env.json && $(jdk_major "$folder") == "$want" ]]; then
    base=$folder
    break
  fi
done
if [[ -z $base ]]; then
  base=$newest
fi
if [[ -z $base ]]; then
  echo "::notice::no published run in results/ to compare with; publish this one to start the series"
  exit 0
fi
if [[ $(jdk_major "$base") != "$want" ]]; then
  echo "::warning::no published run on JDK $want; comparing with $base (JDK $(jdk_major "$base"))"
fi
echo "Comparing $run with the published $base (threshold $threshold)"
java -jar "$jar" compare "$base" "$run" --threshold "$threshold" --results-dir "$run/compare"
