import { describe, expect, it } from 'vitest';
import { errorCatalogue, formatErrorToast, messages } from './index.js';

describe('contract texts (SPEC §5 and §8, verbatim)', () => {
  it('formats toasts as Error {code}: {message}', () => {
    expect(formatErrorToast(errorCatalogue.login.code, errorCatalogue.login.message)).toBe(
      'Error 2401: Error while login in',
    );
  });
  it('keeps the quoted texts exactly', () => {
    expect(messages.login.invalidCredentials).toBe('Email ou mot de passe incorrect');
    expect(messages.login.loginFailed).toBe('Impossible de vous connecter, verifiez vos identifiants.');
    expect(messages.signup.invalidEmail).toBe('Cette adresse email est invalide.');
    expect(messages.signup.emailTaken).toBe('Cette adresse email est déjà utilisée');
    expect(messages.signup.emailMismatch).toBe('La confirmation de votre adresse email ne correspond pas.');
    expect(messages.signup.invalidCode).toBe("Ce code est invalide ou n'existe pas, merci de réessayer.");
    expect(messages.forgot.microsoft).toBe("Impossible de changer le mot de passe d'un compte Microsoft.");
    expect(messages.forgot.failure).toBe("Impossible d'envoyer un email à cette adresse.");
    expect(messages.reset.success).toBe('Votre mot de passe a été modifié avec succès');
    expect(messages.common.networkFailure).toBe('Response is undefined.');
    expect(messages.signup.failure).toBe('Erreur pendant la création du compte.');
  });
  it('has one entry per code of the catalogue, 1201 and 400 carrying two or three messages', () => {
    const byCode = new Map<number, string[]>();
    for (const e of Object.values(errorCatalogue))
      byCode.set(e.code, [...(byCode.get(e.code) ?? []), e.message]);
    expect(byCode.get(1201)).toEqual(['Missing medical facts data', 'Missing student in group']);
    expect(byCode.get(400)).toHaveLength(3);
    expect(byCode.size).toBe(22);
  });
});
