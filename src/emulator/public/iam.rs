//! Access management: users (`listUsers`, `getUser`, `listUserGroupsFromUser`, `deleteUsers`, their permissions with
//! `replacePermissionsForUser` and `addPermissionsToUser`), invites (`createInvites` 201, `listInvites`,
//! `deleteInvites`), user groups (`listUserGroups`, `createUserGroup`, `getUserGroup`, `updateUserGroup`,
//! `deleteUserGroup`, their users by email with `addUsersToUserGroup`, `replaceUsersInUserGroup`,
//! `removeUsersFromUserGroup`, `listUsersFromUserGroup`, `listInvitesFromUserGroup`, their permissions) and the roles
//! (`listRoles`). A workspace starts with one user, its owner (`model::iam`); an invite stays pending (the emulator
//! has no one to accept it), and an email added to a group that is no user's is invited to the group and the
//! workspace.

use std::sync::Arc;

use axum::extract::State;

#[cfg(test)]
use super::doc::{EmailsQuery, GroupPath, Pagination, UserIdsQuery, UserPath};
use super::{Body, Caller, Ids, Problem, Query, Reply, Write, created, data, page, remove, success};
use crate::emulator::App;
use crate::emulator::mint;
use crate::emulator::model::{self, iam};
use crate::emulator::status::Status;
use crate::emulator::store::{More, Op, Resource, State as Store};
use crate::wire::Code;
use crate::wire::public::iam::{
    self as wire, Emails, EmailsPage, GroupData, GroupRecord, GroupsPage, InviteRecord, InvitesPage, MinimalGroupsPage,
    MinimalUser, MinimalUserGroup, MinimalUsersPage, PermissionInput, PermissionsData, RolesPage, User, UserData,
    UserGroup, UserRecord, UsersPage,
};
#[cfg(test)]
use crate::wire::public::iam::{GroupInput, InvitesInput, PermissionsInput};
#[cfg(test)]
use crate::wire::public::{Envelope, StatusOnly};

fn user_shown(id: &str, record: &UserRecord) -> User {
    User {
        id: id.to_string(),
        name: record.name.clone(),
        email: record.email.clone(),
        permissions: iam::shown(&record.permissions),
    }
}

fn group_shown(state: &Store, name: &str, record: &GroupRecord) -> UserGroup {
    UserGroup {
        id: state.id_of(name).to_string(),
        name: record.name.clone(),
        member_count: record.members.len() as u64,
        permissions: iam::shown(&record.permissions),
    }
}

/// The op that writes a user: over its record, or the owner's first record.
fn write_user(workspace: &str, id: &str, record: UserRecord, stored: bool) -> Op {
    let name = format!("{}/{id}", iam::users(workspace));
    if stored {
        Op::Replace(name, Resource::User(record))
    } else {
        Op::InsertWith(name, Resource::User(record), More { id: id.to_string(), ..More::default() })
    }
}

/// The workspace's groups: each name and record, in the order they were made.
fn all_groups(state: &Store, workspace: &str) -> Vec<(String, GroupRecord)> {
    state
        .names_in(&iam::groups(workspace))
        .filter_map(|name| match state.get(name) {
            Some(Resource::UserGroup(g)) => Some((name.to_string(), g.clone())),
            _ => None,
        })
        .collect()
}

/// List users
///
/// The workspace's users: its owner first, then the others.
#[cfg_attr(test, utoipa::path(get, path = "/users", tag = "IAM Users", params(Pagination),
    responses((status = 200, description = "a page of the workspace's users", body = Envelope<UsersPage>))))]
pub async fn list_users(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let all: Vec<User> = iam::all_users(&state, &workspace).iter().map(|(id, u, _)| user_shown(id, u)).collect();
    let (users, pagination) = page(&all, page_asked);
    data(UsersPage { users, pagination })
}

/// Get a user
#[cfg_attr(test, utoipa::path(get, path = "/users/{userId}", tag = "IAM Users", params(UserPath),
    responses(
        (status = 200, description = "the user", body = Envelope<UserData>),
        (status = 404, description = "no user of this id in the token's workspace"),
    )))]
pub async fn get_user(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let state = app.store.read();
    let (record, _) = iam::user(&state, &caller.workspace(&state)?, &id)?;
    data(UserData { user: user_shown(&id, &record) })
}

/// List user groups from user
///
/// The groups the user is a member of.
#[cfg_attr(test, utoipa::path(get, path = "/users/{userId}/groups", tag = "IAM Users", params(UserPath, Pagination),
    responses(
        (status = 200, description = "a page of the user's groups", body = Envelope<MinimalGroupsPage>),
        (status = 404, description = "no user of this id in the token's workspace"),
    )))]
pub async fn list_user_groups_from_user(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    iam::user(&state, &workspace, &id)?;
    let all: Vec<MinimalUserGroup> = all_groups(&state, &workspace)
        .into_iter()
        .filter(|(_, g)| g.members.contains(&id))
        .map(|(name, g)| MinimalUserGroup { id: state.id_of(&name).to_string(), name: g.name })
        .collect();
    let (groups, pagination) = page(&all, page_asked);
    data(MinimalGroupsPage { groups, pagination })
}

/// Delete users
///
/// The users of `userIds` leave the workspace and its groups; the owner too (then for good).
#[cfg_attr(test, utoipa::path(delete, path = "/users", tag = "IAM Users", params(UserIdsQuery),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "an id that is no user of the token's workspace"),
        (status = 422, description = "no `userIds`"),
    )))]
pub async fn delete_users(State(app): State<Arc<App>>, write: Write, Query(query): Query) -> Reply {
    let ids: Vec<String> = query.list("userIds").into_iter().filter(|id| !id.is_empty()).collect();
    if ids.is_empty() {
        return Err(Status::invalid_field("userIds", "userIds names the users to delete").into());
    }
    let tx = write.begin(&app).await;
    let ops = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let mut ops = Vec::new();
        for id in &ids {
            let (_, stored) = iam::user(&state, &workspace, id)?;
            if stored {
                ops.push(Op::RemoveTree(format!("{}/{id}", iam::users(&workspace))));
            }
            if *id == iam::owner_id(&workspace) {
                ops.push(Op::Meta(iam::owner_gone(&workspace), vec![1]));
            }
        }
        for (name, mut group) in all_groups(&state, &workspace) {
            let before = group.members.len();
            group.members.retain(|m| !ids.contains(m));
            if group.members.len() != before {
                ops.push(Op::Replace(name, Resource::UserGroup(group)));
            }
        }
        ops
    };
    tx.commit(ops).await?;
    success()
}

/// Create invites
///
/// Each email is invited with its permissions; an email of a user or already invited is 409. Answered 201.
#[cfg_attr(test, utoipa::path(post, path = "/invites", tag = "IAM Users", request_body = InvitesInput,
    responses(
        (status = 201, description = "the emails invited", body = Envelope<Emails>),
        (status = 409, description = "an email of a user of the workspace, or already invited"),
        (status = 422, description = "a field missing or of the wrong type, an email that is none, a role or a \
                                      resource the workspace lacks"),
    )))]
pub async fn create_invites(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: wire::InvitesInput = body.json()?;
    if input.invites.is_empty() {
        return Err(Status::invalid_field("invites", "invites names at least one email").into());
    }
    let tx = write.begin(&app).await;
    let (ops, emails) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let users = iam::all_users(&state, &workspace);
        let mut ops = Vec::new();
        let mut emails: Vec<String> = Vec::new();
        for (i, invite) in input.invites.iter().enumerate() {
            if !iam::valid_email(&invite.email) {
                return Err(Status::invalid_field(format!("invites.{i}.email"), "not an email address").into());
            }
            let permissions = invite.permissions.clone().unwrap_or_default();
            iam::check_invite_permissions(&state, &workspace, &permissions, &format!("invites.{i}.permissions"))?;
            let name = format!("{}/{}", iam::invites(&workspace), invite.email);
            let taken = users.iter().any(|(_, u, _)| u.email == invite.email);
            if taken || state.contains(&name) || emails.contains(&invite.email) {
                let message = format!("{} is already a user of the workspace or invited", invite.email);
                return Err(Status::new(Code::AlreadyExists, message).into());
            }
            emails.push(invite.email.clone());
            let record = InviteRecord { email: invite.email.clone(), permissions };
            ops.push(Op::Insert(name, Resource::Invite(record)));
        }
        (ops, emails)
    };
    tx.commit(ops).await?;
    created(Emails { emails })
}

/// List invites
///
/// The emails invited and not yet users, in the order they were invited.
#[cfg_attr(test, utoipa::path(get, path = "/invites", tag = "IAM Users", params(Pagination),
    responses((status = 200, description = "a page of the pending invites", body = Envelope<InvitesPage>))))]
pub async fn list_invites(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let all: Vec<String> = state
        .names_in(&iam::invites(&workspace))
        .filter_map(|name| match state.get(name) {
            Some(Resource::Invite(i)) => Some(i.email.clone()),
            _ => None,
        })
        .collect();
    let (invites, pagination) = page(&all, page_asked);
    data(InvitesPage { invites, pagination })
}

/// Delete invites
///
/// The invites of `emails` are withdrawn, from the workspace and its groups.
#[cfg_attr(test, utoipa::path(delete, path = "/invites", tag = "IAM Users", params(EmailsQuery),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "an email not invited"),
        (status = 422, description = "no `emails`"),
    )))]
pub async fn delete_invites(State(app): State<Arc<App>>, write: Write, Query(query): Query) -> Reply {
    let emails: Vec<String> = query.list("emails").into_iter().filter(|e| !e.is_empty()).collect();
    if emails.is_empty() {
        return Err(Status::invalid_field("emails", "emails names the invites to delete").into());
    }
    let tx = write.begin(&app).await;
    let ops = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let mut ops = Vec::new();
        for email in &emails {
            let name = format!("{}/{email}", iam::invites(&workspace));
            if !state.contains(&name) || !iam::valid_email(email) {
                return Err(Status::not_found(format!("no invite for {email}")).into());
            }
            ops.push(Op::RemoveTree(name));
        }
        for (name, mut group) in all_groups(&state, &workspace) {
            let before = group.invites.len();
            group.invites.retain(|e| !emails.contains(e));
            if group.invites.len() != before {
                ops.push(Op::Replace(name, Resource::UserGroup(group)));
            }
        }
        ops
    };
    tx.commit(ops).await?;
    success()
}

/// Replace permissions for user
///
/// The user's permissions become these.
#[cfg_attr(test, utoipa::path(put, path = "/users/{userId}/permissions", tag = "IAM Users", params(UserPath),
    request_body = PermissionsInput,
    responses(
        (status = 200, description = "the user's permissions", body = Envelope<PermissionsData>),
        (status = 404, description = "no user of this id in the token's workspace"),
        (status = 422, description = "a field missing or of the wrong type, a role or a resource the workspace lacks"),
    )))]
pub async fn replace_permissions_for_user(app: State<Arc<App>>, write: Write, id: Ids<String>, body: Body) -> Reply {
    permissions(app.0, write, Holder::User, &id.0, body, true).await
}

/// Add permissions to user
///
/// These permissions join the user's.
#[cfg_attr(test, utoipa::path(post, path = "/users/{userId}/permissions", tag = "IAM Users", params(UserPath),
    request_body = PermissionsInput,
    responses(
        (status = 200, description = "the user's permissions", body = Envelope<PermissionsData>),
        (status = 404, description = "no user of this id in the token's workspace"),
        (status = 422, description = "a field missing or of the wrong type, a role or a resource the workspace lacks"),
    )))]
pub async fn add_permissions_to_user(app: State<Arc<App>>, write: Write, id: Ids<String>, body: Body) -> Reply {
    permissions(app.0, write, Holder::User, &id.0, body, false).await
}

/// `permissions` joined to or replacing what is held, less those given twice.
fn merged(held: &[PermissionInput], given: Vec<PermissionInput>, replace: bool) -> Vec<PermissionInput> {
    let mut all = if replace { Vec::new() } else { held.to_vec() };
    for permission in given {
        if !all.contains(&permission) {
            all.push(permission);
        }
    }
    all
}

/// Whose permissions a request changes: a user's or a user group's.
#[derive(Clone, Copy)]
enum Holder {
    User,
    Group,
}

/// A holder as stored: a user's record (and whether it is stored: the owner's may not be yet), or a group's name
/// and record.
enum Held {
    User(UserRecord, bool),
    Group(String, GroupRecord),
}

/// `replacePermissionsFor*` (`replace`) and `addPermissionsTo*` for either holder: the holder looked up in the
/// token's workspace (404) before the body is read, the permissions checked, then written over its record.
async fn permissions(app: Arc<App>, write: Write, holder: Holder, id: &str, body: Body, replace: bool) -> Reply {
    let tx = write.begin(&app).await;
    let (op, permissions) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let mut held = match holder {
            Holder::User => iam::user(&state, &workspace, id).map(|(record, stored)| Held::User(record, stored))?,
            Holder::Group => iam::group(&state, &workspace, id).map(|(name, group)| Held::Group(name, group))?,
        };
        let input: wire::PermissionsInput = body.json()?;
        iam::check_permissions(&state, &workspace, &input.permissions, "permissions")?;
        let permissions = match &mut held {
            Held::User(record, _) => &mut record.permissions,
            Held::Group(_, group) => &mut group.permissions,
        };
        *permissions = merged(permissions, input.permissions, replace);
        let shown = iam::shown(permissions);
        let op = match held {
            Held::User(record, stored) => write_user(&workspace, id, record, stored),
            Held::Group(name, group) => Op::Replace(name, Resource::UserGroup(group)),
        };
        (op, shown)
    };
    tx.commit(vec![op]).await?;
    data(PermissionsData { permissions })
}

/// List user groups
#[cfg_attr(test, utoipa::path(get, path = "/groups", tag = "IAM Groups", params(Pagination),
    responses((status = 200, description = "a page of the workspace's user groups", body = Envelope<GroupsPage>))))]
pub async fn list_user_groups(State(app): State<Arc<App>>, caller: Caller, Query(query): Query) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let all: Vec<UserGroup> = all_groups(&state, &workspace).iter().map(|(n, g)| group_shown(&state, n, g)).collect();
    let (user_groups, pagination) = page(&all, page_asked);
    data(GroupsPage { user_groups, pagination })
}

/// A group's name: not empty, no other group's of the workspace (409).
fn check_group_name(state: &Store, workspace: &str, name: &str, except: Option<&str>) -> Result<(), Problem> {
    if name.trim().is_empty() {
        return Err(Status::invalid_field("name", "a user group needs a name").into());
    }
    if all_groups(state, workspace).iter().any(|(n, g)| g.name == name && Some(n.as_str()) != except) {
        return Err(Status::new(Code::AlreadyExists, format!("a user group is named {name:?}")).into());
    }
    Ok(())
}

/// Create user group
///
/// A group without members or permissions.
#[cfg_attr(test, utoipa::path(post, path = "/groups", tag = "IAM Groups", request_body = GroupInput,
    responses(
        (status = 200, description = "the new group", body = Envelope<GroupData>),
        (status = 409, description = "a group of this name exists"),
        (status = 422, description = "no `name`, or an empty one"),
    )))]
pub async fn create_user_group(State(app): State<Arc<App>>, write: Write, body: Body) -> Reply {
    let input: wire::GroupInput = body.json()?;
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        check_group_name(&state, &workspace, &input.name, None)?;
        let id = mint::random_id(22);
        let name = format!("{}/{id}", iam::groups(&workspace));
        let record = GroupRecord { name: input.name, ..GroupRecord::default() };
        (Op::InsertWith(name.clone(), Resource::UserGroup(record), More { id, ..More::default() }), name)
    };
    tx.commit(vec![op]).await?;
    group_answer(&app, &name)
}

fn group_answer(app: &App, name: &str) -> Reply {
    let state = app.store.read();
    match state.get(name) {
        Some(Resource::UserGroup(g)) => data(GroupData { user_group: group_shown(&state, name, g) }),
        _ => Err(Status::not_found(format!("{name} not found")).into()),
    }
}

/// Get user group
#[cfg_attr(test, utoipa::path(get, path = "/groups/{userGroupId}", tag = "IAM Groups", params(GroupPath),
    responses(
        (status = 200, description = "the group", body = Envelope<GroupData>),
        (status = 404, description = "no group of this id in the token's workspace"),
    )))]
pub async fn get_user_group(State(app): State<Arc<App>>, caller: Caller, Ids(id): Ids<String>) -> Reply {
    let name = {
        let state = app.store.read();
        iam::group(&state, &caller.workspace(&state)?, &id)?.0
    };
    group_answer(&app, &name)
}

/// Update user group
///
/// Renames the group.
#[cfg_attr(test, utoipa::path(patch, path = "/groups/{userGroupId}", tag = "IAM Groups", params(GroupPath),
    request_body = GroupInput,
    responses(
        (status = 200, description = "the group", body = Envelope<GroupData>),
        (status = 404, description = "no group of this id in the token's workspace"),
        (status = 409, description = "another group has this name"),
        (status = 422, description = "no `name`, or an empty one"),
    )))]
pub async fn update_user_group(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>, body: Body) -> Reply {
    let tx = write.begin(&app).await;
    let (op, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let (name, mut group) = iam::group(&state, &workspace, &id)?;
        let input: wire::GroupInput = body.json()?;
        check_group_name(&state, &workspace, &input.name, Some(&name))?;
        group.name = input.name;
        (Op::Replace(name.clone(), Resource::UserGroup(group)), name)
    };
    tx.commit(vec![op]).await?;
    group_answer(&app, &name)
}

/// Delete user group
#[cfg_attr(test, utoipa::path(delete, path = "/groups/{userGroupId}", tag = "IAM Groups", params(GroupPath),
    responses(
        (status = 200, description = "deleted", body = Envelope<StatusOnly>),
        (status = 404, description = "no group of this id in the token's workspace"),
    )))]
pub async fn delete_user_group(State(app): State<Arc<App>>, write: Write, Ids(id): Ids<String>) -> Reply {
    remove(&app, write, &iam::GROUP, &id).await
}

/// How a group's users change.
#[derive(Clone, Copy, PartialEq)]
enum Change {
    Add,
    Replace,
    Remove,
}

/// Adds, replaces or removes a group's users by email: a user's email makes it a member; another is invited to the
/// group (and to the workspace, when it is not yet).
async fn group_users(app: &Arc<App>, write: Write, id: &str, emails: Vec<String>, change: Change) -> Reply {
    let tx = write.begin(app).await;
    let (ops, name) = {
        let state = tx.state();
        let workspace = model::workspace_of(&state, tx.caller())?;
        let (name, mut group) = iam::group(&state, &workspace, id)?;
        let users = iam::all_users(&state, &workspace);
        let mut ops = Vec::new();
        if change == Change::Replace {
            group.members.clear();
            group.invites.clear();
        }
        for (i, email) in emails.iter().enumerate() {
            if !iam::valid_email(email) {
                return Err(Status::invalid_field(format!("emails.{i}"), "not an email address").into());
            }
            let user = users.iter().find(|(_, u, _)| &u.email == email).map(|(id, ..)| id.clone());
            if change == Change::Remove {
                group.members.retain(|m| Some(m) != user.as_ref());
                group.invites.retain(|e| e != email);
                continue;
            }
            match user {
                Some(user) if !group.members.contains(&user) => group.members.push(user),
                Some(_) => {}
                None => {
                    if !group.invites.contains(email) {
                        group.invites.push(email.clone());
                    }
                    let invite = format!("{}/{email}", iam::invites(&workspace));
                    let planned = ops.iter().any(|op| matches!(op, Op::Insert(n, _) if *n == invite));
                    if !state.contains(&invite) && !planned {
                        let record = InviteRecord { email: email.clone(), permissions: Vec::new() };
                        ops.push(Op::Insert(invite, Resource::Invite(record)));
                    }
                }
            }
        }
        ops.push(Op::Replace(name.clone(), Resource::UserGroup(group)));
        (ops, name)
    };
    tx.commit(ops).await?;
    if change == Change::Remove { success() } else { group_answer(app, &name) }
}

/// Add users to user group
#[cfg_attr(test, utoipa::path(post, path = "/groups/{userGroupId}/users", tag = "IAM Groups", params(GroupPath),
    request_body = Emails,
    responses(
        (status = 200, description = "the group", body = Envelope<GroupData>),
        (status = 404, description = "no group of this id in the token's workspace"),
        (status = 422, description = "no `emails`, or one that is no email address"),
    )))]
pub async fn add_users_to_user_group(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let input: Emails = body.json()?;
    group_users(&app, write, &id, input.emails, Change::Add).await
}

/// Replace users in user group
///
/// The group's members and invites become these emails'.
#[cfg_attr(test, utoipa::path(put, path = "/group/{userGroupId}/users", tag = "IAM Groups", params(GroupPath),
    request_body = Emails,
    responses(
        (status = 200, description = "the group", body = Envelope<GroupData>),
        (status = 404, description = "no group of this id in the token's workspace"),
        (status = 422, description = "no `emails`, or one that is no email address"),
    )))]
pub async fn replace_users_in_user_group(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    body: Body,
) -> Reply {
    let input: Emails = body.json()?;
    group_users(&app, write, &id, input.emails, Change::Replace).await
}

/// Remove users from user group
///
/// The users and invites of `emails` leave the group; an email that is neither is ignored.
#[cfg_attr(test, utoipa::path(delete, path = "/group/{userGroupId}/users", tag = "IAM Groups",
    params(GroupPath, EmailsQuery),
    responses(
        (status = 200, description = "removed", body = Envelope<StatusOnly>),
        (status = 404, description = "no group of this id in the token's workspace"),
        (status = 422, description = "no `emails`"),
    )))]
pub async fn remove_users_from_user_group(
    State(app): State<Arc<App>>,
    write: Write,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let emails: Vec<String> = query.list("emails").into_iter().filter(|e| !e.is_empty()).collect();
    if emails.is_empty() {
        return Err(Status::invalid_field("emails", "emails names the users to remove").into());
    }
    group_users(&app, write, &id, emails, Change::Remove).await
}

/// List users from user group
#[cfg_attr(test, utoipa::path(get, path = "/groups/{userGroupId}/users", tag = "IAM Groups",
    params(GroupPath, Pagination),
    responses(
        (status = 200, description = "a page of the group's members", body = Envelope<MinimalUsersPage>),
        (status = 404, description = "no group of this id in the token's workspace"),
    )))]
pub async fn list_users_from_user_group(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let workspace = caller.workspace(&state)?;
    let (_, group) = iam::group(&state, &workspace, &id)?;
    let users = iam::all_users(&state, &workspace);
    let all: Vec<MinimalUser> = group
        .members
        .iter()
        .filter_map(|member| users.iter().find(|(id, ..)| id == member))
        .map(|(id, u, _)| MinimalUser { id: id.clone(), name: u.name.clone(), email: u.email.clone() })
        .collect();
    let (users, pagination) = page(&all, page_asked);
    data(MinimalUsersPage { users, pagination })
}

/// List invites from user group
#[cfg_attr(test, utoipa::path(get, path = "/groups/{userGroupId}/invites", tag = "IAM Groups",
    params(GroupPath, Pagination),
    responses(
        (status = 200, description = "a page of the emails invited to the group", body = Envelope<EmailsPage>),
        (status = 404, description = "no group of this id in the token's workspace"),
    )))]
pub async fn list_invites_from_user_group(
    State(app): State<Arc<App>>,
    caller: Caller,
    Ids(id): Ids<String>,
    Query(query): Query,
) -> Reply {
    let page_asked = query.page()?;
    let state = app.store.read();
    let (_, group) = iam::group(&state, &caller.workspace(&state)?, &id)?;
    let (emails, pagination) = page(&group.invites, page_asked);
    data(EmailsPage { emails, pagination })
}

/// Replace permissions for user group
#[cfg_attr(test, utoipa::path(put, path = "/groups/{userGroupId}/permissions", tag = "IAM Groups", params(GroupPath),
    request_body = PermissionsInput,
    responses(
        (status = 200, description = "the group's permissions", body = Envelope<PermissionsData>),
        (status = 404, description = "no group of this id in the token's workspace"),
        (status = 422, description = "a field missing or of the wrong type, a role or a resource the workspace lacks"),
    )))]
pub async fn replace_permissions_for_user_group(
    app: State<Arc<App>>,
    write: Write,
    id: Ids<String>,
    body: Body,
) -> Reply {
    permissions(app.0, write, Holder::Group, &id.0, body, true).await
}

/// Add permissions to user group
#[cfg_attr(test, utoipa::path(post, path = "/groups/{userGroupId}/permissions", tag = "IAM Groups", params(GroupPath),
    request_body = PermissionsInput,
    responses(
        (status = 200, description = "the group's permissions", body = Envelope<PermissionsData>),
        (status = 404, description = "no group of this id in the token's workspace"),
        (status = 422, description = "a field missing or of the wrong type, a role or a resource the workspace lacks"),
    )))]
pub async fn add_permissions_to_user_group(app: State<Arc<App>>, write: Write, id: Ids<String>, body: Body) -> Reply {
    permissions(app.0, write, Holder::Group, &id.0, body, false).await
}

/// List roles
///
/// The service's roles, the same in every workspace.
#[cfg_attr(test, utoipa::path(get, path = "/roles", tag = "IAM Roles", params(Pagination),
    responses((status = 200, description = "a page of the roles", body = Envelope<RolesPage>))))]
pub async fn list_roles(Query(query): Query, _caller: Caller) -> Reply {
    let (roles, pagination) = page(&iam::roles(), query.page()?);
    data(RolesPage { roles, pagination })
}
