import { receiptPath } from '../../../domain/order-pages';

/** The withdrawal page of one of the fan's orders (issue 31): the choice, then the confirmation. */
export function withdrawalPath(orderId: string): string {
  return `${receiptPath(orderId)}/withdrawal`;
}
