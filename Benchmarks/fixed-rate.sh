# Sourced by the fixed-rate benchmarks after common.sh: h2load at a fixed request rate over
# HTTP/1.1, and the statistics of its runs. Needs `clients` and `duration` set.
#
# h2load's --rps is per client: a total rate R over C clients is C clients at R / C each
# (rounded down, at least 1). Clients that start together fire together, so a run opens one
# connection every 1/C s (-r 1 --rate-period) and keeps only requests sent while every
# client was running (the first and the last second dropped).

need h2load nghttp2-client

# Prints "<requests/s achieved> <p50 ms> <p95 ms> <p99 ms> <non-2xx>" for one h2load log,
# keeping requests started after the first second and before the last one.
summarize() {
    python3 - "$1" <<'PY'
import sys
rows = [line.split("\t") for line in open(sys.argv[1]) if line.strip()]
starts = [int(r[0]) for r in rows]
first, last = min(starts), max(starts)
kept = [r for r in rows if first + 1_000_000 <= int(r[0]) <= last - 1_000_000]
times = sorted(int(r[2]) / 1000 for r in kept)
bad = sum(1 for r in kept if not r[1].startswith("2"))
span = (max(int(r[0]) for r in kept) - min(int(r[0]) for r in kept)) / 1e6 or 1
def pct(p): return times[min(len(times) - 1, int(p / 100 * len(times)))]
print(f"{len(kept) / span:.0f} {pct(50):.3f} {pct(95):.3f} {pct(99):.3f} {bad}")
PY
}

# `fixed_rate TOTAL TARGET...`: a run at TOTAL requests/s in all against TARGET (a URL, or
# `-i FILE` of URLs taken in turn); prints the summary line.
fixed_rate() {
    local total=$1 log="$work/h2load.log"
    shift
    local per_client=$(( total / clients > 0 ? total / clients : 1 ))
    local period=$(( 1000 / clients > 0 ? 1000 / clients : 1 ))
    rm -f "$log"
    h2load --h1 -c "$clients" -r 1 --rate-period "${period}ms" --rps "$per_client" \
        -n "$(( per_client * clients * (duration + 1) ))" --log-file "$log" "$@" >/dev/null 2>&1
    summarize "$log"
}

median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
low() { tr ' ' '\n' | grep . | sort -n | head -1; }
high() { tr ' ' '\n' | grep . | sort -n | tail -1; }
