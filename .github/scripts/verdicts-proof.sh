#!/usr/bin/env bash
# The proof that wirebench's verdicts hold on this machine, as the verdicts issue asks for it:
#   A/A     the nightly preset twice on market-data and order (the same build, one run after the other);
#   A/B     the same again with Agrona's bounds checks off (-Dagrona.disable.bounds.checks=true), a real
#           change of known direction that touches only the SBE cases (SBE reads and writes through
#           Agrona buffers; no other codec does), compared with the first A/A run;
#   truth   the A/B change measured on its own in a long run: SBE only, both settings as variants in 24
#           interleaved rounds, so each case's true effect is known to within a narrow interval;
#   quick   --quick twice in a row: the ranks must agree, ties allowed.
# Prints the figures and writes them to <out-dir>/proof.md beside the runs, the two compares and the logs.
# Takes about 100 minutes on 2 cores; a run that finished is kept, so a second call resumes. Usage: verdicts-proof.sh <out-dir> [java]
# PROOF_EXTRA='--rounds 2 -p codec=sbe/order,raw/order' shrinks every run, to try the script itself.
set -euo pipefail
proof_usage="verdicts-proof.sh <out-dir> [java]"
# shellcheck source=.github/scripts/proof-lib.sh
source "$(dirname "$0")/proof-lib.sh"
subset=(-p 'codec=*/market-data,*/order')
nochecks=-Dagrona.disable.bounds.checks=true

a1=$(run aa-1 --preset nightly "${subset[@]}")
a2=$(run aa-2 --preset nightly "${subset[@]}")
b=$(run ab-nochecks --preset nightly "${subset[@]}" -jvmArgsAppend "$nochecks")
truth=$(run ab-truth --preset nightly -p 'codec=sbe/market-data,sbe/order' --rounds 24 \
  --variant checks= --variant "nochecks=$nochecks")
q1=$(run quick-1 --quick)
q2=$(run quick-2 --quick)

compare() {
  local status=0
  "$java" -jar "$jar" compare "$1" "$2" > "$3" || status=$?
  [[ $status == 0 || $status == 3 ]] || { cat "$3" >&2; exit 1; }
}
compare "$a1" "$a2" "$out/aa-compare.txt"
compare "$a1" "$b" "$out/ab-compare.txt"

python3 - "$a1" "$a2" "$b" "$truth" "$q1" "$q2" "$out" <<'PY' | tee "$out/proof.md"
import json, math, re, statistics, sys
a1, a2, b, truth, q1, q2, out = sys.argv[1:]

def estimate(cell):
    """'107.4 [101.4, 114.4]*' (or '107.4', samples all alike) as median, low, high."""
    m = re.match(r"([-\d.]+)(?: \[([-\d.]+), ([-\d.]+)\])?\*?$", cell)
    v = float(m.group(1))
    return v, float(m.group(2)) if m.group(2) else v, float(m.group(3)) if m.group(3) else v

def cases(folder, variant=None):
    """The appendix of summary.md (its CodecBenchmark table): (message, operation, buffer, format) -> median,
    interval, forks, x raw and its interval, rank; of one variant where the run had variants."""
    rows, inside = {}, False
    for line in open(folder + "/summary.md"):
        if line.startswith("## "):
            inside = line.startswith("## CodecBenchmark")
            continue
        if not inside or not line.startswith("| ") or line.startswith("| Message"):
            continue
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        if len(c) == 11 and c[3] != variant:
            continue
        message, operation, buffer, fmt = c[0], c[1], c[2], c[-7]
        median, lo, hi = estimate(c[-6])
        ratio, rlo, rhi = estimate(c[-2]) if c[-2] != "–" else (None, None, None)
        rows[(message, operation, buffer, fmt)] = dict(median=median, lo=lo, hi=hi, forks=int(c[-5]), ratio=ratio,
                                                       rlo=rlo, rhi=rhi, rank=int(c[-1].lstrip("=")) if c[-1] != "–" else 0)
    return rows

def group(key):
    return key[:3], key[3]

def forks_by_round(folder):
    """(message, operation, buffer, format, variant) -> round -> the fork's median, from jmh.json and rounds.json."""
    rounds = json.load(open(folder + "/rounds.json"))["forkRounds"]
    data = {}
    for r in json.load(open(folder + "/jmh.json")):
        label = "CodecBenchmark.%s %s %s" % (r["benchmark"].split(".")[-1],
                                              " ".join("%s=%s" % kv for kv in sorted(r["params"].items())), r["mode"])
        fmt, message = r["params"]["codec"].split("/")
        key = (message, r["benchmark"].split(".")[-1], r["params"]["buffer"], fmt, r["params"].get("variant"))
        data[key] = dict(zip(rounds[label], (statistics.median(row) for row in r["primaryMetric"]["rawData"])))
    return data

def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]

A, A2, B = cases(a1), cases(a2), cases(b)
common = sorted(set(A) & set(A2))
change = [abs(A2[k]["median"] / A[k]["median"] - 1) * 100 for k in common]
outside = sum(1 for k in common if not A[k]["lo"] <= A2[k]["median"] <= A[k]["hi"])
outside_back = sum(1 for k in common if not A2[k]["lo"] <= A[k]["median"] <= A2[k]["hi"])
half = [(r["hi"] - r["lo"]) / 2 / r["median"] * 100 for run in (A, A2) for r in (run[k] for k in common)]
forks = sorted({A[k]["forks"] for k in common})

print("# Verdicts on this machine: the proof\n")
print("Runs (nightly preset on market-data and order, %d cases, %s forks a case):" % (len(common), "/".join(map(str, forks))))
for name, folder in (("A/A run 1", a1), ("A/A run 2", a2), ("A/B run B (bounds checks off)", b),
                     ("A/B truth (SBE, 24 rounds, both settings interleaved)", truth), ("--quick 1", q1), ("--quick 2", q2)):
    print("- %s: `%s`" % (name, folder.rstrip("/").split("/")[-1]))

print("\n## A/A: two identical runs\n")
print("- honest: run 2's median outside run 1's 95%% interval in %d of %d cases (%.1f%%; goal <= 10%%); run 1's outside run 2's: %d (%.1f%%)"
      % (outside, len(common), 100.0 * outside / len(common), outside_back, 100.0 * outside_back / len(common)))
print("- sharp: 95%% interval half-width, median %.1f%%, p90 %.1f%% (goal: median <= 10%%)" % (statistics.median(half), pct(half, 0.9)))
print("- per-case change between the runs: median %.1f%%, p90 %.1f%% (stretch goal: <= 5%% and <= 15%%)"
      % (statistics.median(change), pct(change, 0.9)))
last = open(out + "/aa-compare.txt").read().strip().splitlines()
print("- compare: `%s` (goal: 0 worse, 0 better)" % next(l for l in reversed(last) if " worse, " in l))

flips = disjoint = 0
groups = {}
for k in common:
    g, fmt = group(k)
    groups.setdefault(g, {})[fmt] = k
for g, members in groups.items():
    fmts = sorted(members)
    for i in range(len(fmts)):
        for j in range(i + 1, len(fmts)):
            x, y = members[fmts[i]], members[fmts[j]]
            apart = any(r[x]["rhi"] < r[y]["rlo"] or r[y]["rhi"] < r[x]["rlo"] for r in (A, A2))
            if not apart:
                continue
            disjoint += 1
            if (A[x]["median"] - A[y]["median"]) * (A2[x]["median"] - A2[y]["median"]) < 0:
                flips += 1
print("- order: %d format pairs (same message and operation) have disjoint x raw intervals in either run; %d of them flip (goal: 0)"
      % (disjoint, flips))

print("\n## A/B: Agrona's bounds checks off, which touches only the SBE cases\n")
# the true change of each SBE case: its interval from the summary's table of variants, the point estimate unrounded
# (the median of the per-round ratios, from the truth run's own forks)
truths = {}
by_round = forks_by_round(truth)
for key, forks in by_round.items():
    if key[4] == "nochecks":
        checks = by_round[key[:4] + ("checks",)]
        ratios = [v / checks[r] for r, v in forks.items() if r in checks]
        truths[key[:4]] = [statistics.median(ratios), None]
for line in open(truth + "/summary.md"):
    c = [x.strip() for x in line.strip().strip("|").split("|")]
    if line.startswith("| CodecBenchmark · ") and len(c) == 8 and c[1] == "nochecks":
        _, fmt, message, operation, buffer = c[0].split(" · ")
        _, lo, hi = estimate(c[5])
        if (message, operation, buffer, fmt) in truths:
            truths[(message, operation, buffer, fmt)][1] = "[%s, %s]" % (lo, hi)
def percent_interval(ratios):
    """'[0.89, 0.92]' as '[-11.0, -8.0]'."""
    lo, hi = (float(v) for v in ratios.strip("[]*").split(", "))
    return "[%+.1f, %+.1f]" % ((lo - 1) * 100, (hi - 1) * 100)
flagged, rows = [], []
for line in open(out + "/ab-compare.txt"):
    m = re.match(r"benchmark=CodecBenchmark format=(\S+) message=(\S+) operation=(\S+) buffer=(\S+)\s+time\s.*?"
                 r"([+-]\d+\.\d)%(?: \[([+-]\d+\.\d), ([+-]\d+\.\d)\])?\s+\S+\s+(\S+)$", line.rstrip())
    if not m:
        continue
    key = (m.group(2), m.group(3), m.group(4), m.group(1))
    label = "%s/%s %s %s" % (key[3], key[0], key[1], key[2])
    chg, verdict = float(m.group(5)), m.group(8)
    lo, hi = (float(m.group(6)), float(m.group(7))) if m.group(6) else (float("-inf"), float("inf"))
    if verdict in ("worse", "better"):
        flagged.append(key)
    if key[3] == "sbe":
        t = truths.get(key)
        holds = t is not None and t[0] is not None and lo <= (t[0] - 1) * 100 <= hi
        rows.append("| %s | %+.1f%% [%+.1f, %+.1f] | %s | %s | %s |" % (label, chg, lo, hi, verdict,
                    "%+.1f%% %s" % ((t[0] - 1) * 100, percent_interval(t[1])) if t and t[0] else "–",
                    "yes" if holds else "no"))
print("| SBE case | compare's change [95% CI] | verdict | true change (24 paired rounds) [95% CI] | interval holds it |")
print("| --- | ---: | --- | ---: | --- |")
print("\n".join(rows))
others = [f for f in flagged if f[3] != "sbe"]
print("\n- flagged: %d of %d SBE cases; other cases flagged: %d (goal: 0)%s" % (
    sum(1 for f in flagged if f[3] == "sbe"), len(rows), len(others), "".join("\n  - " + " ".join(o) for o in others)))

print("\n## Other schedules, from the same two runs\n")
print("The A/A pair again, as if it had run fewer rounds (its first R), and with the interval at 99% instead of 95%:")
print("each case's forks straight from jmh.json, paired with their rounds through rounds.json.\n")
def ranks_from_each_end(n, level):
    k = 1
    while k + 1 <= (n + 1) // 2 and 1 - 2 * sum(math.comb(n, i) for i in range(k + 1)) / 2 ** n >= level:
        k += 1
    return k
F1, F2 = forks_by_round(a1), forks_by_round(a2)
print("| rounds | interval | run 2 outside run 1's | half-width median / p90 | change median / p90 |")
print("| ---: | --- | ---: | ---: | ---: |")
most = min(len(v) for v in F1.values())
for R in sorted({4, 6, 8, 10, 12, most}):
    for level in (0.95, 0.99):
        outside, widths, changes = 0, [], []
        for key in F1.keys() & F2.keys():
            x = sorted(v for r, v in F1[key].items() if r <= R)
            y = [v for r, v in F2[key].items() if r <= R]
            k = ranks_from_each_end(len(x), level)
            lo, hi, mx, my = x[k - 1], x[len(x) - k], statistics.median(x), statistics.median(y)
            outside += not lo <= my <= hi
            widths.append((hi - lo) / 2 / mx * 100)
            changes.append(abs(my / mx - 1) * 100)
        print("| %d | %s | %.1f%% | %.1f%% / %.1f%% | %.1f%% / %.1f%% |" % (R, "95%" if level == 0.95 else "99%",
              100.0 * outside / len(changes), statistics.median(widths), pct(widths, 0.9), statistics.median(changes), pct(changes, 0.9)))

print("\n## --quick twice\n")
Q1, Q2 = cases(q1), cases(q2)
contradictions, pairs = [], 0
qgroups = {}
for k in set(Q1) & set(Q2):
    g, fmt = group(k)
    qgroups.setdefault(g, []).append(k)
for g, ks in qgroups.items():
    for i in range(len(ks)):
        for j in range(len(ks)):
            x, y = ks[i], ks[j]
            if Q1[x]["rank"] < Q1[y]["rank"]:
                pairs += 1
                if Q2[x]["rank"] > Q2[y]["rank"]:
                    contradictions.append("%s vs %s" % (" ".join(x), " ".join(y)))
print("- %d groups; %d ordered pairs in run 1; %d put the other way round in run 2 (goal: 0; ties allowed)"
      % (len(qgroups), pairs, len(contradictions)))
for c in contradictions:
    print("  - " + c)
PY
