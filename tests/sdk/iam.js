// Drives the official TypeScript SDK (unchanged) through access management and the audit trail against `seg serve`:
// the roles, the workspace's owner, invites (201), user groups with their users, invites and permissions, a user's
// permissions, deleting users, the refusals (404, 403, 409, 422), and the audit trail recording writes made through
// both APIs (a Config API write included), filtered and paged. Run by tests/it/iam.rs with SEG_BASE, SEG_WRITE and
// SEG_READ. Prints one line per check, `N checks passed` at the end, and exits 1 at the first failure.

'use strict';

const { assert, apisOf, unwrap, same, refusal, config, check, run } = require('./common');

const apis = apisOf(process.env.SEG_WRITE);
const readOnly = apisOf(process.env.SEG_READ);

async function main() {
  let workspace;
  let roles;
  let owner;
  let group;
  let source;
  const role = (name) => roles.find((r) => r.name === name);

  await check('listRoles: the fixed list, paged', async () => {
    workspace = (await unwrap(apis.workspaces.getWorkspace())).workspace;
    roles = (await unwrap(apis.iamRoles.listRoles({ count: 100 }))).roles;
    for (const name of ['Workspace Owner', 'Workspace Member', 'Source Admin', 'Source Read-only']) {
      assert.ok(role(name), name);
    }
    assert.ok(roles.every((r) => r.id && r.description));
    const first = await unwrap(apis.iamRoles.listRoles({ count: 2 }));
    same(first.roles, roles.slice(0, 2));
    assert.equal(first.pagination.totalEntries, roles.length);
    const again = (await unwrap(apis.iamRoles.listRoles({ count: 100 }))).roles;
    same(again, roles);
  });

  await check('listUsers, getUser: the workspace starts with its owner', async () => {
    const users = (await unwrap(apis.iamUsers.listUsers({ count: 10 }))).users;
    assert.equal(users.length, 1);
    owner = users[0];
    assert.equal(owner.email, 'owner@demo.example');
    same(owner.permissions, [{
      roleId: role('Workspace Owner').id, roleName: 'Workspace Owner', resources: [{ id: workspace.id, type: 'WORKSPACE' }],
    }]);
    same((await unwrap(apis.iamUsers.getUser(owner.id))).user, owner);
    assert.equal((await refusal(apis.iamUsers.getUser('no-such-user'))).status, 404);
  });

  await check('createInvites answers 201; listInvites; a second invite of an email is 409', async () => {
    const created = await apis.iamUsers.createInvites({ invites: [
      { email: 'ada@example.com', permissions: [{ roleId: role('Workspace Member').id, resources: [{ id: workspace.id, type: 'WORKSPACE' }] }] },
      { email: 'bob@example.com' },
    ] });
    assert.equal(created.response.statusCode, 201);
    same(created.body.data.emails, ['ada@example.com', 'bob@example.com']);
    const listed = await unwrap(apis.iamUsers.listInvites({ count: 1 }));
    same(listed.invites, ['ada@example.com']);
    assert.equal(listed.pagination.totalEntries, 2);
    let refused = await refusal(apis.iamUsers.createInvites({ invites: [{ email: 'ada@example.com' }] }));
    assert.equal(refused.status, 409);
    refused = await refusal(apis.iamUsers.createInvites({ invites: [{ email: 'owner@demo.example' }] }));
    assert.equal(refused.status, 409);
    refused = await refusal(apis.iamUsers.createInvites({ invites: [{ email: 'not-an-email' }] }));
    same([refused.status, refused.error.field], [422, 'invites.0.email']);
    refused = await refusal(apis.iamUsers.createInvites({ invites: [{ email: 'x@example.com', permissions: [{ roleId: 'no-role' }] }] }));
    same([refused.status, refused.error.field], [422, 'invites.0.permissions.0.roleId']);
  });

  await check('createUserGroup, getUserGroup, updateUserGroup, listUserGroups; a taken name is 409', async () => {
    group = (await unwrap(apis.iamGroups.createUserGroup({ name: 'Analysts' }))).userGroup;
    same(group, { id: group.id, name: 'Analysts', memberCount: 0, permissions: [] });
    same((await unwrap(apis.iamGroups.getUserGroup(group.id))).userGroup, group);
    const renamed = (await unwrap(apis.iamGroups.updateUserGroup(group.id, { name: 'Data team' }))).userGroup;
    assert.equal(renamed.name, 'Data team');
    await unwrap(apis.iamGroups.createUserGroup({ name: 'Other' }));
    const listed = await unwrap(apis.iamGroups.listUserGroups({ count: 1 }));
    same(listed.userGroups.map((g) => g.name), ['Data team']);
    assert.equal(listed.pagination.totalEntries, 2);
    let refused = await refusal(apis.iamGroups.createUserGroup({ name: 'Other' }));
    assert.equal(refused.status, 409);
    refused = await refusal(apis.iamGroups.createUserGroup({ name: '' }));
    same([refused.status, refused.error.field], [422, 'name']);
    assert.equal((await refusal(apis.iamGroups.getUserGroup('no-such-group'))).status, 404);
  });

  await check('group users: a user joins, another email is invited; replace, remove, list', async () => {
    let updated = (await unwrap(apis.iamGroups.addUsersToUserGroup(group.id, { emails: ['owner@demo.example', 'carol@example.com'] }))).userGroup;
    assert.equal(updated.memberCount, 1);
    same((await unwrap(apis.iamGroups.listUsersFromUserGroup(group.id, { count: 10 }))).users,
      [{ id: owner.id, name: owner.name, email: owner.email }]);
    same((await unwrap(apis.iamGroups.listInvitesFromUserGroup(group.id, { count: 10 }))).emails, ['carol@example.com']);
    assert.ok((await unwrap(apis.iamUsers.listInvites({ count: 10 }))).invites.includes('carol@example.com'));
    same((await unwrap(apis.iamUsers.listUserGroupsFromUser(owner.id, { count: 10 }))).groups, [{ id: group.id, name: 'Data team' }]);
    updated = (await unwrap(apis.iamGroups.replaceUsersInUserGroup(group.id, { emails: ['dan@example.com'] }))).userGroup;
    assert.equal(updated.memberCount, 0);
    same((await unwrap(apis.iamGroups.listInvitesFromUserGroup(group.id, { count: 10 }))).emails, ['dan@example.com']);
    await unwrap(apis.iamGroups.addUsersToUserGroup(group.id, { emails: ['owner@demo.example'] }));
    const removed = await unwrap(apis.iamGroups.removeUsersFromUserGroup(group.id, ['owner@demo.example', 'dan@example.com']));
    assert.equal(removed.status, 'SUCCESS');
    assert.equal((await unwrap(apis.iamGroups.getUserGroup(group.id))).userGroup.memberCount, 0);
    same((await unwrap(apis.iamGroups.listInvitesFromUserGroup(group.id, { count: 10 }))).emails, []);
    const refused = await refusal(apis.iamGroups.addUsersToUserGroup(group.id, { emails: ['nope'] }));
    same([refused.status, refused.error.field], [422, 'emails.0']);
  });

  await check('group permissions: replace and add; an unknown role or resource is 422 naming it', async () => {
    const sources = await unwrap(apis.catalog.getSourcesCatalog({ count: 200 }));
    const javascript = sources.sourcesCatalog.find((s) => s.slug === 'javascript');
    source = (await unwrap(apis.sources.createSource({ slug: 'iam-web', enabled: true, metadataId: javascript.id }))).source;
    const admin = role('Source Admin');
    const replaced = await unwrap(apis.iamGroups.replacePermissionsForUserGroup(group.id, {
      permissions: [{ roleId: admin.id, resources: [{ id: source.id, type: 'SOURCE' }] }],
    }));
    same(replaced.permissions, [{ roleId: admin.id, roleName: 'Source Admin', resources: [{ id: source.id, type: 'SOURCE' }] }]);
    const member = role('Workspace Member');
    const added = await unwrap(apis.iamGroups.addPermissionsToUserGroup(group.id, {
      permissions: [{ roleId: member.id, resources: [{ id: workspace.id, type: 'WORKSPACE' }] }],
    }));
    same(added.permissions.map((p) => p.roleName), ['Source Admin', 'Workspace Member']);
    same((await unwrap(apis.iamGroups.getUserGroup(group.id))).userGroup.permissions, added.permissions);
    let refused = await refusal(apis.iamGroups.replacePermissionsForUserGroup(group.id, {
      permissions: [{ roleId: 'no-such-role', resources: [] }],
    }));
    same([refused.status, refused.error.field], [422, 'permissions.0.roleId']);
    refused = await refusal(apis.iamGroups.replacePermissionsForUserGroup(group.id, {
      permissions: [{ roleId: admin.id, resources: [{ id: source.id, type: 'SOURCE' }, { id: 'no-such-source', type: 'SOURCE' }] }],
    }));
    same([refused.status, refused.error.field], [422, 'permissions.0.resources.1.id']);
    refused = await refusal(apis.iamGroups.replacePermissionsForUserGroup(group.id, {
      permissions: [{ roleId: admin.id, resources: [{ id: source.id, type: 'PLANET' }] }],
    }));
    same([refused.status, refused.error.field], [422, 'permissions.0.resources.0.type']);
  });

  await check('permissions on a warehouse and on the space; another warehouse id is 422 naming it', async () => {
    const catalog = (await unwrap(apis.catalog.getWarehousesCatalog({ count: 100 }))).warehousesCatalog;
    const postgres = catalog.find((w) => w.slug === 'postgres');
    const settings = { hostname: 'db.example.com', port: 5432, database: 'd', username: 'u', password: 'p-secret' };
    const warehouse = (await unwrap(apis.warehouses.createWarehouse({ metadataId: postgres.id, settings }))).warehouse;
    const space = (await unwrap(apis.spaces.listSpaces({ count: 10 }))).spaces[0];
    const granted = [
      { roleId: role('Warehouse Admin').id, resources: [{ id: warehouse.id, type: 'WAREHOUSE' }] },
      { roleId: role('Unify Read-only').id, resources: [{ id: space.id, type: 'SPACE' }] },
    ];
    const replaced = await unwrap(apis.iamGroups.replacePermissionsForUserGroup(group.id, { permissions: granted }));
    same(replaced.permissions.map((p) => [p.roleName, p.resources]),
      [['Warehouse Admin', granted[0].resources], ['Unify Read-only', granted[1].resources]]);
    for (const [id, type] of [[source.id, 'WAREHOUSE'], ['spa_nosuchspace', 'SPACE']]) {
      const refused = await refusal(apis.iamGroups.replacePermissionsForUserGroup(group.id, {
        permissions: [{ roleId: role('Warehouse Admin').id, resources: [{ id, type }] }],
      }));
      same([refused.status, refused.error.field], [422, 'permissions.0.resources.0.id']);
    }
  });

  await check('user permissions: replace and add', async () => {
    const readOnlyRole = role('Source Read-only');
    const replaced = await unwrap(apis.iamUsers.replacePermissionsForUser(owner.id, {
      permissions: [{ roleId: readOnlyRole.id, resources: [{ id: source.id, type: 'SOURCE' }] }],
    }));
    same(replaced.permissions.map((p) => p.roleName), ['Source Read-only']);
    const added = await unwrap(apis.iamUsers.addPermissionsToUser(owner.id, {
      permissions: [{ roleId: role('Workspace Owner').id, resources: [{ id: workspace.id, type: 'WORKSPACE' }] }],
    }));
    same(added.permissions.map((p) => p.roleName), ['Source Read-only', 'Workspace Owner']);
    same((await unwrap(apis.iamUsers.getUser(owner.id))).user.permissions, added.permissions);
    assert.equal((await refusal(apis.iamUsers.replacePermissionsForUser('no-such-user', { permissions: [] }))).status, 404);
  });

  await check('refusals: 403 for a read token on every kind of write', async () => {
    assert.equal((await refusal(readOnly.iamGroups.createUserGroup({ name: 'R' }))).status, 403);
    assert.equal((await refusal(readOnly.iamUsers.createInvites({ invites: [{ email: 'r@example.com' }] }))).status, 403);
    assert.equal((await refusal(readOnly.iamUsers.deleteUsers([owner.id]))).status, 403);
    assert.equal((await refusal(readOnly.iamGroups.deleteUserGroup(group.id))).status, 403);
    // A read token reads.
    assert.equal((await unwrap(readOnly.iamUsers.listUsers({ count: 10 }))).users.length, 1);
  });

  await check('deleteInvites, deleteUserGroup, deleteUsers', async () => {
    assert.equal((await unwrap(apis.iamUsers.deleteInvites(['bob@example.com']))).status, 'SUCCESS');
    assert.ok(!(await unwrap(apis.iamUsers.listInvites({ count: 10 }))).invites.includes('bob@example.com'));
    assert.equal((await refusal(apis.iamUsers.deleteInvites(['bob@example.com']))).status, 404);
    assert.equal((await unwrap(apis.iamGroups.deleteUserGroup(group.id))).status, 'SUCCESS');
    assert.equal((await refusal(apis.iamGroups.getUserGroup(group.id))).status, 404);
    assert.equal((await refusal(apis.iamUsers.deleteUsers(['no-such-user']))).status, 404);
    assert.equal((await unwrap(apis.iamUsers.deleteUsers([owner.id]))).status, 'SUCCESS');
    same((await unwrap(apis.iamUsers.listUsers({ count: 10 }))).users, []);
    assert.equal((await refusal(apis.iamUsers.getUser(owner.id))).status, 404);
  });

  await check('listAuditEvents: writes through both APIs, filtered by resource, paged, in order', async () => {
    const wrote = await config('POST', '/workspaces/demo/sources', {
      source: { name: 'workspaces/demo/sources/audited', catalog_name: 'catalog/sources/javascript' },
    });
    assert.equal(wrote.status, 200, JSON.stringify(wrote.body));
    const all = (await unwrap(apis.auditTrail.listAuditEvents({ count: 1000 }))).events;
    const last = all[all.length - 1];
    assert.equal(last.type, 'Source Created');
    assert.equal(last.resourceType, 'Source');
    assert.equal(last.resourceName, 'audited');
    assert.ok(last.id && last.timestamp && last.actor, JSON.stringify(last));
    assert.ok(!JSON.stringify(all).includes(process.env.SEG_WRITE), 'no event holds the token');
    const types = all.map((e) => e.type);
    for (const type of ['User Group Created', 'User Group Modified', 'User Group Deleted', 'Invite Created', 'Invite Deleted', 'User Modified', 'User Deleted']) {
      assert.ok(types.includes(type), `${type} in ${types}`);
    }
    // The source made through the Public API: its events alone.
    const ofSource = (await unwrap(apis.auditTrail.listAuditEvents({ count: 10 }, undefined, undefined, source.id))).events;
    same(ofSource.map((e) => [e.type, e.resourceId]), [['Source Created', source.id]]);
    const groups = (await unwrap(apis.auditTrail.listAuditEvents({ count: 100 }, undefined, undefined, undefined, 'User Group'))).events;
    assert.ok(groups.length >= 4 && groups.every((e) => e.resourceType === 'User Group'));
    // Paged: the pages together are the whole trail, in order.
    const paged = [];
    let cursor;
    do {
      const page = await unwrap(apis.auditTrail.listAuditEvents(cursor ? { count: 3, cursor } : { count: 3 }));
      paged.push(...page.events);
      cursor = page.pagination.next;
    } while (cursor);
    same(paged, all);
    // By time: none after the last, all from the first.
    const after = new Date(Date.parse(last.timestamp) + 1000).toISOString();
    same((await unwrap(apis.auditTrail.listAuditEvents({ count: 10 }, after))).events, []);
    assert.equal((await unwrap(apis.auditTrail.listAuditEvents({ count: 1000 }, all[0].timestamp))).events.length, all.length);
    assert.equal((await unwrap(apis.auditTrail.listAuditEvents({ count: 1000 }, undefined, all[0].timestamp))).events.length >= 1, true);
    const refused = await refusal(apis.auditTrail.listAuditEvents({ count: 10 }, 'yesterday'));
    same([refused.status, refused.error.field], [422, 'startTime']);
  });

}

run(main);
