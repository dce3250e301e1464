// The build's last step: every message catalogue (src/i18n/messages/*.json) beside the compiled
// code, so the api finds a dropped-in language that no module imports by name.
const { cpSync, mkdirSync, readdirSync } = require('node:fs');
const path = require('node:path');

const from = path.join(__dirname, '..', 'src', 'i18n', 'messages');
const to = path.join(__dirname, '..', 'dist', 'i18n', 'messages');
mkdirSync(to, { recursive: true });
for (const file of readdirSync(from).filter((name) => name.endsWith('.json'))) {
  cpSync(path.join(from, file), path.join(to, file));
}
