// Drives the official TypeScript SDK (unchanged) through the warehouses, reverse ETL models, transformations, spaces
// and profiles warehouses `seg serve` serves: shapes, statuses (201 where the SDK's response type says so), paging,
// censored secrets, the connections of sources to warehouses, 404 for unknown ids, 403 for a read token's writes,
// 422 naming the field. Run by tests/it/warehouses.rs with SEG_BASE, SEG_WRITE and SEG_READ; with SEG_PHASE=after
// it only checks what a first run left, after the emulator restarted on its data file (SEG_STATE names the JSON file
// the first run writes its ids to). Prints one line per check, `N checks passed` at the end, and exits 1 at the first
// that fails.

'use strict';

const fs = require('node:fs');
const { assert, sdk, aimed, made, unwrap, same, refusal, paged: all, check, run } = require('./common');

/** The APIs this script calls, with a token: `configureApis` has no reverse ETL or profiles sync class, so those
 * are made as it makes the others. */
function apisOf(token) {
  const apis = aimed(sdk.configureApis(token));
  apis.reverseETL = made(sdk.ReverseETLApi, token);
  apis.profilesSync = made(sdk.ProfilesSyncApi, token);
  return apis;
}

const apis = apisOf(process.env.SEG_WRITE);
const readOnly = apisOf(process.env.SEG_READ);

async function refused(promise, status, field) {
  const r = await refusal(promise);
  assert.equal(r.status, status, JSON.stringify(r));
  if (field !== undefined) {
    assert.equal(r.error.field, field, JSON.stringify(r));
  }
}

/** The HTTP status of a call that succeeds. */
async function status(promise) {
  const { response } = await promise;
  return response.statusCode;
}

const BULLETS = '\u2022'.repeat(10);

async function before() {
  const ids = {};
  const catalog = (await unwrap(apis.catalog.getWarehousesCatalog({ count: 100 }))).warehousesCatalog;
  const snowflake = catalog.find((w) => w.slug === 'snowflake');
  const postgres = catalog.find((w) => w.slug === 'postgres');

  await check('the warehouse catalog lists entries with their options, secrets typed password', async () => {
    same(catalog.map((w) => w.slug), ['bigquery', 'databricks', 'postgres', 'redshift', 'snowflake']);
    for (const entry of catalog) {
      for (const key of ['id', 'name', 'slug', 'description', 'logos', 'options']) assert.ok(key in entry, key);
      assert.equal(typeof entry.logos.default, 'string');
    }
    assert.equal(postgres.options.find((o) => o.name === 'password').type, 'password');
    assert.equal(postgres.options.find((o) => o.name === 'port').defaultValue, 5432);
    const paged = await all('warehousesCatalog', (p) => apis.catalog.getWarehousesCatalog(p));
    assert.equal(paged.items.length, 5);
    assert.equal(paged.pages, 3);
  });

  await check('getWarehouseMetadata answers an entry by id, 404 for another id', async () => {
    const one = (await unwrap(apis.catalog.getWarehouseMetadata(snowflake.id))).warehouseMetadata;
    same(one, snowflake);
    await refused(apis.catalog.getWarehouseMetadata('nosuchentry'), 404);
  });

  const javascript = (await unwrap(apis.catalog.getSourcesCatalog({ count: 100 }))).sourcesCatalog
    .find((s) => s.slug === 'javascript');
  const source = async (slug) =>
    (await unwrap(apis.sources.createSource({ slug, enabled: true, metadataId: javascript.id }))).source;
  const web = await source('web');
  const app = await source('app');
  ids.web = web.id;

  const settings = { hostname: 'db.example.com', port: 5432, database: 'segment', username: 'loader',
    password: 'hunter2-secret-9f3c' };
  let warehouse;
  await check('createWarehouse answers 201 with the warehouse, its password censored', async () => {
    const answer = await apis.warehouses.createWarehouse({ metadataId: postgres.id, name: 'Main', settings });
    assert.equal(answer.response.statusCode, 201);
    warehouse = answer.body.data.warehouse;
    assert.equal(warehouse.enabled, true);
    assert.equal(warehouse.metadata.slug, 'postgres');
    assert.equal(warehouse.settings.password, `${BULLETS}9f3c`);
    assert.equal(warehouse.settings.hostname, 'db.example.com');
    const workspace = (await unwrap(apis.workspaces.getWorkspace())).workspace;
    assert.equal(warehouse.workspaceId, workspace.id);
    ids.warehouse = warehouse.id;
  });

  await check('createWarehouse refuses what its catalog entry does not take, naming the field', async () => {
    await refused(apis.warehouses.createWarehouse({ metadataId: 'nosuchentry', settings }), 422, 'metadataId');
    const { password, ...lacking } = settings;
    await refused(apis.warehouses.createWarehouse({ metadataId: postgres.id, settings: lacking }), 422,
      'settings.password');
    await refused(apis.warehouses.createWarehouse({ metadataId: postgres.id, settings: { ...settings, port: 'x' } }),
      422, 'settings.port');
    await refused(apis.warehouses.createWarehouse({ metadataId: postgres.id }), 422, 'settings');
    await refused(readOnly.warehouses.createWarehouse({ metadataId: postgres.id, settings }), 403);
  });

  await check('getWarehouse answers it; an unknown id is 404', async () => {
    const got = (await unwrap(apis.warehouses.getWarehouse(warehouse.id))).warehouse;
    same(got, warehouse);
    await refused(apis.warehouses.getWarehouse('nosuchwarehouse'), 404);
    // A source's id is no warehouse's.
    await refused(apis.warehouses.getWarehouse(web.id), 404);
  });

  await check('updateWarehouse changes what is sent; a censored secret sent back keeps the stored one', async () => {
    const updated = (await unwrap(apis.warehouses.updateWarehouse(warehouse.id,
      { enabled: false, settings: { database: 'events', password: `${BULLETS}9f3c` } }))).warehouse;
    assert.equal(updated.enabled, false);
    assert.equal(updated.settings.database, 'events');
    assert.equal(updated.settings.password, `${BULLETS}9f3c`);
    const renamed = (await unwrap(apis.warehouses.updateWarehouse(warehouse.id,
      { name: 'Primary', enabled: true, settings: { password: 'another-secret-abcd' } }))).warehouse;
    assert.equal(renamed.enabled, true);
    assert.equal(renamed.settings.password, `${BULLETS}abcd`);
    await refused(apis.warehouses.updateWarehouse(warehouse.id, { settings: { port: true } }), 422, 'settings.port');
    await refused(apis.warehouses.updateWarehouse('nosuchwarehouse', { settings: {} }), 404);
    await refused(readOnly.warehouses.updateWarehouse(warehouse.id, { settings: {} }), 403);
  });

  await check('the connection state is CONNECTED while every required option has a value', async () => {
    const state = async () => (await unwrap(apis.warehouses.getConnectionStateFromWarehouse(warehouse.id)))
      .connectionState;
    assert.equal(await state(), 'CONNECTED');
    assert.equal(await state(), 'CONNECTED');
    await unwrap(apis.warehouses.updateWarehouse(warehouse.id, { settings: { hostname: null } }));
    assert.equal(await state(), 'FAILED');
    await unwrap(apis.warehouses.updateWarehouse(warehouse.id, { settings: { hostname: 'db.example.com' } }));
    assert.equal(await state(), 'CONNECTED');
    await refused(apis.warehouses.getConnectionStateFromWarehouse('nosuchwarehouse'), 404);
  });

  await check('createValidationInWarehouse says whether settings would connect, storing nothing', async () => {
    const valid = await unwrap(apis.warehouses.createValidationInWarehouse({ metadataId: postgres.id, settings }));
    same(valid, { status: 'CONNECTED' });
    const invalid = await unwrap(apis.warehouses.createValidationInWarehouse(
      { metadataId: postgres.id, settings: { hostname: 'db.example.com' } }));
    same(invalid, { status: 'FAILED' });
    await refused(apis.warehouses.createValidationInWarehouse({ metadataId: 'nosuchentry', settings }), 422,
      'metadataId');
    assert.equal((await unwrap(apis.warehouses.listWarehouses({ count: 10 }))).warehouses.length, 1);
  });

  const second = (await unwrap(apis.warehouses.createWarehouse({ metadataId: snowflake.id, settings: {
    account: 'acme', warehouse: 'LOAD', database: 'RAW', username: 'segment', password: 'pw' } }))).warehouse;
  const third = (await unwrap(apis.warehouses.createWarehouse({ metadataId: postgres.id, enabled: false, settings })))
    .warehouse;
  await check('listWarehouses pages the workspace\'s warehouses in the order they were made', async () => {
    assert.equal(second.settings.password, BULLETS);
    assert.equal(third.enabled, false);
    const { items, pages } = await all('warehouses', (p) => apis.warehouses.listWarehouses(p));
    same(items.map((w) => w.id), [warehouse.id, second.id, third.id]);
    assert.equal(pages, 2);
    const first = await unwrap(apis.warehouses.listWarehouses({ count: 2 }));
    assert.equal(first.pagination.totalEntries, 3);
    assert.equal(first.pagination.current, 'MA==');
    await refused(apis.warehouses.listWarehouses({ count: 0 }), 422, 'pagination.count');
  });

  await check('addConnectionFromSourceToWarehouse answers 201 CONNECTED, again when connected already', async () => {
    const answer = await apis.warehouses.addConnectionFromSourceToWarehouse(warehouse.id, web.id);
    assert.equal(answer.response.statusCode, 201);
    same(answer.body.data, { status: 'CONNECTED' });
    const again = await apis.warehouses.addConnectionFromSourceToWarehouse(warehouse.id, web.id);
    assert.equal(again.response.statusCode, 201);
    await unwrap(apis.warehouses.addConnectionFromSourceToWarehouse(warehouse.id, app.id));
    await unwrap(apis.warehouses.addConnectionFromSourceToWarehouse(second.id, web.id));
    await refused(apis.warehouses.addConnectionFromSourceToWarehouse(warehouse.id, 'nosuchsource'), 404);
    await refused(apis.warehouses.addConnectionFromSourceToWarehouse('nosuchwarehouse', web.id), 404);
    await refused(readOnly.warehouses.addConnectionFromSourceToWarehouse(third.id, web.id), 403);
  });

  await check('the connections list both ways, each once', async () => {
    const sources = (await unwrap(apis.warehouses.listConnectedSourcesFromWarehouse(warehouse.id, { count: 10 })))
      .sources;
    same(sources.map((s) => s.slug), ['web', 'app']);
    assert.ok(Array.isArray(sources[0].writeKeys));
    const paged = await all('sources', (p) => apis.warehouses.listConnectedSourcesFromWarehouse(warehouse.id, p));
    assert.equal(paged.items.length, 2);
    const fromWeb = (await unwrap(apis.sources.listConnectedWarehousesFromSource(web.id, { count: 10 }))).warehouses;
    same(fromWeb.map((w) => w.id), [warehouse.id, second.id]);
    assert.equal(fromWeb[0].settings.password, `${BULLETS}abcd`);
    await refused(apis.sources.listConnectedWarehousesFromSource('nosuchsource', { count: 10 }), 404);
    await refused(apis.warehouses.listConnectedSourcesFromWarehouse('nosuchwarehouse', { count: 10 }), 404);
  });

  await check('removeSourceConnectionFromWarehouse disconnects; an unconnected source is 404', async () => {
    const removed = await unwrap(apis.warehouses.removeSourceConnectionFromWarehouse(warehouse.id, app.id));
    same(removed, { status: 'SUCCESS' });
    await refused(apis.warehouses.removeSourceConnectionFromWarehouse(warehouse.id, app.id), 404);
    await refused(apis.warehouses.removeSourceConnectionFromWarehouse(third.id, web.id), 404);
    await refused(readOnly.warehouses.removeSourceConnectionFromWarehouse(warehouse.id, web.id), 403);
    const sources = (await unwrap(apis.warehouses.listConnectedSourcesFromWarehouse(warehouse.id, { count: 10 })))
      .sources;
    same(sources.map((s) => s.slug), ['web']);
  });

  await check('deleteWarehouse deletes it and the sources\' connections to it', async () => {
    await refused(readOnly.warehouses.deleteWarehouse(second.id), 403);
    same(await unwrap(apis.warehouses.deleteWarehouse(second.id)), { status: 'SUCCESS' });
    await refused(apis.warehouses.getWarehouse(second.id), 404);
    await refused(apis.warehouses.deleteWarehouse(second.id), 404);
    const fromWeb = (await unwrap(apis.sources.listConnectedWarehousesFromSource(web.id, { count: 10 }))).warehouses;
    same(fromWeb.map((w) => w.id), [warehouse.id]);
  });

  await check('deleting a source removes its connections', async () => {
    await unwrap(apis.warehouses.addConnectionFromSourceToWarehouse(third.id, app.id));
    await unwrap(apis.sources.deleteSource(app.id));
    const sources = (await unwrap(apis.warehouses.listConnectedSourcesFromWarehouse(third.id, { count: 10 })))
      .sources;
    same(sources, []);
  });

  // Reverse ETL models.
  const modelInput = {
    sourceId: web.id, name: 'Churned users', description: 'Users who left', enabled: true,
    scheduleStrategy: 'PERIODIC', scheduleConfig: { interval: '1h' },
    query: 'select id, email from users where churned', queryIdentifierColumn: 'id',
  };
  let model;
  await check('createReverseEtlModel answers 201 with the model', async () => {
    const answer = await apis.reverseETL.createReverseEtlModel(modelInput);
    assert.equal(answer.response.statusCode, 201);
    model = answer.body.data.reverseEtlModel;
    same({ ...model, id: undefined }, { ...modelInput, id: undefined });
    assert.equal(typeof model.id, 'string');
    ids.model = model.id;
  });

  await check('createReverseEtlModel refuses a bad body naming the field, a read token with 403', async () => {
    await refused(apis.reverseETL.createReverseEtlModel({ ...modelInput, sourceId: 'nosuchsource' }), 422, 'sourceId');
    await refused(apis.reverseETL.createReverseEtlModel({ ...modelInput, scheduleStrategy: 'HOURLY' }), 422,
      'scheduleStrategy');
    const { query, ...lacking } = modelInput;
    await refused(apis.reverseETL.createReverseEtlModel(lacking), 422, 'query');
    await refused(readOnly.reverseETL.createReverseEtlModel(modelInput), 403);
  });

  await check('get, update and list reverse ETL models', async () => {
    same((await unwrap(apis.reverseETL.getReverseEtlModel(model.id))).reverseEtlModel, model);
    const updated = (await unwrap(apis.reverseETL.updateReverseEtlModel(model.id,
      { enabled: false, scheduleStrategy: 'MANUAL' }))).reverseEtlModel;
    same(updated, { ...model, enabled: false, scheduleStrategy: 'MANUAL' });
    await refused(apis.reverseETL.updateReverseEtlModel(model.id, { scheduleStrategy: 'NEVER' }), 422,
      'scheduleStrategy');
    await refused(apis.reverseETL.getReverseEtlModel('nosuchmodel'), 404);
    await refused(apis.reverseETL.updateReverseEtlModel('nosuchmodel', {}), 404);
    await refused(readOnly.reverseETL.updateReverseEtlModel(model.id, {}), 403);
    const other = (await unwrap(apis.reverseETL.createReverseEtlModel({ ...modelInput, name: 'Active' })))
      .reverseEtlModel;
    const listed = await all('models', (p) => apis.reverseETL.listReverseEtlModels(p));
    same(listed.items.map((m) => m.id), [model.id, other.id]);
    await refused(readOnly.reverseETL.deleteReverseEtlModel(other.id), 403);
    same(await unwrap(apis.reverseETL.deleteReverseEtlModel(other.id)), { status: 'SUCCESS' });
    await refused(apis.reverseETL.getReverseEtlModel(other.id), 404);
    await refused(apis.reverseETL.deleteReverseEtlModel(other.id), 404);
  });

  await check('a manual sync of a model starts, and reads SUCCESS with the same answer each time', async () => {
    const started = (await unwrap(apis.reverseETL.createReverseETLManualSync(
      { sourceId: web.id, modelId: model.id, subscriptionId: 'sub1' }))).reverseETLManualSync;
    assert.equal(typeof started.syncId, 'string');
    assert.ok(!Number.isNaN(Date.parse(started.startedAt)), started.startedAt);
    const sync = (await unwrap(apis.reverseETL.getReverseETLSyncFromModel(model.id, started.syncId))).reverseETLSync;
    same(sync, { syncId: started.syncId, modelId: model.id, sourceId: web.id, syncStatus: 'SUCCESS', duration: '0s',
      startedAt: started.startedAt, finishedAt: started.startedAt });
    same((await unwrap(apis.reverseETL.getReverseETLSyncFromModel(model.id, started.syncId))).reverseETLSync, sync);
    ids.sync = started.syncId;
    await refused(apis.reverseETL.getReverseETLSyncFromModel(model.id, 'nosuchsync'), 404);
    await refused(apis.reverseETL.getReverseETLSyncFromModel('nosuchmodel', started.syncId), 404);
    await refused(apis.reverseETL.createReverseETLManualSync(
      { sourceId: 'nosuchsource', modelId: model.id, subscriptionId: 'sub1' }), 422, 'sourceId');
    // A model of another source.
    const lone = await source('lone');
    await refused(apis.reverseETL.createReverseETLManualSync(
      { sourceId: lone.id, modelId: model.id, subscriptionId: 'sub1' }), 422, 'modelId');
    await refused(apis.reverseETL.createReverseETLManualSync(
      { sourceId: web.id, modelId: 'nosuchmodel', subscriptionId: 'sub1' }), 422, 'modelId');
    await refused(apis.reverseETL.createReverseETLManualSync({ sourceId: web.id, modelId: model.id }), 422,
      'subscriptionId');
    await refused(readOnly.reverseETL.createReverseETLManualSync(
      { sourceId: web.id, modelId: model.id, subscriptionId: 'sub1' }), 403);
  });

  // Transformations.
  const amplitude = (await unwrap(apis.catalog.getDestinationsCatalog({ count: 100 }))).destinationsCatalog
    .find((d) => d.slug === 'amplitude');
  const transformationInput = {
    name: 'Rename signups', sourceId: web.id, destinationMetadataId: amplitude.id, enabled: true,
    if: 'event = "Signed Up"', newEventName: 'Account Created',
    propertyRenames: [{ oldName: 'plan', newName: 'tier' }],
    propertyValueTransformations: [{ propertyPaths: ['properties.country'], propertyValue: 'US' }],
    fqlDefinedProperties: [{ fql: 'lowercase(properties.email)', propertyName: 'properties.email_lower' }],
    allowProperties: ['properties.tier'],
    hashPropertiesConfiguration: { algorithm: 'SHA256', encoding: 'HEX', paths: ['properties.email'] },
  };
  let transformation;
  await check('createTransformation answers 200 with the transformation as written', async () => {
    const answer = await apis.transformations.createTransformation(transformationInput);
    assert.equal(answer.response.statusCode, 200);
    transformation = answer.body.data.transformation;
    same({ ...transformation, id: undefined }, { ...transformationInput, id: undefined });
    ids.transformation = transformation.id;
  });

  await check('createTransformation refuses an if that is not FQL naming `if`, and other bad fields', async () => {
    await refused(apis.transformations.createTransformation({ ...transformationInput, if: 'event = = "x"' }), 422,
      'if');
    await refused(apis.transformations.createTransformation({ ...transformationInput, sourceId: 'nosuchsource' }), 422,
      'sourceId');
    await refused(apis.transformations.createTransformation(
      { ...transformationInput, destinationMetadataId: 'nosuchentry' }), 422, 'destinationMetadataId');
    await refused(apis.transformations.createTransformation(
      { ...transformationInput, fqlDefinedProperties: [{ fql: '((', propertyName: 'p' }] }), 422,
      'fqlDefinedProperties.0.fql');
    const { name, ...lacking } = transformationInput;
    await refused(apis.transformations.createTransformation(lacking), 422, 'name');
    await refused(readOnly.transformations.createTransformation(transformationInput), 403);
  });

  await check('get, update (a new source moves it) and list transformations', async () => {
    same((await unwrap(apis.transformations.getTransformation(transformation.id))).transformation,
      transformation);
    const other = await source('server');
    ids.server = other.id;
    const moved = (await unwrap(apis.transformations.updateTransformation(transformation.id,
      { sourceId: other.id, if: 'type = "track"', enabled: false }))).transformation;
    same(moved, { ...transformation, sourceId: other.id, if: 'type = "track"', enabled: false });
    same((await unwrap(apis.transformations.getTransformation(transformation.id))).transformation, moved);
    transformation = moved;
    await refused(apis.transformations.updateTransformation(transformation.id, { if: 'nope ==' }), 422, 'if');
    await refused(apis.transformations.updateTransformation(transformation.id, { sourceId: 'nosuchsource' }), 422,
      'sourceId');
    await refused(apis.transformations.updateTransformation('nosuchtransformation', {}), 404);
    await refused(readOnly.transformations.updateTransformation(transformation.id, {}), 403);
    const extra = (await unwrap(apis.transformations.createTransformation(
      { name: 'Drop tests', sourceId: web.id, enabled: true, if: 'event = "Test"' }))).transformation;
    assert.equal(extra.newEventName, undefined);
    const listed = await all('transformations', (p) => apis.transformations.listTransformations(p));
    same(listed.items.map((t) => t.id).sort(), [transformation.id, extra.id].sort());
    await refused(readOnly.transformations.deleteTransformation(extra.id), 403);
    same(await unwrap(apis.transformations.deleteTransformation(extra.id)), { status: 'SUCCESS' });
    await refused(apis.transformations.getTransformation(extra.id), 404);
    await refused(apis.transformations.deleteTransformation(extra.id), 404);
  });

  await check('deleting a source deletes its reverse ETL models and transformations', async () => {
    const doomed = await source('doomed');
    const m = (await unwrap(apis.reverseETL.createReverseEtlModel({ ...modelInput, sourceId: doomed.id })))
      .reverseEtlModel;
    const t = (await unwrap(apis.transformations.createTransformation(
      { ...transformationInput, sourceId: doomed.id }))).transformation;
    await unwrap(apis.sources.deleteSource(doomed.id));
    await refused(apis.reverseETL.getReverseEtlModel(m.id), 404);
    await refused(apis.transformations.getTransformation(t.id), 404);
  });

  // Spaces and profiles warehouses.
  const spaces = (await unwrap(apis.spaces.listSpaces({ count: 10 }))).spaces;
  const space = spaces[0];
  await check('the workspace has one space, named as the workspace', async () => {
    assert.equal(spaces.length, 1);
    const workspace = (await unwrap(apis.workspaces.getWorkspace())).workspace;
    same(space, { id: `spa_${workspace.id}`, slug: workspace.slug, name: workspace.name });
    same((await unwrap(apis.spaces.getSpace(space.id))).space, space);
    await refused(apis.spaces.getSpace('spa_nosuchspace'), 404);
    ids.space = space.id;
  });

  let profiles;
  await check('createProfilesWarehouse answers 201, its secrets censored', async () => {
    const bigquery = catalog.find((w) => w.slug === 'bigquery');
    const answer = await apis.profilesSync.createProfilesWarehouse(space.id, { metadataId: bigquery.id,
      settings: { project: 'acme', credentials: '{"private_key":"k-1234"}' }, schemaName: 'profiles' });
    assert.equal(answer.response.statusCode, 201);
    profiles = answer.body.data.profilesWarehouse;
    assert.equal(profiles.spaceId, space.id);
    assert.equal(profiles.schemaName, 'profiles');
    assert.equal(profiles.enabled, true);
    assert.equal(profiles.metadata.slug, 'bigquery');
    assert.equal(profiles.settings.credentials, `${BULLETS}34"}`);
    ids.profiles = profiles.id;
    await refused(apis.profilesSync.createProfilesWarehouse(space.id, { metadataId: bigquery.id,
      settings: { project: 'acme' } }), 422, 'settings.credentials');
    await refused(apis.profilesSync.createProfilesWarehouse('spa_nosuchspace', { metadataId: bigquery.id,
      settings: {} }), 404);
    await refused(readOnly.profilesSync.createProfilesWarehouse(space.id, { metadataId: bigquery.id,
      settings: {} }), 403);
  });

  await check('list, update and remove profiles warehouses; a profiles warehouse is no warehouse', async () => {
    const listed = (await unwrap(apis.profilesSync.listProfilesWarehouseInSpace(space.id, { count: 10 })))
      .profilesWarehouses;
    same(listed, [profiles]);
    const updated = (await unwrap(apis.profilesSync.updateProfilesWarehouseForSpaceWarehouse(space.id, profiles.id,
      { enabled: false, schemaName: 'engage', settings: { location: 'EU' } }))).profilesWarehouse;
    same(updated, { ...profiles, enabled: false, schemaName: 'engage',
      settings: { ...profiles.settings, location: 'EU' } });
    await refused(apis.profilesSync.updateProfilesWarehouseForSpaceWarehouse(space.id, 'nosuchwarehouse',
      { settings: {} }), 404);
    await refused(readOnly.profilesSync.updateProfilesWarehouseForSpaceWarehouse(space.id, profiles.id,
      { settings: {} }), 403);
    await refused(apis.warehouses.getWarehouse(profiles.id), 404);
    const extra = (await unwrap(apis.profilesSync.createProfilesWarehouse(space.id, { metadataId: postgres.id,
      settings }))).profilesWarehouse;
    same(await unwrap(apis.profilesSync.removeProfilesWarehouseFromSpace(space.id, extra.id)),
      { status: 'SUCCESS' });
    await refused(apis.profilesSync.removeProfilesWarehouseFromSpace(space.id, extra.id), 404);
    await refused(readOnly.profilesSync.removeProfilesWarehouseFromSpace(space.id, profiles.id), 403);
    assert.equal((await unwrap(apis.profilesSync.listProfilesWarehouseInSpace(space.id))).profilesWarehouses.length,
      1);
  });

  if (process.env.SEG_STATE) {
    fs.writeFileSync(process.env.SEG_STATE, JSON.stringify(ids));
  }
}

/** After a restart on the data file: what the first run left is all there. */
async function after() {
  const ids = JSON.parse(fs.readFileSync(process.env.SEG_STATE, 'utf8'));
  await check('the warehouse and its connection survived the restart', async () => {
    const warehouse = (await unwrap(apis.warehouses.getWarehouse(ids.warehouse))).warehouse;
    assert.equal(warehouse.enabled, true);
    assert.equal(warehouse.settings.password, `${BULLETS}abcd`);
    const sources = (await unwrap(apis.warehouses.listConnectedSourcesFromWarehouse(ids.warehouse, { count: 10 })))
      .sources;
    same(sources.map((s) => s.id), [ids.web]);
  });
  await check('the reverse ETL model and the transformation survived the restart', async () => {
    const model = (await unwrap(apis.reverseETL.getReverseEtlModel(ids.model))).reverseEtlModel;
    assert.equal(model.scheduleStrategy, 'MANUAL');
    const sync = (await unwrap(apis.reverseETL.getReverseETLSyncFromModel(ids.model, ids.sync))).reverseETLSync;
    assert.equal(sync.syncStatus, 'SUCCESS');
    const transformation = (await unwrap(apis.transformations.getTransformation(ids.transformation))).transformation;
    assert.equal(transformation.sourceId, ids.server);
  });
  await check('the space and its profiles warehouse survived the restart', async () => {
    const listed = (await unwrap(apis.profilesSync.listProfilesWarehouseInSpace(ids.space, { count: 10 })))
      .profilesWarehouses;
    same(listed.map((w) => [w.id, w.schemaName]), [[ids.profiles, 'engage']]);
  });
}

run(process.env.SEG_PHASE === 'after' ? after : before);
