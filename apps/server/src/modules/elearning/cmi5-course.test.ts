import { describe, expect, it } from 'vitest';
import { lmsActivityId, parseCmi5Course } from './cmi5-course.js';
import { PackageError } from './package-reader.js';

const course = (body: string) => `\uFEFF<?xml version="1.0" encoding="utf-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="https://publisher.example/c"><title><langstring lang="fr-FR">Cours</langstring><langstring lang="en-GB">Course</langstring></title><description><langstring>d</langstring></description></course>
  ${body}
</courseStructure>`;
const au = (id: string, attributes = '', url = 'a.html') =>
  `<au id="https://publisher.example/${id}" ${attributes}><title><langstring lang="en-GB">AU ${id}</langstring></title><description><langstring>d</langstring></description><url>${url}</url></au>`;

describe('cmi5.xml course structure (cmi5 13)', () => {
  it('reads the AUs in course order with their blocks, outermost first, and their launch data', () => {
    const parsed = parseCmi5Course(
      course(`${au('1')}<block id="https://publisher.example/b1"><title><langstring>B1</langstring></title><description><langstring>d</langstring></description>
        <block id="https://publisher.example/b2"><title><langstring>B2</langstring></title><description><langstring>d</langstring></description>
          ${au('2', 'moveOn="CompletedAndPassed" masteryScore="0.75" launchMethod="OwnWindow"', ' sub/start.html?x=1 ')}
        </block></block>`),
    );
    expect(parsed.title).toBe('Course');
    expect(parsed.activityId).toBe(
      lmsActivityId('course', 'https://publisher.example/c', 'https://publisher.example/c'),
    );
    expect(parsed.aus.map((a) => a.title)).toEqual(['AU 1', 'AU 2']);
    expect(parsed.aus[0]).toMatchObject({
      moveOn: 'NotApplicable',
      masteryScore: null,
      launchMethod: 'AnyWindow',
      blocks: [],
    });
    expect(parsed.aus[1]).toMatchObject({
      moveOn: 'CompletedAndPassed',
      masteryScore: 0.75,
      launchMethod: 'OwnWindow',
      launch: 'sub/start.html',
      urlQuery: 'x=1',
    });
    expect(parsed.aus[1]!.blocks.map((b) => b.publisherId)).toEqual([
      'https://publisher.example/b1',
      'https://publisher.example/b2',
    ]);
    expect(parsed.aus[1]!.activityId).not.toBe('https://publisher.example/2');
  });

  it('refuses a structure that breaks the schema, with the reason', () => {
    const refusal = (xml: string) => {
      try {
        parseCmi5Course(xml);
      } catch (error) {
        expect(error).toBeInstanceOf(PackageError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal('<courseStructure><course')).toMatch(/not well-formed/);
    expect(refusal(course(''))).toMatch(/no AU/);
    expect(refusal(course(au('1', 'moveOn="Sometimes"')))).toMatch(/unknown moveOn/);
    expect(refusal(course(au('1', 'masteryScore="1.5"')))).toMatch(/masteryScore outside/);
    expect(refusal(course(au('1') + au('1')))).toMatch(/used twice/);
    expect(refusal(course(au('1', '', 'https://cdn.example/au.html')))).toMatch(/not in the package/);
  });
});
