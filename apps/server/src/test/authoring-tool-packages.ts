/**
 * Small xAPI packages of our own, laid out exactly as authoring tools export them, for the import
 * tests and the browser test (e2e/specs/authoring-packages.e2e.ts). Their text is ours; their
 * scripts are a few lines doing what the tools' players do: read the launch query, send
 * statements, keep their place in the State API.
 *
 * - Articulate Rise: one page (`index.html`) with its scripts under `lib/`, media under `assets/`,
 *   lessons shown by hash.
 * - Articulate Storyline: `story.html` loading each slide in a nested frame from `story_content/`,
 *   a tincan.xml with a byte-order mark listing the course with its scenes, slides and questions,
 *   a launch with a query string; a slide opens a resource in a new window.
 * - iSpring: tincan.xml at the root, the launch file in a subfolder (`res/index.html`).
 */

export interface PackageEntry {
  name: string;
  data: string | Buffer;
}

export const TOOL_ACTIVITIES = {
  rise: 'https://trust.example/xapi/rise/sepsis-screening',
  storyline: 'https://trust.example/xapi/storyline/ward-handover',
  ispring: 'https://trust.example/xapi/ispring/consent-basics',
};

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

interface ManifestActivity {
  id: string;
  type: string;
  name: string;
  description?: string;
  launch?: string;
  interactionType?: string;
}

/** A tincan.xml as the tools write it: root `tincan` in the schema's namespace. */
function manifest(activities: ManifestActivity[], lang = 'en-GB'): string {
  const items = activities.map(
    (a) => `    <activity id="${xml(a.id)}" type="${a.type}">
      <name lang="${lang}">${xml(a.name)}</name>
      <description lang="${lang}">${xml(a.description ?? a.name)}</description>${
        a.interactionType ? `\n      <interactionType>${a.interactionType}</interactionType>` : ''
      }${a.launch ? `\n      <launch lang="${lang}">${xml(a.launch)}</launch>` : ''}
    </activity>`,
  );
  return `<?xml version="1.0" encoding="utf-8" standalone="yes"?>
<tincan xmlns="http://projecttincan.com/tincan.xsd">
  <activities>
${items.join('\n')}
  </activities>
</tincan>
`;
}

/**
 * The little xAPI client every package below carries (as the tools carry theirs): the launch
 * parameters from the page's own query, statements, and one State API document to resume from.
 */
const xapiClient = `
var launch = new URLSearchParams(location.search);
var lrs = {
  endpoint: launch.get('endpoint'),
  auth: launch.get('auth'),
  actor: JSON.parse(launch.get('actor') || 'null'),
  activity: launch.get('activity_id'),
  registration: launch.get('registration'),
  headers: function (json) {
    var h = { Authorization: lrs.auth, 'X-Experience-API-Version': '1.0.3' };
    if (json) h['Content-Type'] = 'application/json';
    return h;
  },
  send: function (verb, objectId, extra) {
    var statement = Object.assign(
      {
        actor: lrs.actor,
        verb: { id: 'http://adlnet.gov/expapi/verbs/' + verb, display: { 'en-GB': verb } },
        object: { objectType: 'Activity', id: objectId || lrs.activity },
        context: { registration: lrs.registration, contextActivities: { grouping: [{ id: lrs.activity }] } },
      },
      extra || {},
    );
    return fetch(lrs.endpoint + 'statements', { method: 'POST', headers: lrs.headers(true), body: JSON.stringify(statement) })
      .then(function (r) { if (!r.ok) throw new Error('statement refused: ' + r.status); document.body.setAttribute('data-sent', verb); });
  },
  stateUrl: function (stateId) {
    return lrs.endpoint + 'activities/state?' + new URLSearchParams({
      activityId: lrs.activity, agent: JSON.stringify(lrs.actor), stateId: stateId, registration: lrs.registration,
    }).toString();
  },
  load: function (stateId) {
    return fetch(lrs.stateUrl(stateId), { headers: lrs.headers(false) })
      .then(function (r) { return r.status === 200 ? r.json() : null; });
  },
  save: function (stateId, value) {
    return fetch(lrs.stateUrl(stateId), { method: 'PUT', headers: lrs.headers(true), body: JSON.stringify(value) })
      .then(function (r) { if (!r.ok) throw new Error('state refused: ' + r.status); });
  },
};
`;

const page = (title: string, body: string, head = '') => `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${title}</title>${head}</head>
<body>
${body}
</body>
</html>
`;

/** Articulate Rise: a single page, lessons by hash, `lib/` and `assets/`. */
export function risePackage(activityId = TOOL_ACTIVITIES.rise): PackageEntry[] {
  const lessons = [
    ['Recognising sepsis', 'Ask about fever, rigors and confusion; check the respiratory rate first.'],
    ['Escalating care', 'Tell the nurse in charge, start the sepsis six and document the time.'],
  ];
  const main = `${xapiClient}
var lessons = ${JSON.stringify(lessons)};
function show(index) {
  lrs.save('bookmark', { lesson: index }).then(function () { display(index); });
}
function display(index) {
  var lesson = lessons[index];
  document.querySelector('h1').textContent = lesson[0];
  document.querySelector('#lesson-text').textContent = lesson[1];
  document.querySelector('#position').textContent = 'Lesson ' + (index + 1) + ' of ' + lessons.length;
  document.querySelector('#next').textContent = index + 1 < lessons.length ? 'Continue' : 'Finish course';
}
var current = 0;
document.querySelector('#next').addEventListener('click', function () {
  if (current + 1 < lessons.length) {
    current += 1;
    location.hash = '#/lessons/' + current;
    show(current);
  } else {
    lrs.send('completed', null, { result: { completion: true } }).then(function () {
      document.querySelector('#done').hidden = false;
    });
  }
});
lrs.send('attempted').then(function () { return lrs.load('bookmark'); }).then(function (bookmark) {
  current = bookmark ? bookmark.lesson : 0;
  show(current);
});
`;
  return [
    {
      name: 'tincan.xml',
      data: manifest([
        {
          id: activityId,
          type: 'http://adlnet.gov/expapi/activities/course',
          name: 'Sepsis screening on the ward',
          description: 'A short Rise course on spotting and escalating sepsis.',
          launch: 'index.html',
        },
      ]),
    },
    {
      name: 'index.html',
      data: page(
        'Sepsis screening on the ward',
        `<main><img src="assets/ecg.svg" alt="" width="40"><h1>Sepsis screening</h1>
<p id="position"></p><p id="lesson-text"></p>
<button id="next" type="button">Continue</button><p id="done" hidden>Course complete</p></main>
<script src="lib/main.bundle.js"></script>`,
        '<link rel="stylesheet" href="lib/main.bundle.css">',
      ),
    },
    { name: 'lib/main.bundle.js', data: main },
    { name: 'lib/main.bundle.css', data: 'body{font-family:sans-serif;margin:2rem}' },
    {
      name: 'assets/ecg.svg',
      data: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 5h3l1-3 2 6 1-3h3" fill="none" stroke="red"/></svg>',
    },
  ];
}

const slides = [
  ['Before the handover', 'Gather the observations chart, the drug chart and the latest bloods.'],
  ['Situation and background', 'State who the patient is, why they were admitted and what has changed.'],
  [
    'Assessment and recommendation',
    'Say what you think is happening and what you need the next nurse to do.',
  ],
];

/**
 * Articulate Storyline: `story.html` (launched with `?tincan=true`) frames the current slide from
 * `story_content/slides/`; the slide page sends its own statements with the launch query the
 * player passes on, saves the resume point, and the second slide opens a resource in a new window.
 */
export function storylinePackage(activityId = TOOL_ACTIVITIES.storyline): PackageEntry[] {
  const player = `${xapiClient}
var frame = document.createElement('iframe');
frame.title = 'Slide';
frame.id = 'slide-frame';
frame.style.cssText = 'width:100%;height:70vh;border:1px solid #ccc';
document.querySelector('#frame-wrap').appendChild(frame);
lrs.send('attempted').then(function () { return lrs.load('resume'); }).then(function (resume) {
  var slide = resume && resume.slide ? resume.slide : 1;
  frame.src = 'story_content/slides/slide' + slide + '.html' + location.search;
});
`;
  const slideScript = `${xapiClient}
var number = Number(document.body.getAttribute('data-slide'));
var slideId = lrs.activity + '/slide' + number;
// The resume point is saved before the slide says it is recorded: a learner who leaves then
// comes back here.
lrs.save('resume', { slide: number }).then(function () {
  return lrs.send('experienced', slideId);
}).then(function () {
  document.querySelector('#status').textContent = 'Slide ' + number + ' recorded';
});
var next = document.querySelector('#next');
if (next) next.href = 'slide' + (number + 1) + '.html' + location.search;
var resource = document.querySelector('#resource');
if (resource) resource.addEventListener('click', function () {
  window.open('../resources/handover-card.html', 'resource');
});
var finish = document.querySelector('#finish');
if (finish) finish.addEventListener('click', function () {
  lrs.send('completed', null, { result: { completion: true } }).then(function () {
    document.querySelector('#status').textContent = 'Course complete';
  });
});
`;
  const slideFiles = slides.map(([title, text], i) => ({
    name: `story_content/slides/slide${i + 1}.html`,
    data: page(
      title!,
      `<h1>${title}</h1><p>${text}</p>
${i === 1 ? '<button id="resource" type="button">Open the handover card</button>' : ''}
${i + 1 < slides.length ? '<a id="next" href="#">Next slide</a>' : '<button id="finish" type="button">Submit</button>'}
<p id="status" role="status"></p>
<script src="../user.js"></script>`,
    ).replace('<body>', `<body data-slide="${i + 1}">`),
  }));
  const activities: ManifestActivity[] = [
    {
      id: activityId,
      type: 'http://adlnet.gov/expapi/activities/course',
      name: 'Ward handover with SBAR',
      description: 'A Storyline course on handing over a patient at the end of a shift.',
      launch: 'story.html?tincan=true',
    },
    { id: `${activityId}/scene1`, type: 'http://adlnet.gov/expapi/activities/module', name: 'Handover' },
    ...slides.map(([title], i) => ({
      id: `${activityId}/slide${i + 1}`,
      type: 'http://adlnet.gov/expapi/activities/module',
      name: title!,
    })),
    {
      id: `${activityId}/objective1`,
      type: 'http://adlnet.gov/expapi/activities/objective',
      name: 'Hand over a patient with SBAR',
    },
    {
      id: `${activityId}/slide3/question1`,
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      name: 'Which part of SBAR says what you need?',
      interactionType: 'choice',
    },
  ];
  return [
    // Storyline writes its manifest with a UTF-8 byte-order mark.
    {
      name: 'tincan.xml',
      data: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(manifest(activities, 'und'))]),
    },
    {
      name: 'meta.xml',
      data: '<?xml version="1.0" encoding="utf-8"?><meta><project title="Ward handover with SBAR"/></meta>',
    },
    {
      name: 'story.html',
      data: page(
        'Ward handover with SBAR',
        `<h1>Ward handover with SBAR</h1><div id="frame-wrap"></div>
<script src="html5/lib/scripts/player.js"></script>`,
      ),
    },
    { name: 'html5/lib/scripts/player.js', data: player },
    { name: 'story_content/user.js', data: slideScript },
    { name: 'story_content/frame.json', data: JSON.stringify({ slides: slides.map((s) => s[0]) }) },
    ...slideFiles,
    {
      name: 'story_content/resources/handover-card.html',
      data: page(
        'Handover card',
        '<h1>Handover card</h1><p>S — situation, B — background, A — assessment, R — recommendation.</p>',
      ),
    },
  ];
}

/** iSpring: tincan.xml at the root, the presentation under `res/`. */
export function ispringPackage(activityId = TOOL_ACTIVITIES.ispring): PackageEntry[] {
  const presentation = `${xapiClient}
var steps = ['Explain the procedure in plain words.', 'Check the patient has understood, then ask for consent.'];
var step = 0;
function show() {
  lrs.save('suspend_data', { step: step }).then(function () {
    document.querySelector('#step').textContent = 'Step ' + (step + 1) + ': ' + steps[step];
  });
}
document.querySelector('#forward').addEventListener('click', function () {
  if (step + 1 < steps.length) { step += 1; show(); }
  else lrs.send('passed', null, { result: { success: true, completion: true, score: { scaled: 0.9 } } })
    .then(function () { document.querySelector('#step').textContent = 'Quiz passed'; });
});
lrs.send('attempted').then(function () { return lrs.load('suspend_data'); }).then(function (saved) {
  step = saved ? saved.step : 0;
  show();
});
`;
  return [
    {
      name: 'tincan.xml',
      data: manifest([
        {
          id: activityId,
          type: 'http://adlnet.gov/expapi/activities/course',
          name: 'Consent basics',
          launch: 'res/index.html',
        },
      ]),
    },
    {
      name: 'res/index.html',
      data: page(
        'Consent basics',
        '<h1>Consent basics</h1><p id="step"></p><button id="forward" type="button">Next step</button><script src="data/player.js"></script>',
      ),
    },
    { name: 'res/data/player.js', data: presentation },
  ];
}

/** The same files under one top folder, with what the macOS Finder adds to the zip. */
export function underTopFolder(folder: string, entries: PackageEntry[]): PackageEntry[] {
  return [
    ...entries.map((e) => ({ ...e, name: `${folder}/${e.name}` })),
    { name: `__MACOSX/${folder}/._tincan.xml`, data: Buffer.from([0, 5, 22, 7]) },
    { name: `${folder}/.DS_Store`, data: Buffer.from([0, 0, 0, 1]) },
  ];
}
