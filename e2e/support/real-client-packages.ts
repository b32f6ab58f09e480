import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/**
 * Courses built in the tests around the real client libraries, as published on the npm registry
 * (issue 34): what an authoring tool ships is its own player around one of these, so our player
 * and LRS are checked against the libraries' own requests, not against what we think they send.
 *
 * - `tincanjs` (Rustici's TinCanJS, inside Storyline's and Rustici's exports): it reads the launch
 *   parameters from its page's address and copies any parameter it does not know onto every LRS
 *   request, so a launch address carrying anything extra breaks it.
 * - `@xapi/cmi5` (xAPI.js): a cmi5 AU — fetch URL, LaunchData, learner preferences, the defined
 *   statements and moveOn, all in the library's own order.
 *
 * The page scripts are a few lines of ours driving the library; the course text is ours, in
 * British medical English.
 */

const require = createRequire(import.meta.url);
const libraryFile = (pkg: string, file: string) =>
  path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

export const TINCAN_COURSE = {
  id: 'https://trust.example/xapi/storyline/chest-pain-triage',
  name: 'Chest pain triage',
  /** The slide a learner reaches after the first one, and where a relaunch resumes. */
  slides: ['Assessing chest pain on arrival', 'Check your triage'],
};

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Storyline's tincan.xml: a byte-order mark, `lang="und-US"`, the course, its objectives and questions. */
function storylineManifest(): string {
  const { id, name } = TINCAN_COURSE;
  const activity = (
    aid: string,
    type: string,
    title: string,
    extra = '',
  ) => `    <activity id="${xml(aid)}" type="${type}">
      <name lang="und-US">${xml(title)}</name>
      <description lang="und-US">${xml(title)}</description>${extra}
    </activity>`;
  return `\uFEFF<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<tincan xmlns="http://projecttincan.com/tincan.xsd">
  <activities>
${activity(id, 'http://adlnet.gov/expapi/activities/course', name, '\n      <launch lang="und-US">story.html</launch>')}
${activity(`${id}/6Xq1Pz`, 'http://adlnet.gov/expapi/activities/objective', 'Check your triage')}
${QUESTIONS.map((q) => activity(`${id}/6Xq1Pz/${q.id}`, 'http://adlnet.gov/expapi/activities/cmi.interaction', q.prompt, '\n      <interactionType>choice</interactionType>')).join('\n')}
  </activities>
</tincan>
`;
}

const QUESTIONS = [
  {
    id: 'ecg',
    prompt: 'Within how many minutes of arrival should a patient with chest pain have a 12-lead ECG?',
    choices: [
      ['ten', '10 minutes'],
      ['sixty', '60 minutes'],
      ['four-hours', '4 hours'],
    ],
    correct: 'ten',
  },
  {
    id: 'aspirin',
    prompt: 'Which drug is given at once for a suspected acute coronary syndrome, unless contraindicated?',
    choices: [
      ['aspirin', 'Aspirin 300 mg'],
      ['ibuprofen', 'Ibuprofen 400 mg'],
      ['codeine', 'Codeine 30 mg'],
    ],
    correct: 'aspirin',
  },
  {
    id: 'troponin',
    prompt: 'When is a single high-sensitivity troponin enough to rule out a myocardial infarction?',
    choices: [
      ['late', 'Pain began more than three hours before the sample, and the level is very low'],
      ['any', 'Whenever the patient is pain-free'],
      ['never', 'Never: two samples are always needed'],
    ],
    correct: 'late',
  },
];

/**
 * The player: story.html loads TinCanJS as Storyline's `lms/` folder does, builds `new TinCan({url:
 * location.href})`, sends `attempted` (or `resumed`), keeps the slide reached in the State API
 * document `resume`, sends `experienced` for each slide, `answered` for each question and, at the
 * end, `passed` or `failed` with a score as percentage points (Storyline's way) and `completed`.
 */
function storylinePlayer(): string {
  return `(function () {
  var ADL = 'http://adlnet.gov/expapi/verbs/';
  var COURSE = ${JSON.stringify(TINCAN_COURSE.id)};
  var SLIDES = ${JSON.stringify(TINCAN_COURSE.slides)};
  var QUESTIONS = ${JSON.stringify(QUESTIONS)};
  var PASS_MARK = 0.6;
  var tincan = new TinCan({ url: window.location.href });
  var status = document.getElementById('status');

  function fail(what, err) { status.textContent = 'Error: ' + what + ' ' + (err && err.status !== undefined ? err.status : err); }
  function send(verb, object, result, then) {
    var statement = { verb: { id: ADL + verb, display: { 'en-US': verb } } };
    // Storyline puts the course as parent and grouping of what happens in it.
    if (object) {
      statement.target = object;
      statement.context = { contextActivities: { parent: [tincan.activity], grouping: [tincan.activity] } };
    }
    if (result) statement.result = result;
    tincan.sendStatement(statement, function (results) {
      var failed = results.filter(function (r) { return r.err !== null; })[0];
      if (failed) return fail(verb, failed.xhr || failed.err);
      document.body.setAttribute('data-sent', verb);
      if (then) then();
    });
  }
  function saveSlide(index, then) {
    tincan.setState('resume', JSON.stringify({ slide: index }), {
      contentType: 'application/json',
      callback: function (err) { if (err) return fail('state', err); then(); },
    });
  }
  function slideActivity(index) {
    return new TinCan.Activity({ id: COURSE + '/slide' + (index + 1), definition: { type: 'http://adlnet.gov/expapi/activities/module', name: { 'en-US': SLIDES[index] } } });
  }
  function show(index) {
    document.querySelectorAll('section').forEach(function (s, i) { s.hidden = i !== index; });
    document.querySelector('section:not([hidden]) h2').focus();
    saveSlide(index, function () {
      send('experienced', slideActivity(index), null, function () { status.textContent = 'Slide ' + (index + 1) + ' saved'; });
    });
  }
  function submit() {
    var right = 0;
    var chain = QUESTIONS.map(function (q) {
      var picked = document.querySelector('input[name="' + q.id + '"]:checked');
      var answer = picked ? picked.value : '';
      if (answer === q.correct) right += 1;
      return function (next) {
        var question = new TinCan.Activity({
          id: COURSE + '/6Xq1Pz/' + q.id,
          definition: {
            type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
            interactionType: 'choice',
            name: { 'en-US': q.prompt },
            correctResponsesPattern: [q.correct],
            choices: q.choices.map(function (c) { return { id: c[0], description: { 'en-US': c[1] } }; }),
          },
        });
        send('answered', question, { response: answer, success: answer === q.correct }, next);
      };
    });
    var run = function (i) {
      if (i < chain.length) return chain[i](function () { run(i + 1); });
      var scaled = Math.round((right / QUESTIONS.length) * 100) / 100;
      var passed = scaled >= PASS_MARK;
      var result = { score: { scaled: scaled, raw: Math.round(scaled * 100), min: 0, max: 100 }, success: passed, completion: true, duration: 'PT2M30S' };
      send(passed ? 'passed' : 'failed', null, result, function () {
        send('completed', null, { completion: true }, function () {
          status.textContent = passed ? 'Course passed' : 'Course failed';
        });
      });
    };
    run(0);
  }

  document.getElementById('next').addEventListener('click', function () { show(1); });
  document.getElementById('submit').addEventListener('click', function () { this.disabled = true; submit(); });

  // Storyline's start: the bookmark from the State API, then attempted (first time) or resumed.
  tincan.getState('resume', {
    callback: function (err, state) {
      if (err) return fail('state', err);
      // TinCanJS hands a JSON document back parsed, as its content type says.
      var saved = state && state.contents ? (typeof state.contents === 'string' ? JSON.parse(state.contents) : state.contents) : null;
      send(saved ? 'resumed' : 'attempted', null, null, function () {
        document.body.setAttribute('data-launched', tincan.actor ? tincan.actor.name || 'learner' : 'nobody');
        if (saved) show(saved.slide); else show(0);
      });
    },
  });
})();
`;
}

function storylinePage(): string {
  const questions = QUESTIONS.map(
    (q) => `      <fieldset>
        <legend>${q.prompt}</legend>
${q.choices.map(([value, label]) => `        <label><input type="radio" name="${q.id}" value="${value}"> ${label}</label>`).join('\n')}
      </fieldset>`,
  ).join('\n');
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${TINCAN_COURSE.name}</title>
  <script src="lms/tincan-min.js"></script>
  <style>body { font: 1rem/1.5 sans-serif; margin: 1rem; } fieldset { margin: 0 0 1rem; } label { display: block; }</style>
</head>
<body>
  <main>
    <h1>${TINCAN_COURSE.name}</h1>
    <section hidden>
      <h2 tabindex="-1">${TINCAN_COURSE.slides[0]}</h2>
      <p>Record a 12-lead ECG within ten minutes, give aspirin unless there is a reason not to, and
        take a high-sensitivity troponin. Escalate at once if the ECG shows ST elevation.</p>
      <button id="next" type="button">Next slide</button>
    </section>
    <section hidden>
      <h2 tabindex="-1">${TINCAN_COURSE.slides[1]}</h2>
${questions}
      <button id="submit" type="button">Submit</button>
    </section>
    <p id="status" role="status">Loading…</p>
  </main>
  <script src="story_content/player.js"></script>
</body>
</html>
`;
}

/**
 * A Storyline-style Tin Can export in a folder of its own: story.html, meta.xml, tincan.xml,
 * `lms/tincan-min.js` (the npm build, byte for byte) and `story_content/player.js`.
 */
export function tincanjsCourse(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-tincanjs-'));
  fs.mkdirSync(path.join(dir, 'lms'));
  fs.mkdirSync(path.join(dir, 'story_content'));
  fs.copyFileSync(libraryFile('tincanjs', 'build/tincan-min.js'), path.join(dir, 'lms/tincan-min.js'));
  fs.writeFileSync(path.join(dir, 'tincan.xml'), storylineManifest());
  fs.writeFileSync(
    path.join(dir, 'meta.xml'),
    `<?xml version="1.0" encoding="utf-8"?>\n<meta><project title="${TINCAN_COURSE.name}" /><application name="Storyline" /></meta>\n`,
  );
  fs.writeFileSync(path.join(dir, 'story.html'), storylinePage());
  fs.writeFileSync(path.join(dir, 'story_content/player.js'), storylinePlayer());
  return dir;
}

export const CMI5_COURSE = {
  id: 'https://trust.example/cmi5/drug-chart',
  name: 'Reading a drug chart',
  quiz: { id: 'https://trust.example/cmi5/drug-chart/aus/quiz', title: 'Quiz: prescribing abbreviations' },
  notes: { id: 'https://trust.example/cmi5/drug-chart/aus/notes', title: 'Notes: a safe drug chart' },
};

/**
 * The AU page: `@xapi/cmi5`'s browser build, `new Cmi5()` reading its launch parameters from the
 * address, `initialize()` (fetch URL, LaunchData, learner preferences, `initialized`), then what
 * the buttons ask: a question answered, `progress`, `moveOn` with a score (passed or failed as
 * the masteryScore decides, completed, terminated), or `complete` and `terminate`.
 */
function cmi5Page(kind: 'quiz' | 'notes'): string {
  const title = CMI5_COURSE[kind].title;
  const body =
    kind === 'quiz'
      ? `<fieldset>
        <legend>1. On a drug chart, what does "PRN" mean?</legend>
        <label><input type="radio" name="prn" value="as-required"> When required</label>
        <label><input type="radio" name="prn" value="at-night"> At night</label>
      </fieldset>
      <fieldset>
        <legend>2. Which abbreviation must never be written for "units"?</legend>
        <label><input type="radio" name="units" value="u"> U</label>
        <label><input type="radio" name="units" value="units"> units, written in full</label>
      </fieldset>
      <button id="submit" type="button" disabled>Submit answers</button>`
      : `<p>Write the generic name in capitals, the dose with its unit in full, the route and the
        frequency; sign and date every entry, and record allergies before the first prescription.</p>
      <button id="done" type="button" disabled>I have read the notes</button>`;
  const script =
    kind === 'quiz'
      ? `document.getElementById('submit').addEventListener('click', function () {
      this.disabled = true;
      var prn = (document.querySelector('input[name=prn]:checked') || {}).value || '';
      var units = (document.querySelector('input[name=units]:checked') || {}).value || '';
      var right = (prn === 'as-required' ? 1 : 0) + (units === 'u' ? 1 : 0);
      cmi5.interactionChoice('https://trust.example/cmi5/drug-chart/tests/abbreviations', 'prn', [prn], ['as-required'])
        .then(function () { return cmi5.moveOn({ score: { scaled: right / 2, raw: right, min: 0, max: 2 } }); })
        .then(function () { say(right / 2 >= cmi5.getLaunchData().masteryScore ? 'Passed' : 'Failed'); })
        .catch(function (e) { say('Error: ' + (e.response ? e.response.status : e.message)); });
    });`
      : `document.getElementById('done').addEventListener('click', function () {
      this.disabled = true;
      cmi5.progress(100)
        .then(function () { return cmi5.complete(); })
        .then(function () { return cmi5.terminate(); })
        .then(function () { say('Notes completed'); })
        .catch(function (e) { say('Error: ' + (e.response ? e.response.status : e.message)); });
    });`;
  return `<!DOCTYPE html>
<html lang="en-GB">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
  <script src="../lib/cmi5.umd.js"></script>
  <style>body { font: 1rem/1.5 sans-serif; margin: 1rem; } label { display: block; }</style>
</head>
<body>
  <main>
    <h1>${title}</h1>
    ${body}
    <p id="status" role="status">Connecting…</p>
  </main>
  <script>
    var statusLine = document.getElementById('status');
    function say(text) { statusLine.textContent = text; }
    var cmi5 = new Cmi5();
    cmi5.initialize()
      .then(function () {
        var mode = cmi5.getLaunchData().launchMode;
        say('Ready · ' + mode);
        // Browse and Review judge nothing (cmi5 10.2.2): the AU offers no way to be judged.
        if (mode === 'Normal') document.querySelector('button').disabled = false;
      })
      .catch(function (e) { say('Error: ' + (e.response ? e.response.status : e.message)); });
    ${script}
  </script>
</body>
</html>
`;
}

/** A cmi5 course of two AUs around `@xapi/cmi5`, in a folder of its own with its cmi5.xml. */
export function xapiCmi5Course(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-xapi-cmi5-'));
  for (const sub of ['lib', 'quiz', 'notes']) fs.mkdirSync(path.join(dir, sub));
  fs.copyFileSync(libraryFile('@xapi/cmi5', 'dist/Cmi5.umd.js'), path.join(dir, 'lib/cmi5.umd.js'));
  fs.writeFileSync(path.join(dir, 'quiz/index.html'), cmi5Page('quiz'));
  fs.writeFileSync(path.join(dir, 'notes/index.html'), cmi5Page('notes'));
  const { id, name, quiz, notes } = CMI5_COURSE;
  const langstring = (text: string) => `<langstring lang="en-GB">${xml(text)}</langstring>`;
  fs.writeFileSync(
    path.join(dir, 'cmi5.xml'),
    `<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${id}">
    <title>${langstring(name)}</title>
    <description>${langstring('Prescribing abbreviations and what a safe drug chart holds.')}</description>
  </course>
  <au id="${quiz.id}" moveOn="CompletedAndPassed" masteryScore="0.5">
    <title>${langstring(quiz.title)}</title>
    <description>${langstring('Two questions on the abbreviations of a drug chart.')}</description>
    <url>quiz/index.html?lang=en-GB</url>
  </au>
  <au id="${notes.id}" moveOn="Completed">
    <title>${langstring(notes.title)}</title>
    <description>${langstring('What every entry on a drug chart must show.')}</description>
    <url>notes/index.html</url>
  </au>
</courseStructure>
`,
  );
  return dir;
}
