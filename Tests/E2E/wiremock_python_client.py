#!/usr/bin/env python3
"""End-to-end check of Understudy's admin API with WireMock's own Python client.

Usage: python3 Tests/E2E/wiremock_python_client.py http://127.0.0.1:PORT [RECEIVER_URL]

Needs `pip install wiremock==2.7.0`. Creates, lists, edits and deletes stubs, sends
requests to the mock, then counts, finds and inspects them through the client; sets a
global delay and checks a response waits it; with RECEIVER_URL, creates a stub whose
webhook (the client's `post_serve_actions`) posts to RECEIVER_URL/webhooks/<order>, and
calls it once (the Swift runner checks the receiver got the webhook). Exits non-zero with
a message naming the failed step.
"""
import sys
import time
import traceback
import urllib.error
import urllib.request

try:
    from wiremock.constants import Config
    from wiremock.resources.mappings import HttpMethods, Mapping, MappingRequest, MappingResponse
    from wiremock.resources.mappings.resource import Mappings
    from wiremock.resources.near_misses import NearMissMatchPatternRequest, NearMissMatchRequest
    from wiremock.resources.near_misses.resource import NearMisses
    from wiremock.resources.requests.resource import Requests
    from wiremock.resources.scenarios.resource import Scenarios
    from wiremock.resources.settings import GlobalSetting
    from wiremock.resources.settings.resource import GlobalSettings
    from wiremock.exceptions import NotFoundException
except ImportError as error:
    print(f"wiremock_python_client: cannot import the wiremock client ({error}); run: pip install wiremock==2.7.0")
    sys.exit(2)


class CheckFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise CheckFailed(message)


def fetch(base_url, path, method="GET", body=None):
    """Calls the mock with urllib; returns (status, text)."""
    request = urllib.request.Request(base_url + path, method=method, data=body)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


def main(base_url, receiver_url=None):
    base_url = base_url.rstrip("/")
    Config.base_url = base_url + "/__admin"
    step = "reset"
    try:
        Mappings.delete_all_mappings()
        Requests.reset_request_journal()

        step = "create mappings"
        user = Mappings.create_mapping(
            Mapping(
                priority=1,
                request=MappingRequest(method=HttpMethods.GET, url_path="/users/42"),
                response=MappingResponse(status=200, json_body={"id": 42, "name": "Ada"}, headers={"Content-Type": "application/json"}),
                metadata={"team": "identity"},
                persistent=False,
            )
        )
        check(user.id, "the created mapping has no id")
        check(user.request.url_path == "/users/42", f"created mapping request is {user.request.get_json_data()}")
        order = Mappings.create_mapping(
            Mapping(
                request=MappingRequest(method=HttpMethods.POST, url="/orders", body_patterns=[{"contains": "book"}]),
                response=MappingResponse(status=201, body="created"),
            )
        )

        step = "list mappings"
        listing = Mappings.retrieve_all_mappings()
        check(listing.meta.total == 2, f"expected 2 mappings, meta.total is {listing.meta.total}")
        ids = sorted(m.id for m in listing.mappings)
        check(ids == sorted([user.id, order.id]), f"listed ids {ids}")
        one = Mappings.retrieve_mapping(user.id)
        check(one.metadata == {"team": "identity"}, f"retrieved metadata {one.metadata}")

        step = "edit a mapping"
        user.response = MappingResponse(status=200, json_body={"id": 42, "name": "Ada Lovelace"}, headers={"Content-Type": "application/json"})
        edited = Mappings.update_mapping(user)
        check(edited.response.json_body == {"id": 42, "name": "Ada Lovelace"}, f"edited response {edited.response.get_json_data()}")

        step = "call the mock"
        status, text = fetch(base_url, "/users/42")
        check(status == 200 and '"Ada Lovelace"' in text, f"GET /users/42 answered {status} {text!r}")
        status, text = fetch(base_url, "/orders", method="POST", body=b"one book please")
        check(status == 201 and text == "created", f"POST /orders answered {status} {text!r}")
        status, text = fetch(base_url, "/users/43")
        check(status == 404, f"GET /users/43 answered {status}, expected 404")

        step = "list requests"
        everything = Requests.get_all_received_requests()
        check(everything.meta.total == 3, f"journal total {everything.meta.total}")
        check(everything.request_journal_disabled is False, "requestJournalDisabled should be false")
        check(everything.requests[0].request.url == "/users/43", f"newest request is {everything.requests[0].request.url}")
        limited = Requests.get_all_received_requests(limit=1)
        check(len(limited.requests) == 1, f"limit=1 gave {len(limited.requests)} requests")
        single = Requests.get_request(everything.requests[-1].id)
        check(single.request.url == "/users/42", f"GET /requests/id gave {single.request.url}")

        step = "count and find requests"
        pattern = NearMissMatchPatternRequest(url_path_pattern="/users/.*", method="GET")
        count = Requests.get_matching_request_count(pattern)
        check(count.count == 2, f"count of GET /users/.* is {count.count}")
        found = Requests.get_matching_requests(NearMissMatchPatternRequest(url="/orders", method="POST"))
        check(len(found.requests) == 1 and found.requests[0].body == "one book please", f"found {[r.get_json_data() for r in found.requests]}")

        step = "unmatched requests and near misses"
        unmatched = Requests.get_unmatched_requests()
        check([r.url for r in unmatched.requests] == ["/users/43"], f"unmatched {[r.url for r in unmatched.requests]}")
        near = Requests.get_unmatched_requests_near_misses()
        check(len(near.near_misses) >= 1, "no near misses for the unmatched request")
        check(near.near_misses[0].request.url == "/users/43", f"near miss request {near.near_misses[0].request.url}")
        check(0 < near.near_misses[0].match_result.distance < 1, f"distance {near.near_misses[0].match_result.distance}")
        by_request = NearMisses.find_nearest_misses_by_request(NearMissMatchRequest(url="/users/41", method="GET"))
        check(len(by_request.near_misses) >= 1, "no near misses for a logged request")
        by_pattern = NearMisses.find_nearest_misses_by_request_pattern(NearMissMatchPatternRequest(url="/users/44", method="GET"))
        check(len(by_pattern.near_misses) >= 1, "no near misses for a request pattern")

        step = "settings and scenarios"
        saved = GlobalSettings.update_global_settings(GlobalSetting(fixed_delay=0))
        check(saved.fixed_delay == 0, f"settings answered {saved.get_json_data()}")
        Scenarios.reset_all_scenarios()

        step = "delete by metadata and by id"
        Mappings.delete_mapping_by_metadata({"matchesJsonPath": {"expression": "$.team", "equalTo": "identity"}})
        remaining = Mappings.retrieve_all_mappings()
        check([m.id for m in remaining.mappings] == [order.id], f"after delete-by-metadata: {[m.id for m in remaining.mappings]}")
        Mappings.delete_mapping(order.id)
        check(Mappings.retrieve_all_mappings().meta.total == 0, "mapping not deleted")
        try:
            Mappings.retrieve_mapping(order.id)
            raise CheckFailed("a deleted mapping can still be retrieved")
        except NotFoundException:
            pass

        step = "templated and proxied mappings"
        hello = Mappings.create_mapping(Mapping(
            request=MappingRequest(method=HttpMethods.GET, url_path="/hello"),
            response=MappingResponse(status=200, body="Hello {{request.query.name}} from {{parameters.place}}",
                                     transformers=["response-template"], transformer_parameters={"place": "Understudy"})))
        status, text = fetch(base_url, "/hello?name=Ada")
        check(status == 200 and text == "Hello Ada from Understudy", f"templated GET /hello answered {status} {text!r}")
        target = Mappings.create_mapping(Mapping(
            request=MappingRequest(method=HttpMethods.GET, url_path="/target/proxied", headers={"X-Proxied": {"equalTo": "yes"}}),
            response=MappingResponse(status=200, body="reached")))
        proxy = Mappings.create_mapping(Mapping(
            request=MappingRequest(method=HttpMethods.GET, url_path="/proxied"),
            response=MappingResponse(proxy_base_url=base_url.rstrip("/") + "/target", additional_proxy_request_headers={"X-Proxied": "yes"})))
        status, text = fetch(base_url, "/proxied")
        check(status == 200 and text == "reached", f"proxied GET /proxied answered {status} {text!r}")
        for mapping in (hello, target, proxy):
            Mappings.delete_mapping(mapping.id)

        step = "global delay"
        # POST /__admin/settings: every response waits the fixed delay (a lower bound only).
        GlobalSettings.update_global_settings(GlobalSetting(fixed_delay=300))
        slow = Mappings.create_mapping(Mapping(
            request=MappingRequest(method=HttpMethods.GET, url_path="/slow"), response=MappingResponse(status=200, body="late")))
        started = time.monotonic()
        status, text = fetch(base_url, "/slow")
        elapsed = time.monotonic() - started
        check(status == 200 and text == "late", f"GET /slow answered {status} {text!r}")
        check(elapsed >= 0.3, f"GET /slow took {elapsed:.3f}s with a global fixedDelay of 300 ms")
        GlobalSettings.update_global_settings(GlobalSetting(fixed_delay=0))
        Mappings.delete_mapping(slow.id)

        if receiver_url:
            step = "webhook"
            # The client writes post_serve_actions in WireMock's object form {"webhook": {...}}.
            hook = Mappings.create_mapping(Mapping(
                request=MappingRequest(method=HttpMethods.POST, url_path="/orders"),
                response=MappingResponse(status=202, body="accepted"),
                post_serve_actions={"webhook": {
                    "method": "POST",
                    "url": receiver_url.rstrip("/") + "/webhooks/{{jsonPath originalRequest.body '$.order'}}",
                    "headers": {"Content-Type": "text/plain"},
                    "body": "order {{jsonPath originalRequest.body '$.order'}} paid",
                }}))
            listed = Mappings.retrieve_mapping(hook.id).post_serve_actions
            check(listed[0]["name"] == "webhook" and listed[0]["parameters"]["method"] == "POST",
                  f"the webhook reads back as {listed}")
            status, text = fetch(base_url, "/orders", method="POST", body=b'{"order": "A7"}')
            check(status == 202 and text == "accepted", f"POST /orders answered {status} {text!r}")
            Mappings.delete_mapping(hook.id)

        step = "reset"
        Mappings.create_mapping(Mapping(request=MappingRequest(method=HttpMethods.GET, url="/x"), response=MappingResponse(status=204)))
        Requests.reset_request_journal()
        check(Requests.get_all_received_requests().meta.total == 0, "journal not reset")
        Mappings.reset_mappings()
        check(Mappings.retrieve_all_mappings().meta.total == 0, "mappings not reset")
        Mappings.delete_all_mappings()
    except CheckFailed as failure:
        print(f"wiremock_python_client: FAILED at step '{step}': {failure}")
        return 1
    except Exception as error:  # the client raised: an HTTP status it did not expect, a shape it could not read
        print(f"wiremock_python_client: FAILED at step '{step}' with {type(error).__name__}: {error}")
        traceback.print_exc()
        return 1
    print("wiremock_python_client: all checks passed")
    return 0


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        print("usage: wiremock_python_client.py BASE_URL [RECEIVER_URL]")
        sys.exit(2)
    sys.exit(main(*sys.argv[1:]))
