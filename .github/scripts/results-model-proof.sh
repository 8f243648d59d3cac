#!/usr/bin/env bash
# The proof of the results-model issue on this machine: every suite writes results.json; compare of each run with
# itself finds no change and exits 0; a deliberately degraded engine (fix: quickfixj under quickfixj-tuned's name)
# and a smaller SMPP window (8 under 64's name) are flagged worse with their intervals; two suites refuse to
# compare in one line; history builds a site of the published runs plus these, skips a broken results file in one
# line, and opens in headless Chromium with nothing on its console; and a site of 30 quick JMH runs is built and
# opened with the times it took. Writes everything, and proof.md with the figures, into <out-dir> (about 15 minutes).
# Usage: results-model-proof.sh <out-dir> [java]
set -euo pipefail
proof_usage="results-model-proof.sh <out-dir> [java]"
# shellcheck source=.github/scripts/proof-lib.sh
source "$(dirname "$0")/proof-lib.sh"
scratch=$(mktemp -d)

# since <start>: seconds from a date +%s.%N until now
since() { python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) - float(sys.argv[2])))' "$(date +%s.%N)" "$1"; }

# rename <folder> <dimension> <from> <to>: the degraded run under the name of what it is compared with
rename() {
  python3 - "$1/results.json" "$2" "$3" "$4" <<'PY'
import json, sys
path, dim, old, new = sys.argv[1:]
r = json.load(open(path))
for item in r["measures"] + r["histograms"]:
    if item["case"].get(dim) == old:
        item["case"][dim] = new
json.dump(r, open(path, "w"), indent=1, ensure_ascii=False)
PY
}

# compare <name> <expected exit> <base> <new>: the output in <out>/compare-<name>.txt
compare() {
  local name=$1 expected=$2 status=0
  "$java" -jar "$jar" compare "$3" "$4" --results-dir "$scratch/compare-runs" > "$out/compare-$name.txt" 2>&1 || status=$?
  echo "exit $status" >> "$out/compare-$name.txt"
  [[ $status == "$expected" ]] || { cat "$out/compare-$name.txt" >&2; echo "compare $name: exit $status, not $expected" >&2; exit 1; }
}

fix=$(run fix fix --quick --engines raw,quickfixj-tuned)
fix_degraded=$(run fix-degraded fix --quick --engines raw,quickfixj)
rename "$fix_degraded" engine quickfixj quickfixj-tuned
smpp=$(run smpp smpp --quick --window-sweep 1,64)
smpp_degraded=$(run smpp-degraded smpp --quick --window-sweep 1,8)
rename "$smpp_degraded" window 8 64
pg=$(run pg pg --quick)
latency=$(run latency latency --quick -p 'codec=raw/order,sbe/order')
jmh=$(run jmh --quick -p 'codec=raw/order,sbe/order')

for suite in fix smpp pg latency jmh; do
  compare "self-$suite" 0 "${!suite}" "${!suite}"
  grep -q '^0 worse, 0 better, ' "$out/compare-self-$suite.txt"
done
compare fix-degraded 3 "$fix" "$fix_degraded"
compare smpp-degraded 3 "$smpp" "$smpp_degraded"
compare two-suites 2 "$fix" "$smpp"

# history of the published runs and these, one of them with a broken results file
broken="$scratch/broken/20261125-000000-vm"
mkdir -p "$broken"
echo '{"schema": "wirebench-results", "version": 1, "suite": "fix"' > "$broken/results.json"
start=$(date +%s.%N)
# the published runs in results/, and these (already among them when <out-dir> is under results/)
roots=(results "$scratch/broken")
[[ $(realpath "$out") == "$(realpath results)"/* ]] || roots+=("$out")
"$java" -jar "$jar" history "${roots[@]}" --out "$scratch/site" > "$out/history.txt" 2>&1
echo "built in $(since "$start") s" >> "$out/history.txt"
chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 --dump-dom "file://$scratch/site/index.html" \
  > "$scratch/site-dom.html" 2> "$out/site-console.txt"
if grep -q ':CONSOLE' "$out/site-console.txt"; then grep ':CONSOLE' "$out/site-console.txt" >&2; exit 1; fi

# thirty runs: a whole --quick run (every codec; the one published with the verdicts proof, else this proof's own)
# thirty times over, one a day (results.json left out: history builds it from jmh.json, dated by the folder's name)
quick=$(ls -d results/20261125-verdicts-proof-vm/quick-1/*/ 2> /dev/null | head -n 1)
quick=${quick:-$jmh}
thirty=$scratch/thirty
for day in $(seq -w 1 30); do
  mkdir -p "$thirty/202611$day-020000-ci"
  cp "$quick"/jmh.json "$quick"/env.json "$quick"/rounds.json "$quick"/sizes.json "$quick"/*.png "$thirty/202611$day-020000-ci/"
done
start=$(date +%s.%N)
"$java" -jar "$jar" history "$thirty" --out "$thirty/site" > "$out/history-30.txt" 2>&1
echo "built in $(since "$start") s" >> "$out/history-30.txt"
start=$(date +%s.%N)
chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 --dump-dom "file://$thirty/site/index.html" \
  > "$thirty/dom.html" 2> "$thirty/console.txt"
echo "opened in headless Chromium (load, script, DOM dumped) in $(since "$start") s;" \
  "$(grep -o 'id="summary">[^<]*' "$thirty/dom.html" | cut -d'>' -f2); $(grep -o '<circle class="point' "$thirty/dom.html" | wc -l) points;" \
  "$(grep -c ':CONSOLE' "$thirty/console.txt" || true) console messages" >> "$out/history-30.txt"
rm -rf "$scratch"

python3 - "$out" <<'PY'
import glob, os, sys
out = sys.argv[1]
def tail(name, n=1):
    lines = open(os.path.join(out, name)).read().rstrip().splitlines()
    return lines[-n:]
def verdict_line(name):
    return next(l for l in open(os.path.join(out, name)) if " worse, " in l and " better, " in l)
def rows(name, word):
    return [l.rstrip() for l in open(os.path.join(out, name)) if l.rstrip().endswith(word)]
md = ["# Proof: one result model, compare for every suite, the history site", "",
      "Made by `bash .github/scripts/results-model-proof.sh %s` on this project's build machine (a shared 2-core VM)." % out, "",
      "## Every suite's run compared with itself", ""]
for suite in ["fix", "smpp", "pg", "latency", "jmh"]:
    md.append("- %s: `%s` (%s)" % (suite, verdict_line("compare-self-%s.txt" % suite).strip(), tail("compare-self-%s.txt" % suite)[0]))
md += ["", "## A degraded engine and a smaller window, flagged worse with their intervals", "",
       "fix: `quickfixj` run under `quickfixj-tuned`'s name against a run of `quickfixj-tuned` (both `fix --quick`, 8 repeats):", "", "```"]
md += rows("compare-fix-degraded.txt", "worse") + [verdict_line("compare-fix-degraded.txt").strip(), tail("compare-fix-degraded.txt")[0], "```", "",
       "smpp: window 8 under window 64's name (both `smpp --quick`, 8 rounds):", "", "```"]
md += rows("compare-smpp-degraded.txt", "worse") + rows("compare-smpp-degraded.txt", "better") + [verdict_line("compare-smpp-degraded.txt").strip(), tail("compare-smpp-degraded.txt")[0], "```", "",
       "A smaller window is worse in throughput and better in latency (less queueing): both directions are the metric's own.", "",
       "## Two suites", "", "```"] + open(os.path.join(out, "compare-two-suites.txt")).read().rstrip().splitlines() + ["```", "",
       "## history", "", "```"] + open(os.path.join(out, "history.txt")).read().rstrip().splitlines() + ["```", "",
       "Opened in headless Chromium: %d console messages." % open(os.path.join(out, "site-console.txt")).read().count(":CONSOLE"), "",
       "Thirty whole `--quick` JMH runs (every codec and message, encode, decode and traverse):", "", "```"] + open(os.path.join(out, "history-30.txt")).read().rstrip().splitlines() + ["```", ""]
open(os.path.join(out, "proof.md"), "w").write("\n".join(md))
print("\n".join(md))
PY
