// The reference that tests/it/actions_reference.rs judges seg's Webhooks (Actions) engines by: the published packages
// themselves (pinned in package-lock.json; the destination unpacked by fetch-webhook.sh), called, never copied.
// Reads one case per line of stdin (JSON) and writes one JSON line per case, in order:
//   {"op":"trigger","fql":F,"event":E}     parseFql(F) of @segment/destination-subscriptions, then validate(it, E):
//                                           {"fires":bool} | {"error":parse error} | {"threw":what validate threw}
//   {"op":"transform","mapping":M,"event":E}  transform(M, E) of @segment/actions-core's mapping kit:
//                                           {"data":value} | {"undefined":true} | {"error":message} |
//                                           {"errors":[message, ...]} (an AggregateError's errors)
//   {"op":"send","settings":S,"events":[E..],"batch":bool,"secret":K|null}
//                                           the destination's `send` action run by actions-core's Destination
//                                           (executeAction, or executeBatch when batch): what it hands to fetch,
//                                           {"requests":[{"method","url","headers":[[name,value]..],"body":text|null}]}
//                                           | {"error":message}

'use strict';

const http = require('node:http');
const https = require('node:https');
const path = require('node:path');
const readline = require('node:readline');
const { PassThrough, Writable } = require('node:stream');

const core = require('@segment/actions-core');
const { parseFql, validate } = require('@segment/destination-subscriptions');

// actions-core sends every request through the `default` export of its fetch module (node-fetch): the request is
// captured there exactly as the request client built it, then handed to node-fetch itself, which refuses what it
// cannot send (a URL that is not HTTP(S)); the sockets it would open are stubs, so nothing leaves the machine.
const fetchModule = require(path.join(path.dirname(require.resolve('@segment/actions-core')), 'fetch.js'));
const realFetch = fetchModule.default;
function stubRequest() {
  const req = new Writable({ write(chunk, encoding, done) { done(); } });
  req.setTimeout = () => req;
  req.abort = () => {};
  req.on('finish', () => {
    const res = new PassThrough();
    Object.assign(res, { statusCode: 200, statusMessage: 'OK', headers: {}, rawHeaders: [] });
    req.emit('response', res);
    res.end();
  });
  return req;
}
http.request = stubRequest;
https.request = stubRequest;
const destinationFolder = path.join(__dirname, 'vendor/action-destinations/dist/destinations/webhook');
const webhook = require(destinationFolder).default;
const destination = new core.Destination(webhook);

let captured = [];
fetchModule.default = async (request) => {
  const headers = [];
  for (const [name, values] of Object.entries(request.headers.raw())) {
    for (const value of values) {
      headers.push([name, value]);
    }
  }
  const body = request.body === null ? null : await request.clone().text();
  captured.push({ method: request.method, url: request.url, headers, body });
  return realFetch(request);
};

function failure(error) {
  if (error && typeof error[Symbol.iterator] === 'function' && error.name === 'AggregateError') {
    return { errors: [...error].map((e) => String(e && e.message)) };
  }
  return { error: String(error && error.message) };
}

function trigger({ fql, event }) {
  const parsed = parseFql(fql);
  if (parsed.error) {
    return { error: String(parsed.error.message) };
  }
  try {
    return { fires: validate(parsed, event) };
  } catch (error) {
    return { threw: String(error && error.message) };
  }
}

function transform({ mapping, event }) {
  try {
    const data = core.transform(mapping, event);
    return data === undefined ? { undefined: true } : { data };
  } catch (error) {
    return failure(error);
  }
}

async function send({ settings, events, batch, secret }) {
  captured = [];
  const destinationSettings = secret === null || secret === undefined ? {} : { sharedSecret: secret };
  try {
    if (batch) {
      await destination.executeBatch('send', { events, mapping: settings, settings: destinationSettings });
    } else {
      await destination.executeAction('send', { event: events[0], mapping: settings, settings: destinationSettings });
    }
    return { requests: captured };
  } catch (error) {
    return failure(error);
  }
}

async function main() {
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const out = [];
  for await (const line of lines) {
    if (line === '') {
      continue;
    }
    const input = JSON.parse(line);
    let answer;
    switch (input.op) {
      case 'trigger':
        answer = trigger(input);
        break;
      case 'transform':
        answer = transform(input);
        break;
      case 'send':
        answer = await send(input);
        break;
      default:
        throw new Error(`unknown op ${input.op}`);
    }
    out.push(JSON.stringify(answer));
  }
  process.stdout.write(out.length ? out.join('\n') + '\n' : '');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
