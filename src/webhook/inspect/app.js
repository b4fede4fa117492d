// The inspector's page: polls /_seg/api/requests for what arrived since the last look and shows each request.
// Everything from a request is written as text (textContent), never as markup.
'use strict';
const token = document.querySelector('meta[name="seg-token"]').content;
const list = document.getElementById('requests');
const status = document.getElementById('status');
const result = document.getElementById('replay-result');
let after = 0;
let replayTo = '';

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function render(r) {
  const card = el('section', 'request ' + r.signature);
  card.dataset.seq = r.seq;
  if (r.id !== null) card.dataset.id = r.id;
  const line = el('div', 'line');
  line.append(el('span', 'id', r.id !== null ? '#' + r.id : '-'));
  line.append(el('span', 'what', r.method + ' ' + r.path + (r.type ? '  ' + r.type : '')));
  line.append(el('span', 'verdict', r.signature));
  line.append(el('span', 'size', r.size + ' B'));
  const answer = r.answer || {};
  let answered = 'answered ' + answer.status;
  if (answer.forwarded_to) answered += ' (forwarded to ' + answer.forwarded_to + ')';
  if (answer.error) answered += ': ' + answer.error;
  line.append(el('span', 'answer', answered));
  line.append(el('span', 'time', r.received));
  const button = el('button', 'replay', 'Replay');
  button.type = 'button';
  button.title = 'Send these exact bytes and headers again to ' + (replayTo || 'this listener');
  button.addEventListener('click', () => replay(r.seq, button));
  line.append(button);
  card.append(line);
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
    card.append(causes);
  }
  const headers = el('details', 'headers');
  headers.append(el('summary', null, r.headers.length + ' headers'));
  const table = el('table', 'headers');
  for (const [name, value] of r.headers) {
    const row = el('tr');
    row.append(el('td', null, name), el('td', null, value));
    table.append(row);
  }
  headers.append(table);
  card.append(headers);
  card.append(el('pre', 'body' + (r.json ? ' json' : ''), r.body));
  list.prepend(card);
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

async function poll() {
  try {
    const response = await fetch('/_seg/api/requests?after=' + after, { headers: { 'X-Seg-Token': token } });
    if (response.ok) {
      const data = await response.json();
      replayTo = data.replay_to;
      for (const r of data.requests) {
        render(r);
        after = Math.max(after, r.seq);
      }
      const count = list.children.length;
      status.textContent = count === 0 ? 'Waiting for requests…'
        : count + ' request' + (count === 1 ? '' : 's') + (data.dry_run ? ' (dry run: replays are described, not sent)' : '');
    }
  } catch (e) {
    status.textContent = 'The listener is not answering: ' + e;
  }
  setTimeout(poll, 1000);
}

poll();
