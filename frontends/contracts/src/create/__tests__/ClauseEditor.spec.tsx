import { expectNoSeriousAxeViolations } from '@prosign/ui/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClauseEditor } from '../components/ClauseEditor';
import { CLAUSE_FIELDS, type Clauses } from '../contract-draft';

const ORIGINAL = {
  ...Object.fromEntries(CLAUSE_FIELDS.map((field) => [field.name, ''])),
  start: 'This agreement is made with $full_name for $site_address.',
  engineerBasicService: 'Structural calculations.',
  licensingAndInsurance: 'Licensed in California.',
} as Clauses;

function setup(changeBasicServices = false) {
  const onSave = jest.fn();
  const onChange = jest.fn();
  // The screen's action bar holds Save, outside the editor's form.
  const view = render(
    <>
      <ClauseEditor
        formId="clauses"
        clauses={ORIGINAL}
        original={ORIGINAL}
        service={{ serviceName: 'Structural Engineering', changeBasicServices }}
        values={{ full_name: 'Maria Chen', site_address: '' }}
        onChange={onChange}
        onSave={onSave}
      />
      <button type="submit" form="clauses">
        Save
      </button>
    </>,
  );
  return { onSave, onChange, view };
}

describe('ClauseEditor', () => {
  it("shows each clause's placeholders with the value they take, and follows edits", async () => {
    const { onChange, view } = setup();
    const chips = screen.getByRole('list', { name: 'Placeholders in this text' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((chip) => chip.textContent),
    ).toEqual(['$full_nameMaria Chen', '$site_addressno value yet']);
    const overview = screen.getByLabelText('Overview');
    await userEvent.type(overview, ' Signed by $email.');
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ start: expect.stringContaining('$email') }),
    );
    expect(screen.getByText('$email')).toBeInTheDocument();
    await expectNoSeriousAxeViolations(view.container);
  });

  it('refuses a save that drops a placeholder, naming it, and saves once restored (keyboard only)', async () => {
    const { onSave } = setup();
    const user = userEvent.setup();
    const overview = screen.getByLabelText('Overview');
    await user.clear(overview);
    await user.type(overview, 'This agreement is made.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Placeholders cannot be removed: Overview is missing $full_name, $site_address.',
    );
    expect(overview).toHaveAccessibleDescription(
      expect.stringContaining('Keep $full_name, $site_address in this text.'),
    );
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(overview);
    await user.type(overview, 'Made with $full_name at $site_address.');
    overview.focus();
    await user.keyboard('{Tab}');
    // Enter on the focused Save button submits.
    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ start: 'Made with $full_name at $site_address.' }),
    );
  });

  it('a service flagged changeBasicServices needs its basic services changed first', async () => {
    const { onSave } = setup(true);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please update the Basic Engineer Services for Structural Engineering to proceed',
    );
    const basic = screen.getByLabelText('Engineer Basic Services');
    expect(basic).toHaveAttribute('aria-invalid', 'true');
    await user.type(basic, ' One site visit.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Licensing and Insurance')).toHaveAttribute('readonly');
  });
});
