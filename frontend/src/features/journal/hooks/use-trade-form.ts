import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { errorsFromDetails, type FieldErrors, type FormResult } from '../utils/trade-form';

/**
 * Controlled form state checked by a parser built on the shared zod schemas: `submit` parses,
 * shows the errors next to their fields, or hands the input on; a server 400's details land on
 * the fields they name, and any other failure on the form.
 */
export function useValidatedForm<Values extends object, Input>(
  initial: Values,
  parse: (values: Values) => FormResult<Input>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  /** After a refusal, focus goes to the first field at fault (on a phone it may be out of view). */
  function showErrors(next: FieldErrors) {
    setErrors(next);
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );
  }

  function setField<K extends keyof Values>(field: K, value: Values[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // An error goes once its field is edited; it comes back on the next submit if still wrong.
    setErrors((current) => {
      if (!(field in current) && !current.form) return current;
      const { [field as string]: _dropped, form: _form, ...rest } = current as Record<string, string>;
      return rest;
    });
  }

  /** Parses the form: the input, or null with the errors shown. */
  function validate(): Input | null {
    const result = parse(values);
    if (result.ok) {
      setErrors({});
      return result.input;
    }
    showErrors(result.errors);
    return null;
  }

  /** A failed request's errors: a 400's details by field, anything else on the form. */
  function showRequestError(error: unknown) {
    if (error instanceof ApiError && error.status === 400) {
      const byField = errorsFromDetails(error.details);
      showErrors(Object.keys(byField).length > 0 ? byField : { form: error.message });
    } else {
      showErrors({ form: error instanceof Error ? error.message : 'The request failed. Try again.' });
    }
  }

  return { values, errors, formRef, setField, validate, showRequestError };
}
