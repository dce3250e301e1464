// Backend module boundaries. A unit is a directory
// `<sourceRoot>/modules/<name>`, `<sourceRoot>/modules/families/<name>` (a contract
// family's module) or `<sourceRoot>/integrations/<name>`. Code outside
// a unit may import only its public surface:
//   - `index.ts`: the code other units may use (services, tokens, ports, schemas, types);
//   - its top-level `*.module.ts` files: the Nest modules to import into another module.
// Nest modules stay out of the index: a barrel that loads them turns every cycle between
// two units into a file cycle, and a cycle leaves `undefined` in a @Module's imports.
// Controllers never use an adapter's internals (adapter or collection files, or those
// names through an integration's index): they go through a port or a service.
//
// Imports only run down. Every file under sourceRoot sits in a layer and
// may import only its own layer or lower ones:
//   0 platform/*       config, database, queues, sessions, realtime: what every process needs
//   1 integrations/*   ports and adapters; an adapter knows its vendor, never a feature
//   2 feature modules  access, auth, captcha, crm, diagnostics, documents, file-service, mail,
//                      maps, services, terms: one concern each, over the ports
//   3 agreements       the agreement core (record, event log, send, dashboard actions), which
//                      mails, moves CRM deals and renders documents through the features
//   4 signing          finishes agreements, so it sits on the core (and serves the signer
//                      calls the spec puts under staff paths: merge-docs, deal to signed)
//   5 families, flows  modules/families/* (a family's creation screens and routes over core and
//                      signing: the folder makes the layer, no list), family-routes (every
//                      registered family's dashboard, signer and creation routes),
//                      invoices (on signed agreements), health (reads the core's stuck steps),
//                      insights (figures over the core's facts, the Monday digest),
//                      public-api (the /api/v1 routes over the families' creations and the core)
//   6 seed, migrations demo data, made through the product's own services; dated changes to
//                      stored data, over the core and the families
//   7 root files       api.module.ts, worker.module.ts, main.*.ts, create-*-app.ts wire it all
// A module not listed is a feature module. Within a layer units (modules/<name>,
// integrations/<name>, platform/<name>) may import each other as long as they form no loop:
// the rule reads every file under sourceRoot once (again after GRAPH_TTL_MS) and reports an
// import between two units of one loop (a loop means a piece belongs to one side). Why: a
// lower unit that imports a higher one drags the higher one's graph into every process and
// test that needs the lower one, and loops leave `undefined` in a @Module's imports.
const fs = require('node:fs');
const path = require('node:path');

const UNIT_KINDS = ['modules', 'integrations'];
const ADAPTER_FILE = /\.(adapter|collections?)$/;
const ADAPTER_NAME = /(Adapter|Collections?|COLLECTIONS?)$/;

const LAYER_NAMES = [
  'platform',
  'integrations',
  'the feature modules',
  'the agreement core',
  'signing',
  'the family and flow modules',
  'seed and migrations',
  'the root files',
];
/** Modules above the feature layer; every other `modules/<name>` is a feature module (2). */
const MODULE_LAYERS = {
  agreements: 3,
  signing: 4,
  'family-routes': 5,
  invoices: 5,
  health: 5,
  insights: 5,
  'public-api': 5,
};

/** Where the contract families' modules live: each `modules/families/<name>` is a unit of layer 5. */
const FAMILIES_DIR = 'families';
const FAMILY_LAYER = 5;

/** How many leading parts of a path name its unit: 3 for `modules/families/<name>`, else 2. */
function unitDepth(parts) {
  return parts[0] === 'modules' && parts[1] === FAMILIES_DIR && parts.length > 2 ? 3 : 2;
}

/** The layer (index into LAYER_NAMES) of a path under sourceRoot; null outside the layers. */
function layerOf(sourceRoot, file) {
  const parts = path.relative(sourceRoot, file).split(path.sep);
  if (parts[0] === 'platform') return 0;
  if (parts[0] === 'integrations') return 1;
  if (parts[0] === 'modules' && parts[1] === FAMILIES_DIR) return FAMILY_LAYER;
  if (parts[0] === 'modules') return parts.length > 1 ? (MODULE_LAYERS[parts[1]] ?? 2) : null;
  if (parts[0] === 'seed' || parts[0] === 'migrations') return 6;
  if (parts[0] !== '..' && parts.length === 1) return 7;
  return null;
}

/** The unit a path belongs to for loops: `modules/crm`, `platform/auth`, `seed`, a root file. */
function loopUnitOf(sourceRoot, file) {
  const parts = path
    .relative(sourceRoot, file)
    .replace(/\.[cm]?[jt]s$/, '')
    .split(path.sep);
  if (parts[0] === '..') return null;
  return ['modules', 'integrations', 'platform'].includes(parts[0]) && parts.length > 1
    ? parts.slice(0, unitDepth(parts)).join('/')
    : parts[0];
}

const GRAPH_TTL_MS = 5000;
const IMPORT_SOURCE = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.[^'"]*)['"]/g;
/** sourceRoot → { at, loopOf: unit → id of the loop it is in } */
const loopCache = new Map();

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.ts$/.test(entry.name) && !/\.(spec|integration-spec)\.ts$/.test(entry.name)) {
      files.push(full);
    }
  }
  return files;
}

/** Which units of sourceRoot lie on a loop of imports between units (Tarjan's components). */
function loopsOf(sourceRoot) {
  const cached = loopCache.get(sourceRoot);
  if (cached && Date.now() - cached.at < GRAPH_TTL_MS) return cached.loopOf;
  const graph = new Map();
  const files = fs.existsSync(sourceRoot) ? sourceFiles(sourceRoot) : [];
  for (const file of files) {
    const from = loopUnitOf(sourceRoot, file);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT_SOURCE)) {
      const to = loopUnitOf(sourceRoot, path.resolve(path.dirname(file), match[1]));
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  const loopOf = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  let counter = 0;
  const visit = (unit) => {
    index.set(unit, counter);
    low.set(unit, counter++);
    stack.push(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit), low.get(next)));
      } else if (stack.includes(next)) low.set(unit, Math.min(low.get(unit), index.get(next)));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component = stack.splice(stack.indexOf(unit));
    if (component.length > 1) for (const member of component) loopOf.set(member, unit);
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  loopCache.set(sourceRoot, { at: Date.now(), loopOf });
  return loopOf;
}

/** A short name for where a file is: its unit, or its top-level directory or file. */
function placeOf(sourceRoot, file) {
  const parts = path.relative(sourceRoot, file).split(path.sep);
  if (parts.length <= 2 || parts[0] === 'seed') return parts[0];
  return parts.slice(0, Math.min(unitDepth(parts), parts.length - 1)).join('/');
}

/**
 * `{ unit: 'modules/crm', rest: ['dto', 'x.dto'] }` (`modules/families/sow` for a family's
 * module) for a path under sourceRoot; null outside units.
 */
function unitOf(sourceRoot, file) {
  const parts = path.relative(sourceRoot, file).split(path.sep);
  if (parts[0] === '..' || !UNIT_KINDS.includes(parts[0]) || parts.length < 2) return null;
  const depth = unitDepth(parts);
  return { unit: parts.slice(0, depth).join('/'), rest: parts.slice(depth) };
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
      loop: "'{{source}}' ({{to}}) imports {{from}} back, directly or through other units: units import each other only without a loop. Move the piece both need to one side.",
      upward:
        "'{{source}}' is in {{toLayer}}, above {{fromLayer}} ({{from}}): imports only run down (platform < integrations < feature modules < agreements < signing < families and flows < seed < root files). Move the piece it needs down, or this code up.",
    },
  },

  create(context) {
    const sourceRoot = path.resolve(context.options[0].sourceRoot);
    const filename = context.filename;
    const from = unitOf(sourceRoot, filename);
    const isController = /\.controller\.ts$/.test(filename);
    const isIndex = from !== null && from.rest.join('/') === 'index.ts';
    const fromLayer = layerOf(sourceRoot, filename);

    function check(node, sourceNode) {
      const source = sourceNode && sourceNode.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source).replace(/\.[cm]?[jt]s$/, '');
      const to = unitOf(sourceRoot, target);
      const base = path.basename(target);

      if (isController && ADAPTER_FILE.test(base)) {
        context.report({ node: sourceNode, messageId: 'controllerAdapter', data: { source } });
      }
      if (!to) return checkLayer(sourceNode, source, target);
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
      checkLayer(sourceNode, source, target);
      if (isController && toIndex && to.unit.startsWith('integrations/')) {
        for (const spec of node.specifiers || []) {
          const name = spec.imported ? spec.imported.name || spec.imported.value : spec.local.name;
          if (ADAPTER_NAME.test(name)) {
            context.report({ node: spec, messageId: 'controllerAdapterName', data: { name } });
          }
        }
      }
    }

    function checkLayer(sourceNode, source, target) {
      const toLayer = layerOf(sourceRoot, target);
      if (fromLayer === null || toLayer === null) return;
      if (toLayer <= fromLayer) return checkLoop(sourceNode, source, target);
      context.report({
        node: sourceNode,
        messageId: 'upward',
        data: {
          source,
          toLayer: `${LAYER_NAMES[toLayer]} (${toLayer})`,
          fromLayer: `${LAYER_NAMES[fromLayer]} (${fromLayer})`,
          from: placeOf(sourceRoot, filename),
        },
      });
    }

    function checkLoop(sourceNode, source, target) {
      const fromUnit = loopUnitOf(sourceRoot, filename);
      const toUnit = loopUnitOf(sourceRoot, target);
      if (!fromUnit || !toUnit || fromUnit === toUnit) return;
      const loopOf = loopsOf(sourceRoot);
      if (!loopOf.has(fromUnit) || loopOf.get(fromUnit) !== loopOf.get(toUnit)) return;
      context.report({
        node: sourceNode,
        messageId: 'loop',
        data: { source, to: toUnit, from: fromUnit },
      });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
