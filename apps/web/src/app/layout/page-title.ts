import { messages } from '@medenglish/shared';

/** The title of SPEC §2's page whose path is the longest prefix of `pathname`. */
export function pageTitle(pathname: string): string {
  let best = '';
  for (const prefix of Object.keys(messages.pages)) {
    const matches = pathname === prefix || pathname.startsWith(`${prefix}/`);
    if (matches && prefix.length > best.length) best = prefix;
  }
  return (best && messages.pages[best]) || messages.common.notFound;
}
