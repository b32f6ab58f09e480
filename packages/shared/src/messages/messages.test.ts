import { describe, expect, it } from 'vitest';
import './english.js';
import { errorCatalogue, formatErrorToast, messages, messagesFor, setLanguageResolver } from './index.js';

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

describe('one language per screen (issue 10)', () => {
  const texts = (node: unknown, path = ''): [string, string][] =>
    typeof node === 'string'
      ? [[path, node]]
      : typeof node === 'function'
        ? texts((node as (...a: unknown[]) => unknown)('X', 'Y', 2), path)
        : node && typeof node === 'object'
          ? Object.entries(node).flatMap(([k, v]) => texts(v, `${path}.${k}`))
          : [];

  it('has the same texts in English and French, key for key', () => {
    // Compared as sets: French is written in two files (decision 0025), so its sections' order differs.
    const keys = (language: 'fr' | 'en') =>
      texts(messagesFor(language))
        .map(([path]) => path)
        .sort();
    expect(keys('en')).toEqual(keys('fr'));
  });

  it('writes no French in the English catalogue (the language names aside)', () => {
    const french = texts(messagesFor('en')).filter(
      ([path, text]) => !path.startsWith('.shell.languageNames') && /[àâçéèêëîïôùûœ«»]/i.test(text),
    );
    expect(french).toEqual([]);
  });

  it('keeps the contract texts quoted in English identical in both languages', () => {
    for (const language of ['fr', 'en'] as const) {
      const m = messagesFor(language);
      expect(m.elearning.chapterQuiz).toBe('Chapter Quiz');
      expect(m.elearning.results.goToUnit).toBe('Go to Unit');
      expect(m.elearning.resources.empty).toBe('No additional documents have been added for this course.');
      expect(m.names.forbidden).toBe('Certain symbols and numbers are forbidden');
      expect(m.names.updated).toBe('Names succesfully updated');
    }
  });

  it('reads the current language on every access, even through a kept section', () => {
    let current: 'fr' | 'en' = 'fr';
    setLanguageResolver(() => current);
    const dashboard = messages.dashboard;
    expect(dashboard.noNotification).toBe('Pas de notification.');
    current = 'en';
    expect(dashboard.noNotification).toBe('No notifications.');
    expect(messages.progress.percent(70.8)).toBe('70.8%');
    expect(Object.keys(messages.pages)).toContain('/dashboard');
    current = 'fr';
    expect(messages.progress.percent(70.8)).toBe('70,8\u00a0%'.replace('\u00a0', ' '));
    setLanguageResolver(() => 'fr');
  });
});
