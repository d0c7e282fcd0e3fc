"""Start-up to first response of `understudy serve`, shared by the start-up benchmarks.

The request is sent when the server prints its start-up line ("understudy: serving ..."), as
a script that waits for it would. A client polling the port from a loop would take one of the
machine's cores from a server that loads its files on all of them.
"""
import os
import select
import socket
import subprocess
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    """User + system time of a live process (Linux's /proc), or None elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


def first_response(command, url, accept=lambda status: status == 200, measure=None, timeout=60):
    """Runs `command` (an `understudy serve` command line), waits for its start-up line, asks
    `url` once and returns the seconds from launch to an answer whose status `accept`s,
    with `measure(pid)` taken then (None without one)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        pending = b""
        while b"understudy: serving" not in pending:
            waited = time.perf_counter() - started
            ready, _, _ = select.select([process.stdout], [], [], max(timeout - waited, 0))
            chunk = os.read(process.stdout.fileno(), 4096) if ready else b""
            if not chunk:
                code = process.poll()
                why = f"exited with {code}" if code is not None else f"printed no start-up line in {timeout} s"
                raise SystemExit(f"{' '.join(command)}: {why}")
            pending += chunk
        with urllib.request.urlopen(url, timeout=10) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    finally:
        elapsed = time.perf_counter() - started
        measured = measure(process.pid) if measure and process.poll() is None else None
        process.kill()
        process.wait()
    if not accept(status):
        raise SystemExit(f"GET {url} answered {status}")
    return elapsed, measured
