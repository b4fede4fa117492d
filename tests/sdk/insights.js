// Drives the official TypeScript SDK (unchanged) through the delivery overview and usage reads of `seg serve`, after
// tests/it/insights.rs sent tracking calls: source SEG_WEB took 4 calls (3 delivered to its destination
// SEG_WEB_DESTINATION, 1 dropped by its filter; users u1 with a1, a2, u2, u3), source SEG_DOWN 1 (its delivery to
// SEG_DOWN_DESTINATION failed; user u4). Each figure is checked exactly; then an operation the emulator does not
// serve, through the SDK. Prints one line per check, `N checks passed` at the end, and exits 1 at the first failure.

'use strict';

const { assert, sdk, apisOf, made, unwrap, refusal, check, run } = require('./common');

const apis = apisOf(process.env.SEG_READ);
// Not in configureApis at 47.0.0-b8398.
const overview = made(sdk.DeliveryOverviewApi, process.env.SEG_READ);
const { SEG_WEB: web, SEG_WEB_DESTINATION: webDestination, SEG_DOWN: down, SEG_DOWN_DESTINATION: downDestination } =
  process.env;

// From the hour before this one to the one after it.
const hour = Math.floor(Date.now() / 3600000) * 3600000;
const start = new Date(hour - 3600000).toISOString();
const end = new Date(hour + 7200000).toISOString();
const page = { count: 10 };
const sum = (series) => series.reduce((n, point) => n + point.count, 0);

async function main() {
  await check('tracking calls received, grouped by event name', async () => {
    const got = await unwrap(overview.getIngressSuccessMetricsFromDeliveryOverview(web, start, end, 'hour', page,
      ['eventName']));
    assert.equal(got.total, 4);
    assert.deepEqual(got.dataset.map((d) => [d.eventName, d.total]),
      [[undefined, 1], ['Dropped', 1], ['Order Completed', 2]]);
    assert.equal(got.dataset[2].series.length, 3);
    assert.equal(sum(got.dataset[2].series), 2);
    assert.equal(got.pagination.totalEntries, 3);
  });

  await check('a filter on the event type', async () => {
    const got = await unwrap(overview.getIngressSuccessMetricsFromDeliveryOverview(web, start, end, 'hour', page,
      undefined, { eventType: ['identify'] }));
    assert.equal(got.total, 1);
  });

  await check('delivered, with the attempt and the retries', async () => {
    const got = await unwrap(overview.getEgressSuccessMetricsFromDeliveryOverview(web, webDestination, start, end,
      'hour', page, ['discardReason', 'eventType']));
    assert.equal(got.total, 3);
    assert.deepEqual(got.dataset.map((d) => [d.discardReason, d.eventType, d.total, d.totalRetryCount]),
      [['successes.attempt.1', 'identify', 1, 0], ['successes.attempt.1', 'track', 2, 0]]);
  });

  await check('filtered at the destination', async () => {
    const got = await unwrap(overview.getFilteredAtDestinationMetricsFromDeliveryOverview(web, webDestination, start,
      end, 'hour', page, ['eventName', 'discardReason']));
    assert.deepEqual(got.dataset.map((d) => [d.eventName, d.discardReason, d.total]), [['Dropped', 'filtered', 1]]);
  });

  await check('failed deliveries', async () => {
    const got = await unwrap(overview.getEgressFailedMetricsFromDeliveryOverview(down, downDestination, start, end,
      'hour', page));
    assert.equal(got.total, 1);
    assert.equal(sum(got.dataset[0].series), 1);
    const none = await unwrap(overview.getEgressFailedMetricsFromDeliveryOverview(web, webDestination, start, end,
      'hour', page));
    assert.equal(none.total, 0);
  });

  await check('nothing failed on ingest or was filtered at the source', async () => {
    for (const read of ['getIngressFailedMetricsFromDeliveryOverview', 'getFilteredAtSourceMetricsFromDeliveryOverview']) {
      const got = await unwrap(overview[read](web, start, end, 'hour', page));
      assert.equal(got.total, 0, read);
      assert.deepEqual(got.dataset.map((d) => [d.total, sum(d.series), d.series.length]), [[0, 0, 3]], read);
    }
  });

  await check('a bad granularity and an unknown source are refused', async () => {
    const bad = await refusal(overview.getIngressSuccessMetricsFromDeliveryOverview(web, start, end, 'week', page));
    assert.equal(bad.status, 422);
    assert.equal(bad.error.field, 'granularity');
    const unknown = await refusal(overview.getIngressSuccessMetricsFromDeliveryOverview('nope', start, end, 'hour',
      page));
    assert.equal(unknown.status, 404);
  });

  // The usage month from two days before the calls were sent (SEG_PERIOD, from tests/it/insights.rs): it holds every
  // call and two days without any, whenever the test runs. Its snapshots' days: one a day from the period, the
  // emulator's today last (three days, or four when a midnight passed since the calls).
  const period = process.env.SEG_PERIOD;
  const daysOf = (snapshots) => {
    const days = [...new Set(snapshots.map((s) => s.timestamp.slice(0, 10)))];
    const expected = days.map((_, n) => new Date(Date.parse(`${period}T00:00:00Z`) + n * 86400000).toISOString());
    assert.deepEqual(days, expected.map((d) => d.slice(0, 10)));
    assert.ok(days.length === 3 || days.length === 4, JSON.stringify(days));
    return days;
  };
  await check('API calls of the month, the workspace and each source', async () => {
    const got = await unwrap(apis.apiCalls.getDailyWorkspaceAPICallsUsage(period, { count: 31 }));
    const today = daysOf(got.dailyWorkspaceAPICallsUsage).at(-1);
    const last = got.dailyWorkspaceAPICallsUsage.at(-1);
    assert.deepEqual([last.apiCalls, last.timestamp], ['5', `${today}T00:00:00Z`]);
    assert.deepEqual(got.dailyWorkspaceAPICallsUsage.slice(0, 2).map((d) => d.apiCalls), ['0', '0']);
    const sources = await unwrap(apis.apiCalls.getDailyPerSourceAPICallsUsage(period, { count: 1000 }));
    const sourcesToday = daysOf(sources.dailyPerSourceAPICallsUsage).at(-1);
    const todays = sources.dailyPerSourceAPICallsUsage.filter((s) => s.timestamp.startsWith(sourcesToday));
    assert.deepEqual(Object.fromEntries(todays.map((s) => [s.sourceId, s.apiCalls])), { [web]: '4', [down]: '1' });
  });

  await check('monthly tracked users of the workspace and each source', async () => {
    const got = await unwrap(apis.monthlyTrackedUsers.getDailyWorkspaceMTUUsage(period, { count: 31 }));
    const last = got.dailyWorkspaceMTUUsage.at(-1);
    assert.deepEqual([last.identified, last.anonymous, last.anonymousIdentified, last.neverIdentified],
      ['4', '2', '1', '1']);
    assert.equal(last.periodStart, Date.parse(`${period}T00:00:00Z`) / 1000);
    const sources = await unwrap(apis.monthlyTrackedUsers.getDailyPerSourceMTUUsage(period, { count: 1000 }));
    const today = daysOf(sources.dailyPerSourceMTUUsage).at(-1);
    const todays = sources.dailyPerSourceMTUUsage.filter((s) => s.timestamp.startsWith(today));
    assert.deepEqual(Object.fromEntries(todays.map((s) => [s.sourceId, [s.identified, s.anonymous, s.neverIdentified]])),
      { [web]: ['3', '2', '1'], [down]: ['1', '0', '0'] });
  });

  await check('usage pages', async () => {
    const first = await unwrap(apis.apiCalls.getDailyWorkspaceAPICallsUsage(period, { count: 1 }));
    assert.equal(first.dailyWorkspaceAPICallsUsage.length, 1);
    assert.ok([3, 4].includes(first.pagination.totalEntries), JSON.stringify(first.pagination));
    const bad = await refusal(apis.apiCalls.getDailyWorkspaceAPICallsUsage('someday', { count: 1 }));
    assert.equal(bad.status, 422);
    assert.equal(bad.error.field, 'period');
  });

  await check('an operation seg serve does not serve is a 404 naming it', async () => {
    const refused = await refusal(apis.selectiveSync.getAdvancedSyncScheduleFromWarehouse('wh_unserved'));
    assert.equal(refused.status, 404);
    assert.equal(refused.error.type, 'not-found');
    assert.equal(refused.error.message,
      'seg serve does not serve getAdvancedSyncScheduleFromWarehouse (GET '
        + '/warehouses/{warehouseId}/advanced-sync-schedule): see docs/reference/coverage.md');
  });

}

run(main);
