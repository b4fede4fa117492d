// Drives the official TypeScript SDK of the Public API (npm @segment/public-api-sdk-typescript, pinned in
// package-lock.json), unchanged, against `seg serve`: every operation of docs/reference/public-api.md, their results,
// paging over several pages, errors, and a write through one API read back through the other. Run by tests/it/sdk.rs
// with SEG_BASE (the emulator's address), SEG_WRITE and SEG_READ (its tokens). Prints one line per check and exits 1 at
// the first that fails.

'use strict';

const { assert, sdk, apisOf, unwrap, refusal, config, check, run } = require('./common');

const apis = apisOf(process.env.SEG_WRITE);
const readOnly = apisOf(process.env.SEG_READ);

async function main() {
  let workspace;
  let javascript;
  let webhooks;
  let source;
  let destination;
  let plan;

  await check('getWorkspace', async () => {
    workspace = (await unwrap(apis.workspaces.getWorkspace())).workspace;
    assert.equal(workspace.slug, 'demo');
    assert.equal(typeof workspace.id, 'string');
  });

  await check('getSourcesCatalog, getSourceMetadata', async () => {
    const catalog = await unwrap(apis.catalog.getSourcesCatalog({ count: 2 }));
    assert.equal(catalog.sourcesCatalog.length, 2);
    assert.equal(catalog.pagination.current, 'MA==');
    const all = await unwrap(apis.catalog.getSourcesCatalog({ count: 200 }));
    javascript = all.sourcesCatalog.find((s) => s.slug === 'javascript');
    const one = await unwrap(apis.catalog.getSourceMetadata(javascript.id));
    assert.deepEqual(one.sourceMetadata, javascript);
  });

  await check('getDestinationsCatalog, getDestinationMetadata', async () => {
    const all = await unwrap(apis.catalog.getDestinationsCatalog({ count: 200 }));
    webhooks = all.destinationsCatalog.find((d) => d.slug === 'webhooks');
    assert.equal(webhooks.supportedFeatures.cloudModeInstances, 'MULTIPLE');
    assert.ok(webhooks.options.some((o) => o.name === 'sharedSecret' && o.type === 'password'));
    const one = await unwrap(apis.catalog.getDestinationMetadata(webhooks.id));
    assert.equal(one.destinationMetadata.slug, 'webhooks');
  });

  await check('createSource answers 201 and getSource has the plan beside it', async () => {
    const created = await apis.sources.createSource({ slug: 'web', enabled: true, metadataId: javascript.id });
    assert.equal(created.response.statusCode, 201);
    source = created.body.data.source;
    assert.equal(source.slug, 'web');
    assert.equal(source.workspaceId, workspace.id);
    const got = await unwrap(apis.sources.getSource(source.id));
    assert.equal(got.source.id, source.id);
    assert.equal(got.trackingPlanId, null);
  });

  await check('updateSource, and the Config API sees it', async () => {
    const updated = await unwrap(apis.sources.updateSource(source.id, { name: 'Website', enabled: false }));
    assert.equal(updated.source.name, 'Website');
    assert.equal(updated.source.enabled, false);
    const seen = await config('GET', '/workspaces/demo/sources/web');
    assert.equal(seen.status, 200);
    assert.equal(seen.body.display_name, 'Website');
  });

  await check('listSources over several pages', async () => {
    for (let n = 0; n < 5; n += 1) {
      const made = await config('POST', '/workspaces/demo/sources', {
        source: { name: `workspaces/demo/sources/page-${n}`, catalog_name: 'catalog/sources/javascript' },
      });
      assert.equal(made.status, 200);
    }
    const slugs = [];
    let cursor;
    let pages = 0;
    do {
      const page = await unwrap(apis.sources.listSources(cursor ? { count: 2, cursor } : { count: 2 }));
      pages += 1;
      slugs.push(...page.sources.map((s) => s.slug));
      cursor = page.pagination.next;
    } while (cursor);
    assert.equal(pages, 3);
    assert.deepEqual(slugs, ['web', 'page-0', 'page-1', 'page-2', 'page-3', 'page-4']);
  });

  await check('labels: listLabels, createLabel (201), addLabelsToSource, replaceLabelsInSource, deleteLabel', async () => {
    const listed = await unwrap(apis.labels.listLabels());
    assert.ok(listed.labels.length >= 2);
    const created = await apis.labels.createLabel({ label: { key: 'team', value: 'data' } });
    assert.equal(created.response.statusCode, 201);
    const added = await unwrap(apis.sources.addLabelsToSource(source.id, { labels: [{ key: 'team', value: 'data' }] }));
    assert.deepEqual(added.labels.map((l) => `${l.key}:${l.value}`), ['team:data']);
    const replaced = await unwrap(apis.sources.replaceLabelsInSource(source.id, { labels: [] }));
    assert.deepEqual(replaced.labels, []);
    await unwrap(apis.labels.deleteLabel('team', 'data'));
  });

  await check('createDestination, getDestination, updateDestination, censored secrets', async () => {
    const created = await unwrap(apis.destinations.createDestination({
      sourceId: source.id,
      metadataId: webhooks.id,
      enabled: true,
      settings: { hooks: [{ hook: 'https://example.com/in' }], sharedSecret: 'a-long-shared-secret' },
    }));
    destination = created.destination;
    assert.equal(destination.settings.sharedSecret, '••••••••••cret');
    const got = await unwrap(apis.destinations.getDestination(destination.id));
    assert.equal(got.destination.sourceId, source.id);
    const updated = await unwrap(apis.destinations.updateDestination(destination.id, { enabled: false, name: 'Main hook' }));
    assert.equal(updated.destination.enabled, false);
    assert.equal(updated.destination.name, 'Main hook');
    const list = await unwrap(apis.destinations.listDestinations({ count: 10 }));
    assert.ok(list.destinations.some((d) => d.id === destination.id));
    const connected = await unwrap(apis.sources.listConnectedDestinationsFromSource(source.id, { count: 10 }));
    assert.equal(connected.destinations.length, 1);
  });

  await check('destination filters: create, get, list, update, remove', async () => {
    const created = await unwrap(apis.destinationFilters.createFilterForDestination(destination.id, {
      sourceId: source.id, if: "type = 'track'", title: 'Tracks', enabled: true,
      actions: [{ type: 'SAMPLE', percent: 0.5, path: 'userId' }],
    }));
    const filter = created.filter;
    assert.equal(filter.destinationId, destination.id);
    const got = await unwrap(apis.destinationFilters.getFilterInDestination(destination.id, filter.id));
    assert.equal(got.filter.title, 'Tracks');
    const listed = await unwrap(apis.destinationFilters.listFiltersFromDestination(destination.id, { count: 5 }));
    assert.equal(listed.filters.length, 1);
    const updated = await unwrap(apis.destinationFilters.updateFilterForDestination(destination.id, filter.id, { enabled: false }));
    assert.equal(updated.filter.enabled, false);
    await unwrap(apis.destinationFilters.removeFilterFromDestination(destination.id, filter.id));
  });

  await check('schema settings: list and update', async () => {
    const listed = await unwrap(apis.sources.listSchemaSettingsInSource(source.id));
    assert.equal(listed.settings.track.allowUnplannedEvents, true);
    const updated = await unwrap(apis.sources.updateSchemaSettingsInSource(source.id, {
      track: { allowUnplannedEvents: false, commonEventOnViolations: 'BLOCK' },
    }));
    assert.equal(updated.settings.track.allowUnplannedEvents, false);
    assert.equal(updated.settings.track.commonEventOnViolations, 'BLOCK');
  });

  await check('tracking plans: create, get, list by type, update, rules, sources', async () => {
    plan = (await unwrap(apis.trackingPlans.createTrackingPlan({ name: 'Main', type: 'LIVE' }))).trackingPlan;
    assert.ok(plan.id.startsWith('tp_'));
    const got = await unwrap(apis.trackingPlans.getTrackingPlan(plan.id));
    assert.equal(got.trackingPlan.name, 'Main');
    const live = await unwrap(apis.trackingPlans.listTrackingPlans({ count: 10 }, 'LIVE'));
    assert.equal(live.trackingPlans.length, 1);
    const updated = await unwrap(apis.trackingPlans.updateTrackingPlan(plan.id, { name: 'Main plan' }));
    assert.equal(updated.status, 'SUCCESS');
    await unwrap(apis.trackingPlans.replaceRulesInTrackingPlan(plan.id, { rules: [
      { type: 'TRACK', key: 'Order Completed', jsonSchema: { properties: {} }, version: 1 },
      { type: 'PAGE', key: 'Home', jsonSchema: null, version: 1 },
    ] }));
    await unwrap(apis.trackingPlans.updateRulesInTrackingPlan(plan.id, { rules: [
      { type: 'TRACK', key: 'Order Completed', newKey: 'Order Done', jsonSchema: {}, version: 1 },
    ] }));
    await unwrap(apis.trackingPlans.removeRulesFromTrackingPlan(plan.id, [{ type: 'PAGE', key: 'Home', version: 1 }]));
    const rules = await unwrap(apis.trackingPlans.listRulesFromTrackingPlan(plan.id, { count: 10 }));
    assert.deepEqual(rules.rules.map((r) => r.key), ['Order Done']);
    await unwrap(apis.trackingPlans.addSourceToTrackingPlan(plan.id, { sourceId: source.id }));
    const sources = await unwrap(apis.trackingPlans.listSourcesFromTrackingPlan(plan.id, { count: 10 }));
    assert.deepEqual(sources.sources.map((s) => s.id), [source.id]);
    assert.equal((await unwrap(apis.sources.getSource(source.id))).trackingPlanId, plan.id);
    // The SDK drops resourceSchemaId (TS47 copies the keys it knows): the Config API's list finds the plan.
    const seen = (await config('GET', '/workspaces/demo/tracking-plans')).body.tracking_plans;
    const same = seen.find((p) => p.display_name === 'Main plan');
    assert.equal(same.rules.events[0].name, 'Order Done');
    await unwrap(apis.trackingPlans.removeSourceFromTrackingPlan(plan.id, source.id));
  });

  await check('regulations: workspace and source, list, get', async () => {
    const made = await unwrap(apis.deletionAndSuppresion.createWorkspaceRegulation({
      regulationType: 'SUPPRESS_WITH_DELETE', subjectType: 'USER_ID', subjectIds: ['u1'],
    }));
    const got = await unwrap(apis.deletionAndSuppresion.getRegulation(made.regulateId));
    assert.equal(got.regulation.id, made.regulateId);
    const listed = await unwrap(apis.deletionAndSuppresion.listWorkspaceRegulations({ count: 10 }, undefined, ['SUPPRESS_WITH_DELETE']));
    assert.equal(listed.regulations.length, 1);
    await unwrap(apis.deletionAndSuppresion.createSourceRegulation(source.id, {
      regulationType: 'DELETE_ONLY', subjectType: 'USER_ID', subjectIds: ['u2'],
    }));
    const ofSource = await unwrap(apis.deletionAndSuppresion.listRegulationsFromSource(source.id, { count: 10 }));
    assert.equal(ofSource.regulations.length, 1);
  });

  await check('errors: 403 for a read token, 404, 409, 422 with its field', async () => {
    let refused = await refusal(readOnly.sources.createSource({ slug: 'x', enabled: true, metadataId: javascript.id }));
    assert.equal(refused.status, 403);
    refused = await refusal(apis.sources.getSource('no-such-source'));
    assert.equal(refused.status, 404);
    refused = await refusal(apis.sources.createSource({ slug: 'web', enabled: true, metadataId: javascript.id }));
    assert.equal(refused.status, 409);
    refused = await refusal(apis.sources.listSources({ count: 5000 }));
    assert.equal(refused.status, 422);
    assert.equal(refused.error.field, 'pagination.count');
    await assert.rejects(sdk.unwrap(apis.sources.getSource('no-such-source')), (e) => e.type === 'not-found');
  });

  await check('a write through the Config API read back through the SDK, and deletes', async () => {
    const made = await config('POST', '/workspaces/demo/sources/web/destinations', {
      destination: { name: 'workspaces/demo/sources/web/destinations/amplitude', enabled: true,
                     config: [{ name: 'apiKey', value: 'k1' }] },
    });
    assert.equal(made.status, 200);
    const connected = await unwrap(apis.sources.listConnectedDestinationsFromSource(source.id, { count: 10 }));
    const amplitude = connected.destinations.find((d) => d.metadata.slug === 'amplitude');
    assert.equal(amplitude.settings.apiKey, 'k1');
    assert.equal((await unwrap(apis.destinations.deleteDestination(amplitude.id))).status, 'SUCCESS');
    assert.equal((await unwrap(apis.trackingPlans.deleteTrackingPlan(plan.id))).status, 'SUCCESS');
    assert.equal((await unwrap(apis.sources.deleteSource(source.id))).status, 'SUCCESS');
    assert.equal((await config('GET', '/workspaces/demo/sources/web')).status, 404);
  });

}

run(main);
