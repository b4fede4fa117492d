//! Access management in neutral terms (docs/reference/public-api.md, "IAM"): the service's roles, a fixed list; each
//! workspace's owner, a user derived from the workspace (so the same on every run) until it is deleted; users, user
//! groups and invites as records of the workspace; the checks of a permission (its role exists, each resource it names
//! is one of the workspace's).

use sha2::{Digest, Sha256};

use super::functions;
use crate::emulator::status::Status;
use crate::emulator::store::{Resource, State};
use crate::wire::public::iam::{
    GroupRecord, InvitePermission, Permission, PermissionInput, PermissionResource, ResourceType, Role, UserRecord,
};

/// The service's roles: id, name, description.
pub const ROLES: [(&str, &str, &str); 14] = [
    ("2GtWcCEb3ysF7ETkuk5z2Y4HwAS", "Workspace Owner", "Full read and edit access to everything in the workspace"),
    (
        "2GtWcGSrGVGBJ8yzk5xYWwjuCTS",
        "Workspace Member",
        "Read access to the workspace, and access its resources are granted",
    ),
    ("2GtWcKGi8ghsqhJ6vZ8AiEDf8JK", "Source Admin", "Read and edit access to the sources it is granted"),
    ("2GtWcNb3XudypZYQ2uPyQsv3ykK", "Source Read-only", "Read access to the sources it is granted"),
    ("2GtWcQrYvv3GKk5xNsuTGDTXMgH", "Tracking Plan Admin", "Read and edit access to the workspace's tracking plans"),
    ("2GtWcTzxUdXe6QYUtp9LxFzQYNs", "Tracking Plan Read-only", "Read access to the workspace's tracking plans"),
    ("2GtWcXCtqeoC8xj4f3Wbk9LHGWb", "Warehouse Admin", "Read and edit access to the warehouses it is granted"),
    ("2GtWcaGGSkyGvQCHm1Y3zdAFmR4", "Warehouse Read-only", "Read access to the warehouses it is granted"),
    ("2GtWcdXaeYjHbR9D8ftyDyA1V5U", "Functions Admin", "Read and edit access to the workspace's functions"),
    ("2GtWcgVP7JSTxcTSD2h1ybBSSKb", "Functions Read-only", "Read access to the workspace's functions"),
    ("2GtWcjv3kn7dPhmGQ2ULVT9ZqQy", "Unify and Engage Admin", "Read and edit access to the spaces it is granted"),
    ("2GtWcnNBsBmZ7VAm2N3NW3kM8ck", "Unify Read-only", "Read access to the spaces it is granted"),
    (
        "2GtWcqTEzTyDqn1dBfMzgJuWJtu",
        "Engage User",
        "Edit access to the audiences and journeys of the spaces it is granted",
    ),
    (
        "2GtWctYh3JLwx7THZT9wNNbgQ3f",
        "Engage Read-only",
        "Read access to the audiences and journeys of the spaces it is granted",
    ),
];

/// The roles, as the Public API lists them.
pub fn roles() -> Vec<Role> {
    ROLES
        .iter()
        .map(|(id, name, description)| Role {
            id: id.to_string(),
            name: name.to_string(),
            description: description.to_string(),
        })
        .collect()
}

/// A role's name, when the role exists.
pub fn role_name(id: &str) -> Option<&'static str> {
    ROLES.iter().find(|(role, ..)| *role == id).map(|(_, name, _)| *name)
}

/// The collection of a workspace's users.
pub fn users(workspace: &str) -> String {
    format!("{workspace}/users")
}

/// The collection of a workspace's user groups.
pub fn groups(workspace: &str) -> String {
    format!("{workspace}/user-groups")
}

/// The collection of a workspace's pending invites.
pub fn invites(workspace: &str) -> String {
    format!("{workspace}/invites")
}

/// The key kept when a workspace's owner is deleted (it is then gone for good).
pub fn owner_gone(workspace: &str) -> String {
    format!("iam-owner-deleted:{workspace}")
}

/// The id of a workspace's owner: 22 letters and digits derived from the workspace's name, the same on every run.
pub fn owner_id(workspace: &str) -> String {
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let digest = Sha256::digest(format!("seg serve owner of {workspace}").as_bytes());
    digest.iter().take(22).map(|b| char::from(DIGITS[usize::from(*b) % DIGITS.len()])).collect()
}

/// A workspace's owner as it is before anything changes it: `owner@<slug>.example`, Workspace Owner of the workspace.
fn owner(state: &State, workspace: &str) -> UserRecord {
    let slug = workspace.rsplit('/').next().unwrap_or(workspace);
    UserRecord {
        name: "Workspace Owner".into(),
        email: format!("owner@{slug}.example"),
        permissions: vec![PermissionInput {
            role_id: ROLES[0].0.into(),
            resources: vec![PermissionResource {
                id: state.id_of(workspace).to_string(),
                kind: ResourceType::Workspace,
            }],
        }],
    }
}

/// The workspace's users, the owner first (unless deleted), then the others in the order they came: each with its
/// id, and whether it is stored (the owner is not until it is changed).
pub fn all_users(state: &State, workspace: &str) -> Vec<(String, UserRecord, bool)> {
    let owner_id = owner_id(workspace);
    let collection = users(workspace);
    let mut all = Vec::new();
    let stored_owner = format!("{collection}/{owner_id}");
    match state.get(&stored_owner) {
        Some(Resource::User(u)) => all.push((owner_id.clone(), u.clone(), true)),
        _ if state.meta(&owner_gone(workspace)).is_none() => {
            all.push((owner_id.clone(), owner(state, workspace), false))
        }
        _ => {}
    }
    for name in state.names_in(&collection) {
        if let Some(Resource::User(u)) = state.get(name) {
            let id = state.id_of(name);
            if id != owner_id {
                all.push((id.to_string(), u.clone(), true));
            }
        }
    }
    all
}

/// The user of this id, with whether it is stored; 404 otherwise.
pub fn user(state: &State, workspace: &str, id: &str) -> Result<(UserRecord, bool), Status> {
    all_users(state, workspace)
        .into_iter()
        .find(|(user, ..)| user == id)
        .map(|(_, record, stored)| (record, stored))
        .ok_or_else(|| Status::not_found(format!("user {id} not found")))
}

/// A user group, by its id ([`super::Kind`]).
pub const GROUP: super::Kind =
    super::Kind { what: "user group", is: |_, record| matches!(record, Resource::UserGroup(_)) };

/// The group at this id in the workspace: its name and record, or 404.
pub fn group(state: &State, workspace: &str, id: &str) -> Result<(String, GroupRecord), Status> {
    let name = GROUP.named(state, workspace, id)?;
    match state.get(&name) {
        Some(Resource::UserGroup(g)) => Ok((name, g.clone())),
        _ => Err(Status::not_found(format!("user group {id} not found"))),
    }
}

/// Whether an email may be invited: one `@` with something on each side, no `/` and no space.
pub fn valid_email(email: &str) -> bool {
    let parts: Vec<&str> = email.split('@').collect();
    parts.len() == 2 && parts.iter().all(|p| !p.is_empty()) && !email.contains(['/', ' ', '\t', '\n'])
}

/// Permissions as written, checked: each role one of [`ROLES`], each resource one of the workspace's (the
/// workspace itself, its one space, a source, a function, a warehouse); 422 naming the field
/// (`permissions.0.roleId`, `permissions.0.resources.1.id`) otherwise.
pub fn check_permissions(
    state: &State,
    workspace: &str,
    permissions: &[PermissionInput],
    at: &str,
) -> Result<(), Status> {
    for (i, permission) in permissions.iter().enumerate() {
        check_role(&permission.role_id, &format!("{at}.{i}.roleId"))?;
        check_resources(state, workspace, &permission.resources, &format!("{at}.{i}.resources"))?;
    }
    Ok(())
}

/// An invite's permissions, checked as [`check_permissions`].
pub fn check_invite_permissions(
    state: &State,
    workspace: &str,
    permissions: &[InvitePermission],
    at: &str,
) -> Result<(), Status> {
    for (i, permission) in permissions.iter().enumerate() {
        check_role(&permission.role_id, &format!("{at}.{i}.roleId"))?;
        let resources = permission.resources.as_deref().unwrap_or_default();
        check_resources(state, workspace, resources, &format!("{at}.{i}.resources"))?;
    }
    Ok(())
}

fn check_role(id: &str, at: &str) -> Result<(), Status> {
    match role_name(id) {
        Some(_) => Ok(()),
        None => Err(Status::invalid_field(at, format!("no role {id:?}: listRoles lists the roles"))),
    }
}

fn check_resources(state: &State, workspace: &str, resources: &[PermissionResource], at: &str) -> Result<(), Status> {
    for (j, resource) in resources.iter().enumerate() {
        let known = match resource.kind {
            ResourceType::Workspace => state.id_of(workspace) == resource.id,
            ResourceType::Source => super::sources::SOURCE.named(state, workspace, &resource.id).is_ok(),
            ResourceType::Function => functions::FUNCTION.named(state, workspace, &resource.id).is_ok(),
            ResourceType::Space => super::warehouses::space_id(state, workspace) == resource.id,
            ResourceType::Warehouse => super::warehouses::WAREHOUSE.named(state, workspace, &resource.id).is_ok(),
        };
        if !known {
            let message = format!("no {:?} of id {:?} in this workspace", resource.kind, resource.id);
            return Err(Status::invalid_field(format!("{at}.{j}.id"), message));
        }
    }
    Ok(())
}

/// Permissions as answered: with their roles' names.
pub fn shown(permissions: &[PermissionInput]) -> Vec<Permission> {
    permissions
        .iter()
        .map(|p| Permission {
            role_id: p.role_id.clone(),
            role_name: role_name(&p.role_id).unwrap_or_default().to_string(),
            resources: p.resources.clone(),
        })
        .collect()
}
