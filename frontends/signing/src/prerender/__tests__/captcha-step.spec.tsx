import { registerFamily, SOW_FAMILY_DEFINITION, unregisterFamily } from '@prosign/domain';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { loadLinkSignaturePage, SigningApp } from '../../app/SigningApp';
import { fakeClient, TEST_CONFIG } from '../../test-support/fake-signing-api';
import { renderCaptchaStep } from '../captcha-step';

/** Never answered: the page stays on its first render. */
const pending = () => new Promise(() => undefined);

/** A node as markup with its attributes in order of name (their order means nothing). */
function canonical(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes]
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(' ');
  const children = [...node.childNodes].map(canonical).join('');
  return `<${node.localName} ${attributes}>${children}</${node.localName}>`;
}

/** Markup as the browser reads it, the prompt's id (React's useId in the app, a fixed one in the HTML) made the same. */
function asTheDomHasIt(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  const promptId = holder.querySelector('.ps-captcha__prompt')?.id;
  expect(promptId).toBeTruthy();
  return [...holder.childNodes].map(canonical).join('').split(`"${promptId}"`).join('"prompt"');
}

beforeEach(() => sessionStorage.clear());

// A family registered at start gets the same first paint as the built-in ones.
beforeAll(() =>
  registerFamily({
    ...SOW_FAMILY_DEFINITION,
    id: 'lease',
    apiPrefix: 'lease',
    dashboard: { ...SOW_FAMILY_DEFINITION.dashboard, path: '/lease-dashboard' },
    signing: { kind: 'link', segment: 'lease-signature', signatureFontSizePx: 30 },
  }),
);
afterAll(() => unregisterFamily('lease'));

describe('the robot check step the page’s HTML carries', () => {
  it.each([
    ['a customer link', '/tok-1?docLink=https%3A%2F%2Fdocs.test%2Fd%2Fdoc-1%2Fedit'],
    ['a SOW link, its check under way', '/sow-signature/SOW-1'],
    ['a change order link, its check under way', '/co-signature/CO-1'],
    ['a registered family’s link, its check under way', '/lease-signature/L-1'],
  ])('is the app’s first render of %s', async (_link, address) => {
    await loadLinkSignaturePage();
    window.history.pushState({}, '', address);
    const api = fakeClient({
      'GET /api/sow/verify-link/SOW-1': pending,
      'GET /api/co/verify-link/CO-1': pending,
      'GET /api/lease/verify-link/L-1': pending,
      'GET /api/captcha/config': pending,
    });
    const { container } = render(
      <StrictMode>
        <SigningApp config={TEST_CONFIG} client={api.client} />
      </StrictMode>,
    );
    expect(asTheDomHasIt(container.innerHTML)).toBe(asTheDomHasIt(renderCaptchaStep()));
  });
});
