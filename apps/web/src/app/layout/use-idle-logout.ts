import { useEffect } from 'react';
import type { Clock } from '../../lib/clock';
import {
  activityEvents,
  activityListenerOptions as options,
  isFocusInFrame,
} from '../../lib/activity-events';
import { createIdleTimer } from '../../lib/idle-timer';
import { logout } from '../../lib/logout';

/**
 * Logs the learner out after 30 minutes without activity in any tab of the browser; working inside
 * an e-learning unit frame (the focus in it) is activity too.
 */
export function useIdleLogout(clock?: Clock) {
  useEffect(() => {
    const timer = createIdleTimer({
      onIdle: () => void logout({ reason: 'idle' }),
      clock,
      hasFocusInFrame: isFocusInFrame,
    });
    const onActivity = () => timer.recordActivity();
    // After the computer slept, timers fire late or not at all: check as soon as the tab is back.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') timer.check();
    };
    for (const type of activityEvents) window.addEventListener(type, onActivity, options);
    document.addEventListener('visibilitychange', onVisibility);
    timer.start();
    return () => {
      timer.stop();
      for (const type of activityEvents) window.removeEventListener(type, onActivity, options);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [clock]);
}
