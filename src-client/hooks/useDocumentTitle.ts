/**
 * Sets the document's title. The page keeps the one `<title>` of index.html and changes its text,
 * so there is never a second title (React 19 would hoist a rendered `<title>` beside the first one).
 */
import { useEffect } from 'react';

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The same as a component, for a route that renders no component of its own before its chunk loads. */
export function DocumentTitle({ title }: { title: string }): null {
  useDocumentTitle(title);
  return null;
}
