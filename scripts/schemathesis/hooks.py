"""Schemathesis hooks for `seg serve` (scripts/schemathesis.sh loads them).

Each hook states a rule of the emulator that OpenAPI cannot express, so that a positive ("schema-valid") case is
really valid; adds the links of the stateful phase, which need to cut a slug out of a resource name (a schemathesis
extension of runtime expressions, so they live here and not in the served document); or replaces a built-in check
whose expectation contradicts the wire contract (docs/reference/config-api.md).
"""

import json
import os
import re
import urllib.error
import urllib.request

import schemathesis
from schemathesis.generation import GenerationMode
from schemathesis.generation.meta import CoveragePhaseData, CoverageScenario, TestPhase

# The id of the access token this run authenticates with: deleting it would turn the rest of the run into 401s.
OWN_TOKEN_ID = os.environ.get("SEG_ST_TOKEN_ID", "1")

WS = "/v1beta/workspaces/{workspace}"
SOURCE = WS + "/sources/{source}"
DESTINATION = SOURCE + "/destinations/{destination}"
PLAN = WS + "/tracking-plans/{tracking_plan}"


def _slug(pointer, collection):
    """The last segment of the name at `pointer` in the response, after `<collection>/`."""
    return f"$response.body#{pointer}#regex:{collection}/([^/]+)$"


def _links():
    """(source path, method, {target (path, method): {parameter: expression}})."""
    ws = {"path.workspace": "$request.path.workspace"}
    source = {**ws, "path.source": _slug("/name", "sources")}
    destination = {**ws, "path.source": "$request.path.source", "path.destination": _slug("/name", "destinations")}
    plan = {**ws, "path.tracking_plan": _slug("/name", "tracking-plans")}
    first_ws = {"path.workspace": _slug("/workspaces/0/name", "workspaces")}
    token = {"path.access_token": _slug("/name", "access-tokens")}
    return [
        ("/v1beta/workspaces", "get", {
            (WS, "get"): first_ws,
            (WS + "/sources", "get"): first_ws,
            (WS + "/sources", "post"): first_ws,
            (WS + "/tracking-plans", "get"): first_ws,
            (WS + "/tracking-plans", "post"): first_ws,
            (WS + "/regulations", "get"): first_ws,
            (WS + "/regulations", "post"): first_ws,
        }),
        (WS + "/sources", "post", {
            (SOURCE, method): source for method in ("get", "patch", "put", "delete")
        } | {
            (SOURCE + "/destinations", "get"): source,
            (SOURCE + "/destinations", "post"): source,
        }),
        (SOURCE + "/destinations", "post", {
            (DESTINATION, method): destination for method in ("get", "patch", "put", "delete")
        }),
        (WS + "/tracking-plans", "post", {
            (PLAN, method): plan for method in ("get", "put", "patch", "delete")
        } | {
            (PLAN + "/source-connections", "get"): plan,
            (PLAN + "/source-connections", "post"): plan,
        }),
        (PLAN + "/source-connections", "post", {
            (PLAN + "/source-connections/{source}", "delete"): {
                **ws, "path.tracking_plan": "$request.path.tracking_plan",
                "path.source": _slug("/source_name", "sources"),
            },
        }),
        (WS + "/regulations", "post", {
            (WS + "/regulations/{regulation}", "get"): {**ws, "path.regulation": "$response.body#/regulate_id"},
        }),
        ("/v1beta/access-tokens", "post", {
            ("/v1beta/access-tokens/{access_token}", method): token for method in ("get", "delete")
        }),
    ]


@schemathesis.hook
def before_load_schema(context, raw_schema):
    paths = raw_schema["paths"]
    for path, method, targets in _links():
        links = paths[path][method]["responses"]["200"].setdefault("links", {})
        for (target_path, target_method), parameters in targets.items():
            target = paths[target_path][target_method]
            links[target["operationId"]] = {"operationId": target["operationId"], "parameters": parameters}


def _positive(case):
    return case.meta is not None and case.meta.generation.mode == GenerationMode.POSITIVE


def _under(name, pattern, parent):
    """`name` with the parent matched by `pattern` replaced by `parent`, when it is a full name."""
    return re.sub(pattern, parent, name, count=1) if isinstance(name, str) else name


def _names_under_the_path(case):
    """A full name in a create body must be under the path's parent: a rule between the path and the body."""
    body, params = case.body, case.path_parameters or {}
    if not isinstance(body, dict):
        return
    ws = params.get("workspace")
    sources = f"workspaces/{ws}/sources/"
    label = case.operation.label
    if label == "POST " + WS + "/sources" and isinstance(body.get("source"), dict):
        body["source"]["name"] = _under(body["source"].get("name"), r"^workspaces/[^/]+/sources/", sources)
    elif label == "POST " + PLAN + "/source-connections":
        body["source_name"] = _under(body.get("source_name"), r"^workspaces/[^/]+/sources/", sources)
    elif label == "POST " + SOURCE + "/destinations" and isinstance(body.get("destination"), dict):
        destination = body["destination"]
        parent = f"{sources}{params.get('source')}/destinations/"
        destination["name"] = _under(destination.get("name"), r"^workspaces/[^/]+/sources/[^/]+/destinations/", parent)
        for item in destination.get("config") or []:
            if isinstance(item, dict):
                item["name"] = _under(item.get("name"), r"^workspaces/[^/]+/sources/[^/]+/destinations/", parent)


DELETE_TOKEN = "DELETE /v1beta/access-tokens/{access_token}"


@schemathesis.hook
def filter_path_parameters(context, path_parameters):
    # Never draw the run's own token for a delete (any other id is fair game; linked ids are the run's creations).
    if context.operation is not None and context.operation.label == DELETE_TOKEN:
        return str((path_parameters or {}).get("access_token")) != OWN_TOKEN_ID
    return True


@schemathesis.hook
def map_case(context, case):
    # The same for cases not drawn by hypothesis (the coverage phase's boundary values: id 1 is the minimum).
    stateful = case.meta is not None and case.meta.phase.name == TestPhase.STATEFUL
    if case.operation.label == DELETE_TOKEN and not stateful:
        if str((case.path_parameters or {}).get("access_token")) == OWN_TOKEN_ID:
            case.path_parameters["access_token"] = 10**9
    if not _positive(case):
        return case
    # Page tokens are opaque and MAC-checked: only a token the server issued is valid, so a made-up one is not
    # schema-valid data. A positive case asks for the first page instead.
    if isinstance(case.query, dict) and "page_token" in case.query:
        case.query["page_token"] = ""
    _names_under_the_path(case)
    return case


@schemathesis.hook
def filter_failure(context, failure, case, response):
    """`ensure_resource_availability` reads every 404 after a create as the created resource missing. Connecting a
    source that does not exist to a new plan is 404 for the source named in the body (a body reference the stateful
    phase draws at random). Such a failure is dropped only when the error names that source and the plan itself
    answers 200 to a GET, right now."""
    if failure.code != "ST302" or case.operation.label != f"POST {PLAN}/source-connections":
        return True
    params = case.path_parameters or {}
    name = case.body.get("source_name") if isinstance(case.body, dict) else None
    if not isinstance(name, str):
        return True
    source = f"workspaces/{params.get('workspace')}/sources/{name.rsplit('/', 1)[-1]}"
    try:
        error = json.loads(response.content).get("error")
    except ValueError:
        return True
    if error != f"{source} not found":
        return True
    plan = response.request.url.rsplit("/source-connections", 1)[0]
    headers = {"Authorization": response.request.headers["Authorization"]}
    try:
        with urllib.request.urlopen(urllib.request.Request(plan, headers=headers)) as answer:
            return answer.status != 200
    except urllib.error.HTTPError:
        return True


@schemathesis.check
def undeclared_method_is_unimplemented(ctx, response, case):
    """A documented path called with a method it lacks answers 501 / code 12 (docs/reference/config-api.md, "Errors";
    docs/EMULATOR.md, "Order of checks"). Replaces the built-in `unsupported_method`, which expects 405."""
    meta = case.meta
    if meta is None or not isinstance(meta.phase.data, CoveragePhaseData):
        return None
    if meta.phase.data.scenario != CoverageScenario.UNSPECIFIED_HTTP_METHOD:
        return None
    method = response.request.method
    assert response.status_code == 501, f"{method} answered {response.status_code}, expected 501"
    body = response.json()
    assert body.get("code") == 12 and isinstance(body.get("error"), str), f"{method}: body {body}, expected code 12"
    return None
