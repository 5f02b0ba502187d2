/** Author-written Markdown (rules, notes) in the app's typography, rendered safely by render.ts. */
import '@mantine/core/styles/Typography.layer.css';
import { Typography, type TypographyProps } from '@mantine/core';
import { useMemo } from 'react';
import classes from './Markdown.module.css';
import { renderMarkdown } from './render';

export function Markdown({ source, ...props }: { source: string } & Omit<TypographyProps, 'children'>) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <Typography {...props}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is marked's output sanitised by DOMPurify (render.ts) */}
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
