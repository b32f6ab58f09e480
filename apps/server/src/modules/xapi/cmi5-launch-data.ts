import { ErrorCode, messages } from '@medenglish/shared';
import { AppError } from '../../lib/app-error.js';
import type { XapiCaller } from './credentials.js';

/** The State document the LMS writes before each launch of a cmi5 AU (cmi5 10.0). */
export const LAUNCH_DATA_STATE_ID = 'LMS.LaunchData';

/**
 * cmi5 10.2.1: the AU MUST NOT modify or delete LMS.LaunchData. A cmi5 launch is refused a write
 * of it, and a delete of all its State documents (which would take LaunchData with them).
 */
export function refuseLaunchDataChange(caller: XapiCaller, stateId: string | undefined) {
  if (caller.kind !== 'launch' || !caller.scope.cmi5Session) return;
  if (stateId === undefined || stateId === LAUNCH_DATA_STATE_ID) {
    throw new AppError(ErrorCode.FORBIDDEN, messages.cmi5.launchDataReadOnly);
  }
}
