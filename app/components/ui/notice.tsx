import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'success' | 'warning' | 'error';

type NoticeProps = {
  tone?: NoticeTone;
  /** Says in words what kind of notice it is ("Sold out", "Payment refused"): never the colour alone. */
  title?: string;
  children: ReactNode;
  /**
   * Only for a notice put into the page after it loaded (JavaScript): announced politely
   * (`role="status"`), an error at once (`role="alert"`). A notice that comes with the page is
   * read with it and needs no role.
   */
  announce?: boolean;
};

/** A message in the page's flow: information, success, a warning or an error. */
export function Notice({ tone = 'info', title, children, announce }: NoticeProps) {
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div className={`notice-box notice-box--${tone}`} role={role}>
      {title ? <p className="notice-box__title">{title}</p> : null}
      <div className="notice-box__text">{children}</div>
    </div>
  );
}
