"""Schemathesis hooks for the Public API of `seg serve` (`scripts/schemathesis.sh --public` loads them).

The Public API's document (`/openapi-public.json`) declares its own links, so these hooks only state rules of the
emulator that OpenAPI cannot express, so that a positive ("schema-valid") case is really valid: an id in a body must
name something that exists (and a filter's source must be its destination's), a cursor must be one the server
issued, a filter's condition must be FQL, and a rule list names each rule once. They also replace the built-in
`unsupported_method` check, whose expectation contradicts the wire contract (docs/reference/public-api.md): a method
a path lacks is 404 `not-found` there.
"""

import json
import os
import urllib.error
import urllib.request

import schemathesis
from schemathesis.generation import GenerationMode
from schemathesis.generation.meta import CoveragePhaseData, CoverageScenario

BASE = os.environ.get("SEG_ST_BASE", "")
TOKEN = os.environ.get("SEG_ST_TOKEN", "")

# A source of the run's own, made at the first need, that a body may name when it must name one that exists. Its id
# is not drawn and no link leads to it, but schemathesis reuses ids it saw in answers: made again when it is gone.
_own_source = None


def _call(method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{BASE}{path}", data=data, method=method)
    request.add_header("Authorization", f"Bearer {TOKEN}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, None


def new_source():
    """The id of a new source of the run's own (made through the API, as any client would)."""
    _, catalog = _call("GET", "/catalog/sources?pagination[count]=1")
    metadata = catalog["data"]["sourcesCatalog"][0]["id"]
    body = {"slug": f"st-own-{os.urandom(8).hex()}", "enabled": True, "metadataId": metadata}
    status, created = _call("POST", "/sources", body)
    assert status == 201, f"a source of the run's own: {status}"
    return created["data"]["source"]["id"]


def own_source():
    """The id of the run's own source, made at the first need (and again when the run deleted it)."""
    global _own_source
    if _own_source is not None and _call("GET", f"/sources/{_own_source}")[0] != 200:
        _own_source = None
    if _own_source is None:
        _own_source = new_source()
    return _own_source


def _positive(case):
    return case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE


def _unique_rules(rules):
    """Rules are known by (type, key, version): a replace may name each once."""
    seen, kept = set(), []
    for rule in rules:
        identity = (rule.get("type"), rule.get("key"), rule.get("version")) if isinstance(rule, dict) else None
        if identity is None or identity not in seen:
            kept.append(rule)
            if identity is not None:
                seen.add(identity)
    return kept


@schemathesis.hook
def map_case(context, case):
    if not _positive(case):
        return case
    label = case.operation.label
    query, body, path = case.query, case.body, case.path_parameters or {}
    # Cursors are opaque: only one the server issued is valid. A positive case asks for the first page instead.
    if isinstance(query, dict):
        if isinstance(query.get("pagination"), dict) and "cursor" in query["pagination"]:
            query["pagination"]["cursor"] = ""
        if "pagination[cursor]" in query:
            query["pagination[cursor]"] = ""
    if not isinstance(body, dict):
        return case
    # A body's source must exist in the workspace (else 422 naming it): a rule between the body and the store. A
    # new destination goes on a new source, which has none of its catalog entry yet (a second one of an entry that
    # allows one per source is 400).
    if label == "POST /destinations" and "sourceId" in body:
        body["sourceId"] = new_source()
    if label == "POST /tracking-plans/{trackingPlanId}/sources" and "sourceId" in body:
        body["sourceId"] = own_source()
    if label == "POST /destination/{destinationId}/filters":
        # The filter's source is its destination's; a destination that does not exist is 404 whatever the body.
        status, destination = _call("GET", f"/destinations/{path.get('destinationId')}")
        if status == 200 and "sourceId" in body:
            body["sourceId"] = destination["data"]["destination"]["sourceId"]
    if label == "PATCH /sources/{sourceId}/settings":
        for field in ("forwardingViolationsTo", "forwardingBlockedEventsTo"):
            if isinstance(body.get(field), str) and body[field] != "":
                body[field] = own_source()
    # A condition is FQL, a grammar JSON Schema cannot state: a positive case matches every event.
    if label.startswith(("POST /destination/", "PATCH /destination/")) and isinstance(body.get("if"), str):
        body["if"] = "all"
    if label == "PUT /tracking-plans/{trackingPlanId}/rules" and isinstance(body.get("rules"), list):
        body["rules"] = _unique_rules(body["rules"])
    if label == "PATCH /destinations/{destinationId}" and isinstance(body.get("settings"), dict):
        # The settings a destination takes are its catalog entry's; the document lists every entry's.
        status, destination = _call("GET", f"/destinations/{path.get('destinationId')}")
        if status == 200:
            options = {option["name"] for option in destination["data"]["destination"]["metadata"]["options"]}
            body["settings"] = {key: value for key, value in body["settings"].items() if key in options}
    return case


def _identity(rule, key):
    version = rule.get("version")
    return (rule.get("type"), key, int(version) if isinstance(version, (int, float)) else version)


def _renames_onto_a_rule(plan, upserts):
    """Whether an upsert's `newKey` renames a rule onto one the plan has now, after the emulator's order (each upsert
    replaces the rule of its identity, or is added): the plan would hold that rule twice."""
    status, page = _call("GET", f"/tracking-plans/{plan}/rules?pagination[count]=1000")
    if status != 200 or not isinstance(upserts, list):
        return False
    rules = [_identity(rule, rule.get("key")) for rule in page["data"]["rules"]]
    for upsert in upserts:
        if not isinstance(upsert, dict):
            continue
        before = _identity(upsert, upsert.get("key"))
        after = _identity(upsert, upsert["newKey"]) if upsert.get("newKey") is not None else before
        at = rules.index(before) if before in rules else None
        if after != before and any(rule == after for n, rule in enumerate(rules) if n != at):
            return True
        if at is None:
            rules.append(after)
        else:
            rules[at] = after
    return False


def _removal_from_a_plan_that_stays(free):
    """Whether `free` (`DELETE /tracking-plans/<id>/rules`) removed entries of a plan's rules or sources, and the
    plan is there now."""
    method, _, path = free.partition(" ")
    parts = path.split("?", 1)[0].strip("/").split("/")
    if method != "DELETE" or len(parts) != 3 or parts[0] != "tracking-plans" or parts[2] not in ("rules", "sources"):
        return False
    return _call("GET", f"/tracking-plans/{parts[1]}")[0] == 200


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """Two failures that contradict the contract, each dropped only when it is verified to be that case.

    `use_after_free` (ST301) reads any DELETE as deleting the resource at its path. `removeRulesFromTrackingPlan`
    and `removeSourceFromTrackingPlan` delete what their query names from a collection at that path: the plan's
    rules and sources are still there (docs/reference/public-api.md, "Operations"). Dropped when the delete was one of
    those and the plan answers 200 to a GET now.

    An upsert of rules whose `newKey` renames a rule onto one the plan has is 422 (the plan would hold it twice):
    which rules a plan has is the store's state, which the case was drawn before (the coverage phase draws its
    cases before it sends them). Dropped when the rules the plan has now show such a rename in the body.
    """
    if failure.code == "ST301":
        return not _removal_from_a_plan_that_stays(getattr(failure, "free", ""))
    if failure.code == "ST202" and case.operation.label == "PATCH /tracking-plans/{trackingPlanId}/rules":
        body = case.body if isinstance(case.body, dict) else {}
        if response.status_code != 422 or b"a second rule" not in response.content:
            return True
        return not _renames_onto_a_rule((case.path_parameters or {}).get("trackingPlanId"), body.get("rules"))
    return True


@schemathesis.check
def undeclared_method_is_not_found(ctx, response, case):
    """A documented path called with a method it lacks answers 404 `not-found` (docs/reference/public-api.md, "Errors";
    docs/EMULATOR.md, "Order of checks"): the Public API has no 405 or 501. Replaces the built-in `unsupported_method`,
    which expects 405."""
    meta = case.meta
    if meta is None or not isinstance(meta.phase.data, CoveragePhaseData):
        return None
    if meta.phase.data.scenario != CoverageScenario.UNSPECIFIED_HTTP_METHOD:
        return None
    method = response.request.method
    assert response.status_code == 404, f"{method} answered {response.status_code}, expected 404"
    if method != "HEAD":
        errors = response.json().get("errors")
        assert errors and errors[0].get("type") == "not-found", f"{method}: body {response.text}, expected not-found"
    return None
