//! `seg webhook`: samples a Node receiver accepts, the docs/WEBHOOKS.md vectors, delivery rules against local
//! receivers, TLS, every diagnosis of verify, and listen end to end.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use serde_json::Value;

use crate::receiver::{Receiver, TlsReceiver};
use crate::support::{Run, run_with_stdin, seg_command};

const TYPES: [&str; 7] = ["page", "screen", "identify", "track", "alias", "group", "delete"];
const VECTOR_BODY: &str = r#"{"version":1,"type":"track","userId":"019mr8mf4r","event":"Purchased an Item","properties":{"revenue":"39.95","shippingMethod":"2-day"},"timestamp":"2012-12-02T00:30:08.276Z"}"#;
const VECTOR_SIG: &str = "6584c31d030ff167eca14a1042eb7e88c881b8e8";

/// `seg ARGS` with stdin bytes, in a clean environment.
async fn seg(args: &[&str], stdin: &[u8]) -> Run {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.args(args);
    run_with_stdin(cmd, stdin).await
}

// ---- samples and signatures, checked by a receiver that does what the service's docs say ----

/// A Node server that verifies as the service's documentation shows: JSON.parse, JSON.stringify, HMAC-SHA1,
/// compare; answers 200 or 401 and prints one JSON line per request.
const NODE_RECEIVER: &str = r#"
const http = require('http'), crypto = require('crypto');
const secret = process.argv[1];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', c => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const parsed = JSON.parse(body);
    const digest = crypto.createHmac('sha1', secret).update(JSON.stringify(parsed), 'utf8').digest('hex');
    const ok = req.headers['x-signature'] === digest;
    console.log(JSON.stringify({type: parsed.type, ok, ua: req.headers['user-agent'], ct: req.headers['content-type']}));
    res.writeHead(ok ? 200 : 401); res.end();
  });
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_sample_type_passes_a_receiver_that_follows_the_service_docs() {
    let mut node = Command::new("node")
        .args(["-e", NODE_RECEIVER, "s3cr3t-é"])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("node is installed (.ci/run makes sure)");
    let mut lines = BufReader::new(node.stdout.take().unwrap()).lines();
    let port = lines.next().unwrap().unwrap();
    let url = format!("http://127.0.0.1:{port}/hook");
    let run = seg(&["webhook", "send", "--url", &url, "--all-types", "--secret", "s3cr3t-é"], b"").await;
    run.code(0);
    let mut seen = Vec::new();
    for _ in 0..7 {
        let record: Value = serde_json::from_str(&lines.next().unwrap().unwrap()).unwrap();
        assert_eq!(record["ok"], true, "{record}");
        assert_eq!(record["ua"], "Segment.io/1.0");
        assert_eq!(record["ct"], "application/json");
        seen.push(record["type"].as_str().unwrap().to_string());
    }
    seen.sort();
    let mut want: Vec<String> = TYPES.iter().map(|t| t.to_string()).collect();
    want.sort();
    assert_eq!(seen, want);
    // A --data body with odd spellings is sent in JSON.stringify form, so the receiver agrees.
    let data = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(data.path(), "{ \"type\" : \"track\", \"n\": 1.50, \"s\": \"\\u00e9\\/\", \"1\": 0 }\n").unwrap();
    seg(&["webhook", "send", "--url", &url, "--data", data.path().to_str().unwrap(), "--secret", "s3cr3t-é"], b"")
        .await
        .code(0);
    assert_eq!(serde_json::from_str::<Value>(&lines.next().unwrap().unwrap()).unwrap()["ok"], true);
    // The same bytes sent --raw carry a signature of the raw bytes, which this receiver rejects (401: final, exit 1).
    let run = seg(
        &["webhook", "send", "--url", &url, "--data", data.path().to_str().unwrap(), "--raw", "--secret", "s3cr3t-é"],
        b"",
    )
    .await;
    run.code(1);
    assert_eq!(serde_json::from_str::<Value>(&lines.next().unwrap().unwrap()).unwrap()["ok"], false);
    node.kill().unwrap();
    node.wait().unwrap();
}

#[tokio::test]
async fn webhooks_md_vectors_through_the_cli() {
    let run = seg(&["webhook", "sign", "--secret", "teehee"], VECTOR_BODY.as_bytes()).await;
    assert_eq!(run.code(0).stdout, format!("{VECTOR_SIG}\n"));
    let run = seg(&["webhook", "sign", "--secret", "teehee\n"], VECTOR_BODY.as_bytes()).await;
    assert_eq!(run.stdout, "a88ae240be482bca23b017d0a505423e9982c957\n");
    let pretty = serde_json::to_string_pretty(&serde_json::from_str::<Value>(VECTOR_BODY).unwrap()).unwrap();
    let run = seg(&["webhook", "sign", "--secret", "teehee", "-"], pretty.as_bytes()).await;
    assert_eq!(run.stdout, "c7c1c63fd1ec3c309de7656a8eee934c790a2b69\n");
    // sample prints the exact body (in a pipe, no newline: it signs as the service signs); the documented track
    // body is the sample without context.
    let run = seg(&["webhook", "sample", "--type", "track", "--no-context"], b"").await;
    assert_eq!(run.code(0).stdout, VECTOR_BODY);
    let run = seg(&["webhook", "sign", "--secret", "teehee"], VECTOR_BODY.as_bytes()).await;
    assert_eq!(run.stdout, format!("{VECTOR_SIG}\n"));
    // A secret from a file (less its trailing newline) and from the environment.
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), "teehee\n").unwrap();
    let run = seg(&["webhook", "sign", "--secret-file", file.path().to_str().unwrap()], VECTOR_BODY.as_bytes()).await;
    assert_eq!(run.stdout, format!("{VECTOR_SIG}\n"));
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.env("SEG_WEBHOOK_SECRET", "teehee").args(["webhook", "sign"]).stdin(Stdio::piped()).stdout(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    tokio::io::AsyncWriteExt::write_all(child.stdin.as_mut().unwrap(), VECTOR_BODY.as_bytes()).await.unwrap();
    drop(child.stdin.take());
    let out = child.wait_with_output().await.unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), format!("{VECTOR_SIG}\n"));
    seg(&["webhook", "sign"], b"x").await.code(2);
}

// ---- verify ----

#[tokio::test]
async fn verify_names_every_cause_it_can_detect() {
    let pretty = serde_json::to_string_pretty(&serde_json::from_str::<Value>(VECTOR_BODY).unwrap()).unwrap();
    let crlf_pretty = pretty.replace('\n', "\r\n");
    let pretty_sig = seg(&["webhook", "sign", "--secret", "teehee"], pretty.as_bytes()).await.stdout.trim().to_string();
    let prefixed = format!("sha1={VECTOR_SIG}");
    let upper = VECTOR_SIG.to_uppercase();
    let bom = format!("\u{feff}{VECTOR_BODY}");
    let newline = format!("{VECTOR_BODY}\n");
    let batch = format!("[{VECTOR_BODY}]");
    // (secret, body, signature, extra flags, exit, cause or warning code)
    type Case<'a> = (&'a str, &'a str, &'a str, Vec<&'a str>, i32, &'a str);
    let cases: Vec<Case> = vec![
        ("teehee", VECTOR_BODY, VECTOR_SIG, vec![], 0, ""),
        ("teehee", &pretty, VECTOR_SIG, vec![], 0, "not_raw"),
        ("teehee", &pretty, VECTOR_SIG, vec!["--strict"], 1, "not_raw"),
        ("teehee", &batch, VECTOR_SIG, vec![], 0, "not_raw"),
        ("teehee", VECTOR_BODY, &upper, vec![], 0, "uppercase_header"),
        ("teehee\n", VECTOR_BODY, VECTOR_SIG, vec![], 1, "secret_whitespace"),
        ("teehee", VECTOR_BODY, &prefixed, vec![], 1, "sha1_prefix"),
        ("teehee", VECTOR_BODY, "abc123", vec![], 1, "header_format"),
        ("teehee", &bom, VECTOR_SIG, vec![], 1, "bom"),
        ("teehee", &newline, VECTOR_SIG, vec!["--strict"], 1, "trailing_newline"),
        ("teehee", &crlf_pretty, &pretty_sig, vec![], 1, "crlf"),
        ("teehee", r#"{"a":1.0}"#, VECTOR_SIG, vec![], 1, "reencoded"),
        ("other", VECTOR_BODY, VECTOR_SIG, vec![], 1, "different"),
    ];
    for (secret, body, sig, flags, exit, code) in cases {
        let mut args = vec!["webhook", "verify", "--secret", secret, "--signature", sig, "-o", "json"];
        args.extend(&flags);
        let run = seg(&args, body.as_bytes()).await;
        assert_eq!(run.code, exit, "{code}: {}\n{}", run.stdout, run.stderr);
        let report: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(report["valid"], exit == 0, "{code}: {report}");
        if !code.is_empty() {
            let codes: Vec<&str> = report["causes"]
                .as_array()
                .unwrap()
                .iter()
                .chain(report["warnings"].as_array().unwrap())
                .map(|f| f["code"].as_str().unwrap())
                .collect();
            assert!(codes.contains(&code), "{code}: {report}");
        }
    }
    // The human report names the cause and the expected signature.
    let run = seg(
        &["webhook", "verify", "--secret", "teehee\n", "--signature", VECTOR_SIG, "-o", "table"],
        VECTOR_BODY.as_bytes(),
    )
    .await;
    run.code(1);
    assert!(
        run.stdout.contains("whitespace or a newline") && run.stdout.contains("expected (raw bytes"),
        "{}",
        run.stdout
    );
}

/// Node signs and mangles: every body and header below is made by Node's `crypto` and `JSON.stringify` (or a
/// serializer written in JavaScript to imitate Python's, Go's and PHP's defaults), never by seg. Prints one JSON
/// object: case name -> {body: base64, header}. (The free-form `properties` are in sorted order already: once a
/// receiver sorts keys, their original order is lost; verify restores only the service's own layout.)
const NODE_SIGNER: &str = r#"
const crypto = require('crypto'), zlib = require('zlib');
const secret = process.argv[1];
const sign = (key, bytes) => crypto.createHmac('sha1', key).update(bytes).digest('hex');
const message = {version: 1, type: 'track', userId: 'u-1', event: 'Order <Completed> & paid',
  properties: {name: 'café', price: 39.95, qty: 2, url: 'https://shop.example/cart/1'},
  timestamp: '2012-12-02T00:30:08.276Z', context: {ip: '203.0.113.7'}};
const other = {type: 'page', userId: 'u-2'};
const raw = JSON.stringify(message);
const sig = sign(secret, raw);
const sorted = v => Array.isArray(v) ? v.map(sorted) : (v && typeof v === 'object')
  ? Object.fromEntries(Object.keys(v).sort().map(k => [k, sorted(v[k])])) : v;
const asciiOnly = text => text.replace(/[\u0080-\uffff]/g, c => '\\u' + c.charCodeAt(0).toString(16).padStart(4, '0'));
const python = v => Array.isArray(v) ? '[' + v.map(python).join(', ') + ']'
  : (v && typeof v === 'object') ? '{' + Object.keys(v).map(k => asciiOnly(JSON.stringify(k)) + ': ' + python(v[k])).join(', ') + '}'
  : typeof v === 'string' ? asciiOnly(JSON.stringify(v)) : JSON.stringify(v);
const go = JSON.stringify(sorted(message)).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
const php = asciiOnly(raw.replace(/\//g, '\\/'));
const pretty = JSON.stringify(message, null, 2);
const out = {
  exact: [raw, sig],
  receiver_secret_newline: [raw, sig],
  sender_secret_newline: [raw, sign(secret + '\n', raw)],
  sender_secret_space: [raw, sign(' ' + secret, raw)],
  uppercase: [raw, sig.toUpperCase()],
  sha1_prefix: [raw, 'sha1=' + sig],
  pretty_2: [pretty, sig],
  pretty_tab: [JSON.stringify(message, null, '\t'), sig],
  key_sorted: [JSON.stringify(sorted(message)), sig],
  python: [python(message), sig],
  python_sorted: [python(sorted(message)), sig],
  go: [go, sig],
  php: [php, sig],
  numbers: [raw.replace('39.95', '39.950').replace('"qty":2', '"qty":2.0'), sig],
  gzip: [zlib.gzipSync(Buffer.from(raw)), sig],
  crlf: [pretty.replace(/\n/g, '\r\n'), sign(secret, pretty)],
  bom: ['\ufeff' + raw, sig],
  trailing_newline: [raw + '\n', sig],
  first_element: [JSON.stringify([message, other]), sig],
  later_element: [JSON.stringify([other, other, message]), sig],
  sender_newline_and_pretty: [pretty, sign(secret + '\n', raw)],
  gzip_and_bom: [zlib.gzipSync(Buffer.from('\ufeff' + raw)), sig],
  different: [raw, sign('another secret', raw)],
};
const encoded = {};
for (const [name, [body, header]] of Object.entries(out)) {
  encoded[name] = {body: Buffer.from(body).toString('base64'), header};
}
console.log(JSON.stringify(encoded));
"#;

/// Each cause `verify` names, found from bytes that Node signed and changed the way real senders, proxies and
/// receivers do; the verdict as data (`-o json`) and in words.
#[tokio::test]
async fn verify_names_each_cause_of_bytes_that_node_signed() {
    use base64::Engine;
    const SECRET: &str = "s3cr3t-é";
    let out = Command::new("node")
        .args(["-e", NODE_SIGNER, SECRET])
        .output()
        .expect("node is installed (.ci/run makes sure)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cases: Value = serde_json::from_slice(&out.stdout).unwrap();
    // (case, receiver's secret, flags, exit, the causes (or, when valid, the warnings) in order, reproduced.secret)
    type Case<'a> = (&'a str, &'a str, &'a [&'a str], i32, &'a [&'a str], &'a str);
    let expect: Vec<Case> = vec![
        ("exact", SECRET, &[], 0, &[], ""),
        ("receiver_secret_newline", "s3cr3t-é\n", &[], 1, &["secret_whitespace"], "receiver_trimmed"),
        ("sender_secret_newline", SECRET, &[], 1, &["sender_secret_whitespace"], "sender_trailing_newline"),
        ("sender_secret_space", SECRET, &[], 1, &["sender_secret_whitespace"], "sender_leading_space"),
        ("uppercase", SECRET, &[], 0, &["uppercase_header"], ""),
        ("uppercase", SECRET, &["--strict"], 1, &["uppercase_header"], ""),
        ("sha1_prefix", SECRET, &[], 1, &["sha1_prefix"], ""),
        ("pretty_2", SECRET, &[], 0, &["not_raw", "pretty_printed"], "as_given"),
        ("pretty_2", SECRET, &["--strict"], 1, &["not_raw", "pretty_printed"], "as_given"),
        ("pretty_tab", SECRET, &["--strict"], 1, &["not_raw", "pretty_printed"], "as_given"),
        ("key_sorted", SECRET, &[], 1, &["key_sorted"], "as_given"),
        (
            "python",
            SECRET,
            &["--strict"],
            1,
            &["not_raw", "spaced", "reencoded_escapes", "python_json_dumps"],
            "as_given",
        ),
        (
            "python_sorted",
            SECRET,
            &[],
            1,
            &["key_sorted", "spaced", "reencoded_escapes", "python_json_dumps"],
            "as_given",
        ),
        ("go", SECRET, &[], 1, &["key_sorted", "reencoded_escapes", "go_encoding_json"], "as_given"),
        ("php", SECRET, &["--strict"], 1, &["not_raw", "reencoded_escapes", "php_json_encode"], "as_given"),
        ("numbers", SECRET, &["--strict"], 1, &["not_raw", "reencoded_numbers"], "as_given"),
        ("gzip", SECRET, &[], 1, &["gzip"], "as_given"),
        ("crlf", SECRET, &[], 1, &["crlf"], "as_given"),
        ("bom", SECRET, &[], 1, &["bom"], "as_given"),
        ("trailing_newline", SECRET, &[], 0, &["not_raw", "trailing_newline"], "as_given"),
        ("trailing_newline", SECRET, &["--strict"], 1, &["not_raw", "trailing_newline"], "as_given"),
        ("first_element", SECRET, &[], 0, &["not_raw", "array_element"], "as_given"),
        ("later_element", SECRET, &[], 1, &["array_element"], "as_given"),
        (
            "sender_newline_and_pretty",
            SECRET,
            &[],
            1,
            &["sender_secret_whitespace", "pretty_printed"],
            "sender_trailing_newline",
        ),
        ("gzip_and_bom", SECRET, &[], 1, &["gzip", "bom"], "as_given"),
        ("different", SECRET, &[], 1, &["different"], ""),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, secret, flags, exit, want, reproduced) in expect {
        let case = &cases[name];
        let body = base64::engine::general_purpose::STANDARD.decode(case["body"].as_str().unwrap()).unwrap();
        let file = dir.path().join(format!("{name}.body"));
        std::fs::write(&file, &body).unwrap();
        let header = case["header"].as_str().unwrap();
        let mut args =
            vec!["webhook", "verify", "--secret", secret, "--signature", header, file.to_str().unwrap(), "-o", "json"];
        args.extend(flags);
        let run = seg(&args, b"").await;
        let said = format!("{name} {flags:?}: {}{}", run.stdout, run.stderr);
        assert_eq!(run.code, exit, "{said}");
        let verdict: Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(verdict["valid"], exit == 0, "{said}");
        let found = if exit == 0 { &verdict["warnings"] } else { &verdict["causes"] };
        let codes: Vec<&str> = found.as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap()).collect();
        assert_eq!(codes, want, "{said}");
        assert_eq!(verdict["reproduced"]["secret"].as_str().unwrap_or_default(), reproduced, "{said}");
        assert!(!run.stdout.contains("s3cr3t"), "the secret is never printed: {said}");
    }
    // In words: the cause, the serializer's fix in its own language, and that the signature was reproduced.
    let python =
        base64::engine::general_purpose::STANDARD.decode(cases["python_sorted"]["body"].as_str().unwrap()).unwrap();
    let header = cases["python_sorted"]["header"].as_str().unwrap();
    let run = seg(&["webhook", "verify", "--secret", SECRET, "--signature", header, "-o", "table"], &python).await;
    run.code(1);
    assert!(run.stdout.contains("Python's json.dumps") && run.stdout.contains("request.get_data()"), "{}", run.stdout);
    assert!(
        run.stdout.starts_with(
            "invalid: the signature matches no form of this body; it is reproduced when the causes below are undone\n"
        ),
        "{}",
        run.stdout
    );
    assert!(!run.stdout.contains("pretty"), "a body on one line is not pretty-printed: {}", run.stdout);
}

/// Node signs a message and judges each body two ways: a receiver hashing the raw bytes, and one following the
/// service's example (JSON.stringify(JSON.parse(body))). Prints case name -> {body (base64), header, raw, example}.
const NODE_JUDGE: &str = r#"
const crypto = require('crypto');
const secret = process.argv[1];
const sign = (key, bytes) => crypto.createHmac('sha1', key).update(bytes).digest('hex');
const message = {version: 1, type: 'track', userId: 'u-1', event: 'Order Completed',
  properties: {price: 39.95, qty: 2}, timestamp: '2012-12-02T00:30:08.276Z'};
const raw = JSON.stringify(message);
const sig = sign(secret, raw);
// Python's json.dumps with its defaults, imitated: one line, a space after each ',' and ':'.
const python = v => Array.isArray(v) ? '[' + v.map(python).join(', ') + ']'
  : (v && typeof v === 'object') ? '{' + Object.keys(v).map(k => JSON.stringify(k) + ': ' + python(v[k])).join(', ') + '}'
  : JSON.stringify(v);
const cases = {
  exact: [raw, sig],
  pretty: [JSON.stringify(message, null, 2), sig],
  python: [python(message), sig],
  changed: [JSON.stringify({...message, event: 'Order Refunded'}), sig],
  wrong_secret: [raw, sign('another secret', raw)],
};
const out = {};
for (const [name, [body, header]] of Object.entries(cases)) {
  const bytes = Buffer.from(body);
  out[name] = {body: bytes.toString('base64'), header,
    raw: sign(secret, bytes) === header,
    example: sign(secret, JSON.stringify(JSON.parse(body))) === header};
}
console.log(JSON.stringify(out));
"#;

/// The verdict leads with what a receiver hashing the raw bytes concludes, as Node judges each body: "valid" first
/// only for a raw match; a match only after re-serialisation says so before anything else (and exits 0 unless
/// --strict, as before). No note repeats another, and a body on one line with Python's spacing is not called
/// pretty-printed.
#[tokio::test]
async fn verify_leads_with_what_a_receiver_of_the_raw_bytes_concludes() {
    use base64::Engine;
    const SECRET: &str = "s3cr3t-j8dq";
    let out =
        Command::new("node").args(["-e", NODE_JUDGE, SECRET]).output().expect("node is installed (.ci/run makes sure)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let cases: Value = serde_json::from_slice(&out.stdout).unwrap();
    // (case, the codes -o json gives: warnings when valid, else causes)
    let expect: [(&str, &[&str]); 5] = [
        ("exact", &[]),
        ("pretty", &["not_raw", "pretty_printed"]),
        ("python", &["not_raw", "spaced", "python_json_dumps"]),
        ("changed", &["different"]),
        ("wrong_secret", &["different"]),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (name, codes) in expect {
        let case = &cases[name];
        let body = base64::engine::general_purpose::STANDARD.decode(case["body"].as_str().unwrap()).unwrap();
        let file = dir.path().join(format!("{name}.json"));
        std::fs::write(&file, &body).unwrap();
        let (header, raw, example) = (case["header"].as_str().unwrap(), case["raw"] == true, case["example"] == true);
        for strict in [false, true] {
            let mut args = vec!["webhook", "verify", "--secret", SECRET, "--signature", header, file.to_str().unwrap()];
            if strict {
                args.push("--strict");
            }
            let table = seg(&[args.as_slice(), &["-o", "table"]].concat(), b"").await;
            let said = format!("{name} strict={strict}: {}{}", table.stdout, table.stderr);
            // Exit codes as before: 0 on a raw match, or on a re-serialised one unless --strict.
            assert_eq!(table.code, if raw || (example && !strict) { 0 } else { 1 }, "{said}");
            let headline = table.stdout.lines().next().unwrap();
            if raw {
                assert_eq!(headline, "valid: the signature matches the raw body bytes", "{said}");
            } else if example && !strict {
                assert_eq!(
                    headline,
                    "valid only after re-serialisation as JSON.stringify(JSON.parse(body)); a receiver hashing the \
                     raw bytes rejects it",
                    "{said}"
                );
            } else if example {
                assert!(headline.starts_with("invalid: a receiver hashing the raw bytes rejects it; "), "{said}");
            } else {
                assert_eq!(headline, "invalid: the signature matches no form of this body", "{said}");
            }
            assert!(raw || !headline.starts_with("valid:"), "{said}");
            // Nothing is said twice: no line twice, the fix once, the headline's words not again below it.
            let lines: Vec<&str> = table.stdout.lines().collect();
            let unique: std::collections::HashSet<&str> = lines.iter().copied().collect();
            assert_eq!(unique.len(), lines.len(), "{said}");
            assert!(table.stdout.to_lowercase().matches("hash the raw request bytes").count() <= 1, "{said}");
            assert_eq!(table.stdout.matches("rejects it").count(), usize::from(!raw && example), "{said}");
            if name == "python" {
                assert!(!table.stdout.contains("pretty"), "not pretty-printed: {said}");
                assert!(
                    table.stdout.contains(r#"a space after each "," and ":""#)
                        && table.stdout.contains("Python's json.dumps"),
                    "{said}"
                );
            }
            let json = seg(&[args.as_slice(), &["-o", "json"]].concat(), b"").await;
            let verdict: Value = serde_json::from_str(&json.stdout).unwrap();
            if !strict {
                let found = if json.code == 0 { &verdict["warnings"] } else { &verdict["causes"] };
                let got: Vec<&str> = found.as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap()).collect();
                assert_eq!(got, codes, "{name}: {verdict}");
            }
            assert!(!format!("{}{}{}", table.stdout, table.stderr, json.stdout).contains(SECRET), "{said}");
        }
    }
}

/// `verify --destination NAME`: when nothing explains a signature, the destination's shared secret (read with the
/// profile's token, censored as the service shows it) says whether the secret given ends as it does; on both APIs,
/// from one emulator. Never a character of either secret; the verdict's exit code stays 1; nothing is read when the
/// signature is explained.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn verify_compares_a_wrong_secret_with_a_destinations_on_both_apis() {
    use crate::support::{TestEnv, WRITE};
    use serde_json::json;
    const SHARED: &str = "teehee-long-s3kw";
    let env = TestEnv::start().await;
    for (source, secret) in [("web", Some(SHARED)), ("short", Some("teehee")), ("none", None)] {
        env.create_source("demo", source).await.ok();
        let mut config = vec![json!({"name": "hooks", "value": [{"hook": "https://hooks.example.com/in"}]})];
        if let Some(secret) = secret {
            config.push(json!({"name": "sharedSecret", "value": secret}));
        }
        let body = json!({"destination": {"name": format!("workspaces/demo/sources/{source}/destinations/webhooks"),
            "enabled": true, "config": config}});
        env.call("POST", &format!("/v1beta/workspaces/demo/sources/{source}/destinations"), Some(body)).await.ok();
    }
    let body = env.path("body.json");
    std::fs::write(&body, VECTOR_BODY).unwrap();
    let body = body.to_str().unwrap();
    let signed = hex::encode({
        use hmac::{KeyInit, Mac};
        let mut mac = hmac::Hmac::<sha1::Sha1>::new_from_slice(SHARED.as_bytes()).unwrap();
        mac.update(br#"{"version":1,"type":"track","userId":"someone else"}"#);
        mac.finalize().into_bytes()
    });
    // (secret given, destination, what its secret tells, in words)
    let cases = [
        (
            SHARED,
            "web/webhooks",
            "same",
            "the secret given ends with the same four characters as the shared secret of destination web/webhooks",
        ),
        (
            "another-one-x9q7",
            "web/webhooks",
            "different",
            "the secret given does not end with the four characters the shared secret of destination web/webhooks",
        ),
        (
            "another-one-x9q7",
            "short/webhooks",
            "hidden",
            "the shared secret of destination short/webhooks is shown with none of its characters",
        ),
        ("another-one-x9q7", "none/webhooks", "no_secret", "destination none/webhooks has no shared secret"),
    ];
    for api in ["config", "public"] {
        let vars = [("SEG_TOKEN", WRITE), ("SEG_API", api), ("SEG_WORKSPACE", "demo")];
        for (given, destination, ending, words) in cases {
            let args =
                ["webhook", "verify", "--secret", given, "--signature", &signed, "--destination", destination, body];
            env.clear_requests().await;
            let json = env.seg_with(&[args.as_slice(), &["-o", "json"]].concat(), &vars).await;
            let said = format!("{api} {given} {destination}: {}{}", json.stdout, json.stderr);
            assert_eq!(json.code, 1, "{said}");
            let verdict: Value = serde_json::from_str(&json.stdout).unwrap();
            assert_eq!(verdict["destination"]["last_four"], ending, "{said}");
            assert_eq!(
                verdict["destination"]["name"],
                format!("workspaces/demo/sources/{}", destination.replace('/', "/destinations/")),
                "{said}"
            );
            assert_eq!(verdict["causes"][0]["code"], "different", "{said}");
            let requests = env.requests().await;
            assert!(!requests.is_empty() && requests.iter().all(|r| r["method"] == "GET"), "{said}: {requests:?}");
            let table = env.seg_with(&[args.as_slice(), &["-o", "table"]].concat(), &vars).await;
            assert_eq!(table.code, 1, "{said}");
            assert!(table.stdout.contains(&format!("\n  secret: {words}")), "{api}: {}", table.stdout);
            for run in [&json, &table] {
                let all = format!("{}{}", run.stdout, run.stderr);
                for secret in [SHARED, "another-one-x9q7", "s3kw", "x9q7", "••"] {
                    assert!(!all.contains(secret), "{api}: {secret} printed: {all}");
                }
            }
        }
        // Explained (here: a match), nothing is read and nothing is said of the destination.
        env.clear_requests().await;
        let run = env
            .seg_with(
                &[
                    "webhook",
                    "verify",
                    "--secret",
                    "teehee",
                    "--signature",
                    VECTOR_SIG,
                    "--destination",
                    "web/webhooks",
                    body,
                    "-o",
                    "json",
                ],
                &vars,
            )
            .await;
        run.code(0);
        assert!(run.json().get("destination").is_none(), "{}", run.stdout);
        assert!(env.requests().await.is_empty(), "{api}: read for nothing");
        // A destination that cannot be read is a warning: the verdict and its exit code stand.
        let run = env
            .seg_with(
                &["webhook", "verify", "--secret", "x", "--signature", &signed, "--destination", "web/gone", body],
                &vars,
            )
            .await;
        assert_eq!(run.code, 1, "{}", run.stderr);
        assert!(run.stderr.contains("warning: cannot read destination web/gone"), "{}", run.stderr);
        assert!(serde_json::from_str::<Value>(&run.stdout).unwrap().get("destination").is_none());
    }
    // A name that cannot be one is a usage error before anything is read.
    let run = env
        .seg_with(
            &["webhook", "verify", "--secret", "x", "--signature", &signed, "--destination", "a/b/c/d", body],
            &[("SEG_TOKEN", WRITE)],
        )
        .await;
    assert_eq!(run.code, 2, "{}", run.stderr);
}

// ---- send: delivery rules ----

#[tokio::test]
async fn fan_out_posts_the_same_bytes_and_signature_to_every_url_and_stops_at_any_success() {
    let failing = Receiver::start(&[], 500).await;
    let ok = Receiver::start(&[], 200).await;
    ok.answer_after(&[&failing]);
    let run = seg(
        &[
            "webhook",
            "send",
            "--url",
            &failing.url,
            "--url",
            &ok.url,
            "--secret",
            "k",
            "-H",
            "X-Custom: yes",
            "--retry-window",
            "10s",
        ],
        b"",
    )
    .await;
    run.code(0);
    let (a, b) = (failing.hits(), ok.hits());
    assert_eq!((a.len(), b.len()), (1, 1), "one attempt, nothing retried after a success");
    assert_eq!(a[0].body, b[0].body);
    assert_eq!(a[0].headers["x-signature"], b[0].headers["x-signature"]);
    let sig = seg(&["webhook", "sign", "--secret", "k"], &b[0].body).await.stdout.trim().to_string();
    assert_eq!(b[0].headers["x-signature"], sig.as_str());
    assert_eq!(b[0].headers["user-agent"], "Segment.io/1.0");
    assert_eq!(b[0].headers["x-custom"], "yes");
    assert_eq!(b[0].headers["accept-encoding"], "identity");
    let sample = seg(&["webhook", "sample", "--type", "track"], b"").await.stdout;
    assert_eq!(String::from_utf8_lossy(&b[0].body), sample, "send posts exactly what sample prints");
    // No secret: no header.
    let plain = Receiver::start(&[], 200).await;
    seg(&["webhook", "send", "--url", &plain.url], b"").await.code(0);
    assert!(plain.hits()[0].headers.get("x-signature").is_none());
}

#[tokio::test]
async fn temporary_failures_are_retried_only_to_the_urls_that_failed_so() {
    // A: 400 (final). B: 503, 503, then 200.
    let a = Receiver::start(&[], 400).await;
    let b = Receiver::start(&[(503, 0), (503, 0)], 200).await;
    let run =
        seg(&["webhook", "send", "--url", &a.url, "--url", &b.url, "--retry-window", "30s", "-o", "json"], b"").await;
    run.code(0);
    assert_eq!(a.hits().len(), 1, "a permanent failure is not retried");
    assert_eq!(b.hits().len(), 3);
    let reports = run.json();
    assert_eq!(reports.as_array().unwrap().len(), 1, "one record per message");
    let report = &reports[0];
    assert_eq!(report["delivered"], true);
    let attempts: Vec<u64> =
        report["attempts"].as_array().unwrap().iter().map(|a| a["attempt"].as_u64().unwrap()).collect();
    assert_eq!(attempts, [1, 1, 2, 3]);
    assert_eq!(run.stderr.matches("attempt ").count(), 4, "each request reported: {}", run.stderr);
    // 429 is temporary too; a receiver that is down for a while then recovers gets the message once.
    let c = Receiver::start(&[(429, 0), (502, 0)], 200).await;
    seg(&["webhook", "send", "--url", &c.url, "--retry-window", "30s"], b"").await.code(0);
    let hits = c.hits();
    assert_eq!(hits.len(), 3);
    assert!(hits.windows(2).all(|w| w[0].body == w[1].body), "every attempt sends the same bytes");
}

#[tokio::test]
async fn permanent_failures_redirects_and_the_retry_window() {
    for status in [400, 404, 302, 301] {
        let r = Receiver::start(&[], status).await;
        let run = seg(&["webhook", "send", "--url", &r.url, "--retry-window", "30s"], b"").await;
        run.code(1);
        assert_eq!(r.hits().len(), 1, "{status} is final and redirects are not followed");
    }
    // Always 500: retried until the window closes, then exit 1.
    let r = Receiver::start(&[], 500).await;
    let run = seg(&["webhook", "send", "--url", &r.url, "--retry-window", "2s"], b"").await;
    run.code(1);
    assert!(r.hits().len() >= 2, "retried within the window: {}", r.hits().len());
    assert!(run.stderr.contains("will retry"));
    // The first retry line says how long retrying goes on, and until when.
    let first = run.stderr.lines().find(|l| l.starts_with("attempt 1 ")).unwrap_or_default();
    assert!(first.contains("will retry); retrying for 2s (until 20") && first.ends_with(" UTC)"), "{first}");
    assert_eq!(run.stderr.matches("retrying for").count(), 1, "said once: {}", run.stderr);
    let last = run.stderr.lines().rfind(|l: &&str| l.starts_with("attempt ")).unwrap_or_default();
    assert!(last.ends_with("not retried: the retry window closes before the next attempt)"), "{}", run.stderr);
}

/// A failure that will not be retried is never announced as one that will be: with no time left in the window,
/// or when another URL delivered the message in the same attempt.
#[tokio::test]
async fn a_failure_that_is_not_retried_does_not_say_will_retry() {
    let r = Receiver::start(&[], 500).await;
    let run = seg(&["webhook", "send", "--url", &r.url, "--retry-window", "0s"], b"").await;
    run.code(1);
    assert_eq!(r.hits().len(), 1);
    assert!(!run.stderr.contains("will retry"), "{}", run.stderr);
    assert!(
        run.stderr.contains("-> 500") && run.stderr.contains("not retried: the retry window closes"),
        "{}",
        run.stderr
    );
    // The 200 comes once the 503's request has arrived; the 503 is then almost always answered before the attempt
    // ends, else the 200 cancels it, which says so (no wait is assumed).
    let failing = Receiver::start(&[], 503).await;
    let ok = Receiver::start(&[], 200).await;
    ok.answer_after(&[&failing]);
    let run = seg(&["webhook", "send", "--url", &failing.url, "--url", &ok.url, "--retry-window", "1h"], b"").await;
    run.code(0);
    assert!(!run.stderr.contains("will retry"), "{}", run.stderr);
    assert!(
        run.stderr.contains("-> 503") && run.stderr.contains("not retried: delivered to another URL")
            || run.stderr.contains("another URL took the message first (") && run.stderr.contains(", cancelled)"),
        "{}",
        run.stderr
    );
}

#[tokio::test]
async fn timeouts_and_unreachable_urls_are_transport_failures() {
    // An endpoint slower than the timeout: retried, then exit 3 (no request got an answer).
    let slow = Receiver::start(&[(200, 3000), (200, 3000), (200, 3000), (200, 3000)], 200).await;
    // The first retry waits 0.5 to 1 s: a 3 s window always leaves room for it.
    let run = seg(&["webhook", "send", "--url", &slow.url, "--timeout", "200ms", "--retry-window", "3s"], b"").await;
    run.code(3);
    assert!(run.stderr.contains("no answer within 200ms"), "{}", run.stderr);
    assert!(slow.hits().len() >= 2);
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/", closed.local_addr().unwrap());
    drop(closed);
    seg(&["webhook", "send", "--url", &url, "--retry-window", "1s"], b"").await.code(3);
}

#[tokio::test]
async fn more_than_five_urls_or_bad_input_is_a_usage_error() {
    let r = Receiver::start(&[], 200).await;
    let mut args = vec!["webhook", "send"];
    for _ in 0..6 {
        args.extend(["--url", r.url.as_str()]);
    }
    seg(&args, b"").await.code(2);
    assert!(r.hits().is_empty());
    for bad in [
        vec!["webhook", "send", "--url", "ftp://x/"],
        vec!["webhook", "send", "--url", &r.url, "--type", "bogus"],
        vec!["webhook", "send", "--url", &r.url, "-H", "nocolon"],
        vec!["webhook", "send", "--url", &r.url, "--data", "/nonexistent.json"],
        vec!["webhook", "send", "--url", &r.url, "--count", "0"],
        vec!["webhook", "send", "--url", &r.url, "--retry-window", "forever"],
        vec!["webhook", "send", "--url", &r.url, "--cacert", "/nonexistent.pem"],
        vec!["webhook", "send", "--url", &r.url, "--raw"],
        vec!["webhook", "sample", "--type", "track", "--set", "event.x=1"],
        vec!["webhook", "sample", "--type", "track", "--timestamp", "yesterday"],
        vec!["webhook", "verify", "--secret", "k"],
        vec!["webhook", "listen", "--status", "99"],
    ] {
        let run = seg(&bad, b"{}").await;
        assert_eq!(run.code, 2, "{bad:?}: {}", run.stderr);
    }
    let bad_json = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(bad_json.path(), "{nope").unwrap();
    seg(&["webhook", "send", "--url", &r.url, "--data", bad_json.path().to_str().unwrap()], b"").await.code(2);
    assert!(r.hits().is_empty());
}

#[tokio::test]
async fn count_and_concurrency_send_many_and_report_a_summary() {
    let r = Receiver::start(&[], 200).await;
    let run =
        seg(&["webhook", "send", "--url", &r.url, "--count", "50", "--concurrency", "8", "-o", "json"], b"").await;
    run.code(0);
    assert_eq!(r.hits().len(), 50);
    let records = run.json();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 50, "one record per message");
    let numbers: Vec<u64> = records.iter().map(|r| r["message"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=50).collect::<Vec<_>>(), "in the order of sending");
    assert!(records.iter().all(|r| r["delivered"] == true && r["type"] == "track"));
    assert!(run.stderr.contains("delivered 50 of 50 messages"), "the summary goes to stderr: {}", run.stderr);
    assert!(!run.stderr.contains("attempt "), "successes of many messages are not listed one by one");
}

/// docs/reference/commands.md: `-o json` is an array with one object per message, `-o ndjson` one such object a line,
/// the same keys whatever the count (`delivered` a boolean, `attempts`, `elapsed_ms` an integer); the summary goes to
/// stderr.
#[tokio::test]
async fn send_prints_one_record_per_message_with_the_same_keys_whatever_the_count() {
    let ok = Receiver::start(&[], 200).await;
    let keys = |record: &Value| record.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    let want = ["message", "type", "delivered", "attempts", "elapsed_ms"];
    for count in ["1", "3"] {
        let run = seg(&["webhook", "send", "--url", &ok.url, "--count", count, "-o", "json"], b"").await;
        let records = run.code(0).json();
        let records = records.as_array().unwrap_or_else(|| panic!("an array for --count {count}: {}", run.stdout));
        assert_eq!(records.len().to_string(), count);
        for record in records {
            assert_eq!(keys(record), want, "--count {count}: {record}");
            assert!(record["delivered"].is_boolean() && record["elapsed_ms"].is_u64(), "{record}");
            let attempt = &record["attempts"][0];
            assert!(attempt["latency_ms"].is_u64() && attempt["status"] == 200, "{record}");
        }
        assert!(run.stderr.contains(&format!("delivered {count} of {count} message")), "{}", run.stderr);
        let run = seg(&["webhook", "send", "--url", &ok.url, "--count", count, "-o", "ndjson"], b"").await;
        let lines: Vec<Value> = run.code(0).stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len().to_string(), count, "{}", run.stdout);
        assert!(lines.iter().all(|record| keys(record) == want), "{}", run.stdout);
    }
    // A failed message has the same keys.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let gone = format!("http://{}/", closed.local_addr().unwrap());
    drop(closed);
    let run = seg(&["webhook", "send", "--url", &gone, "--retry-window", "0s", "-o", "json"], b"").await;
    let records = run.code(3).json();
    assert_eq!(keys(&records[0]), want);
    assert_eq!(records[0]["delivered"], false);
    assert!(records[0]["attempts"][0]["error"].is_string(), "{records}");
}

// ---- TLS ----

#[tokio::test]
async fn self_signed_certificates_are_refused_and_nothing_is_sent() {
    let self_signed = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let receiver = TlsReceiver::start(&self_signed.cert.pem(), &self_signed.signing_key.serialize_pem()).await;
    let run = seg(&["webhook", "send", "--url", &receiver.url, "--retry-window", "5s"], b"").await;
    run.code(3);
    assert!(run.stderr.contains("TLS") && run.stderr.contains("nothing was sent"), "{}", run.stderr);
    assert!(receiver.requests.lock().unwrap().is_empty(), "no request got through the handshake");
    assert_eq!(run.stderr.matches("attempt ").count(), 1, "a TLS failure is not retried");
}

#[tokio::test]
async fn a_certificate_from_a_ca_given_with_cacert_is_trusted() {
    let ca_key = rcgen::KeyPair::generate().unwrap();
    let mut ca_params = rcgen::CertificateParams::new(Vec::<String>::new()).unwrap();
    ca_params.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    let ca_cert = ca_params.self_signed(&ca_key).unwrap();
    let issuer = rcgen::Issuer::new(ca_params, ca_key);
    let leaf_key = rcgen::KeyPair::generate().unwrap();
    let leaf =
        rcgen::CertificateParams::new(vec!["127.0.0.1".to_string()]).unwrap().signed_by(&leaf_key, &issuer).unwrap();
    let receiver = TlsReceiver::start(&leaf.pem(), &leaf_key.serialize_pem()).await;
    let pem = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(pem.path(), ca_cert.pem()).unwrap();
    // Without the CA: refused. With it: delivered.
    seg(&["webhook", "send", "--url", &receiver.url, "--retry-window", "1s"], b"").await.code(3);
    assert!(receiver.requests.lock().unwrap().is_empty());
    let run = seg(
        &["webhook", "send", "--url", &receiver.url, "--cacert", pem.path().to_str().unwrap(), "--secret", "k"],
        b"",
    )
    .await;
    run.code(0);
    let requests = receiver.requests.lock().unwrap();
    assert_eq!(requests.len(), 1);
    assert!(String::from_utf8_lossy(&requests[0]).to_ascii_lowercase().contains("x-signature: "));
}

// ---- listen ----

#[tokio::test]
async fn listen_reports_each_request_and_forwards_the_exact_bytes() {
    let downstream = Receiver::start(&[], 200).await;
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.args([
        "webhook",
        "listen",
        "--port",
        "0",
        "--secret",
        "k",
        "--status",
        "202",
        "--forward-to",
        &downstream.url,
        "-o",
        "ndjson",
    ]);
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut errors = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(child.stderr.take().unwrap()));
    let first = errors.next_line().await.unwrap().unwrap();
    let url = first.strip_prefix("listening on ").expect(&first).to_string() + "/in";
    let mut records = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(child.stdout.take().unwrap()));

    // Signed with the right secret, the wrong one, and none.
    seg(&["webhook", "send", "--url", &url, "--type", "identify", "--secret", "k"], b"").await.code(0);
    seg(&["webhook", "send", "--url", &url, "--type", "page", "--secret", "wrong"], b"").await.code(0);
    seg(&["webhook", "send", "--url", &url, "--type", "delete"], b"").await.code(0);
    let mut got = Vec::new();
    for _ in 0..3 {
        let record: Value = serde_json::from_str(&records.next_line().await.unwrap().unwrap()).unwrap();
        got.push((
            record["type"].as_str().unwrap().to_string(),
            record["signature"].as_str().unwrap().to_string(),
            record["forwarded"].clone(),
        ));
    }
    assert_eq!(got[0], ("identify".into(), "valid".into(), Value::from("200")));
    assert_eq!(got[1].1, "invalid");
    assert_eq!(got[2].1, "absent");
    let forwarded = downstream.hits();
    assert_eq!(forwarded.len(), 3);
    let identify = seg(&["webhook", "sample", "--type", "identify"], b"").await.stdout;
    assert_eq!(String::from_utf8_lossy(&forwarded[0].body), identify);
    assert!(forwarded[0].headers.get("x-signature").is_some());
    child.start_kill().unwrap();
    child.wait().await.unwrap();
}

#[tokio::test]
async fn listen_with_an_error_status_and_delay_makes_send_retry_and_time_out() {
    let home = tempfile::tempdir().unwrap();
    let mut cmd = seg_command(home.path());
    cmd.args(["webhook", "listen", "--port", "0", "--status", "503", "-o", "table"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let mut errors = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(child.stderr.take().unwrap()));
    let url = errors.next_line().await.unwrap().unwrap().replace("listening on ", "");
    let run = seg(&["webhook", "send", "--url", &url, "--retry-window", "2s"], b"").await;
    run.code(1);
    let mut lines = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(child.stdout.take().unwrap()));
    let line = lines.next_line().await.unwrap().unwrap();
    assert!(line.starts_with("POST / track ") && line.contains("no signature"), "{line}");
    child.start_kill().unwrap();
    child.wait().await.unwrap();
}

// ---- send: exactly the requests the contract says ----

/// One endpoint is one receiver however its URL is spelled (a fragment, a default or leading-zero port, dot
/// segments, host case): two such `--url`s are a usage error, as the same URL twice is, and nothing is sent.
#[tokio::test]
async fn two_spellings_of_one_endpoint_are_a_usage_error_and_nothing_is_sent() {
    let r = Receiver::start(&[], 200).await;
    let port = r.url.trim_start_matches("http://127.0.0.1:").trim_end_matches("/hook");
    for other in [
        format!("{}#2", r.url),
        format!("http://127.0.0.1:{port}/./hook"),
        format!("http://127.0.0.1:{port}/x/../hook"),
        format!("HTTP://127.0.0.1:0{port}/hook"),
        format!("http://127.1:{port}/hook"),
        format!("http://127.0.0.1:{port}/%68ook"),
    ] {
        let run = seg(&["webhook", "send", "--url", &r.url, "--url", &other], b"").await;
        assert_eq!(run.code, 2, "{other}: {}", run.stderr);
        assert!(run.stderr.contains("same endpoint"), "{other}: {}", run.stderr);
    }
    assert!(r.hits().is_empty(), "nothing is sent");
    // Another path or port is another endpoint.
    let other = Receiver::start(&[], 200).await;
    seg(&["webhook", "send", "--url", &r.url, "--url", &format!("{}/2", other.url)], b"").await.code(0);
}

/// The first 2xx delivers the message: the requests of that attempt still in flight are cancelled, so a hanging
/// URL does not hold the message (or, with --count, the next ones) until its timeout.
#[tokio::test]
async fn the_first_2xx_delivers_and_cancels_the_requests_still_in_flight() {
    let hanging = Receiver::start(&[(200, 120_000); 3], 200).await;
    let ok = Receiver::start(&[], 200).await;
    ok.answer_after(&[&hanging]);
    let run = seg(
        &["webhook", "send", "--url", &hanging.url, "--url", &ok.url, "--timeout", "60s", "--count", "3", "-o", "json"],
        b"",
    )
    .await;
    let records = run.code(0).json();
    assert_eq!(records.as_array().unwrap().len(), 3);
    for record in records.as_array().unwrap() {
        assert_eq!(record["delivered"], true, "{record}");
        let attempts = record["attempts"].as_array().unwrap();
        assert_eq!(attempts.len(), 2, "{record}");
        assert_eq!(
            (attempts[0]["url"].as_str(), attempts[0]["class"].as_str()),
            (Some(hanging.url.as_str()), Some("cancelled"))
        );
        assert!(attempts[0]["status"].is_null(), "{record}");
        assert!(attempts[0]["error"].as_str().unwrap().contains("another URL took the message first"), "{record}");
        assert_eq!((attempts[1]["status"].as_u64(), attempts[1]["class"].as_str()), (Some(200), Some("delivered")));
    }
    assert_eq!(hanging.hits().len(), 3, "each message was sent to both URLs");
    assert!(!run.stderr.contains("cancelled"), "many messages: only failures are listed: {}", run.stderr);
}

/// Names written out here, not taken from seg: the headers that decide how a receiver reads the body (framing)
/// or carry the signature.
pub const RESERVED_NAMES: [&str; 11] = [
    "Content-Length",
    "Transfer-Encoding",
    "Host",
    "X-Signature",
    "Connection",
    "Keep-Alive",
    "Proxy-Connection",
    "TE",
    "Trailer",
    "Upgrade",
    "Expect",
];

/// `send -H` never sets a header that decides the framing or the signature (a `Content-Length: 5` would have the
/// receiver read five bytes of a body signed whole), and never sends a header twice: a user's Content-Type or
/// User-Agent replaces seg's.
#[tokio::test]
async fn send_refuses_framing_and_signature_headers_and_sends_each_header_once() {
    let r = Receiver::start(&[], 200).await;
    for name in RESERVED_NAMES {
        for spelled in [name.to_string(), name.to_ascii_lowercase()] {
            let header = format!("{spelled}: 5");
            let run = seg(&["webhook", "send", "--url", &r.url, "--secret", "k", "-H", &header], b"").await;
            assert_eq!(run.code, 2, "{header}: {}", run.stderr);
            assert!(run.stderr.contains("not a user's to set"), "{header}: {}", run.stderr);
        }
    }
    for twice in [
        vec!["-H", "X-A: 1", "-H", "x-a: 2"],
        vec!["-H", "User-Agent: a", "--user-agent", "b"],
        vec!["-H", "Content-Type: a", "-H", "content-type: b"],
    ] {
        let mut args = vec!["webhook", "send", "--url", &r.url];
        args.extend(twice.iter());
        let run = seg(&args, b"").await;
        assert_eq!(run.code, 2, "{twice:?}: {}", run.stderr);
        assert!(run.stderr.contains("given twice"), "{twice:?}: {}", run.stderr);
    }
    assert!(r.hits().is_empty(), "nothing was sent");
    let run = seg(
        &[
            "webhook",
            "send",
            "--url",
            &r.url,
            "--secret",
            "k",
            "-H",
            "Content-Type: application/json; charset=utf-8",
            "-H",
            "User-Agent: my-app/2",
            "-H",
            "X-Team: data",
        ],
        b"",
    )
    .await;
    run.code(0);
    let hit = &r.hits()[0];
    let all =
        |name: &str| hit.headers.get_all(name).iter().map(|v| v.to_str().unwrap().to_string()).collect::<Vec<_>>();
    assert_eq!(all("content-type"), ["application/json; charset=utf-8"]);
    assert_eq!(all("user-agent"), ["my-app/2"]);
    assert_eq!(all("x-team"), ["data"]);
    assert_eq!(all("content-length"), [hit.body.len().to_string()]);
    let sig = seg(&["webhook", "sign", "--secret", "k"], &hit.body).await.stdout.trim().to_string();
    assert_eq!(all("x-signature"), [sig]);
    seg(&["webhook", "send", "--url", &r.url, "--user-agent", "ua/1"], b"").await.code(0);
    assert_eq!(r.hits()[1].headers.get_all("user-agent").iter().collect::<Vec<_>>(), ["ua/1"]);
}

/// What never reaches any output: a password or a user-name token in a URL. Every output of send is checked: the
/// stderr lines (one message, and many), `-o json`, `-o ndjson`, `-v`, `--dry-run`, and error messages.
#[tokio::test]
async fn credentials_in_a_send_url_are_masked_in_every_output() {
    let ok = Receiver::start(&[], 200).await;
    let failing = Receiver::start(&[], 500).await;
    let with_password = ok.url.replace("http://", "http://user:pw-s3cret@");
    let with_token = failing.url.replace("http://", "http://tok-s3cret@");
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let refused = format!("http://user:pw-s3cret@{}/", closed.local_addr().unwrap());
    drop(closed);
    let urls = ["--url", with_password.as_str(), "--url", with_token.as_str()];
    let mut runs = Vec::new();
    for extra in [
        vec!["-o", "json"],
        vec!["-o", "ndjson", "-v"],
        vec!["--count", "3", "-o", "json"],
        vec!["--dry-run"],
        vec!["-vv", "-o", "table"],
    ] {
        let mut args = vec!["webhook", "send"];
        args.extend(urls);
        args.extend(["--retry-window", "0s"]);
        args.extend(extra);
        runs.push(seg(&args, b"").await);
    }
    runs.push(seg(&["webhook", "send", "--url", &refused, "--retry-window", "0s", "-o", "json"], b"").await);
    runs.push(seg(&["webhook", "send", "--url", &refused, "--url", &format!("{refused}#x")], b"").await);
    runs.push(seg(&["webhook", "send", "--url", "http://user:pw-s3cret@bad host/"], b"").await);
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode("user:pw-s3cret");
    for run in &runs {
        for text in [&run.stdout, &run.stderr] {
            assert!(!text.contains("s3cret") && !text.contains(&encoded), "{text}");
        }
    }
    let shown = |run: &Run| format!("{}{}", run.stdout, run.stderr);
    assert!(shown(&runs[0]).contains("user:(redacted)@127.0.0.1") && shown(&runs[0]).contains("(redacted)@127.0.0.1"));
    assert!(runs[3].stdout.contains("\"method\":\"POST\""), "dry run described: {}", runs[3].stdout);
    assert!(shown(&runs[5]).contains("user:(redacted)@"), "{}", shown(&runs[5]));
    assert_eq!(runs[6].code, 2);
    assert!(
        runs[6].stderr.contains("user:(redacted)@") && runs[6].stderr.contains("same endpoint"),
        "{}",
        runs[6].stderr
    );
    assert_eq!(runs[7].code, 2, "{}", runs[7].stderr);
    // The credentials still go where they belong: in the request, as Basic authorization.
    let sent = ok.hits();
    assert!(!sent.is_empty());
    assert_eq!(sent[0].headers["authorization"], format!("Basic {encoded}").as_str());
}

/// Ctrl-C during `send --count N`: no new message or attempt starts, the request in flight is cancelled, the
/// messages so far are reported (`-o json` on stdout, the summary on stderr), and the exit code is 130. A long
/// retry is interrupted the same way.
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ctrl_c_stops_send_reports_the_messages_so_far_and_exits_130() {
    async fn interrupt(args: &[&str], receiver: &Receiver, hits: usize) -> Run {
        let home = tempfile::tempdir().unwrap();
        let mut cmd = seg_command(home.path());
        cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
        let child = cmd.spawn().unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while receiver.hits().len() < hits {
            assert!(std::time::Instant::now() < deadline, "the receiver got {} requests", receiver.hits().len());
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        // SAFETY: a signal to the child this test started.
        assert_eq!(unsafe { libc::kill(child.id().unwrap() as i32, libc::SIGINT) }, 0);
        let out = tokio::time::timeout(std::time::Duration::from_secs(30), child.wait_with_output())
            .await
            .expect("send stops soon after Ctrl-C")
            .unwrap();
        Run {
            code: out.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
    // Two messages are answered at once; the third hangs for two minutes.
    let slow = Receiver::start(&[(200, 0), (200, 0), (200, 120_000)], 200).await;
    let args = ["webhook", "send", "--url", &slow.url, "--count", "10", "--timeout", "5m", "-o", "json"];
    let run = interrupt(&args, &slow, 3).await;
    assert_eq!(run.code, 130, "stdout: {}\nstderr: {}", run.stdout, run.stderr);
    let records = run.json();
    let records = records.as_array().unwrap();
    assert_eq!(records.len(), 3, "the messages started so far: {}", run.stdout);
    assert_eq!((records[0]["delivered"].as_bool(), records[1]["delivered"].as_bool()), (Some(true), Some(true)));
    assert_eq!(records[2]["delivered"], false);
    let cut = &records[2]["attempts"][0];
    assert_eq!((cut["class"].as_str(), cut["error"].as_str()), (Some("cancelled"), Some("cancelled: interrupted")));
    assert!(run.stderr.contains("delivered 2 of 3 messages"), "{}", run.stderr);
    assert!(run.stderr.contains("interrupted: 1 message cut off, 7 messages not started"), "{}", run.stderr);
    assert_eq!(slow.hits().len(), 3, "nothing was sent after Ctrl-C");
    // A message being retried: the wait for its next attempt ends, and it is reported as not delivered.
    let failing = Receiver::start(&[], 503).await;
    let args = ["webhook", "send", "--url", &failing.url, "--retry-window", "1h", "-o", "json"];
    let run = interrupt(&args, &failing, 1).await;
    assert_eq!(run.code, 130, "stdout: {}\nstderr: {}", run.stdout, run.stderr);
    let records = run.json();
    assert_eq!(records[0]["delivered"], false);
    assert_eq!(records[0]["attempts"][0]["status"], 503);
    assert!(run.stderr.contains("delivered 0 of 1 message"), "{}", run.stderr);
}
