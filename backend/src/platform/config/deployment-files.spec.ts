import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every variable the api and worker read must be documented in .env.example
 * and passed to them by docker-compose.yml, so the deployment files never
 * drift from the code.
 */
const root = join(__dirname, '../../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

// Not passed by docker-compose on purpose: the mail catcher only runs in the
// local stack, and the reCAPTCHA verify URL is overridden only by tests.
const NOT_IN_COMPOSE = new Set(['MAIL_CATCHER_PORT', 'RECAPTCHA_VERIFY_URL']);

// AppConfig declares its variables by area, in ./sections.
const sections = readdirSync(join(__dirname, 'sections')).map(
  (file) => `backend/src/platform/config/sections/${file}`,
);
const variables = sections
  .flatMap((file) => [...read(file).matchAll(/readonly ([A-Z][A-Z0-9_]+)/g)])
  .map(([, name]) => name);

describe('deployment files', () => {
  it('finds the configuration variables', () => {
    expect(variables).toEqual(expect.arrayContaining(['MONGODB_URI', 'REDIS_URL', 'API_PORT']));
  });

  it('.env.example documents every variable', () => {
    const envExample = read('.env.example');
    expect(variables.filter((name) => !new RegExp(`^${name}=`, 'm').test(envExample))).toEqual([]);
  });

  it('docker-compose.yml passes every variable to the api and worker', () => {
    const compose = read('docker-compose.yml');
    const missing = variables.filter(
      (name) => !NOT_IN_COMPOSE.has(name) && !new RegExp(`^\\s+${name}:`, 'm').test(compose),
    );
    expect(missing).toEqual([]);
  });

  // Production refuses the local mail catcher (and its mailbox): the deployment files must not pick it.
  it('neither file defaults MAIL_ADAPTER to local', () => {
    expect(read('.env.example')).toMatch(/^MAIL_ADAPTER=smtp$/m);
    expect(read('docker-compose.yml')).toMatch(/^\s+MAIL_ADAPTER: \$\{MAIL_ADAPTER:-smtp\}$/m);
  });

  // Production refuses the local checkbox captcha: api and frontends default to reCAPTCHA there.
  it('neither file defaults CAPTCHA_ADAPTER to local', () => {
    expect(read('.env.example')).toMatch(/^CAPTCHA_ADAPTER=recaptcha$/m);
    const compose = read('docker-compose.yml');
    expect(compose).not.toMatch(/CAPTCHA_ADAPTER:-local/);
    expect(compose.match(/^\s+CAPTCHA_ADAPTER: \$\{CAPTCHA_ADAPTER:-recaptcha\}$/gm)).toHaveLength(
      2,
    );
  });
});
