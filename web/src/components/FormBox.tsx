/**
 * A titled box holding one form (the login, account and organization boxes): the heading labels
 * the box, an optional note stands between heading and form, and submitting (Enter or the submit
 * button) calls `onSubmit` without a page load. The fields validate themselves (`noValidate`).
 */
import type { ReactNode } from 'react';

export interface FormBoxProps {
  /** The heading's id (the box is labelled by it). */
  readonly id: string;
  readonly title: string;
  /** A note between the heading and the form; none when undefined. */
  readonly note?: string | undefined;
  readonly onSubmit: () => void;
  /** The fields and the form's buttons. */
  readonly children: ReactNode;
  /** Below the form, e.g. links or the answer to what was sent. */
  readonly after?: ReactNode;
}

export function FormBox({ id, title, note, onSubmit, children, after }: FormBoxProps) {
  return (
    <section className="rp-box" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note !== undefined && <p className="rp-form__note">{note}</p>}
      <form
        className="rp-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
      {after}
    </section>
  );
}
