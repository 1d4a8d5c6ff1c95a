export * from './completion.ts';
export * from './review.ts';
export * from './risk.ts';
