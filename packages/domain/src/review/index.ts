export * from './viewerRules.ts';
