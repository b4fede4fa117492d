//! The update-body builder (`wire::UpdateRequest`) behind every `patch` command.
//!
//! Whatever sequence of fields is set, cleared, configured or masked: building never panics; a field is refused
//! exactly when it is malformed (empty, or an empty dotted segment) or would nest under a value that is not an
//! object; a body has exactly the resource key and `update_mask`; every mask path is `KEY.FIELD` with no empty
//! segment, and a derived mask has no duplicate; every field set and not overwritten afterwards is in the body at
//! its dotted path with its value, and in the mask; and the body survives a JSON round trip.

#![no_main]

use std::collections::HashSet;

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use seg::wire::{ConfigItem, Destination, Resource, Source, TrackingPlan, UpdateRequest, Workspace};
use serde_json::{Map, Value};

#[derive(Debug, Arbitrary)]
enum Scalar {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Text(String),
    Object(Vec<(String, bool)>),
    List(Vec<String>),
}

impl Scalar {
    fn value(&self) -> Value {
        match self {
            Scalar::Null => Value::Null,
            Scalar::Bool(b) => Value::Bool(*b),
            Scalar::Int(i) => Value::from(*i),
            Scalar::Float(f) => serde_json::Number::from_f64(*f).map_or(Value::Null, Value::Number),
            Scalar::Text(s) => Value::String(s.clone()),
            Scalar::Object(entries) => entries.iter().map(|(k, v)| (k.clone(), Value::Bool(*v))).collect(),
            Scalar::List(items) => items.iter().cloned().map(Value::String).collect(),
        }
    }
}

#[derive(Debug, Arbitrary)]
enum Op {
    Set(String, Scalar),
    /// Text as `--set` reads it: JSON when it parses, else a string.
    SetText(String, String),
    SetAll(Vec<(String, Scalar)>),
    Clear(String),
    Config(String, Scalar),
    Mask(Vec<String>),
}

#[derive(Debug, Arbitrary)]
struct Case {
    key: u8,
    ops: Vec<Op>,
}

/// What the builder has been asked so far, to check it against.
struct Model {
    prefix: &'static str,
    /// Segments and value of each successful set, in order.
    sets: Vec<Vec<String>>,
    values: Vec<Value>,
    config: bool,
    asked: bool,
    explicit: Option<Vec<String>>,
}

impl Model {
    /// The field below the resource key, as the builder reads it.
    fn field<'f>(&self, name: &'f str) -> &'f str {
        name.strip_prefix(self.prefix).and_then(|rest| rest.strip_prefix('.')).unwrap_or(name)
    }

    fn malformed(&self, name: &str) -> bool {
        let field = self.field(name);
        field.is_empty() || field.split('.').any(str::is_empty)
    }

    fn set<T: Resource>(&mut self, update: &mut UpdateRequest<T>, name: &str, value: Value) -> bool {
        // The fields so far.
        let fields = Value::Object(update.fields.clone());
        let segments: Vec<String> = self.field(name).split('.').map(str::to_string).collect();
        let blocked = (1..segments.len()).any(|n| {
            let at = segments[..n].iter().try_fold(&fields, |v, s| v.as_object().and_then(|o| o.get(s.as_str())));
            at.is_some_and(|v| !v.is_object())
        });
        let ok = update.set(name, value.clone()).is_ok();
        assert_eq!(ok, !self.malformed(name) && !blocked, "set({name:?}) on {fields}");
        if ok {
            self.sets.push(segments);
            self.values.push(value);
            self.asked = true;
        }
        ok
    }
}

fuzz_target!(|case: Case| match case.key % 4 {
    0 => check::<Source>(&case),
    1 => check::<Destination>(&case),
    2 => check::<TrackingPlan>(&case),
    _ => check::<Workspace>(&case),
});

/// A config item goes through `UpdateRequest<Destination>::config_item`; other resources have no config.
trait Configurable: Resource + Sized {
    fn config(update: &mut UpdateRequest<Self>, key: &str, value: Value) -> bool;
}

impl Configurable for Destination {
    fn config(update: &mut UpdateRequest<Self>, key: &str, value: Value) -> bool {
        update.config_item(ConfigItem::new("workspaces/w/sources/s/destinations/d", key, value));
        true
    }
}

macro_rules! no_config {
    ($($t:ty),*) => {$(
        impl Configurable for $t {
            fn config(_: &mut UpdateRequest<Self>, _: &str, _: Value) -> bool {
                false
            }
        }
    )*};
}
no_config!(Source, TrackingPlan, Workspace);

fn check<T: Configurable>(case: &Case) {
    let prefix = T::KEY;
    let mut update = UpdateRequest::<T>::new();
    let mut model = Model { prefix, sets: Vec::new(), values: Vec::new(), config: false, asked: false, explicit: None };
    for op in &case.ops {
        match op {
            Op::Set(name, value) => {
                model.set(&mut update, name, value.value());
            }
            Op::SetText(name, text) => {
                model.set(
                    &mut update,
                    name,
                    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.clone())),
                );
            }
            Op::SetAll(entries) => {
                let object: Map<String, Value> = entries.iter().map(|(k, v)| (k.clone(), v.value())).collect();
                let all = update.clone().set_all(object.clone()).is_ok();
                // set_all stops at the first refused key: the same as setting them one by one.
                let mut landed = true;
                for (k, v) in object {
                    landed = landed && model.set(&mut update, &k, v);
                }
                assert_eq!(all, landed, "set_all({entries:?})");
            }
            Op::Clear(name) => {
                let ok = update.clear(name).is_ok();
                assert_eq!(ok, !model.malformed(name), "clear({name:?})");
                model.asked |= ok;
            }
            Op::Config(k, value) => {
                if T::config(&mut update, k, value.value()) {
                    model.config = true;
                    model.asked = true;
                }
            }
            Op::Mask(paths) => {
                let ok = update.mask_exactly(paths).is_ok();
                assert_eq!(ok, !paths.iter().any(|p| model.malformed(p.trim())), "mask({paths:?})");
                if ok {
                    model.explicit =
                        Some(paths.iter().map(|p| format!("{prefix}.{}", model.field(p.trim()))).collect());
                }
            }
        }
    }

    let body = serde_json::to_value(&update).unwrap();
    let target = seg::wire::Target::Source { ws: "w".into(), source: "x".into() };
    if update.clone().into_request(target).is_err() {
        let empty_mask = model.explicit.as_ref().is_some_and(Vec::is_empty);
        assert!(empty_mask || (model.explicit.is_none() && !model.asked), "no body for {case:?}");
        return;
    }
    let object = body.as_object().unwrap();
    assert_eq!(object.keys().collect::<Vec<_>>(), [prefix, "update_mask"], "{body}");
    let paths: Vec<&str> =
        body["update_mask"]["paths"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert!(!paths.is_empty());
    for path in &paths {
        let rest = path.strip_prefix(prefix).and_then(|r| r.strip_prefix('.')).expect("paths start with the key");
        assert!(!rest.split('.').any(str::is_empty), "{path:?}");
    }
    match &model.explicit {
        Some(given) => assert_eq!(&paths, given),
        None => {
            let mut seen = HashSet::new();
            assert!(paths.iter().all(|p| seen.insert(*p)), "duplicate mask paths {paths:?}");
        }
    }
    for (i, (segments, value)) in model.sets.iter().zip(&model.values).enumerate() {
        let overlaps = |later: &Vec<String>| segments.iter().zip(later).all(|(a, b)| a == b);
        if model.sets[i + 1..].iter().any(overlaps) || (model.config && segments[0] == "config") {
            continue;
        }
        let at = segments.iter().fold(&body[prefix], |v, s| &v[s.as_str()]);
        assert_eq!(at, value, "{segments:?} in {body}");
        if model.explicit.is_none() {
            let path = format!("{prefix}.{}", segments.join("."));
            assert!(paths.contains(&path.as_str()), "{path} not in {paths:?}");
        }
    }
    let text = serde_json::to_string(&body).unwrap();
    // serde_json's raw_value feature (axum turns it on) reads an object with this key as raw JSON.
    if !text.contains("$serde_json::private::") {
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), body);
        // Reading trims each path (clients in the wild pad them); a builder's path has no padding to lose.
        if paths.iter().all(|p| p.trim() == *p) {
            let read: UpdateRequest<T> = serde_json::from_str(&text).unwrap();
            assert_eq!(read, update, "the body reads back as the update it was built from");
        }
    }
}
