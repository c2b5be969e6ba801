import Check from 'lucide-react/icons/check';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { type z } from 'zod';
import { validationDetailsSchema } from '@shared/api/errors';
import { contactCategories, type ContactCategory, type ContactFormValues } from '@shared/contact/schemas';
import { CONTACT_SUCCESS_DESCRIPTION, CONTACT_SUCCESS_TITLE } from '@shared/constants/texts';
import { CONTACT_SUCCESS_DISPLAY_MS } from '@shared/constants/timings';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { ApiError } from '../../../lib/api-client';
import { sendContactMessageInput, useSendContactMessage } from '../api/send-contact-message';

type FieldName = keyof ContactFormValues;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY_FORM: Required<ContactFormValues> = {
  name: '',
  email: '',
  subject: '',
  category: 'general',
  message: '',
};

const CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: 'General Inquiry',
  technical: 'Technical Support',
  billing: 'Billing',
  trading: 'Trading Questions',
  enterprise: 'Enterprise',
  partnership: 'Partnership',
};

const categoryOptions = contactCategories.map((value) => ({ value, label: CATEGORY_LABELS[value] }));

const fieldNames = Object.keys(EMPTY_FORM) as FieldName[];
const isFieldName = (value: string): value is FieldName => (fieldNames as string[]).includes(value);

/** Friendly text for the messages the shared schema produces. */
function fieldMessage(field: FieldName, message: string): string {
  if (message === 'Required') return 'This field is required.';
  if (field === 'email') return 'Enter a valid email address.';
  return message;
}

function clientErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isFieldName(field) && !errors[field]) {
      errors[field] = fieldMessage(field, issue.message);
    }
  }
  return errors;
}

/** A 400's `details` ([{path, message}], dotted paths) as field errors. */
function serverErrors(details: unknown): FieldErrors {
  const parsed = validationDetailsSchema.safeParse(details);
  if (!parsed.success) return {};
  const errors: FieldErrors = {};
  for (const { path, message } of parsed.data) {
    const field = path.split('.').find(isFieldName);
    if (field && !errors[field]) errors[field] = fieldMessage(field, message);
  }
  return errors;
}

/** What went wrong, in words a visitor can act on. */
function failureMessage(error: Error): string {
  if (!(error instanceof ApiError)) return 'Your message could not be sent. Please try again.';
  if (error.status === 0)
    return 'Your message could not be sent: the server could not be reached. Check your connection and try again.';
  if (error.status === 400) return 'Your message could not be sent: please correct the highlighted fields.';
  if (error.status === 413)
    return 'Your message could not be sent: it is too long. Please shorten it and try again.';
  if (error.status === 429)
    return 'You have sent several messages in a short time. Please wait a few minutes and try again.';
  return `Your message could not be sent (${error.message}). Please try again later.`;
}

/**
 * The contact form (spec 4 and 5): validated with the shared schema, sent to POST /api/contact,
 * 'Message Sent!' for CONTACT_SUCCESS_DISPLAY_MS and then an empty form; on failure an alert
 * names the problem and everything typed stays.
 */
export function ContactForm() {
  const id = useId();
  const [values, setValues] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useSendContactMessage();
  const { isSuccess, reset } = mutation;

  useEffect(() => {
    if (!isSuccess) return;
    const timer = setTimeout(() => {
      setValues(EMPTY_FORM);
      reset();
    }, CONTACT_SUCCESS_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [isSuccess, reset]);

  const update = (field: FieldName) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const parsed = sendContactMessageInput.safeParse(values);
    if (!parsed.success) {
      setErrors(clientErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) setErrors(serverErrors(error.details));
      },
    });
  }

  if (isSuccess) {
    return (
      <div
        role="status"
        className="flex flex-col items-center rounded-2xl border border-emerald-400/30 bg-emerald-500/10 px-6 py-16 text-center"
      >
        <span className="flex size-14 items-center justify-center rounded-full bg-emerald-500/20 text-emerald-300">
          <Check className="size-7" />
        </span>
        <h3 className="mt-5 text-2xl font-semibold text-white">{CONTACT_SUCCESS_TITLE}</h3>
        <p className="mt-2 text-slate-300">{CONTACT_SUCCESS_DESCRIPTION}</p>
      </div>
    );
  }

  const fieldProps = (field: Exclude<FieldName, 'category'>) => {
    const errorId = `${id}-${field}-error`;
    const error = errors[field];
    return {
      id: `${id}-${field}`,
      name: field,
      value: values[field],
      disabled: mutation.isPending,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
      hint: error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      ) : undefined,
    };
  };

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Contact form" className="space-y-5">
      {mutation.isError && <ErrorAlert>{failureMessage(mutation.error)}</ErrorAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          {...fieldProps('name')}
          label="Full name"
          autoComplete="name"
          required
          onChange={(event) => update('name')(event.target.value)}
        />
        <FormField
          {...fieldProps('email')}
          label="Email"
          type="email"
          autoComplete="email"
          required
          onChange={(event) => update('email')(event.target.value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          {...fieldProps('subject')}
          label="Subject"
          required
          onChange={(event) => update('subject')(event.target.value)}
        />
        <SelectField
          id={`${id}-category`}
          name="category"
          label="Category"
          options={categoryOptions}
          value={values.category}
          disabled={mutation.isPending}
          onChange={(event) => update('category')(event.target.value)}
        />
      </div>
      <TextareaField
        {...fieldProps('message')}
        label="Message"
        rows={6}
        required
        placeholder="How can we help?"
        onChange={(event) => update('message')(event.target.value)}
      />
      <Button type="submit" isLoading={mutation.isPending} className="w-full sm:w-auto">
        {mutation.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
