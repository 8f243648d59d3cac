#!/bin/bash
# One raw server namespace, two client namespaces on veth pairs: a single client at 5000 orders/s (5 repeats)
# and then two clients at 2500/s each at once, merged.
set -euo pipefail
JAR=${JAR:-/tmp/meas/benchmarks.jar}
OUT=${OUT:-/tmp/meas/merge}
rm -rf "$OUT"; mkdir -p "$OUT"
S=wbm-s; C1=wbm-c1; C2=wbm-c2
cleanup() { ip netns pids $S 2>/dev/null | xargs -r kill 2>/dev/null || true; for n in $S $C1 $C2; do ip netns del $n 2>/dev/null || true; done; }
trap cleanup EXIT
cleanup
for n in $S $C1 $C2; do ip netns add $n; ip -n $n link set lo up; done
i=0
for c in $C1 $C2; do
  i=$((i+1))
  ip link add wbm$i-a type veth peer name wbm$i-b
  ip link set wbm$i-a netns $S; ip link set wbm$i-b netns $c
  ip -n $S addr add 10.232.$i.1/24 dev wbm$i-a; ip -n $c addr add 10.232.$i.2/24 dev wbm$i-b
  ip -n $S link set wbm$i-a up; ip -n $c link set wbm$i-b up
done
ip netns exec $S java -jar "$JAR" fix --role server --engines raw --bind 0.0.0.0 --port 9876 > "$OUT/server.log" 2>&1 &
for t in $(seq 1 100); do grep -q 'listening on' "$OUT/server.log" && break; sleep 0.2; done
common=(fix --role client --engines raw --port 9876 --warmup 2s --duration 5s)
ip netns exec $C1 java -jar "$JAR" "${common[@]}" --host 10.232.1.1 --rate 5000 --repeats 5 --results-dir "$OUT/single" > "$OUT/single.log" 2>&1
ip netns exec $C1 java -jar "$JAR" "${common[@]}" --host 10.232.1.1 --rate 2500 --repeats 1 --results-dir "$OUT/c1" > "$OUT/c1.log" 2>&1 &
ip netns exec $C2 java -jar "$JAR" "${common[@]}" --host 10.232.2.1 --rate 2500 --repeats 1 --results-dir "$OUT/c2" > "$OUT/c2.log" 2>&1 &
wait %2 %3
java -jar "$JAR" merge "$OUT"/c1/*/raw-2500-round1.hlog "$OUT"/c2/*/raw-2500-round1.hlog --results-dir "$OUT/merged" > "$OUT/merged.log" 2>&1
echo "== single client at 5000/s, 5 repeats"; grep -A4 'Round trip to the fill' "$OUT/single.log" | head -6
echo "== two clients at 2500/s each, merged"; sed -n '/Latency to fill/,$p' "$OUT/merged.log"
