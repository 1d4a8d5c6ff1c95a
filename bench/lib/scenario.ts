import type { MeasureOptions } from './measure.ts';

/**
 * One benchmark: a subject (our code) and a baseline (the simplest thing that does the same work),
 * both measured in the same run on the same data, so the ratio means something on any machine.
 */
export interface Scenario<Context = unknown> {
  /**
   * Unique, kebab-case; `npm run bench -- <name>` runs only this one. Variants of one benchmark share a
   * prefix (`csv-parse-100k`, `csv-parse-1m`) so `npm run bench -- csv-parse` runs them all.
   */
  name: string;
  /** One line: what is measured and against what. */
  description: string;
  /** The ratio (subject ÷ baseline ops/s) the product aims for, if there is one. */
  target?: number;
  /** Overrides of the default measurement, for operations that take seconds (command-line flags still win). */
  measure?: Partial<MeasureOptions>;
  /** Builds the data both sides work on; not timed. */
  setup(): Promise<Context>;
  /** One operation of the code under test. */
  subject(context: Context): Promise<unknown> | unknown;
  /** One operation of the baseline. */
  baseline(context: Context): Promise<unknown> | unknown;
  /** Runs after every operation of either side, untimed: puts back what an operation wrote. */
  afterEach?(context: Context): Promise<unknown> | unknown;
  teardown?(context: Context): Promise<void> | void;
  /** Extra figures of the run (latency percentiles…), printed under the table; called before teardown. */
  report?(context: Context): string;
}

/** Keeps the context type of a scenario file checked without naming it twice. */
export const defineScenario = <Context>(scenario: Scenario<Context>): Scenario<Context> => scenario;
