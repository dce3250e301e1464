const { RuleTester } = require('eslint');
const tseslint = require('typescript-eslint');
const rule = require('./doc-references.cjs');

const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

// Checked against the repository's own docs/spec/ and docs/architecture.md.
ruleTester.run('doc-references', rule, {
  valid: [
    '/** The signing page (spec 1 §2.4). */ const a = 1;',
    '// Clearing the signature resets the saved flag (spec 1 §4.1, item 6).\nconst a = 1;',
    '/** The dashboard list (spec 2 §2.3, §2.4; spec 3 §2). */ const a = 1;',
    '/** Spec 3 §7: the invoice calls. */ const a = 1;',
    '// One family core (docs/architecture.md#contract-families-on-one-agreement-core).\nconst a = 1;',
    '// docs/architecture.md#the-pieces\nconst a = 1;',
    "const text = 'spec 9 §99 in a string is not a comment';",
    '// A specification of spacing, not a citation: spec 1 says so.\nconst a = 1;',
    '// Known issues with the old layout are fixed by the new one.\nconst a = 1;',
  ],
  invalid: [
    { code: '/** (spec 4 §2) */ const a = 1;', errors: [{ messageId: 'noDocument' }] },
    { code: '/** (spec 1 §4.1.6) */ const a = 1;', errors: [{ messageId: 'noSection' }] },
    { code: '/** (spec 2 §2.3, §2.9) */ const a = 1;', errors: [{ messageId: 'noSection' }] },
    { code: '// (spec 3 §12)\nconst a = 1;', errors: [{ messageId: 'noSection' }] },
    {
      code: '// see docs/architecture.md#no-such-heading\nconst a = 1;',
      errors: [{ messageId: 'noAnchor' }],
    },
    {
      code: '/** The error shape (ARCHITECTURE §3). */ const a = 1;',
      errors: [{ messageId: 'outside' }],
    },
    { code: '// A hand-over (issue 35).\nconst a = 1;', errors: [{ messageId: 'issueNumber' }] },
    {
      code: '/** Issue 36 item 3: stage mappings. */ const a = 1;',
      errors: [{ messageId: 'issueNumber' }],
    },
    { code: '// see issue #40\nconst a = 1;', errors: [{ messageId: 'issueNumber' }] },
  ],
});
