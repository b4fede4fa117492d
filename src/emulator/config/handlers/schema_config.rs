//! A source's schema config: `workspaces/<ws>/sources/<src>/schema-config`, GET and PATCH (PUT too) with
//! `schema_config.<field>` mask paths. A source has the default (everything allowed) until it is first updated; it is
//! deleted with its source.

use std::sync::Arc;

use axum::extract::State;

use super::{Found, Path, Reply, SourcePath, Tx, View, ok, view};
use crate::emulator::App;
use crate::emulator::body::JsonBody;
#[cfg(test)]
use crate::emulator::config::doc::SchemaConfigUpdate;
use crate::emulator::config::mask::{self, MaskedUpdate};
use crate::emulator::gate::{Caller, WriteScope};
use crate::emulator::model::schema;
use crate::emulator::status::Status;
use crate::wire::{SchemaConfig, UpdateRequest};

/// Get a source's schema config
#[cfg_attr(test, utoipa::path(get, path = "/workspaces/{workspace}/sources/{source}/schema-config", tag = "sources",
    params(SourcePath),
    responses(
        (status = 200, description = "the schema config", body = SchemaConfig),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn get_schema_config(State(app): State<Arc<App>>, caller: Caller, Path(p): Path<SourcePath>) -> Reply {
    let state = app.store.read();
    let source = View::new(&app, &state, &caller).existing(&p.workspace, &format!("sources/{}", p.source))?;
    ok(&schema::current(&state, &source).0)
}

/// Update a source's schema config
///
/// Mask paths `schema_config.<field>` for each of its 13 fields.
#[cfg_attr(test, utoipa::path(patch, path = "/workspaces/{workspace}/sources/{source}/schema-config", tag = "sources",
    params(SourcePath),
    request_body = SchemaConfigUpdate,
    responses(
        (status = 200, description = "the schema config as updated", body = SchemaConfig),
        (status = 400, description = "invalid JSON, an unknown mask path, a value not of the field's enum"),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn update_schema_config(
    State(app): State<Arc<App>>,
    write: WriteScope,
    Found(p): Found<SourcePath>,
    JsonBody(body): JsonBody<UpdateRequest<SchemaConfig>>,
) -> Reply {
    let tx = Tx::begin(&app, write).await;
    let (op, new) = {
        let state = tx.state();
        let source = view(&tx, &state).existing(&p.workspace, &format!("sources/{}", p.source))?;
        let (current, _) = schema::current(&state, &source);
        let update = MaskedUpdate::new(body, &mask::schema_config())?;
        if let Some(given) = update.everything_given().apply_to(&current)? {
            given.check().map_err(Status::invalid)?;
        }
        let Some(new) = update.apply_to(&current)? else { return ok(&current) };
        (schema::set(&state, &source, new.clone())?, new)
    };
    tx.commit(vec![op]).await?;
    ok(&new)
}

/// Update a source's schema config (PUT)
///
/// The same as PATCH.
#[cfg_attr(test, utoipa::path(put, path = "/workspaces/{workspace}/sources/{source}/schema-config", tag = "sources",
    params(SourcePath),
    request_body = SchemaConfigUpdate,
    responses(
        (status = 200, description = "the schema config as updated", body = SchemaConfig),
        (status = 400, description = "invalid JSON, an unknown mask path, a value not of the field's enum"),
        (status = 404, description = "no such workspace or source"),
    )))]
pub async fn update_schema_config_put(
    app: State<Arc<App>>,
    write: WriteScope,
    found: Found<SourcePath>,
    body: JsonBody<UpdateRequest<SchemaConfig>>,
) -> Reply {
    update_schema_config(app, write, found, body).await
}
