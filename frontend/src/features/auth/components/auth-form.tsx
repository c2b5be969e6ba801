import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signUp,
  type SignInOutput,
} from 'aws-amplify/auth';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { passwordWeaknesses } from '@shared/auth/password-policy';
import { Button } from '../../../components/ui/button';
import { CodeField } from '../../../components/ui/code-field';
import { FormField } from '../../../components/ui/form-field';
import { useAuthAction } from '../hooks/use-auth-action';
import { authTexts, type AuthMode } from '../texts';
import { PasswordRules } from './password-rules';
import { BackToSignIn, linkButtonClasses, StepLayout, SubmitButton } from './step-layout';

export { authErrorMessage } from '../../../lib/auth-errors';

type AuthFormProps = {
  mode: AuthMode;
  /** Called once Amplify holds a session; the caller refreshes auth state and navigates. */
  onSignedIn: () => Promise<void> | void;
  /** Router state to carry to the other mode's link (where to return after sign-in). */
  linkState?: unknown;
  /** The stage has a third-party identity provider (hosted UI). */
  federatedSignIn?: boolean;
};

type Step =
  | { name: 'credentials' }
  | { name: 'confirmSignUp'; destination?: string }
  | { name: 'totp' }
  | { name: 'forgotPassword' }
  | { name: 'resetPassword'; destination?: string };

/** Refuses a weak password before it leaves the browser, listing what it lacks (spec 5). */
function assertStrongPassword(password: string) {
  const weaknesses = passwordWeaknesses(password);
  if (weaknesses.length > 0) throw new Error(`Your password needs: ${weaknesses.join(', ').toLowerCase()}.`);
}

/**
 * The whole sign-in journey on one screen: sign in or sign up with email and password, confirm
 * the email with a code (and resend it), answer a TOTP challenge, reset a forgotten password.
 */
export function AuthForm({ mode, onSignedIn, linkState, federatedSignIn = false }: AuthFormProps) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [step, setStepState] = useState<Step>({ name: 'credentials' });
  const [notice, setNotice] = useState<string | null>(null);
  const { isSubmitting, error, setError, run, submit } = useAuthAction();
  const texts = authTexts[mode];

  const goTo = (next: Step, message: string | null = null) => {
    setCode('');
    setError(null);
    setNotice(message);
    setStepState(next);
  };

  /** Follows Amplify's answer to a sign-in until the user is in or a step needs them. */
  async function continueSignIn({ isSignedIn, nextStep }: SignInOutput) {
    if (isSignedIn) return onSignedIn();
    switch (nextStep.signInStep) {
      case 'CONFIRM_SIGN_UP': {
        const { destination } = await resendSignUpCode({ username: email });
        return goTo(
          { name: 'confirmSignUp', destination },
          'Your email is not confirmed yet: we sent you a new code.',
        );
      }
      case 'CONFIRM_SIGN_IN_WITH_TOTP_CODE':
        return goTo({ name: 'totp' });
      case 'RESET_PASSWORD':
        return goTo({ name: 'forgotPassword' }, 'You need to set a new password before signing in.');
      default:
        throw new Error(`This sign-in needs a step this app does not support (${nextStep.signInStep}).`);
    }
  }

  const signInWith = (secret: string) =>
    signIn({ username: email, password: secret, options: { authFlowType: 'USER_PASSWORD_AUTH' } }).then(
      continueSignIn,
    );

  const handleCredentials = submit(async () => {
    if (mode === 'login') return signInWith(password);
    assertStrongPassword(password);
    const { nextStep } = await signUp({ username: email, password, options: { userAttributes: { email } } });
    if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
      goTo({ name: 'confirmSignUp', destination: nextStep.codeDeliveryDetails.destination });
    } else {
      await signInWith(password);
    }
  });

  if (step.name === 'confirmSignUp') {
    return (
      <StepLayout
        title="Confirm your email"
        subtitle={`We sent a confirmation code to ${step.destination ?? email}. Enter it below to activate your account.`}
        error={error}
        notice={notice}
      >
        <form
          className="space-y-5"
          onSubmit={submit(async () => {
            await confirmSignUp({ username: email, confirmationCode: code.trim() });
            await signInWith(password);
          })}
        >
          <CodeField id={`${ids}-code`} label="Confirmation code" value={code} onChange={setCode} />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Confirming..." label="Confirm" />
        </form>
        <div className="flex justify-between">
          <button
            type="button"
            className={linkButtonClasses}
            disabled={isSubmitting}
            onClick={() =>
              void run(async () => {
                const { destination } = await resendSignUpCode({ username: email });
                setNotice(`We sent a new code to ${destination ?? email}.`);
              })
            }
          >
            Resend code
          </button>
          <button
            type="button"
            className="text-sm text-slate-400 hover:text-emerald-300"
            onClick={() => goTo({ name: 'credentials' })}
          >
            Use a different email
          </button>
        </div>
      </StepLayout>
    );
  }

  if (step.name === 'totp') {
    return (
      <StepLayout
        title="Two-factor authentication"
        subtitle="Enter the 6-digit code from your authenticator app."
        error={error}
        notice={notice}
      >
        <form
          className="space-y-5"
          onSubmit={submit(async () =>
            continueSignIn(await confirmSignIn({ challengeResponse: code.trim() })),
          )}
        >
          <CodeField
            id={`${ids}-totp`}
            label="Authentication code"
            value={code}
            onChange={setCode}
            digits={6}
          />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Verifying..." label="Verify" />
        </form>
        <BackToSignIn onClick={() => goTo({ name: 'credentials' })} />
      </StepLayout>
    );
  }

  if (step.name === 'forgotPassword') {
    return (
      <StepLayout
        title="Reset your password"
        subtitle="We will email you a code to set a new password."
        error={error}
        notice={notice}
      >
        <form
          className="space-y-5"
          onSubmit={submit(async () => {
            const { nextStep } = await resetPassword({ username: email });
            goTo({ name: 'resetPassword', destination: nextStep.codeDeliveryDetails.destination });
          })}
        >
          <FormField
            id={`${ids}-reset-email`}
            label="Email address"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Sending..." label="Send reset code" />
        </form>
        <BackToSignIn onClick={() => goTo({ name: 'credentials' })} />
      </StepLayout>
    );
  }

  if (step.name === 'resetPassword') {
    const rulesId = `${ids}-new-password-rules`;
    return (
      <StepLayout
        title="Choose a new password"
        subtitle={`Enter the code we sent to ${step.destination ?? email} and your new password.`}
        error={error}
        notice={notice}
      >
        <form
          className="space-y-5"
          onSubmit={submit(async () => {
            assertStrongPassword(newPassword);
            await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
            setPassword(newPassword);
            await signInWith(newPassword);
          })}
        >
          <CodeField id={`${ids}-reset-code`} label="Reset code" value={code} onChange={setCode} />
          <FormField
            id={`${ids}-new-password`}
            label="New password"
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            aria-describedby={rulesId}
            hint={<PasswordRules id={rulesId} password={newPassword} />}
          />
          <SubmitButton isSubmitting={isSubmitting} busyLabel="Saving..." label="Set new password" />
        </form>
      </StepLayout>
    );
  }

  const rulesId = `${ids}-password-rules`;
  return (
    <StepLayout title={texts.title} subtitle={texts.subtitle} error={error} notice={notice}>
      <form className="space-y-5" onSubmit={handleCredentials}>
        <FormField
          id={`${ids}-email`}
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FormField
          id={`${ids}-password`}
          label="Password"
          name="password"
          type="password"
          autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={mode === 'signup' ? rulesId : undefined}
          hint={mode === 'signup' ? <PasswordRules id={rulesId} password={password} /> : undefined}
        />
        {mode === 'login' && (
          <button
            type="button"
            className={linkButtonClasses}
            onClick={() => goTo({ name: 'forgotPassword' })}
          >
            Forgot your password?
          </button>
        )}
        <SubmitButton isSubmitting={isSubmitting} busyLabel={texts.submitting} label={texts.submit} />
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
