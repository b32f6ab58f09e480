/**
 * Texts read by developers' tools rather than learners — the learning record store's refusals and
 * the content import's — in English whatever the interface language: one copy for both catalogues.
 */
export const developerTexts = {
  /** The learning record store's refusals (/api/xapi), read by content developers' tools. */
  xapi: {
    invalid: (reason: string) => `Invalid xAPI request: ${reason}`,
    conflict: (id: string) => `A different statement with id ${id} is already stored.`,
    badJson: 'The body is not valid JSON.',
    versionHeader: 'The X-Experience-API-Version header must be 1.0.x or 2.0.x.',
    unauthorized: 'Missing or expired xAPI credentials.',
    stateMismatch: 'The document changed since it was read (If-Match).',
    stateExists: 'A document already exists (If-None-Match).',
    preconditionRequired: 'A profile document is written with PUT only with If-Match or If-None-Match.',
    documentConflict:
      'This document already exists: send If-Match with its ETag (or If-None-Match: *) to replace it.',
    badContentType: 'Statements are sent as application/json, or as multipart/mixed with their attachments.',
    notMergeable: 'Only JSON objects can be merged: send this document with PUT.',
    methodNotAllowed: (allowed: string) => `This resource answers ${allowed} only.`,
    notProvided: 'This resource is not provided by this learning record store.',
  },
  /** cmi5 (issue 18): the fetch URL's errors (cmi5 8.2.3) and the statement rules' refusals. */
  cmi5: {
    refused: (reason: string) => `Statement refused by the cmi5 rules: ${reason}`,
    tokenAlreadyReturned:
      'The authorization token of this session has already been returned, or the session has ended.',
    unknownFetch: 'This fetch URL was not issued by this LMS.',
    launchDataReadOnly: 'LMS.LaunchData is written by the LMS only (cmi5 10.0): the AU reads it.',
    learnerPreferencesReadOnly:
      'The learner preferences (cmi5LearnerPreferences) are kept by the LMS (cmi5 11.0): the AU reads them only.',
  },
  /** `npm run content:import`: why a package is refused. */
  contentImport: {
    notFound: (source: string) => `Package not found: ${source}`,
    notPackage: 'Not a package: give a folder or a .zip file.',
    tooLarge: (limit: string) => `Package refused: it is larger than ${limit}.`,
    tooManyFiles: (limit: number) => `Package refused: it holds more than ${limit} files.`,
    unsafePath: (name: string) => `Package refused: unsafe path "${name}" (outside the package).`,
    badZip: (reason: string) => `Package refused: the zip archive is damaged (${reason}).`,
    noManifest: 'Package refused: tincan.xml is missing at the package root.',
    badManifest: (reason: string) => `Package refused: tincan.xml is not valid (${reason}).`,
    missingLaunch: (file: string) => `Package refused: the launch file "${file}" is not in the package.`,
    badCourse: (reason: string) => `Package refused: cmi5.xml is not valid (${reason}).`,
    badCourseProblems: (problems: readonly string[]) =>
      `Package refused: cmi5.xml is not valid (cmi5 13, CourseStructure.xsd); ${problems.length} problems:\n` +
      Array.from(problems, (p) => `  - ${p}`).join('\n'),
    /** The distinct absolute AU urls, in course order: a few named, the rest counted. */
    externalAu: (urls: readonly string[]) => {
      const named = Array.from(urls.slice(0, 3), (url) => `"${url}"`);
      const more = urls.length - named.length;
      if (urls.length === 1)
        return `Package refused: the assignable unit ${named[0]} is not in the package (only packaged AUs are served).`;
      const list =
        more > 0
          ? `${named.join(', ')} and ${more} more`
          : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
      return `Package refused: the assignable units ${list} are not in the package (only packaged AUs are served).`;
    },
    unknownGroups: (names: string) => `No group named ${names}: nothing was imported.`,
    hiddenFiles: (names: string) =>
      `Package refused: it holds hidden files or folders that are no part of a course (${names}); ` +
      'a .git folder holds a project history that would be published with the course. Zip the course ' +
      'without them, or import with --skip-hidden to leave them out.',
    badFileNames: (names: string) =>
      `Package refused: file names the content store cannot hold (${names}); use letters, digits, ` +
      "'.', '_' and '-' (no spaces), with no part of a path starting with '.'.",
    unknownModule: (ref: string, modules: string) =>
      `No module with the key or name "${ref}": nothing was imported. The modules are:\n${modules}\n` +
      `Give --module one of these keys or names, or --new-module "${ref}" to create it.`,
    ambiguousModule: (ref: string, modules: string) =>
      `Several modules are named "${ref}": nothing was imported. Give --module the key of one:\n${modules}`,
  },
} as const;
