/**
 * Text that shrinks until it fits its box: the box takes its size from the layout (flex, grid),
 * and the font size steps down from `max` to `min` until nothing overflows. Measured in canvas
 * pixels, so the result does not depend on the projector's resolution.
 *
 * Boxes that belong together (a question's options) share one size through a `useFitGroup()`: each
 * finds its own fit, and all show the smallest, so a long option does not stand out in small type
 * beside large ones.
 */
import { type CSSProperties, type ReactNode, useCallback, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';

export interface FitGroup {
  /** The smallest fit among the members so far; null before any has measured. */
  size: number | null;
  report(id: string, px: number | null): void;
}

/** One font size for several FitTexts: pass the result to each as `group`. */
export function useFitGroup(): FitGroup {
  const [sizes, setSizes] = useState<Record<string, number>>({});
  const report = useCallback((id: string, px: number | null) => {
    setSizes((previous) => {
      if (px === null) {
        if (!(id in previous)) return previous;
        const { [id]: _gone, ...rest } = previous;
        return rest;
      }
      return previous[id] === px ? previous : { ...previous, [id]: px };
    });
  }, []);
  const values = Object.values(sizes);
  const size = values.length > 0 ? Math.min(...values) : null;
  return useMemo(() => ({ size, report }), [size, report]);
}

export function FitText({
  children,
  max,
  min,
  className,
  style,
  fitKey,
  group,
  ...rest
}: {
  children: ReactNode;
  max: number;
  min: number;
  className?: string;
  style?: CSSProperties;
  /** Changes whenever the content does (children are new objects on every render). */
  fitKey: string;
  group?: FitGroup;
} & Record<`data-${string}`, string>) {
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  const [own, setOwn] = useState(max);
  const shown = group?.size != null ? Math.min(own, group.size) : own;
  // The measuring below writes the element's size directly; it puts back what React shows.
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const report = group?.report;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fitKey (the text) is the trigger to fit again
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const fitText = () => {
      // Binary search on whole pixels: at most ~7 layouts for a 36..120 range.
      let low = min;
      let high = max;
      const fits = (px: number) => {
        element.style.fontSize = `${px}px`;
        return element.scrollHeight <= element.clientHeight + 1 && element.scrollWidth <= element.clientWidth + 1;
      };
      let fitted = max;
      if (!fits(max)) {
        while (high - low > 1) {
          const middle = Math.floor((low + high) / 2);
          if (fits(middle)) low = middle;
          else high = middle;
        }
        fitted = low;
      }
      setOwn(fitted);
      report?.(id, fitted);
      element.style.fontSize = `${report ? Math.min(fitted, shownRef.current) : fitted}px`;
    };
    fitText();
    // Web fonts may arrive after the first layout.
    void document.fonts?.ready.then(fitText);
    const observer = new ResizeObserver(fitText);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fitKey, max, min, report, id]);

  // A member that leaves (a question with fewer options) no longer holds the group's size down.
  useLayoutEffect(() => (report ? () => report(id, null) : undefined), [report, id]);

  return (
    <div ref={ref} className={className} style={{ ...style, fontSize: shown, overflow: 'hidden' }} {...rest}>
      {children}
    </div>
  );
}
