import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  readonly children: ReactNode;
}

/** Accessible checkbox with its label as children. */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={`rp-checkbox${typeof className === 'string' ? ` ${className}` : ''}`}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className="rp-checkbox__box" aria-hidden="true">
            {isIndeterminate ? '−' : isSelected ? '✓' : ''}
          </span>
          <span className="rp-checkbox__label">{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
