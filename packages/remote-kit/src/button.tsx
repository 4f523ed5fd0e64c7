/**
 * The shared button: one look on every region, in the brand's colours (contracts' tokens: its
 * classes and rules, which the shell writes into the page). A region's own class adds its place.
 */
import type { ButtonHTMLAttributes, Ref } from 'react';
import { BUTTON_CLASSES, type ButtonVariant } from '@cfs/contracts';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'primary': the one action a part of the page asks for. */
  variant?: ButtonVariant;
  ref?: Ref<HTMLButtonElement>;
}

/** The class list of a shared button: for markup that is not a React `<button>` (a link styled as one). */
export function buttonClass(variant: ButtonVariant = 'secondary', own?: string): string {
  return [BUTTON_CLASSES.base, variant === 'primary' ? BUTTON_CLASSES.primary : '', own ?? ''].filter(Boolean).join(' ');
}

export function Button({ variant = 'secondary', className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}
