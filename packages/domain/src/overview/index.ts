export * from './flightPlan.ts';
export * from './risk.ts';
