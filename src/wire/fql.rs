//! FQL, the filter query language of destination filters (`type = 'track' and properties.total > 10`): a parser
//! that accepts the whole grammar (a syntax error is 400 / code 3; valid text is stored as sent) and an evaluator of
//! the part the emulator carries out. Anything beyond it (a function it does not know) is reported as
//! [`Unevaluated`], never guessed, so the delivery log can say the filter was not applied.
//!
//! Grammar: `or` < `and` < `!` < comparison (`=`, `!=`, `<`, `<=`, `>`, `>=`) < operand. Operands: strings in single
//! or double quotes, numbers, `true`, `false`, `null`, field paths (`properties.total`, `\` escapes one character),
//! function calls `name(args)` and parentheses. The whole expression `all` matches every event.

use std::fmt;

use crate::json::{JsObject, JsValue};

/// Deeper nesting than this is refused as a syntax error, so hostile text cannot exhaust the stack.
const MAX_DEPTH: usize = 128;

#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// `all`: every event.
    All,
    Field(Vec<String>),
    Str(String),
    Num(f64),
    Bool(bool),
    Null,
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
    Compare(Cmp, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// Why an expression was not evaluated: what it uses that the emulator does not carry out.
#[derive(Debug, Clone, PartialEq)]
pub struct Unevaluated(pub String);

impl fmt::Display for Unevaluated {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The functions the evaluator carries out.
pub const FUNCTIONS: [&str; 5] = ["contains", "match", "lowercase", "length", "typeof"];

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Open,
    Close,
    Comma,
    Not,
    Cmp(Cmp),
    Str(String),
    Num(f64),
    Word(Vec<String>),
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        i += 1;
        match c {
            c if c.is_whitespace() => {}
            '(' => out.push(Token::Open),
            ')' => out.push(Token::Close),
            ',' => out.push(Token::Comma),
            '=' => {
                // `==` is read as `=`.
                if next == Some('=') {
                    i += 1;
                }
                out.push(Token::Cmp(Cmp::Eq));
            }
            '!' if next == Some('=') => {
                i += 1;
                out.push(Token::Cmp(Cmp::Ne));
            }
            '!' => out.push(Token::Not),
            '<' | '>' => {
                let or_equal = next == Some('=');
                if or_equal {
                    i += 1;
                }
                out.push(Token::Cmp(match (c, or_equal) {
                    ('<', false) => Cmp::Lt,
                    ('<', true) => Cmp::Le,
                    ('>', false) => Cmp::Gt,
                    _ => Cmp::Ge,
                }));
            }
            '\'' | '"' => {
                let mut s = String::new();
                loop {
                    match chars.get(i) {
                        None => return Err(format!("a string opened with {c} is not closed")),
                        Some('\\') => {
                            let escaped = chars.get(i + 1).ok_or("a string ends in a lone backslash")?;
                            s.push(*escaped);
                            i += 2;
                        }
                        Some(&q) if q == c => {
                            i += 1;
                            break;
                        }
                        Some(&other) => {
                            s.push(other);
                            i += 1;
                        }
                    }
                }
                out.push(Token::Str(s));
            }
            c if c.is_ascii_digit() || (c == '-' && next.is_some_and(|n| n.is_ascii_digit() || n == '.')) => {
                let start = i - 1;
                while chars.get(i).is_some_and(|n| n.is_ascii_alphanumeric() || matches!(n, '.' | '+' | '-')) {
                    // A sign belongs to the number only right after an exponent.
                    if matches!(chars[i], '+' | '-') && !matches!(chars[i - 1], 'e' | 'E') {
                        break;
                    }
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                let n = text.parse::<f64>().map_err(|_| format!("{text:?} is not a number"))?;
                out.push(Token::Num(n));
            }
            c if c.is_alphabetic() || matches!(c, '_' | '$' | '@' | '\\') => {
                let mut segments = vec![String::new()];
                i -= 1;
                while let Some(&n) = chars.get(i) {
                    match n {
                        '\\' => {
                            let escaped = chars.get(i + 1).ok_or("a field name ends in a lone backslash")?;
                            segments.last_mut().unwrap_or_else(|| unreachable!()).push(*escaped);
                            i += 2;
                        }
                        '.' => {
                            segments.push(String::new());
                            i += 1;
                        }
                        n if n.is_alphanumeric() || matches!(n, '_' | '$' | '@' | '-') => {
                            segments.last_mut().unwrap_or_else(|| unreachable!()).push(n);
                            i += 1;
                        }
                        _ => break,
                    }
                }
                if segments.iter().any(String::is_empty) {
                    return Err(format!("{:?} is not a field path", segments.join(".")));
                }
                out.push(Token::Word(segments));
            }
            other => return Err(format!("unexpected character {other:?}")),
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn keyword(&self, word: &str) -> bool {
        matches!(self.peek(), Some(Token::Word(w)) if w.len() == 1 && w[0] == word)
    }

    fn deeper(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH { Err(format!("the expression is nested deeper than {MAX_DEPTH}")) } else { Ok(()) }
    }

    fn or(&mut self) -> Result<Expr, String> {
        let mut left = self.and()?;
        while self.keyword("or") {
            self.at += 1;
            left = Expr::Or(Box::new(left), Box::new(self.and()?));
        }
        Ok(left)
    }

    fn and(&mut self) -> Result<Expr, String> {
        let mut left = self.not()?;
        while self.keyword("and") {
            self.at += 1;
            left = Expr::And(Box::new(left), Box::new(self.not()?));
        }
        Ok(left)
    }

    fn not(&mut self) -> Result<Expr, String> {
        if self.peek() == Some(&Token::Not) {
            self.at += 1;
            self.deeper()?;
            let inner = self.not()?;
            self.depth -= 1;
            return Ok(Expr::Not(Box::new(inner)));
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Expr, String> {
        let left = self.operand()?;
        if let Some(Token::Cmp(cmp)) = self.peek().cloned() {
            self.at += 1;
            let right = self.operand()?;
            return Ok(Expr::Compare(cmp, Box::new(left), Box::new(right)));
        }
        Ok(left)
    }

    fn operand(&mut self) -> Result<Expr, String> {
        let token = self.peek().cloned().ok_or("the expression ends where a value is expected")?;
        self.at += 1;
        match token {
            Token::Str(s) => Ok(Expr::Str(s)),
            Token::Num(n) => Ok(Expr::Num(n)),
            Token::Open => {
                self.deeper()?;
                let inner = self.or()?;
                self.depth -= 1;
                self.expect(Token::Close, "a closing parenthesis")?;
                Ok(inner)
            }
            Token::Word(path) if path.len() == 1 && self.peek() == Some(&Token::Open) => {
                self.at += 1;
                self.deeper()?;
                let mut args = Vec::new();
                if self.peek() != Some(&Token::Close) {
                    args.push(self.or()?);
                    while self.peek() == Some(&Token::Comma) {
                        self.at += 1;
                        args.push(self.or()?);
                    }
                }
                self.depth -= 1;
                self.expect(Token::Close, "a closing parenthesis after the arguments")?;
                Ok(Expr::Call(path[0].clone(), args))
            }
            Token::Word(path) if path.len() == 1 && matches!(path[0].as_str(), "and" | "or") => {
                Err(format!("{:?} where a value is expected", path[0]))
            }
            Token::Word(path) if path.len() == 1 && path[0] == "true" => Ok(Expr::Bool(true)),
            Token::Word(path) if path.len() == 1 && path[0] == "false" => Ok(Expr::Bool(false)),
            Token::Word(path) if path.len() == 1 && path[0] == "null" => Ok(Expr::Null),
            Token::Word(path) => Ok(Expr::Field(path)),
            other => Err(format!("{} where a value is expected", describe(&other))),
        }
    }

    fn expect(&mut self, token: Token, what: &str) -> Result<(), String> {
        if self.peek() == Some(&token) {
            self.at += 1;
            Ok(())
        } else {
            Err(format!("expected {what}"))
        }
    }
}

fn describe(token: &Token) -> String {
    match token {
        Token::Open => "'('".into(),
        Token::Close => "')'".into(),
        Token::Comma => "','".into(),
        Token::Not => "'!'".into(),
        Token::Cmp(_) => "a comparison".into(),
        Token::Str(s) => format!("the string {s:?}"),
        Token::Num(n) => format!("the number {n}"),
        Token::Word(w) => format!("{:?}", w.join(".")),
    }
}

/// Parses an FQL expression; the error says what is wrong, for a 400.
pub fn parse(text: &str) -> Result<Expr, String> {
    if text.trim() == "all" {
        return Ok(Expr::All);
    }
    let tokens = tokens(text)?;
    if tokens.is_empty() {
        return Err("the expression is empty (use `all` to match every event)".into());
    }
    let mut parser = Parser { tokens, at: 0, depth: 0 };
    let expr = parser.or()?;
    match parser.peek() {
        None => Ok(expr),
        Some(extra) => Err(format!("unexpected {} after a complete expression", describe(extra))),
    }
}

/// A value met while evaluating: what a field holds, a literal, or a function's result.
#[derive(Debug, Clone, PartialEq)]
enum Val {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    /// An object or array: equal to nothing but itself.
    Other(JsValue),
}

fn val(value: Option<&JsValue>) -> Val {
    match value {
        None | Some(JsValue::Null) => Val::Null,
        Some(JsValue::Bool(b)) => Val::Bool(*b),
        Some(JsValue::Number(n)) => Val::Num(*n),
        Some(JsValue::String(s)) => Val::Str(s.to_string_lossy()),
        Some(other) => Val::Other(other.clone()),
    }
}

impl Expr {
    /// Whether `event` matches, or what the expression uses that the emulator does not evaluate.
    pub fn matches(&self, event: &JsObject) -> Result<bool, Unevaluated> {
        Ok(truthy(&self.value(event)?))
    }

    fn value(&self, event: &JsObject) -> Result<Val, Unevaluated> {
        Ok(match self {
            Expr::All => Val::Bool(true),
            Expr::Field(path) => {
                let (first, rest) = path.split_first().unwrap_or_else(|| unreachable!("paths have a segment"));
                let mut here = event.get(first);
                for segment in rest {
                    here = match here {
                        Some(JsValue::Object(o)) => o.get(segment),
                        _ => None,
                    };
                }
                val(here)
            }
            Expr::Str(s) => Val::Str(s.clone()),
            Expr::Num(n) => Val::Num(*n),
            Expr::Bool(b) => Val::Bool(*b),
            Expr::Null => Val::Null,
            Expr::Not(inner) => Val::Bool(!inner.matches(event)?),
            Expr::And(a, b) => Val::Bool(a.matches(event)? && b.matches(event)?),
            Expr::Or(a, b) => Val::Bool(a.matches(event)? || b.matches(event)?),
            Expr::Compare(cmp, a, b) => Val::Bool(compare(*cmp, &a.value(event)?, &b.value(event)?)),
            Expr::Call(name, args) => {
                let args = args.iter().map(|a| a.value(event)).collect::<Result<Vec<_>, _>>()?;
                call(name, &args)?
            }
        })
    }
}

fn truthy(value: &Val) -> bool {
    !matches!(value, Val::Null | Val::Bool(false))
}

fn compare(cmp: Cmp, a: &Val, b: &Val) -> bool {
    let ordering = match (a, b) {
        (Val::Num(x), Val::Num(y)) => x.partial_cmp(y),
        (Val::Str(x), Val::Str(y)) => Some(x.cmp(y)),
        _ => None,
    };
    match cmp {
        Cmp::Eq => a == b,
        Cmp::Ne => a != b,
        Cmp::Lt => ordering.is_some_and(|o| o.is_lt()),
        Cmp::Le => ordering.is_some_and(|o| o.is_le()),
        Cmp::Gt => ordering.is_some_and(|o| o.is_gt()),
        Cmp::Ge => ordering.is_some_and(|o| o.is_ge()),
    }
}

fn call(name: &str, args: &[Val]) -> Result<Val, Unevaluated> {
    let text = |i: usize| match args.get(i) {
        Some(Val::Str(s)) => Some(s.as_str()),
        _ => None,
    };
    Ok(match (name, args.len()) {
        ("contains", 2) => Val::Bool(text(0).zip(text(1)).is_some_and(|(s, part)| s.contains(part))),
        ("match", 2) => Val::Bool(text(0).zip(text(1)).is_some_and(|(s, glob)| glob_match(glob, s))),
        ("lowercase", 1) => text(0).map_or(Val::Null, |s| Val::Str(s.to_lowercase())),
        ("length", 1) => match &args[0] {
            Val::Str(s) => Val::Num(s.encode_utf16().count() as f64),
            Val::Other(JsValue::Array(items)) => Val::Num(items.len() as f64),
            _ => Val::Null,
        },
        ("typeof", 1) => Val::Str(
            match &args[0] {
                Val::Null => "null",
                Val::Bool(_) => "boolean",
                Val::Num(_) => "number",
                Val::Str(_) => "string",
                Val::Other(JsValue::Array(_)) => "list",
                Val::Other(_) => "object",
            }
            .into(),
        ),
        _ => {
            return Err(Unevaluated(format!(
                "{name}() with {} argument(s) (the emulator evaluates {})",
                args.len(),
                FUNCTIONS.join(", ")
            )));
        }
    })
}

/// A glob: `*` any run of characters, `?` any one.
fn glob_match(glob: &str, text: &str) -> bool {
    let (g, t): (Vec<char>, Vec<char>) = (glob.chars().collect(), text.chars().collect());
    let (mut gi, mut ti) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while ti < t.len() {
        if gi < g.len() && (g[gi] == '?' || g[gi] == t[ti]) {
            gi += 1;
            ti += 1;
        } else if gi < g.len() && g[gi] == '*' {
            star = Some((gi, ti));
            gi += 1;
        } else if let Some((sg, st)) = star {
            gi = sg + 1;
            ti = st + 1;
            star = Some((sg, st + 1));
        } else {
            return false;
        }
    }
    g[gi..].iter().all(|&c| c == '*')
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::json;

    /// An event (a JSON object) from its text; also used by the emulator's filter tests.
    pub(crate) fn event(text: &str) -> JsObject {
        match json::parse(text.as_bytes()).unwrap() {
            JsValue::Object(o) => o,
            _ => unreachable!(),
        }
    }

    fn matches(fql: &str, text: &str) -> Result<bool, Unevaluated> {
        parse(fql).unwrap_or_else(|e| panic!("{fql}: {e}")).matches(&event(text))
    }

    #[test]
    fn the_subset_evaluates() {
        let track = r#"{"type":"track","event":"Order Completed","userId":"test-1","properties":{"total":25,"coupon":null,"tags":["a"]}}"#;
        for (fql, expected) in [
            ("type = 'track'", true),
            ("type != \"track\"", false),
            ("event = 'Order Completed' and userId = 'test-1'", true),
            ("!(event = \"Session Started\" or event = \"Order Completed\")", false),
            ("properties.total > 10 and properties.total <= 25", true),
            ("properties.coupon = null", true),
            ("properties.missing = null", true),
            ("contains(userId, 'test')", true),
            ("match(event, 'Order *')", true),
            ("match(event, 'Order ?')", false),
            ("lowercase(event) = 'order completed'", true),
            ("length(properties.tags) = 1", true),
            ("typeof(properties.total) = 'number'", true),
            ("all", true),
            ("properties.total = 25.0", true),
            ("properties.total = '25'", false),
        ] {
            assert_eq!(matches(fql, track), Ok(expected), "{fql}");
        }
    }

    #[test]
    fn an_unknown_function_is_reported_not_guessed() {
        let err = matches("hash(userId) = 'x'", r#"{"userId":"u"}"#).unwrap_err();
        assert!(err.0.starts_with("hash()"), "{err}");
        // Short-circuit: what is not reached is not needed.
        assert_eq!(matches("type = 'page' and hash(userId) = 'x'", r#"{"type":"track"}"#), Ok(false));
    }

    #[test]
    fn syntax_errors_are_named() {
        for bad in ["", "type =", "type = 'track", "(type = 'a'", "type = 'a')", "and", "a..b = 1", "a = #", "f(,)"] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let deep = format!("{}a{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(parse(&deep).unwrap_err().contains("nested"));
        let nots = format!("{}a", "!".repeat(10_000));
        assert!(parse(&nots).is_err());
        assert_eq!(parse(r"properties.product\ id = 1").unwrap(), {
            let field = Expr::Field(vec!["properties".into(), "product id".into()]);
            Expr::Compare(Cmp::Eq, Box::new(field), Box::new(Expr::Num(1.0)))
        });
    }

    #[test]
    fn globs() {
        assert!(glob_match("*", ""));
        assert!(glob_match("a*b?d", "axxbcd"));
        assert!(!glob_match("a*b?d", "axxbd"));
        assert!(glob_match("*.com", "x.y.com"));
    }
}
