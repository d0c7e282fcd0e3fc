# Sourced by the benchmark scripts (from the package root): `build_release PRODUCT...` builds
# the release products (skipped with NO_BUILD=1, when they are current and a run must not
# compile) and sets `bin`. The runners live in the Benchmarks package, which depends on the root
# one, so both the runners and the `understudy` command are built there, in Benchmarks/.build; `work` is a temporary folder and `pids` the processes to end, both
# cleaned up on exit; `one_stub_root DIR [NAME]` writes a root whose one stub (named NAME,
# if given) answers GET /hello; `wait_ready URL` and `wait_port PORT` wait (10 s at most, then
# fail the run) for a server to answer or to accept connections; `need COMMAND PACKAGE`
# installs the Debian package when the command is missing.

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

work=$(mktemp -d)
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

one_stub_root() {
    local name=""
    if [ -n "${2:-}" ]; then name="\"name\":\"$2\","; fi
    mkdir -p "$1/mappings"
    echo "{$name\"request\":{\"method\":\"GET\",\"urlPath\":\"/hello\"},\"response\":{\"status\":200,\"body\":\"hello\"}}" > "$1/mappings/hello.json"
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
