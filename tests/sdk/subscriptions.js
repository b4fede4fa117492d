// Drives the official TypeScript SDK (unchanged) through the catalog entry of Webhooks (Actions) and the five
// destination subscription operations against `seg serve`. Run by tests/it/actions_emulator.rs with SEG_BASE and
// SEG_WRITE; SEG_RECEIVER is a URL the mapping sends to. Prints one line per check, `N checks passed` at the end, and
// exits 1 at the first that fails.

'use strict';

const { assert, apisOf, unwrap, refusal, check, run } = require('./common');

const apis = apisOf(process.env.SEG_WRITE);

async function main() {
  let metadata;
  let source;
  let destination;
  let subscription;
  const SEND = 'nFPnRozhz1mh4Gbx4MLvT5';

  await check('getDestinationMetadata of Webhooks (Actions): its actions and presets', async () => {
    metadata = (await unwrap(apis.catalog.getDestinationMetadata('614a3c7d791c91c41bae7599'))).destinationMetadata;
    assert.equal(metadata.name, 'Webhooks (Actions)');
    assert.equal(metadata.slug, 'actions-webhook');
    assert.deepEqual(metadata.actions.map((a) => [a.id, a.slug]), [[SEND, 'send']]);
    assert.ok(metadata.actions[0].fields.some((f) => f.fieldKey === 'url' && f.required));
    assert.deepEqual(metadata.presets, []);
    assert.ok(metadata.options.some((o) => o.name === 'sharedSecret' && o.type === 'password'));
  });

  await check('createDestination of the entry', async () => {
    const catalog = await unwrap(apis.catalog.getSourcesCatalog({ count: 100 }));
    const javascript = catalog.sourcesCatalog.find((s) => s.slug === 'javascript');
    source = (await unwrap(apis.sources.createSource({ slug: 'sdk-web', enabled: true, metadataId: javascript.id }))).source;
    destination = (await unwrap(apis.destinations.createDestination({
      sourceId: source.id, metadataId: metadata.id, enabled: true, settings: { sharedSecret: 'sdk-secret' },
    }))).destination;
    assert.equal(destination.metadata.id, '614a3c7d791c91c41bae7599');
  });

  await check('createDestinationSubscription', async () => {
    const created = await unwrap(apis.destinations.createDestinationSubscription(destination.id, {
      name: 'Orders', actionId: SEND, trigger: 'type = "track"', enabled: true,
      settings: { url: process.env.SEG_RECEIVER, method: 'PUT', data: { '@path': '$.properties' } },
    }));
    subscription = created.destinationSubscription;
    assert.match(subscription.id, /^[A-Za-z0-9]{22}$/);
    assert.equal(subscription.actionSlug, 'send');
    assert.equal(subscription.destinationId, destination.id);
    assert.equal(subscription.settings.method, 'PUT');
  });

  await check('getSubscriptionFromDestination, listSubscriptionsFromDestination', async () => {
    const got = await unwrap(apis.destinations.getSubscriptionFromDestination(destination.id, subscription.id));
    assert.deepEqual(got.subscription, subscription);
    const list = await unwrap(apis.destinations.listSubscriptionsFromDestination(destination.id, { count: 10 }));
    assert.deepEqual(list.subscriptions.map((s) => s.id), [subscription.id]);
    assert.equal(list.pagination.totalEntries, 1);
  });

  await check('updateSubscriptionForDestination merges settings by key', async () => {
    const updated = await unwrap(apis.destinations.updateSubscriptionForDestination(destination.id, subscription.id, {
      input: { name: 'Orders v2', settings: { method: null, headers: { 'X-Team': 'data' } } },
    }));
    assert.equal(updated.subscription.name, 'Orders v2');
    assert.equal(updated.subscription.settings.method, undefined);
    assert.deepEqual(updated.subscription.settings.headers, { 'X-Team': 'data' });
    assert.equal(updated.subscription.settings.url, process.env.SEG_RECEIVER);
  });

  await check('a bad input is 422 naming the field', async () => {
    const refused = await refusal(apis.destinations.createDestinationSubscription(destination.id, {
      name: 'Bad', actionId: 'nope', trigger: 'type = "track"', enabled: true, settings: {},
    }));
    assert.equal(refused.status, 422);
    assert.equal(refused.error.field, 'actionId');
  });

  await check('removeSubscriptionFromDestination', async () => {
    const removed = await unwrap(apis.destinations.removeSubscriptionFromDestination(destination.id, subscription.id));
    assert.equal(removed.status, 'SUCCESS');
    const refused = await refusal(apis.destinations.getSubscriptionFromDestination(destination.id, subscription.id));
    assert.equal(refused.status, 404);
  });

}

run(main);
