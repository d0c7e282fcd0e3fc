#!/usr/bin/env python3
"""The official gRPC client (grpcio, with grpcio-tools to make the stubs and the descriptor set)
against `understudy serve` on a root whose grpc/ folder holds a descriptor set.

    grpc_client.py http://127.0.0.1:PORT ROOT

ROOT is the served root: the script writes grpc/greetings.dsc there itself with protoc (from
grpc-protos/greetings.proto), calls POST /__admin/ext/grpc/reset, then checks unary calls,
statuses, a templated answer, an unknown method, an unmatched call's near-miss report, server
streaming, client streaming, bidi, a deadline, a reset and the journal. Prints one `ok NAME`
line per check; exits non-zero on the first failure."""
import json
import os
import sys
import tempfile
import time
import urllib.request

import grpc
from grpc_tools import protoc
import grpc_tools

base, root = sys.argv[1], sys.argv[2]
here = os.path.dirname(os.path.abspath(__file__))
protos = os.path.join(here, "grpc-protos")
include = os.path.join(os.path.dirname(grpc_tools.__file__), "_proto")
generated = tempfile.mkdtemp(prefix="understudy-grpc-")
descriptor = os.path.join(root, "grpc", "greetings.dsc")
os.makedirs(os.path.dirname(descriptor), exist_ok=True)
status = protoc.main(["protoc", f"-I{protos}", f"-I{include}", f"--python_out={generated}", f"--grpc_python_out={generated}",
                      f"--descriptor_set_out={descriptor}", "greetings.proto"])
assert status == 0, f"protoc exited with {status}"
sys.path.insert(0, generated)
import greetings_pb2 as pb  # noqa: E402
import greetings_pb2_grpc as pb_grpc  # noqa: E402


def admin(method, path, body=None):
    request = urllib.request.Request(base + "/__admin" + path, method=method, data=body)
    with urllib.request.urlopen(request) as response:
        return response.status, response.read()


def check(name, condition, detail=""):
    if not condition:
        print(f"FAILED {name}: {detail}")
        sys.exit(1)
    print(f"ok {name}")


def failure(call):
    try:
        call()
    except grpc.RpcError as error:
        return error
    return None


status, _ = admin("POST", "/ext/grpc/reset")
check("descriptors reloaded", status == 200, status)
admin("DELETE", "/requests")

target = base.split("://", 1)[1]
channel = grpc.insecure_channel(target)
greeter = pb_grpc.GreeterStub(channel)

reply = greeter.SayHello(pb.HelloRequest(name="Tom"), timeout=10)
check("unary", reply.greeting == "Hi Tom" and reply.mood == pb.HAPPY, reply)

error = failure(lambda: greeter.SayHello(pb.HelloRequest(name="Prereq failure"), timeout=10))
check("status by name", error is not None and error.code() == grpc.StatusCode.FAILED_PRECONDITION
      and error.details() == "Failed on some prerequisite", error)

error = failure(lambda: greeter.SayHello(pb.HelloRequest(name="Mallory"), timeout=10))
check("HTTP status mapped", error is not None and error.code() == grpc.StatusCode.PERMISSION_DENIED
      and error.details() == "You are not authorized to access this resource", error)

reply = greeter.SayHello(pb.HelloRequest(name="Ada", times=2), timeout=10)
check("templated answer", reply.greeting == "Hello Ada, 2 time(s)", reply)

unknown = channel.unary_unary("/understudy.test.Greeter/Nope", request_serializer=lambda m: m.SerializeToString(),
                              response_deserializer=pb.HelloReply.FromString)
error = failure(lambda: unknown(pb.HelloRequest(name="x"), timeout=10))
check("unknown method", error is not None and error.code() == grpc.StatusCode.UNIMPLEMENTED
      and "Nope" in error.details(), error)

error = failure(lambda: greeter.SayHello(pb.HelloRequest(name="Nobody"), timeout=10))
check("unmatched call carries the near miss", error is not None and error.code() == grpc.StatusCode.UNIMPLEMENTED
      and "No matching stub mapping found for gRPC request" in error.details() and "Nearest stub" in error.details()
      and "Nobody" in error.details(), error)

started = time.monotonic()
arrivals = []
replies = []
for reply in greeter.CountDown(pb.HelloRequest(name="x", times=3), timeout=10):
    replies.append(reply.greeting)
    arrivals.append(time.monotonic() - started)
check("server streaming sends every element", replies == ["3", "2", "1"], replies)
check("server streaming spaces the messages", arrivals[-1] - arrivals[0] >= 0.15, arrivals)

reply = greeter.GatherNames(iter([pb.HelloRequest(name=n) for n in ["Ada", "Bob", "Cy"]]), timeout=10)
check("client streaming answers the first match", reply.greeting == "found Bob", reply)

error = failure(lambda: greeter.GatherNames(iter([pb.HelloRequest(name="Zed")]), timeout=10))
check("client streaming unmatched", error is not None and error.code() == grpc.StatusCode.UNIMPLEMENTED, error)

# Bidi, ping-pong: each message is sent only after the answer to the one before arrived, so the
# server must answer each message as it comes.
import queue  # noqa: E402
outgoing = queue.Queue()
outgoing.put(pb.HelloRequest(name="one"))


def requests():
    while True:
        item = outgoing.get()
        if item is None:
            return
        yield item


answers = []
for reply in greeter.Chat(requests(), timeout=10):
    answers.append(reply.greeting)
    outgoing.put(pb.HelloRequest(name="two") if len(answers) == 1 else None)
check("bidi answers each message as it arrives", answers == ["echo one", "echo two"], answers)

everything = greeter.Echo(pb.Everything(), timeout=10)
check("proto3 JSON answers", everything.an_int64 == -9007199254740993 and everything.some_bytes == b"\x00\x01\xfe\xff"
      and everything.mood == pb.GRUMPY and everything.at.seconds == 1700000000 and everything.at.nanos == 21000000
      and everything.took.seconds == 1 and everything.took.nanos == 500000000 and everything.wrapped_string.value == "w"
      and list(everything.details["a"]) == [1.0, None] and everything.counts["x"] == 2, everything)

from google.protobuf import empty_pb2  # noqa: E402
check("google.protobuf.Empty", isinstance(greeter.Nothing(empty_pb2.Empty(), timeout=10), empty_pb2.Empty))

error = failure(lambda: greeter.SayHello(pb.HelloRequest(name="Slow"), timeout=0.3))
check("deadline", error is not None and error.code() == grpc.StatusCode.DEADLINE_EXCEEDED, error)

error = failure(lambda: greeter.SayHello(pb.HelloRequest(name="Reset"), timeout=10))
# The stream is closed unended: RST_STREAM with CANCEL, which gRPC's HTTP/2 mapping makes CANCELLED.
check("a fault resets the stream", error is not None and error.code() == grpc.StatusCode.CANCELLED
      and "RST_STREAM" in error.details(), error)

# Reflection, v1alpha through grpcio-reflection's descriptor database (the well-known types'
# files come from the server too: the root's set was made without --include_imports), and v1
# (the same messages) on its own path.
from google.protobuf import descriptor_pool  # noqa: E402
from grpc_reflection.v1alpha import reflection_pb2  # noqa: E402
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase  # noqa: E402
database = ProtoReflectionDescriptorDatabase(channel)
check("reflection lists the services", "understudy.test.Greeter" in list(database.get_services()), list(database.get_services()))
pool = descriptor_pool.DescriptorPool(database)
method = pool.FindServiceByName("understudy.test.Greeter").FindMethodByName("Echo")
check("reflection describes a method", method.input_type.fields_by_name["at"].message_type.full_name == "google.protobuf.Timestamp",
      method.input_type.full_name)
v1 = channel.stream_stream("/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
                           request_serializer=reflection_pb2.ServerReflectionRequest.SerializeToString,
                           response_deserializer=reflection_pb2.ServerReflectionResponse.FromString)
responses = list(v1(iter([reflection_pb2.ServerReflectionRequest(list_services=""),
                          reflection_pb2.ServerReflectionRequest(file_containing_symbol="understudy.test.Nope")]), timeout=10))
check("reflection v1", [s.name for s in responses[0].list_services_response.service] == ["understudy.test.Greeter"]
      and responses[1].error_response.error_code == grpc.StatusCode.NOT_FOUND.value[0], responses)

from grpc_health.v1 import health_pb2, health_pb2_grpc  # noqa: E402
health = health_pb2_grpc.HealthStub(channel)
check("health", health.Check(health_pb2.HealthCheckRequest(service="understudy.test.Greeter"), timeout=10).status
      == health_pb2.HealthCheckResponse.SERVING)
error = failure(lambda: health.Check(health_pb2.HealthCheckRequest(service="nope.Service"), timeout=10))
check("health of an unknown service", error is not None and error.code() == grpc.StatusCode.NOT_FOUND, error)

_, body = admin("GET", "/requests")
journal = json.loads(body)["requests"]
bodies = [json.loads(entry["request"]["body"]) for entry in journal if entry["request"]["url"] == "/understudy.test.Greeter/SayHello"]
check("the journal holds messages as JSON", {"name": "Tom"} in bodies and {"name": "Ada", "times": 2} in bodies, bodies)

status, body = admin("POST", "/requests/count", json.dumps({"method": "POST", "url": "/understudy.test.Greeter/GatherNames"}).encode())
check("verification counts calls", json.loads(body)["count"] == 3, body)
channel.close()
