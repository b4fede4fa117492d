#!/usr/bin/env node
// Drive a full Config API v1beta session through the public npm client
// `segment-typescript-api` (0.6.10, christyharagan) against BASE_URL.
//
// Env: BASE_URL (host root, e.g. http://127.0.0.1:8808), TOKEN, WORKSPACE (default demo),
//      SLUG (default drive-js-<pid>), NODE_PATH or LIB_DIR pointing at a node_modules that
//      holds segment-typescript-api (default ~/.cache/seg-compat/npm/node_modules).
//
// The library hard-codes https://platform.segmentapis.com/v1beta/ inside config_request.js,
// so the only way to re-point it is to swap the `cross-fetch` module it requires for a
// wrapper that rewrites the URL prefix. That must happen BEFORE config_request is loaded,
// because it captures require("cross-fetch") once at load time.
//
// Wire facts (from its source): no trailing slash; GET/DELETE send no body; query strings
// are built as "?&k=v&k2=v2" with NO URL-encoding; an empty/non-JSON response body, or any
// JSON body holding an "error" key, makes the call throw the raw response TEXT (a string).
'use strict';
const path = require('path');

const LIB_DIR = process.env.LIB_DIR || require('path').join(require('os').homedir(), '.cache/seg-compat/npm/node_modules');
const BASE_URL = (process.env.BASE_URL || 'http://127.0.0.1:8808').replace(/\/+$/, '').replace(/\/v1beta$/, '');
const TOKEN = process.env.TOKEN || '';
const WS = process.env.WORKSPACE || 'demo';
const SLUG = process.env.SLUG || `drive-js-${process.pid}`;
if (!TOKEN) { console.error('TOKEN env var is required'); process.exit(2); }

const REAL = 'https://platform.segmentapis.com/v1beta/';
const wire = [];
const crossFetchPath = require.resolve('cross-fetch', { paths: [LIB_DIR] });
const realFetch = require(crossFetchPath);
const patched = function (url, opts) {
  const u = String(url).startsWith(REAL) ? `${BASE_URL}/v1beta/${String(url).slice(REAL.length)}` : url;
  wire.push(`${(opts && opts.method || 'GET').toUpperCase()} ${u}${opts && opts.body ? ' ' + opts.body : ''}`);
  if (process.env.VERBOSE) console.log('     ->', wire[wire.length - 1]);
  return realFetch(u, opts);
};
require.cache[crossFetchPath].exports = patched;

const api = require(require.resolve('segment-typescript-api/cjs/config_api', { paths: [LIB_DIR] }));
const r = require(require.resolve('segment-typescript-api/cjs/config_request', { paths: [LIB_DIR] }));

// The library console.error()s every failure three times; keep it, but tag it.
const origErr = console.error;
console.error = (...a) => origErr('     [lib]', ...a);

const SRC_NAME = `workspaces/${WS}/sources/${SLUG}`;
const DST_NAME = `${SRC_NAME}/destinations/webhooks`;
const state = { source: false, destination: false, plan: null };
let stepNo = 0;
const show = (o, n = 500) => { const s = JSON.stringify(o); return s.length > n ? s.slice(0, n) + '...(truncated)' : s; };
const step = (t) => { stepNo++; console.log(`\n[${String(stepNo).padStart(2, '0')}] ${t}`); };
const check = (c, m) => { if (!c) throw new Error(`check failed: ${m}`); console.log(`     ok: ${m}`); };

async function main() {
  step('list workspaces  (generic request: GET /v1beta/workspaces) - the library has no listWorkspaces');
  let res = await r.request(TOKEN, ['workspaces', 'get', 'none', null, {}, {}, null]);
  console.log('     <-', show(res));
  check(Array.isArray(res.workspaces), "'workspaces' is an array");
  check(res.workspaces.some(w => w.name === `workspaces/${WS}`), `workspaces/${WS} listed`);

  step(`getWorkspace  (GET /v1beta/workspaces/${WS})`);
  res = await api.getWorkspace(TOKEN, WS);
  check(res.name === `workspaces/${WS}`, 'name matches');

  step('getCatalogDestination webhooks  (GET /v1beta/catalog/destinations/webhooks)');
  res = await api.getCatalogDestination(TOKEN, 'catalog/destinations/webhooks');
  check(res.name === 'catalog/destinations/webhooks', 'catalog destination name');

  step('listCatalogSources page_size=3  (GET /v1beta/catalog/sources?&page_size=3)');
  res = await api.listCatalogSources(TOKEN, { page_size: 3 });
  check(Array.isArray(res.sources) && res.sources.length <= 3, '<= 3 sources');

  step(`createSource ${SRC_NAME}  (POST /v1beta/workspaces/${WS}/sources)`);
  res = await api.createSource(TOKEN, WS, { name: SLUG, catalog_name: 'javascript' });
  state.source = true;
  console.log('     <-', show(res));
  check(res.name === SRC_NAME, 'name echoed');
  check(res.catalog_name === 'catalog/sources/javascript', 'catalog_name expanded by the library and echoed');

  step('listAllSources (follows next_page_token via "?&page_token=<raw token>")');
  res = await api.listAllSources(TOKEN, WS);
  check(res.sources.some(s => s.name === SRC_NAME), 'source listed');

  step(`createDestination webhooks  (POST /v1beta/${SRC_NAME}/destinations)`);
  res = await api.createDestination(TOKEN, WS, SLUG, {
    destination: {
      name: 'webhooks',              // expanded by the library to the full name
      enabled: false,
      connection_mode: 'CLOUD',
      config: [                      // REQUIRED by the library (it maps over it)
        { name: 'sharedSecret', type: 'string', value: 'drive-secret' },   // expanded to .../config/sharedSecret
        { name: 'hooks', type: 'mixed', value: [{ hook: 'http://127.0.0.1:9/hook', headers: [{ key: 'X-Drive', value: '1' }] }] },
      ],
    },
  });
  state.destination = true;
  console.log('     <-', show(res));
  check(res.name === DST_NAME, 'name echoed');
  check(res.enabled === false, 'enabled false');

  step('updateDestination enabled=true  (PATCH, update_mask.paths ["destination.enabled"])');
  res = await api.updateDestination(TOKEN, WS, SLUG, 'webhooks', {
    destination: { enabled: true },
    update_mask: { paths: ['destination.enabled'] },
  });
  console.log('     <-', show(res));
  check(res.enabled === true, 'enabled true');

  step(`listDestinations  (GET /v1beta/${SRC_NAME}/destinations)`);
  res = await api.listDestinations(TOKEN, WS, SLUG);
  check(res.destinations.some(d => d.name === DST_NAME && d.enabled === true), 'webhooks listed, enabled');

  step(`createTrackingPlan  (POST /v1beta/workspaces/${WS}/tracking-plans)`);
  res = await api.createTrackingPlan(TOKEN, WS, {
    display_name: 'Drive Plan (js)',
    rules: { events: [{ name: 'Drive Event', description: 'drive_client.js', version: 1, rules: { type: 'object' } }] },
  });
  console.log('     <-', show(res, 300));
  const planName = res.name || '';
  const planId = planName.split('/').pop();
  state.plan = planId;
  check(/^workspaces\/[^/]+\/tracking-plans\/rs_/.test(planName), `plan name ${planName}`);

  step('listTrackingPlans');
  res = await api.listTrackingPlans(TOKEN, WS);
  check(res.tracking_plans.some(p => p.name === planName), "plan listed under 'tracking_plans'");

  step('updateTrackingPlan display_name  (PUT, update_mask.paths ["tracking_plan.display_name"])');
  res = await api.updateTrackingPlan(TOKEN, WS, planId, {
    tracking_plan: { display_name: 'Drive Plan (js) v2' },
    update_mask: { paths: ['tracking_plan.display_name'] },
  });
  check(res.display_name === 'Drive Plan (js) v2', 'display_name updated');
  check(res.rules && res.rules.events && res.rules.events[0].name === 'Drive Event', 'rules untouched');

  step('createTrackingPlanSourceConnection  (POST .../source-connections {source_name})');
  res = await api.createTrackingPlanSourceConnection(TOKEN, WS, planId, SLUG);
  console.log('     <-', show(res));

  step('listTrackingPlanSourceConnections');
  res = await api.listTrackingPlanSourceConnections(TOKEN, WS, planId);
  check((res.connections || []).some(c => c.source_name === SRC_NAME), "connection listed under 'connections'");

  step('deleteTrackingPlanSourceConnection');
  res = await api.deleteTrackingPlanSourceConnection(TOKEN, WS, planId, SLUG);
  check(JSON.stringify(res) === '{}', 'answers {}');

  step('deleteTrackingPlan');
  res = await api.deleteTrackingPlan(TOKEN, WS, planId);
  state.plan = null;
  check(JSON.stringify(res) === '{}', 'answers {}');

  step('deleteDestination');
  res = await api.deleteDestination(TOKEN, WS, SLUG, 'webhooks');
  state.destination = false;
  check(JSON.stringify(res) === '{}', 'answers {}');

  step('deleteSource');
  res = await api.deleteSource(TOKEN, WS, SLUG);
  state.source = false;
  check(JSON.stringify(res) === '{}', 'answers {}');

  step('getSource after delete -> library throws the raw error text');
  let threw = null;
  try { await api.getSource(TOKEN, WS, SLUG); } catch (e) { threw = e; }
  console.log('     <- thrown:', show(threw));
  check(threw !== null, 'call rejected');
  let parsed = null; try { parsed = JSON.parse(threw); } catch (_) { /* non-JSON tolerated */ }
  check(parsed && parsed.code === 5, 'thrown text is JSON {error, code: 5}');
}

async function cleanup() {
  const quiet = async (f) => { try { await f(); } catch (_) { /* ignore */ } };
  if (state.plan) await quiet(() => api.deleteTrackingPlan(TOKEN, WS, state.plan));
  if (state.destination) await quiet(() => api.deleteDestination(TOKEN, WS, SLUG, 'webhooks'));
  if (state.source) await quiet(() => api.deleteSource(TOKEN, WS, SLUG));
}

(async () => {
  const t0 = Date.now();
  console.log(`segment-typescript-api -> ${BASE_URL}/v1beta  workspace=${WS} source=${SLUG}`);
  try {
    await main();
  } catch (e) {
    origErr(`\nFAIL at step ${stepNo}: ${e && e.message ? e.message : show(e)}`);
    origErr('last request:', wire[wire.length - 1]);
    await cleanup();
    process.exit(1);
  }
  console.log(`\nPASS: ${stepNo} steps in ${((Date.now() - t0) / 1000).toFixed(2)}s`);
})();
