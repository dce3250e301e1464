import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CopyLinkModal } from '../CopyLinkModal';

describe('CopyLinkModal', () => {
  const link = 'http://sign.test/tok-1?docLink=x&prefix=contract';

  it('shows the link read-only, selected, and copies it with Copy', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopyLinkModal link={link} name="Maria Lopez" onClose={jest.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Copy link — Maria Lopez' });
    const field = screen.getByRole('textbox', { name: 'Signing link' });
    expect(dialog).toContainElement(field);
    expect(field).toHaveValue(link);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('');

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied to clipboard!');
  });

  it('says when copying failed and leaves the link selected to copy by hand', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<CopyLinkModal link={link} name="Maria Lopez" onClose={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to copy token.');
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Signing link' });
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, link.length]);
  });

  it('closes with Close or Escape', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(<CopyLinkModal link={link} name="Maria Lopez" onClose={onClose} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
