/**
 * Author-written Markdown (rules, notes) to safe HTML: `marked` renders it with every raw HTML block
 * and tag dropped, then DOMPurify keeps only the tags Markdown produces, so no script, no on*
 * attribute and no javascript: link survives even if marked lets something through. No React and no
 * Mantine here: the projector renders with it too.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const markdown = new Marked({
  gfm: true,
  breaks: true,
  // The author's own HTML never reaches the page, not even escaped: it is simply left out.
  renderer: { html: () => '' },
});

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'input',
];
const ALLOWED_ATTR = ['href', 'title', 'src', 'alt', 'align', 'start', 'type', 'checked', 'disabled'];

// An instance of our own, so the link hook below touches no other DOMPurify user.
const purifier = DOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  // Only GFM task-list boxes, read-only.
  if (node.tagName === 'INPUT' && node.getAttribute('type') !== 'checkbox') node.remove();
});

/** Markdown to sanitised HTML. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
