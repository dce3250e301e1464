import type { CrmRecordView } from '@prosign/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectNoSeriousAxeViolations } from '../../test-support/axe';
import { ProjectSearch } from '../ProjectSearch';

const PROJECTS: CrmRecordView[] = [
  { id: '5566', properties: { address: '1420 Alameda Ave, San Jose, CA 95126' } },
  { id: '7788', properties: { address: null, property_address: '88 Ocean Rd, Pacifica, CA' } },
];

function setup() {
  const searchProjects = jest.fn((query: string) =>
    Promise.resolve(
      PROJECTS.filter(
        (project) =>
          project.id === query ||
          `${project.properties.address ?? project.properties.property_address}`
            .toLowerCase()
            .includes(query.toLowerCase()),
      ),
    ),
  );
  const onSelect = jest.fn();
  render(
    <ProjectSearch
      label="Project"
      searchProjects={searchProjects}
      onSelect={onSelect}
      debounceMs={0}
    />,
  );
  const input = screen.getByRole('combobox', { name: 'Project' });
  return { searchProjects, onSelect, input };
}

describe('ProjectSearch', () => {
  it('reduces a pasted CRM record URL to the record id and finds that project', async () => {
    const user = userEvent.setup();
    const { searchProjects, onSelect, input } = setup();
    expect(input).toHaveAttribute(
      'placeholder',
      'Search Project by Address, ID or HS Project Url...',
    );
    await user.click(input);
    await user.paste('https://app.hubspot.com/contacts/4711/record/2-11223344/5566?tab=1');
    expect(input).toHaveValue('5566');
    const option = await screen.findByRole('option', { name: /1420 Alameda Ave/ });
    expect(option).toHaveTextContent('ID 5566');
    // The list's popover is outside the field: its own class sets the 300 px height (spec 3 §2).
    expect(option.closest('.ps-project-search__popover')).not.toBeNull();
    expect(searchProjects).toHaveBeenLastCalledWith('5566', expect.anything());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(PROJECTS[0]);
    expect(input).toHaveValue('1420 Alameda Ave, San Jose, CA 95126');
  });

  it('says "Type to search..." on focus and "No matching addresses" after a miss, keyboard only', async () => {
    const user = userEvent.setup();
    const { input, onSelect } = setup();
    await user.tab();
    expect(input).toHaveFocus();
    expect(await screen.findByText('Type to search...')).toBeInTheDocument();
    await user.keyboard('nowhere');
    expect(await screen.findByText('No matching addresses')).toBeInTheDocument();
    await expectNoSeriousAxeViolations();
    await user.clear(input);
    await user.keyboard('ocean');
    expect(await screen.findByRole('option', { name: /88 Ocean Rd/ })).toHaveTextContent('ID 7788');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(PROJECTS[1]);
  });

  it('shows a project chosen elsewhere in its box (the deal’s own project)', () => {
    const props = { label: 'Project', searchProjects: jest.fn(), onSelect: jest.fn() };
    const { rerender } = render(<ProjectSearch {...props} />);
    const input = screen.getByRole('combobox', { name: 'Project' });
    expect(input).toHaveValue('');
    rerender(<ProjectSearch {...props} selectedText="88 Sunset Blvd, Oakland, CA 94612" />);
    expect(input).toHaveValue('88 Sunset Blvd, Oakland, CA 94612');
  });
});
