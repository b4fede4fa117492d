//! The Public API's operations as the official TypeScript SDK lists them, at the version seg pins (47.0.0-b8398,
//! `docs/reference/sdk47-operations.tsv`) and at the SDK repository's current one (73, `sdk73-operations.tsv`): each
//! with its method, path template and operationId. Read at build time (`build.rs`, with the reader of
//! `wire::limits`' table: an entry that cannot be read fails the build), so at run time it is a static array. The
//! emulator names the operation of a request it does not serve from it (docs/reference/public-api.md, "Errors"), and
//! the coverage table (docs/reference/coverage.md) lists it.

/// One operation of the SDK.
#[derive(Debug, PartialEq, Eq)]
pub struct Operation {
    /// The SDK's class of the operation (`warehousesApi`).
    pub class: &'static str,
    pub method: &'static str,
    /// The path's template, `/warehouses/{warehouseId}`.
    pub path: &'static str,
    /// The operationId (`getWarehouse`).
    pub operation: &'static str,
    /// In the pinned SDK, 47.0.0-b8398.
    pub sdk47: bool,
    /// In the SDK at version 73.
    pub sdk73: bool,
}

/// Every operation of either version: the pinned one's in its table's order, then those only 73 has.
pub static OPERATIONS: &[Operation] = include!(concat!(env!("OUT_DIR"), "/operations.rs"));

/// Whether a request's path (each segment as sent; leading and trailing `/` and the query ignored) and method are
/// those of a template: its literal segments equal, each `{placeholder}` a non-empty segment. The number of literal
/// segments, when they are.
pub fn matches(template_method: &str, template: &str, method: &str, path: &str) -> Option<usize> {
    if !template_method.eq_ignore_ascii_case(method) {
        return None;
    }
    let path = path.split('?').next().unwrap_or_default();
    let template = template.trim_start_matches('/').split('/');
    let sent = path.trim_matches('/').split('/');
    if template.clone().count() != sent.clone().count() {
        return None;
    }
    let mut literal = 0;
    for (want, got) in template.zip(sent) {
        if want.starts_with('{') {
            if got.is_empty() {
                return None;
            }
        } else if want == got {
            literal += 1;
        } else {
            return None;
        }
    }
    Some(literal)
}

/// The operation of a request, if the SDK has one at its method and path: the one whose template matches with the
/// most literal segments (`/audiences/previews/{id}` before `/audiences/{id}/...`); of two at one template (an
/// operation renamed between the versions), the pinned version's.
pub fn of(method: &str, path: &str) -> Option<&'static Operation> {
    OPERATIONS
        .iter()
        .filter_map(|op| matches(op.method, op.path, method, path).map(|literal| (literal, op)))
        .rev()
        .max_by_key(|(literal, _)| *literal)
        .map(|(_, op)| op)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_versions_are_read_whole_and_merged_by_operation_id() {
        assert_eq!(OPERATIONS.iter().filter(|op| op.sdk47).count(), 159);
        assert_eq!(OPERATIONS.iter().filter(|op| op.sdk73).count(), 201);
        let ids: std::collections::BTreeSet<&str> = OPERATIONS.iter().map(|op| op.operation).collect();
        assert_eq!(ids.len(), OPERATIONS.len());
        let warehouse = OPERATIONS.iter().find(|op| op.operation == "getWarehouse").unwrap();
        assert_eq!((warehouse.method, warehouse.path), ("GET", "/warehouses/{warehouseId}"));
        assert!(warehouse.sdk47 && warehouse.sdk73);
    }

    #[test]
    fn a_request_finds_its_operation_by_method_and_template() {
        assert_eq!(of("GET", "/warehouses/wh_1").map(|op| op.operation), Some("getWarehouse"));
        assert_eq!(of("get", "warehouses/wh_1/?x=1").map(|op| op.operation), Some("getWarehouse"));
        assert_eq!(of("DELETE", "/warehouses/wh_1").map(|op| op.operation), Some("deleteWarehouse"));
        assert_eq!(of("GET", "/warehouses/wh_1/nothing"), None);
        assert_eq!(of("GET", "/warehouses//connected-sources"), None);
        assert_eq!(of("GET", "/sources").map(|op| op.operation), Some("listSources"));
        // Renamed in 73: the pinned version's name.
        let sync = of("GET", "/reverse-etl-models/m/syncs/s").unwrap();
        assert_eq!((sync.operation, sync.sdk47, sync.sdk73), ("getReverseETLSyncFromModel", true, false));
    }
}
