// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signUp,
} from 'aws-amplify/auth';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordRules } from '@shared/auth/password-policy';
import { AuthForm } from '../../../frontend/src/features/auth/components/auth-form';

vi.mock('aws-amplify/auth', async () => (await import('../../helpers/amplify-auth-mock')).amplifyAuthMock());

const EMAIL = 'trader@example.com';
const STRONG_PASSWORD = 'Str0ngPassword';
const signedIn = { isSignedIn: true, nextStep: { signInStep: 'DONE' } } as const;
const confirmSignUpStep = {
  isSignUpComplete: false,
  nextStep: {
    signUpStep: 'CONFIRM_SIGN_UP',
    codeDeliveryDetails: { destination: 't***@e***.com', deliveryMedium: 'EMAIL', attributeName: 'email' },
  },
} as const;

function renderForm(mode: 'login' | 'signup', federatedSignIn = false) {
  const onSignedIn = vi.fn();
  render(
    <MemoryRouter>
      <AuthForm mode={mode} onSignedIn={onSignedIn} federatedSignIn={federatedSignIn} />
    </MemoryRouter>,
  );
  return { onSignedIn, user: userEvent.setup() };
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>, password = STRONG_PASSWORD) {
  await user.type(screen.getByLabelText('Email address'), EMAIL);
  await user.type(screen.getByLabelText('Password'), password);
}

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('AuthForm in login mode', () => {
  it('shows the spec texts and required email and password fields when idle', () => {
    renderForm('login');

    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back')).toBeInTheDocument();
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
    expect(screen.getByRole('link', { name: "Don't have an account? Sign up" })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Password requirements' })).not.toBeInTheDocument();
  });

  it('signs in with USER_PASSWORD_AUTH and shows a disabled loading button while submitting', async () => {
    vi.mocked(signIn).mockReturnValue(new Promise(() => {}));
    const { user } = renderForm('login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(signIn).toHaveBeenCalledWith({
      username: EMAIL,
      password: STRONG_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  });

  it('calls onSignedIn once signed in', async () => {
    vi.mocked(signIn).mockResolvedValue(signedIn);
    const { user, onSignedIn } = renderForm('login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it.each([
    ['a wrong password', 'InvalidPasswordException', 'Invalid password'],
    ['an unknown address', 'UserNotFoundException', 'User does not exist.'],
    [
      'either, with prevent-user-existence errors',
      'NotAuthorizedException',
      'Incorrect username or password.',
    ],
  ])(
    'answers %s with one message that does not tell whether the account exists',
    async (_what, name, message) => {
      vi.mocked(signIn).mockRejectedValue(Object.assign(new Error(message), { name }));
      const { user, onSignedIn } = renderForm('login');

      await fillCredentials(user);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(/^Incorrect email or password\.$/);
      expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
      expect(onSignedIn).not.toHaveBeenCalled();
    },
  );

  it("shows 'An unexpected error occurred' when the thrown thing is not an Error", async () => {
    vi.mocked(signIn).mockRejectedValue('network down');
    const { user } = renderForm('login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred');
  });

  it('goes to the confirm step, with a fresh code sent, when the account is not confirmed yet', async () => {
    vi.mocked(signIn).mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    vi.mocked(resendSignUpCode).mockResolvedValue({ destination: EMAIL } as never);
    const { user } = renderForm('login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByLabelText('Confirmation code')).toBeInTheDocument();
    expect(resendSignUpCode).toHaveBeenCalledWith({ username: EMAIL });
    expect(screen.getByRole('status')).toHaveTextContent('we sent you a new code');
  });

  it('asks for the TOTP code when the user has MFA on, and signs in with it', async () => {
    vi.mocked(signIn).mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    } as never);
    vi.mocked(confirmSignIn)
      .mockRejectedValueOnce(
        Object.assign(new Error('Invalid code or auth state for the user.'), {
          name: 'CodeMismatchException',
        }),
      )
      .mockResolvedValueOnce(signedIn);
    const { user, onSignedIn } = renderForm('login');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    // A wrong MFA code is called what it is, never a "confirmation code".
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not right');
    expect(alert).not.toHaveTextContent(/confirmation code/i);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '222222');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(confirmSignIn).toHaveBeenLastCalledWith({ challengeResponse: '222222' });
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('resets a forgotten password with the emailed code, refusing a weak new one, then signs in', async () => {
    vi.mocked(resetPassword).mockResolvedValue({
      isPasswordReset: false,
      nextStep: {
        resetPasswordStep: 'CONFIRM_RESET_PASSWORD_WITH_CODE',
        codeDeliveryDetails: { destination: EMAIL },
      },
    } as never);
    vi.mocked(confirmResetPassword).mockResolvedValue(undefined);
    vi.mocked(signIn).mockResolvedValue(signedIn);
    const { user, onSignedIn } = renderForm('login');

    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.type(screen.getByLabelText('Email address'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    await user.type(await screen.findByLabelText('Reset code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('at least 8 characters');
    expect(confirmResetPassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), STRONG_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(confirmResetPassword).toHaveBeenCalledWith({
      username: EMAIL,
      confirmationCode: '123456',
      newPassword: STRONG_PASSWORD,
    });
    expect(signIn).toHaveBeenCalledWith(
      expect.objectContaining({ username: EMAIL, password: STRONG_PASSWORD }),
    );
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('offers the identity provider only when the stage configures one', async () => {
    renderForm('login');
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    cleanup();
    const { user } = renderForm('login', true);
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(signInWithRedirect).toHaveBeenCalledWith({ provider: 'Google' });
  });
});

describe('AuthForm in signup mode', () => {
  it('shows the spec texts and the password rules, marking each as it is met', async () => {
    const { user } = renderForm('signup');

    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(screen.getByText('Start your free trial today')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    for (const rule of passwordRules) expect(rules).toHaveTextContent(rule.text);
    expect(screen.getAllByText('(not met)')).toHaveLength(passwordRules.length);

    await user.type(screen.getByLabelText('Password'), STRONG_PASSWORD);

    expect(screen.getAllByText('(met)')).toHaveLength(passwordRules.length);
  });

  it('refuses a password that breaks the rules without calling Cognito', async () => {
    const { user } = renderForm('signup');

    await fillCredentials(user, 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/at least 8 characters/i);
    expect(signUp).not.toHaveBeenCalled();
  });

  it('shows a disabled loading button while creating the account', async () => {
    vi.mocked(signUp).mockReturnValue(new Promise(() => {}));
    const { user } = renderForm('signup');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(screen.getByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(signUp).toHaveBeenCalledWith({
      username: EMAIL,
      password: STRONG_PASSWORD,
      options: { userAttributes: { email: EMAIL } },
    });
  });

  it('confirms the code, then signs in with the remembered credentials', async () => {
    vi.mocked(signUp).mockResolvedValue(confirmSignUpStep);
    vi.mocked(confirmSignUp).mockResolvedValue({ isSignUpComplete: true, nextStep: { signUpStep: 'DONE' } });
    vi.mocked(signIn).mockResolvedValue(signedIn);
    const { user, onSignedIn } = renderForm('signup');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    expect(screen.getByText(/t\*\*\*@e\*\*\*\.com/)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Confirmation code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(confirmSignUp).toHaveBeenCalledWith({ username: EMAIL, confirmationCode: '123456' });
    expect(signIn).toHaveBeenCalledWith({
      username: EMAIL,
      password: STRONG_PASSWORD,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
    expect(onSignedIn).toHaveBeenCalledOnce();
  });

  it('shows a wrong confirmation code error and stays on the confirm step', async () => {
    vi.mocked(signUp).mockResolvedValue(confirmSignUpStep);
    vi.mocked(confirmSignUp).mockRejectedValue(
      new Error('Invalid verification code provided, please try again.'),
    );
    const { user } = renderForm('signup');

    await fillCredentials(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await user.type(await screen.findByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid verification code provided');
    expect(screen.getByLabelText('Confirmation code')).toBeInTheDocument();
    expect(signIn).not.toHaveBeenCalled();
  });
});
