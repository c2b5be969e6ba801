import { confirmSignUp, resendSignUpCode } from 'aws-amplify/auth';
import { useId } from 'react';
import { CodeField } from '../../../components/ui/code-field';
import { onSubmitRun, type AuthStepProps } from '../utils/auth-flow';
import { linkButtonClasses, StepLayout, SubmitButton } from './step-layout';

type ConfirmSignUpStepProps = AuthStepProps & {
  destination?: string;
  signInWith: (password: string) => Promise<void>;
};

/** The emailed code that activates a new account (resent on request), then sign-in with the same password. */
export function ConfirmSignUpStep({ state, dispatch, run, destination, signInWith }: ConfirmSignUpStepProps) {
  const ids = useId();
  const { email, password, code } = state;

  return (
    <StepLayout
      title="Confirm your email"
      subtitle={`We sent a confirmation code to ${destination ?? email}. Enter it below to activate your account.`}
      error={state.error}
      notice={state.notice}
    >
      <form
        className="space-y-5"
        onSubmit={onSubmitRun(run, async () => {
          await confirmSignUp({ username: email, confirmationCode: code.trim() });
          await signInWith(password);
        })}
      >
        <CodeField
          id={`${ids}-code`}
          label="Confirmation code"
          value={code}
          onChange={(value) => dispatch({ type: 'edited', field: 'code', value })}
        />
        <SubmitButton isSubmitting={state.isSubmitting} busyLabel="Confirming..." label="Confirm" />
      </form>
      <div className="flex justify-between">
        <button
          type="button"
          className={linkButtonClasses}
          disabled={state.isSubmitting}
          onClick={() =>
            void run(async () => {
              const { destination: sentTo } = await resendSignUpCode({ username: email });
              dispatch({ type: 'noticed', notice: `We sent a new code to ${sentTo ?? email}.` });
            })
          }
        >
          Resend code
        </button>
        <button
          type="button"
          className="text-sm text-slate-400 hover:text-emerald-300"
          onClick={() => dispatch({ type: 'restarted' })}
        >
          Use a different email
        </button>
      </div>
    </StepLayout>
  );
}
