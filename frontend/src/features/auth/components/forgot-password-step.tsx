import { resetPassword } from 'aws-amplify/auth';
import { useId } from 'react';
import { FormField } from '../../../components/ui/form-field';
import { onSubmitRun, type AuthStepProps } from '../utils/auth-flow';
import { BackToSignIn, StepLayout, SubmitButton } from './step-layout';

/** A forgotten password: the email to send the reset code to. */
export function ForgotPasswordStep({ state, dispatch, run }: AuthStepProps) {
  const ids = useId();

  return (
    <StepLayout
      title="Reset your password"
      subtitle="We will email you a code to set a new password."
      error={state.error}
      notice={state.notice}
    >
      <form
        className="space-y-5"
        onSubmit={onSubmitRun(run, async () => {
          const { nextStep } = await resetPassword({ username: state.email });
          dispatch({ type: 'resetCodeSent', destination: nextStep.codeDeliveryDetails.destination });
        })}
      >
        <FormField
          id={`${ids}-reset-email`}
          label="Email address"
          type="email"
          autoComplete="email"
          required
          value={state.email}
          onChange={(event) => dispatch({ type: 'edited', field: 'email', value: event.target.value })}
        />
        <SubmitButton isSubmitting={state.isSubmitting} busyLabel="Sending..." label="Send reset code" />
      </form>
      <BackToSignIn onClick={() => dispatch({ type: 'restarted' })} />
    </StepLayout>
  );
}
