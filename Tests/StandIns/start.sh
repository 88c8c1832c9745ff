# Sourced by the scripts here: `start NAME [STAND-IN FLAGS...]` runs a stand-in on a free port, records its pid
# in the caller's `pids` array, and sets `url` to its base URL. Needs `$work` (a scratch folder) and `$server`.
# Not called as $(start …): that subshell would wait for the server's output to close.
start() {
    local name="$1"; shift
    python3 "$server" --port 0 --port-file "$work/$name.port" --max-seconds "${STANDIN_MAX_SECONDS:-300}" "$@" \
        >>"$work/$name.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 1 300); do [ -s "$work/$name.port" ] && break; sleep 0.1; done
    if [ ! -s "$work/$name.port" ]; then echo "${0##*/}: the stand-in did not start: $(cat "$work/$name.log")"; exit 2; fi
    url="http://127.0.0.1:$(cat "$work/$name.port")"
}
