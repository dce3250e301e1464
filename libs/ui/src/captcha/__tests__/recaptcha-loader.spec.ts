import type * as RecaptchaModule from '../recaptcha';

type Page = Window & Record<string, unknown>;
const page = window as unknown as Page;

function freshModule(): typeof RecaptchaModule {
  let loaded!: typeof RecaptchaModule;
  jest.isolateModules(() => {
    loaded = jest.requireActual<typeof RecaptchaModule>('../recaptcha');
  });
  return loaded;
}

const recaptchaScripts = () =>
  [...document.head.querySelectorAll('script')].filter((s) =>
    s.src.startsWith('https://www.google.com/recaptcha/api.js'),
  );

afterEach(() => {
  document.head.innerHTML = '';
  delete page.grecaptcha;
});

describe('loadRecaptcha', () => {
  it('adds the script once for explicit rendering and resolves when it has loaded', async () => {
    const { loadRecaptcha } = freshModule();
    const loading = loadRecaptcha();
    void loadRecaptcha();
    expect(recaptchaScripts()).toHaveLength(1);
    const src = new URL(recaptchaScripts()[0].src);
    expect(src.searchParams.get('render')).toBe('explicit');

    const grecaptcha = { render: jest.fn(), reset: jest.fn() };
    page.grecaptcha = grecaptcha;
    (page[src.searchParams.get('onload') ?? ''] as () => void)();
    await expect(loading).resolves.toBe(grecaptcha);
  });

  it('forgets a failed load so "Try again" loads again', async () => {
    const { loadRecaptcha } = freshModule();
    const failed = loadRecaptcha();
    recaptchaScripts()[0].dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('reCAPTCHA could not be loaded');
    void loadRecaptcha().catch(() => undefined);
    expect(recaptchaScripts()).toHaveLength(1);
  });
});
