import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { messages } from '@medenglish/shared';
import { PackageError, safeRelativePath } from './package-reader.js';

/** cmi5 13.1.4 moveOn: what the learner must do for the AU to count as done. */
export const MOVE_ON = [
  'Passed',
  'Completed',
  'CompletedAndPassed',
  'CompletedOrPassed',
  'NotApplicable',
] as const;
export type MoveOn = (typeof MOVE_ON)[number];

/** The namespace of CourseStructure.xsd (its targetNamespace, elementFormDefault qualified). */
export const CMI5_NAMESPACE = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';

/**
 * The launch parameters the LMS adds to an AU's url (cmi5 8.1.1–8.1.5): a url whose own query
 * uses one of these names collides with them (cmi5 8.1 "the names MUST NOT collide").
 */
export const CMI5_LAUNCH_PARAMETERS = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'] as const;

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

/** A course structure that breaks cmi5 13 / CourseStructure.xsd: every problem found, in order. */
export class Cmi5CourseError extends PackageError {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? messages.contentImport.badCourse(problems[0]!)
        : messages.contentImport.badCourseProblems(problems),
    );
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Namespaces are resolved below (namespacedTree): an extension element in another namespace
  // is allowed where the schema says `xs:any namespace="##other"`, an unqualified one is not.
  removeNSPrefix: false,
  preserveOrder: true,
  trimValues: true,
  // No entity expansion (billion laughs); the five predefined entities are decoded below.
  processEntities: false,
  // Values stay strings: "00123" is an entitlement key, not the number 123.
  parseTagValue: false,
  parseAttributeValue: false,
});

const IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`]+$/i;
/** xs:decimal (no exponent, no "NaN"). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
/** xs:language. */
const LANGUAGE = /^[a-z]{1,8}(-[a-z0-9]{1,8})*$/i;

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

/** An element with its namespace resolved (null: unqualified), attributes and direct text. */
interface Element {
  ns: string | null;
  local: string;
  /** The name as written, for messages. */
  qname: string;
  /** Unqualified attributes (the ones the schema declares), values decoded. */
  attrs: Map<string, string>;
  children: Element[];
  text: string;
}

type RawNode = Record<string, unknown>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

/** preserveOrder's `[{ tag: [children], ':@': attrs }]` to elements with their namespaces. */
function namespacedTree(nodes: RawNode[], scope: Map<string, string>): Element[] {
  const elements: Element[] = [];
  for (const node of nodes) {
    const qname = Object.keys(node).find((k) => k !== ':@');
    if (!qname || qname === '#text' || qname.startsWith('?') || qname.startsWith('!')) continue;
    const raw = (node[':@'] ?? {}) as Record<string, string>;
    const inner = new Map(scope);
    for (const [name, value] of Object.entries(raw)) {
      if (name === '@xmlns') inner.set('', decode(String(value)));
      else if (name.startsWith('@xmlns:')) inner.set(name.slice('@xmlns:'.length), decode(String(value)));
    }
    const colon = qname.indexOf(':');
    const prefix = colon < 0 ? '' : qname.slice(0, colon);
    const ns = inner.get(prefix) || null;
    const attrs = new Map<string, string>();
    for (const [name, value] of Object.entries(raw)) {
      const attr = name.slice(1);
      if (attr === 'xmlns' || attr.includes(':')) continue;
      attrs.set(attr, decode(String(value)));
    }
    const content = (node[qname] ?? []) as RawNode[];
    elements.push({
      ns,
      local: colon < 0 ? qname : qname.slice(colon + 1),
      qname,
      attrs,
      children: namespacedTree(content, inner),
      text: content
        .map((c) => (c['#text'] === undefined ? '' : decode(String(c['#text']))))
        .join('')
        .trim(),
    });
  }
  return elements;
}

/** One particle of an XSD sequence: the element names it takes and how many times. */
interface Particle {
  names: string[];
  min: number;
  max: number;
  /** How the problem reads when it is missing. */
  missing?: string;
}
const one = (name: string): Particle => ({ names: [name], min: 1, max: 1 });
const optional = (name: string): Particle => ({ names: [name], min: 0, max: 1 });
const auOrBlock = (missing: string): Particle => ({ names: ['au', 'block'], min: 1, max: Infinity, missing });

/** The sequences of CourseStructure.xsd; each ends with `xs:any namespace="##other"`. */
const SEQUENCES = {
  courseStructure: [one('course'), optional('objectives'), auOrBlock('the course has no AU')],
  course: [one('title'), one('description')],
  block: [one('title'), one('description'), optional('objectives'), auOrBlock('')],
  au: [
    one('title'),
    one('description'),
    optional('objectives'),
    one('url'),
    optional('launchParameters'),
    optional('entitlementKey'),
  ],
  objectives: [{ names: ['objective'], min: 1, max: Infinity }],
  text: [{ names: ['langstring'], min: 1, max: Infinity }],
} satisfies Record<string, Particle[]>;

/** Unqualified attributes each element may carry (CourseStructure.xsd). */
const ATTRIBUTES: Record<string, string[]> = {
  courseStructure: [],
  course: ['id'],
  objectives: [],
  objectiveDeclaration: ['id'],
  objectiveReference: ['idref'],
  block: ['id'],
  au: ['id', 'moveOn', 'masteryScore', 'launchMethod', 'activityType'],
  text: [],
  langstring: ['lang'],
  url: [],
};

/**
 * Reads and validates a course structure (cmi5 13, CourseStructure.xsd): the course, then its AUs
 * in course order with the blocks that hold them. Every problem is collected and all are reported
 * at once (Cmi5CourseError), each naming its element: element order and occurrences as the XSD's
 * sequences require, ids that are IRIs and unique in the structure (13.1.2–13.1.4), objectives
 * declared once and referenced only when declared, moveOn / launchMethod / masteryScore within
 * their value spaces, and AU urls whose query leaves cmi5's launch parameters to the LMS (8.1).
 * AU urls are relative to the package: with `hasFile`, a url naming no file of the package is a
 * problem too. An absolute url is an AU served elsewhere, which our sandbox cannot serve: refused
 * with its reason.
 */
export function parseCmi5Course(
  xml: string,
  options: { hasFile?: (name: string) => boolean } = {},
): Cmi5Course {
  const source = xml.replace(/^\uFEFF/, '');
  const wellFormed = XMLValidator.validate(source);
  if (wellFormed !== true) {
    const { line, msg } = wellFormed.err;
    throw new Cmi5CourseError([`not well-formed XML (line ${line}: ${msg})`]);
  }
  const [root] = namespacedTree(parser.parse(source) as RawNode[], new Map());
  if (!root || root.local !== 'courseStructure') throw new Cmi5CourseError(['no courseStructure element']);

  const problems: string[] = [];
  const problem = (text: string) => problems.push(text);
  if (root.ns !== CMI5_NAMESPACE) {
    problem(`<courseStructure> is not in the cmi5 namespace (xmlns="${CMI5_NAMESPACE}")`);
  }
  // Checked against the root's namespace from here on, so that one wrong xmlns is one problem.
  const cmi5 = root.ns;
  const isCmi5 = (e: Element) => e.ns === cmi5;
  const kids = (e: Element, local: string) => e.children.filter((c) => isCmi5(c) && c.local === local);
  const label = (e: Element) => {
    const id = e.attrs.get('id') ?? e.attrs.get('idref');
    return id === undefined ? `<${e.local}>` : `<${e.local} id="${id.trim()}">`;
  };

  /** Children against an XSD sequence ending with `xs:any namespace="##other"`. */
  const checkSequence = (e: Element, particles: Particle[], where = label(e)) => {
    const counts = particles.map(() => 0);
    let at = 0;
    let extensionSeen = false;
    const order = particles.flatMap((p) => p.names).join(', ');
    const children = e.children;
    for (const [index, c] of children.entries()) {
      if (!isCmi5(c)) {
        if (c.ns === null) problem(`${where} holds <${c.qname}>, which is not a cmi5 element`);
        extensionSeen = true;
        continue;
      }
      let found = -1;
      for (let i = at; i < particles.length; i++) {
        if (particles[i]!.names.includes(c.local) && counts[i]! < particles[i]!.max) {
          found = i;
          break;
        }
      }
      if (found < 0) {
        const known = particles.findIndex((p) => p.names.includes(c.local));
        if (known < 0) problem(`${where} holds <${c.local}>, which the schema does not allow there`);
        else if (counts[known]! >= particles[known]!.max) problem(`${where} has more than one <${c.local}>`);
        else problem(`${where}: <${c.local}> is out of order (the order is ${order})`);
        continue;
      }
      if (extensionSeen)
        problem(`${where}: <${c.local}> comes after an extension element (extensions go last)`);
      // A required element skipped here is missing, unless it comes later (then out of order).
      const later = new Set(
        children
          .slice(index + 1)
          .filter(isCmi5)
          .map((l) => l.local),
      );
      for (let i = at; i < found; i++) {
        if (!particles[i]!.names.some((n) => later.has(n))) missing(i);
      }
      at = found;
      counts[found]! += 1;
    }
    for (let i = at; i < particles.length; i++) missing(i);
    function missing(i: number) {
      const p = particles[i]!;
      if (counts[i]! >= p.min) return;
      counts[i] = p.min; // reported once
      if (p.missing !== undefined) problem(p.missing || `${where} holds no <au> or <block>`);
      else problem(`${where} has no <${p.names.join('> or <')}>`);
    }
  };

  const checkAttributes = (e: Element, kind: keyof typeof ATTRIBUTES, where = label(e)) => {
    for (const name of e.attrs.keys()) {
      if (!ATTRIBUTES[kind]!.includes(name))
        problem(`${where} has an attribute ${name}, which the schema does not allow`);
    }
  };

  const checkText = (e: Element, where: string) => {
    checkSequence(e, SEQUENCES.text, where);
    checkAttributes(e, 'text', where);
    if (e.text) problem(`${where} holds text outside <langstring>`);
    for (const s of kids(e, 'langstring')) {
      checkAttributes(s, 'langstring', `a <langstring> of ${where}`);
      const lang = s.attrs.get('lang')?.trim();
      if (lang !== undefined && !LANGUAGE.test(lang))
        problem(`a <langstring> of ${where} has a lang "${lang}" that is no language tag`);
      if (s.children.some(isCmi5)) problem(`a <langstring> of ${where} holds elements`);
    }
  };
  const checkTitleAndDescription = (e: Element) => {
    for (const tag of ['title', 'description']) {
      for (const t of kids(e, tag)) checkText(t, `the <${tag}> of ${label(e)}`);
    }
  };

  /** Ids are IRIs (13.1) and unique within the structure (13.1.2–13.1.4). */
  const ids = new Map<string, string>();
  const idOf = (e: Element): string | null => {
    const raw = e.attrs.get('id');
    if (raw === undefined) {
      problem(`a <${e.local}> has no id`);
      return null;
    }
    const id = raw.trim();
    if (!IRI.test(id)) {
      problem(
        `the id "${id}" of a <${e.local}> is not an IRI (an absolute IRI with a scheme, like https://…)`,
      );
      return id;
    }
    const first = ids.get(id);
    if (first)
      problem(`the id ${id} is used twice (${first} and ${e.local}): ids are unique in a course structure`);
    else ids.set(id, e.local);
    return id;
  };
  const text = (e: Element, tag: string) => {
    const found = kids(e, tag)[0];
    return found ? found.text : null;
  };
  /** A langstring title: the English one when there is one, else the first (13.1 langstring). */
  const titleOf = (e: Element): string | null => {
    const strings = kids(e, 'title').flatMap((t) => kids(t, 'langstring'));
    const english = strings.find((s) => /^en\b/i.test(s.attrs.get('lang')?.trim() ?? ''));
    const chosen = english ?? strings[0];
    return chosen?.text || null;
  };

  checkSequence(root, SEQUENCES.courseStructure);
  checkAttributes(root, 'courseStructure');
  if (root.text) problem('<courseStructure> holds text outside its elements');

  const courseNode = kids(root, 'course')[0];
  let coursePublisherId = '';
  if (courseNode) {
    checkSequence(courseNode, SEQUENCES.course);
    checkAttributes(courseNode, 'course');
    checkTitleAndDescription(courseNode);
    coursePublisherId = idOf(courseNode) ?? '';
  }

  // Objectives are declared once, in the course's <objectives> (13.1.3), and referenced by idref.
  const declared = new Set<string>();
  for (const list of kids(root, 'objectives')) {
    checkSequence(list, SEQUENCES.objectives, 'the course <objectives>');
    checkAttributes(list, 'objectives', 'the course <objectives>');
    for (const objective of kids(list, 'objective')) {
      checkAttributes(objective, 'objectiveDeclaration');
      // xs:all: a title and a description, each once, in either order, and nothing else.
      for (const tag of ['title', 'description']) {
        const count = kids(objective, tag).length;
        if (count === 0) problem(`${label(objective)} has no <${tag}>`);
        if (count > 1) problem(`${label(objective)} has more than one <${tag}>`);
      }
      for (const c of objective.children) {
        if (!isCmi5(c) || !['title', 'description'].includes(c.local)) {
          problem(`${label(objective)} holds <${c.qname}>, which the schema does not allow there`);
        }
      }
      checkTitleAndDescription(objective);
      const id = idOf(objective);
      if (id) declared.add(id);
    }
  }
  const checkReferences = (e: Element) => {
    for (const list of kids(e, 'objectives')) {
      const where = `the <objectives> of ${label(e)}`;
      checkSequence(list, SEQUENCES.objectives, where);
      checkAttributes(list, 'objectives', where);
      const seen = new Set<string>();
      for (const ref of kids(list, 'objective')) {
        checkAttributes(ref, 'objectiveReference', `an <objective> of ${label(e)}`);
        const idref = ref.attrs.get('idref')?.trim();
        if (!idref) problem(`an <objective> of ${label(e)} has no idref`);
        else if (!IRI.test(idref))
          problem(`${label(e)} refers to the objective "${idref}", which is not an IRI`);
        else if (!declared.has(idref)) {
          problem(
            `${label(e)} refers to the objective ${idref}, which the course's <objectives> do not declare`,
          );
        } else if (seen.has(idref)) problem(`${label(e)} refers to the objective ${idref} twice`);
        if (idref) seen.add(idref);
      }
    }
  };

  const aus: Cmi5Au[] = [];
  const external: string[] = [];

  const readAu = (node: Element, id: string, blocks: Cmi5Au['blocks']) => {
    checkSequence(node, SEQUENCES.au);
    checkAttributes(node, 'au');
    checkTitleAndDescription(node);
    checkReferences(node);
    const where = label(node);
    const urlNode = kids(node, 'url')[0];
    if (urlNode) {
      checkAttributes(urlNode, 'url', `the <url> of ${where}`);
      if (urlNode.children.length > 0) problem(`the <url> of ${where} holds elements`);
    }
    const url = urlNode?.text ?? '';
    if (urlNode && !url) problem(`the <url> of ${where} is empty`);
    const [path = '', ...query] = url.split('#')[0]!.split('?');
    const urlQuery = query.length > 0 ? query.join('?') || null : null;
    // cmi5 8.1: the LMS adds these to the query; the AU's own query must not use their names.
    const clashes = [...new URLSearchParams(urlQuery ?? '').keys()].filter((name) =>
      (CMI5_LAUNCH_PARAMETERS as readonly string[]).includes(name),
    );
    if (clashes.length > 0) {
      problem(
        `the <url> of ${where} carries ${[...new Set(clashes)].join(', ')} in its query: cmi5 launch parameters are the LMS's (cmi5 8.1)`,
      );
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) external.push(url);
    else if (path) {
      const launch = safeRelativePath(path);
      if (!launch) problem(`the <url> of ${where} (${path}) leaves the package`);
      else if (options.hasFile && !options.hasFile(launch)) {
        problem(`the <url> of ${where} names ${launch}, which is not in the package`);
      }
    }

    const moveOn = node.attrs.get('moveOn')?.trim() ?? 'NotApplicable';
    if (!(MOVE_ON as readonly string[]).includes(moveOn)) {
      problem(`${where} has an unknown moveOn "${moveOn}" (${MOVE_ON.join(', ')})`);
    }
    const masteryText = node.attrs.get('masteryScore')?.trim();
    const masteryScore = masteryText === undefined ? null : Number(masteryText);
    if (
      masteryText !== undefined &&
      !(DECIMAL.test(masteryText) && masteryScore! >= 0 && masteryScore! <= 1)
    ) {
      problem(`${where} has a masteryScore outside 0..1 ("${masteryText}")`);
    }
    const launchMethod = node.attrs.get('launchMethod')?.trim() ?? 'AnyWindow';
    if (launchMethod !== 'AnyWindow' && launchMethod !== 'OwnWindow') {
      problem(`${where} has an unknown launchMethod "${launchMethod}" (AnyWindow, OwnWindow)`);
    }
    aus.push({
      publisherId: id,
      activityId: lmsActivityId('au', coursePublisherId, id),
      title: titleOf(node) ?? id,
      launch: safeRelativePath(path) ?? path,
      urlQuery,
      moveOn: moveOn as MoveOn,
      masteryScore,
      launchMethod: launchMethod as Cmi5Au['launchMethod'],
      launchParameters: text(node, 'launchParameters'),
      entitlementKey: text(node, 'entitlementKey'),
      blocks,
    });
  };

  const walk = (parent: Element, blocks: Cmi5Au['blocks']) => {
    for (const node of parent.children) {
      if (!isCmi5(node) || (node.local !== 'au' && node.local !== 'block')) continue;
      const id = idOf(node) ?? '';
      if (node.local === 'au') {
        readAu(node, id, blocks);
        continue;
      }
      checkSequence(node, SEQUENCES.block);
      checkAttributes(node, 'block');
      checkTitleAndDescription(node);
      checkReferences(node);
      walk(node, [...blocks, { id: lmsActivityId('block', coursePublisherId, id), publisherId: id }]);
    }
  };
  walk(root, []);

  // Once per url: a course may point a thousand AUs at one address.
  const externalUrls = [...new Set(external)];
  if (problems.length > 0) {
    throw new Cmi5CourseError([
      ...problems,
      ...externalUrls.map((url) => `the AU url ${url} is not in the package (only packaged AUs are served)`),
    ]);
  }
  if (externalUrls.length > 0) throw new PackageError(messages.contentImport.externalAu(externalUrls));
  return {
    publisherId: coursePublisherId,
    activityId: lmsActivityId('course', coursePublisherId, coursePublisherId),
    title: (courseNode && titleOf(courseNode)) || coursePublisherId,
    aus,
  };
}
