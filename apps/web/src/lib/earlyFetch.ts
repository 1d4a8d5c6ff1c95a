import { EARLY_GLOBAL } from './earlyRequests.ts';

/**
 * An answer started by index.html's script is taken only this long after the page was opened: it stands
 * for the first load's request, never for a later one (which must see fresh data).
 */
export const EARLY_ANSWER_MS = 15_000;

type EarlyAnswers = Record<string, Promise<Response> | undefined>;

/**
 * The answer index.html's script started for `url` (see earlyRequests.ts), once: the caller owns it
 * and a second request of the URL goes to the network. Undefined when there is none, or the page has been
 * open for longer than `EARLY_ANSWER_MS`.
 */
export function takeEarlyAnswer(url: string): Promise<Response> | undefined {
  const answers = (globalThis as Record<string, unknown>)[EARLY_GLOBAL] as EarlyAnswers | undefined;
  if (!answers) return undefined;
  const answer = answers[url];
  delete answers[url];
  if (!answer || performance.now() > EARLY_ANSWER_MS) return undefined;
  return answer;
}

/** Forgets every early answer: they were asked for with the session the page was opened with. */
export function dropEarlyAnswers(): void {
  delete (globalThis as Record<string, unknown>)[EARLY_GLOBAL];
}
