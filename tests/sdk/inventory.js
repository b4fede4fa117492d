// What a Public API workspace holds, read through the official TypeScript SDK (npm
// @segment/public-api-sdk-typescript, pinned in package-lock.json), unchanged: every source with its labels, schema
// settings and destinations (with their filters), and every tracking plan with its rules and sources. Run by
// tests/it/migration.rs against the target of a move, with SEG_BASE (the emulator's address) and SEG_TOKEN; prints
// one JSON document on stdout, ids replaced by what they name (slugs), so that it compares across workspaces.

'use strict';

const { apisOf, unwrap, paged } = require('./common');

const apis = apisOf(process.env.SEG_TOKEN);

/** Every item of a paged list. */
const all = async (key, call) => (await paged(key, call)).items;

async function main() {
  const sources = await all('sources', (p) => apis.sources.listSources(p));
  const slugOf = new Map(sources.map((s) => [s.id, s.slug]));
  const inventory = { workspace: (await unwrap(apis.workspaces.getWorkspace())).workspace.slug, sources: [], trackingPlans: [] };
  for (const source of sources) {
    const settings = (await unwrap(apis.sources.listSchemaSettingsInSource(source.id))).settings;
    const destinations = [];
    for (const d of await all('destinations', (p) => apis.sources.listConnectedDestinationsFromSource(source.id, p))) {
      const filters = await all('filters', (p) => apis.destinationFilters.listFiltersFromDestination(d.id, p));
      destinations.push({
        catalog: d.metadata.slug,
        name: d.name,
        enabled: d.enabled,
        settings: d.settings,
        filters: filters.map((f) => ({ title: f.title, if: f.if, enabled: f.enabled, actions: f.actions })),
      });
    }
    inventory.sources.push({
      slug: source.slug,
      name: source.name,
      enabled: source.enabled,
      catalog: source.metadata.slug,
      labels: source.labels.map((l) => `${l.key}:${l.value}`).sort(),
      schemaSettings: {
        allowUnplannedTrackEvents: settings.track ? settings.track.allowUnplannedEvents : null,
        forwardingBlockedEventsTo: settings.forwardingBlockedEventsTo ? slugOf.get(settings.forwardingBlockedEventsTo) : null,
      },
      destinations,
    });
  }
  for (const plan of await all('trackingPlans', (p) => apis.trackingPlans.listTrackingPlans(p))) {
    const rules = await all('rules', (p) => apis.trackingPlans.listRulesFromTrackingPlan(plan.id, p));
    const connected = await all('sources', (p) => apis.trackingPlans.listSourcesFromTrackingPlan(plan.id, p));
    inventory.trackingPlans.push({
      name: plan.name,
      type: plan.type,
      rules: rules.map((r) => ({ type: r.type, key: r.key || null, version: r.version, jsonSchema: r.jsonSchema })),
      sources: connected.map((s) => s.slug).sort(),
    });
  }
  console.log(JSON.stringify(inventory));
}

main().catch((e) => {
  console.error(e && e.stack ? e.stack : JSON.stringify(e));
  process.exit(1);
});
