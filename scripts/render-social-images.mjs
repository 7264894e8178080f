/**
 * Renders the social card pictures (Open Graph / Twitter: 1200x630 JPEG, since social sites do
 * not show SVG) from their SVG drawings: public/images/social-card.svg and each blog cover in
 * public/images/blog/. Run after changing a drawing: `node scripts/render-social-images.mjs`;
 * commit the .jpg files it writes next to the drawings.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const images = path.resolve('public/images');
const drawings = [path.join(images, 'social-card.svg'), ...fs.readdirSync(path.join(images, 'blog')).filter((f) => f.endsWith('.svg')).map((f) => path.join(images, 'blog', f))];

for (const drawing of drawings) {
  const target = drawing.replace(/\.svg$/, '.jpg');
  await sharp(drawing, { density: 96 }).resize(1200, 630).flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toFile(target);
  console.log(`${path.relative(process.cwd(), target)}: ${Math.round(fs.statSync(target).size / 1024)} KB`);
}
