/**
 * The report's only script: opens an episode in a dialog and sorts / filters the table. Every piece of
 * episode text is inserted with `textContent`, never as HTML, because answers and tool results are
 * untrusted model output.
 */
export const CLIENT_SCRIPT = `
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('episode-data').textContent);
  var dialog = document.getElementById('episode-dialog');
  var body = document.getElementById('episode-body');
  var titleEl = document.getElementById('episode-title');

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }
  function section(title, open) {
    var d = el('details', 'section');
    if (open) d.open = true;
    d.appendChild(el('summary', null, title));
    return d;
  }
  function kv(rows) {
    var table = el('table', 'kv');
    rows.forEach(function (r) {
      var tr = el('tr');
      tr.appendChild(el('th', null, r[0]));
      tr.appendChild(el('td', null, r[1]));
      table.appendChild(tr);
    });
    return table;
  }
  function num(v, d) {
    return typeof v === 'number' ? v.toFixed(d === undefined ? 1 : d) : '–';
  }

  function conversation(ep) {
    var s = section('Conversation (' + ep.messages.length + ' messages)', true);
    ep.messages.forEach(function (m) {
      var box = el('div', 'msg role-' + m.role);
      box.appendChild(el('div', 'role', m.role + (m.tool_call_id ? ' · ' + m.tool_call_id : '')));
      if (m.content) box.appendChild(el('pre', 'content', m.content));
      if (m.tool_calls) {
        m.tool_calls.forEach(function (c) {
          box.appendChild(el('pre', 'call', c.id + '  ' + c.function.name + '(' + c.function.arguments + ')'));
        });
      }
      s.appendChild(box);
    });
    return s;
  }

  function trace(ep) {
    var s = section('Tool trace (' + ep.trace.length + ' calls)', false);
    var table = el('table', 'trace');
    var head = el('tr');
    ['#', 'step', 'tool', 'arguments', 'ok', 'reward', 'result'].forEach(function (h) { head.appendChild(el('th', null, h)); });
    table.appendChild(head);
    ep.trace.forEach(function (t, i) {
      var tr = el('tr', t.ok ? '' : 'failed');
      tr.appendChild(el('td', null, i + 1));
      tr.appendChild(el('td', null, t.step === undefined ? '' : t.step));
      tr.appendChild(el('td', null, t.name));
      tr.appendChild(el('td', 'mono', t.rawArguments));
      tr.appendChild(el('td', null, t.ok ? 'ok' : (t.errorCode || 'error')));
      tr.appendChild(el('td', null, num(ep.stepRewards[i], 3)));
      var cell = el('td');
      var d = el('details');
      d.appendChild(el('summary', null, t.resultText.slice(0, 80)));
      d.appendChild(el('pre', null, t.resultText));
      cell.appendChild(d);
      tr.appendChild(cell);
      table.appendChild(tr);
    });
    s.appendChild(table);
    return s;
  }

  function breakdown(ep) {
    var s = section('Score breakdown', true);
    var b = ep.breakdown;
    if (!b) {
      s.appendChild(el('p', null, 'Not scored' + (ep.error ? ': ' + ep.error : '.')));
      return s;
    }
    s.appendChild(kv([
      ['total', num(b.total)],
      ['code total (0–50)', num(b.codeTotal)],
      ['info consistency (0–25)', num(b.infoConsistency)],
      ['completeness (0–25)', num(b.completeness)],
      ['fabrication penalty', num(b.fabricationPenalty)],
      ['diversity multiplier', num(b.diversityMultiplier, 2)],
      ['judge (0–50, ' + b.judgeStatus + ')', num(b.judgeTotal)],
      ['judge coupled', num(b.judgeCoupled)],
      ['code coupled', num(b.codeCoupled)],
      ['hard-constraint multiplier', num(b.hardConstraintMultiplier, 2)],
      ['defences', (b.defenses || []).join(', ') || 'none'],
    ]));
    var hc = el('table', 'kv');
    Object.keys(b.hardConstraints || {}).forEach(function (name) {
      var v = b.hardConstraints[name];
      var tr = el('tr', v.passed ? '' : 'failed');
      tr.appendChild(el('th', null, name));
      tr.appendChild(el('td', null, (v.passed ? 'passed' : 'failed') + ' ×' + num(v.multiplier, 2)));
      hc.appendChild(tr);
    });
    s.appendChild(el('h4', null, 'Hard constraints'));
    s.appendChild(hc);
    var raw = section('Full breakdown (JSON)', false);
    raw.appendChild(el('pre', null, JSON.stringify(b, null, 2)));
    s.appendChild(raw);
    return s;
  }

  function open(index) {
    var ep = data.episodes[index];
    if (!ep) return;
    titleEl.textContent = 'Task ' + ep.taskId + ' · repeat ' + ep.repeat + ' · ' + ep.type + ' · ' + ep.city + ' · total ' + num(ep.total);
    body.textContent = '';
    body.appendChild(kv([
      ['episode', ep.episodeId],
      ['agent / model', ep.agent + (ep.model ? ' / ' + ep.model : '')],
      ['outcome', ep.outcome + (ep.valid ? '' : ' (invalid: not charged to the model)')],
      ['error', ep.error || 'none'],
      ['tokens', String(ep.tokens)],
    ]));
    var problem = section('Problem', false);
    problem.appendChild(el('pre', null, ep.prompt));
    body.appendChild(problem);
    body.appendChild(breakdown(ep));
    body.appendChild(conversation(ep));
    body.appendChild(trace(ep));
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }

  document.getElementById('episodes').addEventListener('click', function (event) {
    var target = event.target;
    var button = target && target.closest ? target.closest('button[data-episode]') : null;
    if (button) open(Number(button.getAttribute('data-episode')));
    var th = target && target.closest ? target.closest('th[data-sort]') : null;
    if (th) sortBy(th);
  });
  document.getElementById('episode-close').addEventListener('click', function () { dialog.close(); });

  var tbody = document.querySelector('#episodes tbody');
  function sortBy(th) {
    var col = Number(th.getAttribute('data-col'));
    var numeric = th.getAttribute('data-sort') === 'num';
    var dir = th.getAttribute('data-dir') === 'asc' ? -1 : 1;
    th.setAttribute('data-dir', dir === 1 ? 'asc' : 'desc');
    var rows = Array.prototype.slice.call(tbody.rows);
    rows.sort(function (a, b) {
      var x = a.cells[col].getAttribute('data-v') || a.cells[col].textContent;
      var y = b.cells[col].getAttribute('data-v') || b.cells[col].textContent;
      if (numeric) return (Number(x) - Number(y)) * dir;
      return x.localeCompare(y) * dir;
    });
    rows.forEach(function (r) { tbody.appendChild(r); });
  }
  document.getElementById('filter').addEventListener('input', function (event) {
    var q = String(event.target.value || '').toLowerCase();
    Array.prototype.forEach.call(tbody.rows, function (r) {
      r.hidden = q !== '' && r.textContent.toLowerCase().indexOf(q) < 0;
    });
  });
  document.documentElement.setAttribute('data-ready', 'true');
})();
`;
