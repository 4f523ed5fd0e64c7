import { LIMITS } from '@cfs/contracts';

/**
 * The one email address rule of every email field of the page (search-results §5: required;
 * page-furniture §4: at most LIMITS.emailMaxLength characters). Beyond that the spec shows no
 * rule, so a plain address shape is asked for: something, '@', something with a dot, no spaces.
 */
export function emailProblem(email: unknown): 'required' | 'invalid' | null {
  const v = typeof email === 'string' ? email.trim() : '';
  if (!v) return 'required';
  if (v.length > LIMITS.emailMaxLength || !hasEmailShape(v)) return 'invalid';
  return null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address shape alone (a form whose call allows longer addresses checks its own length). */
export function hasEmailShape(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}
