import { describe, expect, it } from 'vitest';
import { launchAddress, launchPointOf } from './launch-address.js';

const xapi = new URLSearchParams({ endpoint: 'https://app.example/api/xapi/', auth: 'Basic abc' });

describe('launch address of a package', () => {
  it('encodes the file path and keeps the package query and fragment as written', () => {
    expect(launchPointOf('index.html', '')).toBe('index.html');
    expect(launchPointOf('res/my course/index.html', '?mode=tincan#start')).toBe(
      'res/my%20course/index.html?mode=tincan#start',
    );
  });

  it('puts the package query first, the launch parameters after, and the fragment last', () => {
    const url = launchAddress('content/abc', 'story.html?tincan=true&lang=en#slide2', xapi);
    expect(url).toBe(
      '/media/content/abc/story.html?tincan=true&lang=en&endpoint=https%3A%2F%2Fapp.example%2Fapi%2Fxapi%2F&auth=Basic+abc#slide2',
    );
    const parsed = new URL(url, 'https://app.example');
    expect(parsed.searchParams.get('tincan')).toBe('true');
    expect(parsed.searchParams.get('auth')).toBe('Basic abc');
    expect(parsed.hash).toBe('#slide2');
  });

  it('never lets a package query replace a launch parameter', () => {
    const url = new URL(
      launchAddress('content/abc', 'a.html?endpoint=https://evil.example/', xapi),
      'https://x',
    );
    expect(url.searchParams.getAll('endpoint')).toEqual(['https://app.example/api/xapi/']);
  });

  it('reads a plain launch point as before', () => {
    expect(launchAddress('content/abc', 'index.html', xapi)).toMatch(
      /^\/media\/content\/abc\/index\.html\?endpoint=/,
    );
  });
});
