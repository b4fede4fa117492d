//! `--jq`: a jq filter over the whole result, run by jaq (a pure-Rust jq). Strings come out raw, other values as
//! compact JSON, one per line, as `gh --jq` prints them.

use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars, data, unwrap_valr};
use jaq_json::Val;
use serde_json::Value;

pub struct Jq {
    filter: jaq_core::Filter<data::JustLut<Val>>,
}

impl Jq {
    pub fn compile(code: &str) -> Result<Jq, String> {
        let defs = jaq_core::defs().chain(jaq_std::defs()).chain(jaq_json::defs());
        let funs = jaq_core::funs().chain(jaq_std::funs()).chain(jaq_json::funs());
        let loader = Loader::new(defs);
        let arena = Arena::default();
        let modules = loader
            .load(&arena, File { code, path: () })
            .map_err(|errors| format!("invalid --jq filter {code:?}: {}", describe(&errors)))?;
        let filter = Compiler::default()
            .with_funs(funs)
            .compile(modules)
            .map_err(|errors| format!("invalid --jq filter {code:?}: {}", describe(&errors)))?;
        Ok(Jq { filter })
    }

    /// Every output of the filter for one input.
    pub fn run(&self, input: &Value) -> Result<Vec<Value>, String> {
        let input: Val = serde_json::from_value(input.clone()).map_err(|e| format!("--jq input: {e}"))?;
        let ctx = Ctx::<data::JustLut<Val>>::new(&self.filter.lut, Vars::new([]));
        self.filter
            .id
            .run((ctx, input))
            .map(unwrap_valr)
            .map(|out| match out {
                // Val's Display is compact JSON; jaq-json has no Serialize.
                Ok(val) => serde_json::from_str(&val.to_string()).map_err(|e| format!("--jq output: {e}")),
                Err(e) => Err(format!("--jq: {e}")),
            })
            .collect()
    }
}

fn describe<T: std::fmt::Debug>(errors: &T) -> String {
    // jaq's load and compile errors carry positions and expectations; their Debug form is the most complete.
    let text = format!("{errors:?}");
    text.chars().take(300).collect()
}

/// One output value as a line: strings raw, anything else compact JSON.
pub fn line(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn filters_run_over_the_whole_value() {
        let jq = Jq::compile(".[] | select(.enabled) | .name").unwrap();
        let out = jq.run(&json!([{"name": "a", "enabled": true}, {"name": "b", "enabled": false}])).unwrap();
        assert_eq!(out, [json!("a")]);
        assert_eq!(Jq::compile("length").unwrap().run(&json!([1, 2, 3])).unwrap(), [json!(3)]);
        assert_eq!(Jq::compile("map(.x) | add").unwrap().run(&json!([{"x": 1}, {"x": 2}])).unwrap(), [json!(3)]);
        assert_eq!(line(&json!("raw")), "raw");
        assert_eq!(line(&json!({"a": [1]})), r#"{"a":[1]}"#);
    }

    #[test]
    fn bad_filters_and_runtime_errors() {
        assert!(Jq::compile(".[").is_err());
        assert!(Jq::compile("nosuchfunction").is_err());
        assert!(Jq::compile(".a").unwrap().run(&json!([1])).is_err());
    }
}
