/**
 * A read for the projector without TanStack Query: loads when the component mounts and again each
 * time the socket reopens (so nothing stays stale after a drop); a failed read keeps what it had.
 */
import { useEffect, useRef, useState } from 'react';
import { onSocketEvent } from '../trpcClient';

export function useRemote<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  // The latest call, read once per mount and on each reopen.
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    let live = true;
    const read = () => {
      loadRef.current().then(
        (result) => {
          if (live) setValue(result);
        },
        () => {},
      );
    };
    read();
    const stop = onSocketEvent((event) => {
      if (event.type === 'open') read();
    });
    return () => {
      live = false;
      stop();
    };
  }, []);
  return value;
}
