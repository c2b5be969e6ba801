import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** A failed load: what failed, why, and a way to try again. */
export function QueryError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <ErrorAlert>
        Could not load {what}: {error.message}
      </ErrorAlert>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
