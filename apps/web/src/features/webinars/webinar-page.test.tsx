import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { learner, LEARNER_ID, signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { errorResponse, stubApi } from '../../test/stub-api';
import WebinarPage from './webinar-page';

const t = messages.webinars;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const webinar = (id: number, days: number, overrides: Record<string, unknown> = {}) => ({
  _id: `00000000-0000-4000-8000-00000000010${id}`,
  meetingId: `8421005673${id}`,
  start: inDays(days),
  duration: 60,
  topic: `Webinar ${id}`,
  blurb: '',
  speaker: '',
  places: 10,
  placesLeft: 5,
  registered: [] as string[],
  recording: null,
  ...overrides,
});
const time = () => ({
  now: new Date().toISOString(),
  today: new Date().toISOString().slice(0, 10),
  timeZone: 'Europe/Paris',
});
const fail = () => {
  throw errorResponse(500);
};

function render(routes: Record<string, unknown>) {
  signIn();
  const api = stubApi({ [`GET /student/${LEARNER_ID}`]: learner(), 'GET /time': time(), ...routes });
  renderScreen(<WebinarPage />);
  return api;
}

/** SPEC §8's webinar messages (issue 15). */
describe('/webinaire messages', () => {
  it("says 'Error 400: Failed to fetch webinaires' and shows an empty list when the list cannot be read", async () => {
    render({ 'GET /webinar': fail });
    expect(
      await screen.findByText('Error 400: Failed to fetch webinaires', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(t.emptyUpcoming)).toBeInTheDocument();
  }, 15_000);

  it("says 'Inscription effectuée' after a booking, 'Error 400: Echec de l'inscription' when it fails", async () => {
    const user = userEvent.setup();
    let booked = false;
    render({
      'GET /webinar': () => [
        webinar(1, 3, booked ? { registered: [LEARNER_ID], placesLeft: 4 } : {}),
        webinar(2, 5),
      ],
      'PUT /webinar/registrant': ({ body }: { body: { webinaireId: string } }) => {
        if (body.webinaireId.endsWith('102')) throw errorResponse(409, 'WEBINAR_FULL');
        booked = true;
        return { _id: body.webinaireId, registered: [LEARNER_ID] };
      },
    });
    const first = await screen.findByRole('article', { name: 'Webinar 1' });
    await user.click(within(first).getByRole('button', { name: t.book }));
    expect(await screen.findByText(t.registered)).toBeInTheDocument();
    expect(await within(first).findByRole('button', { name: t.booked })).toBeDisabled();

    await user.click(
      within(screen.getByRole('article', { name: 'Webinar 2' })).getByRole('button', { name: t.book }),
    );
    expect(
      await screen.findByText("Error 400: Echec de l'inscription", undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
  }, 15_000);

  it("says 'Annulation réussie', or 'Error 400: Echec de l'annulation' when cancelling fails", async () => {
    const user = userEvent.setup();
    let attempts = 0;
    render({
      'GET /webinar': [webinar(1, 3, { registered: [LEARNER_ID] })],
      [`PUT /webinar/registrant/delete/00000000-0000-4000-8000-000000000101/${LEARNER_ID}`]: () => {
        attempts += 1;
        if (attempts === 1) fail();
        return { _id: 'x' };
      },
    });
    const card = await screen.findByRole('article', { name: 'Webinar 1' });
    await user.click(within(card).getByRole('button', { name: t.cancel }));
    expect(await screen.findByText("Error 400: Echec de l'annulation")).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: t.cancel }));
    expect(await screen.findByText(t.cancelled, undefined, { timeout: 8000 })).toBeInTheDocument();
  }, 20_000);

  it("offers the replay once there is one, 'En attente' before", async () => {
    render({
      'GET /webinar': [webinar(1, -3, { recording: 'w1.mp4' }), webinar(2, -5)],
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: t.replays }));
    expect(
      within(await screen.findByRole('article', { name: 'Webinar 1' })).getByRole('button', {
        name: t.replay,
      }),
    ).toBeEnabled();
    expect(
      within(screen.getByRole('article', { name: 'Webinar 2' })).getByRole('button', { name: t.waiting }),
    ).toBeDisabled();
  });
});
