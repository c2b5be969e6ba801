// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUCCESS_DESCRIPTION, CONTACT_SUCCESS_TITLE } from '@shared/constants/texts';
import { CONTACT_SUCCESS_DISPLAY_MS } from '@shared/constants/timings';
import { ContactForm } from '../../../frontend/src/features/contact/components/contact-form';
import { apiError, apiServer, requestsTo, serve, useApiServer } from '../../helpers/api-server';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
  signOut: vi.fn(),
}));

const MESSAGE = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Scanner question',
  category: 'technical',
  message: 'How is the edge score calculated?',
};

const RECEIPT = { id: 'msg-1', status: 'received' } as const;

useApiServer(serve('sendContactMessage', () => RECEIPT));

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ContactForm />
    </QueryClientProvider>,
  );
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full name'), MESSAGE.name);
  await user.type(screen.getByLabelText('Email'), MESSAGE.email);
  await user.type(screen.getByLabelText('Subject'), MESSAGE.subject);
  await user.selectOptions(screen.getByLabelText('Category'), MESSAGE.category);
  await user.type(screen.getByLabelText('Message'), MESSAGE.message);
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ContactForm', () => {
  it('sends the message, shows Message Sent! for the success period, then resets to an empty form', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    apiServer.use(
      serve('sendContactMessage', async () => {
        await answered;
        return RECEIPT;
      }),
    );
    const user = renderForm();
    await fillForm(user);

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const sending = screen.getByRole('button', { name: 'Sending...' });
    expect(sending).toBeDisabled();
    expect(sending).toHaveAttribute('aria-busy', 'true');

    await vi.waitFor(() => expect(requestsTo('sendContactMessage')).toHaveLength(1));
    expect(requestsTo('sendContactMessage')[0]!.body).toEqual(MESSAGE);

    await act(async () => answer());
    expect(await screen.findByText(CONTACT_SUCCESS_TITLE)).toBeInTheDocument();
    expect(screen.getByText(CONTACT_SUCCESS_DESCRIPTION)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(CONTACT_SUCCESS_DISPLAY_MS - 100));
    expect(screen.getByText(CONTACT_SUCCESS_TITLE)).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(100));
    expect(screen.queryByText(CONTACT_SUCCESS_TITLE)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('general');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('shows field errors from the shared schema and sends nothing', async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('This field is required.');
    expect(requestsTo('sendContactMessage')).toEqual([]);

    await user.type(screen.getByLabelText('Full name'), 'A');
    expect(screen.getByLabelText('Full name')).not.toHaveAccessibleDescription();
  });

  it('keeps what was typed and names the problem when rate-limited', async () => {
    apiServer.use(serve('sendContactMessage', () => apiError(429, 'rate_limited', 'Too many requests')));
    const user = renderForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/wait a few minutes/);
    expect(screen.getByLabelText('Full name')).toHaveValue(MESSAGE.name);
    expect(screen.getByLabelText('Category')).toHaveValue(MESSAGE.category);
    expect(screen.getByLabelText('Message')).toHaveValue(MESSAGE.message);
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('keeps what was typed when the server cannot be reached', async () => {
    apiServer.use(serve('sendContactMessage', () => Response.error()));
    const user = renderForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(screen.getByLabelText('Subject')).toHaveValue(MESSAGE.subject);
  });

  it('shows the server’s field errors from a 400', async () => {
    apiServer.use(
      serve('sendContactMessage', () =>
        apiError(400, 'validation_failed', 'Invalid request body: email', [
          { path: 'email', message: 'Invalid email address' },
        ]),
      ),
    );
    const user = renderForm();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/correct the highlighted fields/);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByLabelText('Email')).toHaveValue(MESSAGE.email);
  });
});
