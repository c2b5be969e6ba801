import { confirmResetPassword } from 'aws-amplify/auth';
import { useId } from 'react';
import { CodeField } from '../../../components/ui/code-field';
import { FormField } from '../../../components/ui/form-field';
import { assertStrongPassword, onSubmitRun, type AuthStepProps } from '../utils/auth-flow';
import { PasswordRules } from './password-rules';
import { StepLayout, SubmitButton } from './step-layout';

type ResetPasswordStepProps = AuthStepProps & {
  destination?: string;
  signInWith: (password: string) => Promise<void>;
};

/** The emailed reset code and a new password that meets the policy, then sign-in with it. */
export function ResetPasswordStep({ state, dispatch, run, destination, signInWith }: ResetPasswordStepProps) {
  const ids = useId();
  const { email, code, newPassword } = state;
  const rulesId = `${ids}-new-password-rules`;

  return (
    <StepLayout
      title="Choose a new password"
      subtitle={`Enter the code we sent to ${destination ?? email} and your new password.`}
      error={state.error}
      notice={state.notice}
    >
      <form
        className="space-y-5"
        onSubmit={onSubmitRun(run, async () => {
          assertStrongPassword(newPassword);
          await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
          dispatch({ type: 'newPasswordSet' });
          await signInWith(newPassword);
        })}
      >
        <CodeField
          id={`${ids}-reset-code`}
          label="Reset code"
          value={code}
          onChange={(value) => dispatch({ type: 'edited', field: 'code', value })}
        />
        <FormField
          id={`${ids}-new-password`}
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          value={newPassword}
          onChange={(event) => dispatch({ type: 'edited', field: 'newPassword', value: event.target.value })}
          aria-describedby={rulesId}
          hint={<PasswordRules id={rulesId} password={newPassword} />}
        />
        <SubmitButton isSubmitting={state.isSubmitting} busyLabel="Saving..." label="Set new password" />
      </form>
    </StepLayout>
  );
}
