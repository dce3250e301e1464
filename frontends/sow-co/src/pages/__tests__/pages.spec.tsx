import { render, screen } from '@testing-library/react';
import { fakeApi } from '../../test-support/fake-api';
import { pages } from '../index';

describe('sow-co pages', () => {
  it.each([
    ['ChangeOrder', 'Create Change Order'],
    ['Sow', 'SOW Home'],
    ['SowDashboard', 'SOW Dashboard'],
    ['SowTemplateEdit', 'SOW & CO Template Editing'],
  ] as const)('%s names its screen in an h1 and says what it will do', (name, title) => {
    const Page = pages[name];
    render(<Page />, { wrapper: fakeApi({}).wrapper });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(
      screen.getByText(/\w+/, { selector: '.ps-page-header__description' }),
    ).toBeInTheDocument();
  });
});
