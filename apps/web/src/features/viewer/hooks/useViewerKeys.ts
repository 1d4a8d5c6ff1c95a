import { useEffect, useRef } from 'react';

interface ViewerKeyActions {
  /** A drawn shape waits for its details: Escape discards it (spec 2 §2 'Escape cancels it'). */
  onDiscardPending: (() => void) | null;
  onPrevious: () => void;
  onNext: () => void;
}

/** Where the arrow keys already mean something: text, lists, sliders, radio groups, menus. */
const OWN_ARROWS =
  'input, textarea, select, [contenteditable="true"], [role="listbox"], [role="option"], [role="slider"], ' +
  '[role="radio"], [role="radiogroup"], [role="tab"], [role="menu"], [role="menuitem"], [role="combobox"]';

/** True when the key was meant for another dialog (a confirmation, Add New Component) over the viewer. */
function inOtherDialog(target: Element): boolean {
  const dialog = target.closest('[role="dialog"]');
  return dialog !== null && dialog.querySelector('[data-testid="inspection-viewer"]') === null;
}

/**
 * The viewer's keys: Escape discards a drawn shape waiting for its details (and so closes the New
 * Annotation panel), ← and → step to the previous and next photo. The image stage uses the arrows to pan
 * while it has the focus (it handles them first), and fields keep their own keys.
 */
export function useViewerKeys(actions: ViewerKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof Element ? e.target : document.body;
      if (inOtherDialog(target)) return;
      const { onDiscardPending, onPrevious, onNext } = latest.current;
      if (e.key === 'Escape') {
        // An open list (a Component choice) closes first; the next Escape discards.
        if (!onDiscardPending || target.closest('[aria-expanded="true"]')) return;
        e.preventDefault();
        onDiscardPending();
        return;
      }
      if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
      if (target.closest(OWN_ARROWS)) return;
      e.preventDefault();
      if (e.key === 'ArrowLeft') onPrevious();
      else onNext();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
