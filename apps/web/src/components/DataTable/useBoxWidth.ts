import { type RefObject, useEffect, useState } from 'react';

/**
 * The element's inner width (clientWidth: without its border and scrollbar), kept current as it resizes; 0
 * until measured. Not Mantine's useElementSize: it measures the border box, 1–2 px more than a table inside
 * a bordered scroller has, which then scrolled sideways by that much.
 */
export function useBoxWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
