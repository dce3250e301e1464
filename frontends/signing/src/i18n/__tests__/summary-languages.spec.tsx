import { SignerMessagesProvider } from '@prosign/ui';
import { render, screen, within } from '@testing-library/react';
import { LinkSummary } from '../../link-signing/LinkSummary';
import { sowLink } from '../../test-support/signer-fixtures';
import { textNotPseudoLocalised } from '../../test-support/pseudo-locale-walk';
import { loadSignerMessages } from '../load-signer-messages';

describe('a partner’s Scope of Work summary in the signer’s language', () => {
  it('labels the facts in Spanish and writes the amount as es-US does', async () => {
    render(
      <SignerMessagesProvider messages={await loadSignerMessages('es')}>
        <LinkSummary family="sow" view={sowLink({ payment_amount: 12500 })} />
      </SignerMessagesProvider>,
    );
    const summary = screen.getByRole('region', { name: 'Detalles del alcance del trabajo' });
    const amount = within(summary).getByText('Importe');
    expect(amount.nextElementSibling).toHaveTextContent('$12,500.00');
    expect(within(summary).getByText('Fecha de entrada en vigor')).toBeInTheDocument();
  });

  it('writes the amount as before in English', async () => {
    render(
      <SignerMessagesProvider messages={await loadSignerMessages('en')}>
        <LinkSummary family="sow" view={sowLink()} />
      </SignerMessagesProvider>,
    );
    expect(screen.getByText('Amount').nextElementSibling).toHaveTextContent('$1,550.50');
  });

  it('leaves no label outside the catalogues (pseudo-locale); the values are the agreement’s', async () => {
    render(
      <SignerMessagesProvider messages={await loadSignerMessages('en-XA')}>
        <LinkSummary family="sow" view={sowLink()} />
      </SignerMessagesProvider>,
    );
    expect(textNotPseudoLocalised(document.body, ['dd'])).toEqual([]);
  });
});
