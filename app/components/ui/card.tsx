import type { ReactNode } from 'react';

type CardProps = {
  title: ReactNode;
  headingLevel?: 2 | 3 | 4;
  /** A picture shown above the title; decorative ones need `alt=""`. */
  media?: ReactNode;
  children?: ReactNode;
  /** Links or buttons, last in the card. */
  actions?: ReactNode;
};

/**
 * A surface holding one thing: optional media, a title, a body and actions. The title comes
 * first in the HTML (what a screen reader meets first) and the media is moved above it by CSS.
 */
export function Card({ title, headingLevel = 3, media, children, actions }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card">
      <Heading className="card__title">{title}</Heading>
      {media ? <div className="card__media">{media}</div> : null}
      {children ? <div className="card__body">{children}</div> : null}
      {actions ? <div className="card__actions">{actions}</div> : null}
    </article>
  );
}
