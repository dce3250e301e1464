// Run at build time (webpack.config.cjs, a Node build of this file): the
// standalone page's HTML carries the robot check step, rendered here by the
// components the app renders it with, so the page paints the prompt and the
// checkbox before its script has loaded and the app's first render replaces
// them with the same boxes.
import { CAPTCHA_PASS_STORAGE_KEY, linkSigningFamilies, signingPageTitle } from '@prosign/domain';
import { CaptchaCheckbox, CaptchaStep, PublicLayout } from '@prosign/ui';
import { renderToStaticMarkup } from 'react-dom/server';
import { SigningLayout } from '../components/layout/SigningLayout';
import { SIGNING_APP_SUBTITLE, SIGNING_BRAND_NAME } from '../customer-signing/brand';

/** The prompt's id in the HTML (the app's own comes from useId). */
const PROMPT_ID = 'captcha-prompt';

/** Where a passed check is kept: the page's HTML does not show the step again over it. */
export { CAPTCHA_PASS_STORAGE_KEY };

/**
 * Each link-signed family's signing segment and api prefix (`{"co-signature": "co"}`),
 * read from the definitions the build sees: the page's head script tells such a
 * link by its first segment and asks for its check early (captcha-step-head.html).
 */
export function linkSigningPages(): Record<string, string> {
  return Object.fromEntries(
    linkSigningFamilies().map((family) => [family.signing.segment, family.apiPrefix]),
  );
}

/**
 * The first render of a signing link (SigningApp over CustomerSigning or
 * LinkSignaturePage, with CaptchaGate's challenge): the frame, the page's
 * heading while the link is checked, the prompt and the checkbox.
 */
export function renderCaptchaStep(): string {
  return renderToStaticMarkup(
    <PublicLayout subtitle={SIGNING_APP_SUBTITLE}>
      <SigningLayout title={signingPageTitle({ kind: 'checking' }, SIGNING_BRAND_NAME)}>
        <CaptchaStep promptId={PROMPT_ID}>
          <CaptchaCheckbox promptId={PROMPT_ID} checked={false} onTick={() => undefined} />
        </CaptchaStep>
      </SigningLayout>
    </PublicLayout>,
  );
}
