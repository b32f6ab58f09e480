/*
 * MedEnglish unit player: renders unit.json one section per page and reports to an xAPI 1.0.3 LRS.
 * Contract: ../README.md ("Unit file" and "What a package reports").
 *
 * Runs in a sandboxed iframe with an opaque origin, so it never touches localStorage, sessionStorage
 * or cookies: everything lives in memory and in the LRS state document "resume".
 * Content is always inserted as text nodes (never innerHTML); only **bold** is interpreted.
 */
'use strict';
(() => {
  const ADL = 'http://adlnet.gov/expapi/';
  const $ = (id) => document.getElementById(id);

  // ---------- Launch parameters ----------
  const query = new URLSearchParams(location.search);
  let endpoint = query.get('endpoint') || '';
  if (endpoint && !endpoint.endsWith('/')) endpoint += '/';
  const auth = query.get('auth') || '';
  const activityId = query.get('activity_id') || '';
  const registration = query.get('registration') || '';
  const actor = parseActor(query.get('actor'));
  // Without a launch (an author opening the file directly) the unit still works, unrecorded.
  const lrsOn = Boolean(endpoint && actor && activityId);

  // ---------- Theme: the app's (launch fragment, then its messages), else the system's ----------
  // The app gives it in the fragment (#theme=dark), never in the query: a fragment reaches no
  // server, and TinCanJS in other packages sends every query parameter it does not know to the
  // LRS, which refuses it.
  function applyTheme(theme) {
    if (theme === 'dark' || theme === 'light') document.documentElement.dataset.theme = theme;
  }
  const launchTheme = new URLSearchParams(location.hash.slice(1)).get('theme');
  const systemDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)');
  applyTheme(launchTheme || (systemDark && systemDark.matches ? 'dark' : 'light'));
  if (!launchTheme && systemDark)
    systemDark.addEventListener('change', (e) => applyTheme(e.matches ? 'dark' : 'light'));
  // The app tells an open unit when the learner switches its theme (only the parent page may).
  window.addEventListener('message', (event) => {
    if (event.source === window.parent && event.data && event.data.type === 'medenglish:theme')
      applyTheme(event.data.theme);
  });

  function parseActor(raw) {
    let a = null;
    try {
      a = JSON.parse(raw);
    } catch {
      return null;
    }
    if (!a || typeof a !== 'object') return null;
    // Some launchers still send the 0.95 form with one-element arrays ({"mbox":["mailto:…"]}).
    for (const k of ['name', 'mbox', 'mbox_sha1sum', 'openid', 'account'])
      if (Array.isArray(a[k])) a[k] = a[k][0];
    return a;
  }

  // ---------- Learner state (memory first; the LRS copy is written after each change) ----------
  let unit = null;
  let sections = [];
  let current = 0;
  let answers = {}; // qid -> number (choice) | string (gap) | string[] (match)
  let checked = new Set(); // section indexes (as strings, as in the state document)
  let finished = false; // end statement sent for this attempt
  let baseSeconds = 0; // time spent in this attempt in earlier sessions
  let sessionStart = Date.now();

  const elapsed = () => Math.round(baseSeconds + (Date.now() - sessionStart) / 1000);
  // The state document "resume" (README: section, answers, checked; plus our own bookkeeping).
  const snapshot = () => ({
    section: current,
    answers,
    checked: [...checked],
    finished,
    score: finished ? score() : null,
    time: elapsed(),
  });

  // ---------- LRS requests ----------
  function headers(json) {
    const h = { 'X-Experience-API-Version': '1.0.3' };
    if (auth) h.Authorization = auth;
    if (json) h['Content-Type'] = 'application/json';
    return h;
  }
  const enc = encodeURIComponent;
  const stateUrl = () =>
    `${endpoint}activities/state?stateId=resume&activityId=${enc(activityId)}` +
    `&agent=${enc(JSON.stringify(actor))}${registration ? `&registration=${enc(registration)}` : ''}`;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  // Worth retrying: the network, a timeout, rate limiting or a server error. Other 4xx will not heal.
  const retryable = (status) => status === 408 || status === 429 || status >= 500;

  async function loadState() {
    if (!lrsOn) return null;
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(stateUrl(), { headers: headers(false), cache: 'no-store' });
        if (res.status === 404) return null; // first launch
        if (res.ok) {
          const doc = JSON.parse((await res.text()) || 'null');
          return doc && typeof doc === 'object' ? doc : null;
        }
        if (!retryable(res.status)) return null;
      } catch (err) {
        if (err instanceof SyntaxError) return null; // a state document we cannot read: start over
      }
      // Starting afresh after a failed read would overwrite real progress, so give up loudly.
      if (attempt === 3) throw new Error('state not loaded');
      await sleep(1000 * 2 ** attempt);
    }
  }

  /*
   * Outbox: statements and state writes leave one at a time, in order, so the state document never
   * says "finished" before the end statement has reached the LRS. A failed send stays at the head
   * and is retried with backoff (answers are never dropped). Consecutive state writes are merged.
   */
  const outbox = [];
  let pumping = false;
  let failures = 0;
  let retryTimer = 0;

  function sendStatement(stmt) {
    if (!lrsOn) return;
    outbox.push({
      method: 'POST',
      url: () => `${endpoint}statements`,
      body: JSON.stringify(stmt),
      verb: stmt.verb.id,
    });
    pump();
  }
  /*
   * Tells the page around the frame that a unit result reached the LRS, so its menu shows the new
   * status at once (it would otherwise see it at its next refresh). The message carries nothing
   * private; '*' because this frame cannot know its parent's origin from its opaque one.
   */
  const RESULT_VERBS = ['completed', 'passed', 'failed'].map((v) => `${ADL}verbs/${v}`);
  function announceResult(item) {
    if (item.verb && RESULT_VERBS.includes(item.verb) && window.parent !== window) {
      window.parent.postMessage({ type: 'medenglish:unit-result' }, '*');
    }
  }
  function saveState() {
    if (!lrsOn) return;
    const body = JSON.stringify(snapshot());
    const last = outbox[outbox.length - 1];
    if (last && last.state && !last.sending) last.body = body;
    else outbox.push({ method: 'PUT', url: stateUrl, body, state: true });
    pump();
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    while (outbox.length) {
      const item = outbox[0];
      let outcome = 'retry';
      item.sending = true;
      try {
        const res = await fetch(item.url(), {
          method: item.method,
          headers: headers(true),
          body: item.body,
          keepalive: true,
        });
        // 409 on a statement: the LRS already has this id (a retry whose first answer was lost).
        if (res.ok || (res.status === 409 && !item.state)) outcome = 'sent';
        else if (!retryable(res.status)) outcome = 'rejected';
      } catch {
        /* network error: retry */
      }
      item.sending = false;
      if (outcome === 'retry') {
        failures++;
        notice('Your progress could not be saved. Retrying…');
        pumping = false;
        retryTimer = setTimeout(pump, Math.min(30000, 1000 * 2 ** (failures - 1)));
        return;
      }
      outbox.shift();
      failures = 0;
      if (outcome === 'sent') announceResult(item);
      if (outcome === 'rejected') {
        // Usually expired launch credentials: retrying cannot help, reopening the unit can.
        notice('Your progress could not be saved. Close this unit and open it again.', true);
        pumping = false;
        return pump();
      }
    }
    notice('');
    pumping = false;
  }
  addEventListener('online', () => {
    clearTimeout(retryTimer);
    pump();
  });
  // Leaving the page: write the latest answers (keepalive lets the request outlive the page).
  addEventListener('pagehide', () => {
    if (unit) saveState();
  });

  let stickyNotice = false;
  function notice(text, sticky = false) {
    if (stickyNotice && !sticky) return;
    stickyNotice = sticky;
    $('notice').textContent = text;
  }

  // ---------- Statements ----------
  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    // randomUUID needs a secure context; getRandomValues does not.
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  function statement(verb, object, result, parent) {
    const context = {};
    if (registration) context.registration = registration;
    if (parent) context.contextActivities = { parent: [{ objectType: 'Activity', id: activityId }] };
    const verbObj = { id: `${ADL}verbs/${verb}`, display: { 'en-US': verb } };
    const stmt = { id: uuid(), actor, verb: verbObj, object, context, timestamp: new Date().toISOString() };
    if (result) stmt.result = result;
    return stmt;
  }
  const activity = (id, name, type) => ({
    objectType: 'Activity',
    id,
    definition: { name: { 'en-US': name }, type: `${ADL}activities/${type}` },
  });
  const unitActivity = () => activity(activityId, unit.title, 'lesson');
  const questionActivity = (q) => activity(`${activityId}/${q.id}`, plain(q.prompt), 'cmi.interaction');
  // ISO 8601 duration, e.g. PT1H4M9S.
  function isoDuration(total) {
    const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
    return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s || (!h && !m) ? `${s}S` : ''}`;
  }

  // ---------- Grading ----------
  // Typed answers: trimmed, case-insensitive, single spaces, curly apostrophes as straight ones.
  const norm = (s) => String(s).trim().toLowerCase().replace(/\s+/g, ' ').replace(/[‘’]/g, "'");
  function isAnswered(q, v) {
    if (q.type === 'choice') return Number.isInteger(v);
    if (q.type === 'gap') return typeof v === 'string' && v.trim() !== '';
    return Array.isArray(v) && q.pairs.every((_, i) => v[i]);
  }
  function isRight(q, v) {
    if (q.type === 'choice') return v === q.answer;
    if (q.type === 'gap') return typeof v === 'string' && q.answers.some((a) => norm(a) === norm(v));
    return Array.isArray(v) && q.pairs.every((p, i) => v[i] === p.right);
  }
  function responseText(q, v) {
    if (q.type === 'choice') return Number.isInteger(v) ? plain(q.options[v] ?? '') : '';
    if (q.type === 'gap') return typeof v === 'string' ? v.trim() : '';
    // xAPI "matching" response form: source[.]target[,]source[.]target
    return q.pairs.map((p, i) => `${p.left}[.]${(Array.isArray(v) && v[i]) || ''}`).join('[,]');
  }
  const exercises = () => sections.map((s, i) => [s, i]).filter(([s]) => s.type === 'exercise');
  // Sections are locked once checked, so the answers on record are the first-check answers.
  function sectionScore(s, i) {
    const right = checked.has(String(i)) ? s.questions.filter((q) => isRight(q, answers[q.id])).length : 0;
    return { raw: right, max: s.questions.length };
  }
  function score() {
    const parts = exercises().map(([s, i]) => sectionScore(s, i));
    const raw = parts.reduce((n, r) => n + r.raw, 0);
    const max = parts.reduce((n, r) => n + r.max, 0);
    return { raw, max, min: 0, scaled: max ? Math.round((raw / max) * 100) / 100 : 1 };
  }
  const passingScore = () => (typeof unit.passingScore === 'number' ? unit.passingScore : 0.7);

  // ---------- DOM helpers ----------
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v == null || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children.flat(Infinity))
      if (c != null && c !== false) node.append(c instanceof Node ? c : String(c));
    return node;
  }
  // Content text with **bold** as the only markup; everything else stays literal text.
  const rich = (text) =>
    String(text ?? '')
      .split(/\*\*(.+?)\*\*/)
      .map((part, i) => (i % 2 ? el('strong', null, part) : part));
  const plain = (text) => String(text ?? '').replace(/\*\*(.+?)\*\*/g, '$1');
  const sentence = (text) => (/[.?!…]$/.test(text) ? text : `${text}.`);
  const domId = (qid) => `q-${String(qid).replace(/[^\w-]/g, '_')}`;
  const announce = (text) => {
    $('announce').textContent = '';
    setTimeout(() => {
      $('announce').textContent = text;
    }, 50);
  };

  // Same shuffled order on every visit (seeded by the question id), never the answer order.
  function shuffled(items, seed) {
    let h = 2166136261;
    for (const ch of String(seed)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
      const j = h % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    if (out.length > 1 && out.every((x, i) => x === items[i])) out.push(out.shift());
    return out;
  }

  // ---------- Blocks ----------
  function renderBlock(b) {
    switch (b.type) {
      case 'p':
        return el('p', null, rich(b.text));
      case 'list':
        return el(
          'ul',
          { class: 'list' },
          (b.items || []).map((t) => el('li', null, rich(t))),
        );
      case 'dialogue': {
        const speakers = [];
        return el(
          'div',
          { class: 'dialogue', role: 'group', 'aria-label': 'Dialogue' },
          (b.lines || []).map((l) => {
            let n = speakers.indexOf(l.speaker);
            if (n < 0) n = speakers.push(l.speaker) - 1;
            return el(
              'p',
              { class: `line speaker-${n % 2}` },
              el('span', { class: 'speaker' }, `${l.speaker}:`),
              ' ',
              rich(l.text),
            );
          }),
        );
      }
      case 'table':
        // The wrapper scrolls sideways on narrow screens instead of the whole page; focusable for keyboards.
        return el(
          'div',
          {
            class: 'table-wrap',
            role: 'region',
            tabindex: '0',
            'aria-label': `Table: ${(b.head || []).map(plain).join(', ')}`,
          },
          el(
            'table',
            null,
            el(
              'thead',
              null,
              el(
                'tr',
                null,
                (b.head || []).map((h) => el('th', { scope: 'col' }, rich(h))),
              ),
            ),
            el(
              'tbody',
              null,
              (b.rows || []).map((r) =>
                el(
                  'tr',
                  null,
                  r.map((c) => el('td', null, rich(c))),
                ),
              ),
            ),
          ),
        );
      case 'tip':
        return el(
          'div',
          { class: 'tip', role: 'note' },
          el('p', { class: 'tip-label' }, 'Tip'),
          el('p', null, rich(b.text)),
        );
      default:
        return null;
    }
  }

  // ---------- Questions ----------
  function setAnswer(qid, value) {
    answers[qid] = value;
  }

  // Builds one question; returns its root and the parts applyResult() marks after checking.
  function renderQuestion(q, n) {
    const id = domId(q.id);
    const view = { q, controls: [], options: [], rows: [] };
    view.feedback = el('div', { class: 'feedback', id: `${id}-fb`, 'aria-live': 'polite' });
    const v = answers[q.id];
    let body;
    if (q.type === 'choice') {
      body = el(
        'fieldset',
        { class: 'q-body' },
        el('legend', null, `${n}. `, rich(q.prompt)),
        q.options.map((o, i) => {
          const input = el('input', {
            type: 'radio',
            name: id,
            value: String(i),
            checked: v === i,
            onchange: () => setAnswer(q.id, i),
          });
          view.controls.push(input);
          const label = el('label', { class: 'opt' }, input, el('span', null, rich(o)));
          view.options.push(label);
          return label;
        }),
      );
    } else if (q.type === 'gap') {
      const [before, ...after] = String(q.prompt).split('___');
      const input = el('input', {
        type: 'text',
        class: 'gap-input',
        id: `${id}-in`,
        value: typeof v === 'string' ? v : '',
        autocomplete: 'off',
        autocapitalize: 'off',
        spellcheck: 'false',
        'aria-label': `Question ${n}, fill the gap: ${plain(q.prompt).replace('___', '…')}`,
        'aria-describedby': `${id}-fb`,
        oninput: (e) => setAnswer(q.id, e.target.value),
      });
      view.controls.push(input);
      body = el(
        'div',
        { class: 'q-body' },
        el('p', { class: 'q-prompt' }, `${n}. `, rich(before), input, rich(after.join('___'))),
      );
    } else {
      const choices = shuffled(
        q.pairs.map((p) => p.right),
        q.id,
      );
      body = el(
        'fieldset',
        { class: 'q-body' },
        el('legend', null, `${n}. `, rich(q.prompt)),
        q.pairs.map((p, i) => {
          const select = el(
            'select',
            {
              id: `${id}-${i}`,
              onchange: (e) => {
                const list = Array.isArray(answers[q.id]) ? answers[q.id].slice() : q.pairs.map(() => '');
                list[i] = e.target.value;
                setAnswer(q.id, list);
              },
            },
            el('option', { value: '' }, 'Choose…'),
            choices.map((r) => el('option', { value: r, selected: Array.isArray(v) && v[i] === r }, r)),
          );
          view.controls.push(select);
          const row = el('div', { class: 'pair' }, el('label', { for: `${id}-${i}` }, rich(p.left)), select);
          view.rows.push(row);
          return row;
        }),
      );
    }
    view.root = el('div', { class: `question q-${q.type}` }, body, view.feedback);
    return view;
  }

  // Marks a checked question right or wrong, shows the feedback (and the right answer) and locks it.
  function applyResult(view) {
    const { q } = view;
    const v = answers[q.id];
    const ok = isRight(q, v);
    view.root.classList.add(ok ? 'is-right' : 'is-wrong');
    // A text field stays readable and focusable when read-only; radios and selects can only be disabled.
    for (const c of view.controls) c[c.type === 'text' ? 'readOnly' : 'disabled'] = true;
    let fix = '';
    if (q.type === 'choice') {
      view.options.forEach((label, i) => {
        if (i === q.answer) label.classList.add('is-answer');
        if (i === q.answer && !ok) label.append(el('span', { class: 'badge badge-right' }, 'Right answer'));
        if (i === v && !ok) label.append(el('span', { class: 'badge badge-wrong' }, 'Your answer'));
      });
      fix = sentence(`The right answer is: ${plain(q.options[q.answer])}`);
    } else if (q.type === 'gap') {
      const [first, ...others] = q.answers;
      fix = sentence(
        `The right answer is: ${first}${others.length ? ` (also accepted: ${others.join(', ')})` : ''}`,
      );
    } else {
      const wrong = [];
      view.rows.forEach((row, i) => {
        const good = Array.isArray(v) && v[i] === q.pairs[i].right;
        row.classList.add(good ? 'is-right' : 'is-wrong');
        if (!good) {
          row.append(el('p', { class: 'fix' }, 'Right answer: ', el('strong', null, q.pairs[i].right)));
          wrong.push(`${plain(q.pairs[i].left)} – ${q.pairs[i].right}`);
        }
      });
      fix = sentence(`Right matches: ${wrong.join('; ')}`);
    }
    view.feedback.replaceChildren(
      ...[
        el(
          'p',
          { class: 'verdict' },
          el('span', { class: 'mark', 'aria-hidden': 'true' }, ok ? '✓ ' : '✗ '),
          ok ? 'Correct.' : 'Not quite.',
        ),
        ok ? null : el('p', { class: 'right-answer' }, fix),
        q.feedback ? el('p', null, rich(q.feedback)) : null,
      ].filter(Boolean),
    );
  }

  // ---------- Pages ----------
  function heading(text) {
    return el('h2', { class: 'page-title', tabindex: '-1' }, text);
  }

  function renderExercise(s, index) {
    const views = s.questions.map((q, i) => renderQuestion(q, i + 1));
    const done = checked.has(String(index));
    const hint = el('p', { class: 'hint', role: 'status' });
    const summary = el('p', { class: 'summary', tabindex: '-1' });
    const button = el('button', { type: 'submit', class: 'btn btn-primary' }, 'Check answers');
    let warned = false;
    const form = el(
      'form',
      {
        class: 'exercise',
        novalidate: true,
        onsubmit: (e) => {
          e.preventDefault();
          if (checked.has(String(index))) return;
          const missing = s.questions
            .map((q, i) => (isAnswered(q, answers[q.id]) ? 0 : i + 1))
            .filter(Boolean);
          if (missing.length && !warned) {
            warned = true;
            hint.textContent = `Not answered yet: question ${missing.join(', ')}. Select “Check answers” again to check anyway.`;
            return;
          }
          checked.add(String(index));
          hint.textContent = '';
          for (const view of views) {
            applyResult(view);
            const { q } = view;
            sendStatement(
              statement(
                'answered',
                questionActivity(q),
                { success: isRight(q, answers[q.id]), response: responseText(q, answers[q.id]) },
                true,
              ),
            );
          }
          button.remove();
          showSummary();
          summary.focus(); // the button is gone; keep keyboard users at the result
          updatePager();
          saveState();
        },
      },
      views.map((v) => v.root),
      el('div', { class: 'actions' }, done ? null : button),
      hint,
      summary,
    );

    function showSummary() {
      const r = sectionScore(s, index);
      summary.textContent =
        `You got ${r.raw} of ${r.max} right.` +
        (index < sections.length - 1 ? ' Read the feedback, then go to the next page.' : '');
    }
    if (done) {
      views.forEach(applyResult);
      showSummary();
    }
    return el(
      'section',
      { class: 'page' },
      heading(s.title),
      s.instructions ? el('p', { class: 'instructions' }, rich(s.instructions)) : null,
      form,
    );
  }

  function renderResults() {
    const sc = score();
    const pct = Math.round(sc.scaled * 100);
    const quiz = Boolean(unit.isFinalQuiz);
    const passed = sc.scaled >= passingScore();
    const parts = [
      heading(quiz ? 'Quiz results' : 'Unit completed'),
      el('p', { class: 'score' }, `You scored ${sc.raw} / ${sc.max} (${pct} %)`),
    ];
    if (quiz) {
      parts.push(
        el(
          'p',
          { class: `outcome ${passed ? 'is-pass' : 'is-fail'}` },
          passed ? 'Passed' : `Not passed — ${Math.round(passingScore() * 100)} % needed`,
        ),
      );
      if (!passed) {
        parts.push(
          el('p', null, 'Review the feedback on the previous pages, then try the quiz again.'),
          el(
            'div',
            { class: 'actions' },
            el('button', { type: 'button', class: 'btn btn-primary', onclick: tryAgain }, 'Try again'),
          ),
        );
      } else {
        parts.push(el('p', null, `Well done — you have passed “${unit.title}”.`));
      }
    } else {
      parts.push(
        el(
          'p',
          null,
          `Well done — you have finished “${unit.title}”. You can go back to any page to review it.`,
        ),
      );
    }
    const rows = exercises().map(([s, i]) => {
      const r = sectionScore(s, i);
      return el('li', null, `${s.title} — ${r.raw} / ${r.max}`);
    });
    if (rows.length > 1) parts.push(el('h3', null, 'By exercise'), el('ul', { class: 'list' }, rows));
    return el('section', { class: 'page results' }, parts);
  }

  function show(index, moveFocus) {
    current = index;
    const s = sections[index];
    const page = !s
      ? renderResults()
      : s.type === 'exercise'
        ? renderExercise(s, index)
        : el('section', { class: 'page' }, heading(s.title), (s.blocks || []).map(renderBlock));
    $('main').replaceChildren(page);
    const total = sections.length + 1;
    $('page-count').textContent = `Page ${index + 1} of ${total}`;
    $('page-bar').max = total;
    $('page-bar').value = index + 1;
    updatePager();
    window.scrollTo(0, 0);
    if (moveFocus) page.querySelector('h2').focus();
  }

  // Next waits for the check on an exercise page. aria-disabled keeps it focusable and explainable.
  const blocked = () => sections[current]?.type === 'exercise' && !checked.has(String(current));
  function updatePager() {
    $('pager').hidden = false;
    $('prev').hidden = current === 0;
    $('next').hidden = current >= sections.length;
    $('next').setAttribute('aria-disabled', String(blocked()));
    $('next').textContent = current === sections.length - 1 ? 'See results' : 'Next';
  }

  function goTo(index) {
    show(index, true);
    if (index === sections.length) finish();
    saveState();
  }

  // The end of the unit: one end statement per attempt.
  function finish() {
    if (finished) return;
    finished = true;
    const result = { completion: true, score: score(), duration: isoDuration(elapsed()) };
    if (unit.isFinalQuiz) result.success = result.score.scaled >= passingScore();
    const verb = !unit.isFinalQuiz ? 'completed' : result.success ? 'passed' : 'failed';
    sendStatement(statement(verb, unitActivity(), result));
  }

  function tryAgain() {
    [answers, checked, finished, baseSeconds, sessionStart] = [{}, new Set(), false, 0, Date.now()];
    goTo(0); // saves the cleared state document
    announce('A new attempt has started. Your answers have been cleared.');
  }

  $('prev').addEventListener('click', () => {
    if (current > 0) goTo(current - 1);
  });
  $('next').addEventListener('click', () => {
    if (blocked()) {
      const hint = $('main').querySelector('.hint');
      if (hint) hint.textContent = 'Check your answers before going on.';
      const check = $('main').querySelector('button[type=submit]');
      if (check) check.focus();
      return;
    }
    if (current < sections.length) goTo(current + 1);
  });

  // ---------- Start ----------
  function restore(doc) {
    if (!doc) return 0;
    if (doc.answers && typeof doc.answers === 'object') answers = doc.answers;
    if (Array.isArray(doc.checked))
      checked = new Set(doc.checked.map(String).filter((i) => sections[i]?.type === 'exercise'));
    finished = doc.finished === true;
    baseSeconds = Number.isFinite(doc.time) ? doc.time : 0;
    let section = Number.isInteger(doc.section) ? Math.max(0, Math.min(doc.section, sections.length)) : 0;
    // Never land beyond an exercise that has not been checked.
    const open = sections.findIndex((s, i) => s.type === 'exercise' && !checked.has(String(i)));
    if (open >= 0 && section > open) section = open;
    return section;
  }

  async function start() {
    $('main').replaceChildren(el('p', { class: 'loading' }, 'Loading…'));
    let doc;
    try {
      const [res, saved] = await Promise.all([fetch('unit.json', { cache: 'no-store' }), loadState()]);
      if (!res.ok) throw new Error(`unit.json: ${res.status}`);
      unit = await res.json();
      doc = saved;
    } catch (err) {
      console.error(err);
      $('main').replaceChildren(
        el(
          'section',
          { class: 'page' },
          el('h2', { class: 'page-title' }, 'This unit could not be opened'),
          el('p', null, 'Check your connection, then try again.'),
          el(
            'div',
            { class: 'actions' },
            el('button', { type: 'button', class: 'btn btn-primary', onclick: start }, 'Try again'),
          ),
        ),
      );
      return;
    }
    sections = Array.isArray(unit.sections) ? unit.sections : [];
    document.title = unit.title;
    $('unit-title').textContent = unit.title;
    if (!lrsOn) notice('Preview: your progress is not saved.', true);
    sendStatement(statement('initialized', unitActivity()));
    const section = restore(doc);
    show(section, false);
    // A resume onto the results page of an attempt whose end statement never left.
    if (section === sections.length && !finished) {
      finish();
      saveState();
    }
  }

  start();
})();
