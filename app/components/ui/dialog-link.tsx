import { useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useHydrated } from '../form/use-hydrated';

type DialogLinkProps = {
  /** The page showing the same content: where the link goes without JavaScript (or in a new tab). */
  href: string;
  /** The link's text. */
  children: ReactNode;
  className?: string;
  /** The dialog's heading (the page at `href` shows it as its own). */
  title: string;
  content: ReactNode;
  closeText: string;
};

/**
 * A `<dialog>` that degrades to a page: a real link to `href`, which with JavaScript opens the
 * same content in a modal dialog instead (`showModal`: the rest of the page is inert). Focus
 * moves to the dialog's heading; Escape or "Close" closes it and focus goes back to the link.
 * Without JavaScript, a modified click (new tab) or a browser without `showModal`, the link
 * simply goes to the page. The dialog exists only once React runs (the server's HTML carries no
 * hidden copy); it follows the link, so place the link where a `<dialog>` may stand (not in a
 * `<p>`). No portal: `react-dom`'s portal would split a chunk out of every page's entry.
 */
export function DialogLink({ href, children, className, title, content, closeText }: DialogLinkProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLAnchorElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = dialog.current;
    if (!element?.showModal || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    element.showModal();
    heading.current?.focus();
  };
  return (
    <>
      <Link ref={opener} to={href} className={className} onClick={open}>
        {children}
      </Link>
      {hydrated ? (
        <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={() => opener.current?.focus()}>
          <h2 ref={heading} id={titleId} className="dialog__title" tabIndex={-1}>
            {title}
          </h2>
          <div className="dialog__body">{content}</div>
          <form method="dialog" className="dialog__actions">
            <button type="submit" className="button">
              {closeText}
            </button>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
