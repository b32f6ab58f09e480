import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGES, messages, type Language, type User } from '@medenglish/shared';
import { userQuery } from '../api/user';
import { useToast } from './toast';
import { api } from '../lib/api';
import { setLanguage, useLanguage } from '../lib/language';
import { getSessionInfo } from '../lib/session';

/**
 * The language switch: the interface changes at once; a signed-in learner's choice is saved on
 * their account (PUT /student/language/{id}) so it follows them to every device. If saving fails
 * the choice still applies here, and the learner is told it was not kept.
 */
export function useLanguageChoice() {
  const language = useLanguage();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const other: Language = LANGUAGES.find((l) => l !== language) ?? language;

  const choose = useCallback(
    (next: Language) => {
      setLanguage(next);
      const userId = getSessionInfo()?.userId;
      if (!userId) return;
      // The account's language is what the shell follows: set it now so it does not switch back.
      queryClient.setQueryData<User>(userQuery(userId).queryKey, (old) =>
        old ? { ...old, language: next } : old,
      );
      api
        .put(`/student/language/${encodeURIComponent(userId)}`, { language: next })
        .catch(() => showToast({ message: messages.shell.languageSaveFailed, severity: 'warning' }));
    },
    [queryClient, showToast],
  );

  return { language, other, otherName: messages.shell.languageNames[other] ?? other, choose };
}
