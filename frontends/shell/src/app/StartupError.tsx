import { ErrorPanel } from '@prosign/ui';
import './styles.css';

/** Shown when the shell cannot even read its runtime configuration. */
export function StartupError({ error }: { error: unknown }) {
  return (
    <main className="startup-error">
      <ErrorPanel
        headingLevel={1}
        title="ProSign could not start"
        message="Its configuration could not be loaded. Reload the page in a moment; if this keeps happening, contact support."
        detail={error instanceof Error ? error.message : String(error)}
        onRetry={() => window.location.reload()}
        retryLabel="Reload"
      />
    </main>
  );
}
