// A comment cites only what a newcomer can open in the repository: the product specification in
// docs/spec/ ("spec N §M", its section headed M, or "§M, item K") and the architecture page by a
// heading's anchor (docs/architecture.md#the-pieces). A section or heading that is not there, the
// design notes kept outside the repository ("ARCHITECTURE §N") and the tracker's issue numbers
// (the word "issue" and a number), which a reader of the code cannot open, are reported.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

/** GitHub's anchor of a Markdown heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function headingsOf(file) {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6}\s/.test(line))
    .map((line) => line.replace(/^#+\s+/, ''));
}

let cached = null;
/** The numbered sections of each spec document and the architecture page's anchors, read once. */
function references(root) {
  if (cached?.root === root) return cached;
  const specDir = path.join(root, 'docs/spec');
  const sections = new Map();
  for (const file of fs.readdirSync(specDir)) {
    const number = /^(\d+)-.*\.md$/.exec(file)?.[1];
    if (!number) continue;
    const numbered = headingsOf(path.join(specDir, file))
      .map((heading) => /^(\d+(?:\.\d+)*)\.?\s/.exec(heading)?.[1])
      .filter(Boolean);
    sections.set(number, new Set(numbered));
  }
  const anchors = new Set(headingsOf(path.join(root, 'docs/architecture.md')).map(anchorOf));
  cached = { root, sections, anchors };
  return cached;
}

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Comments cite the specification and architecture as they are in docs/' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false },
    ],
    messages: {
      noDocument: "'spec {{doc}}' names no document in docs/spec/.",
      noSection:
        "'spec {{doc}} §{{section}}': docs/spec/ document {{doc}} has no section {{section}}.",
      noAnchor:
        "'docs/architecture.md#{{anchor}}' names no heading of docs/architecture.md (cite a heading's anchor).",
      outside:
        "'ARCHITECTURE §{{section}}' is not in the repository: cite docs/architecture.md by a heading's anchor.",
      issueNumber:
        "'{{cite}}': a reader of the code cannot open the tracker; say what the code does and why.",
    },
  },

  create(context) {
    const root = context.options[0]?.root ?? ROOT;
    const { sections, anchors } = references(root);
    const sourceCode = context.sourceCode ?? context.getSourceCode();

    function checkComment(comment) {
      const text = comment.value;
      const report = (messageId, data) => context.report({ loc: comment.loc, messageId, data });
      // "spec 2 §2.3, §2.4": the sections after the first belong to the same document.
      for (const cite of text.matchAll(/\bspec (\d+) ((?:§\d+(?:\.\d+)*(?:, )?)+)/gi)) {
        const doc = cite[1];
        const known = sections.get(doc);
        if (!known) {
          report('noDocument', { doc });
          continue;
        }
        for (const [, section] of cite[2].matchAll(/§(\d+(?:\.\d+)*)/g)) {
          if (!known.has(section)) report('noSection', { doc, section });
        }
      }
      for (const [, anchor] of text.matchAll(/docs\/architecture\.md#([\p{L}\p{N}-]+)/gu)) {
        if (!anchors.has(anchor)) report('noAnchor', { anchor });
      }
      for (const [, section] of text.matchAll(/\bARCHITECTURE(?:\.md)? §(\d+)/g)) {
        report('outside', { section });
      }
      for (const [cite] of text.matchAll(/\bissues? #?\d+/gi)) report('issueNumber', { cite });
    }

    return {
      Program() {
        for (const comment of sourceCode.getAllComments()) checkComment(comment);
      },
    };
  },
};
