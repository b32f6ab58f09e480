import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { messages } from '@medenglish/shared';
import { PackageError, safeRelativePath } from './package-reader.js';

/** The namespace of the Tin Can package schema (tincan.xsd), which the root `tincan` must be in. */
export const TINCAN_NAMESPACE = 'http://projecttincan.com/tincan.xsd';

/** What the import needs from a package's tincan.xml. */
export interface TincanManifest {
  activityId: string;
  name: string;
  description: string | null;
  /** The launch file, relative to the package root, decoded (a file name, not a URL). */
  launch: string;
  /**
   * What follows the file in the launch element — `?…` and/or `#…` as written, or '' — kept for
   * the launch: Storyline and others tell their player its mode there.
   */
  launchSuffix: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['activity', 'name', 'description', 'launch'].includes(localName(name)),
  // No entity expansion: a manifest has no business defining entities (billion laughs).
  processEntities: false,
});

/** `tc:launch` → `launch`: the schema's elements may come with any prefix bound to its namespace. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** The children of an element, keyed by local name (prefixes dropped). */
function children(node: unknown): Record<string, unknown> {
  if (!node || typeof node !== 'object') return {};
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [localName(key), value]));
}

const text = (node: unknown): string | null => {
  const first = Array.isArray(node) ? node[0] : node;
  if (typeof first === 'string') return first.trim();
  if (typeof first === 'number') return String(first);
  if (first && typeof first === 'object' && '#text' in first) return String(first['#text']).trim();
  return null;
};

/**
 * The manifest's text: UTF-8 (a byte-order mark, as Storyline writes, is dropped) or UTF-16 when
 * a UTF-16 byte-order mark says so — the encodings an XML file may use without a declaration.
 */
export function manifestText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.subarray(2).toString('utf16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const swapped = Buffer.from(bytes.subarray(2));
    return swapped.swap16().toString('utf16le');
  }
  return bytes.toString('utf8').replace(/^\uFEFF/, '');
}

/**
 * The launch element split into the package file it names and what follows it. The element is a
 * relative URL: `res/index.html?mode=tincan`, `my%20course/story.html#start`.
 */
function splitLaunch(value: string): { file: string | null; suffix: string } {
  const at = value.search(/[?#]/);
  const rawPath = at === -1 ? value : value.slice(0, at);
  let file: string | null;
  try {
    file = safeRelativePath(decodeURIComponent(rawPath));
  } catch {
    file = null; // a malformed %-escape
  }
  return { file, suffix: at === -1 ? '' : value.slice(at) };
}

/**
 * Reads tincan.xml, the Tin Can package manifest (root `tincan` in TINCAN_NAMESPACE) that Rise,
 * Storyline, iSpring and our demo packages write. Storyline lists many activities (the course,
 * its slides, objectives and questions): the one with a launch element is the unit.
 */
export function parseTincanManifest(xml: string): TincanManifest {
  const bad = (reason: string) => new PackageError(messages.contentImport.badManifest(reason));
  const source = xml.replace(/^\uFEFF/, '');
  if (XMLValidator.validate(source) !== true) throw bad('not well-formed XML');
  const doc = parser.parse(source) as Record<string, unknown>;
  const rootKey = Object.keys(doc).find((key) => localName(key) === 'tincan');
  if (!rootKey) throw bad(`the root element is not tincan (${TINCAN_NAMESPACE})`);
  const root = doc[rootKey] as Record<string, unknown>;
  const prefix = rootKey.includes(':') ? rootKey.slice(0, rootKey.indexOf(':')) : null;
  const namespace = root[prefix ? `@xmlns:${prefix}` : '@xmlns'];
  if (namespace !== TINCAN_NAMESPACE) throw bad(`the tincan element is not in ${TINCAN_NAMESPACE}`);

  const activityList = children(children(root).activities).activity;
  const activities = (Array.isArray(activityList) ? activityList : []).map(children);
  const main = activities.find((a) => a.launch !== undefined);
  if (!main) throw bad('no activity with a launch element');
  const activityId = main['@id'];
  if (typeof activityId !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(activityId)) {
    throw bad('the activity id is not an absolute IRI');
  }
  const launchText = text(main.launch);
  const { file, suffix } = splitLaunch(launchText ?? '');
  if (!file) throw bad('the launch element is empty or leaves the package');
  return {
    activityId,
    name: text(main.name) ?? activityId,
    description: text(main.description),
    launch: file,
    launchSuffix: suffix,
  };
}
