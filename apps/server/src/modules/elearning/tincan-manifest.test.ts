import { describe, expect, it } from 'vitest';
import { PackageError } from './package-reader.js';
import { manifestText, parseTincanManifest, TINCAN_NAMESPACE } from './tincan-manifest.js';

const activity = (id: string, launch?: string, extra = '') =>
  `<activity id="${id}" type="http://adlnet.gov/expapi/activities/course">
    <name lang="en-GB">Ward round</name><description lang="en-GB">Presenting at the bedside</description>${extra}
    ${launch === undefined ? '' : `<launch lang="und">${launch}</launch>`}
  </activity>`;
const manifest = (activities: string, root = `tincan xmlns="${TINCAN_NAMESPACE}"`) =>
  `<?xml version="1.0" encoding="utf-8"?><${root}><activities>${activities}</activities></${root.split(' ')[0]}>`;
const refusal = (xml: string) => {
  try {
    parseTincanManifest(xml);
  } catch (e) {
    expect(e).toBeInstanceOf(PackageError);
    return (e as Error).message;
  }
  throw new Error('accepted');
};

describe('tincan.xml (Tin Can package schema)', () => {
  it('takes the activity with a launch among several, with its query string kept apart', () => {
    const xml = manifest(
      activity('https://t.example/course/slide1') +
        activity('https://t.example/course', 'story.html?tincan=true&amp;lang=en#s1') +
        activity('https://t.example/course/q1', undefined, '<interactionType>choice</interactionType>'),
    );
    expect(parseTincanManifest(xml)).toEqual({
      activityId: 'https://t.example/course',
      name: 'Ward round',
      description: 'Presenting at the bedside',
      launch: 'story.html',
      launchSuffix: '?tincan=true&amp;lang=en#s1',
    });
  });

  it('reads a launch file in a subfolder, %-escaped, and a prefixed root', () => {
    const xml = manifest(
      activity('urn:x:1', 'res/my%20course/index.html'),
      `tc:tincan xmlns:tc="${TINCAN_NAMESPACE}"`,
    )
      .replace(/<activities>/, '<tc:activities>')
      .replace(/<\/activities>/, '</tc:activities>')
      .replace(/<activity /, '<tc:activity ')
      .replace(/<\/activity>/, '</tc:activity>')
      .replace(/<launch /, '<tc:launch ')
      .replace(/<\/launch>/, '</tc:launch>');
    expect(parseTincanManifest(xml)).toMatchObject({ launch: 'res/my course/index.html', launchSuffix: '' });
  });

  it('reads UTF-8 with a byte-order mark, and UTF-16 as its mark says', () => {
    const xml = manifest(activity('urn:x:1', 'index.html'));
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml)]);
    expect(parseTincanManifest(manifestText(bom)).launch).toBe('index.html');
    expect(parseTincanManifest(bom.toString('utf8')).launch).toBe('index.html');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    expect(parseTincanManifest(manifestText(utf16)).activityId).toBe('urn:x:1');
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(xml, 'utf16le').swap16()]);
    expect(parseTincanManifest(manifestText(utf16be)).activityId).toBe('urn:x:1');
  });

  it('refuses another root, another namespace, no launch, an escaping launch, entities', () => {
    expect(
      refusal(manifest(activity('urn:x:1', 'index.html'), `tinCanActivities xmlns="${TINCAN_NAMESPACE}"`)),
    ).toContain('the root element is not tincan');
    expect(
      refusal(manifest(activity('urn:x:1', 'index.html'), 'tincan xmlns="http://example.com/other"')),
    ).toContain(`not in ${TINCAN_NAMESPACE}`);
    expect(refusal(manifest(activity('urn:x:1')))).toContain('no activity with a launch element');
    expect(refusal(manifest(activity('not an iri', 'index.html')))).toContain('absolute IRI');
    expect(refusal(manifest(activity('urn:x:1', '..%2F..%2Fetc%2Fpasswd')))).toContain('leaves the package');
    expect(refusal(manifest(activity('urn:x:1', '%E0%A4%A.html')))).toContain('leaves the package');
    expect(refusal('<tincan><activities>')).toContain('not well-formed');
  });
});
