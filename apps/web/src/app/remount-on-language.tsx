import { Fragment, type ReactNode } from 'react';
import { useLanguage } from '../lib/language';

/**
 * Re-mounts the screens when the interface language changes: each reads its texts when it draws,
 * so none keeps a text of the old language, while the query cache above keeps the data (nothing
 * is fetched again). Placed inside the router, so that the router and its history survive.
 */
export function RemountOnLanguage({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}
