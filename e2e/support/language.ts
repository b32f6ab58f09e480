import '@medenglish/shared/english';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { messagesFor } from '@medenglish/shared';

function textsOf(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') out.push(node);
  else if (node && typeof node === 'object') for (const value of Object.values(node)) textsOf(value, out);
  return out;
}

const englishTexts = new Set(textsOf(messagesFor('en')));

/**
 * The interface's fixed French texts that English words differently (functions aside): none of
 * them may show on a screen in English. Short words ('Nom', 'Date') are left out: they also occur
 * inside English data.
 */
export const frenchOnlyTexts = textsOf(messagesFor('fr')).filter(
  (text) => text.length >= 12 && !englishTexts.has(text),
);

/** Fails with the French interface texts found on the page, if any. */
export async function expectNoFrenchInterface(page: Page, where: string) {
  const body = await page.locator('body').innerText();
  const found = frenchOnlyTexts.filter((text) => body.includes(text));
  expect(found, `French interface text on ${where}`).toEqual([]);
}
