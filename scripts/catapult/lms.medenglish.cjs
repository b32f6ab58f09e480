/*
    CATAPULT LMS Test Suite adapter for MedEnglish: copied into the suite's lts/lib/ as
    lms.custom.js to run the suite by hand (docs/CONFORMANCE.md, decision 0043). Not part of the
    app or of CI; the suite itself is never committed here.

    - importCourse: writes the package under $MEDENGLISH_IMPORT_DIR and runs MedEnglish's
      import CLI (apps/server/dist/cli/content-import.js) against the same database and
      DATA_DIR as the running server. A zip is imported as a .zip file, a text/xml package
      as a folder holding only cmi5.xml, anything else as the file it is (named as given).
      A refusal (non-zero exit, a one-line PackageError on stderr) -> InvalidPackageError;
      a crash (stack trace on stderr) -> plain Error.
    - getLaunchUrl: POST /api/xapi/launch/{unitId} {groupId[, mode]} as the demo learner.
      MedEnglish chooses the actor and registration itself (derived from learner + course);
      the suite's actor/registration are not honoured (a requested registration that differs
      is logged).
    - waiveAU: PUT /api/admin/user/{learnerId}/cmi5/{unitId}/waiver {reason} as the demo admin.
    - abandonSession: MedEnglish has no "abandon this session" action; a new launch of the
      AU abandons its open sessions (cmi5 9.3.6), so the AU of that session is launched again.
    - cleanup: MedEnglish has no course delete route; nothing is removed (use a fresh DB per run).
*/
const fs = require('fs'),
  path = require('path'),
  { pipeline } = require('stream/promises'),
  { execFile } = require('child_process'),
  Wreck = require('@hapi/wreck'),
  { InvalidPackageError } = require('./errors');

const env = (name, dflt) => {
  const v = process.env[name];
  if (v === undefined || v === '') {
    if (dflt === undefined) {
      throw new Error(`missing env ${name}`);
    }
    return dflt;
  }
  return v;
};

let baseUrl,
  repoDir,
  importDir,
  groupName,
  groupId,
  learner,
  admin,
  lrsKey,
  lrsSecret,
  importCount = 0,
  lastLaunch = null;

// courseId -> [{unitId, activityId}] in course order
const courses = new Map(),
  // registration -> courseId
  registrations = new Map(),
  // AU activityId -> {courseId, auIndex}
  aus = new Map();

const log = (...args) => {
  if (process.env.MEDENGLISH_ADAPTER_DEBUG) {
    console.log('[lms.custom]', ...args);
  }
  fs.appendFileSync(
    process.env.MEDENGLISH_ADAPTER_LOG || '/tmp/catapult/adapter.log',
    `${new Date().toISOString()} ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}\n`,
  );
};

async function call(method, urlPath, { token, payload, headers = {} } = {}) {
  const res = await Wreck.request(method, `${baseUrl}/api${urlPath}`, {
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...headers,
    },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const body = (await Wreck.read(res)).toString('utf8');
  let json;
  try {
    json = body ? JSON.parse(body) : undefined;
  } catch {
    json = body;
  }
  return { status: res.statusCode, json };
}

async function signIn(who) {
  const res = await call('POST', '/student/login', { payload: { email: who.email, password: who.password } });
  if (res.status !== 200) {
    throw new Error(`login of ${who.email} failed: ${res.status} ${JSON.stringify(res.json)}`);
  }
  who.token = res.json.token;
  who.id = res.json._id;
}

// an authenticated call, signing in again once when the access token has expired (15 min)
async function as(who, method, urlPath, payload) {
  let res = await call(method, urlPath, { token: who.token, payload });
  if (res.status === 401) {
    await signIn(who);
    res = await call(method, urlPath, { token: who.token, payload });
  }
  return res;
}

function runImport(source, moduleName) {
  const cli = path.join(repoDir, 'apps/server/dist/cli/content-import.js'),
    args = [cli, source, '--new-module', moduleName, '--group', groupName];

  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      {
        cwd: repoDir,
        env: {
          ...process.env,
          DATABASE_URL: env('MEDENGLISH_DATABASE_URL'),
          DATA_DIR: env('MEDENGLISH_DATA_DIR'),
          LOG_LEVEL: 'warn',
        },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 10 * 60 * 1000,
      },
      (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr, error }),
    );
  });
}

module.exports = {
  setup: async (testName) => {
    baseUrl = env('MEDENGLISH_URL').replace(/\/$/, '');
    repoDir = env('MEDENGLISH_DIR');
    importDir = path.join(env('MEDENGLISH_IMPORT_DIR'), `${testName}-${process.pid}-${Date.now()}`);
    groupName = env('MEDENGLISH_GROUP', 'Parcours Clinique');
    learner = { email: env('MEDENGLISH_LEARNER'), password: env('MEDENGLISH_PASSWORD') };
    admin = { email: env('MEDENGLISH_ADMIN'), password: env('MEDENGLISH_PASSWORD') };
    lrsKey = env('LRS_KEY');
    lrsSecret = env('LRS_SECRET');
    fs.mkdirSync(importDir, { recursive: true });

    await signIn(learner);
    await signIn(admin);

    const groups = await as(learner, 'GET', `/group/user/${learner.id}`);
    const group = (groups.json || []).find((g) => g.name === groupName);
    if (!group) {
      throw new Error(
        `learner ${learner.email} is not in group ${groupName}: ${JSON.stringify(groups.json)}`,
      );
    }
    groupId = group._id;
    log('setup', testName, { learner: learner.id, groupId, importDir });
  },

  teardown: async () => {},

  getLrsEndpoint: () => `${baseUrl}/api/xapi`,

  getLrsAuthHeader: () => `Basic ${Buffer.from(`${lrsKey}:${lrsSecret}`).toString('base64')}`,

  importCourse: async (stream, contentType, filename) => {
    importCount += 1;
    const dir = path.join(importDir, `${String(importCount).padStart(3, '0')}-${filename}`);
    fs.mkdirSync(dir, { recursive: true });

    let source;
    if (contentType === 'application/zip') {
      source = path.join(dir, filename.toLowerCase().endsWith('.zip') ? filename : `${filename}.zip`);
    } else if (contentType === 'text/xml' || contentType === 'application/xml') {
      // an XML-only course (cmi5 14.2): a package folder holding cmi5.xml alone
      source = path.join(dir, 'course');
      fs.mkdirSync(source);
      source = path.join(source, 'cmi5.xml');
    } else {
      source = path.join(dir, filename);
    }
    await pipeline(stream, fs.createWriteStream(source));
    if (source.endsWith(`${path.sep}cmi5.xml`)) {
      source = path.dirname(source);
    }

    const moduleName = `LTS ${importCount} ${filename} ${Date.now()}`,
      started = Date.now(),
      res = await runImport(source, moduleName);

    log('import', filename, contentType, {
      code: res.code,
      ms: Date.now() - started,
      stderr: res.stderr.slice(0, 2000),
    });

    if (res.code !== 0) {
      const msg = res.stderr.trim();
      if (/\n\s+at /.test(msg) || res.error?.killed) {
        throw new Error(`MedEnglish import of ${filename} crashed: ${msg.slice(0, 3000)}`);
      }
      throw new InvalidPackageError(`MedEnglish refused ${filename}: ${msg}`);
    }

    const units = [];
    for (const m of res.stdout.matchAll(/^(?:Created|Updated) unit (\S+) \((\S+)\):/gm)) {
      units.push({ unitId: m[1], activityId: m[2] });
    }
    if (units.length === 0) {
      throw new Error(`no unit in the import output of ${filename}: ${res.stdout.slice(0, 2000)}`);
    }
    const courseId = `course-${importCount}-${filename}`;
    courses.set(courseId, units);
    units.forEach((u, auIndex) => aus.set(u.activityId, { courseId, auIndex }));

    return courseId;
  },

  getLaunchUrl: async (courseId, auIndex, actor, { registration, launchMode }) => {
    const units = courses.get(courseId);
    if (!units || !units[auIndex]) {
      throw new Error(`unknown course ${courseId} / AU ${auIndex}`);
    }
    const unitId = units[auIndex].unitId,
      payload = { groupId, ...(launchMode ? { mode: launchMode } : {}) },
      res = await as(learner, 'POST', `/xapi/launch/${unitId}`, payload);

    if (res.status !== 200) {
      throw new Error(`launch of unit ${unitId} failed: ${res.status} ${JSON.stringify(res.json)}`);
    }
    if (registration && registration !== res.json.registration) {
      log('WARNING requested registration not honoured', {
        requested: registration,
        got: res.json.registration,
      });
    }
    registrations.set(res.json.registration, courseId);
    lastLaunch = { courseId, auIndex, unitId, registration: res.json.registration };
    log('launch', courseId, auIndex, { launchMode, registration: res.json.registration, url: res.json.url });

    return res.json.url;
  },

  cleanup: async () => {},

  hasWaive: () => true,
  waiveAU: async (registration, auIndex, reason) => {
    const courseId = registrations.get(registration);
    if (!courseId) {
      throw new Error(`no launch seen for registration ${registration}`);
    }
    const unitId = courses.get(courseId)[auIndex].unitId,
      res = await as(admin, 'PUT', `/admin/user/${learner.id}/cmi5/${unitId}/waiver`, { reason });

    log('waive', { registration, unitId, reason, status: res.status, body: res.json });
    if (res.status !== 200) {
      throw new Error(`waiver failed: ${res.status} ${JSON.stringify(res.json)}`);
    }
    if (!res.json.waived) {
      throw new Error(`waiver wrote nothing (AU already satisfied?): ${JSON.stringify(res.json)}`);
    }
  },

  hasAbandon: () => true,
  abandonSession: async (sessionId) => {
    // find the AU of the session from its "launched" statement, else the last launch
    let target = lastLaunch;
    try {
      const res = await Wreck.request(
        'GET',
        `${baseUrl}/api/xapi/statements?verb=${encodeURIComponent('http://adlnet.gov/expapi/verbs/launched')}&limit=100`,
        {
          headers: { 'X-Experience-API-Version': '1.0.3', Authorization: module.exports.getLrsAuthHeader() },
        },
      );
      const body = JSON.parse((await Wreck.read(res)).toString('utf8'));
      const st = (body.statements || []).find(
        (s) =>
          s.context?.extensions?.['https://w3id.org/xapi/cmi5/context/extensions/sessionid'] === sessionId,
      );
      if (st && aus.has(st.object.id)) {
        const { courseId, auIndex } = aus.get(st.object.id);
        target = { courseId, auIndex, unitId: courses.get(courseId)[auIndex].unitId };
      }
    } catch (ex) {
      log('abandon lookup failed', String(ex));
    }
    if (!target) {
      throw new Error(`no launch known for session ${sessionId}`);
    }
    const res = await as(learner, 'POST', `/xapi/launch/${target.unitId}`, { groupId });
    log('abandon by relaunch', { sessionId, unitId: target.unitId, status: res.status });
    if (res.status !== 200) {
      throw new Error(`relaunch to abandon failed: ${res.status} ${JSON.stringify(res.json)}`);
    }
  },
};
