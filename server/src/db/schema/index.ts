export * from './identity.ts';
export * from './catalogue.ts';
export * from './orders.ts';
export * from './mail.ts';
export * from './fitment.ts';
export * from './cart.ts';
export * from './shipping.ts';
export * from './tax.ts';
