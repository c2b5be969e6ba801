import { confirmSignIn, type SignInOutput } from 'aws-amplify/auth';
import { useId } from 'react';
import { CodeField } from '../../../components/ui/code-field';
import { onSubmitRun, type AuthStepProps } from '../utils/auth-flow';
import { BackToSignIn, StepLayout, SubmitButton } from './step-layout';
import { mfaCodeError } from '../../../lib/auth-errors';

type TotpStepProps = AuthStepProps & {
  continueSignIn: (output: SignInOutput) => Promise<void>;
};

/** The sign-in challenge of an account with MFA on: the authenticator app's 6-digit code. */
export function TotpStep({ state, dispatch, run, continueSignIn }: TotpStepProps) {
  const ids = useId();

  return (
    <StepLayout
      title="Two-factor authentication"
      subtitle="Enter the 6-digit code from your authenticator app."
      error={state.error}
      notice={state.notice}
    >
      <form
        className="space-y-5"
        onSubmit={onSubmitRun(run, async () =>
          continueSignIn(
            await confirmSignIn({ challengeResponse: state.code.trim() }).catch((error: unknown) => {
              throw mfaCodeError(error);
            }),
          ),
        )}
      >
        <CodeField
          id={`${ids}-totp`}
          label="Authentication code"
          value={state.code}
          onChange={(value) => dispatch({ type: 'edited', field: 'code', value })}
          digits={6}
        />
        <SubmitButton isSubmitting={state.isSubmitting} busyLabel="Verifying..." label="Verify" />
      </form>
      <BackToSignIn onClick={() => dispatch({ type: 'restarted' })} />
    </StepLayout>
  );
}
