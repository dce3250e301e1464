// One store, one owner. A Mongoose model is injected only into its collection's repository,
// a class in a file named `*.repository.ts` that keeps the model private and offers named
// methods; everyone else calls those. Two queries of one collection written in two places drift
// apart (a filter, an index, a guard against a lost update kept in one and not the other), and
// a reader cannot find every write by reading one file.
// Reported:
//   - `@InjectModel(...)` and `getModelToken(...)` of `@nestjs/mongoose` (by any local name, or
//     through a namespace import) outside a repository file. The `*.module.ts` files that
//     register schemas (`MongooseModule.forFeature`) and tests may use them.
//   - a field `@InjectModel(...)` fills that is not `private` (a constructor parameter property
//     or a class property): a public or protected model is one any holder of the repository uses.
//   - reading the `model` property of anything but `this` (`this.documents.model`,
//     `repository.model`, `connection.model(...)`): how a repository's model leaked before.
// Tests (`*.spec.ts`, `*.integration-spec.ts`, files under a `test/` directory) are not checked:
// a test may read a collection to see what a request stored.

const path = require('node:path');

const MODEL_INJECTORS = ['InjectModel', 'getModelToken'];

/** Whether the file may hold a model: a repository, a Nest module that registers schemas, a test. */
function mayInject(filename) {
  return /\.(repository|module)\.[cm]?[jt]s$/.test(filename);
}

/** Whether the file is a test: a spec, or under a `test/` directory of the project (cwd). */
function isTest(cwd, filename) {
  if (/\.(spec|integration-spec|fault-spec)\.[cm]?[jt]sx?$/.test(filename)) return true;
  return path.relative(cwd, filename).split(path.sep).includes('test');
}

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: {
      description:
        "A Mongoose model is used only by its collection's repository (*.repository.ts), which keeps it private",
    },
    schema: [],
    messages: {
      inject:
        "{{name}}() outside a repository: a collection's model belongs to its repository (a *.repository.ts beside its schema, holding it as a private field). Call a named method of that repository, or add one.",
      publicModel:
        "The model @InjectModel() fills is kept private ('private readonly'): others call the repository's named methods.",
      foreignModel:
        "'.model' of another object: a repository keeps its model private. Call a named method of the repository (add one for what this code needs).",
    },
  },

  create(context) {
    const filename = context.filename;
    if (isTest(context.cwd, filename)) return {};
    const injectorAllowed = mayInject(filename);
    /** Local name → imported name, for InjectModel and getModelToken from @nestjs/mongoose. */
    const injectors = new Map();
    /** Local names of namespace imports of @nestjs/mongoose. */
    const namespaces = new Set();

    function injectorName(callee) {
      if (callee.type === 'Identifier') return injectors.get(callee.name) ?? null;
      if (
        callee.type === 'MemberExpression' &&
        !callee.computed &&
        callee.object.type === 'Identifier' &&
        namespaces.has(callee.object.name) &&
        MODEL_INJECTORS.includes(callee.property.name)
      ) {
        return callee.property.name;
      }
      return null;
    }

    return {
      ImportDeclaration(node) {
        if (node.source.value !== '@nestjs/mongoose') return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportNamespaceSpecifier') namespaces.add(spec.local.name);
          if (spec.type !== 'ImportSpecifier') continue;
          const imported = spec.imported.name ?? spec.imported.value;
          if (MODEL_INJECTORS.includes(imported)) injectors.set(spec.local.name, imported);
        }
      },
      CallExpression(node) {
        const name = injectorName(node.callee);
        if (!name) return;
        if (!injectorAllowed) {
          context.report({ node, messageId: 'inject', data: { name } });
          return;
        }
        const decorated = node.parent.type === 'Decorator' ? node.parent.parent : null;
        const field =
          decorated &&
          (decorated.type === 'TSParameterProperty' || decorated.type === 'PropertyDefinition');
        if (field && decorated.accessibility !== 'private') {
          context.report({ node: decorated, messageId: 'publicModel' });
        }
      },
      MemberExpression(node) {
        if (node.computed || node.property.type !== 'Identifier') return;
        if (node.property.name !== 'model' || node.object.type === 'ThisExpression') return;
        context.report({ node: node.property, messageId: 'foreignModel' });
      },
    };
  },
};
