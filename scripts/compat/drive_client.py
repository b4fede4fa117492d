#!/usr/bin/env python3
"""Drive a full Config API v1beta session through the public PyPI client
`segment-config-api` (0.0.1, bufferapp) against BASE_URL (e.g. the `seg serve`
emulator at http://127.0.0.1:8808).

Env:
  BASE_URL   host root, e.g. http://127.0.0.1:8808   (a trailing /v1beta is tolerated)
  TOKEN      a write-scoped bearer token the server accepts
  WORKSPACE  workspace slug (default: demo)
  SLUG       source slug to create (default: drive-py-<pid>)

Prints each step; exits 1 on the first failure (after a best-effort cleanup).

What the library puts on the wire (read from its source):
  * every URL is base_url + path, where base_url must end in "/v1beta/";
    collection/resource calls end with a trailing "/" (e.g. GET /v1beta/workspaces/demo/sources/)
    and catalog calls have a doubled slash (GET /v1beta//catalog/destinations/webhooks/);
  * every request, GET and DELETE included, carries the body "{}" (or the payload) and
    Content-Type: application/json;
  * page_size/page_token are sent only when not None;
  * every response body is parsed with .json() -> DELETE must answer a JSON body ({}).
"""
import json
import os
import sys
import time

import requests
from segment_config_api.api import SegmentConfigApi

BASE_URL = os.environ.get("BASE_URL", "http://127.0.0.1:8808").rstrip("/")
TOKEN = os.environ.get("TOKEN", "")
WS = os.environ.get("WORKSPACE", "demo")
SLUG = os.environ.get("SLUG", f"drive-py-{os.getpid()}")

if not TOKEN:
    print("TOKEN env var is required", file=sys.stderr)
    sys.exit(2)

if BASE_URL.endswith("/v1beta"):
    BASE_URL = BASE_URL[: -len("/v1beta")]

api = SegmentConfigApi(TOKEN)
# The only supported way to re-point the client: overwrite the attribute.
# It is concatenated as f'{base_url}{path}', so it must end with '/'.
api.base_url = f"{BASE_URL}/v1beta/"

SRC_NAME = f"workspaces/{WS}/sources/{SLUG}"
DST_NAME = f"{SRC_NAME}/destinations/webhooks"

state = {"source": False, "destination": False, "plan": None, "connection": False}
step_no = 0


class StepFailed(Exception):
    pass


def show(obj, limit=600):
    s = json.dumps(obj, sort_keys=True)
    return s if len(s) <= limit else s[:limit] + "...(truncated)"


def step(title):
    global step_no
    step_no += 1
    print(f"\n[{step_no:02d}] {title}", flush=True)


def check(cond, msg):
    if not cond:
        raise StepFailed(msg)
    print(f"     ok: {msg}")


def http_error_body(exc):
    try:
        return exc.response.json()
    except Exception:  # noqa: BLE001 - any non-JSON body
        return exc.response.text if exc.response is not None else None


def main():
    ws = api.workspace(WS)

    step("list workspaces  (GET /v1beta/workspaces/)")
    r = api.workspaces.list()
    print("     <-", show(r))
    check(isinstance(r.get("workspaces"), list), "'workspaces' is a list")
    names = [w.get("name") for w in r["workspaces"]]
    check(f"workspaces/{WS}" in names, f"workspaces/{WS} is listed (names={names})")
    check("next_page_token" in r, "'next_page_token' present")

    step(f"get workspace  (GET /v1beta/workspaces/{WS}/)")
    r = ws.get()
    print("     <-", show(r))
    check(r.get("name") == f"workspaces/{WS}", "name matches")

    step("get catalog source javascript  (GET /v1beta//catalog/sources/javascript/)")
    r = api.integrations_catalog.source("javascript").get()
    print("     <-", show(r))
    check(r.get("name") == "catalog/sources/javascript", "catalog source name")

    step("get catalog destination webhooks  (GET /v1beta//catalog/destinations/webhooks/)")
    r = api.integrations_catalog.destination("webhooks").get()
    print("     <-", show(r, 400))
    check(r.get("name") == "catalog/destinations/webhooks", "catalog destination name")
    setting_names = [s.get("name") for s in r.get("settings", [])]
    check("sharedSecret" in setting_names, f"settings include sharedSecret ({setting_names})")

    step("list catalog destinations page_size=2  (GET /v1beta//catalog/destinations/?page_size=2)")
    r = api.integrations_catalog.destinations.list(page_size=2)
    check(isinstance(r.get("destinations"), list) and len(r["destinations"]) <= 2, "<= 2 items")
    check("next_page_token" in r, "'next_page_token' present")

    step(f"create source {SRC_NAME}  (POST /v1beta/workspaces/{WS}/sources/)")
    r = ws.sources.create({"source": {"name": SRC_NAME, "catalog_name": "catalog/sources/javascript"}})
    state["source"] = True
    print("     <-", show(r))
    check(r.get("name") == SRC_NAME, "name echoed")
    check(r.get("parent") == f"workspaces/{WS}", "parent is the workspace")
    check(r.get("catalog_name") == "catalog/sources/javascript", "catalog_name echoed")
    wk = r.get("write_keys") or []
    check(len(wk) >= 1 and all(len(k) == 32 for k in wk), "one or more 32-char write_keys")

    step(f"create same source again -> 409 / code 6")
    try:
        ws.sources.create({"source": {"name": SRC_NAME, "catalog_name": "catalog/sources/javascript"}})
        raise StepFailed("duplicate create unexpectedly succeeded")
    except requests.HTTPError as e:
        body = http_error_body(e)
        print("     <-", e.response.status_code, show(body))
        check(e.response.status_code == 409, "status 409")
        check(isinstance(body, dict) and body.get("code") == 6 and "error" in body, "body {error, code: 6}")

    step("list sources, paging with page_size=1 until next_page_token == ''")
    found, token, pages = False, None, 0
    while True:
        r = ws.sources.list(page_size=1, page_token=token)
        pages += 1
        check(isinstance(r.get("sources"), list) and len(r["sources"]) <= 1, f"page {pages}: <= 1 source")
        found = found or any(s.get("name") == SRC_NAME for s in r["sources"])
        token = r.get("next_page_token")
        if not token or pages > 500:
            break
    check(token == "", "last page has next_page_token == ''")
    check(found, f"{SRC_NAME} found across {pages} page(s)")

    step(f"get source  (GET /v1beta/{SRC_NAME}/)")
    r = ws.source(SLUG).get()
    check(r.get("name") == SRC_NAME, "name matches")

    src = ws.source(SLUG)
    step(f"create destination {DST_NAME}  (POST /v1beta/{SRC_NAME}/destinations/)")
    payload = {
        "destination": {
            "name": DST_NAME,
            "connection_mode": "CLOUD",
            "enabled": False,
            "config": [
                {"name": f"{DST_NAME}/config/sharedSecret", "type": "string", "value": "drive-secret"},
                {
                    "name": f"{DST_NAME}/config/hooks",
                    "type": "mixed",
                    "value": [{"hook": "http://127.0.0.1:9/hook", "headers": [{"key": "X-Drive", "value": "1"}]}],
                },
            ],
        }
    }
    r = src.destinations.create(payload)
    state["destination"] = True
    print("     <-", show(r))
    check(r.get("name") == DST_NAME, "name echoed")
    check(r.get("parent") == SRC_NAME, "parent is the source")
    check(r.get("enabled") is False, "enabled false")
    cfg = {c.get("name"): c for c in r.get("config", [])}
    check(cfg.get(f"{DST_NAME}/config/sharedSecret", {}).get("value") == "drive-secret", "sharedSecret stored")

    dst = src.destination("webhooks")
    step("patch destination enabled=true with update mask  (PATCH, paths ['destination.enabled'])")
    r = dst.update({"destination": {"enabled": True}, "update_mask": {"paths": ["destination.enabled"]}})
    print("     <-", show(r))
    check(r.get("enabled") is True, "enabled true")
    cfg = {c.get("name"): c for c in r.get("config", [])}
    check(cfg.get(f"{DST_NAME}/config/sharedSecret", {}).get("value") == "drive-secret",
          "config untouched by an enabled-only mask")

    step("patch destination config item only (merge by name)")
    r = dst.update({
        "destination": {"config": [{"name": f"{DST_NAME}/config/sharedSecret", "type": "string", "value": "rotated"}]},
        "update_mask": {"paths": ["destination.config"]},
    })
    cfg = {c.get("name"): c for c in r.get("config", [])}
    check(cfg.get(f"{DST_NAME}/config/sharedSecret", {}).get("value") == "rotated", "sharedSecret rotated")
    check(f"{DST_NAME}/config/hooks" in cfg, "hooks kept (merge, not replace)")
    check(r.get("enabled") is True, "enabled still true")

    step(f"list destinations  (GET /v1beta/{SRC_NAME}/destinations/)")
    r = src.destinations.list()
    print("     <-", show(r, 300))
    names = [d.get("name") for d in r.get("destinations", [])]
    check(DST_NAME in names, "webhooks destination listed")
    check("next_page_token" in r, "'next_page_token' present")

    step(f"get destination  (GET /v1beta/{DST_NAME}/)")
    r = dst.get()
    check(r.get("enabled") is True, "enabled persisted")

    step(f"create tracking plan  (POST /v1beta/workspaces/{WS}/tracking-plans/)")
    rules = {
        "events": [{
            "name": "Drive Event",
            "description": "created by drive_client.py",
            "version": 1,
            "rules": {
                "$schema": "http://json-schema.org/draft-07/schema#",
                "type": "object",
                "properties": {"properties": {"type": "object", "properties": {"n": {"type": "integer"}},
                                              "required": ["n"]}},
            },
        }]
    }
    r = ws.tracking_plans.create({"tracking_plan": {"display_name": "Drive Plan", "rules": rules}})
    print("     <-", show(r, 400))
    name = r.get("name", "")
    plan_id = name.rsplit("/", 1)[-1]
    state["plan"] = plan_id
    check(name.startswith(f"workspaces/{WS}/tracking-plans/rs_"), f"name {name!r} has rs_ id")
    check(r.get("display_name") == "Drive Plan", "display_name echoed")
    check(r.get("rules", {}).get("events", [{}])[0].get("name") == "Drive Event", "rules echoed")

    step(f"list tracking plans  (GET /v1beta/workspaces/{WS}/tracking-plans/)")
    r = ws.tracking_plans.list()
    names = [p.get("name") for p in r.get("tracking_plans", [])]
    check(name in names, "plan listed under 'tracking_plans'")

    tp = ws.tracking_plan(plan_id)
    step("update tracking plan display_name  (PUT, paths ['tracking_plan.display_name'])")
    r = tp.update({"tracking_plan": {"display_name": "Drive Plan v2"},
                   "update_mask": {"paths": ["tracking_plan.display_name"]}})
    print("     <-", show(r, 300))
    check(r.get("display_name") == "Drive Plan v2", "display_name updated")
    check(r.get("rules", {}).get("events", [{}])[0].get("name") == "Drive Event", "rules untouched")

    step(f"get tracking plan  (GET /v1beta/{name}/)")
    r = tp.get()
    check(r.get("display_name") == "Drive Plan v2", "update persisted")

    step("connect source to plan  (POST .../source-connections {source_name})")
    r = tp.create_source_connection(SRC_NAME)
    state["connection"] = True
    print("     <-", show(r))
    check(r.get("tracking_plan_id") == plan_id, "tracking_plan_id echoed")

    step("list plan source connections  (GET .../source-connections)")
    r = tp.list_source_connections()
    print("     <-", show(r))
    srcs = [c.get("source_name") for c in r.get("connections", [])]
    check(SRC_NAME in srcs, "connection listed under 'connections'")

    step(f"delete source connection  (DELETE .../source-connections/{SLUG})")
    r = tp.delete_source_connection(SLUG)
    state["connection"] = False
    check(r == {}, "answers {}")

    step(f"delete tracking plan  (DELETE /v1beta/{name}/)")
    r = tp.delete()
    state["plan"] = None
    check(r == {}, "answers {}")

    step(f"delete destination  (DELETE /v1beta/{DST_NAME}/)")
    r = dst.delete(None)  # the library's signature demands an (unused) name argument
    state["destination"] = False
    check(r == {}, "answers {}")

    step(f"delete source  (DELETE /v1beta/{SRC_NAME}/)")
    r = src.delete(None)  # same quirk
    state["source"] = False
    check(r == {}, "answers {}")

    step("get deleted source -> 404 / code 5")
    try:
        src.get()
        raise StepFailed("deleted source still readable")
    except requests.HTTPError as e:
        body = http_error_body(e)
        print("     <-", e.response.status_code, show(body))
        check(e.response.status_code == 404, "status 404")
        check(isinstance(body, dict) and body.get("code") == 5 and set(body) == {"error", "code"},
              "body is exactly {error, code: 5}")

    step("bad token -> 401/16 (403/7 tolerated)")
    bad = SegmentConfigApi("not-a-valid-token")
    bad.base_url = api.base_url
    try:
        bad.workspaces.list()
        raise StepFailed("bad token accepted")
    except requests.HTTPError as e:
        body = http_error_body(e)
        print("     <-", e.response.status_code, show(body))
        check(e.response.status_code in (401, 403), "status 401 (or 403)")


def cleanup():
    ws = api.workspace(WS)
    for what, fn in (
        ("plan", lambda: ws.tracking_plan(state["plan"]).delete() if state["plan"] else None),
        ("destination", lambda: ws.source(SLUG).destination("webhooks").delete(None) if state["destination"] else None),
        ("source", lambda: ws.source(SLUG).delete(None) if state["source"] else None),
    ):
        try:
            fn()
        except Exception as e:  # noqa: BLE001
            print(f"     cleanup {what}: {e}", file=sys.stderr)


if __name__ == "__main__":
    t0 = time.time()
    print(f"segment-config-api -> {api.base_url}  workspace={WS} source={SLUG}")
    try:
        main()
    except (StepFailed, requests.RequestException, ValueError, KeyError, TypeError, AttributeError) as e:
        extra = ""
        if isinstance(e, requests.HTTPError) and e.response is not None:
            extra = f" | {e.response.request.method} {e.response.url} -> {e.response.status_code} {e.response.text[:300]!r}"
        print(f"\nFAIL at step {step_no}: {type(e).__name__}: {e}{extra}", file=sys.stderr)
        cleanup()
        sys.exit(1)
    print(f"\nPASS: {step_no} steps in {time.time() - t0:.2f}s")
