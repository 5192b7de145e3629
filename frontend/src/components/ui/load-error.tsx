import { errorMessage } from '../../lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/** Data that failed to load: the server's detail, else `fallback` (docs/product-rules.md "Error catalogue"), and a way to try again. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <Alert>{errorMessage(error, fallback)}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
