//! Access management and the audit trail as the Public API has them (TS47 `model/userV1.ts`, `userGroupV1.ts`,
//! `inviteV1.ts`, `permissionV1.ts`, `roleV1.ts`, `auditEventV1.ts` and the operations' inputs and outputs). No I/O.

use serde::{Deserialize, Serialize};
#[cfg(test)]
use utoipa::ToSchema;

use super::PaginationOutput;

/// The kinds of resource a permission names (`PermissionResourceV1.type`).
pub const RESOURCE_TYPES: [&str; 5] = ["FUNCTION", "SOURCE", "SPACE", "WAREHOUSE", "WORKSPACE"];

/// `PermissionResourceV1.type`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ResourceType {
    Function,
    Source,
    Space,
    Warehouse,
    #[default]
    Workspace,
}

/// A resource a permission reaches (`PermissionResourceV1`, `ResourceV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct PermissionResource {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: ResourceType,
}

/// A permission as written (`PermissionInputV1`): a role on resources.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct PermissionInput {
    pub role_id: String,
    pub resources: Vec<PermissionResource>,
}

/// A permission as answered (`PermissionV1`, `AccessPermissionV1`): with its role's name.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Permission {
    pub role_id: String,
    pub role_name: String,
    pub resources: Vec<PermissionResource>,
}

/// `{"permissions": [..]}`: the body of the permission writes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct PermissionsInput {
    pub permissions: Vec<PermissionInput>,
}

/// `{"permissions": [..]}`: what the permission writes answer.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct PermissionsData {
    pub permissions: Vec<Permission>,
}

/// A role (`RoleV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Role {
    pub id: String,
    pub name: String,
    pub description: String,
}

/// `listRoles`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct RolesPage {
    pub roles: Vec<Role>,
    pub pagination: PaginationOutput,
}

/// A user (`UserV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct User {
    pub id: String,
    pub name: String,
    pub email: String,
    pub permissions: Vec<Permission>,
}

/// A user in a group's list (`MinimalUserV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct MinimalUser {
    pub id: String,
    pub name: String,
    pub email: String,
}

/// A user as the emulator stores it, under `workspaces/W/users/<id>`: its permissions as written.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct UserRecord {
    pub name: String,
    pub email: String,
    #[serde(default)]
    pub permissions: Vec<PermissionInput>,
}

/// `listUsers`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct UsersPage {
    pub users: Vec<User>,
    pub pagination: PaginationOutput,
}

/// `{"user": ..}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct UserData {
    pub user: User,
}

/// `listUsersFromUserGroup`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct MinimalUsersPage {
    pub users: Vec<MinimalUser>,
    pub pagination: PaginationOutput,
}

/// A permission of an invite (`InvitePermissionV1`): its resources may be left out.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct InvitePermission {
    pub role_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<Vec<PermissionResource>>,
}

/// An invite (`InviteV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Invite {
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permissions: Option<Vec<InvitePermission>>,
}

/// `createInvites`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct InvitesInput {
    pub invites: Vec<Invite>,
}

/// `{"emails": [..]}`: what `createInvites` answers, and the body of the group's user writes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct Emails {
    pub emails: Vec<String>,
}

/// `listInvites`'s page: the invited emails.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct InvitesPage {
    pub invites: Vec<String>,
    pub pagination: PaginationOutput,
}

/// `listInvitesFromUserGroup`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct EmailsPage {
    pub emails: Vec<String>,
    pub pagination: PaginationOutput,
}

/// A user group (`UserGroupV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UserGroup {
    pub id: String,
    pub name: String,
    pub member_count: u64,
    pub permissions: Vec<Permission>,
}

/// A group in a user's list (`MinimalUserGroupV1`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct MinimalUserGroup {
    pub id: String,
    pub name: String,
}

/// A user group as the emulator stores it, under `workspaces/W/user-groups/<id>`: its members' user ids and the
/// emails invited to it, in the order they came.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GroupRecord {
    pub name: String,
    #[serde(default)]
    pub members: Vec<String>,
    #[serde(default)]
    pub invites: Vec<String>,
    #[serde(default)]
    pub permissions: Vec<PermissionInput>,
}

/// An invite as the emulator stores it, under `workspaces/W/invites/<email>`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct InviteRecord {
    pub email: String,
    #[serde(default)]
    pub permissions: Vec<InvitePermission>,
}

/// `createUserGroup`'s and `updateUserGroup`'s body.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct GroupInput {
    pub name: String,
}

/// `{"userGroup": ..}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupData {
    pub user_group: UserGroup,
}

/// `listUserGroups`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GroupsPage {
    pub user_groups: Vec<UserGroup>,
    pub pagination: PaginationOutput,
}

/// `listUserGroupsFromUser`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct MinimalGroupsPage {
    pub groups: Vec<MinimalUserGroup>,
    pub pagination: PaginationOutput,
}

/// An event of the audit trail (`AuditEventV1`): a write committed through either API.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AuditEvent {
    pub id: String,
    pub timestamp: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub actor: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_email: Option<String>,
    pub resource_id: String,
    pub resource_type: String,
    pub resource_name: String,
}

/// `listAuditEvents`'s page.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ToSchema))]
pub struct AuditPage {
    pub events: Vec<AuditEvent>,
    pub pagination: PaginationOutput,
}
