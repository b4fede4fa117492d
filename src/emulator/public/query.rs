//! The Public API's query strings, in every encoding its SDKs send (docs/reference/public-api.md, "Pagination"): keys
//! and values percent-decoded; an object as brackets (`pagination[count]=10`, TS and Go), as dots
//! (`pagination.count=10`, the docs and typewriter) or as one JSON value (`pagination={"count": 10}`, Python); a list
//! as indexed keys (`regulationTypes[0]=X`, `regulationTypes.0=X`), repeated keys or commas; Python's dict repr for a
//! rule (`{'type': 'TRACK', 'version': 1}`). Pagination is an offset carried as the service's cursors are: base64 of a
//! decimal (`MA==` is 0).

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Map, Value};

use crate::emulator::status::Status;
use crate::wire::public::{DEFAULT_COUNT, MAX_COUNT};

/// A query, decoded.
pub struct Query {
    pairs: Vec<(String, String)>,
}

/// Where a page starts and how many it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub offset: usize,
    pub count: usize,
}

impl Query {
    pub fn of(query: Option<&str>) -> Query {
        let pairs = form_urlencoded::parse(query.unwrap_or_default().as_bytes()).into_owned().collect();
        Query { pairs }
    }

    /// Every key, as decoded, in order (a key given twice, twice).
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.pairs.iter().map(|(k, _)| k.as_str())
    }

    /// The values of a scalar parameter (`sourceId`), in order.
    pub fn values(&self, key: &str) -> impl Iterator<Item = &str> {
        self.pairs.iter().filter(move |(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// A scalar parameter's first value, when it is given and not empty.
    pub fn optional(&self, key: &str) -> Option<&str> {
        self.values(key).next().filter(|v| !v.is_empty())
    }

    /// A required scalar parameter: its first value, trimmed, not empty; 422 naming it otherwise.
    pub fn required(&self, key: &str) -> Result<&str, Status> {
        match self.optional(key).map(str::trim) {
            Some(value) if !value.is_empty() => Ok(value),
            _ => Err(Status::invalid_field(key, format!("{key} is required"))),
        }
    }

    /// An object parameter (`pagination`) as JSON, whichever way it was spelled: its fields as strings from
    /// brackets or dots, or the JSON value given whole. `None` when absent.
    pub fn object(&self, key: &str) -> Result<Option<Map<String, Value>>, Status> {
        let mut object = Map::new();
        let mut found = false;
        for (k, v) in &self.pairs {
            if k == key {
                found = true;
                let parsed = parse_object(v).ok_or_else(|| {
                    Status::invalid_field(key, format!("{key} must be an object, e.g. {key}[count]=10"))
                })?;
                object.extend(parsed);
            } else if let Some(field) = field_of(k, key) {
                found = true;
                object.insert(field.to_string(), Value::String(v.clone()));
            }
        }
        Ok(found.then_some(object))
    }

    /// A list parameter (`regulationTypes`): indexed keys in index order, repeated keys, commas within a value. An
    /// empty value is an empty item, which the caller refuses as it refuses any value it does not know.
    pub fn list(&self, key: &str) -> Vec<String> {
        let mut indexed: Vec<(usize, String)> = Vec::new();
        let mut plain = Vec::new();
        for (k, v) in &self.pairs {
            if k == key || k == &format!("{key}[]") {
                plain.extend(v.split(',').map(str::trim).map(String::from));
            } else if let Some(index) = field_of(k, key).and_then(|f| f.parse::<usize>().ok()) {
                indexed.push((index, v.clone()));
            }
        }
        indexed.sort_by_key(|(index, _)| *index);
        indexed.into_iter().map(|(_, v)| v).chain(plain).collect()
    }

    /// A list of objects (`rules`): `rules[0][type]=..`, `rules.0[type]=..`, `rules.0.type=..`, or one value per
    /// object (JSON, or Python's dict repr).
    pub fn objects(&self, key: &str) -> Result<Vec<Map<String, Value>>, Status> {
        let mut indexed: std::collections::BTreeMap<usize, Map<String, Value>> = std::collections::BTreeMap::new();
        let mut whole = Vec::new();
        for (k, v) in &self.pairs {
            if k == key || k == &format!("{key}[]") {
                let object = parse_object(v).ok_or_else(|| {
                    Status::invalid_field(key, format!("each of {key} must be an object, e.g. {key}[0][type]=TRACK"))
                })?;
                whole.push(object);
                continue;
            }
            let Some(rest) = field_of_path(k, key) else { continue };
            let (index, field) = rest;
            indexed.entry(index).or_default().insert(field, Value::String(v.clone()));
        }
        Ok(indexed.into_values().chain(whole).collect())
    }

    /// [`Query::page`] where `pagination` is required, as the SDK has it for the usage reads and a destination's
    /// delivery overview: 422 naming it when absent.
    pub fn required_page(&self) -> Result<Page, Status> {
        if self.object("pagination")?.is_none() {
            return Err(Status::invalid_field("pagination", "pagination is required"));
        }
        self.page()
    }

    /// The page asked for: `pagination.count` 1 to 1000 (200 when absent), `pagination.cursor` one this emulator
    /// issued; 422 naming the field otherwise.
    pub fn page(&self) -> Result<Page, Status> {
        let Some(pagination) = self.object("pagination")? else {
            return Ok(Page { offset: 0, count: DEFAULT_COUNT as usize });
        };
        let count = match pagination.get("count") {
            None => DEFAULT_COUNT,
            Some(value) => {
                let number = match value {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.trim().parse::<u64>().ok(),
                    _ => None,
                };
                match number {
                    Some(n) if (1..=MAX_COUNT).contains(&n) => n,
                    _ => {
                        return Err(Status::invalid_field(
                            "pagination.count",
                            format!("pagination.count must be an integer from 1 to {MAX_COUNT}, got {value}"),
                        ));
                    }
                }
            }
        };
        let offset = match pagination.get("cursor") {
            None | Some(Value::Null) => 0,
            Some(Value::String(cursor)) if cursor.is_empty() => 0,
            Some(Value::String(cursor)) => offset_of(cursor).ok_or_else(|| {
                Status::invalid_field("pagination.cursor", format!("pagination.cursor {cursor:?} was not issued here"))
            })?,
            Some(other) => {
                return Err(Status::invalid_field(
                    "pagination.cursor",
                    format!("pagination.cursor must be text: {other}"),
                ));
            }
        };
        Ok(Page { offset, count: count as usize })
    }
}

/// `pagination[count]` or `pagination.count` → `count`.
fn field_of<'k>(k: &'k str, key: &str) -> Option<&'k str> {
    let rest = k.strip_prefix(key)?;
    if let Some(inner) = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return (!inner.contains(['[', ']'])).then_some(inner);
    }
    rest.strip_prefix('.').filter(|r| !r.contains(['.', '[', ']']))
}

/// `rules[0][type]`, `rules.0[type]`, `rules.0.type` → `(0, "type")`.
fn field_of_path(k: &str, key: &str) -> Option<(usize, String)> {
    let rest = k.strip_prefix(key)?;
    let (index, rest) = if let Some(r) = rest.strip_prefix('[') {
        let end = r.find(']')?;
        (&r[..end], &r[end + 1..])
    } else {
        let r = rest.strip_prefix('.')?;
        let end = r.find(['.', '[']).unwrap_or(r.len());
        (&r[..end], &r[end..])
    };
    let index = index.parse::<usize>().ok()?;
    let field = rest.strip_prefix('[').and_then(|r| r.strip_suffix(']')).or_else(|| rest.strip_prefix('.'))?;
    (!field.is_empty()).then(|| (index, field.to_string()))
}

/// A JSON object, or Python's repr of a dict (`{'type': 'TRACK', 'key': None, 'version': 1}`).
fn parse_object(text: &str) -> Option<Map<String, Value>> {
    if let Ok(Value::Object(object)) = serde_json::from_str::<Value>(text) {
        return Some(object);
    }
    let json = python_to_json(text)?;
    match serde_json::from_str::<Value>(&json) {
        Ok(Value::Object(object)) => Some(object),
        _ => None,
    }
}

/// Python's literal repr as JSON: single-quoted strings, `None`, `True`, `False`.
fn python_to_json(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                out.push('"');
                loop {
                    match chars.next()? {
                        '\\' => {
                            let escaped = chars.next()?;
                            if escaped == '\'' {
                                out.push('\'');
                            } else {
                                out.push('\\');
                                out.push(escaped);
                            }
                        }
                        '\'' => break,
                        '"' => out.push_str("\\\""),
                        other => out.push(other),
                    }
                }
                out.push('"');
            }
            c if c.is_ascii_alphabetic() => {
                let mut word = String::from(c);
                while let Some(&next) = chars.peek() {
                    if !next.is_ascii_alphanumeric() {
                        break;
                    }
                    word.push(next);
                    chars.next();
                }
                out.push_str(match word.as_str() {
                    "None" => "null",
                    "True" => "true",
                    "False" => "false",
                    _ => return None,
                });
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// The cursor of an offset: base64 of its decimal (`MA==` is 0).
pub fn cursor(offset: usize) -> String {
    STANDARD.encode(offset.to_string())
}

/// The offset of a cursor this emulator issued.
fn offset_of(cursor: &str) -> Option<usize> {
    let bytes = STANDARD.decode(cursor.trim()).ok()?;
    let text = std::str::from_utf8(&bytes).ok()?;
    (!text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn page(query: &str) -> Result<Page, Status> {
        Query::of(Some(query)).page()
    }

    #[test]
    fn every_encoding_of_pagination_the_sdks_send() {
        let expected = Page { offset: 3, count: 10 };
        for query in [
            "pagination%5Bcursor%5D=Mw%3D%3D&pagination%5Bcount%5D=10",
            "pagination[count]=10&pagination[cursor]=Mw==",
            "pagination=%7B%22cursor%22%3A%20%22Mw%3D%3D%22%2C%20%22count%22%3A%2010%7D",
            "pagination.count=10&pagination.cursor=Mw%3D%3D",
            "pagination=%7B%27cursor%27%3A%20%27Mw%3D%3D%27%2C%20%27count%27%3A%2010%7D",
        ] {
            assert_eq!(page(query).unwrap(), expected, "{query}");
        }
        assert_eq!(page("").unwrap(), Page { offset: 0, count: 200 });
        assert_eq!(page("pagination[count]=1000").unwrap().count, 1000);
        for (bad, field) in [
            ("pagination[count]=0", "pagination.count"),
            ("pagination[count]=1001", "pagination.count"),
            ("pagination[count]=ten", "pagination.count"),
            ("pagination[count]=5&pagination[cursor]=bm9wZQ==", "pagination.cursor"),
            ("pagination[count]=5&pagination[cursor]=%%%", "pagination.cursor"),
        ] {
            assert_eq!(page(bad).unwrap_err().field.as_deref(), Some(field), "{bad}");
        }
        assert_eq!(cursor(0), "MA==");
        assert_eq!(cursor(3), "Mw==");
    }

    #[test]
    fn required_and_optional_scalars_and_a_required_page() {
        let query = Query::of(Some("a=%20x%20&a=y&blank=&space=%20&pagination[count]=5"));
        assert_eq!(query.optional("a"), Some(" x "));
        assert_eq!(query.required("a").unwrap(), "x");
        assert_eq!(query.optional("blank"), None);
        for missing in ["blank", "space", "none"] {
            assert_eq!(query.required(missing).unwrap_err().field.as_deref(), Some(missing));
        }
        assert_eq!(query.required_page().unwrap(), Page { offset: 0, count: 5 });
        let unpaged = Query::of(Some("a=1"));
        assert_eq!(unpaged.required_page().unwrap_err().field.as_deref(), Some("pagination"));
        assert_eq!(unpaged.page().unwrap().count, 200);
    }

    #[test]
    fn lists_and_lists_of_objects_in_every_encoding() {
        for query in ["t[0]=A&t[1]=B", "t.0=A&t.1=B", "t=A&t=B", "t=A,B", "t[1]=B&t[0]=A"] {
            assert_eq!(Query::of(Some(query)).list("t"), ["A", "B"], "{query}");
        }
        let expected =
            vec![json!({"type": "TRACK", "key": "Order Completed", "version": "1"}).as_object().unwrap().clone()];
        for query in [
            "rules%5B0%5D%5Btype%5D=TRACK&rules%5B0%5D%5Bkey%5D=Order%20Completed&rules%5B0%5D%5Bversion%5D=1",
            "rules.0[type]=TRACK&rules.0[key]=Order%20Completed&rules.0[version]=1",
        ] {
            assert_eq!(Query::of(Some(query)).objects("rules").unwrap(), expected, "{query}");
        }
        let python = "rules=%7B%27type%27%3A%20%27TRACK%27%2C%20%27key%27%3A%20%27Order%20Completed%27%2C%20%27version%27%3A%201%7D";
        let objects = Query::of(Some(python)).objects("rules").unwrap();
        assert_eq!(objects[0]["version"], json!(1));
        assert_eq!(objects[0]["key"], json!("Order Completed"));
        let none = "rules=%7B%27type%27%3A%20%27COMMON%27%2C%20%27key%27%3A%20None%2C%20%27version%27%3A%201%7D";
        assert_eq!(Query::of(Some(none)).objects("rules").unwrap()[0]["key"], Value::Null);
    }
}
