import { resendSignUpCode, signIn, type SignInOutput } from 'aws-amplify/auth';
import { useAuthFlow } from '../hooks/use-auth-flow';
import { type AuthMode } from '../texts';
import { ConfirmSignUpStep } from './confirm-sign-up-step';
import { CredentialsStep } from './credentials-step';
import { ForgotPasswordStep } from './forgot-password-step';
import { ResetPasswordStep } from './reset-password-step';
import { TotpStep } from './totp-step';

type AuthFormProps = {
  mode: AuthMode;
  /** Called once Amplify holds a session; the caller refreshes auth state and navigates. */
  onSignedIn: () => Promise<void> | void;
  /** Router state to carry to the other mode's link (where to return after sign-in). */
  linkState?: unknown;
  /** The stage has a third-party identity provider (hosted UI). */
  federatedSignIn?: boolean;
};

/**
 * The whole sign-in journey on one screen: sign in or sign up with email and password, confirm
 * the email with a code (and resend it), answer a TOTP challenge, reset a forgotten password.
 * One component per step; the state machine in `../utils/auth-flow.ts` says which is showing.
 */
export function AuthForm({ mode, onSignedIn, linkState, federatedSignIn = false }: AuthFormProps) {
  const { state, dispatch, run } = useAuthFlow();
  const { step, email } = state;

  /** Follows Amplify's answer to a sign-in until the user is in or a step needs them. */
  async function continueSignIn({ isSignedIn, nextStep }: SignInOutput) {
    if (isSignedIn) return onSignedIn();
    switch (nextStep.signInStep) {
      case 'CONFIRM_SIGN_UP': {
        const { destination } = await resendSignUpCode({ username: email });
        return dispatch({
          type: 'confirmationRequired',
          destination,
          notice: 'Your email is not confirmed yet: we sent you a new code.',
        });
      }
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return dispatch({ type: 'totpRequired' });
      case 'RESET_PASSWORD':
        return dispatch({
          type: 'passwordResetRequested',
          notice: 'You need to set a new password before signing in.',
        });
      default:
        throw new Error(`This sign-in needs a step this app does not support (${nextStep.signInStep}).`);
    }
  }

  const signInWith = (secret: string) =>
    signIn({ username: email, password: secret, options: { authFlowType: 'USER_PASSWORD_AUTH' } }).then(
      continueSignIn,
    );

  const stepProps = { state, dispatch, run };
  switch (step.name) {
    case 'confirmSignUp':
      return <ConfirmSignUpStep {...stepProps} destination={step.destination} signInWith={signInWith} />;
    case 'totp':
      return <TotpStep {...stepProps} continueSignIn={continueSignIn} />;
    case 'forgotPassword':
      return <ForgotPasswordStep {...stepProps} />;
    case 'resetPassword':
      return <ResetPasswordStep {...stepProps} destination={step.destination} signInWith={signInWith} />;
    case 'credentials':
      return (
        <CredentialsStep
          {...stepProps}
          mode={mode}
          signInWith={signInWith}
          linkState={linkState}
          federatedSignIn={federatedSignIn}
        />
      );
  }
}
