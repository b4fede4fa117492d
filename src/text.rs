//! Text from outside (a server's answer, a received body, a file) made safe to print: no character that can move a
//! terminal's cursor or recolour it reaches one. The lowest layer of output: the error report uses it, and the
//! printer (`ui`) re-exports it.

/// Replaces control characters in server-supplied or received text so it cannot move the cursor or recolour a
/// terminal: C0 (ESC included), DEL and C1 (U+0080–U+009F, which some terminals obey as 8-bit controls), the
/// characters Unicode calls control (`Cc`).
pub fn escape_control(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A text from outside as a message names it: at most 60 characters (then `…`), quoted, control characters
/// escaped. One way for every error that quotes a name, a token or an id it was handed (`plan::document::token`, a
/// page token, an id from an answer).
pub fn quoted(text: &str) -> String {
    let mut shown: String = text.chars().take(60).collect();
    if text.chars().count() > 60 {
        shown.push('…');
    }
    format!("{:?}", escape_control(&shown))
}

/// JSON text as seg prints it: serde_json escapes the control characters below U+0020, but writes DEL and C1
/// (U+007F–U+009F) as they are, which a terminal may obey. Those are escaped here as `\u00XX`: the same JSON value,
/// with no byte that can drive a terminal. Outside strings JSON text holds no such character, so the whole text is
/// escaped at once.
pub fn escape_json_controls(text: String) -> String {
    // In UTF-8, DEL is the byte 0x7F and C1 starts with 0xC2: a text with neither byte has nothing to escape.
    if !text.bytes().any(|b| b == 0x7f || b == 0xc2) || !text.chars().any(|c| matches!(c, '\u{7f}'..='\u{9f}')) {
        return text;
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if matches!(c, '\u{7f}'..='\u{9f}') {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// A key in snake_case: `trackingPlanId` as `tracking_plan_id`; a snake_case key as it is (what a service spells in
/// lowerCamelCase, read in seg's names: the emulator's update masks, the fields a translated answer carried).
pub fn snake_case(key: &str) -> String {
    let mut out = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}
