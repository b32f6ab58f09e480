import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorCode, messages } from '@medenglish/shared';
import { COMPANY_ID, learner, LEARNER_ID, signIn } from '../../test/learner';
import { renderScreen } from '../../test/render';
import { errorResponse, stubApi } from '../../test/stub-api';
import EvaluoPage from './evaluo-page';

const t = messages.evaluo;

/**
 * Issue 32: the provider matches a learner by a confirmed address only, so a learner whose
 * address is unconfirmed is asked to confirm it and can have the link sent again.
 */
describe('/evaluo for a learner whose address is not confirmed', () => {
  it('asks to confirm the address and sends the link again on demand', async () => {
    signIn();
    const api = stubApi({
      [`GET /student/${LEARNER_ID}`]: learner({ isVerified: false }),
      [`GET /company/${COMPANY_ID}`]: { _id: COMPANY_ID, name: 'Université Démo', activatedEvaluo: true },
      'GET /time': { now: new Date().toISOString(), today: '2026-11-27', timeZone: 'Europe/Paris' },
      [`GET /evaluo/get-exams/${COMPANY_ID}/3`]: () => {
        throw errorResponse(403, ErrorCode.EMAIL_UNCONFIRMED, t.confirmAddress);
      },
      'POST /student/sendnewmail': { message: messages.signup.success },
    });
    renderScreen(<EvaluoPage />);
    expect(await screen.findByText(t.confirmAddress)).toBeInTheDocument();
    expect(screen.queryByText(t.empty)).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: t.resendConfirmation }));
    expect(await screen.findByText(t.confirmationSent)).toBeInTheDocument();
    expect(api.callsTo('POST', '/student/sendnewmail')).toHaveLength(1);
  });
});
