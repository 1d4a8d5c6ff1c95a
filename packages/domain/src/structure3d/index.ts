export * from './geometry.ts';
export * from './model.ts';
