import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { messages } from '@medenglish/shared';
import { PackageError } from './package-reader.js';

/** cmi5 13.1.4 moveOn: what the learner must do for the AU to count as done. */
export const MOVE_ON = [
  'Passed',
  'Completed',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
] as const;
export type MoveOn = (typeof MOVE_ON)[number];

/** An assignable unit of cmi5.xml, with the LMS activity ids we generate for it and its blocks. */
export interface Cmi5Au {
  publisherId: string;
  /** The LMS activity id (cmi5 8.1.5: generated, never the publisher's id, stable across imports). */
  activityId: string;
  title: string;
  /** The launch file inside the package and the query string its url carried. */
  launch: string;
  urlQuery: string | null;
  moveOn: MoveOn;
  masteryScore: number | null;
  launchMethod: 'AnyWindow' | 'OwnWindow';
  launchParameters: string | null;
  entitlementKey: string | null;
  /** The blocks holding the AU, outermost first. */
  blocks: { id: string; publisherId: string }[];
}

export interface Cmi5Course {
  publisherId: string;
  activityId: string;
  title: string;
  aus: Cmi5Au[];
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // The namespace prefix, if the file uses one, is not part of the names we look for.
  removeNSPrefix: true,
  preserveOrder: true,
  trimValues: true,
  processEntities: false,
});

type Node = Record<string, unknown>;
const IRI = /^[a-z][a-z0-9+.-]*:\S+$/i;

/**
 * LMS activity ids for the course, its blocks and AUs (cmi5 8.1.5, 9.4): derived from the
 * publisher's ids, so that a re-import finds the same units and a learner's registration goes on.
 */
export function lmsActivityId(
  kind: 'course' | 'block' | 'au',
  coursePublisherId: string,
  publisherId: string,
) {
  const hash = createHash('sha256').update(`${coursePublisherId}\n${publisherId}`).digest('hex');
  return `urn:medenglish:cmi5:${kind}:${hash.slice(0, 32)}`;
}

/** A child element's nodes, in document order (preserveOrder gives `[{ tag: [children] }]`). */
const childrenOf = (node: Node): Node[] => {
  const key = Object.keys(node).find((k) => k !== ':@');
  return key ? (node[key] as Node[]) : [];
};
const tagOf = (node: Node) => Object.keys(node).find((k) => k !== ':@') ?? '';
const attr = (node: Node, name: string) => (node[':@'] as Record<string, string> | undefined)?.[`@${name}`];
const textOf = (node: Node): string =>
  childrenOf(node)
    .map((c) => (typeof c['#text'] === 'undefined' ? '' : String(c['#text'])))
    .join('')
    .trim();
const child = (node: Node, tag: string) => childrenOf(node).find((c) => tagOf(c) === tag);
/** A langstring title: the English one when there is one, else the first (13.1 langstring). */
const title = (node: Node): string | null => {
  const titleNode = child(node, 'title');
  if (!titleNode) return null;
  const strings = childrenOf(titleNode).filter((c) => tagOf(c) === 'langstring');
  const english = strings.find((s) => /^en\b/i.test(attr(s, 'lang') ?? ''));
  const chosen = english ?? strings[0];
  return chosen ? textOf(chosen) : null;
};

/**
 * Reads a course structure (cmi5 13, CourseStructure.xsd): the course, then its AUs in course order
 * with the blocks that hold them. AU urls are relative to the package (an absolute url is an AU
 * served elsewhere, which our sandbox cannot serve: refused with its reason).
 */
export function parseCmi5Course(xml: string): Cmi5Course {
  const bad = (reason: string) => new PackageError(messages.contentImport.badCourse(reason));
  const source = xml.replace(/^\uFEFF/, '');
  if (XMLValidator.validate(source) !== true) throw bad('not well-formed XML');
  const doc = parser.parse(source) as Node[];
  const root = doc.find((n) => tagOf(n) === 'courseStructure');
  if (!root) throw bad('no courseStructure element');
  const courseNode = child(root, 'course');
  const coursePublisherId = courseNode && attr(courseNode, 'id')?.trim();
  if (!courseNode || !coursePublisherId || !IRI.test(coursePublisherId)) {
    throw bad('the course element or its id IRI is missing');
  }
  const seen = new Set<string>();
  const aus: Cmi5Au[] = [];

  const walk = (parent: Node, blocks: Cmi5Au['blocks']) => {
    for (const node of childrenOf(parent)) {
      const tag = tagOf(node);
      if (tag !== 'au' && tag !== 'block') continue;
      const id = attr(node, 'id')?.trim();
      if (!id || !IRI.test(id)) throw bad(`an ${tag} has no id IRI`);
      if (seen.has(id)) throw bad(`the id ${id} is used twice`);
      seen.add(id);
      if (tag === 'block') {
        walk(node, [...blocks, { id: lmsActivityId('block', coursePublisherId, id), publisherId: id }]);
        continue;
      }
      aus.push(readAu(node, id, blocks));
    }
  };

  const readAu = (node: Node, id: string, blocks: Cmi5Au['blocks']): Cmi5Au => {
    const url = child(node, 'url') ? textOf(child(node, 'url')!) : '';
    if (!url) throw bad(`the AU ${id} has no url`);
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) {
      throw new PackageError(messages.contentImport.externalAu(url));
    }
    const [path, ...query] = url.split('?');
    const moveOn = (attr(node, 'moveOn')?.trim() ?? 'NotApplicable') as MoveOn;
    if (!MOVE_ON.includes(moveOn)) throw bad(`the AU ${id} has an unknown moveOn "${moveOn}"`);
    const masteryText = attr(node, 'masteryScore')?.trim();
    const masteryScore = masteryText === undefined ? null : Number(masteryText);
    if (masteryScore !== null && !(masteryScore >= 0 && masteryScore <= 1)) {
      throw bad(`the AU ${id} has a masteryScore outside 0..1`);
    }
    const launchMethod = attr(node, 'launchMethod')?.trim() ?? 'AnyWindow';
    if (launchMethod !== 'AnyWindow' && launchMethod !== 'OwnWindow') {
      throw bad(`the AU ${id} has an unknown launchMethod "${launchMethod}"`);
    }
    const optional = (tag: string) => {
      const found = child(node, tag);
      return found ? textOf(found) : null;
    };
    const entitlement = child(node, 'entitlementKey');
    return {
      publisherId: id,
      activityId: lmsActivityId('au', coursePublisherId, id),
      title: title(node) ?? id,
      launch: path!.split('#')[0]!,
      urlQuery: query.length > 0 ? query.join('?').split('#')[0]! || null : null,
      moveOn,
      masteryScore,
      launchMethod,
      launchParameters: optional('launchParameters'),
      entitlementKey: entitlement ? textOf(entitlement) : null,
      blocks,
    };
  };

  walk(root, []);
  if (aus.length === 0) throw bad('the course has no AU');
  return {
    publisherId: coursePublisherId,
    activityId: lmsActivityId('course', coursePublisherId, coursePublisherId),
    title: title(courseNode) ?? coursePublisherId,
    aus,
  };
}
