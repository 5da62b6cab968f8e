import type { ReactNode } from 'react';

/**
 * A carousel that is plain HTML and CSS: a horizontally scrolling list with scroll-snap.
 * Keyboard users scroll it with the arrow keys once it has focus (it is a focusable,
 * labelled region), touch users swipe, and links inside stay ordinary links.
 * Slides per view (1.2 on mobile, 1.8 / 2.2 wider) come from the stylesheet.
 */
export function Carousel({ labelledBy, slides }: { labelledBy: string; slides: { key: string; content: ReactNode }[] }) {
  return (
    <div className="carousel" role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <ul className="carousel__track">
        {slides.map((slide) => (
          <li key={slide.key} className="carousel__slide">
            {slide.content}
          </li>
        ))}
      </ul>
    </div>
  );
}
