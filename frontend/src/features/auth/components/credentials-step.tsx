import { signInWithRedirect, signUp } from 'aws-amplify/auth';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { authTexts, type AuthMode } from '../texts';
import { assertStrongPassword, onSubmitRun, type AuthStepProps } from '../utils/auth-flow';
import { PasswordRules } from './password-rules';
import { linkButtonClasses, StepLayout, SubmitButton } from './step-layout';
import { signInError } from '../../../lib/auth-errors';

type CredentialsStepProps = AuthStepProps & {
  mode: AuthMode;
  signInWith: (password: string) => Promise<void>;
  linkState?: unknown;
  federatedSignIn: boolean;
};

/** Sign in, or sign up (then confirm the email), with email and password; the hosted UI's button when configured. */
export function CredentialsStep({
  state,
  dispatch,
  run,
  mode,
  signInWith,
  linkState,
  federatedSignIn,
}: CredentialsStepProps) {
  const ids = useId();
  const texts = authTexts[mode];
  const { email, password } = state;
  const rulesId = `${ids}-password-rules`;

  const handleSubmit = onSubmitRun(run, async () => {
    if (mode === 'login')
      return signInWith(password).catch((error: unknown) => {
        throw signInError(error);
      });
    assertStrongPassword(password);
    const { nextStep } = await signUp({ username: email, password, options: { userAttributes: { email } } });
    if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
      dispatch({ type: 'confirmationRequired', destination: nextStep.codeDeliveryDetails.destination });
    } else {
      await signInWith(password);
    }
  });

  return (
    <StepLayout title={texts.title} subtitle={texts.subtitle} error={state.error} notice={state.notice}>
      <form className="space-y-5" onSubmit={handleSubmit}>
        <FormField
          id={`${ids}-email`}
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => dispatch({ type: 'edited', field: 'email', value: event.target.value })}
        />
        <FormField
          id={`${ids}-password`}
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          required
          value={password}
          onChange={(event) => dispatch({ type: 'edited', field: 'password', value: event.target.value })}
          aria-describedby={mode === 'signup' ? rulesId : undefined}
          hint={mode === 'signup' ? <PasswordRules id={rulesId} password={password} /> : undefined}
        />
        {mode === 'login' && (
          <button
            type="button"
            className={linkButtonClasses}
            onClick={() => dispatch({ type: 'passwordResetRequested' })}
          >
            Forgot your password?
          </button>
        )}
        <SubmitButton isSubmitting={state.isSubmitting} busyLabel={texts.submitting} label={texts.submit} />
      </form>
      {federatedSignIn && (
        <>
          <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
            <span className="h-px flex-1 bg-slate-800" />
            or
            <span className="h-px flex-1 bg-slate-800" />
          </div>
          <Button
            type="button"
            variant="secondary"
            className="w-full"
            onClick={() => void run(() => signInWithRedirect({ provider: 'Google' }))}
          >
            Continue with Google
          </Button>
        </>
      )}
      <p className="text-center text-sm">
        <Link to={texts.switchTo} state={linkState} className="text-emerald-400 hover:text-emerald-300">
          {texts.switchText}
        </Link>
      </p>
    </StepLayout>
  );
}
