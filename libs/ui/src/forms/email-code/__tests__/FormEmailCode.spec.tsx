import { ApiProvider } from '@prosign/api-client';
import { fakeApiClient } from '@prosign/api-client/testing';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import { expectNoSeriousAxeViolations } from '../../../test-support/axe';
import { emailCodeRequest, FormEmailCode } from '../FormEmailCode';

const CONFIG = {
  apiUrl: 'http://api.test',
  remotes: { contracts: 'c', sowCo: 's', invoices: 'i', signing: 'g' },
};

let submitted: unknown = undefined;

function Screen() {
  const form = useForm<{ requireEmailCode: boolean | null }>({
    defaultValues: { requireEmailCode: null },
  });
  return (
    <FormProvider {...form}>
      <form
        aria-label="Create"
        onSubmit={form.handleSubmit((values) => {
          submitted = emailCodeRequest(values.requireEmailCode);
        })}
      >
        <FormEmailCode family="sow" />
        <button type="submit">Send</button>
      </form>
    </FormProvider>
  );
}

function renderScreen(defaults: Record<string, boolean>) {
  const client = fakeApiClient({ 'GET /api/email-code/defaults': () => ({ defaults }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiProvider config={CONFIG} client={client} queryClient={queryClient}>
      <Screen />
    </ApiProvider>,
  );
}

const box = () => screen.getByRole('checkbox', { name: 'Require an e-mail code' });

describe('FormEmailCode', () => {
  beforeEach(() => {
    submitted = undefined;
  });

  it("shows the family's default and leaves the choice to it until staff change it", async () => {
    const user = userEvent.setup();
    renderScreen({ standard: false, sow: true, co: false });
    await waitFor(() => expect(box()).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submitted).toEqual({});
    await user.click(box());
    expect(box()).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submitted).toEqual({ require_email_code: false });
    await expectNoSeriousAxeViolations(document.body);
  });

  it('is unticked where the family requires no code', async () => {
    const user = userEvent.setup();
    renderScreen({ standard: false, sow: false, co: false });
    await waitFor(() => expect(box()).not.toBeChecked());
    await user.click(box());
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(submitted).toEqual({ require_email_code: true });
  });
});
