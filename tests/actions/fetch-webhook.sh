#!/usr/bin/env bash
# The Webhooks (Actions) destination as the service runs it: `dist/destinations/webhook` of the npm package
# @segment/action-destinations, pinned by version and by the tarball's hash. `npm install` of that package cannot
# resolve its other destinations' dependencies here, so it is packed, checked and unpacked instead: only the
# webhook destination (it requires nothing else from the package: `crypto`, its `send` action and
# @segment/actions-core) and the package's package.json, into tests/actions/vendor (not committed). The
# destination loads with the @segment/actions-core that package.json here pins, which must be the version the
# destination's package.json names; this script fails, never skips, when anything does not match or load.
# .ci/run runs it after `npm ci --prefix tests/actions`; tests/it/actions_reference.rs reads the result.
set -euo pipefail
cd "$(dirname "$0")"

VERSION=3.497.0
# The registry's `dist.integrity` of @segment/action-destinations@3.497.0.
INTEGRITY=sha512-b9DztTrR1XrfBu/0UyUgTXNfv7s5gpjBPO/w7C8aW6IHsSMSMte7wNdVHzGsujJ4P43g7cKsWb5zuV2BdVn/UA==
TARBALL=vendor/segment-action-destinations-$VERSION.tgz
UNPACKED=vendor/action-destinations

fail() { echo "fetch-webhook.sh: $*" >&2; exit 1; }
integrity() { node -e 'const h=require("crypto").createHash("sha512");h.update(require("fs").readFileSync(process.argv[1]));console.log("sha512-"+h.digest("base64"))' "$1"; }

[ -f node_modules/@segment/actions-core/package.json ] || fail "run \`npm ci --prefix tests/actions\` first"
mkdir -p vendor
if [ ! -f "$TARBALL" ] || [ "$(integrity "$TARBALL")" != "$INTEGRITY" ]; then
  rm -f "$TARBALL"
  npm pack "@segment/action-destinations@$VERSION" --pack-destination vendor --silent --loglevel=error >/dev/null
fi
[ -f "$TARBALL" ] || fail "npm pack did not write $TARBALL"
got=$(integrity "$TARBALL")
if [ "$got" != "$INTEGRITY" ]; then
  fail "the tarball of @segment/action-destinations@$VERSION is not the one pinned:
  expected $INTEGRITY
  got      $got
($TARBALL is left for inspection)"
fi

rm -rf "$UNPACKED"
mkdir -p "$UNPACKED"
tar -xzf "$TARBALL" -C "$UNPACKED" --strip-components=1 package/package.json package/dist/destinations/webhook

# The destination's package.json names the @segment/actions-core it is built against; the one installed is that.
node - "$UNPACKED" <<'JS' || exit 1
const path = require('path');
const folder = path.resolve(process.argv[2]);
const named = require(path.join(folder, 'package.json')).dependencies['@segment/actions-core'];
const installed = require(path.resolve('node_modules/@segment/actions-core/package.json')).version;
if (named.replace(/^[\^~=]/, '') !== installed) {
  console.error(`fetch-webhook.sh: the destination names @segment/actions-core ${named}; tests/actions pins ${installed}`);
  process.exit(1);
}
const destination = require(path.join(folder, 'dist/destinations/webhook')).default;
if (!destination || destination.slug !== 'actions-webhook' || typeof destination.actions?.send?.perform !== 'function') {
  console.error('fetch-webhook.sh: dist/destinations/webhook did not load as the Webhooks (Actions) destination');
  process.exit(1);
}
console.log(`Webhooks (Actions) from @segment/action-destinations ${require(path.join(folder, 'package.json')).version} loads with @segment/actions-core ${installed}`);
JS
