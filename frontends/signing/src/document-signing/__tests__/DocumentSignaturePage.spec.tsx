import { CAPTCHA_PASS_HEADER, newField, type DocumentSigningView } from '@prosign/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LinkSignatureRoutePage } from '../../pages/LinkSignatureRoutePage';
import { fakeClient, renderRoute } from '../../test-support/fake-signing-api';
import { CAPTCHA_ROUTES, passCaptcha, sowLink } from '../../test-support/signer-fixtures';

jest.mock('../../signing-session/signer-socket', () => ({
  connectSignerSocket: () => new Promise(() => undefined),
}));

const ID = 'DOC-4k2';

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
  Element.prototype.scrollTo = function scrollTo() {} as Element['scrollTo'];
});
const FIELDS: DocumentSigningView = {
  title: 'Lien waiver',
  fileName: 'lien-waiver.pdf',
  pdfUrl: `/api/document/pdf/${ID}`,
  pages: [{ width: 612, height: 792, rotation: 0 }],
  fields: [
    newField({ id: 'sig', kind: 'signature', page: 1, x: 72, y: 100, recipientId: 'signer-1' }),
  ],
  recipientId: 'signer-1',
  recipients: [{ id: 'signer-1', name: 'Mei Lin', role: 'signer', signed: false }],
  values: {},
  attachments: {},
  timeZone: 'America/Los_Angeles',
};

describe('/document-signature/:customId', () => {
  it('checks the link, passes the robot check, then opens the fields to fill on the PDF instead of a summary', async () => {
    const api = fakeClient({
      [`GET /api/document/verify-link/${ID}`]: () => ({ valid: true, linkState: 'open' }),
      ...CAPTCHA_ROUTES,
      [`POST /api/document/increase-viewed-times/${ID}`]: () =>
        sowLink({ customId: ID, agreementTitle: 'Lien waiver' }),
      [`GET /api/document/fields/${ID}`]: () => FIELDS,
    });
    renderRoute(<LinkSignatureRoutePage />, {
      path: `/document-signature/${ID}`,
      pattern: '/document-signature/:customId',
      client: api.client,
    });
    await passCaptcha(userEvent.setup());

    expect(
      await screen.findByRole('button', { name: 'Signature, page 1, required' }),
    ).toBeVisible();
    expect(screen.getByText('0 of 1 required')).toBeVisible();
    expect(screen.queryByRole('region', { name: /details/ })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === `/api/document/fields/${ID}`)?.headers).toEqual(
        { [CAPTCHA_PASS_HEADER]: 'pass-1' },
      ),
    );
  });
});
