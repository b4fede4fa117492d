//! `restringify` against node's `JSON.stringify(JSON.parse(text))` over thousands of generated texts: a receiver that
//! follows the service's example hashes node's bytes, so ours must match them exactly, and reject what node rejects;
//! the one exception is nesting deeper than seg reads (128 levels), which node accepts and seg refuses.

use std::io::Write;
use std::process::{Command, Stdio};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use seg::json::restringify;

/// Set to replay a failing run; otherwise each run draws a new seed and names it in any failure.
const SEED_VAR: &str = "SEG_STRINGIFY_SEED";
const VALID: usize = 3_000;
const INVALID: usize = 300;

/// Reads every input at once and answers in order, so one node process serves the whole test. Lines carry a
/// leading '>' so that an empty input still makes a line.
const NODE_SCRIPT: &str = r#"
const lines = require('fs').readFileSync(0, 'latin1').split('\n').filter(l => l.startsWith('>'));
const out = [];
for (const line of lines) {
  let result;
  try {
    const text = Buffer.from(line.slice(1), 'base64').toString('utf8');
    result = Buffer.from(JSON.stringify(JSON.parse(text)), 'utf8').toString('base64');
  } catch (e) {
    result = 'ERR';
  }
  out.push(result);
}
process.stdout.write(out.join('\n') + '\n');
"#;

#[test]
fn restringify_matches_node() {
    let seed = match std::env::var(SEED_VAR) {
        Ok(seed) => seed.parse().unwrap_or_else(|_| panic!("{SEED_VAR}={seed:?} is not a u64")),
        Err(_) => rand::rng().random::<u64>(),
    };
    let replay = format!("seed {seed} (replay with {SEED_VAR}={seed})");
    let mut generator = Generator { rng: StdRng::seed_from_u64(seed) };
    let mut valid: Vec<Vec<u8>> = (0..VALID).map(|_| generator.valid_text()).collect();
    // Every code unit below 0x20, escaped (accepted) and raw (rejected), whatever the seed.
    valid.extend((0..0x20u8).map(|b| format!("\"\\u{b:04x}\\u{b:04X}\"").into_bytes()));
    let mut invalid: Vec<Vec<u8>> = (0..INVALID).map(|_| generator.invalid_text()).collect();
    invalid.extend((0..0x20u8).map(|b| vec![b'"', b'a', b, b'"']));
    // Deeper than seg reads (json::MAX_DEPTH): node accepts, seg refuses, saying so; the one departure, by design.
    let too_deep: Vec<Vec<u8>> = [seg::json::MAX_DEPTH + 1, 1_000]
        .into_iter()
        .map(|levels| {
            let mut out = Vec::new();
            generator.nested(&mut out, levels);
            out
        })
        .collect();
    let inputs: Vec<&Vec<u8>> = valid.iter().chain(&invalid).chain(&too_deep).collect();

    let answers = run_node(&inputs);
    assert_eq!(answers.len(), inputs.len(), "node answered {} of {} inputs; {replay}", answers.len(), inputs.len());

    let mut failures = Vec::new();
    for (i, (input, node)) in inputs.iter().zip(&answers).enumerate() {
        let ours = restringify(input);
        let expect_valid = i < valid.len();
        if i >= valid.len() + invalid.len() {
            if node.is_none() || !ours.as_ref().is_err_and(|e| e.too_deep()) {
                failures
                    .push(format!("input #{i}: node accepts ({}), seg refuses as too deep: {ours:?}", node.is_some()));
            }
            continue;
        }
        let problem = match (node, &ours) {
            (None, Ok(ours)) => Some(format!("node rejects, we give {ours:?}")),
            (Some(node), Err(e)) => Some(format!("node gives {:?}, we reject: {e}", String::from_utf8_lossy(node))),
            (Some(node), Ok(ours)) if node != ours.as_bytes() => {
                Some(format!("node gives {:?}, we give {ours:?}", String::from_utf8_lossy(node)))
            }
            // Both agree; make sure the generator produced what it meant to, or the test proves little.
            (Some(_), Ok(_)) if !expect_valid => Some("meant to be invalid but both accept it".to_owned()),
            (None, Err(_)) if expect_valid => Some("meant to be valid but both reject it".to_owned()),
            _ => None,
        };
        if let Some(problem) = problem {
            failures.push(format!("input #{i} {:?}: {problem}", String::from_utf8_lossy(input)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} inputs differ from node; {replay}; first ones:\n{}",
        failures.len(),
        inputs.len(),
        failures.iter().take(10).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// One node process for all inputs; `None` where JSON.parse threw.
fn run_node(inputs: &[&Vec<u8>]) -> Vec<Option<Vec<u8>>> {
    let mut child = Command::new("node")
        .args(["-e", NODE_SCRIPT])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!("cannot run `node` ({e}): this test compares against Node.js's JSON and needs `node` on PATH")
        });
    let mut payload = Vec::new();
    for input in inputs {
        payload.push(b'>');
        payload.extend(base64_encode(input).bytes());
        payload.push(b'\n');
    }
    let mut stdin = child.stdin.take().expect("piped stdin");
    // Node reads everything before writing anything, so writing first cannot deadlock.
    stdin.write_all(&payload).expect("write inputs to node");
    drop(stdin);
    let output = child.wait_with_output().expect("wait for node");
    assert!(output.status.success(), "node failed: {}", String::from_utf8_lossy(&output.stderr));
    let stdout = String::from_utf8(output.stdout).expect("node prints base64");
    stdout.lines().map(|line| if line == "ERR" { None } else { Some(base64_decode(line)) }).collect()
}

struct Generator {
    rng: StdRng,
}

impl Generator {
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.rng.random_range(0..items.len())]
    }

    fn chance(&mut self, p: f64) -> bool {
        self.rng.random_bool(p)
    }

    fn valid_text(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        self.ws(&mut out);
        if self.chance(0.02) {
            self.deep(&mut out);
        } else {
            let depth = self.rng.random_range(0..5);
            self.value(&mut out, depth);
        }
        self.ws(&mut out);
        out
    }

    /// JSON's only whitespace, sometimes none.
    fn ws(&mut self, out: &mut Vec<u8>) {
        if self.chance(0.6) {
            return;
        }
        for _ in 0..self.rng.random_range(1..4) {
            out.push(*self.pick(b" \t\n\r"));
        }
    }

    fn value(&mut self, out: &mut Vec<u8>, depth: u32) {
        let kind = if depth == 0 { self.rng.random_range(0..3) } else { self.rng.random_range(0..5) };
        match kind {
            0 => out.extend(self.pick(&["null", "true", "false"]).bytes()),
            1 => out.extend(self.number().bytes()),
            2 => self.string(out),
            3 => {
                out.push(b'[');
                self.ws(out);
                for i in 0..self.rng.random_range(0..6) {
                    if i > 0 {
                        out.push(b',');
                        self.ws(out);
                    }
                    self.value(out, depth - 1);
                    self.ws(out);
                }
                out.push(b']');
            }
            _ => {
                out.push(b'{');
                self.ws(out);
                for i in 0..self.rng.random_range(0..7) {
                    if i > 0 {
                        out.push(b',');
                        self.ws(out);
                    }
                    self.key(out);
                    self.ws(out);
                    out.push(b':');
                    self.ws(out);
                    self.value(out, depth - 1);
                    self.ws(out);
                }
                out.push(b'}');
            }
        }
    }

    /// Nesting far beyond the random structures, up to the limit seg reads (`json::MAX_DEPTH`, 128 levels).
    fn deep(&mut self, out: &mut Vec<u8>) {
        let levels = self.rng.random_range(50..=seg::json::MAX_DEPTH);
        self.nested(out, levels);
    }

    fn nested(&mut self, out: &mut Vec<u8>, levels: usize) {
        let closes: Vec<&[u8]> = (0..levels)
            .map(|_| {
                if self.chance(0.5) {
                    out.push(b'[');
                    &b"]"[..]
                } else {
                    out.extend(b"{\"k\":");
                    &b"}"[..]
                }
            })
            .collect();
        out.extend(self.number().bytes());
        for close in closes.iter().rev() {
            out.extend(*close);
        }
    }

    fn number(&mut self) -> String {
        const EDGES: &[&str] = &[
            "0",
            "-0",
            "-0.0",
            "0e0",
            "0E+00",
            "-0e-0",
            "1.0",
            "100e-2",
            "0.1",
            "0.30000000000000004",
            "1e21",
            "1e20",
            "999999999999999999999",
            "123456789012345678901234567890",
            "0.000001",
            "0.0000001",
            "1e-7",
            "9007199254740993",
            "1e308",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "-1.7976931348623159e308",
            "1e309",
            "1e400",
            "-1e400",
            "1e-324",
            "2e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "4.9406564584124654e-324",
            "5e-324",
            "-5e-324",
            "1e-400",
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.2250738585072014e-308",
            "1e0000000000000000000000001",
            "1e-0000000000000000000000001",
            "1e99999999999999999999",
            "1e-99999999999999999999",
            "9007199254740992.5000000000000000001",
            "9007199254740993.0000000000000000001",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124",
            "1.00000000000000011102230246251565404236316680908203126",
        ];
        match self.rng.random_range(0..9) {
            0 => self.rng.random_range(-1000i32..1000).to_string(),
            1 => (*self.pick(EDGES)).to_owned(),
            2 => {
                // Any grammatical form: sign, integer part, fraction, exponent with either letter and sign.
                let mut s = String::new();
                if self.chance(0.3) {
                    s.push('-');
                }
                if self.chance(0.2) {
                    s.push('0');
                } else {
                    s.push(char::from(b'0' + self.rng.random_range(1..10u8)));
                    self.digits(&mut s, 0..25);
                }
                if self.chance(0.5) {
                    s.push('.');
                    self.digits(&mut s, 1..25);
                }
                if self.chance(0.5) {
                    s.push(*self.pick(&['e', 'E']));
                    let sign: &&str = self.pick(&["", "+", "-"]);
                    s.push_str(sign);
                    self.digits(&mut s, 1..4);
                }
                s
            }
            3 => {
                // Every double is reachable, printed by Rust in its three spellings.
                let x = loop {
                    let x = f64::from_bits(self.rng.random::<u64>());
                    if x.is_finite() {
                        break x;
                    }
                };
                match self.rng.random_range(0..3) {
                    0 => format!("{x:e}"),
                    1 => format!("{x:?}"),
                    _ => format!("{x:E}"),
                }
            }
            4 => {
                // Integers around 2^53, 2^63 and 2^64, where doubles stop being exact.
                let base = *self.pick(&[1u128 << 53, 1 << 63, 1 << 64, 1 << 32]);
                let value = base + self.rng.random_range(0..40u128) - 20;
                let sign = if self.chance(0.3) { "-" } else { "" };
                format!("{sign}{value}")
            }
            5 => {
                // 17 significant digits: the precision at which decimal-to-double rounding shows.
                let mut s = String::new();
                s.push(char::from(b'0' + self.rng.random_range(1..10u8)));
                s.push('.');
                self.digits(&mut s, 16..17);
                format!("{s}e{}", self.rng.random_range(-330..312))
            }
            6 => {
                // Long mantissas and long runs of zeros (the slow path of correct rounding).
                let zeros = "0".repeat(self.rng.random_range(0..400));
                let mut s = String::new();
                self.digits(&mut s, 1..60);
                match self.rng.random_range(0..3) {
                    0 => format!("0.{zeros}1{s}"),
                    1 => format!("1{s}{zeros}"),
                    _ => format!("1{zeros}{s}e-{}", zeros.len()),
                }
            }
            7 => {
                let x = self.rng.random::<f64>() * 10f64.powi(self.rng.random_range(-25..25));
                if self.chance(0.5) { format!("{x}") } else { format!("{}", -x) }
            }
            _ => self.rng.random_range(0..10_000_000u64).to_string(),
        }
    }

    fn digits(&mut self, s: &mut String, count: std::ops::Range<usize>) {
        for _ in 0..self.rng.random_range(count) {
            s.push(char::from(b'0' + self.rng.random_range(0..10u8)));
        }
    }

    fn string(&mut self, out: &mut Vec<u8>) {
        out.push(b'"');
        for _ in 0..self.rng.random_range(0..10) {
            self.string_piece(out);
        }
        out.push(b'"');
    }

    fn string_piece(&mut self, out: &mut Vec<u8>) {
        match self.rng.random_range(0..10) {
            0 | 1 => {
                for _ in 0..self.rng.random_range(1..8) {
                    let b = self.rng.random_range(0x20..0x7f_u8);
                    if b == b'"' || b == b'\\' {
                        out.push(b'\\');
                    }
                    out.push(b);
                }
            }
            2 => out.extend(self.pick(&["\\\"", "\\\\", "\\/", "\\b", "\\f", "\\n", "\\r", "\\t"]).bytes()),
            3 => {
                let unit: u16 = match self.rng.random_range(0..6) {
                    0 => self.rng.random_range(0..0x20),
                    1 => self.rng.random_range(0xd800..0xe000),
                    2 => *self.pick(&[0x2028, 0x2029, 0xfeff, 0x7f, 0xffff, 0xfffe, 0x22, 0x5c, 0x2f, 0x00]),
                    _ => self.rng.random::<u16>(),
                };
                self.unit_escape(out, unit);
            }
            4 => {
                // An escaped pair, sometimes reversed into two lone surrogates.
                let c = char::from_u32(self.rng.random_range(0x10000..0x110000)).expect("astral scalar");
                let mut pair = [0u16; 2];
                c.encode_utf16(&mut pair);
                if self.chance(0.2) {
                    pair.swap(0, 1);
                }
                for unit in pair {
                    self.unit_escape(out, unit);
                }
            }
            5 | 6 => {
                let c = match self.rng.random_range(0..3) {
                    0 => *self.pick(&[
                        'é',
                        '中',
                        '😀',
                        '\u{2028}',
                        '\u{2029}',
                        '\u{feff}',
                        '\u{ffff}',
                        '\u{fffd}',
                        '\u{80}',
                        '\u{7f}',
                        '/',
                        '\u{10ffff}',
                        '👍',
                        'ß',
                    ]),
                    _ => loop {
                        if let Some(c) = char::from_u32(self.rng.random_range(0x80..0x110000)) {
                            break c;
                        }
                    },
                };
                out.extend(c.to_string().bytes());
            }
            7 if self.chance(0.3) => {
                // Malformed UTF-8: node replaces each maximal subpart with U+FFFD before parsing.
                const MALFORMED: &[&[u8]] = &[
                    b"\xff",
                    b"\x80",
                    b"\xc3",
                    b"\xc0\x80",
                    b"\xc1\xbf",
                    b"\xed\xa0\x80",
                    b"\xed\xbf\xbf",
                    b"\xf0\x9f\x98",
                    b"\xf0\x9f",
                    b"\xe0\x80\x80",
                    b"\xe2\x82",
                    b"\xf4\x90\x80\x80",
                    b"\xf8\x88\x80\x80\x80",
                    b"\xfe\xfe\xff",
                    b"\xe2\x82\xac\x80",
                ];
                out.extend(*self.pick(MALFORMED));
            }
            _ => out.extend(self.pick(&["a", "key", "x y", "\u{7f}", "<>&'", "%s", "\\u0041"]).bytes()),
        }
    }

    fn unit_escape(&mut self, out: &mut Vec<u8>, unit: u16) {
        let hex = format!("{unit:04x}");
        let hex = if self.chance(0.3) { hex.to_uppercase() } else { hex };
        out.extend(b"\\u");
        out.extend(hex.bytes());
    }

    /// Keys drawn from a small pool repeat (duplicate keys), and many are or almost are array indices.
    fn key(&mut self, out: &mut Vec<u8>) {
        const POOL: &[&str] = &[
            "0",
            "1",
            "2",
            "9",
            "10",
            "11",
            "100",
            "01",
            "00",
            "-1",
            "-0",
            "1.5",
            "1e3",
            " 1",
            "1 ",
            "+1",
            "0x1",
            "4294967294",
            "4294967295",
            "4294967296",
            "2147483647",
            "2147483648",
            "9007199254740993",
            "__proto__",
            "constructor",
            "length",
            "",
            "a",
            "b",
            "c",
            "\\u0031",
            "\\u0030",
            "1\\u0030",
            "é",
            "😀",
        ];
        match self.rng.random_range(0..4) {
            0 | 1 => {
                out.push(b'"');
                out.extend(self.pick(POOL).bytes());
                out.push(b'"');
            }
            2 => {
                let n = self.rng.random_range(0..(1u64 << 33));
                let n = if self.chance(0.5) { n % 1000 } else { n };
                out.extend(format!("\"{n}\"").bytes());
            }
            _ => self.string(out),
        }
    }

    fn invalid_text(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.rng.random_range(0..8) {
            0 => {
                // Trailing comma.
                let object = self.chance(0.5);
                out.push(if object { b'{' } else { b'[' });
                for _ in 0..self.rng.random_range(1..4) {
                    self.ws(&mut out);
                    if object {
                        self.key(&mut out);
                        out.push(b':');
                    }
                    self.value(&mut out, 1);
                    self.ws(&mut out);
                    out.push(b',');
                }
                self.ws(&mut out);
                out.push(if object { b'}' } else { b']' });
            }
            1 => {
                out.extend(b"\xef\xbb\xbf");
                out.extend(self.valid_text());
            }
            2 => {
                // A raw control character inside a string.
                out.push(b'"');
                self.string_piece(&mut out);
                out.push(self.rng.random_range(0..0x20u8));
                self.string_piece(&mut out);
                out.push(b'"');
                out = self.embed(out);
            }
            3 => {
                // Cut before the last significant byte: a container or string then lacks its closing byte.
                let mut text = Vec::new();
                loop {
                    text.clear();
                    self.value(&mut text, 3);
                    if matches!(text[0], b'[' | b'{' | b'"') {
                        break;
                    }
                }
                let cut = self.rng.random_range(0..text.len());
                self.ws(&mut out);
                out.extend(&text[..cut]);
            }
            4 => {
                let digits = format!("{}{}", self.pick(&["0", "-0", "00", "-00"]), self.rng.random_range(0..1000));
                out = self.embed(digits.into_bytes());
            }
            _ => {
                const BAD: &[&str] = &[
                    "'a'",
                    "{'a':1}",
                    "+1",
                    ".5",
                    "1.",
                    "-.5",
                    "1.e3",
                    "1e",
                    "1e+",
                    "1E-",
                    "-",
                    "--1",
                    "- 1",
                    "1 .5",
                    "0x1F",
                    "1_000",
                    "NaN",
                    "Infinity",
                    "-Infinity",
                    "undefined",
                    "tru",
                    "True",
                    "nul",
                    "NULL",
                    "\"\\x41\"",
                    "\"\\u00G0\"",
                    "\"\\u12\"",
                    "\"\\U0041\"",
                    "\"\\a\"",
                    "\"\\'\"",
                    "/**/1",
                    "1//c",
                    "[1 2]",
                    "[1,,2]",
                    "[,1]",
                    "{,}",
                    "{\"a\" 1}",
                    "{\"a\":1 \"b\":2}",
                    "{a:1}",
                    "{1:1}",
                    "{\"a\"}",
                    "{\"a\":}",
                    "[1]]",
                    "\u{a0}1",
                    "\u{c}1",
                    "\u{b}1",
                    "\u{2028}1",
                    "\u{feff}1",
                    "1\u{0}",
                    "\"a\"\"b\"",
                    "",
                    "\u{0}",
                ];
                let fragment = self.pick(BAD).as_bytes().to_vec();
                out = self.embed(fragment);
            }
        }
        out
    }

    /// A bad fragment at top level or as a value inside valid surroundings.
    fn embed(&mut self, fragment: Vec<u8>) -> Vec<u8> {
        let mut out = Vec::new();
        match self.rng.random_range(0..3) {
            0 => {
                self.ws(&mut out);
                out.extend(fragment);
                self.ws(&mut out);
            }
            1 => {
                out.push(b'[');
                self.value(&mut out, 2);
                out.push(b',');
                self.ws(&mut out);
                out.extend(fragment);
                self.ws(&mut out);
                out.push(b']');
            }
            _ => {
                out.extend(b"{\"k\":");
                self.ws(&mut out);
                out.extend(fragment);
                self.ws(&mut out);
                out.push(b'}');
            }
        }
        out
    }
}

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(BASE64[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn base64_decode(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    let (mut n, mut bits) = (0u32, 0);
    for b in text.bytes().take_while(|&b| b != b'=') {
        let value = BASE64.iter().position(|&c| c == b).unwrap_or_else(|| panic!("bad base64 from node: {text:?}"));
        n = n << 6 | value as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
        }
    }
    out
}

#[test]
fn base64_round_trips() {
    for len in 0..10 {
        let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 200) as u8).collect();
        assert_eq!(base64_decode(&base64_encode(&bytes)), bytes);
    }
    assert_eq!(base64_encode(b"any carnal pleas"), "YW55IGNhcm5hbCBwbGVhcw==");
}
