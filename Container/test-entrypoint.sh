#!/usr/bin/env bash
# Checks the container recipe without Docker (which this repository's CI does not have):
#
#   1. docker-entrypoint.sh turns WireMock-image command lines into the right commands: run with
#      fake `understudy`, `setpriv` and `chown` first on PATH, which record their arguments;
#   2. Container/Dockerfile's layout is what the entry point expects (the root and its
#      mappings/ and __files/, the port, where the binary and the entry point go, the
#      tarball release.sh writes, the same Debian release for build and runtime);
#   3. given a built `understudy`, the real command accepts the command line the entry point
#      makes and serves Examples/PetStoreStubs (the mapping and its __files body) on it.
#
#     Container/test-entrypoint.sh [path to a built understudy, for check 3]
set -euo pipefail
cd "$(dirname "$0")/.."
entrypoint="$PWD/Container/docker-entrypoint.sh"
dockerfile=Container/Dockerfile
work=$(mktemp -d)
server_pid=""
cleanup() { if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi; rm -rf "$work"; }
trap cleanup EXIT
failures=0
failed() { echo "FAIL: $*"; failures=$((failures + 1)); }

# --- 1. Argument handling ----------------------------------------------------------------
# Each fake appends "NAME ARG ARG..." (arguments quoted as `printf %q` does, so that one
# argument holding a space stays one) to $FAKE_LOG; `understudy` also writes its process id
# to $FAKE_PID (to see that the entry point exec'd it) and exits with $FAKE_STATUS.
mkdir "$work/bin"
for tool in understudy setpriv chown; do
    cat > "$work/bin/$tool" <<'FAKE'
#!/usr/bin/env bash
line="$(basename "$0")"
for argument in "$@"; do line+=" $(printf '%q' "$argument")"; done
echo "$line" >> "$FAKE_LOG"
if [ "$(basename "$0")" = understudy ]; then echo $$ > "$FAKE_PID"; exit "${FAKE_STATUS:-0}"; fi
FAKE
    chmod +x "$work/bin/$tool"
done

# expect NAME EXPECTED_STATUS EXPECTED_LOG [VAR=VALUE...] -- ARGUMENTS...
# Runs the entry point with ARGUMENTS in a clean environment plus the VAR=VALUE given.
expect() {
    local name="$1" want_status="$2" want_log="$3"
    shift 3
    local assignments=()
    while [ "$1" != "--" ]; do assignments+=("$1"); shift; done
    shift
    : > "$work/log"
    local status=0
    env -i PATH="$work/bin:/usr/bin:/bin" FAKE_LOG="$work/log" FAKE_PID="$work/pid" SHELL_PID="$work/shell-pid" "${assignments[@]}" \
        bash -c 'echo $$ > "$SHELL_PID"; exec "$0" "$@"' "$entrypoint" "$@" > "$work/out" 2>&1 || status=$?
    local got_log
    got_log=$(cat "$work/log")
    if [ "$status" != "$want_status" ]; then
        failed "$name: exit status $status, expected $want_status; output: $(cat "$work/out")"
    elif [ "$got_log" != "$want_log" ]; then
        failed "$name:"$'\n'"  expected: $want_log"$'\n'"  got:      $got_log"
    else
        echo "ok: $name"
    fi
}

serve="understudy serve --root-dir /home/wiremock --bind-address 0.0.0.0"
expect "no arguments: serve the root on all interfaces, port 8080 (understudy's default)" 0 \
    "$serve" --
expect "WireMock options are passed through after the defaults" 0 \
    "$serve --verbose --port 9090 --disable-banner" -- --verbose --port 9090 --disable-banner
expect "WIREMOCK_OPTIONS alone" 0 \
    "$serve --https-port 8443 --verbose" "WIREMOCK_OPTIONS=--https-port 8443 --verbose" --
expect "WIREMOCK_OPTIONS come after the arguments, as in WireMock's image" 0 \
    "$serve --port 9090 --verbose --global-response-templating" "WIREMOCK_OPTIONS=  --verbose   --global-response-templating " -- --port 9090
expect "WIREMOCK_OPTIONS words are not globbed" 0 \
    "$serve --proxy-all \\*" "WIREMOCK_OPTIONS=--proxy-all *" --
expect "an argument holding a space stays one argument" 0 \
    "$serve --admin-token a\\ b" -- --admin-token "a b"
expect "--root-dir given: no default root" 0 \
    "understudy serve --bind-address 0.0.0.0 --root-dir /stubs --verbose" -- --root-dir /stubs --verbose
expect "--root-dir=DIR given: no default root" 0 \
    "understudy serve --bind-address 0.0.0.0 --root-dir=/stubs" -- --root-dir=/stubs
expect "--root given: no default root" 0 \
    "understudy serve --bind-address 0.0.0.0 --root /stubs" -- --root /stubs
expect "--root-dir in WIREMOCK_OPTIONS: no default root" 0 \
    "understudy serve --bind-address 0.0.0.0 --root-dir /stubs" "WIREMOCK_OPTIONS=--root-dir /stubs" --
expect "--bind-address given: no default address" 0 \
    "understudy serve --root-dir /home/wiremock --bind-address 127.0.0.1" -- --bind-address 127.0.0.1
expect "--bind=ADDRESS given: no default address" 0 \
    "understudy serve --root-dir /home/wiremock --bind=::" -- --bind=::
expect "a command is run as given, without WIREMOCK_OPTIONS" 0 \
    "understudy lint /home/wiremock" "WIREMOCK_OPTIONS=--verbose" -- understudy lint /home/wiremock
expect "the server's exit status is the container's" 3 \
    "$serve --port 1" FAKE_STATUS=3 -- --port 1
if [ "$(cat "$work/pid" 2>/dev/null)" = "$(cat "$work/shell-pid" 2>/dev/null)" ]; then
    echo "ok: understudy replaces the entry point's process (it gets the container's signals)"
else
    failed "understudy ran as process $(cat "$work/pid" 2>/dev/null), not in the entry point's process $(cat "$work/shell-pid" 2>/dev/null): the entry point must exec it, or docker stop's SIGTERM does not reach it"
fi
expect "uid: /home/wiremock is handed to that user and the server runs as it" 0 \
    "chown -R 1000:1000 /home/wiremock"$'\n'"setpriv --reuid=1000 --regid=1000 --clear-groups $serve --verbose" uid=1000 -- --verbose
expect "uid with a command" 0 \
    "chown -R 1000:1000 /home/wiremock"$'\n'"setpriv --reuid=1000 --regid=1000 --clear-groups understudy --version" uid=1000 -- understudy --version
expect "a uid that is not a number is refused, and nothing runs" 64 \
    "" uid=wiremock -- --verbose
grep -q "uid='wiremock' is not a numeric user id" "$work/out" ||
    failed "the refusal of uid=wiremock does not say what is wrong: $(cat "$work/out")"

# --- 2. The Dockerfile's layout ----------------------------------------------------------
# has LINE_REGEX WHAT: the Dockerfile has a line matching the extended regular expression.
has() { grep -Eq "$1" "$dockerfile" || failed "Container/Dockerfile has no line matching /$1/ ($2)"; }
home=$(sed -n 's/^home=//p' "$entrypoint")
[ "$home" = /home/wiremock ] || failed "the entry point's root is '$home', not WireMock's /home/wiremock"
has "^WORKDIR $home\$" "the working folder is the root, as WireMock's image (its root-dir is .)"
has "^RUN mkdir -p $home/mappings $home/__files\$" "the root's mappings/ and __files/, WireMock's mount points"
has '^EXPOSE 8080( |$)' "WireMock's port"
grep -Eq '^    var port: Int = 8080$' Sources/UnderstudyCLI/ServerOptions.swift ||
    failed "understudy serve's default port is no longer 8080; the entry point relies on it (add --port 8080 to its defaults)"
has 'HEALTHCHECK' "a health check"
has 'http://127\.0\.0\.1:8080/__admin/health' "the health check asks the admin API's health endpoint on port 8080"
has '^COPY Container/docker-entrypoint\.sh /docker-entrypoint\.sh$' "the entry point is copied to where ENTRYPOINT runs it"
has '^ENTRYPOINT \["/docker-entrypoint\.sh"\]$' "the entry point"
[ -x Container/docker-entrypoint.sh ] || failed "Container/docker-entrypoint.sh is not executable (COPY keeps the mode; chmod +x it)"
has '^COPY --from=build /out/understudy /usr/local/bin/understudy$' "the binary on the runtime image's PATH, where the entry point finds it"
has 'scripts/release\.sh' "the build stage packs the tarball with scripts/release.sh"
has "tar -xzf \\.build/dist/understudy-\\*\\.tar\\.gz -C /out --strip-components=1" "the build stage unpacks the tarball release.sh writes"
grep -q '^dist=\.build/dist$' scripts/release.sh && grep -q '^name="understudy-\$version-\$platform"$' scripts/release.sh ||
    failed "scripts/release.sh no longer writes .build/dist/understudy-VERSION-PLATFORM.tar.gz, which Container/Dockerfile unpacks"
build_release=$(sed -n 's/^ARG SWIFT_IMAGE=swift:[0-9.]*-//p' "$dockerfile")
runtime_release=$(sed -n 's/^ARG RUNTIME_IMAGE=debian:\([a-z]*\)-slim$/\1/p' "$dockerfile")
if [ -z "$build_release" ] || [ "$build_release" != "$runtime_release" ]; then
    failed "the build image's release ('$build_release') and the runtime's ('$runtime_release') differ: a binary linked against one C library may not run on an older one"
fi
grep -qx '\.build\*' .dockerignore || failed ".dockerignore does not leave out .build*: a host build would be copied into the image and reused"

# --- 3. The real command accepts what the entry point makes ------------------------------
if [ -n "${1:-}" ]; then
    understudy=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
    [ -x "$understudy" ] || { echo "error: $1 is not an executable understudy; build it with swift build --product understudy" >&2; exit 1; }
    mkdir "$work/real"
    ln -s "$understudy" "$work/real/understudy"
    # From another folder; port 0 picks a free port, read from the start-up line.
    stubs="$PWD/Examples/PetStoreStubs"
    (cd "$work" && exec env PATH="$work/real:$PATH" WIREMOCK_OPTIONS="--verbose --root-dir $stubs" \
        "$entrypoint" --port 0 --disable-banner --container-threads 4 > "$work/server.out" 2>&1) &
    server_pid=$!
    port=""
    for _ in $(seq 100); do
        port=$(sed -n 's|.*serving .* at http://[^ ]*:\([0-9][0-9]*\) .*|\1|p' "$work/server.out" | head -1)
        [ -n "$port" ] && break
        kill -0 "$server_pid" 2>/dev/null || break
        sleep 0.1
    done
    if [ -z "$port" ]; then
        failed "the real understudy did not start from the entry point's command line: $(cat "$work/server.out")"
    else
        health=$(curl -sf -m 5 "http://127.0.0.1:$port/__admin/health" || true)
        pets=$(curl -sf -m 5 -H 'Authorization: Bearer t' -H 'Accept: application/json' "http://127.0.0.1:$port/pets" || true)
        expected_pets=$(cat Examples/PetStoreStubs/__files/pets.json)
        if [[ "$health" == *'"status"'*'"healthy"'* ]] && [ "$pets" = "$expected_pets" ]; then
            echo "ok: the real understudy serves the entry point's command line (health, and GET /pets from __files)"
        else
            failed "the real understudy answered health '$health' and GET /pets '$pets'; log: $(cat "$work/server.out")"
        fi
        kill -TERM "$server_pid"
        wait "$server_pid" || true
        server_pid=""
        grep -q "understudy: stopped" "$work/server.out" ||
            failed "understudy did not stop cleanly on SIGTERM: $(cat "$work/server.out")"
    fi
fi

if [ "$failures" -gt 0 ]; then
    echo "$failures check(s) of the container recipe failed"
    exit 1
fi
echo "the container recipe's checks passed"
