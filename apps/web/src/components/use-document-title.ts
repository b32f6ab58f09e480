import { useEffect } from 'react';
import { messages } from '@medenglish/shared';

/** Each screen names the browser tab, which is also what screen readers announce on navigation. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – ${messages.common.appName}`;
  }, [title]);
}
