// Front ends use the accessible primitives only through `@prosign/ui` (dialogs, toasts) and
// `@prosign/ui/controls` (pickers, menus, tooltips, date inputs). Importing React
// Aria or React Stately directly would bypass the design tokens and the shared module-federation
// singletons, and each remote would bundle its own copy of the library. The packages: `react-aria`,
// `react-aria-components`, `react-stately` and their subpaths, and every `@react-aria/*` and
// `@react-stately/*` package. Static, type-only, re-exported, dynamic and `require` imports count.

/** The library a module request belongs to, or null when it is not a forbidden one. */
function forbiddenLibrary(source) {
  if (/^@react-(aria|stately)\/[^/]+/.test(source)) return source.split('/').slice(0, 2).join('/');
  const match = /^(react-aria-components|react-aria|react-stately)(\/|$)/.exec(source);
  return match ? match[1] : null;
}

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Front ends use React Aria and React Stately only through @prosign/ui and @prosign/ui/controls',
    },
    schema: [],
    messages: {
      direct:
        "'{{source}}' ({{library}}) is used through the shared components: import from '@prosign/ui' (Dialog, ConfirmDialog, toasts) or '@prosign/ui/controls' (Combobox, Select, MultiSelect, Menu, Tooltip, DateTimeInput); a missing primitive is added there.",
    },
  },

  create(context) {
    function check(sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') {
        return;
      }
      const library = forbiddenLibrary(sourceNode.value);
      if (library) {
        context.report({
          node: sourceNode,
          messageId: 'direct',
          data: { source: sourceNode.value, library },
        });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // `import('x').T` in a type: `source` in typescript-eslint 8.x, `argument.literal` before.
      TSImportType: (node) => check(node.source ?? (node.argument && node.argument.literal)),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') {
          check(node.arguments[0]);
        }
      },
    };
  },
};
