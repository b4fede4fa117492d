// The inspector's page. It loads summaries, a page at a time (the newest first, older ones on demand), polls for
// new ones each second, and fetches a request's headers and body only when it is opened: what the listener answers
// stays bounded however large or many the requests are.
// Everything from a request is written as text (textContent), never as markup.
'use strict';
const token = document.querySelector('meta[name="seg-token"]').content;
const list = document.getElementById('requests');
const status = document.getElementById('status');
const result = document.getElementById('replay-result');
const older = document.getElementById('older');
const PAGE = 50;
let newest = 0; // the highest number shown: polling asks for what came after it
let oldest = null; // the lowest: "Load older" asks for what came before it
let replayTo = '';
let dryRun = false;

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

async function api(path) {
  const response = await fetch(path, { headers: { 'X-Seg-Token': token } });
  if (!response.ok) throw new Error(response.status + ' ' + (await response.text()).trim());
  return response.json();
}

// One request's card: its summary line and causes; headers and body load when it is opened.
function card(r) {
  const verdict = r.refused ? 'refused' : r.signature;
  const node = el('section', 'request ' + verdict);
  node.dataset.seq = r.seq;
  if (r.id !== null) node.dataset.id = r.id;
  const line = el('div', 'line');
  line.append(el('span', 'id', r.id !== null ? '#' + r.id : '-'));
  line.append(el('span', 'what', r.method + ' ' + r.path + (r.type ? '  ' + r.type : '')));
  line.append(el('span', 'verdict', r.refused ? 'refused: ' + r.refused.replace('_', ' ') : r.signature));
  line.append(el('span', 'size', r.size + ' B'));
  const answer = r.answer || {};
  let answered = 'answered ' + answer.status;
  if (answer.forwarded_to) answered += ' (forwarded to ' + answer.forwarded_to + ')';
  if (answer.error) answered += ': ' + answer.error;
  line.append(el('span', 'answer', answered));
  line.append(el('span', 'time', r.received));
  const button = el('button', 'replay', 'Replay');
  button.type = 'button';
  if (r.refused) {
    button.disabled = true;
    button.title = 'Its body was not kept: there is nothing to replay';
  } else {
    button.title = 'Send these exact bytes and headers again to ' + (replayTo || 'this listener');
    button.addEventListener('click', () => replay(r.seq, button));
  }
  line.append(button);
  node.append(line);
  if (r.causes.length || r.warnings.length) {
    const causes = el('ul', 'causes');
    for (const c of r.causes) {
      const item = el('li', 'cause', c.message);
      item.dataset.code = c.code;
      causes.append(item);
    }
    for (const w of r.warnings) {
      const item = el('li', 'warning', w.message);
      item.dataset.code = w.code;
      causes.append(item);
    }
    node.append(causes);
  }
  const content = el('details', 'content');
  content.append(el('summary', null, 'Headers and body'));
  content.addEventListener('toggle', () => { if (content.open) load(r, content); });
  node.append(content);
  return node;
}

// Fetches one request's headers and body, once.
async function load(r, content) {
  if (content.dataset.state) return;
  content.dataset.state = 'loading';
  const waiting = el('p', 'loading', 'Loading…');
  content.append(waiting);
  try {
    const d = await api('/_seg/api/requests/' + r.seq);
    waiting.remove();
    const table = el('table', 'headers');
    for (const [name, value] of d.headers) {
      const row = el('tr');
      row.append(el('td', null, name), el('td', null, value));
      table.append(row);
    }
    content.append(el('p', 'count', d.headers.length + ' headers'), table);
    if (d.refused) {
      content.append(el('p', 'note', 'The body (' + d.size + ' B) was not kept: ' + d.refused.replace('_', ' ') + '.'));
    } else {
      if (d.body_cut) {
        content.append(el('p', 'note cut', 'Cut: only the beginning of the ' + (d.json ? 'pretty-printed ' : '') + 'body ('
          + d.size + ' B) is shown; `seg webhook log -o json` has all of it.'));
      }
      content.append(el('pre', 'body' + (d.json ? ' json' : ''), d.body));
    }
    content.dataset.state = 'loaded';
  } catch (e) {
    waiting.textContent = 'Cannot load this request: ' + e.message;
    delete content.dataset.state;
  }
}

function say() {
  const count = list.children.length;
  status.textContent = count === 0 ? 'Waiting for requests…'
    : count + ' request' + (count === 1 ? '' : 's') + ' shown' + (dryRun ? ' (dry run: replays are described, not sent)' : '');
}

async function replay(seq, button) {
  button.disabled = true;
  try {
    const response = await fetch('/_seg/api/replay/' + seq, { method: 'POST', headers: { 'X-Seg-Token': token } });
    const answer = await response.json();
    if (answer.dry_run) result.textContent = 'Replay of ' + seq + ' described on stdout (dry run): nothing sent.';
    else if (answer.error) result.textContent = 'Replay to ' + answer.to + ' failed: ' + answer.error;
    else result.textContent = 'Replayed to ' + answer.to + ': ' + answer.status;
  } catch (e) {
    result.textContent = 'Replay failed: ' + e;
  } finally {
    button.disabled = false;
  }
}

async function loadOlder() {
  older.disabled = true;
  try {
    const data = await api('/_seg/api/requests?before=' + oldest + '&limit=' + PAGE);
    // Oldest first in the answer; the list runs newest first, so the page's newest goes on top of the rest.
    for (const r of data.requests.slice().reverse()) list.append(card(r));
    if (data.requests.length) oldest = data.requests[0].seq;
    older.hidden = !data.more;
    say();
  } catch (e) {
    status.textContent = 'Cannot load older requests: ' + e.message;
  } finally {
    older.disabled = false;
  }
}

async function poll() {
  let again = 1000;
  try {
    const first = newest === 0;
    const data = await api('/_seg/api/requests?' + (first ? 'limit=' + PAGE : 'after=' + newest + '&limit=100'));
    replayTo = data.replay_to;
    dryRun = data.dry_run;
    for (const r of data.requests) {
      list.prepend(card(r));
      newest = Math.max(newest, r.seq);
      if (oldest === null) oldest = r.seq;
    }
    if (first) older.hidden = !data.more;
    // More arrived than one answer holds: the rest at once.
    else if (data.more) again = 0;
    say();
  } catch (e) {
    status.textContent = 'The listener is not answering: ' + e.message;
  }
  setTimeout(poll, again);
}

older.addEventListener('click', loadOlder);
poll();
