/**
 * Renders the installable web app's icons (issue #15) from one drawing: the favicon's wrench on
 * the brand blue (#1d4ed8, src/web/styles.css). Writes PNGs under public/icons/:
 *  - icon-192.png, icon-512.png: purpose "any" (rounded square, transparent corners);
 *  - icon-maskable-512.png: purpose "maskable", full bleed, the glyph inside the central 80 %
 *    safe zone (w3.org/TR/appmanifest/#icon-masks), so launchers can crop it to any shape;
 *  - apple-touch-icon-180.png: full bleed and opaque (iOS rounds the corners itself);
 *  - badge-96.png: the glyph alone, white on transparent, for the notification badge (Android
 *    draws it as a monochrome mask in the status bar).
 * Run after changing the drawing: `node scripts/render-app-icons.mjs`; commit the PNGs.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND = '#1d4ed8';
// The favicon's glyph (public/favicon.svg), in its 32-unit box.
const GLYPH = 'M9 22l8-8m0 0l2-5 4 4-5 2m-1-1l-8 8';
const glyph = (stroke, scale = 1) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="${GLYPH}" stroke="${stroke}" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></g>`;
const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${body}</svg>`;

const drawings = {
  any: svg(`<rect width="32" height="32" rx="6" fill="${BRAND}"/>${glyph('#fff')}`),
  // The glyph reaches about 9.5 units from the centre; the safe zone's radius is 12.8.
  maskable: svg(`<rect width="32" height="32" fill="${BRAND}"/>${glyph('#fff', 0.9)}`),
  opaque: svg(`<rect width="32" height="32" fill="${BRAND}"/>${glyph('#fff')}`),
  badge: svg(glyph('#fff', 1.6)),
};

const outputs = [
  ['icon-192.png', 'any', 192],
  ['icon-512.png', 'any', 512],
  ['icon-maskable-512.png', 'maskable', 512],
  ['apple-touch-icon-180.png', 'opaque', 180],
  ['badge-96.png', 'badge', 96],
];

const dir = path.resolve('public/icons');
fs.mkdirSync(dir, { recursive: true });
for (const [name, drawing, size] of outputs) {
  const target = path.join(dir, name);
  // density: render the 32-unit drawing sharp at the target size, not scaled up from 32 px.
  await sharp(Buffer.from(drawings[drawing]), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toFile(target);
  console.log(`${path.relative(process.cwd(), target)}: ${size}x${size}, ${Math.round(fs.statSync(target).size / 1024)} KB`);
}
