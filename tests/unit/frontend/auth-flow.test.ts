/** The sign-in journey's state machine: what each event does to the step, the fields and the boxes. */
import { describe, expect, it } from 'vitest';
import {
  authFlowReducer,
  initialAuthFlow,
  type AuthFlowEvent,
  type AuthFlowState,
} from '../../../frontend/src/features/auth/utils/auth-flow';

const play = (events: AuthFlowEvent[], from: AuthFlowState = initialAuthFlow) =>
  events.reduce(authFlowReducer, from);

/** Mid-step, with everything filled in: a code typed, an error and a notice showing. */
const busyConfirmStep = play([
  { type: 'edited', field: 'email', value: 'trader@example.com' },
  { type: 'edited', field: 'password', value: 'Str0ngPassword' },
  { type: 'confirmationRequired', destination: 't***@e***.com' },
  { type: 'edited', field: 'code', value: '123456' },
  { type: 'noticed', notice: 'We sent a new code.' },
  { type: 'failed', error: 'Invalid verification code provided.' },
]);

describe('authFlowReducer', () => {
  it('starts on the credentials step with nothing typed, no boxes and no call running', () => {
    expect(initialAuthFlow).toEqual({
      step: { name: 'credentials' },
      email: '',
      password: '',
      code: '',
      newPassword: '',
      notice: null,
      error: null,
      isSubmitting: false,
    });
  });

  it('enters each step with an empty code, no error and only the notice that brought the user there', () => {
    const cases: [AuthFlowEvent, AuthFlowState['step'], string | null][] = [
      [{ type: 'totpRequired' }, { name: 'totp' }, null],
      [{ type: 'restarted' }, { name: 'credentials' }, null],
      [{ type: 'resetCodeSent', destination: 'a@b' }, { name: 'resetPassword', destination: 'a@b' }, null],
      [
        { type: 'passwordResetRequested', notice: 'Set one first.' },
        { name: 'forgotPassword' },
        'Set one first.',
      ],
      [
        { type: 'confirmationRequired', destination: 'x@y', notice: 'New code sent.' },
        { name: 'confirmSignUp', destination: 'x@y' },
        'New code sent.',
      ],
    ];
    for (const [event, step, notice] of cases) {
      const next = authFlowReducer(busyConfirmStep, event);
      expect(next.step, event.type).toEqual(step);
      expect(next.notice, event.type).toBe(notice);
      expect(next.code, event.type).toBe('');
      expect(next.error, event.type).toBeNull();
      expect(next.email, event.type).toBe('trader@example.com');
      expect(next.password, event.type).toBe('Str0ngPassword');
    }
  });

  it('keeps the step, the code and the notice while a call starts, fails and is retried', () => {
    const submitted = authFlowReducer(busyConfirmStep, { type: 'submitted' });
    expect(submitted).toMatchObject({
      error: null,
      isSubmitting: true,
      code: '123456',
      notice: 'We sent a new code.',
    });
    const failed = authFlowReducer(submitted, { type: 'failed', error: 'Too many attempts.' });
    expect(failed).toMatchObject({ error: 'Too many attempts.', isSubmitting: false, code: '123456' });
    expect(authFlowReducer(submitted, { type: 'settled' }).isSubmitting).toBe(false);
    expect(failed.step).toEqual(busyConfirmStep.step);
  });

  it('makes the new password the one to sign in with once the reset is confirmed', () => {
    const reset = play(
      [
        { type: 'resetCodeSent' },
        { type: 'edited', field: 'newPassword', value: 'An0therPassword' },
        { type: 'newPasswordSet' },
      ],
      busyConfirmStep,
    );
    expect(reset.password).toBe('An0therPassword');
    expect(reset.step).toEqual({ name: 'resetPassword' });
  });
});
