/**
 * Text that shrinks until it fits its box: the box takes its size from the layout (flex, grid),
 * and the font size steps down from `max` to `min` until nothing overflows. Measured in canvas
 * pixels, so the result does not depend on the projector's resolution.
 */
import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react';

export function FitText({
  children,
  max,
  min,
  className,
  style,
  fitKey,
  ...rest
}: {
  children: ReactNode;
  max: number;
  min: number;
  className?: string;
  style?: CSSProperties;
  /** Changes whenever the content does (children are new objects on every render). */
  fitKey: string;
} & Record<`data-${string}`, string>) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState(max);

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
      if (fits(max)) {
        setSize(max);
        return;
      }
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (fits(middle)) low = middle;
        else high = middle;
      }
      element.style.fontSize = `${low}px`;
      setSize(low);
    };
    fitText();
    // Web fonts may arrive after the first layout.
    void document.fonts?.ready.then(fitText);
    const observer = new ResizeObserver(fitText);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fitKey, max, min]);

  return (
    <div ref={ref} className={className} style={{ ...style, fontSize: size, overflow: 'hidden' }} {...rest}>
      {children}
    </div>
  );
}
