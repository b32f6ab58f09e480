import { useEffect, useRef } from 'react';
import type { TimerBody } from '@medenglish/shared';
import { activityEvents, activityListenerOptions, isFocusInFrame } from './activity-events';
import { api } from './api';
import type { Clock } from './clock';
import { getCurrentUnit, subscribeCurrentUnit } from './current-unit';
import { isLoggedIn } from './session';
import { createStudyHeartbeat } from './study-heartbeat';

export interface StudyHeartbeatTarget {
  userId: string | undefined;
  /**
   * The current group (header selector), sent with every beat when there is one. Time sent without
   * a group is stored under no group ('') by the server and never counts toward a group's progress.
   */
  groupId: string | undefined;
  /** False where time is not study time (the placement test). */
  enabled: boolean;
}

const isVisible = () => document.visibilityState === 'visible';

/**
 * Mounted once, in the authenticated shell: sends PUT /unittrackers/timer/{userId} every 30 s while
 * the learner is active on a visible tab, input events on window or the focus inside an e-learning
 * unit frame (lib/study-heartbeat.ts decides when and how much), crediting the unit open on screen
 * (lib/current-unit.ts) or none.
 * Failures are silent: a lost beat is a few seconds of study time, and the server caps every
 * credit at the real time since the previous beat anyway.
 */
export function useStudyHeartbeat({ userId, groupId, enabled }: StudyHeartbeatTarget, clock?: Clock) {
  // Read at send time, so switching groups neither restarts the count nor loses pending seconds.
  const target = useRef({ userId, groupId });
  useEffect(() => {
    target.current = { userId, groupId };
  }, [userId, groupId]);

  const active = enabled && Boolean(userId);
  useEffect(() => {
    if (!active) return;
    // The unit open on screen (current-unit.ts), credited with the time; null outside units.
    let unit = getCurrentUnit();
    const heartbeat = createStudyHeartbeat({
      clock,
      hasFocusInFrame: isFocusInFrame,
      send: (seconds, { keepalive }) => {
        const { userId: id, groupId: group } = target.current;
        // After a logout (cookies gone) a beat would only earn a 401 and a refresh attempt.
        if (!id || !isLoggedIn()) return;
        const body: TimerBody = { time: seconds, unit, ...(group ? { group } : {}) };
        api.put(`/unittrackers/timer/${encodeURIComponent(id)}`, body, { keepalive }).catch(() => {});
      },
    });
    const onActivity = () => heartbeat.recordActivity();
    const onVisibility = () => heartbeat.setVisible(isVisible());
    const onPageHide = () => heartbeat.flush();
    // Opening or closing a unit: the seconds counted so far go to the unit they were spent in,
    // then counting goes on for the new one (the click that opened it is the learner's activity).
    const unsubscribeUnit = subscribeCurrentUnit(() => {
      heartbeat.flush();
      unit = getCurrentUnit();
      heartbeat.recordActivity();
    });
    for (const type of activityEvents) window.addEventListener(type, onActivity, activityListenerOptions);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    heartbeat.start(isVisible());
    return () => {
      unsubscribeUnit();
      heartbeat.stop();
      for (const type of activityEvents)
        window.removeEventListener(type, onActivity, activityListenerOptions);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [active, clock]);
}
