/**
 * What the rest of the server may use of e-learning (eslint: modules, plugins, integrations, the
 * CLI and the demo seed import a module through its index.ts): package import, and how package
 * content is stored and served (the /media route gives a package's files their sandbox headers).
 */
export { CONTENT_PREFIX, CONTENT_UNSET_HEADERS, contentHeadersFor } from './content-headers.js';
export { contentHostAllows, contentOriginOf, hostOfOrigin } from './content-origin.js';
export { importPackage, planImport } from './content-import.service.js';
export { PackageError, type PackageFiles } from './package-reader.js';
export { waiveCmi5Unit } from './cmi5-waiver.service.js';
