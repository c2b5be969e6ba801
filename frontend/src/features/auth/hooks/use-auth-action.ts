import { useCallback, useState, type FormEvent } from 'react';
import { authErrorMessage } from '../../../lib/auth-errors';

/** Submitting and error state of one auth step: idle → submitting → idle or error (spec 4). */
export function useAuthAction() {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (action: () => Promise<void>) => {
    setError(null);
    setIsSubmitting(true);
    try {
      await action();
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setIsSubmitting(false);
    }
  }, []);

  const submit = useCallback(
    (action: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(action);
    },
    [run],
  );

  return { isSubmitting, error, setError, run, submit };
}
