import { Dialog, Spinner } from '@prosign/ui';

const FINISHING_TEXT = 'Signing the agreement…';

/** While Agree and Finish runs: nothing behind it can be pressed twice, and no way out. */
export function FinishingOverlay({ open }: { open: boolean }) {
  return (
    <Dialog open={open} title={FINISHING_TEXT} describeBody={false} className="cs-finishing">
      <Spinner label="" size="large" />
    </Dialog>
  );
}
