// Drives the official TypeScript SDK (unchanged) through functions and insert function instances against `seg serve`:
// create, get, list by resourceType with paging, update (new code makes a version), versions (list, get, restore),
// deploy, instances on a destination with sensitive settings censored, a function in use refused on delete (409), an
// instance gone with its destination, and the refusals (404, 403, 422). Run by tests/it/functions.rs with SEG_BASE,
// SEG_WRITE and SEG_READ. Prints one line per check, `N checks passed` at the end, and exits 1 at the first failure.

'use strict';

const { assert, apisOf, unwrap, same, refusal, check, run } = require('./common');

const apis = apisOf(process.env.SEG_WRITE);
const readOnly = apisOf(process.env.SEG_READ);

const settings = [
  { name: 'apiKey', label: 'API key', description: 'the key', type: 'STRING', required: true, sensitive: true },
  { name: 'region', label: 'Region', description: 'where', type: 'STRING', required: false, sensitive: false },
];

async function main() {
  let fn;
  let insert;
  let source;
  let destination;
  let instance;

  await check('createFunction, getFunction', async () => {
    const created = await apis.functions.createFunction({
      code: 'async function onTrack(event) { return event; }',
      displayName: 'Enricher',
      resourceType: 'SOURCE',
      description: 'adds things',
      settings,
    });
    assert.equal(created.response.statusCode, 200);
    fn = created.body.data.function;
    assert.match(fn.id, /^sfn_[A-Za-z0-9]{22}$/);
    assert.equal(fn.resourceType, 'SOURCE');
    assert.equal(fn.displayName, 'Enricher');
    assert.equal(fn.deployedAt, null);
    assert.equal(fn.isLatestVersion, true);
    same(fn.settings, settings);
    const got = await unwrap(apis.functions.getFunction(fn.id));
    same(got.function, fn);
  });

  await check('listFunctions by resourceType, a page at a time', async () => {
    insert = (await unwrap(apis.functions.createFunction({
      code: 'async function onTrack(event) { return event; }',
      displayName: 'Inserter',
      resourceType: 'INSERT_DESTINATION',
      settings,
    }))).function;
    assert.match(insert.id, /^ifnd_/);
    await unwrap(apis.functions.createFunction({ code: 'x', displayName: 'Second', resourceType: 'SOURCE' }));
    const first = await unwrap(apis.functions.listFunctions({ count: 1 }, 'SOURCE'));
    same(first.functions.map((f) => f.displayName), ['Enricher']);
    assert.equal(first.functions[0].code, undefined);
    assert.equal(first.pagination.totalEntries, 2);
    const second = await unwrap(apis.functions.listFunctions({ count: 1, cursor: first.pagination.next }, 'SOURCE'));
    same(second.functions.map((f) => f.displayName), ['Second']);
    assert.equal(second.pagination.next, undefined);
    const inserts = await unwrap(apis.functions.listFunctions({ count: 10 }, 'INSERT_DESTINATION'));
    same(inserts.functions.map((f) => f.id), [insert.id]);
  });

  await check('updateFunction: new code makes a version; the versions are listed, got and restored', async () => {
    const updated = await unwrap(apis.functions.updateFunction(fn.id, { code: 'async function onTrack() {}', displayName: 'Enricher 2' }));
    assert.equal(updated.function.code, 'async function onTrack() {}');
    assert.equal(updated.function.displayName, 'Enricher 2');
    assert.equal(updated.function.description, 'adds things');
    // A change without new code makes no version.
    await unwrap(apis.functions.updateFunction(fn.id, { description: 'still' }));
    const versions = (await unwrap(apis.functions.listFunctionVersions(fn.id, { count: 10 }))).versions;
    assert.equal(versions.length, 2);
    assert.equal(versions[0].code, 'async function onTrack(event) { return event; }');
    const got = await unwrap(apis.functions.getFunctionVersion(fn.id, versions[0].id));
    same(got.version, versions[0]);
    const restored = await unwrap(apis.functions.restoreFunctionVersion(fn.id, { versionId: versions[0].id }));
    assert.equal(restored.version.code, versions[0].code);
    assert.notEqual(restored.version.id, versions[0].id);
    assert.equal((await unwrap(apis.functions.getFunction(fn.id))).function.code, versions[0].code);
    assert.equal((await unwrap(apis.functions.listFunctionVersions(fn.id, { count: 10 }))).versions.length, 3);
    const missing = await refusal(apis.functions.restoreFunctionVersion(fn.id, { versionId: 'ver_none' }));
    assert.equal(missing.status, 422);
    assert.equal(missing.error.field, 'versionId');
  });

  await check('createFunctionDeployment: SUCCESS, and the function and its latest version say so', async () => {
    const deployed = await unwrap(apis.functions.createFunctionDeployment(fn.id));
    same(deployed.functionDeployment, { status: 'SUCCESS' });
    const got = (await unwrap(apis.functions.getFunction(fn.id))).function;
    assert.ok(got.deployedAt);
    const versions = (await unwrap(apis.functions.listFunctionVersions(fn.id, { count: 10 }))).versions;
    same(versions.map((v) => v.isDeployed), [false, false, true]);
  });

  await check('createInsertFunctionInstance: on a destination, sensitive settings censored', async () => {
    const catalog = await unwrap(apis.catalog.getDestinationsCatalog({ count: 200 }));
    const webhooks = catalog.destinationsCatalog.find((d) => d.slug === 'webhooks');
    const sources = await unwrap(apis.catalog.getSourcesCatalog({ count: 200 }));
    const javascript = sources.sourcesCatalog.find((s) => s.slug === 'javascript');
    source = (await unwrap(apis.sources.createSource({ slug: 'fn-web', enabled: true, metadataId: javascript.id }))).source;
    destination = (await unwrap(apis.destinations.createDestination({
      sourceId: source.id, metadataId: webhooks.id, enabled: true, settings: { hooks: [{ hook: 'https://example.com/in' }] },
    }))).destination;
    const created = await unwrap(apis.functions.createInsertFunctionInstance({
      functionId: insert.id, integrationId: destination.id, name: 'Insert 1',
      settings: { apiKey: 'secret-api-key-1234', region: 'eu' },
    }));
    instance = created.insertFunctionInstance;
    assert.equal(instance.classId, insert.id);
    assert.equal(instance.integrationId, destination.id);
    assert.equal(instance.enabled, true);
    assert.equal(instance.name, 'Insert 1');
    same(instance.settings, { apiKey: '••••••••••1234', region: 'eu' });
    same(instance.encryptedSettings, { apiKey: '••••••••••1234' });
    const got = await unwrap(apis.functions.getInsertFunctionInstance(instance.id));
    same(got.insertFunctionInstance, instance);
    const listed = await unwrap(apis.functions.listInsertFunctionInstances({ count: 10 }, insert.id));
    same(listed.instances.map((i) => i.id), [instance.id]);
  });

  await check('updateInsertFunctionInstance: a censored value keeps the secret', async () => {
    const updated = await unwrap(apis.functions.updateInsertFunctionInstance(instance.id, {
      enabled: false, name: 'Insert one', settings: { apiKey: instance.settings.apiKey, region: 'us' },
    }));
    const got = updated.insertFunctionInstance;
    assert.equal(got.enabled, false);
    assert.equal(got.name, 'Insert one');
    same(got.settings, { apiKey: '••••••••••1234', region: 'us' });
    const replaced = await unwrap(apis.functions.updateInsertFunctionInstance(instance.id, { settings: { apiKey: 'another-key-9876' } }));
    same(replaced.insertFunctionInstance.settings, { apiKey: '••••••••••9876' });
  });

  await check('instance refusals: unknown function or destination 422, undeclared or missing settings 422', async () => {
    let refused = await refusal(apis.functions.createInsertFunctionInstance({
      functionId: 'ifnd_none', integrationId: destination.id, name: 'x', settings: { apiKey: 'k' },
    }));
    same([refused.status, refused.error.field], [422, 'functionId']);
    refused = await refusal(apis.functions.createInsertFunctionInstance({
      functionId: fn.id, integrationId: destination.id, name: 'x', settings: { apiKey: 'k' },
    }));
    same([refused.status, refused.error.field], [422, 'functionId']);
    refused = await refusal(apis.functions.createInsertFunctionInstance({
      functionId: insert.id, integrationId: 'ffffffffffffffffffffffff', name: 'x', settings: { apiKey: 'k' },
    }));
    same([refused.status, refused.error.field], [422, 'integrationId']);
    refused = await refusal(apis.functions.createInsertFunctionInstance({
      functionId: insert.id, integrationId: destination.id, name: 'x', settings: { apiKey: 'k', colour: 'red' },
    }));
    same([refused.status, refused.error.field], [422, 'settings.colour']);
    refused = await refusal(apis.functions.createInsertFunctionInstance({
      functionId: insert.id, integrationId: destination.id, name: 'x', settings: { region: 'eu' },
    }));
    same([refused.status, refused.error.field], [422, 'settings.apiKey']);
    refused = await refusal(apis.functions.getInsertFunctionInstance('no-such-instance'));
    assert.equal(refused.status, 404);
  });

  await check('deleteFunction: refused (409) while an instance uses it', async () => {
    const refused = await refusal(apis.functions.deleteFunction(insert.id));
    assert.equal(refused.status, 409);
    assert.ok(refused.error.message.includes(instance.id), refused.error.message);
  });

  await check('deleting the destination takes its instances; then the function may go', async () => {
    await unwrap(apis.destinations.deleteDestination(destination.id));
    assert.equal((await refusal(apis.functions.getInsertFunctionInstance(instance.id))).status, 404);
    same((await unwrap(apis.functions.listInsertFunctionInstances({ count: 10 }, insert.id))).instances, []);
    assert.equal((await unwrap(apis.functions.deleteFunction(insert.id))).status, 'SUCCESS');
    assert.equal((await refusal(apis.functions.getFunction(insert.id))).status, 404);
  });

  await check('deleteInsertFunctionInstance', async () => {
    const second = (await unwrap(apis.functions.createFunction({ code: 'x', displayName: 'I2', resourceType: 'INSERT_DESTINATION' }))).function;
    const catalog = await unwrap(apis.catalog.getDestinationsCatalog({ count: 200 }));
    const webhooks = catalog.destinationsCatalog.find((d) => d.slug === 'webhooks');
    const other = (await unwrap(apis.destinations.createDestination({
      sourceId: source.id, metadataId: webhooks.id, settings: { hooks: [{ hook: 'https://example.com/in' }] },
    }))).destination;
    const made = (await unwrap(apis.functions.createInsertFunctionInstance({
      functionId: second.id, integrationId: other.id, name: 'I2 on other', settings: {},
    }))).insertFunctionInstance;
    assert.equal((await unwrap(apis.functions.deleteInsertFunctionInstance(made.id))).status, 'SUCCESS');
    assert.equal((await refusal(apis.functions.deleteInsertFunctionInstance(made.id))).status, 404);
  });

  await check('function refusals: 403 for a read token, 404 unknown, 422 naming the field', async () => {
    let refused = await refusal(readOnly.functions.createFunction({ code: 'x', displayName: 'R', resourceType: 'SOURCE' }));
    assert.equal(refused.status, 403);
    refused = await refusal(readOnly.functions.deleteFunction(fn.id));
    assert.equal(refused.status, 403);
    refused = await refusal(apis.functions.getFunction('sfn_none'));
    assert.equal(refused.status, 404);
    refused = await refusal(apis.functions.createFunction({ code: '', displayName: 'Empty', resourceType: 'SOURCE' }));
    same([refused.status, refused.error.field], [422, 'code']);
    refused = await refusal(apis.functions.createFunction({ code: 'x'.repeat(512 * 1024 + 1), displayName: 'Big', resourceType: 'SOURCE' }));
    same([refused.status, refused.error.field], [422, 'code']);
    refused = await refusal(apis.functions.createFunction({ code: 'x', displayName: 'Kind', resourceType: 'WAREHOUSE' }));
    same([refused.status, refused.error.field], [422, 'resourceType']);
    refused = await refusal(apis.functions.listFunctions({ count: 10 }, 'NOTHING'));
    same([refused.status, refused.error.field], [422, 'resourceType']);
    refused = await refusal(apis.functions.updateFunction(fn.id, { code: '  ' }));
    same([refused.status, refused.error.field], [422, 'code']);
  });

}

run(main);
