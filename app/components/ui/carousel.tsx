import type { ReactNode } from 'react';

/** Words of the optional controls, in the page's language (ui/ knows no namespace). */
export type CarouselControls = {
  /** Prefix of the slides' ids: `${id}-1`, `${id}-2`… (unique on the page). */
  id: string;
  /** The controls' name, e.g. "This season's cards: slides". */
  label: string;
  slide: (position: number, total: number) => string;
  previous: (position: number, total: number) => string;
  next: (position: number, total: number) => string;
};

type Slide = { key: string; content: ReactNode };

/**
 * A carousel that is plain HTML and CSS: a horizontally scrolling list with scroll-snap.
 * Keyboard users scroll it with the arrow keys once it has focus (it is a focusable,
 * labelled region), touch users swipe, and links inside stay ordinary links.
 * Slides per view (1.2 on mobile, 1.8 / 2.2 wider) come from the stylesheet.
 *
 * With `controls`, each slide gets an id and carries its own pager (previous, one dot per slide,
 * next), links to the slides' anchors: following one scrolls the carousel there (scroll-snap),
 * no script. CSS shows only the pager of the `:target` slide (the first one's before any), set
 * below the carousel; so `aria-current` on its dot is true whenever that pager can be seen.
 */
export function Carousel({ labelledBy, slides, controls }: { labelledBy: string; slides: Slide[]; controls?: CarouselControls }) {
  const region = (
    <div className="carousel" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <ul className="carousel__track">
        {slides.map((slide, index) => (
          <li key={slide.key} className="carousel__slide" id={controls ? `${controls.id}-${index + 1}` : undefined}>
            {slide.content}
            {controls ? <Pager controls={controls} position={index + 1} total={slides.length} /> : null}
          </li>
        ))}
      </ul>
    </div>
  );
  // The frame is the pagers' containing block: outside the scroller, so they neither scroll nor clip.
  return controls ? <div className="carousel-frame">{region}</div> : region;
}

function Pager({ controls, position, total }: { controls: CarouselControls; position: number; total: number }) {
  const href = (to: number) => `#${controls.id}-${to}`;
  const step = (to: number, kind: 'previous' | 'next', arrow: string) =>
    to < 1 || to > total ? (
      <span className={`carousel__step carousel__step--${kind}`} aria-hidden="true" />
    ) : (
      <a className={`carousel__step carousel__step--${kind}`} href={href(to)} aria-label={controls[kind](to, total)}>
        <span aria-hidden="true">{arrow}</span>
      </a>
    );
  return (
    <nav className="carousel__pager" aria-label={controls.label}>
      {step(position - 1, 'previous', '‹')}
      <ol className="carousel__dots">
        {Array.from({ length: total }, (_, index) => (
          <li key={index}>
            <a
              className="carousel__dot"
              href={href(index + 1)}
              aria-label={controls.slide(index + 1, total)}
              aria-current={index + 1 === position ? 'true' : undefined}
            />
          </li>
        ))}
      </ol>
      {step(position + 1, 'next', '›')}
    </nav>
  );
}
