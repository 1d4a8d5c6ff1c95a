/**
 * Whether the maps' public basemaps can be reached, asked by the server (never by the browser: on a
 * machine without internet a browser's failed tile requests fill its console and cost each page a wait).
 * One small request per URL (the style document; the satellite layer's top tile), kept for an interval.
 */
export interface ReachabilityProbe {
  /** Each URL's answer, at most `intervalMs` old (probed now when older; concurrent callers share one probe). */
  reachable(urls: readonly string[]): Promise<Map<string, boolean>>;
}

/** The request a probe makes for a basemap URL: an XYZ template asks for its one zoom-0 tile. */
export const probeUrlOf = (url: string): string =>
  url.replaceAll('{z}', '0').replaceAll('{x}', '0').replaceAll('{y}', '0');

export function createReachabilityProbe(options: {
  intervalMs: number;
  timeoutMs: number;
  now?: () => number;
}): ReachabilityProbe {
  const now = options.now ?? Date.now;
  const answers = new Map<string, { at: number; ok: Promise<boolean> }>();

  const probe = async (url: string): Promise<boolean> => {
    try {
      const res = await fetch(probeUrlOf(url), {
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'follow',
        headers: { accept: '*/*' },
      });
      // Read (and drop) the body so the connection is released.
      await res.arrayBuffer();
      return res.ok;
    } catch {
      return false;
    }
  };

  return {
    async reachable(urls) {
      const result = new Map<string, boolean>();
      await Promise.all(
        urls.map(async (url) => {
          let answer = answers.get(url);
          if (!answer || now() - answer.at >= options.intervalMs) {
            answer = { at: now(), ok: probe(url) };
            answers.set(url, answer);
          }
          result.set(url, await answer.ok);
        }),
      );
      return result;
    },
  };
}
