//! What a mapping's settings resolve to for an event: the mapping kit of the reference package
//! `@segment/actions-core` (`transform(mapping, event)`), its validation and its directives, answered as the package
//! answers (tests/it/actions_reference.rs runs both). A field is a literal or a directive object: `@path`,
//! `@template`, `@if`, `@case`, `@replace`, `@arrayPath`, `@literal`, `@json`, `@flatten`, `@merge`,
//! `@excludeWhenNull`, `@transform`. A path that finds nothing leaves its key out.
//!
//! seg refuses, by name, what it does not evaluate: the `@liquid` directive (a template language of its own), the
//! platform's internal root key `__segment_internal_directive`, a key `__proto__`, and a lookup that reaches a
//! JavaScript built-in member instead of data ([`super::Unsupported`]).

use std::fmt;

use super::js::{self, Obj, Unsupported, Val, truthy, units};
use crate::json::{self, JsObject, JsString, JsValue};

/// The directives the mapping kit registers, in its order; seg evaluates all but `@liquid`.
const DIRECTIVES: [&str; 13] = [
    "@if",
    "@case",
    "@replace",
    "@arrayPath",
    "@path",
    "@template",
    "@literal",
    "@flatten",
    "@json",
    "@merge",
    "@transform",
    "@excludeWhenNull",
    "@liquid",
];

/// The directives seg does not evaluate.
pub const REFUSED: [&str; 1] = ["@liquid"];

/// The mapping kit's longest `@replace` pattern and replacement.
const MAX_REPLACE: usize = 10;

/// The platform's key for a mapping applied to the whole payload; not something a user writes.
const ROOT_KEY: &str = "__segment_internal_directive";

/// Why a mapping is refused or could not be resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MappingError {
    /// The reference's validation refuses it: `/path message.` for each fault (`several` when the reference
    /// gathers them, as it does for an object's fields).
    Invalid { messages: Vec<String>, several: bool },
    /// Resolving it for this event fails as the reference's fails (its message).
    Failed(String),
    /// What seg does not evaluate.
    Unsupported(Unsupported),
}

impl fmt::Display for MappingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MappingError::Invalid { messages, .. } => write!(f, "invalid mapping: {}", messages.join(" ")),
            MappingError::Failed(why) => write!(f, "the mapping cannot be resolved: {why}"),
            MappingError::Unsupported(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for MappingError {}

impl From<Unsupported> for MappingError {
    fn from(why: Unsupported) -> Self {
        MappingError::Unsupported(why)
    }
}

/// A mapping (a subscription's `settings`) the reference accepts and seg evaluates.
#[derive(Debug, Clone, PartialEq)]
pub struct Mapping(JsValue);

impl Mapping {
    /// Checks a mapping as the reference does when it transforms, and for what seg refuses.
    pub fn new(value: JsValue) -> Result<Mapping, MappingError> {
        if !matches!(value, JsValue::Object(_)) {
            return Err(Unsupported("a mapping is a JSON object of fields".into()).into());
        }
        refused(&value, &mut Vec::new())?;
        validate(&value, &[]).map_err(Fault::into_error)?;
        Ok(Mapping(value))
    }

    pub fn value(&self) -> &JsValue {
        &self.0
    }

    /// `transform(mapping, event)`: the resolved fields (`None` where the reference gives `undefined`: a mapping
    /// that is one directive finding nothing).
    pub fn transform(&self, event: &JsObject) -> Result<Option<JsValue>, MappingError> {
        let event = Val::from_js(&JsValue::Object(event.clone()))?;
        Ok(self.transform_val(&event)?.to_js())
    }

    /// The resolved value before it is written as JSON (`undefined` still in arrays).
    pub(crate) fn transform_val(&self, event: &Val) -> Result<Val, MappingError> {
        Ok(remove_undefined(resolve(&self.0, event).map_err(Stop::into_error)?))
    }
}

/// [`Mapping::new`] and [`Mapping::transform`] in one.
pub fn transform(mapping: &JsValue, event: &JsObject) -> Result<Option<JsValue>, MappingError> {
    Mapping::new(mapping.clone())?.transform(event)
}

// ---- what seg refuses ----

fn refused(value: &JsValue, at: &mut Vec<String>) -> Result<(), Unsupported> {
    let place = |at: &[String]| format!("/{}", at.join("/"));
    match value {
        JsValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                at.push(i.to_string());
                refused(item, at)?;
                at.pop();
            }
        }
        JsValue::Object(object) => {
            for (key, item) in object.ordered() {
                let name = key.to_string_lossy();
                if REFUSED.contains(&name.as_str()) {
                    return Err(Unsupported(format!(
                        "{name} is a directive seg does not evaluate (at {}); use the other directives",
                        place(at)
                    )));
                }
                if name == ROOT_KEY {
                    return Err(Unsupported(format!("{ROOT_KEY} is the platform's own key (at {})", place(at))));
                }
                if name == "__proto__" {
                    return Err(js::proto_key());
                }
                at.push(name);
                refused(item, at)?;
                at.pop();
            }
        }
        _ => {}
    }
    Ok(())
}

// ---- the reference's validation (mapping-kit/validate.js) ----

/// A ValidationError (`One`) or an AggregateError of them (`Many`).
enum Fault {
    One(String),
    Many(Vec<String>),
}

impl Fault {
    fn into_error(self) -> MappingError {
        match self {
            Fault::One(m) => MappingError::Invalid { messages: vec![m], several: false },
            Fault::Many(messages) => MappingError::Invalid { messages, several: true },
        }
    }
}

type Checked = Result<(), Fault>;

fn fault(message: impl fmt::Display, stack: &[String]) -> Fault {
    Fault::One(format!("/{} {message}.", stack.join("/")))
}

fn gather(faults: Vec<Fault>) -> Checked {
    if faults.is_empty() {
        return Ok(());
    }
    let mut out = Vec::new();
    for f in faults {
        match f {
            Fault::One(m) => out.push(m),
            Fault::Many(ms) => out.extend(ms),
        }
    }
    Err(Fault::Many(out))
}

fn with(stack: &[String], key: &str) -> Vec<String> {
    let mut out = stack.to_vec();
    out.push(key.to_owned());
    out
}

fn real_type(value: Option<&JsValue>) -> &'static str {
    match value {
        None => "undefined",
        Some(JsValue::Null) => "null",
        Some(JsValue::Bool(_)) => "boolean",
        Some(JsValue::Number(_)) => "number",
        Some(JsValue::String(_)) => "string",
        Some(JsValue::Array(_)) => "array",
        Some(JsValue::Object(_)) => "object",
    }
}

fn keys(object: &JsObject) -> Vec<String> {
    object.ordered().into_iter().map(|(k, _)| k.to_string_lossy()).collect()
}

/// `realTypeOrDirective`: an object with an `@` key is a directive.
fn kind(value: Option<&JsValue>) -> &'static str {
    match value {
        Some(JsValue::Object(o)) if keys(o).iter().any(|k| k.starts_with('@')) => "directive",
        other => real_type(other),
    }
}

fn article(kind: &str) -> &'static str {
    if kind.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" }
}

fn field<'a>(value: &'a JsValue, name: &str) -> Option<&'a JsValue> {
    match value {
        JsValue::Object(o) => o.get(name),
        _ => None,
    }
}

fn validate(mapping: &JsValue, stack: &[String]) -> Checked {
    match kind(Some(mapping)) {
        "directive" => validate_directive(mapping, stack),
        "object" => validate_object(mapping, stack),
        _ => Ok(()),
    }
}

fn validate_object(value: &JsValue, stack: &[String]) -> Checked {
    let k = kind(Some(value));
    let (JsValue::Object(object), "object") = (value, k) else {
        return Err(fault(format!("should be an object but it is {} {k}", article(k)), stack));
    };
    let faults = object
        .ordered()
        .into_iter()
        .filter_map(|(key, item)| validate(item, &with(stack, &key.to_string_lossy())).err())
        .collect();
    gather(faults)
}

fn validate_directive(value: &JsValue, stack: &[String]) -> Checked {
    let JsValue::Object(object) = value else { return Ok(()) };
    let keys = keys(object);
    let directives: Vec<&String> = keys.iter().filter(|k| k.starts_with('@')).collect();
    if directives.len() > 1 {
        return Err(fault(format!("should only have one @-prefixed key but it has {} keys", directives.len()), stack));
    }
    if keys.iter().any(|k| !k.starts_with('@') && k != "_metadata") {
        return Err(fault(format!("should only have one @-prefixed key but it has {} keys", keys.len()), stack));
    }
    let Some(name) = directives.first().map(|n| n.as_str()) else { return Ok(()) };
    if !DIRECTIVES.contains(&name) {
        return Err(fault(format!("has an invalid directive: {name}"), stack));
    }
    let v = object.get(name);
    let stack = &with(stack, name);
    let fields = |list: &[(&str, bool, Check)]| validate_fields(v, list, stack);
    match name {
        "@if" => fields(&[("exists", false, raw), ("then", false, raw), ("else", false, raw)]),
        "@case" => fields(&[("operator", false, string), ("value", false, string_or_directive)]),
        "@replace" => fields(&[
            ("pattern", true, |v, s| string(v, s).and_then(|()| length(v, s, 1, MAX_REPLACE))),
            ("replacement", false, |v, s| string(v, s).and_then(|()| length(v, s, 0, MAX_REPLACE))),
            ("value", true, string_or_directive),
            ("ignorecase", false, boolean),
            ("global", false, boolean),
        ]),
        "@arrayPath" => {
            array(v, stack)?;
            let JsValue::Array(items) = v.unwrap_or(&JsValue::Null) else { return Ok(()) };
            string_or_directive(items.first(), stack)?;
            items.get(1).map_or(Ok(()), |shape| validate(shape, stack))
        }
        "@path" | "@template" => string_or_directive(v, stack),
        "@json" => fields(&[("value", true, raw), ("mode", true, |v, s| one_of(v, s, &["encode", "decode"]))]),
        "@flatten" => fields(&[("separator", false, string), ("value", true, raw)]),
        "@merge" => {
            fields(&[("direction", false, |v, s| one_of(v, s, &["left", "right"])), ("objects", true, array)])?;
            if let Some(JsValue::Array(objects)) = v.and_then(|v| field(v, "objects")) {
                for object in objects {
                    object_or_directive(Some(object), &[])?;
                }
            }
            Ok(())
        }
        "@literal" | "@excludeWhenNull" => raw(v, stack),
        "@transform" => fields(&[("apply", true, object_or_directive), ("mapping", true, object_or_directive)]),
        _ => string(v, stack),
    }
}

type Check = fn(Option<&JsValue>, &[String]) -> Checked;

/// `validateObjectWithFields`: the options object (each of its values validated), then each named field.
fn validate_fields(value: Option<&JsValue>, fields: &[(&str, bool, Check)], stack: &[String]) -> Checked {
    let Some(value) = value else {
        return Err(fault("should be an object but it is an undefined", stack));
    };
    validate_object(value, stack)?;
    let mut faults = Vec::new();
    for &(name, required, check) in fields {
        match field(value, name) {
            None if required => faults.push(fault(format!("should have field {name:?} but it doesn't"), stack)),
            None => {}
            Some(v) => faults.extend(check(Some(v), &with(stack, name)).err()),
        }
    }
    gather(faults)
}

fn raw(v: Option<&JsValue>, stack: &[String]) -> Checked {
    match kind(v) {
        "directive" => validate_directive(v.unwrap_or(&JsValue::Null), stack),
        "undefined" => Err(fault("should be a mapping directive or a JSON value but it is an undefined", stack)),
        _ => Ok(()),
    }
}

fn string_or_directive(v: Option<&JsValue>, stack: &[String]) -> Checked {
    match kind(v) {
        "directive" => validate_directive(v.unwrap_or(&JsValue::Null), stack),
        "string" => Ok(()),
        k => Err(fault(format!("should be a string or a mapping directive but it is {} {k}", article(k)), stack)),
    }
}

fn object_or_directive(v: Option<&JsValue>, stack: &[String]) -> Checked {
    match kind(v) {
        "directive" => validate_directive(v.unwrap_or(&JsValue::Null), stack),
        "object" => validate_object(v.unwrap_or(&JsValue::Null), stack),
        k => Err(fault(format!("should be a object or a mapping directive but it is {} {k}", article(k)), stack)),
    }
}

fn string(v: Option<&JsValue>, stack: &[String]) -> Checked {
    match kind(v) {
        "string" => Ok(()),
        k => Err(fault(format!("should be a string but it is {} {k}", article(k)), stack)),
    }
}

fn boolean(v: Option<&JsValue>, stack: &[String]) -> Checked {
    match kind(v) {
        "boolean" => Ok(()),
        k => Err(fault(format!("should be a boolean but it is {} {k}", article(k)), stack)),
    }
}

fn array(v: Option<&JsValue>, stack: &[String]) -> Checked {
    match real_type(v) {
        "array" => Ok(()),
        k => Err(fault(format!("should be an array but it is {} {k}", article(k)), stack)),
    }
}

fn length(v: Option<&JsValue>, stack: &[String], min: usize, max: usize) -> Checked {
    let Some(JsValue::String(s)) = v else { return Ok(()) };
    if s.0.len() < min {
        return Err(fault(format!("should be a string of length {min} or greater"), stack));
    }
    if s.0.len() > max {
        return Err(fault(format!("should be a string of length {max} or less"), stack));
    }
    Ok(())
}

fn one_of(v: Option<&JsValue>, stack: &[String], allowed: &[&str]) -> Checked {
    string(v, stack)?;
    let Some(JsValue::String(s)) = v else { return Ok(()) };
    if allowed.iter().any(|a| units(a) == js::convert_case(&s.0, false)) {
        return Ok(());
    }
    let shown = json::stringify(&JsValue::String(s.clone()));
    Err(fault(format!("should be one of {} but it is {shown}", allowed.join(", ")), stack))
}

// ---- resolving (mapping-kit/index.js) ----

/// What stops resolving.
enum Stop {
    Failed(String),
    /// `@transform` validates its `apply` when it runs (inside an array, the first validation never saw it).
    Invalid(Fault),
    Unsupported(Unsupported),
}

impl From<Unsupported> for Stop {
    fn from(why: Unsupported) -> Self {
        Stop::Unsupported(why)
    }
}

impl Stop {
    fn into_error(self) -> MappingError {
        match self {
            Stop::Failed(why) => MappingError::Failed(why),
            Stop::Invalid(fault) => fault.into_error(),
            Stop::Unsupported(why) => MappingError::Unsupported(why),
        }
    }
}

type Resolved = Result<Val, Stop>;

fn failed<T>(why: impl Into<String>) -> Result<T, Stop> {
    Err(Stop::Failed(why.into()))
}

/// Whether an object is run as a directive: it has an `@` key and no other key but `@` keys and `_metadata`.
fn is_directive(object: &JsObject) -> bool {
    let keys = keys(object);
    keys.iter().any(|k| k.starts_with('@')) && keys.iter().all(|k| k.starts_with('@') || k == "_metadata")
}

fn resolve(mapping: &JsValue, payload: &Val) -> Resolved {
    match mapping {
        JsValue::Object(object) if is_directive(object) => directive(object, payload),
        JsValue::Array(items) => {
            Ok(Val::Arr(items.iter().map(|item| resolve(item, payload)).collect::<Result<_, _>>()?))
        }
        JsValue::Object(object) => {
            let mut out = Obj::default();
            for (key, item) in object.ordered() {
                out.set(key.0.clone(), resolve(item, payload)?)?;
            }
            Ok(Val::Obj(out))
        }
        scalar => Ok(Val::from_js(scalar)?),
    }
}

fn resolve_opt(mapping: Option<&JsValue>, payload: &Val) -> Resolved {
    mapping.map_or(Ok(Val::Undefined), |m| resolve(m, payload))
}

fn directive(object: &JsObject, payload: &Val) -> Resolved {
    let name = keys(object).into_iter().find(|k| k.starts_with('@')).unwrap_or_default();
    let value = object.get(&name);
    let opts = match value {
        Some(JsValue::Object(o)) => Some(o),
        _ => None,
    };
    let opt = |key: &str| opts.and_then(|o| o.get(key));
    match name.as_str() {
        "@path" | "@template" => {
            let text = match resolve_opt(value, payload)? {
                Val::Str(text) => text,
                other => return failed(format!("{name}: expected string, got {}", other.real_type())),
            };
            if name == "@path" { get(payload, &replace_first(&text, "$.")) } else { render(&text, payload) }
        }
        "@if" => {
            if opts.is_none() {
                return failed(r#"@if requires an object with an "exists" key"#);
            }
            if !truthy(opt("exists")) && !truthy(opt("blank")) {
                return failed(r#"@if requires an "exists" key or a "blank" key"#);
            }
            let condition = if let Some(exists) = opt("exists") {
                !resolve(exists, payload)?.is_nullish()
            } else {
                let value = resolve_opt(opt("blank"), payload)?;
                !value.is_nullish() && !loosely_empty(&value)
            };
            if condition {
                if let Some(then) = opt("then") {
                    return resolve(then, payload);
                }
            } else if truthy(opt("else")) {
                return resolve_opt(opt("else"), payload);
            }
            Ok(Val::Undefined)
        }
        "@case" => {
            if opts.is_none() {
                return failed(r#"@case requires an object with a "operator" key"#);
            }
            if !truthy(opt("operator")) {
                return failed(r#"@case requires a "operator" key"#);
            }
            if !truthy(opt("value")) {
                return Ok(Val::Undefined);
            }
            match resolve_opt(opt("value"), payload)? {
                Val::Str(s) => match opt("operator") {
                    Some(JsValue::String(o)) if o.0 == units("lower") => Ok(Val::Str(js::convert_case(&s, false))),
                    Some(JsValue::String(o)) if o.0 == units("upper") => Ok(Val::Str(js::convert_case(&s, true))),
                    _ => failed(r#"operator key should have a value of "lower" or "upper""#),
                },
                other => Ok(other),
            }
        }
        "@replace" => replace(opts, payload),
        "@arrayPath" => {
            let Some(JsValue::Array(data)) = value else {
                return failed(format!("@arrayPath expected array, got {}", real_type(value)));
            };
            let root = match data.first() {
                Some(JsValue::String(path)) => get(payload, &replace_first(&path.0, "$."))?,
                other => resolve_opt(other, payload)?,
            };
            match (data.get(1), &root) {
                (Some(shape @ JsValue::Object(o)), Val::Arr(_) | Val::Obj(_)) if !o.is_empty() => {
                    let items = match root {
                        Val::Arr(items) => items,
                        object => vec![object],
                    };
                    Ok(Val::Arr(items.iter().map(|item| resolve(shape, item)).collect::<Result<_, _>>()?))
                }
                _ => Ok(root),
            }
        }
        "@literal" => resolve_opt(value, payload),
        "@flatten" => {
            if opts.is_none() {
                return failed(r#"@flatten requires an object with a "separator" key"#);
            }
            if !truthy(opt("separator")) {
                return failed(r#"@flatten requires a "separator" key"#);
            }
            let Val::Str(separator) = resolve_opt(opt("separator"), payload)? else {
                return failed("@flatten requires a string separator");
            };
            let value = resolve_opt(opt("value"), payload)?;
            Ok(Val::Obj(flatten(value, &[], &separator, truthy(opt("omitArrays")))?))
        }
        "@json" => {
            if opts.is_none() {
                return failed(r#"@json requires an object with a "value" key"#);
            }
            if !truthy(opt("mode")) {
                return failed(r#"@json requires a "mode" key"#);
            }
            if !truthy(opt("value")) {
                return failed(r#"@json requires a "value" key"#);
            }
            let value = resolve_opt(opt("value"), payload)?;
            match opt("mode") {
                Some(JsValue::String(m)) if m.0 == units("encode") => {
                    Ok(value.to_js().map_or(Val::Undefined, |v| Val::Str(units(&json::stringify(&v)))))
                }
                Some(JsValue::String(m)) if m.0 == units("decode") => match value {
                    Val::Str(text) => decode(text),
                    other => Ok(other),
                },
                _ => Ok(Val::Undefined),
            }
        }
        "@merge" => {
            if opts.is_none() {
                return failed(r#"@merge requires an object with an "objects" key and a "direction" key"#);
            }
            if !truthy(opt("direction")) {
                return failed(r#"@merge requires a "direction" key"#);
            }
            let direction = resolve_opt(opt("direction"), payload)?;
            if !truthy(opt("objects")) {
                return failed(r#"@merge requires a "objects" key"#);
            }
            let Some(JsValue::Array(objects)) = opt("objects") else {
                let kind = match opt("objects") {
                    Some(JsValue::String(_)) => "string",
                    Some(JsValue::Number(_)) => "number",
                    Some(JsValue::Bool(_)) => "boolean",
                    _ => "object",
                };
                return failed(format!("@merge: expected opts.array, got {kind}"));
            };
            let mut objects = objects.iter().map(|o| resolve(o, payload)).collect::<Result<Vec<_>, _>>()?;
            if direction == Val::Str(units("left")) {
                objects.reverse();
            }
            let mut out = Obj::default();
            for source in objects {
                assign(&mut out, source)?;
            }
            Ok(Val::Obj(out))
        }
        "@transform" => {
            if opts.is_none() {
                return failed(r#"@transform requires an object with an "apply" key and a "mapping" key"#);
            }
            if !truthy(opt("mapping")) {
                return failed(r#"@transform requires a "mapping" key"#);
            }
            if !truthy(opt("apply")) {
                return failed(r#"@transform requires a "apply" key"#);
            }
            let Some(apply @ JsValue::Object(_)) = opt("apply") else {
                return failed(r#"@transform "apply" key should be an object"#);
            };
            let data = match payload {
                Val::Undefined => Val::Obj(Obj::default()),
                Val::Obj(_) => payload.clone(),
                other => return failed(format!("data must be an object, got {}", other.real_type())),
            };
            validate(apply, &[]).map_err(Stop::Invalid)?;
            let applied = remove_undefined(resolve(apply, &data)?);
            resolve_opt(opt("mapping"), &applied)
        }
        "@excludeWhenNull" => match resolve_opt(value, payload)? {
            Val::Null => Ok(Val::Undefined),
            other => Ok(clean_nulls(other)),
        },
        "@liquid" => Err(Stop::Unsupported(Unsupported("@liquid is a directive seg does not evaluate".into()))),
        _ => failed(format!("{name} is not a valid directive, got undefined")),
    }
}

/// `path.replace(prefix, '')`: the first occurrence, wherever it is.
fn replace_first(path: &[u16], prefix: &str) -> Vec<u16> {
    let prefix = units(prefix);
    match js::find(path, &prefix, 0) {
        Some(at) => [&path[..at], &path[at + prefix.len()..]].concat(),
        None => path.to_vec(),
    }
}

fn is_quote_or_digit(unit: u16) -> bool {
    unit == u16::from(b'"') || unit == u16::from(b'\'') || (u16::from(b'0')..=u16::from(b'9')).contains(&unit)
}

/// actions-core's `get`: `$`-less paths split at `.`, at `[` before a quote or digit and at `]`s after one, quotes
/// removed; `''` and `'.'` are the whole value.
fn get(value: &Val, path: &[u16]) -> Resolved {
    if path.is_empty() || path == [u16::from(b'.')] {
        return Ok(value.clone());
    }
    let (open, dot, close) = (u16::from(b'['), u16::from(b'.'), u16::from(b']'));
    let mut parts: Vec<Vec<u16>> = vec![Vec::new()];
    let mut i = 0;
    while i < path.len() {
        let c = path[i];
        if c == open && path.get(i + 1).is_some_and(|&n| is_quote_or_digit(n)) || c == dot {
            parts.push(Vec::new());
            i += 1;
        } else if c == close && i > 0 && is_quote_or_digit(path[i - 1]) {
            while path.get(i) == Some(&close) {
                i += 1;
            }
            parts.push(Vec::new());
        } else {
            parts.last_mut().unwrap_or_else(|| unreachable!()).push(c);
            i += 1;
        }
    }
    let mut here = value.clone();
    for part in parts.into_iter().filter(|p| !p.is_empty()) {
        let key: Vec<u16> = part.into_iter().filter(|&u| u != u16::from(b'"') && u != u16::from(b'\'')).collect();
        here = here.step(&key)?;
    }
    Ok(here)
}

/// `{{{path}}}` then `{{path}}` (in what the first pass produced): each replaced by `String(value ?? '')`.
fn render(template: &[u16], payload: &Val) -> Resolved {
    let once = render_pass(template, payload, 3)?;
    Ok(Val::Str(render_pass(&once, payload, 2)?))
}

fn render_pass(text: &[u16], payload: &Val, braces: usize) -> Result<Vec<u16>, Stop> {
    let (open, close) = (u16::from(b'{'), u16::from(b'}'));
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        let opens = text.len() >= i + braces && text[i..i + braces].iter().all(|&u| u == open);
        if opens {
            let start = i + braces;
            let end = text[start..].iter().position(|&u| u == close).map_or(text.len(), |p| start + p);
            if end > start && text.len() >= end + braces && text[end..end + braces].iter().all(|&u| u == close) {
                let value = get(payload, js::trim(&text[start..end]))?;
                if !value.is_nullish() {
                    out.extend(value.to_js_string());
                }
                i = end + braces;
                continue;
            }
        }
        out.push(text[i]);
        i += 1;
    }
    Ok(out)
}

/// `value != ''`'s negation: JavaScript's loose equality with the empty string.
fn loosely_empty(value: &Val) -> bool {
    match value {
        Val::Str(s) => s.is_empty(),
        Val::Num(n) => *n == 0.0,
        Val::Bool(b) => !*b,
        Val::Arr(_) => value.to_js_string().is_empty(),
        Val::Obj(_) | Val::Null | Val::Undefined => false,
    }
}

fn replace(opts: Option<&JsObject>, payload: &Val) -> Resolved {
    let Some(opts) = opts else {
        return failed(r#"@replace requires an object with a "pattern" key"#);
    };
    let opt = |key: &str| opts.get(key);
    if !truthy(opt("pattern")) {
        return failed(r#"@replace requires a "pattern" key"#);
    }
    let empty = JsValue::String(JsString::default());
    let defaulted = |key: &str, default: &JsValue| match opt(key) {
        None | Some(JsValue::Null) => default.clone(),
        Some(v) => v.clone(),
    };
    let replacement = defaulted("replacement", &empty);
    let replacement2 = defaulted("replacement2", &empty);
    let ignorecase = defaulted("ignorecase", &JsValue::Bool(false));
    let global = defaulted("global", &JsValue::Bool(true));
    if !truthy(opt("value")) {
        return Ok(Val::Undefined);
    }
    let value = match resolve_opt(opt("value"), payload)? {
        v @ (Val::Bool(_) | Val::Num(_)) => Val::Str(v.to_js_string()),
        v => v,
    };
    let mut new_value = Vec::new();
    if let (
        Val::Str(value),
        Some(JsValue::String(pattern)),
        JsValue::String(replacement),
        JsValue::Bool(ignore),
        JsValue::Bool(global),
    ) = (&value, opt("pattern"), &replacement, &ignorecase, &global)
    {
        new_value = replace_text(value, &pattern.0, &replacement.0, *global, *ignore)?;
        if let (Some(JsValue::String(pattern2)), JsValue::String(replacement2)) = (opt("pattern2"), &replacement2)
            && !pattern2.0.is_empty()
        {
            new_value = replace_text(&new_value, &pattern2.0, &replacement2.0, *global, *ignore)?;
        }
    }
    Ok(Val::Str(new_value))
}

/// `value.replace(new RegExp(escaped pattern, flags), replacement)`: the pattern is matched as text (every special
/// character is escaped), case-insensitively as a non-Unicode RegExp compares; `$$`, `$&`, `` $` `` and `$'` in the
/// replacement are substituted.
fn replace_text(
    value: &[u16],
    pattern: &[u16],
    replacement: &[u16],
    global: bool,
    ignore: bool,
) -> Result<Vec<u16>, Stop> {
    if pattern.len() > MAX_REPLACE {
        return failed(format!(r#"@replace requires a "pattern" less than {MAX_REPLACE} characters"#));
    }
    if replacement.len() > MAX_REPLACE {
        return failed(format!(r#"@replace requires a "replacement" less than {MAX_REPLACE} characters"#));
    }
    let same = |a: u16, b: u16| if ignore { js::canonicalize(a) == js::canonicalize(b) } else { a == b };
    let matches_at =
        |i: usize| i + pattern.len() <= value.len() && pattern.iter().enumerate().all(|(k, &p)| same(value[i + k], p));
    let mut out = Vec::with_capacity(value.len());
    let mut i = 0;
    let mut copied = 0;
    while i + pattern.len() <= value.len() {
        if !matches_at(i) {
            i += 1;
            continue;
        }
        let end = i + pattern.len();
        out.extend(&value[copied..i]);
        substitute(&mut out, replacement, value, i, end);
        copied = end;
        i = end;
        if !global {
            break;
        }
    }
    out.extend(&value[copied..]);
    Ok(out)
}

/// GetSubstitution (ECMA-262 §22.1.3.19.1) with no capture groups.
fn substitute(out: &mut Vec<u16>, replacement: &[u16], value: &[u16], start: usize, end: usize) {
    let dollar = u16::from(b'$');
    let mut k = 0;
    while k < replacement.len() {
        let c = replacement[k];
        if c == dollar && k + 1 < replacement.len() {
            let next = replacement[k + 1];
            let taken: Option<&[u16]> = match u8::try_from(next).unwrap_or(0) {
                b'$' => Some(&[0x24]),
                b'&' => Some(&value[start..end]),
                b'`' => Some(&value[..start]),
                b'\'' => Some(&value[end..]),
                _ => None,
            };
            if let Some(taken) = taken {
                out.extend(taken);
                k += 2;
                continue;
            }
        }
        out.push(c);
        k += 1;
    }
}

/// `flattenObject(value, prefix, separator, omitArrays)`.
fn flatten(value: Val, prefix: &[u16], separator: &[u16], omit_arrays: bool) -> Result<Obj, Stop> {
    let entries: Vec<(Vec<u16>, Val)> = match value {
        Val::Obj(object) => object.0,
        Val::Arr(items) if !omit_arrays => {
            items.into_iter().enumerate().map(|(i, v)| (units(&i.to_string()), v)).collect()
        }
        leaf => {
            let mut out = Obj::default();
            out.0.push((prefix.to_vec(), leaf));
            return Ok(out);
        }
    };
    let mut out = Obj::default();
    for (key, item) in entries {
        let name = if prefix.is_empty() { key } else { [prefix, separator, &key].concat() };
        for (k, v) in flatten(item, &name, separator, omit_arrays)?.0 {
            out.set(k, v)?;
        }
    }
    Ok(out)
}

/// `Object.assign(target, source)`.
fn assign(target: &mut Obj, source: Val) -> Result<(), Stop> {
    match source {
        Val::Str(s) => {
            for (i, unit) in s.into_iter().enumerate() {
                target.set(units(&i.to_string()), Val::Str(vec![unit]))?;
            }
        }
        Val::Arr(items) => {
            for (i, item) in items.into_iter().enumerate() {
                target.set(units(&i.to_string()), item)?;
            }
        }
        Val::Obj(object) => {
            for (key, item) in object.0 {
                target.set(key, item)?;
            }
        }
        Val::Undefined | Val::Null | Val::Bool(_) | Val::Num(_) => {}
    }
    Ok(())
}

/// `JSON.parse(text)`, or the text itself when it is not JSON.
fn decode(text: Vec<u16>) -> Resolved {
    // A lone surrogate is valid only inside a JSON string, where `\uXXXX` says the same; a backslash before one is
    // an invalid escape either way.
    let mut source = String::new();
    let mut backslashes = 0;
    for item in char::decode_utf16(text.iter().copied()) {
        match item {
            Ok(c) => {
                backslashes = if c == '\\' { backslashes + 1 } else { 0 };
                source.push(c);
            }
            Err(lone) => {
                if backslashes % 2 == 1 {
                    return Ok(Val::Str(text));
                }
                source.push_str(&format!("\\u{:04x}", lone.unpaired_surrogate()));
                backslashes = 0;
            }
        }
    }
    match json::parse(source.as_bytes()) {
        Ok(value) => Ok(Val::from_js(&value)?),
        Err(e) if e.too_deep() => {
            Err(Stop::Unsupported(Unsupported(format!("@json decodes JSON nested deeper than seg reads ({e})"))))
        }
        Err(_) => Ok(Val::Str(text)),
    }
}

/// `@excludeWhenNull`'s `cleanNulls`: an object's `null` fields (its nested objects' too) become undefined.
fn clean_nulls(value: Val) -> Val {
    match value {
        Val::Obj(object) => Val::Obj(Obj(object
            .0
            .into_iter()
            .map(|(k, v)| match v {
                Val::Null => (k, Val::Undefined),
                v @ Val::Obj(_) => (k, clean_nulls(v)),
                v => (k, v),
            })
            .collect())),
        other => other,
    }
}

/// `removeUndefined`: an object's undefined fields go, at every depth (an array keeps its items).
fn remove_undefined(value: Val) -> Val {
    match value {
        Val::Arr(items) => Val::Arr(items.into_iter().map(remove_undefined).collect()),
        Val::Obj(object) => Val::Obj(Obj(object
            .0
            .into_iter()
            .filter(|(_, v)| !matches!(v, Val::Undefined))
            .map(|(k, v)| (k, remove_undefined(v)))
            .collect())),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(mapping: &str, event: &str) -> Result<Option<String>, MappingError> {
        let mapping = json::parse(mapping.as_bytes()).unwrap();
        let JsValue::Object(event) = json::parse(event.as_bytes()).unwrap() else { unreachable!() };
        Ok(transform(&mapping, &event)?.map(|v| json::stringify(&v)))
    }

    #[test]
    fn directives_resolve() {
        let event = r#"{"type":"track","event":"Order Completed","userId":"u1","properties":{"total":25.5,"items":[{"sku":"a","n":1},{"sku":"b","n":2}],"tag":null,"name":"Ada"}}"#;
        for (mapping, expected) in [
            (r#"{"a":{"@path":"$.properties.total"},"b":{"@path":"$.missing"}}"#, r#"{"a":25.5}"#),
            (
                r#"{"t":{"@template":"{{event}} by {{ userId }}: {{properties.total}}"}}"#,
                r#"{"t":"Order Completed by u1: 25.5"}"#,
            ),
            (r#"{"x":{"@if":{"exists":{"@path":"$.userId"},"then":"yes","else":"no"}}}"#, r#"{"x":"yes"}"#),
            (r#"{"x":{"@if":{"blank":{"@path":"$.properties.tag"},"then":"yes","else":"no"}}}"#, r#"{"x":"no"}"#),
            (r#"{"x":{"@case":{"operator":"upper","value":{"@path":"$.properties.name"}}}}"#, r#"{"x":"ADA"}"#),
            (
                r#"{"x":{"@replace":{"pattern":"o","replacement":"0","value":{"@path":"$.event"}}}}"#,
                r#"{"x":"Order C0mpleted"}"#,
            ),
            (
                r#"{"x":{"@arrayPath":["$.properties.items",{"id":{"@path":"$.sku"}}]}}"#,
                r#"{"x":[{"id":"a"},{"id":"b"}]}"#,
            ),
            (
                r#"{"x":{"@json":{"mode":"encode","value":{"@path":"$.properties.items[0]"}}}}"#,
                r#"{"x":"{\"sku\":\"a\",\"n\":1}"}"#,
            ),
            (
                r#"{"x":{"@flatten":{"separator":"_","value":{"@path":"$.properties.items"}}}}"#,
                r#"{"x":{"0_sku":"a","0_n":1,"1_sku":"b","1_n":2}}"#,
            ),
            (r#"{"x":{"@merge":{"direction":"right","objects":[{"a":1,"b":1},{"b":2}]}}}"#, r#"{"x":{"a":1,"b":2}}"#),
            (
                r#"{"x":{"@excludeWhenNull":{"@path":"$.properties"}}}"#,
                r#"{"x":{"total":25.5,"items":[{"sku":"a","n":1},{"sku":"b","n":2}],"name":"Ada"}}"#,
            ),
            (
                r#"{"x":{"@transform":{"apply":{"n":{"@path":"$.properties.name"}},"mapping":{"@path":"$.n"}}}}"#,
                r#"{"x":"Ada"}"#,
            ),
            (r#"{"x":{"@literal":"$.a"}}"#, r#"{"x":"$.a"}"#),
        ] {
            assert_eq!(run(mapping, event).unwrap().as_deref(), Some(expected), "{mapping}");
        }
    }

    #[test]
    fn the_reference_s_validation_errors_and_seg_s_refusals() {
        let err = run(r#"{"a":{"@path":5}}"#, "{}").unwrap_err();
        assert_eq!(
            err,
            MappingError::Invalid {
                messages: vec!["/a/@path should be a string or a mapping directive but it is a number.".into()],
                several: true
            }
        );
        let err = run(r#"{"a":{"@liquid":"{{ event }}"}}"#, "{}").unwrap_err();
        assert!(matches!(&err, MappingError::Unsupported(u) if u.0.contains("@liquid")), "{err}");
        assert!(
            run(r#"{"a":[{"@path":5}]}"#, "{}").unwrap_err().to_string().contains("@path: expected string, got number")
        );
        assert!(matches!(
            run(r#"{"a":{"@path":"$.x.constructor"}}"#, r#"{"x":{}}"#),
            Err(MappingError::Unsupported(_))
        ));
    }
}
