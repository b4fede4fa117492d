// Drives the official TypeScript SDK (unchanged) into the service's 200-rule caps on a tracking plan's rules against
// `seg serve`: a replace and an upsert of 201 rules are each refused with 400 and the service's message, and nothing
// is stored. Run by tests/it/rule_caps.rs with SEG_BASE and SEG_WRITE. Prints one line per check, `N checks passed`
// at the end, and exits 1 at the first that fails.

'use strict';

const { assert, apisOf, unwrap, refusal, check, run } = require('./common');

const apis = apisOf(process.env.SEG_WRITE);

const rules = (n) =>
  Array.from({ length: n }, (_, i) => ({ type: 'TRACK', key: `Event ${i}`, version: 1, jsonSchema: {} }));

async function main() {
  const plan = (await unwrap(apis.trackingPlans.createTrackingPlan({ name: 'Capped', type: 'LIVE' }))).trackingPlan;
  const held = async () => (await unwrap(apis.trackingPlans.listRulesFromTrackingPlan(plan.id, { count: 200 }))).rules;

  await check('a replace of 201 rules is refused', async () => {
    const refused = await refusal(apis.trackingPlans.replaceRulesInTrackingPlan(plan.id, { rules: rules(201) }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, { errors: [{ type: 'bad-request',
      message: 'Can not replace more than 200 existing rules. Please use DELETE and PATCH methods' }] });
    assert.equal((await held()).length, 0);
  });

  await check('an upsert of 201 rules is refused', async () => {
    const refused = await refusal(apis.trackingPlans.updateRulesInTrackingPlan(plan.id, { rules: rules(201) }));
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body, { errors: [{ type: 'bad-request',
      message: 'Can not upsert more than 200 rules per call' }] });
    assert.equal((await held()).length, 0);
  });

  await check('200 rules are taken', async () => {
    await unwrap(apis.trackingPlans.updateRulesInTrackingPlan(plan.id, { rules: rules(200) }));
    assert.equal((await held()).length, 200);
  });

}

run(main);
