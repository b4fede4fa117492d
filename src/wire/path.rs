//! Dotted field paths (`library_config.retry_queue`) into JSON objects, read and written one way everywhere: update
//! bodies, table columns and the emulator's update masks.

use serde_json::{Map, Value};

/// The segments of a dotted path; an empty path or an empty segment (`a..b`, `a.`) is refused.
pub fn segments(path: &str) -> Result<Vec<&str>, String> {
    let segments: Vec<&str> = path.split('.').collect();
    if path.is_empty() || segments.iter().any(|s| s.is_empty()) {
        return Err(format!("invalid field {path:?}: use NAME or NAME.SUBFIELD"));
    }
    Ok(segments)
}

/// The value at a path, if every step is an object holding the next key.
pub fn get<'v, S: AsRef<str>>(value: &'v Value, path: &[S]) -> Option<&'v Value> {
    path.iter().try_fold(value, |here, segment| here.as_object()?.get(segment.as_ref()))
}

/// Sets the value at a path, creating the objects on the way; a step that holds a value other than an object is
/// an error (nothing is changed then).
pub fn set<S: AsRef<str>>(object: &mut Map<String, Value>, path: &[S], value: Value) -> Result<(), String> {
    let Some((last, parents)) = path.split_last() else { return Err("an empty field path".into()) };
    let mut here = object;
    for (depth, segment) in parents.iter().enumerate() {
        let segment = segment.as_ref();
        if here.get(segment).is_some_and(|v| !v.is_object()) {
            let at: Vec<&str> = path[..=depth].iter().map(AsRef::as_ref).collect();
            return Err(format!("{}: {} is set to a value, not an object", joined(path), at.join(".")));
        }
        here = here
            .entry(segment)
            .or_insert_with(|| Value::Object(Map::new()))
            .as_object_mut()
            .ok_or_else(|| format!("{}: {segment} is not an object", joined(path)))?;
    }
    here.insert(last.as_ref().to_string(), value);
    Ok(())
}

fn joined<S: AsRef<str>>(path: &[S]) -> String {
    path.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(".")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_read_and_write_nested_objects() {
        assert_eq!(segments("a.b").unwrap(), ["a", "b"]);
        for bad in ["", ".", "a..b", "a.", ".a"] {
            assert!(segments(bad).is_err(), "{bad}");
        }
        let mut object = Map::new();
        set(&mut object, &["a", "b"], json!(1)).unwrap();
        set(&mut object, &["a", "c"], json!(2)).unwrap();
        set(&mut object, &["x"], json!(3)).unwrap();
        assert_eq!(Value::Object(object.clone()), json!({"a": {"b": 1, "c": 2}, "x": 3}));
        assert!(set(&mut object, &["x", "y"], json!(4)).unwrap_err().contains("x is set to a value"));
        assert_eq!(get(&Value::Object(object.clone()), &["a", "c"]), Some(&json!(2)));
        assert_eq!(get(&Value::Object(object), &["x", "y"]), None);
        assert_eq!(get(&json!(5), &[] as &[&str]), Some(&json!(5)));
    }
}
