"""Python's `websockets` (PyPI, 16.0), a WebSocket client that knows nothing of Understudy,
against `understudy`'s loopback server holding message stubs in WireMock 4's JSON. Run by
`PythonWebSocketsClientTests`:

    python3 Tests/E2E/websockets_client.py http://127.0.0.1:PORT

Adds its stubs through the admin API, talks to them, and checks the answers, the admin push
(`POST /__admin/channels/send`), the message journal and the close handshake. Exits 1 with
the first mismatch."""
import asyncio
import json
import sys
import urllib.error
import urllib.request

from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

BASE = sys.argv[1].rstrip("/")
WS = "ws" + BASE[len("http"):]


def admin(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(BASE + "/__admin" + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        text = answer.read().decode()
        return answer.status, (json.loads(text) if text else None)


def expect(what, actual, expected):
    if actual != expected:
        sys.exit(f"{what}: expected {expected!r}, got {actual!r}")


async def main():
    status, stub = admin("POST", "/message-mappings", {
        "name": "Chat",
        "trigger": {"type": "message",
                    "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/chat"}},
                    "message": {"body": {"matches": "hello.*"}}},
        "actions": [{"type": "send", "message": {"body": "{{message.body}} back, {{request.query.user}}"}}],
    })
    expect("POST /__admin/message-mappings", status, 201)
    admin("POST", "/message-mappings", {
        "trigger": {"channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/chat"}},
                    "message": {"body": {"binaryEqualTo": "AQID"}}},
        "actions": [{"type": "send", "message": {"body": {"base64Data": "BAUG"}}}],
    })

    # A URL no message stub listens on is not upgraded: the ordinary 404.
    try:
        async with connect(WS + "/nowhere"):
            sys.exit("/nowhere was upgraded")
    except InvalidStatus as refused:
        expect("the refused upgrade's status", refused.response.status_code, 404)

    async with connect(WS + "/chat?user=ada") as socket:
        await socket.send("hello there")
        expect("the reply", await asyncio.wait_for(socket.recv(), 10), "hello there back, ada")
        # Fragments, joined by the server into one message.
        await socket.send(["hello ", "in ", "parts"])
        expect("the reply to fragments", await asyncio.wait_for(socket.recv(), 10), "hello in parts back, ada")
        await socket.send(b"\x01\x02\x03")
        expect("the binary reply", await asyncio.wait_for(socket.recv(), 10), b"\x04\x05\x06")
        latency = await asyncio.wait_for(await socket.ping(b"anyone"), 10)
        if latency < 0:
            sys.exit("no pong")
        # A push from the admin API reaches the open socket.
        status, result = admin("POST", "/channels/send", {
            "type": "websocket", "initiatingRequest": {"urlPath": "/chat"}, "message": {"body": {"data": "pushed"}}})
        expect("channels/send status", status, 200)
        expect("channelsMessaged", result["channelsMessaged"], 1)
        expect("the pushed message", await asyncio.wait_for(socket.recv(), 10), "pushed")
        _, channels = admin("GET", "/channels")
        expect("open channels", [c["initiatingRequest"]["url"] for c in channels["channels"]], ["/chat?user=ada"])

    # The journal holds both directions, newest first; the received ones name their stub.
    _, journal = admin("GET", "/messages")
    events = [(e["eventType"], e.get("message")) for e in journal["messageServeEvents"]]
    expect("the journal", events, [
        ("sent", "pushed"),
        ("received", "\x01\x02\x03"), ("sent", "\x04\x05\x06"),
        ("received", "hello in parts"), ("sent", "hello in parts back, ada"),
        ("received", "hello there"), ("sent", "hello there back, ada"),
    ])
    _, counted = admin("POST", "/messages/count", {"body": {"matches": "hello.*"}})
    expect("messages matching hello.*", counted["count"], 4)
    # The server answered the client's close with the same code.
    expect("the close code", socket.close_code, 1000)

    admin("DELETE", "/message-mappings")
    admin("DELETE", "/messages")


asyncio.run(main())
