import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type AccessCode } from '@medenglish/shared';
import { label } from '../../../test/label';
import { renderScreen } from '../../../test/render';
import * as authApi from '../auth-api';
import { DetailsForm } from './details-form';

vi.mock('../auth-api', () => ({ isEmailAvailable: vi.fn(), createAccount: vi.fn() }));
const isEmailAvailable = vi.mocked(authApi.isEmailAvailable);
const createAccount = vi.mocked(authApi.createAccount);

const university: AccessCode = {
  _id: '00000000-0000-4000-8000-000000000001',
  company: '00000000-0000-4000-8000-000000000002',
  needs: false,
  placementtest: true,
  companyName: 'Université Démo – Faculté de Médecine',
  isCompany: false,
  semesters: [1, 2, 3, 4, 5, 6],
};
const clinic: AccessCode = {
  ...university,
  needs: true,
  placementtest: false,
  isCompany: true,
  semesters: [],
};

function renderForm(accessCode: AccessCode = university) {
  const onCreated = vi.fn();
  renderScreen(
    <DetailsForm
      code="DEMO-MED-2026"
      accessCode={accessCode}
      onBack={() => {}}
      onInvalidCode={() => {}}
      onCreated={onCreated}
    />,
  );
  return { onCreated, user: userEvent.setup() };
}

const field = (text: string) => screen.getByLabelText(label(text), { selector: 'input, select' });
const submitButton = () => screen.getByRole('button', { name: messages.signup.submit });

describe('sign-up details form (SPEC §5)', () => {
  beforeEach(() => {
    isEmailAvailable.mockReset();
    isEmailAvailable.mockResolvedValue(true);
    createAccount.mockReset();
  });

  it("refuses an invalid address: 'Cette adresse email est invalide.'", async () => {
    const { user } = renderForm();
    await user.type(field(messages.signup.email), 'ab@demo.io');
    await user.tab();
    expect(await screen.findByText(messages.signup.invalidEmail)).toBeInTheDocument();
    expect(isEmailAvailable).not.toHaveBeenCalled();
  });

  it("checks uniqueness on blur: 'Cette adresse email est déjà utilisée'", async () => {
    isEmailAvailable.mockResolvedValue(false);
    const { user } = renderForm();
    await user.type(field(messages.signup.email), ' Etudiant.Demo@demo-univ.fr ');
    await user.tab();
    expect(await screen.findByText(messages.signup.emailTaken)).toBeInTheDocument();
    expect(isEmailAvailable).toHaveBeenCalledWith('etudiant.demo@demo-univ.fr');
  });

  it('refuses a mismatched e-mail confirmation', async () => {
    const { user } = renderForm();
    await user.type(field(messages.signup.email), 'nouvelle.etudiante@demo-univ.fr');
    await user.type(field(messages.signup.emailConfirm), 'nouvelle.etudiant@demo-univ.fr');
    await user.click(submitButton());
    expect(await screen.findByText(messages.signup.emailMismatch)).toBeInTheDocument();
  });

  it('refuses a weak password and a mismatched confirmation', async () => {
    const { user } = renderForm();
    await user.type(field(messages.login.password), 'faible');
    await user.type(field(messages.password.confirm), 'different');
    await user.click(submitButton());
    expect(await screen.findByText(messages.password.rule)).toBeInTheDocument();
    expect(await screen.findByText(messages.password.mismatch)).toBeInTheDocument();
  });

  it('requires names, semester and consent', async () => {
    const { user } = renderForm();
    await user.click(submitButton());
    // First name, last name and semester are required; so is the consent checkbox.
    await waitFor(() =>
      expect(screen.getAllByText(messages.common.required).length).toBeGreaterThanOrEqual(4),
    );
    const consent = screen.getByRole('checkbox', { name: messages.signup.consent });
    expect(consent).toHaveAccessibleDescription(messages.common.required);
    expect(createAccount).not.toHaveBeenCalled();
  });

  it('asks for phone, job title and needs instead of the semester when the code has needs', async () => {
    const { user } = renderForm(clinic);
    expect(screen.queryByLabelText(label(messages.signup.semester))).not.toBeInTheDocument();
    await user.type(field(messages.signup.phone), '12');
    await user.click(submitButton());
    expect(await screen.findByText(messages.signup.invalidPhone)).toBeInTheDocument();
    const jobTitle = field(messages.signup.jobTitle);
    expect(jobTitle).toHaveAccessibleDescription(messages.common.required);
    const needs = screen.getByRole('combobox', { name: label(messages.signup.needs) });
    expect(needs).toHaveAccessibleDescription(messages.signup.needsHelp);
    expect(createAccount).not.toHaveBeenCalled();
  });

  it('sends a valid form with the needs analysis, e-mail lower-cased and trimmed', async () => {
    createAccount.mockResolvedValue({
      token: 't',
      refreshToken: 'r',
      _id: '00000000-0000-4000-8000-000000000003',
      codeId: null,
      testId: null,
      testFinish: false,
    });
    const { user, onCreated } = renderForm(clinic);
    await user.type(field(messages.signup.email), ' Infirmier.Demo@clinique-demo.com');
    await user.type(field(messages.signup.emailConfirm), 'infirmier.demo@clinique-demo.com');
    await user.type(field(messages.login.password), 'Soignant2026');
    await user.type(field(messages.password.confirm), 'Soignant2026');
    await user.type(field(messages.signup.firstname), 'Léa');
    await user.type(field(messages.signup.lastname), "N'Diaye");
    await user.type(field(messages.signup.phone), '+33 6 12 34 56 78');
    await user.type(field(messages.signup.jobTitle), 'Infirmière');
    await user.click(screen.getByRole('combobox', { name: label(messages.signup.needs) }));
    const listbox = await screen.findByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'Réunions' }));
    await user.click(within(listbox).getByRole('option', { name: 'Téléphone' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: messages.signup.consent }));
    await user.click(submitButton());

    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(createAccount).toHaveBeenCalledWith({
      email: 'infirmier.demo@clinique-demo.com',
      password: 'Soignant2026',
      firstname: 'Léa',
      name: "N'Diaye",
      code: 'DEMO-MED-2026',
      phone: '+33 6 12 34 56 78',
      jobTitle: 'Infirmière',
      needs: ['meetings', 'telephoning'],
      consent: true,
      language: 'fr',
      typeSite: 1,
    });
  });
});
