import type { FieldMetadata } from '@conform-to/react';
import { useState } from 'react';
import { DOCUMENT_FILE_FIELDS, DOCUMENT_MAX_BYTES } from '../../domain/document-upload';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { useHydrated } from '../form/use-hydrated';
import { RadioGroupField } from '../form/radio-group-field';
import { translateMessage } from '../form/messages';

/** What the file inputs offer to pick; the server decides by the bytes (magic numbers), whatever is sent. */
const ACCEPTED = '.jpg,.jpeg,.png,.pdf,.doc,image/jpeg,image/png,application/pdf,application/msword';

type StoredDocument = { side: 'FRONT' | 'BACK'; fileName: string; fileType: string; size: number };

/**
 * The club card's identity document (spec §5 "Uploads"): its type and the two sides as plain
 * file inputs in a multipart form, so it works without JavaScript. With JavaScript a file over
 * 4 MB is refused as it is picked, before anything is sent; the server caps it while streaming
 * either way. An edited item lists what is stored, by name and type only.
 */
export function DocumentFields({
  fields,
  stored,
  tooLargeMessage,
}: {
  fields: Record<'documentType' | 'documentFront' | 'documentBack', FieldMetadata<string>>;
  stored: StoredDocument[];
  /** The spec's "Unable to load a file greater than 4Mb", as a message key. */
  tooLargeMessage: string;
}) {
  const { t } = useShopTranslation(['configureParts', 'configure', 'forms']);
  return (
    <fieldset className="form-fieldset">
      <legend className="form-fieldset__legend">{t('configureParts:documents.legend')}</legend>
      <p className="form-field__hint">{t('configureParts:documents.intro')}</p>
      <RadioGroupField
        field={fields.documentType}
        legend={t('configureParts:documents.type')}
        options={[
          { value: 'IDENTITY', label: t('configureParts:documents.IDENTITY') },
          { value: 'PASSPORT', label: t('configureParts:documents.PASSPORT') },
        ]}
      />
      {stored.length > 0 ? (
        <div className="configure__stored">
          <p>{t('configureParts:documents.stored')}</p>
          <ul>
            {stored.map((document) => (
              <li key={document.side}>
                {t(`configureParts:documents.side.${document.side}`)}: {document.fileName} ({document.fileType})
              </li>
            ))}
          </ul>
          <p className="form-field__hint">{t('configureParts:documents.replaceHint')}</p>
        </div>
      ) : null}
      <FileField
        field={fields[DOCUMENT_FILE_FIELDS.FRONT]}
        label={t('configureParts:documents.front')}
        required={!stored.some((document) => document.side === 'FRONT')}
        tooLargeMessage={tooLargeMessage}
      />
      <FileField
        field={fields[DOCUMENT_FILE_FIELDS.BACK]}
        label={`${t('configureParts:documents.back')} ${t('forms:optional')}`}
        required={false}
        tooLargeMessage={tooLargeMessage}
      />
    </fieldset>
  );
}

/** A file input wired like the other fields: its id and messages are conform's (the server's reply). */
function FileField({
  field,
  label,
  required,
  tooLargeMessage,
}: {
  field: FieldMetadata<string>;
  label: string;
  required: boolean;
  tooLargeMessage: string;
}) {
  const { t, i18n } = useShopTranslation(['configureParts', 'configure', 'forms']);
  const [tooLarge, setTooLarge] = useState(false);
  const [dragging, setDragging] = useState(false);
  const hydrated = useHydrated();
  /** Nothing over the cap is sent: the choice is emptied and the spec's message shown. */
  const check = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    const over = file !== undefined && file.size > DOCUMENT_MAX_BYTES;
    if (over) input.value = '';
    setTooLarge(over);
  };
  const hintId = `${field.id}-hint`;
  const messages = (tooLarge ? [tooLargeMessage] : (field.errors ?? [])).map((message) => translateMessage(t, i18n, message));
  return (
    <div className="form-field" data-invalid={messages.length > 0 || undefined}>
      <label htmlFor={field.id} className="form-field__label">
        {label}
      </label>
      <p id={hintId} className="form-field__hint">
        {t('configureParts:documents.fileHint')}
      </p>
      {messages.length > 0 ? (
        <p id={field.errorId} className="form-field__error">
          {messages.join(' ')}
        </p>
      ) : null}
      {/* A drop zone once hydrated: a file dropped anywhere on it goes into the input below. */}
      <div
        className="configure__drop-zone"
        data-dragging={dragging || undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const input = event.currentTarget.querySelector('input');
          if (!input || event.dataTransfer.files.length === 0) return;
          input.files = event.dataTransfer.files;
          check(input);
        }}
      >
        {hydrated ? <p className="configure__drop-hint" aria-hidden="true">{t('configureParts:documents.dropHint')}</p> : null}
        <input
          id={field.id}
          name={field.name}
          form={field.formId}
          type="file"
          accept={ACCEPTED}
          required={required}
          aria-invalid={messages.length > 0 || undefined}
          aria-describedby={messages.length > 0 ? `${field.errorId} ${hintId}` : hintId}
          className="form-field__input form-field__input--file"
          onChange={(event) => check(event.currentTarget)}
        />
      </div>
    </div>
  );
}
