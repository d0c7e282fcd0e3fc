"""A server-sent events consumer written from the WHATWG HTML specification's parsing rules
(section 9.2.6, "Interpreting an event stream"), with Python's standard library only: reads a
stream as it arrives, decodes UTF-8 incrementally (a character may be split across chunks),
and prints one JSON line per dispatched event with the milliseconds since the request.

    python3 sse_consumer.py URL
"""
import codecs
import http.client
import json
import sys
import time
import urllib.parse


def main(url):
    parts = urllib.parse.urlsplit(url)
    start = time.monotonic()
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    connection.request("GET", parts.path or "/", headers={"Accept": "text/event-stream"})
    response = connection.getresponse()
    print(json.dumps({"status": response.status, "contentType": response.getheader("Content-Type")}), flush=True)
    decoder = codecs.getincrementaldecoder("utf-8")()
    buffer = ""
    data, event_type, last_id, retry = [], "", None, None
    while True:
        chunk = response.read1(65536)
        if not chunk:
            break
        buffer += decoder.decode(chunk)
        while True:
            cut = min([i for i in (buffer.find("\r\n"), buffer.find("\n"), buffer.find("\r")) if i >= 0], default=-1)
            if cut < 0:
                break
            line = buffer[:cut]
            buffer = buffer[cut + (2 if buffer.startswith("\r\n", cut) else 1):]
            if line == "":
                if data:
                    print(json.dumps({"event": event_type or "message", "data": "\n".join(data), "id": last_id,
                                      "retry": retry, "ms": round((time.monotonic() - start) * 1000)}), flush=True)
                data, event_type = [], ""
                continue
            if line.startswith(":"):
                continue
            field, _, value = line.partition(":")
            if value.startswith(" "):
                value = value[1:]
            if field == "data":
                data.append(value)
            elif field == "event":
                event_type = value
            elif field == "id":
                last_id = value
            elif field == "retry" and value.isdigit():
                retry = int(value)


if __name__ == "__main__":
    main(sys.argv[1])
