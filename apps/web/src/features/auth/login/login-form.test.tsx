import { describe, expect, it, vi, beforeEach } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@medenglish/shared';
import { ApiError } from '../../../lib/api-error';
import { label } from '../../../test/label';
import { renderScreen } from '../../../test/render';
import * as authApi from '../auth-api';
import { LoginForm } from './login-form';

vi.mock('../auth-api', () => ({ login: vi.fn() }));
const login = vi.mocked(authApi.login);

function renderLogin(ssoBlockedDomain: string | null = 'etu.demo-univ.fr') {
  return renderScreen(<LoginForm ssoBlockedDomain={ssoBlockedDomain} onForgotPassword={() => {}} />);
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(label(messages.login.email)), email);
  await user.type(screen.getByLabelText(label(messages.login.password), { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: messages.login.submit }));
}

/** The inline alert of the form (the toast is a second alert, outside the form). */
function formAlert() {
  return within(screen.getByRole('form', { name: messages.login.title })).findByRole('alert');
}

describe('login form', () => {
  beforeEach(() => {
    // A block body: a function returned by beforeEach would run as a teardown.
    login.mockReset();
  });

  it("shows the server's message when the company is blocked", async () => {
    login.mockImplementation(async () => {
      throw new ApiError(403, 'COMPANY_BLOCKED', messages.login.companyBlocked);
    });
    renderLogin();

    await submit('suspendu.demo@demo-univ.fr', 'DemoPass2026');

    expect(await formAlert()).toHaveTextContent(messages.login.companyBlocked);
    expect(login).toHaveBeenCalledWith({ email: 'suspendu.demo@demo-univ.fr', password: 'DemoPass2026' });
  });

  it('shows the maintenance message with its dates', async () => {
    const text = messages.login.maintenance('01/08/2025', '13/08/2025');
    login.mockImplementation(async () => {
      throw new ApiError(503, 'MAINTENANCE', text);
    });
    renderLogin();

    await submit('etudiant.demo@demo-univ.fr', 'DemoPass2026');

    expect(await formAlert()).toHaveTextContent(text);
  });

  it("says 'Email ou mot de passe incorrect' for wrong credentials, without a toast over the button", async () => {
    login.mockImplementation(async () => {
      throw new ApiError(401, 'INVALID_CREDENTIALS', messages.login.invalidCredentials);
    });
    renderLogin();

    await submit('  etudiant.demo@demo-univ.fr  ', 'wrong');

    expect(await formAlert()).toHaveTextContent(messages.login.invalidCredentials);
    // The e-mail is trimmed before it is sent (SPEC §5).
    expect(login).toHaveBeenCalledWith({ email: 'etudiant.demo@demo-univ.fr', password: 'wrong' });
    // The form explains the refusal: the 2401 toast would cover the button on a phone for 6 s.
    expect(screen.queryByText('Error 2401: Error while login in')).not.toBeInTheDocument();
  });

  it("toasts 'Error 2401' when the login itself went wrong (network, server)", async () => {
    login.mockImplementation(async () => {
      throw new ApiError(0, 'NETWORK_FAILURE', messages.common.networkFailure);
    });
    renderLogin();

    await submit('etudiant.demo@demo-univ.fr', 'DemoPass2026');

    expect(await formAlert()).toHaveTextContent(messages.common.networkFailure);
    expect(await screen.findByText('Error 2401: Error while login in')).toBeInTheDocument();
  });

  it('does not repeat the maintenance banner: it takes the focus instead', async () => {
    const text = messages.login.maintenance('01/08/2025', '13/08/2025');
    login.mockImplementation(async () => {
      throw new ApiError(503, 'MAINTENANCE', text);
    });
    const banner = document.createElement('div');
    banner.id = 'maintenance-banner';
    banner.tabIndex = -1;
    banner.textContent = text;
    document.body.append(banner);
    renderLogin();

    await submit('etudiant.demo@demo-univ.fr', 'DemoPass2026');

    await waitFor(() => expect(banner).toHaveFocus());
    expect(within(screen.getByRole('form', { name: messages.login.title })).queryByRole('alert')).toBeNull();
    expect(screen.getAllByText(text)).toHaveLength(1);
    banner.remove();
  });

  it('refuses an address of the single sign-on domain without calling the server', async () => {
    renderLogin();

    await submit('jean@etu.demo-univ.fr', 'DemoPass2026');

    expect(await formAlert()).toHaveTextContent(messages.login.ssoBlocked);
    expect(login).not.toHaveBeenCalled();
  });

  it('requires both fields', async () => {
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: messages.login.submit }));

    await waitFor(() => expect(screen.getAllByText(messages.common.required)).toHaveLength(2));
    expect(login).not.toHaveBeenCalled();
  });
});
