import { screen, within } from '@testing-library/react';
import {
  agreementCard,
  fakePdfLoader,
  renderWithProviders,
} from '../../test-support/agreement-fixtures';
import { DocumentPreviewModal } from '../DocumentPreviewModal';

describe('DocumentPreviewModal', () => {
  it('draws the signed PDF on canvas pages, with a download link', async () => {
    const pdf = fakePdfLoader(3);
    renderWithProviders(
      <DocumentPreviewModal
        family="standard"
        card={agreementCard({
          status: 'signed',
          signedDocLink: 'http://api.test/api/documents/d/signed1/edit',
        })}
        onClose={jest.fn()}
      />,
      { pdf },
    );
    const dialog = screen.getByRole('dialog', { name: 'Signed contract — Maria Lopez' });
    const document = await within(dialog).findByRole('region', { name: 'Signed contract PDF' });
    expect(await within(document).findByRole('img', { name: 'Page 1 of 3' })).toBeInTheDocument();
    expect(pdf.opened).toEqual(['http://api.test/api/documents/d/signed1/view']);
    expect(within(dialog).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      'http://api.test/api/documents/d/signed1/view',
    );
  });

  it('shows the agreement as sent while it is not signed', async () => {
    renderWithProviders(
      <DocumentPreviewModal
        family="sow"
        card={agreementCard({ family: 'sow' })}
        onClose={jest.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Agreement — Maria Lopez' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Agreement PDF' })).toBeInTheDocument();
  });
});
