// Draws Beacon's app icons (a white shield with a check on safety red) as PNGs, using only Node built-ins.
// Run: node src/client/tools/generate-icons.mjs — writes src/client/public/icons/*.png. The SVG icon next to them
// is the same drawing, kept by hand.
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { stdout } from 'node:process';
import { URL } from 'node:url';
import { deflateSync } from 'node:zlib';

const OUT = new URL('../public/icons/', import.meta.url);
const RED = [220, 38, 38];
const WHITE = [255, 255, 255];
const SAMPLES = 4; // 4×4 supersampling for smooth edges

// The drawing in a 0–1 unit square.
const SHIELD = [
  [0.5, 0.17],
  [0.76, 0.27],
  [0.76, 0.5],
  [0.72, 0.62],
  [0.64, 0.72],
  [0.5, 0.83],
  [0.36, 0.72],
  [0.28, 0.62],
  [0.24, 0.5],
  [0.24, 0.27],
];
const CHECK = [
  [0.39, 0.5],
  [0.47, 0.58],
  [0.62, 0.42],
];
const CHECK_HALF_WIDTH = 0.04;

function insidePolygon(x, y, polygon) {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i];
    const [xj, yj] = polygon[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function distanceToSegment(x, y, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
}

function onCheck(x, y) {
  return (
    distanceToSegment(x, y, CHECK[0], CHECK[1]) < CHECK_HALF_WIDTH ||
    distanceToSegment(x, y, CHECK[1], CHECK[2]) < CHECK_HALF_WIDTH
  );
}

function insideRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

/** RGBA of one pixel: `maskable` icons fill the square (the OS crops them), others have rounded corners. */
function shade(px, py, size, maskable) {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  // Maskable icons keep the drawing inside the central safe zone (80 %).
  const scale = maskable ? 0.8 : 1;
  for (let sy = 0; sy < SAMPLES; sy++) {
    for (let sx = 0; sx < SAMPLES; sx++) {
      const x = (px + (sx + 0.5) / SAMPLES) / size;
      const y = (py + (sy + 0.5) / SAMPLES) / size;
      if (!maskable && !insideRoundedSquare(x, y, 0.22)) continue;
      const ux = (x - 0.5) / scale + 0.5;
      const uy = (y - 0.5) / scale + 0.5;
      const color = insidePolygon(ux, uy, SHIELD) && !onCheck(ux, uy) ? WHITE : RED;
      r += color[0];
      g += color[1];
      b += color[2];
      a += 255;
    }
  }
  const n = SAMPLES * SAMPLES;
  return a === 0 ? [0, 0, 0, 0] : [r / (a / 255), g / (a / 255), b / (a / 255), a / n].map(Math.round);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size, maskable) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) Buffer.from(shade(x, y, size, maskable)).copy(row, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  writeFileSync(new URL(name, OUT), png(size, maskable));
  stdout.write(`wrote ${name}\n`);
}
