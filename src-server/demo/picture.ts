/**
 * The demo obstacle round's picture, drawn here rather than downloaded: Khuê Văn Các, the pavilion of
 * the Temple of Literature (Văn Miếu) that stands for Hà Nội, at dawn over its square pond. Drawn as
 * SVG and rendered to PNG with resvg when the demo loads.
 */

const WIDTH = 1200;
const HEIGHT = 900;

/** A roof tier: a curved eave with upturned corners, from x0 to x1 at height y, rising by h. */
function roof(x0: number, x1: number, y: number, h: number, color: string): string {
  const mid = (x0 + x1) / 2;
  const lift = h * 0.55;
  return `<path d="M ${x0 - 40} ${y - lift} Q ${x0 + 10} ${y + 6} ${x0 + 70} ${y} L ${x1 - 70} ${y} Q ${x1 - 10} ${y + 6} ${x1 + 40} ${y - lift}
    L ${x1 - 30} ${y - h * 0.7} Q ${mid} ${y - h * 1.15} ${x0 + 30} ${y - h * 0.7} Z" fill="${color}" stroke="#2b0f07" stroke-width="5"/>`;
}

/** The round window on the pavilion's face, with its rays: "the constellation of literature". */
function sunWindow(cx: number, cy: number, r: number): string {
  const rays = Array.from({ length: 16 }, (_, i) => {
    const a = (i * Math.PI) / 8;
    return `<line x1="${cx}" y1="${cy}" x2="${(cx + r * Math.cos(a)).toFixed(1)}" y2="${(cy + r * Math.sin(a)).toFixed(1)}" stroke="#f8e2b0" stroke-width="5"/>`;
  }).join('');
  return `<circle cx="${cx}" cy="${cy}" r="${r + 10}" fill="#f8e2b0"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="#3a1a0c"/>${rays}
    <circle cx="${cx}" cy="${cy}" r="${r * 0.28}" fill="#f8e2b0"/>`;
}

function tree(cx: number, base: number, size: number): string {
  return `<rect x="${cx - size * 0.08}" y="${base - size * 0.9}" width="${size * 0.16}" height="${size * 0.9}" fill="#4a2e1c"/>
    <ellipse cx="${cx}" cy="${base - size}" rx="${size * 0.75}" ry="${size * 0.6}" fill="#1f5130"/>
    <ellipse cx="${cx - size * 0.35}" cy="${base - size * 0.8}" rx="${size * 0.45}" ry="${size * 0.38}" fill="#2b6a3f"/>
    <ellipse cx="${cx + size * 0.4}" cy="${base - size * 0.85}" rx="${size * 0.45}" ry="${size * 0.4}" fill="#24603a"/>`;
}

/** The pavilion, standing on its four brick pillars, with the base line at `ground`. */
function pavilion(ground: number): string {
  const pillars = [380, 500, 700, 820]
    .map((x) => `<rect x="${x - 34}" y="${ground - 250}" width="68" height="250" fill="#efe6d6" stroke="#8a7358" stroke-width="4"/>`)
    .join('');
  return `
    <rect x="300" y="${ground - 18}" width="600" height="30" fill="#b8a58a" stroke="#6d5a44" stroke-width="4"/>
    ${pillars}
    ${roof(330, 870, ground - 250, 70, '#6b2d1a')}
    <rect x="400" y="${ground - 470}" width="400" height="210" fill="#8f2f1b" stroke="#2b0f07" stroke-width="5"/>
    <rect x="400" y="${ground - 300}" width="400" height="18" fill="#c7953d"/>
    ${sunWindow(600, ground - 385, 62)}
    ${roof(380, 820, ground - 470, 120, '#5a2415')}
    <circle cx="600" cy="${ground - 600}" r="16" fill="#d9a441" stroke="#2b0f07" stroke-width="4"/>`;
}

export function obstaclePictureSvg(): string {
  const ground = 640;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#1d3a6e"/><stop offset="0.55" stop-color="#f08c5a"/><stop offset="1" stop-color="#ffd8a1"/>
    </linearGradient>
    <clipPath id="water"><rect x="170" y="${ground + 40}" width="860" height="${HEIGHT - ground - 60}"/></clipPath>
    <linearGradient id="pond" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3d6e8c"/><stop offset="1" stop-color="#17364a"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <circle cx="930" cy="300" r="90" fill="#ffe9a8" opacity="0.95"/>
  <rect y="${ground}" width="${WIDTH}" height="${HEIGHT - ground}" fill="#5d7a3a"/>
  ${tree(110, ground, 150)}${tree(1090, ground, 170)}${tree(230, ground + 10, 110)}${tree(980, ground + 10, 100)}
  ${pavilion(ground)}
  <rect x="170" y="${ground + 40}" width="860" height="${HEIGHT - ground - 60}" fill="url(#pond)" stroke="#a8926f" stroke-width="10"/>
  <g clip-path="url(#water)"><g opacity="0.35" transform="translate(0 ${2 * ground + 80}) scale(1 -1)">${pavilion(ground)}</g></g>
  <rect x="170" y="${ground + 40}" width="860" height="${HEIGHT - ground - 60}" fill="none" stroke="#a8926f" stroke-width="10"/>
</svg>`;
}

/** The picture as PNG bytes, rendered on libuv's threads (a first start renders it while PGlite opens). */
export async function obstaclePicturePng(): Promise<Buffer> {
  // Loaded here only: the renderer is needed once, when the demo is loaded into an empty event.
  const { renderAsync } = await import('@resvg/resvg-js');
  return (await renderAsync(obstaclePictureSvg(), { fitTo: { mode: 'width', value: WIDTH } })).asPng();
}
