import { render, screen } from '@testing-library/react';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { Field, FieldError, RequiredMarker } from '../Field';

describe('Field', () => {
  it('labels its control and marks a required one with an asterisk and aria-required', async () => {
    render(
      <Field label="Service Name" required>
        {(aria) => <input {...aria} />}
      </Field>,
    );
    // The asterisk shows after the label; screen readers hear "required" instead of "star".
    const input = screen.getByRole('textbox', { name: 'Service Name' });
    expect(screen.getByText('Service Name').closest('label')).toHaveTextContent('Service Name *');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await expectNoSeriousAxeViolations();
  });

  it('describes the control by its hint, then its error, and marks it invalid', async () => {
    const { rerender } = render(
      <Field label="E-mail" hint="Your user name only.">
        {(aria) => <input {...aria} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAccessibleDescription('Your user name only.');

    rerender(
      <Field label="E-mail" hint="Your user name only." error="Email is required.">
        {(aria) => <input {...aria} />}
      </Field>,
    );
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Your user name only. Email is required.');
    expect(screen.getByText('Email is required.')).toHaveClass('ps-field__error');
    await expectNoSeriousAxeViolations();
  });

  it('keeps descriptions the screen gives, before its own', () => {
    render(
      <>
        <p id="preview">You will sign in as jane@prosign.example</p>
        <Field label="User name" describedBy="preview" error="Email is required.">
          {(aria) => <input {...aria} />}
        </Field>
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'User name' })).toHaveAccessibleDescription(
      'You will sign in as jane@prosign.example Email is required.',
    );
  });

  it('renders no not-required marker and no empty error', () => {
    const { container } = render(
      <>
        <FieldError id="nothing" />
        <Field label="Notes">{(aria) => <textarea {...aria} />}</Field>
      </>,
    );
    expect(container.querySelector('#nothing')).toBeNull();
    expect(container.querySelector('.ps-required')).toBeNull();
    expect(container.querySelector('.ps-field__error')).toBeNull();
  });

  it('hides the marker itself from screen readers', () => {
    const { container } = render(<RequiredMarker />);
    expect(container.firstChild).toHaveAttribute('aria-hidden', 'true');
    expect(container).toHaveTextContent('*');
  });
});
