// The right of withdrawal, used (issue 31; contract in withdrawals-contract.ts).
import type { ServiceDeps } from '.';
import type { PaymentGateway } from '../payments/gateway';
import type { PreviewResult, WithdrawRequest, WithdrawResult } from './withdrawals-contract';
import type { CartOwner } from './cart-contract';

export function createWithdrawalsService(_deps: ServiceDeps, _shared: { gateway: PaymentGateway }) {
  return {
    /** What withdrawing `itemIds` of the fan's order would give back, or why it may not. */
    async preview(_owner: CartOwner, _orderId: string, _itemIds: readonly string[]): Promise<PreviewResult> {
      throw new Error('withdrawals: not implemented yet');
    },
    /** Records the withdrawal at once, then asks the PSP for its refund. */
    async withdraw(_request: WithdrawRequest): Promise<WithdrawResult> {
      throw new Error('withdrawals: not implemented yet');
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
