import { queryOptions } from '@tanstack/react-query';
import type { Webinar } from '@medenglish/shared';
import { api } from '../../lib/api';

/** GET /webinar (SPEC §7): every webinar, with the caller's bookings and the places left. */
export const webinarsQuery = () =>
  queryOptions({
    queryKey: ['webinars'] as const,
    queryFn: ({ signal }) => api.get<Webinar[]>('/webinar', { signal }),
    // Places go as other learners book: read again when the learner comes back to the tab.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** PUT /webinar/registrant (SPEC §7). */
export const bookWebinar = (
  webinar: Webinar,
  learner: { _id: string; firstname: string; name: string; email: string },
) =>
  api.put<{ _id: string; registered: string[] }>('/webinar/registrant', {
    meetingId: webinar.meetingId,
    webinaireId: webinar._id,
    firstname: learner.firstname,
    lastname: learner.name,
    email: learner.email,
    userId: learner._id,
  });

/** PUT /webinar/registrant/delete/{webinarId}/{userId} (SPEC §7). */
export const cancelWebinar = (webinarId: string, userId: string) =>
  api.put<{ _id: string }>(
    `/webinar/registrant/delete/${encodeURIComponent(webinarId)}/${encodeURIComponent(userId)}`,
  );

/** GET /zoom/meeting/single/{meetingId}: the learner's join address, once the room is open. */
export const joinLink = (meetingId: string) =>
  api.get<{ join_url: string }>(`/zoom/meeting/single/${encodeURIComponent(meetingId)}`);

/** GET /googlestorage/download/webinar/{recording}: the replay's time-limited address. */
export const recordingLink = (recording: string) =>
  api.get<{ url: string }>(`/googlestorage/download/webinar/${encodeURIComponent(recording)}`);
