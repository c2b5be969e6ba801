import { passwordRules } from '@shared/auth/password-policy';

type PasswordRulesProps = { id: string; password: string };

/** The pool's password policy, each rule marked met or not met as the user types. */
export function PasswordRules({ id, password }: PasswordRulesProps) {
  return (
    <ul id={id} aria-label="Password requirements" className="mt-2 grid gap-1 text-xs sm:grid-cols-2">
      {passwordRules.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            data-met={met}
            className={`flex items-center gap-1.5 ${met ? 'text-emerald-400' : 'text-slate-400'}`}
          >
            <span aria-hidden="true" className="w-3 text-center font-bold">
              {met ? '✓' : '•'}
            </span>
            {rule.text}
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
