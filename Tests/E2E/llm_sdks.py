"""The official `openai` and `anthropic` Python SDKs against Understudy's LLM presets.

Usage:
    python3 Tests/E2E/llm_sdks.py http://127.0.0.1:PORT

The server serves the mappings of Tests/E2E/llm-presets (`understudy serve --root ...`):
plain text at /v1/..., tool calls at /tools/v1/..., an error after two deltas at /fail/v1/...,
a connection reset after two deltas at /cut/v1/....
Each API is called not streamed and streamed, and the streams are read by the SDKs' own
accumulators (`get_final_completion`, `get_final_response`, `get_final_message`); the script
asserts on what the SDKs return. Exits 0 when every check passes.
"""

import json
import sys

import anthropic
import openai

BASE = sys.argv[1].rstrip("/")
TEXT = "Hello, wörld!"
MESSAGES = [{"role": "user", "content": "Say hello"}]
WEATHER = {"city": "Paris", "unit": "celsius"}
TIME = {"zone": "Europe/Paris"}
CHAT_TOOLS = [
    {"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {}}}},
    {"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}},
]
RESPONSES_TOOLS = [
    {"type": "function", "name": "get_weather", "parameters": {"type": "object", "properties": {}}, "strict": False},
    {"type": "function", "name": "get_time", "parameters": {"type": "object", "properties": {}}, "strict": False},
]
ANTHROPIC_TOOLS = [
    {"name": "get_weather", "input_schema": {"type": "object", "properties": {}}},
    {"name": "get_time", "input_schema": {"type": "object", "properties": {}}},
]


def check(condition, what):
    if not condition:
        raise AssertionError(what)


def openai_client(prefix=""):
    return openai.OpenAI(base_url=f"{BASE}{prefix}/v1", api_key="test", max_retries=0)


def anthropic_client(prefix=""):
    return anthropic.Anthropic(base_url=f"{BASE}{prefix}", api_key="test", max_retries=0)


def openai_chat():
    client = openai_client()
    whole = client.chat.completions.create(model="gpt-4o-mini", messages=MESSAGES)
    check(whole.object == "chat.completion", whole)
    check(whole.choices[0].message.content == TEXT, whole)
    check(whole.choices[0].finish_reason == "stop", whole)
    check(whole.model == "gpt-4o-mini", f"the model repeats the request's: {whole.model}")
    check((whole.usage.prompt_tokens, whole.usage.completion_tokens, whole.usage.total_tokens) == (12, 4, 16), whole.usage)

    deltas = [chunk.choices[0].delta.content for chunk in client.chat.completions.create(model="gpt-4o-mini", messages=MESSAGES, stream=True)
              if chunk.choices and chunk.choices[0].delta.content]
    check(deltas == ["Hello", ", ", "wörld", "!"], deltas)

    with client.chat.completions.stream(model="gpt-4o-mini", messages=MESSAGES, stream_options={"include_usage": True}) as stream:
        final = stream.get_final_completion()
    check(final.choices[0].message.content == TEXT, final)
    check(final.choices[0].finish_reason == "stop", final)
    check(final.id == whole.id, f"the same request gets the same id: {final.id} {whole.id}")
    check(final.usage is not None and final.usage.completion_tokens == 4, final.usage)

    tools = openai_client("/tools")
    for streamed in (False, True):
        if streamed:
            with tools.chat.completions.stream(model="gpt-4o", messages=MESSAGES, tools=CHAT_TOOLS) as stream:
                completion = stream.get_final_completion()
        else:
            completion = tools.chat.completions.create(model="gpt-4o", messages=MESSAGES, tools=CHAT_TOOLS)
        choice = completion.choices[0]
        check(choice.finish_reason == "tool_calls", choice)
        check(choice.message.content == "Checking.", choice)
        check(completion.model == "gpt-4o-mini-2024-07-18", completion.model)
        calls = choice.message.tool_calls
        check([call.function.name for call in calls] == ["get_weather", "get_time"], calls)
        check(calls[0].id == "call_weather" and calls[1].id.startswith("call_"), calls)
        check([json.loads(call.function.arguments) for call in calls] == [WEATHER, TIME], calls)

    failing = openai_client("/fail")
    received = []
    try:
        for chunk in failing.chat.completions.create(model="gpt-4o", messages=MESSAGES, stream=True):
            if chunk.choices and chunk.choices[0].delta.content:
                received.append(chunk.choices[0].delta.content)
        raise AssertionError("the chat stream did not fail")
    except openai.APIError as error:
        check("The server had an error" in error.message, error.message)
    check(received == ["Hel", "lo"], received)
    try:
        failing.chat.completions.create(model="gpt-4o", messages=MESSAGES)
        raise AssertionError("the chat call did not fail")
    except openai.InternalServerError as error:
        check(error.status_code == 500 and error.body["type"] == "server_error", error.body)

    try:
        with openai_client("/cut").chat.completions.stream(model="gpt-4o", messages=MESSAGES) as stream:
            stream.get_final_completion()
        raise AssertionError("the cut chat stream did not fail")
    except openai.APIConnectionError:
        pass


def openai_responses():
    client = openai_client()
    whole = client.responses.create(model="gpt-4.1", input="Say hello")
    check(whole.output_text == TEXT, whole)
    check(whole.status == "completed", whole)
    check(whole.model == "gpt-4.1-2025", f"the templated model: {whole.model}")
    check((whole.usage.input_tokens, whole.usage.output_tokens, whole.usage.total_tokens) == (12, 4, 16), whole.usage)

    with client.responses.stream(model="gpt-4.1", input="Say hello") as stream:
        deltas = [event.delta for event in stream if event.type == "response.output_text.delta"]
        final = stream.get_final_response()
    check(deltas == ["Hello", ", ", "wörld", "!"], deltas)
    check(final.output_text == TEXT, final)
    check(final.status == "completed", final)

    tools = openai_client("/tools")
    for streamed in (False, True):
        if streamed:
            with tools.responses.stream(model="gpt-4.1", input="Weather?", tools=RESPONSES_TOOLS) as stream:
                response = stream.get_final_response()
        else:
            response = tools.responses.create(model="gpt-4.1", input="Weather?", tools=RESPONSES_TOOLS)
        check(response.output_text == "Checking.", response)
        calls = [item for item in response.output if item.type == "function_call"]
        check([call.name for call in calls] == ["get_weather", "get_time"], calls)
        check(calls[0].call_id == "call_weather" and calls[1].call_id.startswith("call_"), calls)
        check([json.loads(call.arguments) for call in calls] == [WEATHER, TIME], calls)

    failing = openai_client("/fail")
    events = list(failing.responses.create(model="gpt-4.1", input="Hi", stream=True))
    types = [event.type for event in events]
    check(types[-2:] == ["error", "response.failed"] and types.count("response.output_text.delta") == 2, types)
    check(events[-2].code == "server_error" and events[-2].message.startswith("The server had an error"), events[-2])
    failed = events[-1].response
    check(failed.status == "failed" and failed.id == events[0].response.id, failed)
    check(failed.error.code == "server_error" and failed.error.message.startswith("The server had an error"), failed.error)
    # The accumulator does not raise on an error event; it finds no completed response.
    try:
        with failing.responses.stream(model="gpt-4.1", input="Hi") as stream:
            stream.get_final_response()
        raise AssertionError("the responses stream did not fail")
    except RuntimeError as error:
        check("response.completed" in str(error), error)
    try:
        failing.responses.create(model="gpt-4.1", input="Hi")
        raise AssertionError("the responses call did not fail")
    except openai.InternalServerError as error:
        check(error.status_code == 500, error)


def anthropic_messages():
    client = anthropic_client()
    whole = client.messages.create(model="claude-under-test", max_tokens=100, messages=MESSAGES)
    check([block.text for block in whole.content] == [TEXT], whole)
    check(whole.stop_reason == "end_turn", whole)
    check(whole.model == "claude-under-test", whole.model)
    check((whole.usage.input_tokens, whole.usage.output_tokens) == (12, 4), whole.usage)

    with client.messages.stream(model="claude-under-test", max_tokens=100, messages=MESSAGES) as stream:
        deltas = list(stream.text_stream)
        final = stream.get_final_message()
    check(deltas == ["Hello", ", ", "wörld", "!"], deltas)
    check([block.text for block in final.content] == [TEXT], final)
    check(final.stop_reason == "end_turn" and final.usage.output_tokens == 4, final)
    check(final.id == whole.id and final.id.startswith("msg_"), (final.id, whole.id))

    tools = anthropic_client("/tools")
    for streamed in (False, True):
        if streamed:
            with tools.messages.stream(model="claude-under-test", max_tokens=100, messages=MESSAGES, tools=ANTHROPIC_TOOLS) as stream:
                message = stream.get_final_message()
        else:
            message = tools.messages.create(model="claude-under-test", max_tokens=100, messages=MESSAGES, tools=ANTHROPIC_TOOLS)
        check(message.stop_reason == "tool_use", message)
        check(message.model == "claude-sonnet-4-5-20250929", message.model)
        check(message.content[0].type == "text" and message.content[0].text == "Checking.", message)
        uses = [block for block in message.content if block.type == "tool_use"]
        check([use.name for use in uses] == ["get_weather", "get_time"], uses)
        check(uses[0].id == "toolu_weather" and uses[1].id.startswith("toolu_"), uses)
        check([use.input for use in uses] == [WEATHER, TIME], uses)

    failing = anthropic_client("/fail")
    received = []
    try:
        with failing.messages.stream(model="claude-under-test", max_tokens=100, messages=MESSAGES) as stream:
            for text in stream.text_stream:
                received.append(text)
        raise AssertionError("the messages stream did not fail")
    except anthropic.APIStatusError as error:
        check("Overloaded" in str(error), error)
    check(received == ["Hel", "lo"], received)
    try:
        failing.messages.create(model="claude-under-test", max_tokens=100, messages=MESSAGES)
        raise AssertionError("the messages call did not fail")
    except anthropic.APIStatusError as error:
        check(error.status_code == 529 and error.body["error"]["type"] == "overloaded_error", error.body)

    try:
        with anthropic_client("/cut").messages.stream(model="claude-under-test", max_tokens=100, messages=MESSAGES) as stream:
            stream.get_final_message()
        raise AssertionError("the cut messages stream did not fail")
    except AssertionError:
        raise
    except Exception as error:  # noqa: BLE001 - the SDK lets its HTTP library's read error through mid-stream
        check(isinstance(error, anthropic.APIConnectionError) or type(error).__module__.startswith("httpx"), repr(error))


failures = 0
for name, run in [("openai-chat", openai_chat), ("openai-responses", openai_responses), ("anthropic-messages", anthropic_messages)]:
    try:
        run()
        print(f"ok {name}")
    except Exception as error:  # noqa: BLE001 - every failure is reported, then the exit status says it
        failures += 1
        print(f"FAIL {name}: {type(error).__name__}: {error}")
sys.exit(1 if failures else 0)
