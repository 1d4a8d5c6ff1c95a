export * from './form.ts';
export * from './kmz.ts';
export * from './timeline.ts';
export * from './usStates.ts';
