import path from 'node:path';

/**
 * Boundaries between the parts of the code (issue 11), as one small ESLint rule:
 * - a web feature (apps/web/src/features/<feature>) never imports another feature: what two
 *   features share lives in components/, lib/ or api/;
 * - a server module (apps/server/src/modules/<module>) imports another module only through that
 *   module's public file, index.ts; so do the server's plugins/, integrations/, cli/ and demo/.
 */
const root = path.resolve(import.meta.dirname, '..');
const webFeatures = path.join(root, 'apps/web/src/features');
const serverSource = path.join(root, 'apps/server/src');
const serverModules = path.join(serverSource, 'modules');
/** Server folders outside modules/ that use modules only through their index.ts. */
const moduleClients = new Set(['plugins', 'integrations', 'cli', 'demo']);

/** The first folder of `file` under `base`, or null when `file` is not under it. */
function partOf(base, file) {
  const relative = path.relative(base, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? first : null;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Web features and server modules keep to their boundaries.' },
    messages: {
      feature:
        'The feature "{{from}}" imports the feature "{{to}}": move what both need to components/, lib/ or api/.',
      module:
        'The module "{{from}}" imports "{{to}}" past its public file: import from "../{{to}}/index.js".',
      client: '{{from}}/ imports the module "{{to}}" past its public file: import from its index.js.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const fromFeature = partOf(webFeatures, file);
      const toFeature = partOf(webFeatures, target);
      if (fromFeature && toFeature && fromFeature !== toFeature) {
        context.report({ node, messageId: 'feature', data: { from: fromFeature, to: toFeature } });
      }
      const fromModule = partOf(serverModules, file);
      const toModule = partOf(serverModules, target);
      const isPublicFile =
        path.relative(path.join(serverModules, toModule ?? ''), target).replace(/\.[jt]s$/, '') === 'index';
      if (fromModule && toModule && fromModule !== toModule && !isPublicFile) {
        context.report({ node, messageId: 'module', data: { from: fromModule, to: toModule } });
      }
      const fromClient = partOf(serverSource, file);
      if (toModule && !isPublicFile && moduleClients.has(fromClient)) {
        context.report({ node, messageId: 'client', data: { from: fromClient, to: toModule } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { boundaries: rule } };
