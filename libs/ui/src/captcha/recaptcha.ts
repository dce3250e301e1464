/** The part of Google's `grecaptcha` (v2, explicit rendering) the captcha gate uses. */
export interface RecaptchaApi {
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string;
      callback: (response: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
    },
  ): number;
  reset(widgetId?: number): void;
}

export type RecaptchaLoader = () => Promise<RecaptchaApi>;

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
const LOADED_CALLBACK = '__prosignRecaptchaLoaded';
let loading: Promise<RecaptchaApi> | null = null;

interface RecaptchaGlobal {
  grecaptcha?: Partial<RecaptchaApi>;
  [callback: string]: unknown;
}

/**
 * Loads reCAPTCHA's script once per page (explicit rendering). A failed load is
 * forgotten, so "Try again" really tries again.
 */
export const loadRecaptcha: RecaptchaLoader = () => {
  const page = window as unknown as RecaptchaGlobal;
  if (typeof page.grecaptcha?.render === 'function') {
    return Promise.resolve(page.grecaptcha as RecaptchaApi);
  }
  loading ??= new Promise<RecaptchaApi>((resolve, reject) => {
    page[LOADED_CALLBACK] = () => resolve(page.grecaptcha as RecaptchaApi);
    const script = document.createElement('script');
    script.src = `${SCRIPT_URL}?onload=${LOADED_CALLBACK}&render=explicit`;
    script.async = true;
    script.onerror = () => {
      script.remove();
      reject(new Error('reCAPTCHA could not be loaded; check your connection'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};
