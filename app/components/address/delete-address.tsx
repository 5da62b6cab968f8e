import type { ReactNode } from 'react';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ConfirmDelete } from '../form/confirm-delete';

/** An address book entry's delete, asked first (ConfirmDelete). */
export function DeleteAddress({ addressId, listPath, which }: { addressId: string; listPath: string; which: ReactNode }) {
  const { t } = useShopTranslation('addresses');
  return (
    <ConfirmDelete
      fields={{ addressId }}
      intent="delete"
      cancelTo={listPath}
      which={which}
      className="delete-address"
      texts={{ open: t('book.delete'), question: t('book.deleteQuestion'), confirm: t('book.deleteConfirm'), cancel: t('book.deleteCancel') }}
    />
  );
}
