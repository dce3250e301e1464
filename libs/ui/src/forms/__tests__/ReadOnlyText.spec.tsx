import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { TextAreaField, TextField } from '../bound-fields';
import { ReadOnlyField, ReadOnlyText } from '../ReadOnlyText';
import { useZodForm } from '../useZodForm';

const LONG_ADDRESS = '88 Sunset Blvd, Oakland, CA 94610';
const CLAUSE = 'The Engineer holds a license.\nInsurance: general liability of $1,000,000.';

const schema = z.object({
  address: z.string().min(1, 'The project address is required.'),
  clause: z.string(),
  note: z.string(),
});

function TestForm({ onSubmit }: { onSubmit: (values: z.output<typeof schema>) => void }) {
  const form = useZodForm(schema, {
    defaultValues: { address: LONG_ADDRESS, clause: CLAUSE, note: '' },
  });
  return (
    <form aria-label="Project" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField
        control={form.control}
        name="address"
        label="Project address"
        required
        readOnly
        hint="From the CRM."
      />
      <TextAreaField control={form.control} name="clause" label="Clause" readOnly rows={4} />
      <TextField control={form.control} name="note" label="Note" readOnly={false} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('read-only values', () => {
  it('a read-only TextField is a labelled read-only text box that wraps, with the whole value', async () => {
    render(<TestForm onSubmit={jest.fn()} />);
    const address = screen.getByRole('textbox', { name: 'Project address' });
    // A textarea one line high: the value wraps instead of being cut at the box's edge.
    expect(address.tagName).toBe('TEXTAREA');
    expect(address).toHaveAttribute('rows', '1');
    expect(address).toHaveAttribute('readonly');
    expect(address).toHaveClass('ps-input', 'ps-input--read-only');
    expect(address).toHaveValue(LONG_ADDRESS);
    expect(address).toHaveAttribute('name', 'address');
    expect(address).toHaveAttribute('aria-required', 'true');
    expect(address).toHaveAccessibleDescription('From the CRM.');
    // Editable fields stay one-line inputs.
    expect(screen.getByRole('textbox', { name: 'Note' }).tagName).toBe('INPUT');
    await expectNoSeriousAxeViolations();
  });

  it('cannot be typed into, and the form still submits its value', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    const address = screen.getByRole('textbox', { name: 'Project address' });
    await user.type(address, ' changed');
    expect(address).toHaveValue(LONG_ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ address: LONG_ADDRESS, clause: CLAUSE, note: '' });
  });

  it('a read-only TextAreaField shows its whole text in a growing box', () => {
    render(<TestForm onSubmit={jest.fn()} />);
    const clause = screen.getByRole('textbox', { name: 'Clause' });
    expect(clause).toHaveAttribute('readonly');
    expect(clause).toHaveClass('ps-textarea', 'ps-input--read-only');
    expect(clause).toHaveAttribute('rows', '4');
    expect(clause).toHaveValue(CLAUSE);
  });

  it('a read-only value with an error is marked invalid and described by it', async () => {
    function Invalid() {
      const form = useZodForm(schema, { defaultValues: { address: '', clause: '', note: '' } });
      return (
        <form aria-label="Project" noValidate onSubmit={form.handleSubmit(jest.fn())}>
          <TextField control={form.control} name="address" label="Project address" readOnly />
          <button type="submit">Save</button>
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Invalid />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const address = screen.getByRole('textbox', { name: 'Project address' });
    await waitFor(() => expect(address).toHaveAttribute('aria-invalid', 'true'));
    expect(address).toHaveAccessibleDescription('The project address is required.');
  });

  it('ReadOnlyField: a label, the required marker and the value, unbound', async () => {
    render(<ReadOnlyField label="Deal Stage" required name="form.stage" value="Contract Sent" />);
    const stage = screen.getByRole('textbox', { name: 'Deal Stage' });
    expect(stage).toHaveValue('Contract Sent');
    expect(stage).toHaveAttribute('readonly');
    expect(stage).toHaveAttribute('name', 'form.stage');
    expect(stage).toHaveAttribute('aria-required', 'true');
    await expectNoSeriousAxeViolations();
  });

  it('without CSS field-sizing, grows to its text and again when its width changes', () => {
    const observers: Array<() => void> = [];
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = class {
      constructor(private readonly callback: () => void) {
        observers.push(() => this.callback());
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    // jsdom lays nothing out: the text's height and the box's width are given here.
    let textHeight = 48;
    let width = 200;
    const spies = [
      jest.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => textHeight),
      jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => 40),
      jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(() => 38),
      jest.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(() => width),
    ];
    try {
      const { rerender } = render(<ReadOnlyText aria-label="Address" value={LONG_ADDRESS} />);
      const box = screen.getByRole('textbox', { name: 'Address' });
      // The text's height plus the borders (offsetHeight − clientHeight).
      expect(box.style.height).toBe('50px');
      // Narrower: the text wraps to one more line.
      textHeight = 72;
      width = 120;
      observers.forEach((notify) => notify());
      expect(box.style.height).toBe('74px');
      textHeight = 24;
      rerender(<ReadOnlyText aria-label="Address" value="12 Elm St" />);
      expect(box.style.height).toBe('26px');
    } finally {
      spies.forEach((spy) => spy.mockRestore());
      globalThis.ResizeObserver = original;
    }
  });
});
