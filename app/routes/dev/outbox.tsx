import { useShopTranslation } from '../../i18n/use-shop-translation';
import { Form, Link } from 'react-router';
import { shopContext } from '../../context';
import { mailDelivery } from '../../domain/mail-retry';
import { pageMeta } from '../../domain/page-meta';
import { formatShopDateTime } from '../../domain/display-format';
import { describePage } from '../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../middleware/i18next';
import type { RouteHandle } from '../../root';
import { refuseUnlessLocalDevelopment } from '../../.server/http/dev-pages';
import type { Route } from './+types/outbox';

/** A list and a GET filter: nothing here needs JavaScript. */
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'forms', 'notify-me'] };

const OUTBOX_LIMIT = 100;

/** The mail outbox, newest first, optionally for one recipient (`?to=`). Not in production, only from this machine. */
export async function loader({ request, context }: Route.LoaderArgs) {
  refuseUnlessLocalDevelopment(context);
  const { services } = context.get(shopContext);
  const to = new URL(request.url).searchParams.get('to')?.trim() ?? '';
  const language = getLanguage(context);
  const mails = await services.mailOutbox.listRecent({ to: to || undefined, limit: OUTBOX_LIMIT });
  const { t } = getInstance(context);
  return {
    to,
    limit: OUTBOX_LIMIT,
    mails: mails.map((mail) => ({
      id: mail.id,
      to: mail.toAddress,
      subject: mail.subject,
      language: mail.language,
      queuedAt: formatShopDateTime(mail.createdAt, language),
      sentAt: mail.sentAt ? formatShopDateTime(mail.sentAt, language) : null,
      delivery: mailDelivery(mail),
      attempts: mail.attempts,
      lastError: mail.lastError ?? '',
      text: mail.textBody,
    })),
    seo: describePage(context, request, { title: t('notify:outbox.metaTitle'), robots: 'noindex' }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('notify');
  const { to, limit, mails } = loaderData;
  return (
    <section className="notify-page" aria-labelledby="outbox-heading">
      <h1 id="outbox-heading">{t('outbox.heading')}</h1>
      <p>{t('outbox.intro')}</p>
      <Form method="get" className="form form--inline" role="search" aria-label={t('outbox.filter')}>
        <div className="form-field">
          <label htmlFor="outbox-to" className="form-field__label">
            {t('outbox.filterLabel')}
          </label>
          <input id="outbox-to" name="to" type="email" defaultValue={to} autoComplete="off" className="form-field__input" />
        </div>
        <button type="submit" className="button button--primary">
          {t('outbox.filter')}
        </button>
        {to ? (
          <Link to="/dev/outbox" className="button">
            {t('outbox.showAll')}
          </Link>
        ) : null}
      </Form>
      <p>{mails.length === 0 ? t('outbox.empty') : t('outbox.count', { count: mails.length, limit })}</p>
      <ol className="notify-list">
        {mails.map((mail) => (
          <li key={mail.id} className="notify-list__item outbox-mail">
            <h2>{mail.subject}</h2>
            <dl>
              <div>
                <dt>{t('outbox.to')}</dt>
                <dd>{mail.to}</dd>
              </div>
              <div>
                <dt>{t('outbox.language')}</dt>
                <dd>{mail.language}</dd>
              </div>
              <div>
                <dt>{t('outbox.queued')}</dt>
                <dd>{mail.queuedAt}</dd>
              </div>
              <div>
                <dt>{t('outbox.delivery')}</dt>
                <dd>
                  {mail.delivery === 'sent' ? t('outbox.sent', { time: mail.sentAt }) : null}
                  {mail.delivery === 'queued' ? t('outbox.notSent') : null}
                  {mail.delivery === 'retrying' ? t('outbox.retrying', { count: mail.attempts, error: mail.lastError }) : null}
                  {mail.delivery === 'failed' ? t('outbox.failed', { count: mail.attempts, error: mail.lastError }) : null}
                </dd>
              </div>
            </dl>
            <details>
              <summary>{t('outbox.body')}</summary>
              <pre>{mail.text}</pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
