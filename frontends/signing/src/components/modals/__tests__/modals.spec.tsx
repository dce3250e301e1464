import { CONSENT_DISCLOSURE, consentDisclosureText } from '@prosign/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { CompletionModal } from '../CompletionModal';
import { ConsentDisclosureModal } from '../ConsentDisclosureModal';
import { EditModal } from '../EditModal';
import { InitialsModal } from '../InitialsModal';
import { SignatureModal } from '../SignatureModal';
import { ProcessingOverlay } from '../../ProcessingOverlay';

beforeAll(() => {
  // jsdom has no 2D canvas; the pad draws nothing in these tests but must not crash.
  HTMLCanvasElement.prototype.getContext = (() => null) as HTMLCanvasElement['getContext'];
});

describe('SignatureModal (typed, as offered to visitors)', () => {
  it('prompts, defaults from the full name and previews the signature live', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<SignatureModal open fullName="Jane Q. Doe" onSave={onSave} onClose={jest.fn()} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Please click "Save" to proceed to the final step.');
    // Only typed mode is offered: no mode switch, no canvas, no upload.
    expect(within(dialog).queryByRole('group', { name: 'How to sign' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/upload/i)).not.toBeInTheDocument();

    const initials = screen.getByLabelText('Review and Update Your Initials');
    const signature = screen.getByLabelText('Review and Update Your Signature');
    expect(initials).toHaveValue('J.Q.D.');
    expect(signature).toHaveValue('Jane Q. Doe');
    expect(screen.getByTestId('signature-preview')).toHaveTextContent('Jane Q. Doe');

    await user.clear(signature);
    expect(screen.getByTestId('signature-preview')).toHaveTextContent(
      'Your signature will appear here...',
    );
    await user.type(signature, 'J Doe');
    expect(screen.getByTestId('signature-preview')).toHaveTextContent('J Doe');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ mode: 'typed', initials: 'J.Q.D.', text: 'J Doe' });
  });

  it.each([
    ['initials', 'Review and Update Your Initials'],
    ['signature', 'Review and Update Your Signature'],
  ])('refuses to save without %s', async (_what, label) => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<SignatureModal open fullName="Jane Doe" onSave={onSave} onClose={jest.fn()} />);
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please fill in both your initials and signature before saving.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('reopens with the values saved before and closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <SignatureModal
        open
        fullName="Jane Doe"
        savedInitials="JD"
        savedSignature="Jane D."
        onSave={jest.fn()}
        onClose={onClose}
      />,
    );
    expect(screen.getByLabelText('Review and Update Your Initials')).toHaveValue('JD');
    expect(screen.getByLabelText('Review and Update Your Signature')).toHaveValue('Jane D.');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});

describe('SignatureModal (signature only, as on the SOW page)', () => {
  it('asks for no initials, previews at the given size and refuses a blank signature', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(
      <SignatureModal
        open
        fullName="Mei Lin"
        askInitials={false}
        previewFontSizePx={35}
        onSave={onSave}
        onClose={jest.fn()}
      />,
    );
    expect(screen.queryByLabelText('Review and Update Your Initials')).not.toBeInTheDocument();
    expect(screen.getByTestId('signature-preview')).toHaveStyle({ fontSize: '35px' });
    const signature = screen.getByLabelText('Review and Update Your Signature');
    await user.clear(signature);
    await user.type(signature, '  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please add your signature');
    expect(onSave).not.toHaveBeenCalled();

    await user.type(signature, 'Mei Lin ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ mode: 'typed', initials: '', text: 'Mei Lin' });
  });
});

describe('SignatureModal (drawn and upload modes, enabled by a prop)', () => {
  it('needs a drawing before saving', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(
      <SignatureModal
        open
        fullName="Jane Doe"
        modes={['typed', 'drawn', 'upload']}
        onSave={onSave}
        onClose={jest.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Draw' }));
    const canvas = screen.getByRole('img', { name: 'Draw your signature' });
    expect(canvas).toHaveAttribute('width', '300');
    expect(canvas).toHaveAttribute('height', '150');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide a signature first!');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('accepts only a .png upload and needs one before saving', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const onSave = jest.fn();
    render(
      <SignatureModal
        open
        fullName="Jane Doe"
        modes={['typed', 'drawn', 'upload']}
        onSave={onSave}
        onClose={jest.fn()}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please provide a signature first!');

    const input = screen.getByLabelText('Upload your signature (.png)');
    await user.upload(input, new File(['x'], 'signature.jpg', { type: 'image/jpeg' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Only .png signature images are accepted.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();

    const png = new File(['png'], 'signature.png', { type: 'image/png' });
    await user.upload(input, png);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ mode: 'upload', initials: 'J.D.', image: png });
  });
});

describe('EditModal', () => {
  it('prompts and edits', async () => {
    const user = userEvent.setup();
    const onEdit = jest.fn();
    render(<EditModal open onEdit={onEdit} onClose={jest.fn()} />);
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'Please click "Edit" to edit the signature and initials.',
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});

describe('InitialsModal', () => {
  it('requires the terms to be accepted before saving the initials', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<InitialsModal open initials="J.D." onSave={onSave} onClose={jest.fn()} />);
    expect(screen.getByRole('dialog')).toHaveTextContent(
      'Please add the initials below to accept the contract and confirm your agreement to all terms and conditions.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Initials' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please accept the terms and conditions before proceeding.',
    );
    expect(onSave).not.toHaveBeenCalled();

    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Initials' }));
    expect(onSave).toHaveBeenCalledWith({ initials: 'J.D.', agreedToTerms: true });
  });

  it('refuses blank initials', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(<InitialsModal open initials="J.D." onSave={onSave} onClose={jest.fn()} />);
    await user.clear(screen.getByLabelText('Initials'));
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save Initials' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in your initials.');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('InitialsModal (consent only, as on the SOW page)', () => {
  it('asks for the consent alone under its own title', async () => {
    const user = userEvent.setup();
    const onSave = jest.fn();
    render(
      <InitialsModal
        open
        initials=""
        askInitials={false}
        texts={{ title: 'Agree and Finish', prompt: 'Sign it.', save: 'Agree and Finish' }}
        onSave={onSave}
        onClose={jest.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Agree and Finish' });
    expect(within(dialog).queryByLabelText('Initials')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Finish' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please accept the terms and conditions before proceeding.',
    );
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to the terms and conditions.' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Agree and Finish' }));
    expect(onSave).toHaveBeenCalledWith({ initials: '', agreedToTerms: true });
  });
});

describe('CompletionModal', () => {
  it('says the agreement is complete and closes', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<CompletionModal open onClose={onClose} />);
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription(
      'Your agreement has been completed successfully. Please check your mailbox for the signed copy.',
    );
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells a signer whose signature is not the last that the others still sign', () => {
    render(
      <CompletionModal open onClose={jest.fn()} progress="1 of 2 signed — waiting for Luis" />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Your signature is in' });
    expect(dialog).toHaveTextContent('once the last signature is in');
    expect(dialog).toHaveTextContent('1 of 2 signed — waiting for Luis');
    expect(dialog).not.toHaveTextContent('completed successfully');
  });
});

describe('ConsentDisclosureModal', () => {
  it('covers paper copies, withdrawal, system requirements and contact details', () => {
    render(<ConsentDisclosureModal open onClose={jest.fn()} />);
    const dialog = screen.getByRole('dialog', {
      name: 'Electronic Signature Consent and Disclosure',
    });
    for (const heading of [
      'Your right to a paper copy',
      'Withdrawing your consent',
      'System requirements',
      'Keeping your contact details up to date',
      'What this consent covers',
    ]) {
      expect(within(dialog).getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(dialog).toHaveTextContent(/free of charge/);
    expect(dialog).toHaveTextContent(/the Company/);
  });

  it('shows exactly the text whose SHA-256 the consent records: the title, then every block', () => {
    render(<ConsentDisclosureModal open onClose={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: CONSENT_DISCLOSURE.title });
    const body = dialog.querySelector('.sg-consent-text');
    expect(body).toHaveAttribute('data-consent-version', CONSENT_DISCLOSURE.version);
    const shown = Array.from(body?.querySelectorAll('h3, p, li') ?? []).map((node) =>
      node.tagName === 'LI' ? `- ${node.textContent}` : node.textContent,
    );
    expect([CONSENT_DISCLOSURE.title, ...shown].join('\n')).toBe(consentDisclosureText());
    expect(body).toHaveTextContent('(“the Company”)');
  });
});

describe('every signing modal', () => {
  it.each([
    [
      'Signature',
      <SignatureModal
        key="s"
        open
        fullName="Jane Doe"
        modes={['typed', 'drawn', 'upload']}
        onSave={jest.fn()}
        onClose={jest.fn()}
      />,
    ],
    [
      'Initials',
      <InitialsModal key="i" open initials="J.D." onSave={jest.fn()} onClose={jest.fn()} />,
    ],
    [
      'Signature (SOW)',
      <SignatureModal
        key="ss"
        open
        fullName="Mei Lin"
        askInitials={false}
        previewFontSizePx={35}
        onSave={jest.fn()}
        onClose={jest.fn()}
      />,
    ],
    [
      'Agree and Finish (SOW)',
      <InitialsModal
        key="sf"
        open
        initials=""
        askInitials={false}
        texts={{ title: 'Agree and Finish', prompt: 'Sign it.', save: 'Agree and Finish' }}
        onSave={jest.fn()}
        onClose={jest.fn()}
      />,
    ],
    ['Edit', <EditModal key="e" open onEdit={jest.fn()} onClose={jest.fn()} />],
    ['Completion', <CompletionModal key="c" open onClose={jest.fn()} />],
    ['Consent', <ConsentDisclosureModal key="d" open onClose={jest.fn()} />],
  ])('%s: a modal dialog with focus inside and no serious axe violation', async (_name, modal) => {
    render(
      <>
        <main>
          <button type="button">Behind</button>
        </main>
        {modal}
      </>,
    );
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(screen.queryByRole('button', { name: 'Behind' })).not.toBeInTheDocument();
    await expectNoSeriousAxeViolations();
  });
});

describe('ProcessingOverlay', () => {
  it('is a modal named by its message that holds focus, cannot be dismissed and gives focus back', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <>
        <button type="button">Agree and Finish</button>
        <ProcessingOverlay open={false} />
      </>,
    );
    screen.getByRole('button', { name: 'Agree and Finish' }).focus();
    rerender(
      <>
        <button type="button">Agree and Finish</button>
        <ProcessingOverlay open />
      </>,
    );
    const overlay = screen.getByRole('dialog', {
      name: 'Please wait while we process your agreement',
    });
    expect(overlay).toHaveFocus();
    // The page behind is out of reach: hidden from assistive technology, Tab stays inside.
    expect(screen.queryByRole('button', { name: 'Agree and Finish' })).not.toBeInTheDocument();
    await user.tab();
    expect(
      screen.getByRole('button', { hidden: true, name: 'Agree and Finish' }),
    ).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(overlay).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
    rerender(
      <>
        <button type="button">Agree and Finish</button>
        <ProcessingOverlay open={false} />
      </>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Agree and Finish' })).toHaveFocus(),
    );
  });
});
