import { CAPTCHA_CHECKBOX_LABEL, CAPTCHA_PROMPT } from '@prosign/domain';
import type { ReactNode } from 'react';

export interface CaptchaStepProps {
  /** The prompt's id, which the challenge's control names as its description. */
  promptId: string;
  /** The challenge: the local checkbox, reCAPTCHA's widget, a loading or error state. */
  children?: ReactNode;
  /** A line under the challenge ("Checking…"). */
  status?: ReactNode;
}

/**
 * The robot check's step: the prompt and the challenge under it. The signing
 * page's HTML carries this same markup, rendered at build time
 * (frontends/signing/src/prerender), so that the page paints it before its
 * script runs and the app then replaces it with an identical box.
 */
export function CaptchaStep({ promptId, children, status }: CaptchaStepProps) {
  return (
    <section className="ps-captcha" aria-label="Security check">
      <p id={promptId} className="ps-captcha__prompt">
        {CAPTCHA_PROMPT}
      </p>
      {children}
      {status}
    </section>
  );
}

export interface CaptchaCheckboxProps {
  promptId: string;
  checked: boolean;
  disabled?: boolean;
  /** The visitor ticked the box. */
  onTick: () => void;
}

/** The local captcha: one checkbox, described by the prompt. */
export function CaptchaCheckbox({ promptId, checked, disabled, onTick }: CaptchaCheckboxProps) {
  return (
    <label className="ps-captcha__checkbox">
      <input
        type="checkbox"
        aria-describedby={promptId}
        checked={checked}
        disabled={disabled}
        onChange={(event) => {
          if (event.target.checked) onTick();
        }}
      />
      {CAPTCHA_CHECKBOX_LABEL}
    </label>
  );
}
