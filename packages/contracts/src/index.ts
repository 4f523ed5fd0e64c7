export * from './listing';
export * from './query';
export * from './brand';
export * from './bus';
export type * from './bus-api';
export * from './registry';
export * from './page';
export * from './messages';
export * from './filters';
