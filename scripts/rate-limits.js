#!/usr/bin/env node
// Regenerates docs/reference/public-api-rate-limits.tsv from the source of the official TypeScript SDK of the Public
// API (@segment/public-api-sdk-typescript: its api/*.ts), where each operation's description states its limit
// ("The rate limit for this endpoint is 60 requests per minute ..."). A manual step (docs/reference/rate-limits.md):
//
//   npm pack @segment/public-api-sdk-typescript@VERSION && tar xzf segment-public-api-sdk-typescript-*.tgz
//   node scripts/rate-limits.js package VERSION            # prints the table; changes nothing
//   node scripts/rate-limits.js package VERSION --write    # replaces the shipped table
//
// A source that states fewer limits than the shipped table is refused (exit 1), with the operations it lacks: an SDK
// that stopped stating a limit is not a reason for seg to stop pacing by it. The build reads the table and fails on
// any entry it cannot read (build.rs).
'use strict';
const fs = require('fs');
const path = require('path');

const [dir, version, ...flags] = process.argv.slice(2);
if (!dir || !version || flags.some((f) => f !== '--write')) {
  console.error('usage: node scripts/rate-limits.js SDK_DIR VERSION [--write]');
  process.exit(2);
}
// The shipped table (SEG_RATE_LIMITS_TABLE names another: tests).
const shipped =
  process.env.SEG_RATE_LIMITS_TABLE || path.join(__dirname, '..', 'docs', 'reference', 'public-api-rate-limits.tsv');
const apiDir = path.join(dir, 'api');
if (!fs.existsSync(apiDir)) {
  console.error(`${apiDir}: no such folder (the SDK's source, with api/*.ts)`);
  process.exit(2);
}

// One operation: its description, name, path template and method, in the generator's order.
const OPERATION =
  /\/\*\*([\s\S]*?)\*\/\s*public async (\w+)\([\s\S]*?const localVarPath =\s*(?:this\.basePath\s*\+\s*)?'([^']+)'[\s\S]*?method: '(\w+)'/g;
const LIMIT = /rate limit for this endpoint is (\d+ requests per (?:minute|day)(?: per workspaceId)?)/;

const rows = [];
for (const file of fs.readdirSync(apiDir).filter((f) => f.endsWith('.ts')).sort()) {
  const text = fs.readFileSync(path.join(apiDir, file), 'utf8');
  const cls = (text.match(/export class (\w+)/) || [])[1];
  if (!cls) continue;
  const klass = cls[0].toLowerCase() + cls.slice(1);
  for (const m of text.matchAll(OPERATION)) {
    const [, doc, id, template, method] = m;
    const limit = doc.replace(/\s*\n\s*\*\s*/g, ' ').match(LIMIT);
    if (limit) rows.push([klass, `${method} ${template}`, id, limit[1]]);
  }
}

const header = `class\toperation (method path)\toperationId\tlimit stated in the operation description of the official SDK at ${version}`;
const table = [header, ...rows.map((r) => r.join('\t'))].join('\n') + '\n';

const old = fs
  .readFileSync(shipped, 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l.trim())
  .map((l) => l.split('\t')[2]);
const found = new Set(rows.map((r) => r[2]));
const lacking = old.filter((id) => !found.has(id));
if (rows.length < old.length || lacking.length) {
  console.error(
    `refused: the SDK at ${version} states ${rows.length} limits, the shipped table ${old.length}; ` +
      `it states none for: ${lacking.join(', ') || '(the count alone)'}`,
  );
  process.exit(1);
}
if (flags.includes('--write')) {
  fs.writeFileSync(shipped, table);
  console.error(`wrote ${rows.length} limits to ${path.relative(process.cwd(), shipped)}`);
} else {
  process.stdout.write(table);
}
