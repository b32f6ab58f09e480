import { describe, expect, it } from 'vitest';
import { Cmi5CourseError, parseCmi5Course } from './cmi5-course.js';
import { PackageError } from './package-reader.js';

/**
 * cmi5.xml validated as cmi5 13 and CourseStructure.xsd require: every problem is listed at once,
 * each naming its element. The XML is written small: a course, its objectives, its AUs.
 */
const NS = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';
const text = (value: string) => `<langstring lang="en-GB">${value}</langstring>`;
const td = (title: string) => `<title>${text(title)}</title><description>${text('d')}</description>`;
const structure = (body: string, { xmlns = ` xmlns="${NS}"`, objectives = '' } = {}) =>
  `<?xml version="1.0" encoding="utf-8"?>
<courseStructure${xmlns}>
  <course id="https://publisher.example/c">${td('Course')}</course>
  ${objectives}
  ${body}
</courseStructure>`;
const au = (id: string, { attrs = '', inner = `${td(`AU ${id}`)}<url>a.html</url>` } = {}) =>
  `<au id="https://publisher.example/au/${id}" ${attrs}>${inner}</au>`;
const objective = (id: string) => `<objective id="${id}">${td(`Objective ${id}`)}</objective>`;

const problemsOf = (xml: string, hasFile?: (name: string) => boolean): string[] => {
  try {
    parseCmi5Course(xml, { hasFile });
  } catch (error) {
    expect(error).toBeInstanceOf(Cmi5CourseError);
    return (error as Cmi5CourseError).problems;
  }
  throw new Error('accepted');
};

describe('cmi5.xml validation (cmi5 13, CourseStructure.xsd)', () => {
  it('accepts a structure with objectives declared once and referenced by AUs and blocks, and extensions last', () => {
    const course = parseCmi5Course(
      structure(
        `<block id="https://publisher.example/b">${td('Block')}
           <objectives><objective idref="https://objectives.example/one"/></objectives>
           ${au('1', {
             inner: `${td('AU 1')}<objectives><objective idref="https://objectives.example/two"/></objectives>
               <url>a.html?lang=en&amp;mode=review</url><launchParameters>00123</launchParameters>
               <entitlementKey>0042</entitlementKey><ext:note xmlns:ext="https://vendor.example/ns">x</ext:note>`,
           })}
         </block>`,
        {
          objectives: `<objectives>${objective('https://objectives.example/one')}
            <objective id="https://objectives.example/two"><description>${text('d')}</description><title>${text('Two')}</title></objective></objectives>`,
        },
      ),
      { hasFile: (name) => name === 'a.html' },
    );
    expect(course.aus).toHaveLength(1);
    // Entities decoded, and values kept as written (not read as numbers).
    expect(course.aus[0]).toMatchObject({
      urlQuery: 'lang=en&mode=review',
      launchParameters: '00123',
      entitlementKey: '0042',
    });
  });

  it('refuses objective ids that are not IRIs, objectives declared twice and references to undeclared ones', () => {
    const problems = problemsOf(
      structure(
        au('1', {
          inner: `${td('AU 1')}<objectives><objective idref="https://objectives.example/missing"/>
            <objective idref="https://objectives.example/one"/><objective idref="https://objectives.example/one"/>
            <objective/></objectives><url>a.html</url>`,
        }),
        {
          objectives: `<objectives>${objective('https://objectives.example/one')}${objective('https://objectives.example/one')}
            ${objective('objective two')}<objective id="https://objectives.example/three">${td('x')}<title>${text('again')}</title></objective></objectives>`,
        },
      ),
    );
    expect(problems).toEqual([
      'the id https://objectives.example/one is used twice (objective and objective): ids are unique in a course structure',
      'the id "objective two" of a <objective> is not an IRI (an absolute IRI with a scheme, like https://…)',
      '<objective id="https://objectives.example/three"> has more than one <title>',
      '<au id="https://publisher.example/au/1"> refers to the objective https://objectives.example/missing, which the course\'s <objectives> do not declare',
      '<au id="https://publisher.example/au/1"> refers to the objective https://objectives.example/one twice',
      'an <objective> of <au id="https://publisher.example/au/1"> has no idref',
    ]);
  });

  it("refuses an AU url whose query carries cmi5's own launch parameters (endpoint= …)", () => {
    const problems = problemsOf(
      structure(
        au('1', {
          inner: `${td('AU 1')}<url>a.html?endpoint=https://lrs.example/&amp;lang=en&amp;fetch=x</url>`,
        }) + au('2', { inner: `${td('AU 2')}<url>b.html?actor=x&amp;registration=y&amp;activityId=z</url>` }),
      ),
    );
    expect(problems).toEqual([
      `the <url> of <au id="https://publisher.example/au/1"> carries endpoint, fetch in its query: cmi5 launch parameters are the LMS's (cmi5 8.1)`,
      `the <url> of <au id="https://publisher.example/au/2"> carries actor, registration, activityId in its query: cmi5 launch parameters are the LMS's (cmi5 8.1)`,
    ]);
    // A parameter of the AU's own whose name only starts like one is no collision.
    expect(() =>
      parseCmi5Course(structure(au('3', { inner: `${td('AU 3')}<url>c.html?endpoints=1</url>` }))),
    ).not.toThrow();
  });

  it('refuses elements out of the order of the XSD sequences, missing or repeated, unknown or unqualified', () => {
    const problems = problemsOf(
      `<courseStructure xmlns="${NS}">
        ${au('0')}
        <course id="https://publisher.example/c">${td('Course')}</course>
        ${au('1', { inner: `<url>a.html</url>${td('AU 1')}` })}
        ${au('2', { inner: `<title>${text('AU 2')}</title><url>a.html</url>` })}
        ${au('3', { inner: `${td('AU 3')}<launchParameters>x</launchParameters><url>a.html</url>` })}
        ${au('4', { inner: `${td('AU 4')}<url>a.html</url><url>b.html</url><note>x</note>` })}
        ${au('5', { inner: `<title>Untitled</title><description>${text('d')}</description><url>a.html</url>` })}
        ${au('6', { inner: `${td('AU 6')}<ext:x xmlns:ext="https://vendor.example/ns"/><url>a.html</url><plain xmlns=""/>` })}
        <objectives>${objective('https://objectives.example/late')}</objectives>
      </courseStructure>`,
    );
    const order = '(the order is title, description, objectives, url, launchParameters, entitlementKey)';
    expect(problems).toEqual([
      '<courseStructure>: <course> is out of order (the order is course, objectives, au, block)',
      '<courseStructure>: <objectives> is out of order (the order is course, objectives, au, block)',
      `<au id="https://publisher.example/au/1">: <title> is out of order ${order}`,
      `<au id="https://publisher.example/au/1">: <description> is out of order ${order}`,
      '<au id="https://publisher.example/au/2"> has no <description>',
      `<au id="https://publisher.example/au/3">: <url> is out of order ${order}`,
      '<au id="https://publisher.example/au/4"> has more than one <url>',
      '<au id="https://publisher.example/au/4"> holds <note>, which the schema does not allow there',
      'the <title> of <au id="https://publisher.example/au/5"> has no <langstring>',
      'the <title> of <au id="https://publisher.example/au/5"> holds text outside <langstring>',
      '<au id="https://publisher.example/au/6">: <url> comes after an extension element (extensions go last)',
      '<au id="https://publisher.example/au/6"> holds <plain>, which is not a cmi5 element',
    ]);
    expect(problems.some((p) => p.includes('au/0'))).toBe(false);
  });

  it('refuses bad ids, attribute values outside their value space, and a structure outside the cmi5 namespace', () => {
    const problems = problemsOf(
      structure(
        `<block id="blocks/one">${td('B')}</block>` +
          au('1', { attrs: 'moveOn="Sometimes" launchMethod="NewTab" masteryScore="" colour="red"' }) +
          au('2', { attrs: 'masteryScore="1.5"' }) +
          au('1'),
        { xmlns: '' },
      ),
    );
    expect(problems).toEqual([
      `<courseStructure> is not in the cmi5 namespace (xmlns="${NS}")`,
      'the id "blocks/one" of a <block> is not an IRI (an absolute IRI with a scheme, like https://…)',
      '<block id="blocks/one"> holds no <au> or <block>',
      '<au id="https://publisher.example/au/1"> has an attribute colour, which the schema does not allow',
      '<au id="https://publisher.example/au/1"> has an unknown moveOn "Sometimes" (Passed, Completed, CompletedAndPassed, CompletedOrPassed, NotApplicable)',
      '<au id="https://publisher.example/au/1"> has a masteryScore outside 0..1 ("")',
      '<au id="https://publisher.example/au/1"> has an unknown launchMethod "NewTab" (AnyWindow, OwnWindow)',
      '<au id="https://publisher.example/au/2"> has a masteryScore outside 0..1 ("1.5")',
      'the id https://publisher.example/au/1 is used twice (au and au): ids are unique in a course structure',
    ]);
  });

  it('checks AU urls against the package, and lists every problem in one message', () => {
    const xml = structure(
      au('1', { inner: `${td('AU 1')}<url>missing.html</url>` }) +
        au('2', { inner: `${td('AU 2')}<url>../outside.html</url>` }) +
        au('3', { inner: `${td('AU 3')}<url> </url>` }),
    );
    let error: unknown;
    try {
      parseCmi5Course(xml, { hasFile: () => false });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PackageError);
    expect((error as Error).message).toBe(
      [
        'Package refused: cmi5.xml is not valid (cmi5 13, CourseStructure.xsd); 3 problems:',
        '  - the <url> of <au id="https://publisher.example/au/1"> names missing.html, which is not in the package',
        '  - the <url> of <au id="https://publisher.example/au/2"> (../outside.html) leaves the package',
        '  - the <url> of <au id="https://publisher.example/au/3"> is empty',
      ].join('\n'),
    );
  });

  it('names the line of XML that is not well-formed', () => {
    expect(problemsOf('<courseStructure>\n<course></courseStructure>')[0]).toMatch(
      /^not well-formed XML \(line 2: .+\)$/,
    );
  });
});
