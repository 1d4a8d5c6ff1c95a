/**
 * Runs `run` once, on the next animation frame or after `fallbackMs`, whichever comes first, and answers a
 * cancel function. A browser may hold animation frames back for a long time (a background tab, a busy
 * machine); work the page depends on, not only its look, must happen anyway.
 */
export function onNextFrame(run: () => void, fallbackMs = 150): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    run();
  };
  const frame = requestAnimationFrame(once);
  const timer = setTimeout(once, fallbackMs);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
