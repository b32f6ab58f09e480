import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_ID, settleFirstScreen, takeGreetingRandom, type FirstScreenKey } from './first-screen';

const KEY: FirstScreenKey = { screen: 'dashboard', user: 'u1', group: 'g1', language: 'fr', theme: 'light' };

function drawn(key: FirstScreenKey = KEY, greeting = '0.25') {
  document.body.innerHTML =
    `<div id="root"><div class="ph-bar"></div><div id="${FIRST_SCREEN_ID}" data-screen="${key.screen}" data-user="${key.user}" ` +
    `data-group="${key.group}" data-language="${key.language}" data-theme="${key.theme}" ` +
    `data-greeting="${greeting}"><h2>Bonjour</h2></div></div>`;
}

describe("the server's first cards, kept or not", () => {
  it('keeps them when the app draws the same, and hands over the greeting once', () => {
    drawn();
    expect(settleFirstScreen(KEY)).toBe(true);
    expect(document.getElementById(FIRST_SCREEN_ID)).not.toBeNull();
    expect(takeGreetingRandom()).toBe(0.25);
    expect(takeGreetingRandom()).toBeUndefined();
  });

  it.each([
    ['another learner signed in since', { user: 'u2' }],
    ['another group chosen in this browser', { group: 'g2' }],
    ['another language on this device', { language: 'en' }],
    ['another theme on this device', { theme: 'dark' }],
    ['another screen (the login card)', { screen: 'login' as const, user: undefined, group: undefined }],
  ])('removes them at once for %s (the outline stays)', (_why, change) => {
    drawn();
    expect(settleFirstScreen({ ...KEY, ...change })).toBe(false);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
    expect(document.querySelector('.ph-bar')).not.toBeNull();
    expect(takeGreetingRandom()).toBeUndefined();
  });

  it('removes them when the app will not draw the dashboard first', () => {
    drawn();
    expect(settleFirstScreen(null)).toBe(false);
    expect(document.getElementById(FIRST_SCREEN_ID)).toBeNull();
  });

  it('ignores a greeting number out of range', () => {
    drawn(KEY, '7');
    expect(settleFirstScreen(KEY)).toBe(true);
    expect(takeGreetingRandom()).toBeUndefined();
  });

  it('does nothing on a page without them', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(settleFirstScreen(KEY)).toBe(false);
  });
});
