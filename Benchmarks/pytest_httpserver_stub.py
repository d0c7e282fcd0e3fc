"""Serves the benchmark stub (GET /hello -> "hello") with pytest-httpserver, for comparison."""
import sys
import time

from pytest_httpserver import HTTPServer

port = int(sys.argv[1]) if len(sys.argv) > 1 else 18084
server = HTTPServer(host="127.0.0.1", port=port)
server.expect_request("/hello").respond_with_data("hello")
server.start()
print(f"pytest-httpserver on 127.0.0.1:{port}", flush=True)
try:
    while True:
        time.sleep(3600)
finally:
    server.stop()
