/**
 * A {@link LiveNumberField} that reads its value from the stores itself (`read`, a MobX computed):
 * it re-renders when that value changes, not when its form does (latency, issue 7). Give it stable
 * `read` and `onChange` callbacks.
 */
import { observer } from 'mobx-react-lite';
import { LiveNumberField, type LiveNumberFieldProps } from './LiveNumberField.tsx';
import { useComputedValue } from './useComputedValue.ts';

export interface BoundNumberFieldProps extends Omit<LiveNumberFieldProps, 'value'> {
  readonly read: () => number | null | undefined;
}

export const BoundNumberField = observer(function BoundNumberField({ read, ...props }: BoundNumberFieldProps) {
  const value = useComputedValue(read);
  return <LiveNumberField {...props} value={value} />;
});
