import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  /** primary (filled), secondary (outlined), ghost (text only), danger */
  readonly variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
}

/** Accessible button (react-aria): `onPress`, `isDisabled`, keyboard and touch handled. */
export function Button({ variant = 'primary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`rp-button rp-button--${variant}${typeof className === 'string' ? ` ${className}` : ''}`} />;
}
