import { useCallback, useReducer } from 'react';
import { authErrorMessage } from '../../../lib/auth-errors';
import { authFlowReducer, initialAuthFlow, type AuthRunner } from '../utils/auth-flow';

/**
 * The sign-in journey's state machine, and the runner every step's Amplify call goes through:
 * submitting while it runs, then idle, or its message in the error box (spec 4).
 */
export function useAuthFlow() {
  const [state, dispatch] = useReducer(authFlowReducer, initialAuthFlow);

  const run = useCallback<AuthRunner>(async (work) => {
    dispatch({ type: 'submitted' });
    try {
      await work();
      dispatch({ type: 'settled' });
    } catch (caught) {
      dispatch({ type: 'failed', error: authErrorMessage(caught) });
    }
  }, []);

  return { state, dispatch, run };
}
