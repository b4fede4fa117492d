// What every script of tests/sdk shares: the official TypeScript SDK (npm @segment/public-api-sdk-typescript, pinned
// in package-lock.json, unchanged) aimed at `seg serve` (SEG_BASE, the emulator's address), the checks and their
// count, and the reading of answers and refusals. A script requires it, calls `check` per check and hands its `main`
// to `run`, which prints `N checks passed` at the end and exits 1 at the first failure.

'use strict';

const assert = require('node:assert/strict');
const http = require('node:http');
const sdk = require('@segment/public-api-sdk-typescript');

const base = process.env.SEG_BASE;

/** Every API class of a configuration pointed at the emulator instead of api.segmentapis.com. */
function aimed(configured) {
  for (const api of Object.values(configured)) {
    api.basePath = base;
  }
  return configured;
}

/** The SDK's APIs with a token, aimed at the emulator. */
const apisOf = (token) => aimed(sdk.configureApis(token));

/** An API class `configureApis` lacks at 47.0.0-b8398 (`ReverseETLApi`, `DeliveryOverviewApi`, ...), made with a
 * token as it makes the others, aimed at the emulator. */
function made(Api, token) {
  const api = new Api(base);
  api.basePath = base;
  api.accessToken = token;
  api.defaultHeaders = { 'User-Agent': 'Public API SDK 47.0.0 (TypeScript)' };
  return api;
}

const unwrap = (promise) => sdk.unwrap(promise);

/** Compares as JSON: the SDK's answers are instances of its model classes. */
const plain = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const same = (actual, expected) => assert.deepEqual(plain(actual), plain(expected));

/** A refused call, as `unwrap` rethrows it: the HTTP status the SDK saw, the first error and the whole body. */
async function refusal(promise) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e.body && Array.isArray(e.body.errors) && e.body.errors.length > 0, `an errors list: ${JSON.stringify(e.body)}`);
    return { status: e.statusCode, error: e.body.errors[0], body: e.body };
  }
  assert.fail('the call was refused');
}

/** A request to the Config API of the same emulator (SEG_WRITE's token), for the cross-API checks. */
function config(method, path, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/v1beta${path}`, {
      method,
      headers: { Authorization: `Bearer ${process.env.SEG_WRITE}`, 'Content-Type': 'application/json' },
    }, (response) => {
      let text = '';
      response.on('data', (chunk) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, body: text ? JSON.parse(text) : null }));
    });
    request.on('error', reject);
    if (body !== undefined) {
      request.write(JSON.stringify(body));
    }
    request.end();
  });
}

/** Every item of a paged list, two at a time: `call(pagination)` answers `{[key]: [..], pagination: {next}}`; with
 * the number of pages it took. */
async function paged(key, call) {
  const items = [];
  let cursor;
  let pages = 0;
  do {
    const page = await unwrap(call(cursor ? { count: 2, cursor } : { count: 2 }));
    items.push(...page[key]);
    cursor = page.pagination && page.pagination.next;
    pages += 1;
  } while (cursor);
  return { items, pages };
}

let checks = 0;

/** One check: its body run, then `ok N name` printed. */
async function check(name, body) {
  await body();
  checks += 1;
  console.log(`ok ${checks} ${name}`);
}

/** Runs a script's checks: `N checks passed` at the end, or the failure (and the body of a refused call) and exit 1. */
function run(main) {
  main().then(() => {
    console.log(`${checks} checks passed`);
  }).catch((e) => {
    console.error(e && e.stack ? e.stack : JSON.stringify(e));
    if (e && e.body) console.error(JSON.stringify(e.body));
    process.exit(1);
  });
}

module.exports = { assert, sdk, base, aimed, apisOf, made, unwrap, plain, same, refusal, config, paged, check, run };
