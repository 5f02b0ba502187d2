/** The document's one title, and a main landmark with a heading for screen readers (the stage is visual). */
import { type ReactNode, useEffect } from 'react';
import frame from './ProjectorShell.module.css';

export function ProjectorFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main>
      <h1 className={frame.visuallyHidden}>{title}</h1>
      {children}
    </main>
  );
}
