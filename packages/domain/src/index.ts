export * from './admin.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './roles.ts';
