import type { ServiceRecord } from '@prosign/domain';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceSidebar } from '../ServiceSidebar';

const SERVICES = ['Structural', 'MEP Design', 'Inspection'].map(
  (serviceName, index) =>
    ({ _id: String.fromCharCode(97 + index), serviceName }) as unknown as ServiceRecord,
);

// jsdom lays nothing out: give each row a 40 px slot by its place in the list, so
// dnd-kit's keyboard sensor can find the row above or below.
beforeAll(() => {
  jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: Element,
  ) {
    const row = this.closest('[data-testid="service-item"]');
    const index = row ? Array.from(row.parentElement?.children ?? []).indexOf(row) : 0;
    const top = index * 40;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      right: 240,
      bottom: top + 40,
      width: 240,
      height: 40,
      toJSON: () => ({}),
    };
  });
});
afterAll(() => jest.restoreAllMocks());

function renderSidebar() {
  const onReorder = jest.fn();
  render(
    <ServiceSidebar
      services={SERVICES}
      selectedId={null}
      busy={false}
      onSelect={jest.fn()}
      onAdd={jest.fn()}
      onCopy={jest.fn()}
      onDelete={jest.fn()}
      onReorder={onReorder}
    />,
  );
  return onReorder;
}

describe('ServiceSidebar', () => {
  it('reorders from the keyboard with the drag handle: Space, arrow, Space', async () => {
    const user = userEvent.setup();
    const onReorder = renderSidebar();
    const handle = screen.getByRole('button', { name: 'Reorder Inspection' });
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    handle.focus();
    await user.keyboard(' ');
    await act(async () => {
      await user.keyboard('{ArrowUp}');
    });
    await user.keyboard(' ');
    expect(onReorder).toHaveBeenCalledWith(['a', 'c', 'b']);
  });

  it('cancels a keyboard move with Escape', async () => {
    const user = userEvent.setup();
    const onReorder = renderSidebar();
    screen.getByRole('button', { name: 'Reorder Structural' }).focus();
    await user.keyboard(' ');
    await act(async () => {
      await user.keyboard('{ArrowDown}');
    });
    await user.keyboard('{Escape}');
    expect(onReorder).not.toHaveBeenCalled();
  });

  it('moves a row with its move buttons', async () => {
    const user = userEvent.setup();
    const onReorder = renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Move Structural down' }));
    expect(onReorder).toHaveBeenCalledWith(['b', 'a', 'c']);
    expect(screen.getByRole('button', { name: 'Move Structural up' })).toBeDisabled();
  });
});
