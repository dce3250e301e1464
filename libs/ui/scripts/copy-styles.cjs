// Copies every stylesheet of src/ to the same place in dist/ (tsc copies only
// code): the components import their own CSS, which the apps' bundlers load.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
fs.cpSync(path.join(root, 'src'), path.join(root, 'dist'), {
  recursive: true,
  filter: (source) =>
    fs.statSync(source).isDirectory()
      ? !/__tests__|test-support/.test(source)
      : source.endsWith('.css'),
});
