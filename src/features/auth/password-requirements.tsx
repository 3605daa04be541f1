import { checkPassword, PASSWORD_RULES } from './password-policy';

/** The four live indicators under the new-password field: green when a rule is met, red when not. */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  const checks = checkPassword(password);
  return (
    <div id={id} className="password-requirements" aria-live="polite">
      <p className="password-requirements-title">Password requirements</p>
      <ul className="list-unstyled mb-0">
        {PASSWORD_RULES.map((rule) => {
          const met = checks[rule.key];
          return (
            <li
              key={rule.key}
              className={met ? 'rule-met' : 'rule-unmet'}
              data-rule={rule.key}
              data-met={met}
            >
              <span aria-hidden="true" className="rule-icon">
                {met ? '✓' : '✗'}
              </span>{' '}
              {rule.label}
              <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
