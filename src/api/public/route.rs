//! Where a request in seg's vocabulary goes: its path (the Config API's resource names, below the version prefix)
//! read as the resource it names, so the adapter can say which Public API call serves it.

/// A path of seg's vocabulary: the segments that name a resource, by kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route<'a> {
    Workspaces,
    Workspace(&'a str),
    Sources(&'a str),
    Source(&'a str, &'a str),
    SchemaConfig(&'a str, &'a str),
    Destinations(&'a str, &'a str),
    Destination(&'a str, &'a str, &'a str),
    Filters(&'a str, &'a str, &'a str),
    Filter(&'a str, &'a str, &'a str, &'a str),
    Plans(&'a str),
    Plan(&'a str, &'a str),
    Connections(&'a str, &'a str),
    Connection(&'a str, &'a str, &'a str),
    Regulations(&'a str),
    Regulation(&'a str, &'a str),
    CatalogSources,
    CatalogSource(&'a str),
    CatalogDestinations,
    CatalogDestination(&'a str),
    AccessTokens,
}

impl<'a> Route<'a> {
    /// The route of a path, `None` for one seg does not build.
    pub fn parse(path: &'a str) -> Option<Route<'a>> {
        let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        Some(match segments.as_slice() {
            ["workspaces"] => Route::Workspaces,
            ["workspaces", ws] => Route::Workspace(ws),
            ["workspaces", ws, "sources"] => Route::Sources(ws),
            ["workspaces", ws, "sources", src] => Route::Source(ws, src),
            ["workspaces", ws, "sources", src, "schema-config"] => Route::SchemaConfig(ws, src),
            ["workspaces", ws, "sources", src, "destinations"] => Route::Destinations(ws, src),
            ["workspaces", ws, "sources", src, "destinations", dst] => Route::Destination(ws, src, dst),
            ["workspaces", ws, "sources", src, "destinations", dst, "filters"] => Route::Filters(ws, src, dst),
            // The Config API's filter id is the Public API's with `df_` before it: either names it.
            ["workspaces", ws, "sources", src, "destinations", dst, "filters", id] => {
                Route::Filter(ws, src, dst, id.strip_prefix(crate::wire::filter::FILTER_ID_PREFIX).unwrap_or(id))
            }
            ["workspaces", ws, "tracking-plans"] => Route::Plans(ws),
            ["workspaces", ws, "tracking-plans", plan] => Route::Plan(ws, plan),
            ["workspaces", ws, "tracking-plans", plan, "source-connections"] => Route::Connections(ws, plan),
            ["workspaces", ws, "tracking-plans", plan, "source-connections", src] => Route::Connection(ws, plan, src),
            ["workspaces", ws, "regulations"] => Route::Regulations(ws),
            ["workspaces", ws, "regulations", id] => Route::Regulation(ws, id),
            ["catalog", "sources"] => Route::CatalogSources,
            ["catalog", "sources", slug] => Route::CatalogSource(slug),
            ["catalog", "destinations"] => Route::CatalogDestinations,
            ["catalog", "destinations", slug] => Route::CatalogDestination(slug),
            ["access-tokens", ..] => Route::AccessTokens,
            _ => return None,
        })
    }

    /// The workspace the path names, when it names one.
    pub fn workspace(&self) -> Option<&'a str> {
        match *self {
            Route::Workspace(ws)
            | Route::Sources(ws)
            | Route::Source(ws, _)
            | Route::SchemaConfig(ws, _)
            | Route::Destinations(ws, _)
            | Route::Destination(ws, _, _)
            | Route::Filters(ws, _, _)
            | Route::Filter(ws, _, _, _)
            | Route::Plans(ws)
            | Route::Plan(ws, _)
            | Route::Connections(ws, _)
            | Route::Connection(ws, _, _)
            | Route::Regulations(ws)
            | Route::Regulation(ws, _) => Some(ws),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_seg_builds_has_a_route() {
        let cases = [
            ("workspaces", Route::Workspaces),
            ("workspaces/w", Route::Workspace("w")),
            ("workspaces/w/sources/s", Route::Source("w", "s")),
            ("workspaces/w/sources/s/schema-config", Route::SchemaConfig("w", "s")),
            ("workspaces/w/sources/s/destinations/d/filters/f", Route::Filter("w", "s", "d", "f")),
            ("workspaces/w/sources/s/destinations/d/filters/df_f", Route::Filter("w", "s", "d", "f")),
            ("workspaces/w/tracking-plans/rs_1/source-connections/s", Route::Connection("w", "rs_1", "s")),
            ("catalog/destinations/webhooks", Route::CatalogDestination("webhooks")),
            ("access-tokens/3", Route::AccessTokens),
        ];
        for (path, route) in cases {
            assert_eq!(Route::parse(path), Some(route), "{path}");
        }
        assert_eq!(Route::parse("workspaces/w/things"), None);
        assert_eq!(Route::parse("workspaces/w/sources/s").and_then(|r| r.workspace()), Some("w"));
        assert_eq!(Route::CatalogSources.workspace(), None);
    }
}
