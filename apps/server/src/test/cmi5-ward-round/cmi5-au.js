/*
 * The AU side of cmi5, in plain browser JavaScript, for the test course only: reads the launch
 * parameters, fetches the auth token once, reads LMS.LaunchData and the learner preferences, and
 * sends cmi5 defined statements built on its contextTemplate. window.cmi5au.start() → initialized;
 * send(verb, result) → completed / passed / failed (in Normal mode only); terminate() →
 * terminated, then back to LaunchData's returnURL when there is one.
 */
(function () {
  'use strict';
  var params = new URLSearchParams(window.location.search);
  var endpoint = params.get('endpoint');
  var actor = JSON.parse(params.get('actor'));
  var registration = params.get('registration');
  var activityId = params.get('activityId');
  var auth = null;
  var launchData = null;
  var startedAt = Date.now();

  function uuid() {
    var b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.from(b, function (x) {
      return x.toString(16).padStart(2, '0');
    }).join('');
    return (
      h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20)
    );
  }

  function lrs(method, path, body) {
    var headers = { Authorization: 'Basic ' + auth, 'X-Experience-API-Version': '1.0.3' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    return fetch(endpoint + path, {
      method: method,
      headers: headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  function duration() {
    return 'PT' + Math.max(1, Math.round((Date.now() - startedAt) / 1000)) + 'S';
  }

  function statement(verb, result) {
    var template = JSON.parse(JSON.stringify(launchData.contextTemplate));
    var activities = template.contextActivities || {};
    activities.category = [{ id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' }];
    if (result && ('success' in result || 'completion' in result)) {
      activities.category.push({ id: 'https://w3id.org/xapi/cmi5/context/categories/moveon' });
    }
    template.contextActivities = activities;
    template.registration = registration;
    if ((verb === 'passed' || verb === 'failed') && typeof launchData.masteryScore === 'number') {
      template.extensions['https://w3id.org/xapi/cmi5/context/extensions/masteryscore'] =
        launchData.masteryScore;
    }
    return {
      id: uuid(),
      actor: actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/' + verb, display: { 'en-US': verb } },
      object: { objectType: 'Activity', id: activityId },
      result: result,
      context: template,
      timestamp: new Date().toISOString(),
    };
  }

  function send(verb, result) {
    return lrs('POST', 'statements', statement(verb, result)).then(function (res) {
      if (!res.ok) throw new Error(verb + ' refused: ' + res.status);
    });
  }

  function start() {
    return fetch(params.get('fetch'), { method: 'POST' })
      .then(function (res) {
        return res.json();
      })
      .then(function (body) {
        if (!body['auth-token']) throw new Error(body['error-text']);
        auth = body['auth-token'];
        var query = new URLSearchParams({
          stateId: 'LMS.LaunchData',
          activityId: activityId,
          agent: JSON.stringify(actor),
          registration: registration,
        });
        return lrs('GET', 'activities/state?' + query.toString());
      })
      .then(function (res) {
        return res.json();
      })
      .then(function (data) {
        launchData = data;
        // cmi5 11.0: the learner preferences are read on startup, before "initialized" (a 404,
        // no preferences kept, is an answer too).
        var prefs = new URLSearchParams({
          profileId: 'cmi5LearnerPreferences',
          agent: JSON.stringify(actor),
        });
        return lrs('GET', 'agents/profile?' + prefs.toString());
      })
      .then(function () {
        return send('initialized');
      })
      .then(function () {
        return launchData;
      });
  }

  window.cmi5au = {
    start: start,
    send: function (verb, result) {
      // cmi5 10.0: in Browse or Review the AU judges nothing (the LMS would refuse it).
      if (launchData.launchMode !== 'Normal') return Promise.resolve();
      var full = Object.assign({}, result || {}, { duration: duration() });
      return send(verb, full);
    },
    terminate: function () {
      return send('terminated', { duration: duration() }).then(function () {
        // cmi5 10.0: an AU in its own window (launchMethod OwnWindow) sends it back to the LMS.
        if (launchData.returnURL) window.location.assign(launchData.returnURL);
      });
    },
  };
})();
