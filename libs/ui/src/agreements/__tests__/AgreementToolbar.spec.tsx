import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgreementFamily } from '@prosign/domain';
import { AgreementToolbar } from '../AgreementToolbar';
import { Pagination } from '../Pagination';
import { useAgreementListState } from '../useAgreementListState';

function Toolbar({ family }: { family: AgreementFamily }) {
  const state = useAgreementListState(family);
  return (
    <>
      <AgreementToolbar
        family={family}
        searchText={state.searchText}
        onSearchText={state.setSearchText}
        filters={state.filters}
        onToggleFilter={state.toggleFilter}
        limit={state.limit}
        onLimit={state.setLimit}
      />
      <output>{JSON.stringify(state.query)}</output>
    </>
  );
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const query = () => JSON.parse(screen.getByRole('status').textContent ?? '{}');

describe('AgreementToolbar', () => {
  it('offers the family’s filters with the all/none rule, and page sizes 10 to 100', async () => {
    const user = userEvent.setup();
    render(<Toolbar family="sow" />);
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'All',
      'Viewed',
      'Not viewed',
      'Signature saved',
      'Signature not saved',
      'Signed',
      'Not signed',
      'Declined',
    ]);
    expect(checkbox('All')).toBeChecked();
    await user.click(checkbox('Signature saved'));
    expect(checkbox('All')).not.toBeChecked();
    expect(query().filters).toEqual(['signatureSaved']);
    await user.click(checkbox('Signature saved'));
    expect(checkbox('All')).toBeChecked();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('25');
  });

  it('folds the filters behind a Filters button on phones, with a chip for each active one', async () => {
    const user = userEvent.setup();
    render(<Toolbar family="standard" />);
    const toggle = screen.getByRole('button', { name: /^Filters/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const filters = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(filters).toHaveClass('dash-filters');
    expect(filters).not.toHaveClass('dash-filters--open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(filters).toHaveClass('dash-filters--open');

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('All');
    await user.click(checkbox('Signed'));
    await user.click(checkbox('Viewed'));
    expect(
      Array.from(chips.querySelectorAll('li')).map((chip) => chip.textContent?.replace('×', '')),
    ).toEqual(['Viewed', 'Signed']);
    expect(toggle).toHaveTextContent('Filters2');
    await user.click(screen.getByRole('button', { name: 'Remove filter Signed' }));
    expect(checkbox('Signed')).not.toBeChecked();
    expect(query().filters).toEqual(['viewed']);
  });

  it('sends the search 500 ms after the last keystroke, back on page 1', () => {
    jest.useFakeTimers();
    try {
      const { result } = renderHook(() => useAgreementListState('standard'));
      act(() => result.current.setPage(3));
      expect(result.current.query.page).toBe(3);
      act(() => result.current.setSearchText('mar'));
      act(() => jest.advanceTimersByTime(300));
      act(() => result.current.setSearchText('maria '));
      act(() => jest.advanceTimersByTime(499));
      expect(result.current.query.search).toBe('');
      act(() => jest.advanceTimersByTime(1));
      expect(result.current.query).toMatchObject({ search: 'maria', page: 1 });
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('Pagination', () => {
  it('moves between pages and hides itself on a single page', async () => {
    const user = userEvent.setup();
    const onPage = jest.fn();
    const { rerender } = render(<Pagination page={1} totalPages={3} total={70} onPage={onPage} />);
    expect(screen.getByText('Page 1 of 3 · 70 contracts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pagination page={1} totalPages={1} total={3} onPage={onPage} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
