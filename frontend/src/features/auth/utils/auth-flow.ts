import { type Dispatch, type FormEvent } from 'react';
import { passwordWeaknesses } from '@shared/auth/password-policy';

/** The step on screen; a code step remembers where the code went (Cognito masks the address). */
export type AuthStep =
  | { name: 'credentials' }
  | { name: 'confirmSignUp'; destination?: string }
  | { name: 'totp' }
  | { name: 'forgotPassword' }
  | { name: 'resetPassword'; destination?: string };

export type AuthField = 'email' | 'password' | 'code' | 'newPassword';

/** The whole sign-in journey's state: one value, so no step can see another's half-updated fields. */
export interface AuthFlowState {
  step: AuthStep;
  email: string;
  password: string;
  code: string;
  newPassword: string;
  notice: string | null;
  error: string | null;
  isSubmitting: boolean;
}

/** What happened: the user typed, a call started or ended, or Cognito asked for another step. */
export type AuthFlowEvent =
  | { type: 'edited'; field: AuthField; value: string }
  | { type: 'submitted' }
  | { type: 'settled' }
  | { type: 'failed'; error: string }
  | { type: 'noticed'; notice: string }
  | { type: 'confirmationRequired'; destination?: string; notice?: string }
  | { type: 'totpRequired' }
  | { type: 'passwordResetRequested'; notice?: string }
  | { type: 'resetCodeSent'; destination?: string }
  | { type: 'newPasswordSet' }
  | { type: 'restarted' };

export const initialAuthFlow: AuthFlowState = {
  step: { name: 'credentials' },
  email: '',
  password: '',
  code: '',
  newPassword: '',
  notice: null,
  error: null,
  isSubmitting: false,
};

/** A new step starts with an empty code, no error, and only the notice that brought the user there. */
function enter(state: AuthFlowState, step: AuthStep, notice: string | null = null): AuthFlowState {
  return { ...state, step, code: '', error: null, notice };
}

export function authFlowReducer(state: AuthFlowState, event: AuthFlowEvent): AuthFlowState {
  switch (event.type) {
    case 'edited':
      return { ...state, [event.field]: event.value };
    case 'submitted':
      return { ...state, error: null, isSubmitting: true };
    case 'settled':
      return { ...state, isSubmitting: false };
    case 'failed':
      return { ...state, error: event.error, isSubmitting: false };
    case 'noticed':
      return { ...state, notice: event.notice };
    case 'confirmationRequired':
      return enter(state, { name: 'confirmSignUp', destination: event.destination }, event.notice);
    case 'totpRequired':
      return enter(state, { name: 'totp' });
    case 'passwordResetRequested':
      return enter(state, { name: 'forgotPassword' }, event.notice);
    case 'resetCodeSent':
      return enter(state, { name: 'resetPassword', destination: event.destination });
    case 'newPasswordSet':
      return { ...state, password: state.newPassword };
    case 'restarted':
      return enter(state, { name: 'credentials' });
  }
}

/** Runs one Amplify call for a step: submitting while it runs, its message in the error box if it throws. */
export type AuthRunner = (work: () => Promise<void>) => Promise<void>;

/** What the form hands every step: the state, the way to report events, and the call runner. */
export interface AuthStepProps {
  state: AuthFlowState;
  dispatch: Dispatch<AuthFlowEvent>;
  run: AuthRunner;
}

/** A form's submit handler that runs `work` instead of posting the page. */
export const onSubmitRun =
  (run: AuthRunner, work: () => Promise<void>) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(work);
  };

/** Refuses a weak password before it leaves the browser, listing what it lacks (spec 5). */
export function assertStrongPassword(password: string) {
  const weaknesses = passwordWeaknesses(password);
  if (weaknesses.length > 0) throw new Error(`Your password needs: ${weaknesses.join(', ').toLowerCase()}.`);
}
