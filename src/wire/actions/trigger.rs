//! When a mapping fires: its trigger, the FQL subset of destination subscriptions (`type = "track" and
//! properties.total > 10`), read and evaluated exactly as the reference package `@segment/destination-subscriptions`
//! (`parseFql`, `validate`, over the `@segment/fql-ts` lexer) reads and evaluates it, quirks included: `and`/`or`
//! take the last conjunction written for the whole group, a `!` negates only `contains()` and `match()`, `=`
//! compares text, numbers compare only with numbers, a lookup stops at a falsy value. tests/it/actions_reference.rs
//! holds seg to the package itself. This is not `wire::fql` (destination filters), another dialect.
//!
//! [`Trigger::parse`] accepts what the reference accepts; [`Trigger::validate`] answers as the reference answers, or
//! says what the reference would throw; [`Trigger::new`] also refuses what parses but can only throw when evaluated
//! (an empty group `()`, a path of dots), so a stored trigger is one that evaluates.

use std::collections::VecDeque;
use std::fmt;

use super::js::{self, Unsupported, builtin, inherited, units};
use crate::json::{self, JsObject, JsString, JsValue};

/// Why a trigger does not parse. The reference reports every lexical error and every unbalanced group as a
/// JavaScript TypeError about `undefined`; seg says what it met instead (and its own words for the parser's explicit
/// errors, such as `Value token is missing`, are the reference's).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError(pub String);

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseError {}

/// What evaluating a trigger met instead of an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    /// The reference throws here (the text is what seg names as the cause).
    Throws(String),
    /// The answer depends on a JavaScript built-in, not on the event's data.
    Unsupported(Unsupported),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Throws(why) => write!(f, "the trigger cannot be evaluated: {why}"),
            EvalError::Unsupported(why) => why.fmt(f),
        }
    }
}

/// A parsed trigger: its text and the reference's condition tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Trigger {
    text: String,
    root: Group,
}

#[derive(Debug, Clone, PartialEq)]
struct Group {
    /// The last `and`/`or` of the group (`and` when there is none).
    any: bool,
    /// `None` is the reference's `undefined`, what an empty `()` parses to.
    children: Vec<Option<Node>>,
}

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Condition(Condition),
    Group(Group),
}

#[derive(Debug, Clone, PartialEq)]
struct Condition {
    field: Field,
    /// The operator as the reference names it (`=`, `number_equals`, `contains`, `exists`, ...; any other text
    /// written in its place, which evaluates to false).
    operator: Vec<u16>,
    value: Option<Lit>,
}

#[derive(Debug, Clone, PartialEq)]
enum Field {
    Type,
    Event,
    Name,
    UserId,
    Properties(Vec<u16>),
    Traits(Vec<u16>),
    Context(Vec<u16>),
}

#[derive(Debug, Clone, PartialEq)]
enum Lit {
    Str(Vec<u16>),
    Num(f64),
    Bool(bool),
}

impl Lit {
    /// `String(expected)`.
    fn text(value: Option<&Lit>) -> Vec<u16> {
        match value {
            None => units("undefined"),
            Some(Lit::Str(s)) => s.clone(),
            Some(Lit::Num(n)) => units(&json::number_to_string(*n)),
            Some(Lit::Bool(b)) => units(if *b { "true" } else { "false" }),
        }
    }

    /// `Number(expected)`.
    fn number(value: Option<&Lit>) -> f64 {
        match value {
            None => f64::NAN,
            Some(Lit::Str(s)) => js::string_to_number(s),
            Some(Lit::Num(n)) => *n,
            Some(Lit::Bool(b)) => f64::from(u8::from(*b)),
        }
    }
}

impl Trigger {
    /// `parseFql(text)`: the trigger, or why the reference refuses it.
    pub fn parse(text: &str) -> Result<Trigger, ParseError> {
        let tokens = Lexer { code: units(text), at: 0 }.lex()?;
        let mut tokens: VecDeque<Token> = normalize(tokens).into();
        let root = match parse(&mut tokens)? {
            None => return Err(ParseError("the trigger has no condition".into())),
            Some(Node::Group(group)) => group,
            Some(node) => Group { any: false, children: vec![Some(node)] },
        };
        Ok(Trigger { text: text.to_owned(), root })
    }

    /// A trigger seg stores: one the reference parses and that cannot make the reference throw when evaluated.
    pub fn new(text: &str) -> Result<Trigger, ParseError> {
        let trigger = Trigger::parse(text)?;
        trigger.root.check()?;
        Ok(trigger)
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// `validate(trigger, event)`: whether a mapping with this trigger fires for the event.
    pub fn validate(&self, event: &JsObject) -> Result<bool, EvalError> {
        self.root.validate(event)
    }
}

impl Group {
    fn check(&self) -> Result<(), ParseError> {
        for child in &self.children {
            match child {
                None => return Err(ParseError("an empty group `()` cannot be evaluated".into())),
                Some(Node::Group(group)) => group.check()?,
                Some(Node::Condition(condition)) => {
                    if let Field::Properties(path) | Field::Traits(path) | Field::Context(path) = &condition.field
                        && !path.is_empty()
                        && segments(path).is_empty()
                    {
                        return Err(ParseError(format!("the path `{}` names no field", js::text(path))));
                    }
                }
            }
        }
        Ok(())
    }

    fn validate(&self, event: &JsObject) -> Result<bool, EvalError> {
        for child in &self.children {
            let holds = match child {
                None => {
                    return Err(EvalError::Throws("an empty group `()` (the reference reads it as undefined)".into()));
                }
                Some(Node::Group(group)) => group.validate(event)?,
                Some(Node::Condition(condition)) => condition.validate(event)?,
            };
            // `every` for and, `some` for or: the first answer that decides ends the walk.
            if holds == self.any {
                return Ok(holds);
            }
        }
        Ok(!self.any)
    }
}

/// A value met while evaluating: the event's JSON, or what JavaScript makes of a lookup into it.
#[derive(Debug, Clone, Copy)]
enum Actual<'a> {
    Undefined,
    Json(&'a JsValue),
    /// One UTF-16 code unit of a string (`"abc"[1]`).
    Unit(u16),
    /// A length.
    Num(f64),
    /// An inherited member (a function): truthy, exists, equal to nothing written.
    Builtin,
}

impl<'a> Actual<'a> {
    fn truthy(self) -> bool {
        match self {
            Actual::Undefined => false,
            Actual::Json(v) => js::truthy(Some(v)),
            Actual::Unit(_) | Actual::Builtin => true,
            Actual::Num(n) => n != 0.0 && !n.is_nan(),
        }
    }

    /// `value && value[key]`.
    fn step(self, key: &[u16]) -> Result<Actual<'a>, EvalError> {
        if !self.truthy() {
            return Ok(self);
        }
        let length = key == units("length");
        let (proto, own) = match self {
            Actual::Json(JsValue::String(s)) => {
                if length {
                    return Ok(Actual::Num(s.0.len() as f64));
                }
                match string_index(key).and_then(|i| s.0.get(i)) {
                    Some(&unit) => return Ok(Actual::Unit(unit)),
                    None => (js::Proto::String, None),
                }
            }
            Actual::Unit(unit) => {
                if length {
                    return Ok(Actual::Num(1.0));
                }
                if key == [u16::from(b'0')] {
                    return Ok(Actual::Unit(unit));
                }
                (js::Proto::String, None)
            }
            Actual::Json(JsValue::Array(items)) => {
                if length {
                    return Ok(Actual::Num(items.len() as f64));
                }
                let index = JsString(key.to_vec()).array_index();
                (js::Proto::Array, index.and_then(|i| items.get(i as usize)))
            }
            Actual::Json(JsValue::Object(object)) => (js::Proto::Object, object.get_js(&JsString(key.to_vec()))),
            Actual::Json(JsValue::Number(_)) | Actual::Num(_) => (js::Proto::Number, None),
            Actual::Json(JsValue::Bool(_)) => (js::Proto::Boolean, None),
            Actual::Builtin => return Err(EvalError::Unsupported(builtin(key))),
            Actual::Undefined | Actual::Json(JsValue::Null) => unreachable!("falsy"),
        };
        Ok(match own {
            Some(found) => Actual::Json(found),
            None if inherited(proto, key) => Actual::Builtin,
            None => Actual::Undefined,
        })
    }

    fn string(self) -> Option<Vec<u16>> {
        match self {
            Actual::Json(JsValue::String(s)) => Some(s.0.clone()),
            Actual::Unit(unit) => Some(vec![unit]),
            _ => None,
        }
    }

    fn number(self) -> Option<f64> {
        match self {
            Actual::Json(JsValue::Number(n)) => Some(*n),
            Actual::Num(n) => Some(n),
            _ => None,
        }
    }
}

/// CanonicalNumericIndexString of an integer, as a string's index.
fn string_index(key: &[u16]) -> Option<usize> {
    if key.is_empty() || key.len() > 15 || (key.len() > 1 && key[0] == u16::from(b'0')) {
        return None;
    }
    key.iter().try_fold(0usize, |n, &u| {
        (u16::from(b'0')..=u16::from(b'9')).contains(&u).then(|| n * 10 + usize::from(u - u16::from(b'0')))
    })
}

/// The runs of a path between `[`, `.` and `]` (`path.match(/([^[.\]])+/g)`).
fn segments(path: &[u16]) -> Vec<&[u16]> {
    path.split(|&u| u == u16::from(b'[') || u == u16::from(b'.') || u == u16::from(b']'))
        .filter(|s| !s.is_empty())
        .collect()
}

/// destination-subscriptions' `get(object, path)`.
fn get<'a>(object: Actual<'a>, path: &[u16]) -> Result<Actual<'a>, EvalError> {
    if path.is_empty() {
        return Ok(Actual::Undefined);
    }
    let segments = segments(path);
    if segments.is_empty() {
        return Err(EvalError::Throws(format!("the path `{}` names no field", js::text(path))));
    }
    segments.into_iter().try_fold(object, |value, key| value.step(key))
}

impl Condition {
    fn validate(&self, event: &JsObject) -> Result<bool, EvalError> {
        let top = |key: &str| event.get(key).map_or(Actual::Undefined, Actual::Json);
        let actual = match &self.field {
            Field::Type => top("type"),
            Field::Event => top("event"),
            Field::Name => top("name"),
            Field::UserId => top("userId"),
            Field::Properties(path) => get(top("properties"), path)?,
            Field::Traits(path) => get(top("traits"), path)?,
            Field::Context(path) => get(top("context"), path)?,
        };
        let expected = self.value.as_ref();
        let numbers = |test: fn(f64, f64) -> bool| actual.number().is_some_and(|a| test(a, Lit::number(expected)));
        let text = |test: fn(&[u16], &[u16]) -> bool| actual.string().is_some_and(|a| test(&a, &Lit::text(expected)));
        let operator = String::from_utf16_lossy(&self.operator);
        Ok(match operator.as_str() {
            "=" => actual.string().is_some_and(|a| a == Lit::text(expected)),
            "!=" => actual.string().is_none_or(|a| a != Lit::text(expected)),
            "number_equals" => numbers(|a, b| a == b),
            "number_not_equals" => numbers(|a, b| a != b),
            "<" => numbers(|a, b| a < b),
            "<=" => numbers(|a, b| a <= b),
            ">" => numbers(|a, b| a > b),
            ">=" => numbers(|a, b| a >= b),
            "contains" => text(|a, b| js::find(a, b, 0).is_some()),
            "not_contains" => text(|a, b| js::find(a, b, 0).is_none()),
            "starts_with" => text(|a, b| a.starts_with(b)),
            "not_starts_with" => text(|a, b| !a.starts_with(b)),
            "ends_with" => text(|a, b| a.ends_with(b)),
            "not_ends_with" => text(|a, b| !a.ends_with(b)),
            "exists" => !matches!(actual, Actual::Undefined | Actual::Json(JsValue::Null)),
            "not_exists" => matches!(actual, Actual::Undefined | Actual::Json(JsValue::Null)),
            "is_true" => matches!(actual, Actual::Json(JsValue::Bool(true))),
            "is_false" => matches!(actual, Actual::Json(JsValue::Bool(false))),
            _ => false,
        })
    }
}

// ---- the lexer of @segment/fql-ts ----

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ident,
    Dot,
    Operator,
    Conditional,
    Str,
    Number,
    Null,
    BrackLeft,
    BrackRight,
    ParenLeft,
    ParenRight,
    Comma,
    Eos,
}

#[derive(Debug, Clone)]
struct Token {
    kind: Kind,
    value: Vec<u16>,
}

impl Token {
    fn new(kind: Kind, value: &str) -> Token {
        Token { kind, value: units(value) }
    }

    fn is(&self, kind: Kind, value: &str) -> bool {
        self.kind == kind && self.value == units(value)
    }
}

/// The lexer's limits on one string, number or identifier.
const LIMIT: usize = 100_000;

struct Lexer {
    code: Vec<u16>,
    at: usize,
}

fn is_alpha(c: Option<u16>) -> bool {
    c.is_some_and(|c| (u16::from(b'a')..=u16::from(b'z')).contains(&(c | 0x20)) && c < 0x80)
}

fn is_digit(c: Option<u16>) -> bool {
    c.is_some_and(|c| (u16::from(b'0')..=u16::from(b'9')).contains(&c))
}

fn is_char(c: Option<u16>, ch: u8) -> bool {
    c == Some(u16::from(ch))
}

fn is_whitespace(c: Option<u16>) -> bool {
    is_char(c, b' ') || is_char(c, b'\t') || is_char(c, b'\n')
}

fn is_ident(c: Option<u16>) -> bool {
    is_alpha(c) || is_digit(c) || is_char(c, b'_') || is_char(c, b'-') || is_char(c, b'\\')
}

fn is_terminator(c: Option<u16>) -> bool {
    c.is_none() || is_whitespace(c) || is_char(c, b',') || is_char(c, b']') || is_char(c, b')')
}

/// A character as the lexer's messages show it (its end of input is the flag "-1").
fn shown(c: Option<u16>) -> String {
    c.map_or_else(|| "-1".into(), |c| String::from_utf16_lossy(&[c]))
}

impl Lexer {
    fn next(&mut self) -> Option<u16> {
        let c = self.code.get(self.at).copied();
        if c.is_some() {
            self.at += 1;
        }
        c
    }

    fn peek(&self) -> Option<u16> {
        self.code.get(self.at).copied()
    }

    fn backup(&mut self, count: usize) {
        self.at = self.at.saturating_sub(count);
    }

    /// Takes `word` if it comes next and a terminator follows it; at the end of input it gives up without
    /// stepping back over what it read (as the reference does).
    fn accept(&mut self, word: &str) -> bool {
        let mut read = Vec::new();
        for _ in word.encode_utf16() {
            let Some(c) = self.next() else { return false };
            read.push(c);
            if is_terminator(Some(c)) {
                break;
            }
        }
        if read == units(word) && is_terminator(self.peek()) {
            return true;
        }
        self.backup(read.len());
        false
    }

    fn lex(mut self) -> Result<Vec<Token>, ParseError> {
        let mut tokens = Vec::new();
        loop {
            let Some(unit) = self.next() else {
                tokens.push(Token::new(Kind::Eos, "eos"));
                return Ok(tokens);
            };
            let c = Some(unit);
            if is_whitespace(c) {
                continue;
            }
            if is_char(c, b'!') && (is_alpha(self.peek()) || is_char(self.peek(), b'(')) {
                tokens.push(Token::new(Kind::Operator, "!"));
                continue;
            }
            let token = if is_alpha(c) || [b'!', b'=', b'>', b'<', b'\\', b'_'].iter().any(|&ch| is_char(c, ch)) {
                self.operator_or_conditional(unit)?
            } else if is_digit(c) || is_char(c, b'-') || is_char(c, b'+') {
                self.number(unit)?
            } else if is_char(c, b'"') || is_char(c, b'\'') {
                self.string(unit)?
            } else {
                match c.and_then(|c| u8::try_from(c).ok()) {
                    Some(b'.') => Token::new(Kind::Dot, "."),
                    Some(b'[') => Token::new(Kind::BrackLeft, "["),
                    Some(b']') => Token::new(Kind::BrackRight, "]"),
                    Some(b',') => Token::new(Kind::Comma, ","),
                    Some(b'(') => Token::new(Kind::ParenLeft, "("),
                    Some(b')') => Token::new(Kind::ParenRight, ")"),
                    _ => return Err(ParseError(format!("invalid character {:?}", shown(c)))),
                }
            };
            tokens.push(token);
        }
    }

    fn string(&mut self, quote: u16) -> Result<Token, ParseError> {
        let mut text = vec![quote];
        while self.peek() != Some(quote) {
            let Some(c) = self.next() else { return Err(ParseError("unterminated string".into())) };
            text.push(c);
            if text.len() > LIMIT {
                return Err(ParseError("unreasonable string length".into()));
            }
        }
        // The closing quote is taken only when a terminator follows it; else it opens the next string.
        self.accept(&String::from_utf16_lossy(&[quote]));
        text.push(quote);
        Ok(Token { kind: Kind::Str, value: text })
    }

    fn number(&mut self, first: u16) -> Result<Token, ParseError> {
        let mut text = vec![first];
        let mut decimal = false;
        let mut coming = self.peek();
        while is_digit(coming) || is_char(coming, b'.') {
            text.extend(self.next());
            if is_char(coming, b'.') {
                if is_terminator(self.peek()) {
                    return Err(ParseError("unexpected terminator after decimal point".into()));
                }
                if decimal {
                    return Err(ParseError("multiple decimal points in one number".into()));
                }
                decimal = true;
            }
            if text.len() > LIMIT {
                return Err(ParseError("unreasonable number length".into()));
            }
            coming = self.peek();
        }
        Ok(Token { kind: Kind::Number, value: text })
    }

    fn operator_or_conditional(&mut self, first: u16) -> Result<Token, ParseError> {
        match u8::try_from(first).unwrap_or(0) {
            b'=' => Ok(Token::new(Kind::Operator, "=")),
            b'!' if self.accept("=") => Ok(Token::new(Kind::Operator, "!=")),
            b'!' => Err(ParseError(format!("expected '=' after '!', got '{}'", shown(self.peek())))),
            b'a' if self.accept("nd") => Ok(Token::new(Kind::Conditional, "and")),
            b'o' if self.accept("r") => Ok(Token::new(Kind::Conditional, "or")),
            b'n' if self.accept("ull") => Ok(Token::new(Kind::Null, "null")),
            op @ (b'<' | b'>') => {
                let equal = self.accept("=");
                let mut value = vec![u16::from(op)];
                if equal {
                    value.push(u16::from(b'='));
                }
                Ok(Token { kind: Kind::Operator, value })
            }
            _ => self.ident(first),
        }
    }

    fn ident(&mut self, first: u16) -> Result<Token, ParseError> {
        let mut text = Vec::new();
        let mut c = first;
        loop {
            if c == u16::from(b'\\') {
                c = self
                    .next()
                    .ok_or_else(|| ParseError("expected character after escape character, got EOS".into()))?;
            }
            text.push(c);
            if text.len() >= LIMIT {
                return Err(ParseError("unreasonable literal length".into()));
            }
            if !is_ident(self.peek()) {
                break;
            }
            c = self.next().unwrap_or_default();
        }
        let coming = self.peek();
        if !(is_terminator(coming) || [b'.', b'(', b'=', b'!'].iter().any(|&ch| is_char(coming, ch))) {
            return Err(ParseError(format!("expected termination character after identifier, got {}", shown(coming))));
        }
        Ok(Token { kind: Kind::Ident, value: text })
    }
}

/// Joins `a`, `.`, `b` into the identifier `a.b`, left to right.
fn normalize(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    let mut i = 0;
    while i < tokens.len() {
        let joins = out.last().is_some_and(|last| last.kind == Kind::Ident)
            && tokens[i].kind == Kind::Dot
            && tokens.get(i + 1).is_some_and(|next| next.kind == Kind::Ident);
        if joins {
            let last = out.last_mut().unwrap_or_else(|| unreachable!());
            last.value.push(u16::from(b'.'));
            last.value.extend(&tokens[i + 1].value);
            i += 2;
        } else {
            out.push(tokens[i].clone());
            i += 1;
        }
    }
    out
}

// ---- parse-fql.js ----

/// `getTokenValue`: a string without one leading and one trailing double quote, a number's value, `true`/`false`,
/// else the token's text.
fn token_value(token: &Token) -> Lit {
    let quote = u16::from(b'"');
    match token.kind {
        Kind::Str => {
            let mut s: &[u16] = &token.value;
            if s.first() == Some(&quote) {
                s = &s[1..];
            }
            if s.last() == Some(&quote) {
                s = &s[..s.len() - 1];
            }
            Lit::Str(s.to_vec())
        }
        Kind::Number => Lit::Num(js::string_to_number(&token.value)),
        Kind::Ident if token.value == units("true") => Lit::Bool(true),
        Kind::Ident if token.value == units("false") => Lit::Bool(false),
        _ => Lit::Str(token.value.clone()),
    }
}

fn token_text(token: &Token) -> Lit {
    Lit::Str(Lit::text(Some(&token_value(token))))
}

/// The names a reference lookup table answers for an identifier's first part: its own seven, and the members every
/// JavaScript object inherits (which take an operator and a value and add no condition).
fn field_kind(start: &[u16]) -> Option<Option<&'static str>> {
    const OWN: [&str; 7] = ["type", "event", "name", "userId", "context", "properties", "traits"];
    if let Some(name) = OWN.iter().find(|n| units(n) == start) {
        return Some(Some(name));
    }
    inherited(js::Proto::Object, start).then_some(None)
}

fn strip(value: &[u16], prefix: &str) -> Vec<u16> {
    let prefix = units(&format!("{prefix}."));
    value.strip_prefix(prefix.as_slice()).unwrap_or(value).to_vec()
}

fn is_function(token: Option<&Token>) -> Result<bool, ParseError> {
    let token = token.ok_or_else(|| ParseError("`!` ends the trigger".into()))?;
    Ok(token.is(Kind::Ident, "contains") || token.is(Kind::Ident, "match"))
}

fn parse(tokens: &mut VecDeque<Token>) -> Result<Option<Node>, ParseError> {
    let mut nodes: Vec<Option<Node>> = Vec::new();
    let mut any = false;
    while let Some(token) = tokens.pop_front() {
        if token.kind == Kind::Eos {
            break;
        }
        if token.kind == Kind::Ident {
            let start = token.value.split(|&u| u == u16::from(b'.')).next().unwrap_or(&[]);
            if let Some(kind) = field_kind(start) {
                let operator = tokens.pop_front().ok_or_else(|| ParseError("Operator token is missing".into()))?;
                let value = tokens.pop_front().ok_or_else(|| ParseError("Value token is missing".into()))?;
                if let Some(kind) = kind {
                    nodes.push(Some(Node::Condition(condition(kind, &token, &operator, &value))));
                }
            }
            if is_function(Some(&token))? {
                function(&token.value, &mut nodes, tokens, false)?;
            }
        }
        if token.is(Kind::Operator, "!") && is_function(tokens.front())? {
            let name = tokens.pop_front().map(|t| t.value).unwrap_or_default();
            function(&name, &mut nodes, tokens, true)?;
        }
        if token.kind == Kind::ParenLeft {
            let mut group = VecDeque::new();
            loop {
                let inner = tokens.pop_front().ok_or_else(|| ParseError("a `(` is not closed".into()))?;
                if inner.kind == Kind::ParenRight {
                    break;
                }
                group.push_back(inner);
            }
            group.push_back(Token::new(Kind::Eos, "eos"));
            nodes.push(parse(&mut group)?);
        }
        if token.kind == Kind::Conditional {
            any = token.value == units("or");
        }
    }
    Ok(if nodes.len() > 1 {
        Some(Node::Group(Group { any, children: nodes }))
    } else {
        nodes.into_iter().next().flatten()
    })
}

fn condition(kind: &str, token: &Token, operator: &Token, value: &Token) -> Condition {
    let op = |o: &str| operator.value == units(o);
    let is_true = op("=") && value.value == units("true");
    let is_false = op("=") && value.value == units("false");
    let exists = op("!=") && value.value == units("null");
    let not_exists = op("=") && value.value == units("null");
    let number_equals = op("=") && value.kind == Kind::Number;
    let number_not_equals = op("!=") && value.kind == Kind::Number;
    let named = |operator: &str, value: Option<Lit>| (units(operator), value);
    let (field, (operator, value)) = match kind {
        "event" => (Field::Event, (operator.value.clone(), Some(token_text(value)))),
        "type" => (Field::Type, (operator.value.clone(), Some(token_text(value)))),
        "name" | "userId" => {
            let field = if kind == "name" { Field::Name } else { Field::UserId };
            let answer = if exists {
                named("exists", None)
            } else if not_exists {
                named("not_exists", None)
            } else if kind == "userId" && is_true {
                named("is_true", None)
            } else if kind == "userId" && is_false {
                named("is_false", None)
            } else {
                (operator.value.clone(), Some(token_text(value)))
            };
            (field, answer)
        }
        _ => {
            let path = strip(&token.value, kind);
            let field = match kind {
                "properties" => Field::Properties(path),
                "traits" => Field::Traits(path),
                _ => Field::Context(path),
            };
            let answer = if exists {
                named("exists", None)
            } else if not_exists {
                named("not_exists", None)
            } else if is_true {
                named("is_true", None)
            } else if is_false {
                named("is_false", None)
            } else if number_equals {
                named("number_equals", Some(token_value(value)))
            } else if number_not_equals {
                named("number_not_equals", Some(token_value(value)))
            } else {
                (operator.value.clone(), Some(token_value(value)))
            };
            (field, answer)
        }
    };
    Condition { field, operator, value }
}

/// `contains(field, "text")` and `match(field, "glob*")` (`*` at the end: starts with; else ends with what follows
/// the first character), negated after `!`.
fn function(
    name: &[u16],
    nodes: &mut Vec<Option<Node>>,
    tokens: &mut VecDeque<Token>,
    negate: bool,
) -> Result<(), ParseError> {
    let label = js::text(name);
    tokens.pop_front();
    let field = tokens.pop_front().ok_or_else(|| ParseError(format!("{label}() is missing a 1st argument")))?;
    tokens.pop_front();
    let value = tokens.pop_front().ok_or_else(|| ParseError(format!("{label}() is missing a 2nd argument")))?;
    tokens.pop_front();
    let not = if negate { "not_" } else { "" };
    let (operator, text) = if label == "contains" {
        (format!("{not}contains"), Lit::text(Some(&token_value(&value))))
    } else {
        let text = Lit::text(Some(&token_value(&value)));
        if value.value.ends_with(&units("*\"")) {
            (format!("{not}starts_with"), text[..text.len().saturating_sub(1)].to_vec())
        } else {
            (format!("{not}ends_with"), text.get(1..).unwrap_or_default().to_vec())
        }
    };
    let make = |field: Field| {
        Some(Node::Condition(Condition { field, operator: units(&operator), value: Some(Lit::Str(text.clone())) }))
    };
    let f = &field.value;
    for (word, kind) in [("event", Field::Event), ("name", Field::Name), ("userId", Field::UserId)] {
        if *f == units(word) {
            nodes.push(make(kind));
        }
    }
    if f.starts_with(&units("properties")) {
        nodes.push(make(Field::Properties(strip(f, "properties"))));
    }
    if f.starts_with(&units("traits")) {
        nodes.push(make(Field::Traits(strip(f, "traits"))));
    }
    if f.starts_with(&units("context")) {
        nodes.push(make(Field::Context(strip(f, "context"))));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(text: &str) -> JsObject {
        match json::parse(text.as_bytes()).unwrap() {
            JsValue::Object(o) => o,
            _ => unreachable!(),
        }
    }

    fn fires(fql: &str, text: &str) -> bool {
        Trigger::parse(fql).unwrap_or_else(|e| panic!("{fql}: {e}")).validate(&event(text)).unwrap()
    }

    #[test]
    fn the_common_forms() {
        let track = r#"{"type":"track","event":"Order Completed","userId":"u-1","properties":{"total":25,"tags":["a"],"coupon":null,"ok":true},"context":{"page":{"path":"/x"}}}"#;
        for (fql, expected) in [
            (r#"type = "track""#, true),
            (r#"type = "identify" or event = "Order Completed""#, true),
            (r#"event = "Order Completed" and userId = "u-1""#, true),
            ("properties.total > 10 and properties.total <= 25", true),
            ("properties.total = 25", true),
            (r#"properties.total = "25""#, false),
            ("properties.coupon = null", true),
            ("properties.missing != null", false),
            ("properties.ok = true", true),
            (r#"contains(event, "Completed")"#, true),
            (r#"!contains(event, "Completed")"#, false),
            (r#"match(event, "Order*")"#, true),
            (r#"match(userId, "*-1")"#, true),
            (r#"context.page.path = "/x""#, true),
            ("properties.tags.length = 1", true),
            // One conjunction for the whole group: the last written.
            (r#"type = "page" and type = "screen" or type = "track""#, true),
        ] {
            assert_eq!(fires(fql, track), expected, "{fql}");
        }
    }

    #[test]
    fn what_does_not_parse_says_why() {
        for bad in
            ["", "()", "type = \"a", "type #", "properties.x", "foo = 1", "(type = \"a\"", "!", "properties.a[0] = 1"]
        {
            assert!(Trigger::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(Trigger::parse("properties.x").unwrap_err().0, "Value token is missing");
        // Parses, but evaluating it throws in the reference: refused for storage.
        assert!(Trigger::parse("() and ()").is_ok());
        assert!(Trigger::new("() and ()").is_err());
        assert!(
            Trigger::parse(r#"type = "track" and ()"#).unwrap().validate(&event(r#"{"type":"page"}"#)) == Ok(false)
        );
    }
}
