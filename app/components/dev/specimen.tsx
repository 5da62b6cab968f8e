import type { ReactNode } from 'react';

/** One component's place on /dev/components: its heading (an anchor), a note, its states. */
export function Specimen({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section className="showcase__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {note ? <p className="showcase__note">{note}</p> : null}
      {children}
    </section>
  );
}
