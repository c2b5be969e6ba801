/** A field's error line; the field points at it with aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-300">
      {message}
    </p>
  );
}

/** The aria props of a field that may have an error shown by `FieldError`. */
export function errorProps(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
