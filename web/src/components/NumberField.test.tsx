import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { NumberField } from './NumberField.tsx';
import { renderWithStore, testStore } from '../test/render.tsx';

function Controlled({ initial, ...props }: { initial: number | null; minValue?: number; maxValue?: number; step?: number }) {
  const [value, setValue] = useState<number | null>(initial);
  return <NumberField label="Fläche" value={value} onChange={setValue} {...props} />;
}

describe('NumberField', () => {
  it('disables decrement at the default minimum 0 and increment at the maximum', () => {
    renderWithStore(<Controlled initial={0} maxValue={2} step={1} />, testStore());
    const decrement = screen.getByRole('button', { name: /verringern/i });
    const increment = screen.getByRole('button', { name: /erhöhen/i });
    expect((decrement as HTMLButtonElement).disabled).toBe(true);
    expect((increment as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(increment);
    fireEvent.click(increment);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('2');
    expect((increment as HTMLButtonElement).disabled).toBe(true);
    expect((decrement as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows --- for empty and non-finite values', () => {
    const store = testStore();
    const { unmount } = renderWithStore(<NumberField label="A" value={Number.POSITIVE_INFINITY} />, store);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('textbox').getAttribute('placeholder')).toBe('---');
    unmount();
    renderWithStore(<NumberField label="A" value={null} />, store);
    expect(screen.getByRole('textbox').getAttribute('placeholder')).toBe('---');
  });

  it('reports typed values and clamps them to the bounds on blur', () => {
    const onChange = vi.fn();
    renderWithStore(<NumberField label="A" value={5} onChange={onChange} maxValue={10} />, testStore());
    const input = screen.getByRole('textbox');
    fireEvent.change(input, { target: { value: '42' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(10);
  });
});
