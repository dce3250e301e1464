// The public api's OpenAPI document, checked: made from libs/domain's route table and zod
// schemas (its build), linted with Redocly's strict ruleset, and the typed client the backend's
// tests drive the api with compared to what openapi-typescript makes of it now, so neither the
// document nor the client can drift from the api.
//   node tools/openapi/openapi.mjs lint    write dist/openapi.json, lint it, check the client types
//   node tools/openapi/openapi.mjs types   rewrite the client types from the document
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import prettier from 'prettier';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENT_FILE = path.join(ROOT, 'tools/openapi/dist/openapi.json');
const TYPES_FILE = path.join(ROOT, 'backend/test/support/public-api.generated.ts');
// Where the document says the api is: any public origin (the served one names its own).
const SERVER_URL = 'https://api.prosign.example';

const { publicApiDocument } = await import(path.join(ROOT, 'libs/domain/dist/index.js'));

/** The client types of the document, formatted as the repository formats TypeScript. */
async function clientTypesOf(document) {
  const source = [
    '// Generated from the public api’s OpenAPI document by openapi-typescript: do not edit.',
    '// `node tools/openapi/openapi.mjs types` writes it again; the openapi lint fails on drift.',
    // A field with a default may be left out of a request: not required in the types either.
    astToString(await openapiTS(document, { defaultNonNullable: false })),
  ].join('\n');
  const options = await prettier.resolveConfig(TYPES_FILE);
  return prettier.format(source, { ...options, filepath: TYPES_FILE });
}

async function lint(document) {
  const source = JSON.stringify(document, null, 2);
  mkdirSync(path.dirname(DOCUMENT_FILE), { recursive: true });
  writeFileSync(DOCUMENT_FILE, `${source}\n`);
  const config = await createConfig({ extends: ['recommended-strict'] });
  const problems = await lintFromString({ source, absoluteRef: DOCUMENT_FILE, config });
  for (const problem of problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.error(`${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`);
  }
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
  console.log(
    `OpenAPI document: ${operations} operations, ${errors} errors, ${problems.length - errors} warnings (Redocly, recommended-strict)`,
  );
  return errors;
}

const mode = process.argv[2];
const document = publicApiDocument(SERVER_URL);
if (mode === 'types') {
  writeFileSync(TYPES_FILE, await clientTypesOf(document));
  console.log(`wrote ${path.relative(ROOT, TYPES_FILE)}`);
} else if (mode === 'lint') {
  let failed = (await lint(document)) > 0;
  const committed = readFileSync(TYPES_FILE, 'utf8');
  if (committed !== (await clientTypesOf(document))) {
    console.error(
      `${path.relative(ROOT, TYPES_FILE)} no longer matches the document: run node tools/openapi/openapi.mjs types`,
    );
    failed = true;
  }
  process.exit(failed ? 1 : 0);
} else {
  console.error('usage: node tools/openapi/openapi.mjs lint|types');
  process.exit(2);
}
