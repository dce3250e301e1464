// Backend module boundaries (issue 14 item 7). A unit is a directory
// `<sourceRoot>/modules/<name>` or `<sourceRoot>/integrations/<name>`. Code outside
// a unit may import only its public surface:
//   - `index.ts`: the code other units may use (services, tokens, ports, schemas, types);
//   - its top-level `*.module.ts` files: the Nest modules to import into another module.
// Nest modules stay out of the index: a barrel that loads them turns every cycle between
// two units into a file cycle, and a cycle leaves `undefined` in a @Module's imports.
// Controllers never use an adapter's internals (adapter or collection files, or those
// names through an integration's index): they go through a port or a service.
const path = require('node:path');

const UNIT_KINDS = ['modules', 'integrations'];
const ADAPTER_FILE = /\.(adapter|collections?)$/;
const ADAPTER_NAME = /(Adapter|Collections?|COLLECTIONS?)$/;

/** `{ unit: 'modules/crm', rest: ['dto', 'x.dto'] }` for a path under sourceRoot; null outside units. */
function unitOf(sourceRoot, file) {
  const parts = path.relative(sourceRoot, file).split(path.sep);
  if (parts[0] === '..' || !UNIT_KINDS.includes(parts[0]) || parts.length < 2) return null;
  return { unit: `${parts[0]}/${parts[1]}`, rest: parts.slice(2) };
}

const relative = (from, to) => {
  const rel = path.relative(from, to).split(path.sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
};

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Backend modules import each other only through their public surface' },
    schema: [
      {
        type: 'object',
        properties: { sourceRoot: { type: 'string' } },
        required: ['sourceRoot'],
        additionalProperties: false,
      },
    ],
    messages: {
      internal:
        "'{{source}}' is internal to {{unit}}: import from '{{index}}' (export it from that index.ts) or from a *.module file.",
      ownIndex:
        "'{{source}}' is this module's own index, which is for other modules: import the file itself.",
      moduleInIndex:
        "An index.ts does not re-export Nest modules ('{{source}}'): others import the *.module file, so loading the index never loads a module graph.",
      controllerAdapter:
        "A controller does not use an adapter's internals ('{{source}}'): go through the port or a service the integration exports.",
      controllerAdapterName:
        "A controller does not use an adapter's internals ({{name}}): go through the port or a service the integration exports.",
    },
  },

  create(context) {
    const sourceRoot = path.resolve(context.options[0].sourceRoot);
    const filename = context.filename;
    const from = unitOf(sourceRoot, filename);
    const isController = /\.controller\.ts$/.test(filename);
    const isIndex = from !== null && from.rest.join('/') === 'index.ts';

    function check(node, sourceNode) {
      const source = sourceNode && sourceNode.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source).replace(/\.[cm]?[jt]s$/, '');
      const to = unitOf(sourceRoot, target);
      const base = path.basename(target);

      if (isController && ADAPTER_FILE.test(base)) {
        context.report({ node: sourceNode, messageId: 'controllerAdapter', data: { source } });
      }
      if (!to) return;
      const entry = to.rest.join('/');
      const toIndex = entry === '' || entry === 'index';

      if (from && from.unit === to.unit) {
        if (toIndex) context.report({ node: sourceNode, messageId: 'ownIndex', data: { source } });
        else if (isIndex && node.type.startsWith('Export') && /\.module$/.test(base)) {
          context.report({ node: sourceNode, messageId: 'moduleInIndex', data: { source } });
        }
        return;
      }
      if (!toIndex && !(to.rest.length === 1 && /\.module$/.test(entry))) {
        const index = relative(path.dirname(filename), path.join(sourceRoot, to.unit));
        context.report({
          node: sourceNode,
          messageId: 'internal',
          data: { source, unit: to.unit, index },
        });
        return;
      }
      if (isController && toIndex && to.unit.startsWith('integrations/')) {
        for (const spec of node.specifiers || []) {
          const name = spec.imported ? spec.imported.name || spec.imported.value : spec.local.name;
          if (ADAPTER_NAME.test(name)) {
            context.report({ node: spec, messageId: 'controllerAdapterName', data: { name } });
          }
        }
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
