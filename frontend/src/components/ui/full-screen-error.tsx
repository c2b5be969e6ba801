import { Button } from './button';

type FullScreenErrorProps = {
  title: string;
  message: string;
  onRetry?: () => void;
};

/** A blocking error the app cannot work around (e.g. no runtime configuration). */
export function FullScreenError({ title, message, onRetry }: FullScreenErrorProps) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-950 px-6">
      <div
        role="alert"
        className="w-full max-w-md rounded-2xl border border-red-500/40 bg-slate-900 p-8 text-center"
      >
        <h1 className="text-xl font-semibold text-white">{title}</h1>
        <p className="mt-3 text-sm text-slate-300">{message}</p>
        {onRetry && (
          <Button className="mt-6" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </main>
  );
}
