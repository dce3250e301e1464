/** The header a signer's browser sends its captcha pass in (ARCHITECTURE §3). */
export const CAPTCHA_PASS_HEADER = 'X-Captcha-Pass';

/** Session-storage key of the pass in the browser (spec 1 §3 `recaptchaVerified`). */
export const CAPTCHA_PASS_STORAGE_KEY = 'recaptchaVerified';

export const CAPTCHA_PROMPT =
  'To access the secure agreement, please confirm you are not a robot by selecting the checkbox below.';
