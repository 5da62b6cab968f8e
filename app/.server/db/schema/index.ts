// One Drizzle schema, split by concern; drizzle-kit reads this folder (drizzle.config.ts).
export * from './catalogue';
export * from './customers';
export * from './identity';
export * from './account';
export * from './sessions';
export * from './coupons';
export * from './vouchers';
export * from './cart';
export * from './orders';
export * from './payments';
export * from './payment-simulator';
export * from './withdrawals';
export * from './documents';
