# Writes everything.bin and everything.json (Tests/UnderstudyGRPCTests/Fixtures): one Everything message
# as Python's protobuf serialises and prints it. Run where greetings_pb2.py was generated (see README.md).
import greetings_pb2 as g
from google.protobuf import json_format
m = g.Everything()
m.a_double = 2.5; m.a_float = 0.1; m.an_int64 = -9007199254740993; m.a_uint64 = 18446744073709551615
m.an_int32 = -42; m.a_fixed64 = 12345678901234; m.a_fixed32 = 4000000000; m.a_bool = True; m.a_string = "héllo ☃"
m.some_bytes = b"\x00\x01\xfe\xff"; m.a_uint32 = 7; m.mood = g.GRUMPY; m.an_sfixed32 = -5; m.an_sfixed64 = -6
m.an_sint32 = -2147483648; m.an_sint64 = -9223372036854775808
m.numbers.extend([1, -1, 300]); m.words.extend(["a", ""]); m.moods.extend([g.HAPPY, g.MOOD_UNSPECIFIED])
m.nested.name = "Ada"; m.nested.times = 3
p = m.people.add(); p.name = "Bob"
m.people.add()
m.counts["x"] = 1; m.counts["y"] = -2
m.replies[5].greeting = "hi"; m.replies[-1].mood = g.HAPPY
m.number_choice = 0
m.maybe = 0
m.at.seconds = 1700000000; m.at.nanos = 21000000
m.took.seconds = -1; m.took.nanos = -500000000
m.wrapped_int64.value = 0
m.wrapped_string.value = "w"
m.wrapped_bool.value = True
m.nothing.SetInParent()
m.details.update({"a": 1, "b": [True, None, "s"], "c": {"d": 2.5}})
m.anything.string_value = "any"
m.list.extend([1, "two"])
m.wrapped_double.value = 1.5
m.wrapped_bytes.value = b"hi"
m.wrapped_uint32.value = 9
m.inner.level = g.Everything.Inner.HIGH
open("everything.bin","wb").write(m.SerializeToString())
open("everything.json","w").write(json_format.MessageToJson(m))
e = g.Everything(); e.a_string = ""; e.an_int32 = 0
open("defaults.bin","wb").write(e.SerializeToString() + g.Everything(maybe=0).SerializeToString())
open("defaults.json","w").write(json_format.MessageToJson(g.Everything(maybe=0)))
