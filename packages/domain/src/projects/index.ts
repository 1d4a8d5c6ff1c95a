export * from './dates.ts';
export * from './form.ts';
export * from './rules.ts';
export * from './slug.ts';
export * from './stats.ts';
export * from './status.ts';
export * from './timeZone.ts';
