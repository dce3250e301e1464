import { DEFAULT_CORS_ORIGINS } from './app-config';
import { ConfigValidationError, loadConfig } from './load-config';

const REQUIRED = {
  MONGODB_URI: 'mongodb://127.0.0.1:27017/prosign',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

function problemsOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigValidationError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
}

describe('loadConfig', () => {
  it('accepts the required variables and fills every default', () => {
    const config = loadConfig(REQUIRED);

    expect(config).toMatchObject({
      NODE_ENV: 'development',
      API_PORT: 3000,
      MONGODB_URI: REQUIRED.MONGODB_URI,
      REDIS_URL: REQUIRED.REDIS_URL,
      QUEUE_PREFIX: 'prosign',
      LOG_LEVEL: 'info',
      CORS_ORIGINS: DEFAULT_CORS_ORIGINS,
      WORKER_CONCURRENCY: 16,
      PUBLIC_API_URL: 'http://localhost:3000',
      CRM_ADAPTER: 'local',
      DOCUMENTS_ADAPTER: 'local',
      MAIL_ADAPTER: 'local',
      CAPTCHA_ADAPTER: 'local',
      IDENTITY_ADAPTER: 'local',
      MAPS_ADAPTER: 'local',
      FILE_SERVICE_ADAPTER: 'local',
      COMPANY_EMAIL_DOMAIN: 'prosign.example',
      PUBLIC_SHELL_URL: 'http://localhost:8080',
    });
    expect(config.bootstrapAdminEmails).toEqual(['admin@prosign.example']);
    expect(config.defaultPmEmail).toBe('pm@prosign.example');
    expect(DEFAULT_CORS_ORIGINS).toEqual([
      'http://localhost:8080',
      'http://localhost:8081',
      'http://localhost:8082',
      'http://localhost:8083',
      'http://localhost:8084',
    ]);
  });

  it('converts numbers and lists and ignores unrelated variables', () => {
    const config = loadConfig({
      ...REQUIRED,
      API_PORT: '8000',
      WORKER_CONCURRENCY: '12',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:9000',
      PATH: '/usr/bin',
    });

    expect(config.API_PORT).toBe(8000);
    expect(config.WORKER_CONCURRENCY).toBe(12);
    expect(config.CORS_ORIGINS).toEqual(['https://app.example.com', 'http://localhost:9000']);
    expect(config).not.toHaveProperty('PATH');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...REQUIRED, API_PORT: '' }).API_PORT).toBe(3000);
  });

  it('names a missing MONGODB_URI', () => {
    expect(problemsOf({ REDIS_URL: REQUIRED.REDIS_URL })).toBe(
      'Invalid configuration: MONGODB_URI is required',
    );
  });

  it('names a missing REDIS_URL', () => {
    expect(problemsOf({ MONGODB_URI: REQUIRED.MONGODB_URI })).toBe(
      'Invalid configuration: REDIS_URL is required',
    );
  });

  it('names a malformed API_PORT', () => {
    expect(problemsOf({ ...REQUIRED, API_PORT: 'abc' })).toBe(
      'Invalid configuration: API_PORT must be an integer between 1 and 65535',
    );
    expect(problemsOf({ ...REQUIRED, API_PORT: '70000' })).toContain('API_PORT');
  });

  it('refuses an unknown adapter', () => {
    expect(problemsOf({ ...REQUIRED, MAIL_ADAPTER: 'carrier-pigeon' })).toBe(
      'Invalid configuration: MAIL_ADAPTER must be one of: local, smtp',
    );
  });

  it.each([
    [{ CRM_ADAPTER: 'hubspot' }, ['HUBSPOT_ACCESS_TOKEN', 'HUBSPOT_PROJECT_OBJECT_TYPE']],
    [{ MAIL_ADAPTER: 'smtp' }, ['SMTP_HOST']],
    [{ CAPTCHA_ADAPTER: 'recaptcha' }, ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY']],
    [
      { NODE_ENV: 'production' },
      ['CAPTCHA_PASS_SECRET', 'SERVICE_DELETE_PASSWORD', 'SEAL_P12_BASE64'],
    ],
    [
      { IDENTITY_ADAPTER: 'google' },
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_CALLBACK_URL'],
    ],
    [{ DOCUMENTS_ADAPTER: 'google' }, ['GOOGLE_SERVICE_ACCOUNT_JSON']],
    [{ MAPS_ADAPTER: 'google' }, ['GOOGLE_MAPS_API_KEY']],
    [{ FILE_SERVICE_ADAPTER: 'http' }, ['FILE_SERVICE_URL']],
    [{ TIMESTAMP_ADAPTER: 'rfc3161' }, ['TSA_URLS']],
    [{ TSA_PASSWORD: 'secret' }, ['TSA_USERNAME']],
  ])('with %o requires %o', (selection, names) => {
    const message = problemsOf({ ...REQUIRED, ...selection });
    for (const name of names) expect(message).toContain(`${name} is required when`);
  });

  it('defaults the service delete password outside production only', () => {
    expect(loadConfig(REQUIRED)).toMatchObject({
      SERVICE_DELETE_PASSWORD: 'prosign-demo',
      SERVICE_DELETE_VERIFY_TTL_SECONDS: 300,
      SERVICE_DELETE_MAX_ATTEMPTS: 5,
    });
    expect(
      problemsOf({ ...REQUIRED, NODE_ENV: 'production', SERVICE_DELETE_PASSWORD: 'prosign-demo' }),
    ).toContain('SERVICE_DELETE_PASSWORD is required when NODE_ENV=production');
    expect(problemsOf({ ...REQUIRED, SERVICE_DELETE_PASSWORD: 'short' })).toContain(
      'SERVICE_DELETE_PASSWORD must be 8 to 200 characters',
    );
  });

  it('refuses the local mail adapter (catcher and mailbox) in production', () => {
    expect(problemsOf({ ...REQUIRED, NODE_ENV: 'production' })).toContain(
      'MAIL_ADAPTER=local is refused when NODE_ENV=production',
    );
    expect(
      problemsOf({ ...REQUIRED, NODE_ENV: 'production', MAIL_ADAPTER: 'smtp', SMTP_HOST: 'mx' }),
    ).not.toContain('MAIL_ADAPTER');
    expect(loadConfig({ ...REQUIRED, NODE_ENV: 'test' }).MAIL_ADAPTER).toBe('local');
  });

  it('accepts a real adapter once its settings are given', () => {
    const config = loadConfig({
      ...REQUIRED,
      CRM_ADAPTER: 'hubspot',
      HUBSPOT_ACCESS_TOKEN: 'pat-na1-123',
      HUBSPOT_PROJECT_OBJECT_TYPE: '2-1234567',
    });
    expect(config.CRM_ADAPTER).toBe('hubspot');
  });

  it('fills the mail, captcha and CRM defaults', () => {
    expect(loadConfig(REQUIRED)).toMatchObject({
      MAIL_FROM: 'ProSign <no-reply@prosign.local>',
      MAIL_CATCHER_PORT: 1025,
      MAIL_SEND_ATTEMPTS: 12,
      MAIL_RETRY_DELAY_MS: 30000,
      MAIL_SWEEP_EVERY_MS: 60000,
      SMTP_SECURE: false,
      CAPTCHA_PASS_TTL_SECONDS: 7200,
      CRM_CONTRACT_SENT_STAGE: 'contractsent',
      CRM_CHANGE_ORDER_PIPELINE: 'change_orders',
    });
  });

  it('reads SMTP_SECURE as a boolean and refuses anything else', () => {
    expect(loadConfig({ ...REQUIRED, SMTP_SECURE: 'TRUE' }).SMTP_SECURE).toBe(true);
    expect(problemsOf({ ...REQUIRED, SMTP_SECURE: 'yes' })).toBe(
      'Invalid configuration: SMTP_SECURE must be true or false',
    );
  });

  it('refuses a short captcha pass secret and a stage id with spaces', () => {
    expect(problemsOf({ ...REQUIRED, CAPTCHA_PASS_SECRET: 'short' })).toBe(
      'Invalid configuration: CAPTCHA_PASS_SECRET must be at least 32 characters',
    );
    expect(problemsOf({ ...REQUIRED, CRM_CONTRACT_SENT_STAGE: 'contract sent' })).toContain(
      'CRM_CONTRACT_SENT_STAGE must be a CRM identifier',
    );
  });

  it('reads the time-stamp settings: local by default, TSA_URLS a list of URLs tried in order', () => {
    expect(loadConfig(REQUIRED)).toMatchObject({
      TIMESTAMP_ADAPTER: 'local',
      TSA_URLS: [],
      TSA_TIMEOUT_MS: 10000,
    });
    expect(
      loadConfig({
        ...REQUIRED,
        TIMESTAMP_ADAPTER: 'rfc3161',
        TSA_URLS: 'https://tsa.example.com/tsr, http://timestamp.example.org',
        TSA_TIMEOUT_MS: '3000',
        TSA_USERNAME: 'firm',
        TSA_PASSWORD: 'secret',
      }),
    ).toMatchObject({
      TIMESTAMP_ADAPTER: 'rfc3161',
      TSA_URLS: ['https://tsa.example.com/tsr', 'http://timestamp.example.org'],
      TSA_TIMEOUT_MS: 3000,
      TSA_USERNAME: 'firm',
    });
    const message = problemsOf({
      ...REQUIRED,
      TIMESTAMP_ADAPTER: 'clock',
      TSA_URLS: 'ftp://tsa.example.com',
      TSA_TIMEOUT_MS: '5',
    });
    expect(message).toContain('TIMESTAMP_ADAPTER must be one of: local, rfc3161');
    expect(message).toContain('TSA_URLS must be a comma-separated list of http(s) URLs');
    expect(message).toContain('TSA_TIMEOUT_MS must be an integer between 100 and 120000');
  });

  it('reads SEAL_LEVEL: B-LTA by default, one of the four PAdES baseline levels', () => {
    expect(loadConfig(REQUIRED).SEAL_LEVEL).toBe('B-LTA');
    for (const level of ['B-B', 'B-T', 'B-LT', 'B-LTA']) {
      expect(loadConfig({ ...REQUIRED, SEAL_LEVEL: level }).SEAL_LEVEL).toBe(level);
    }
    expect(problemsOf({ ...REQUIRED, SEAL_LEVEL: 'B-LTV' })).toBe(
      'Invalid configuration: SEAL_LEVEL must be one of: B-B, B-T, B-LT, B-LTA',
    );
  });

  it('does not require settings of adapters that are not selected', () => {
    expect(() => loadConfig({ ...REQUIRED, FILE_SERVICE_URL: undefined })).not.toThrow();
  });

  it('reports every bad variable at once', () => {
    const message = problemsOf({ API_PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(message).toContain('API_PORT');
    expect(message).toContain('LOG_LEVEL must be one of');
    expect(message).toContain('MONGODB_URI is required');
    expect(message).toContain('REDIS_URL is required');
  });

  describe('staff identity', () => {
    const GOOGLE = {
      IDENTITY_ADAPTER: 'google',
      GOOGLE_CLIENT_ID: 'client-id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_CALLBACK_URL: 'https://api.firm.com/api/auth/google/callback',
    };

    it('refuses the local sign-in in production, naming both variables', () => {
      const message = problemsOf({
        ...REQUIRED,
        NODE_ENV: 'production',
        BOOTSTRAP_ADMIN_EMAILS: 'boss@prosign.example',
      });
      expect(message).toContain('IDENTITY_ADAPTER=local is refused when NODE_ENV=production');
    });

    it('requires bootstrap admins in production and does not invent one', () => {
      // Production also needs reCAPTCHA, a captcha-pass secret and a delete password; given here so only the admins are missing.
      const production = {
        NODE_ENV: 'production',
        CAPTCHA_PASS_SECRET: 's'.repeat(32),
        SERVICE_DELETE_PASSWORD: 'a real secret',
        MAIL_ADAPTER: 'smtp',
        SMTP_HOST: 'smtp.firm.com',
        SEAL_P12_BASE64: 'MIIKcAIBAzCCCiYGCSqGSIb3DQEHAaCCChcEggoTMIIKDzCCBg==',
        CAPTCHA_ADAPTER: 'recaptcha',
        RECAPTCHA_SECRET: 'recaptcha-secret',
        RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
      };
      expect(problemsOf({ ...REQUIRED, ...GOOGLE, ...production })).toBe(
        'Invalid configuration: BOOTSTRAP_ADMIN_EMAILS is required when NODE_ENV=production',
      );
      const config = loadConfig({
        ...REQUIRED,
        ...GOOGLE,
        ...production,
        BOOTSTRAP_ADMIN_EMAILS: ' Boss@ProSign.example, ops@prosign.example ',
      });
      expect(config.bootstrapAdminEmails).toEqual(['boss@prosign.example', 'ops@prosign.example']);
    });

    it('derives the default admin and PM from the company domain', () => {
      const config = loadConfig({ ...REQUIRED, COMPANY_EMAIL_DOMAIN: 'Firm.COM' });
      expect(config.COMPANY_EMAIL_DOMAIN).toBe('firm.com');
      expect(config.bootstrapAdminEmails).toEqual(['admin@firm.com']);
      expect(config.defaultPmEmail).toBe('pm@firm.com');
      expect(config.coCompanyCcEmail).toBe('changeorders@firm.com');
    });

    it('refuses a malformed domain and addresses outside it', () => {
      expect(problemsOf({ ...REQUIRED, COMPANY_EMAIL_DOMAIN: 'not a domain' })).toContain(
        'COMPANY_EMAIL_DOMAIN must be a domain name such as firm.com',
      );
      expect(problemsOf({ ...REQUIRED, BOOTSTRAP_ADMIN_EMAILS: 'boss@gmail.com' })).toBe(
        'Invalid configuration: BOOTSTRAP_ADMIN_EMAILS must list e-mail addresses in the company domain (@prosign.example)',
      );
      expect(problemsOf({ ...REQUIRED, DEFAULT_PM_EMAIL: 'pm' })).toContain('DEFAULT_PM_EMAIL');
      expect(problemsOf({ ...REQUIRED, CO_COMPANY_CC_EMAIL: 'office' })).toContain(
        'CO_COMPANY_CC_EMAIL',
      );
    });

    it('refuses a PUBLIC_SHELL_URL that is not a URL and trims a trailing slash', () => {
      expect(problemsOf({ ...REQUIRED, PUBLIC_SHELL_URL: 'shell' })).toContain(
        'PUBLIC_SHELL_URL must be an http(s) URL',
      );
      expect(
        loadConfig({ ...REQUIRED, PUBLIC_SHELL_URL: 'https://app.firm.com/' }).PUBLIC_SHELL_URL,
      ).toBe('https://app.firm.com');
    });
  });
});
