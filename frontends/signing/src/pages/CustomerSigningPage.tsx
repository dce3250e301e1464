import { useParams, useSearchParams } from 'react-router';
import { CustomerSigning } from '../customer-signing/CustomerSigning';

/**
 * /:token?docLink=…&prefix=… — the customer's signing page (spec 1 §2.4), as
 * the shell's routes and the standalone router render it.
 */
export function CustomerSigningPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <CustomerSigning token={token} docLink={search.get('docLink')} prefix={search.get('prefix')} />
  );
}
