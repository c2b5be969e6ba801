import { confirmSignUp, signIn, signUp } from 'aws-amplify/auth';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { passwordWeaknesses } from '@shared/auth/password-policy';
import { AUTH_UNEXPECTED_ERROR } from '@shared/constants/texts';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { authTexts, type AuthMode } from '../texts';
import { PasswordRules } from './password-rules';

/** Spec 8: an auth error shows its own message; anything else thrown is 'unexpected'. */
export function authErrorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : AUTH_UNEXPECTED_ERROR;
}

type AuthFormProps = {
  mode: AuthMode;
  /** Called once Amplify holds a session; the caller refreshes auth state and navigates. */
  onSignedIn: () => Promise<void> | void;
  /** Router state to carry to the other mode's link (where to return after sign-in). */
  linkState?: unknown;
};

type Step = { name: 'credentials' } | { name: 'confirm'; destination?: string };

/** Sign in or sign up with email and password, including the email confirmation step. */
export function AuthForm({ mode, onSignedIn, linkState }: AuthFormProps) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<Step>({ name: 'credentials' });
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const texts = authTexts[mode];

  /** Signs in with the entered credentials; an unconfirmed account goes to the confirm step. */
  async function signInWithCredentials() {
    const { isSignedIn, nextStep } = await signIn({
      username: email,
      password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    if (isSignedIn) {
      await onSignedIn();
    } else if (nextStep.signInStep === 'CONFIRM_SIGN_UP') {
      setCode('');
      setStep({ name: 'confirm' });
    } else {
      throw new Error(`This sign-in needs a step this screen does not support yet (${nextStep.signInStep}).`);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>, action: () => Promise<void>) {
    event.preventDefault();
    setError(null);
    setIsSubmitting(true);
    try {
      await action();
    } catch (caught) {
      setError(authErrorMessage(caught));
    } finally {
      setIsSubmitting(false);
    }
  }

  const handleCredentials = (event: FormEvent<HTMLFormElement>) =>
    submit(event, async () => {
      if (mode === 'login') return signInWithCredentials();
      const weaknesses = passwordWeaknesses(password);
      if (weaknesses.length > 0)
        throw new Error(`Your password needs: ${weaknesses.join(', ').toLowerCase()}.`);
      const { nextStep } = await signUp({
        username: email,
        password,
        options: { userAttributes: { email } },
      });
      if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
        setCode('');
        setStep({ name: 'confirm', destination: nextStep.codeDeliveryDetails.destination });
      } else {
        await signInWithCredentials();
      }
    });

  const handleConfirm = (event: FormEvent<HTMLFormElement>) =>
    submit(event, async () => {
      await confirmSignUp({ username: email, confirmationCode: code.trim() });
      await signInWithCredentials();
    });

  if (step.name === 'confirm') {
    return (
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-white">Confirm your email</h1>
        <p className="mt-2 text-sm text-slate-400">
          {step.destination
            ? `We sent a confirmation code to ${step.destination}. Enter it below to activate your account.`
            : `Your account is not confirmed yet. Enter the confirmation code we emailed to ${email}.`}
        </p>
        <form className="mt-6 space-y-5" onSubmit={handleConfirm}>
          {error && <ErrorAlert>{error}</ErrorAlert>}
          <FormField
            id={`${ids}-code`}
            label="Confirmation code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" className="w-full" isLoading={isSubmitting}>
            {isSubmitting ? 'Confirming...' : 'Confirm'}
          </Button>
        </form>
        <button
          type="button"
          className="mt-6 w-full text-center text-sm text-slate-400 hover:text-emerald-300"
          onClick={() => {
            setError(null);
            setStep({ name: 'credentials' });
          }}
        >
          Use a different email
        </button>
      </div>
    );
  }

  const rulesId = `${ids}-password-rules`;
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-white">{texts.title}</h1>
      <p className="mt-2 text-sm text-slate-400">{texts.subtitle}</p>
      <form className="mt-6 space-y-5" onSubmit={handleCredentials}>
        {error && <ErrorAlert>{error}</ErrorAlert>}
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
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          {isSubmitting ? texts.submitting : texts.submit}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to={texts.switchTo} state={linkState} className="text-emerald-400 hover:text-emerald-300">
          {texts.switchText}
        </Link>
      </p>
    </div>
  );
}
