// Drives the official TypeScript SDK (unchanged) into the per-operation rate limit of `createLabel` (60 requests a
// minute per token) against `seg serve`. Run by tests/it/operation_limits.rs with SEG_BASE and SEG_WRITE. Prints one
// line per check, `N checks passed` at the end, and exits 1 at the first that fails.

'use strict';

const { assert, sdk, apisOf, check, run } = require('./common');

const apis = apisOf(process.env.SEG_WRITE);

async function main() {
  await check('60 createLabel calls in a minute pass', async () => {
    for (let n = 0; n < 60; n += 1) {
      const created = await apis.labels.createLabel({ label: { key: 'sdk', value: `v${n}` } });
      assert.equal(created.response.statusCode, 201);
    }
  });

  await check('the 61st is refused: 429 with the service body', async () => {
    let refused;
    try {
      await apis.labels.createLabel({ label: { key: 'sdk', value: 'v60' } });
    } catch (e) {
      refused = e;
    }
    assert.ok(refused, 'the 61st createLabel was refused');
    assert.equal(refused.statusCode, 429);
    const [error] = refused.body.errors;
    assert.equal(refused.body.errors.length, 1);
    assert.deepEqual(Object.keys(error).sort(), ['data', 'message', 'type']);
    assert.equal(error.type, 'RequestError');
    assert.equal(error.message, 'Too many requests');
    assert.equal(error.data.remainingPoints, 0);
    assert.equal(error.data.consumedPoints, 60);
    assert.ok(error.data.msBeforeNext >= 1 && error.data.msBeforeNext <= 60000, `${error.data.msBeforeNext}`);
    assert.ok(Number(refused.response.headers['retry-after']) >= 1);
  });

  await check('nothing was stored by the refused call', async () => {
    const listed = await sdk.unwrap(apis.labels.listLabels());
    assert.equal(listed.labels.filter((l) => l.key === 'sdk').length, 60);
    assert.ok(!listed.labels.some((l) => l.key === 'sdk' && l.value === 'v60'));
  });

}

run(main);
