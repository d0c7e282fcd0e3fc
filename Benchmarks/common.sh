# Sourced by the benchmark scripts (from the package root): `build_release PRODUCT...` builds
# the release products (skipped with NO_BUILD=1, when they are current and a run must not
# compile) and sets `bin`. The runners live in the Benchmarks package, which depends on the root
# one, so both the runners and the `understudy` command are built there, in Benchmarks/.build; `work` is a temporary folder and `pids` the processes to end, both
# cleaned up on exit; `one_stub_root DIR [NAME]` writes a root whose one stub (named NAME,
# if given) answers GET /hello; `scenario_root DIR` a root with that stub and a scenario of two
# stubs on GET /toggle that move it on every request; `wait_ready URL` and `wait_port PORT` wait (10 s at most, then
# fail the run) for a server to answer or to accept connections; `need COMMAND PACKAGE`
# installs the Debian package when the command is missing; `start_postgres PORT` starts a
# PostgreSQL cluster of its own under `work` (its defaults: fsync and synchronous_commit on;
# PG_OPTIONS adds server settings), stopped on exit after the processes, and sets `store` to its database's URL,
# `pgbin` to its programs and `psql_store SQL` to run SQL on it; `build_grpc_example` builds
# `understudy` and GRPCBenchmark in release from Examples/GRPCSwiftClient, in its own build folder
# (SCRATCH=DIR for another; NO_BUILD=1 skips the build), so the Benchmarks package never builds
# grpc-swift, and sets `bin` to where they are.

need() {
    command -v "$1" >/dev/null || apt-get install -y "$2" >/dev/null
}

build_release() {
    if [ -z "${NO_BUILD:-}" ]; then
        # The plan is made again: SwiftPM keeps a cached one that misses files added to the
        # root package since (a dependency of this one, by path).
        rm -f Benchmarks/.build/release.yaml
        for product in "$@"; do swift build -c release --package-path Benchmarks --product "$product" >/dev/null; done
    fi
    bin=$(swift build -c release --package-path Benchmarks --show-bin-path)
}

build_grpc_example() {
    local scratch="${SCRATCH:-$PWD/Examples/GRPCSwiftClient/.build}"
    local package=(--package-path Examples/GRPCSwiftClient --scratch-path "$scratch" -c release)
    if [ -z "${NO_BUILD:-}" ]; then
        rm -f "$scratch/release.yaml"
        for product in understudy GRPCBenchmark; do swift build "${package[@]}" --product "$product" >/dev/null; done
    fi
    bin=$(swift build "${package[@]}" --show-bin-path)
}

work=$(mktemp -d)
pids=()
# Ends the processes (and waits for them: a store instance writes what it holds on a clean
# stop, so the database it writes to is stopped after it), then the database, if one was started.
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do timeout 30 tail --pid="$pid" -f /dev/null 2>/dev/null || kill -9 "$pid" 2>/dev/null || true; done
    if declare -F stop_pg >/dev/null; then stop_pg; fi
    rm -rf "$work"
}
trap cleanup EXIT

one_stub_root() {
    local name=""
    if [ -n "${2:-}" ]; then name="\"name\":\"$2\","; fi
    mkdir -p "$1/mappings"
    echo "{$name\"request\":{\"method\":\"GET\",\"urlPath\":\"/hello\"},\"response\":{\"status\":200,\"body\":\"hello\"}}" > "$1/mappings/hello.json"
}

scenario_root() {
    mkdir -p "$1/mappings"
    cat > "$1/mappings/stubs.json" <<'JSON'
{"mappings": [
  {"request": {"method": "GET", "urlPath": "/hello"}, "response": {"status": 200, "body": "hello"}},
  {"scenarioName": "toggle", "requiredScenarioState": "Started", "newScenarioState": "on",
   "request": {"method": "GET", "urlPath": "/toggle"}, "response": {"status": 200, "body": "on"}},
  {"scenarioName": "toggle", "requiredScenarioState": "on", "newScenarioState": "Started",
   "request": {"method": "GET", "urlPath": "/toggle"}, "response": {"status": 200, "body": "off"}}
]}
JSON
}

wait_ready() {
    for _ in $(seq 100); do curl -sf -m 5 "$1" >/dev/null && return 0; sleep 0.1; done
    echo "error: nothing answered $1 within 10 s" >&2
    exit 1
}

wait_port() {
    for _ in $(seq 100); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.1; done
    echo "error: nothing accepted connections on port $1 within 10 s" >&2
    exit 1
}

start_postgres() {
    compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || apt-get install -y -qq postgresql >/dev/null
    pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
    # PostgreSQL refuses to run as root: its folder and processes belong to the postgres user,
    # and the temporary folder, private to its owner, must let that user reach its own part.
    as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
    chmod 755 "$work"
    mkdir -p "$work/pg"
    [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
    as_owner "$pgbin/initdb" -D "$work/pg/data" -U postgres --auth=trust -E UTF8 --no-instructions >/dev/null
    as_owner "$pgbin/pg_ctl" -D "$work/pg/data" -w -l "$work/pg/log" -o "-p $1 -k $work/pg -c listen_addresses=127.0.0.1 ${PG_OPTIONS:-}" start >/dev/null
    stop_pg() { as_owner "$pgbin/pg_ctl" -D "$work/pg/data" -m immediate stop >/dev/null 2>&1 || true; }
    "$pgbin/psql" -h 127.0.0.1 -p "$1" -U postgres -qc "CREATE DATABASE mocks" >/dev/null
    store="postgres://postgres@127.0.0.1:$1/mocks"
    pgport=$1
    psql_store() { "$pgbin/psql" -h 127.0.0.1 -p "$pgport" -U postgres -d mocks -tAc "$1"; }
}
