#!/usr/bin/env bash
# The container's entry point, written to behave as the `wiremock/wiremock` image's for the
# command lines people give that image:
#
#   - no arguments, or a first argument that is an option (`--verbose --port 9090`): run
#     `understudy serve` with those options, then the words of $WIREMOCK_OPTIONS, on the root
#     /home/wiremock (mappings/ and __files/ under it) and on all interfaces, as WireMock
#     does; an explicit --root-dir/--root or --bind-address/--bind wins over those defaults;
#   - anything else (`understudy lint /home/wiremock`, `bash`): run it as given;
#   - $uid set (`-e uid=$(id -u)`): hand /home/wiremock to that user and run as it, so that
#     files written into a mounted folder (--record-mappings) belong to the host user.
#
# The port is understudy's default, 8080, WireMock's too.
set -euo pipefail

home=/home/wiremock

fail() { echo "docker-entrypoint.sh: error: $*" >&2; exit 64; }

# True if one of the arguments after the first is the option $1 (`--x value` or `--x=value`).
has_option() {
    local option="$1" argument
    shift
    for argument in "$@"; do
        if [ "$argument" = "$option" ] || [[ "$argument" == "$option="* ]]; then return 0; fi
    done
    return 1
}

if [ $# -eq 0 ] || [[ "$1" == -* ]]; then
    options=("$@")
    if [ -n "${WIREMOCK_OPTIONS:-}" ]; then
        # Split on blanks as WireMock's entry point does (no quoting), without its globbing.
        read -r -a extra <<< "$WIREMOCK_OPTIONS"
        options+=("${extra[@]}")
    fi
    defaults=()
    if ! has_option --root-dir "${options[@]}" && ! has_option --root "${options[@]}"; then
        defaults+=(--root-dir "$home")
    fi
    if ! has_option --bind-address "${options[@]}" && ! has_option --bind "${options[@]}"; then
        defaults+=(--bind-address 0.0.0.0)
    fi
    set -- understudy serve "${defaults[@]}" "${options[@]}"
fi

if [ -n "${uid:-}" ]; then
    [[ "$uid" =~ ^[0-9]+$ ]] || fail "uid='$uid' is not a numeric user id; pass one such as -e uid=\$(id -u)"
    chown -R "$uid:$uid" "$home" || fail "could not give $home to uid $uid; run the container as root (the default) when setting uid"
    # --clear-groups, not --init-groups: the host's uid need not exist in the image's passwd.
    set -- setpriv --reuid="$uid" --regid="$uid" --clear-groups "$@"
fi

exec "$@"
