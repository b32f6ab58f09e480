import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { messages } from '@medenglish/shared';
import { PackageError, safeRelativePath } from './package-reader.js';

/** What the import needs from a package's tincan.xml. */
export interface TincanManifest {
  activityId: string;
  name: string;
  description: string | null;
  /** The launch file, relative to the package root. */
  launch: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['activity', 'name', 'description', 'launch'].includes(name),
  // No entity expansion: a manifest has no business defining entities (billion laughs).
  processEntities: false,
});

const text = (node: unknown): string | null => {
  const first = Array.isArray(node) ? node[0] : node;
  if (typeof first === 'string') return first.trim();
  if (first && typeof first === 'object' && '#text' in first) return String(first['#text']).trim();
  return null;
};

/**
 * Reads tincan.xml (the Tin Can package manifest that Rise, Storyline and our demo packages
 * write): the first activity with a launch element is the unit.
 */
export function parseTincanManifest(xml: string): TincanManifest {
  const bad = (reason: string) => new PackageError(messages.contentImport.badManifest(reason));
  if (XMLValidator.validate(xml) !== true) throw bad('not well-formed XML');
  const doc = parser.parse(xml) as Record<string, unknown>;
  const root = doc.tinCanActivities as { activities?: { activity?: Record<string, unknown>[] } } | undefined;
  const activities = root?.activities?.activity ?? [];
  if (!root) throw bad('no tinCanActivities element');
  const main = activities.find((a) => a.launch !== undefined);
  if (!main) throw bad('no activity with a launch element');
  const activityId = main['@id'];
  if (typeof activityId !== 'string' || !/^[a-z][a-z0-9+.-]*:\S+$/i.test(activityId)) {
    throw bad('the activity id is not an absolute IRI');
  }
  const launchText = text(main.launch);
  const launch = launchText ? safeRelativePath(launchText.split(/[?#]/)[0]!) : null;
  if (!launch) throw bad('the launch element is empty or leaves the package');
  return {
    activityId,
    name: text(main.name) ?? activityId,
    description: text(main.description),
    launch,
  };
}
