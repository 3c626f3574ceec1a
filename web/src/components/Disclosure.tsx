import { useId, useState, type ReactNode } from 'react';
import { Button } from './Button.tsx';

export interface DisclosureProps {
  /** The toggle's text ("Erweiterte Eingabe", "Weitere Optionen"). */
  readonly label: string;
  readonly children: ReactNode;
  /** Open at first (e.g. when the hidden part already holds values). */
  readonly defaultOpen?: boolean;
  readonly className?: string;
}

/**
 * A toggle button that shows or hides a part of a screen (aria-expanded, aria-controls). Hidden
 * content stays mounted, so what was typed in it is kept while it is closed.
 */
export function Disclosure({ label, children, defaultOpen = false, className }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <div className={`rp-disclosure${typeof className === 'string' ? ` ${className}` : ''}`}>
      <Button variant="ghost" className="rp-disclosure__toggle" aria-expanded={open} aria-controls={id} onPress={() => setOpen((old) => !old)}>
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> {label}
      </Button>
      <div id={id} className="rp-disclosure__panel" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
