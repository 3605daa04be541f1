import {
  checkPassword,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  type PasswordChecks,
} from '../../domain/password-policy';
import { m } from '../../paraglide/messages.js';

const LIMITS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH };

const RULES: readonly { key: keyof PasswordChecks; label: () => string }[] = [
  { key: 'length', label: () => m.login_password_rule_length(LIMITS) },
  { key: 'digit', label: () => m.login_password_rule_digit() },
  { key: 'uppercase', label: () => m.login_password_rule_uppercase() },
  { key: 'lowercase', label: () => m.login_password_rule_lowercase() },
];

/** The spec's "Please check password requirements" text, with the policy's numbers. */
export function passwordRequirementsMessage(): string {
  return m.login_password_text(LIMITS);
}

/** The four live indicators under the new-password field: green when a rule is met, red when not. */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  const checks = checkPassword(password);
  return (
    <div id={id} className="password-requirements" aria-live="polite">
      <p className="password-requirements-title">{m.login_password_panel()}</p>
      <ul className="list-unstyled mb-0">
        {RULES.map((rule) => {
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
              {rule.label()}
              <span className="visually-hidden">
                {' '}
                {met ? m.login_password_rule_met() : m.login_password_rule_unmet()}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
