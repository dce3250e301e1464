// Runs the backend from its TypeScript sources (`node -r bench/faults/ts-register.cjs
// backend/src/main.api.ts`), compiled file by file with SWC as Jest does, so the fault
// tests run the code of the working tree without waiting for a build. Workspace
// libraries resolve to their sources too. Compiled files are cached by path and mtime.
const { transformSync } = require('@swc/core');
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const CACHE = path.join(os.tmpdir(), 'prosign-ts-register');
fs.mkdirSync(CACHE, { recursive: true });

const LIBRARIES = {
  '@prosign/domain': path.join(ROOT, 'libs/domain/src/index.ts'),
};

const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspace(request, ...rest) {
  return resolve.call(this, LIBRARIES[request] ?? request, ...rest);
};

const OPTIONS = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

require.extensions['.ts'] = function compileTypeScript(module, filename) {
  const stat = fs.statSync(filename);
  const key = crypto
    .createHash('sha1')
    .update(`${filename}:${stat.mtimeMs}:${stat.size}`)
    .digest('hex');
  const cached = path.join(CACHE, `${key}.js`);
  let code;
  try {
    code = fs.readFileSync(cached, 'utf8');
  } catch {
    code = transformSync(fs.readFileSync(filename, 'utf8'), { ...OPTIONS, filename }).code;
    const temporary = `${cached}.${process.pid}`;
    fs.writeFileSync(temporary, code);
    fs.renameSync(temporary, cached);
  }
  module._compile(code, filename);
};
