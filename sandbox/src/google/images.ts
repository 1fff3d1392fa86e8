import { createCanvas } from '../kit/png';
import { createRng } from '../kit/rng';
import { escapeHtml } from '../kit/html';

type Rgb = [number, number, number];

const PALETTES: { sky: [Rgb, Rgb]; ground: Rgb; wall: Rgb; accent: Rgb }[] = [
  {
    sky: [
      [135, 190, 235],
      [220, 236, 250],
    ],
    ground: [96, 140, 80],
    wall: [196, 160, 120],
    accent: [180, 40, 40],
  },
  {
    sky: [
      [90, 140, 210],
      [200, 220, 245],
    ],
    ground: [120, 120, 120],
    wall: [230, 226, 214],
    accent: [20, 90, 160],
  },
  {
    sky: [
      [250, 180, 120],
      [255, 228, 190],
    ],
    ground: [150, 120, 90],
    wall: [160, 100, 80],
    accent: [40, 110, 70],
  },
  {
    sky: [
      [170, 200, 220],
      [236, 240, 244],
    ],
    ground: [80, 110, 70],
    wall: [90, 95, 110],
    accent: [230, 160, 30],
  },
  {
    sky: [
      [120, 170, 200],
      [210, 230, 240],
    ],
    ground: [100, 100, 95],
    wall: [245, 245, 240],
    accent: [120, 60, 150],
  },
];

const cache = new Map<string, Buffer>();

/** A deterministic storefront-like picture for seeded media (no external image hosts). */
export function renderPhoto(key: string, width: number, height: number): Buffer {
  const w = Math.max(16, Math.min(1600, Math.round(width)));
  const h = Math.max(16, Math.min(1600, Math.round(height)));
  const cacheKey = `${key}:${w}x${h}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const rng = createRng(key);
  const pal = rng.pick(PALETTES);
  const c = createCanvas(w, h);
  if (key.endsWith('logo')) {
    // a shop badge: the brand colour's disc with a white storefront (striped awning, windows, door)
    const white: Rgb = [255, 255, 255];
    const tint: Rgb = [Math.round((pal.accent[0] + 510) / 3), Math.round((pal.accent[1] + 510) / 3), Math.round((pal.accent[2] + 510) / 3)];
    c.fillRect(0, 0, w, h, [248, 247, 244]);
    const cx = w / 2;
    const cy = h / 2;
    const r = Math.min(w, h) * 0.44;
    c.fillCircle(cx, cy, r, pal.accent);
    const gw = r * 1.1;
    const gx = cx - gw / 2;
    const awningY = cy - r * 0.42;
    const awningH = r * 0.26;
    const stripes = 6;
    for (let i = 0; i < stripes; i++) c.fillRect(gx + (gw / stripes) * i, awningY, gw / stripes + 0.5, awningH, i % 2 === 0 ? white : tint);
    const bodyX = gx + gw * 0.07;
    const bodyW = gw * 0.86;
    const bodyY = awningY + awningH;
    const bodyH = r * 0.72;
    c.fillRect(bodyX, bodyY, bodyW, bodyH, white);
    c.fillRect(bodyX + bodyW * 0.1, bodyY + bodyH * 0.18, bodyW * 0.3, bodyH * 0.34, pal.accent);
    c.fillRect(cx + bodyW * 0.06, bodyY + bodyH * 0.3, bodyW * 0.24, bodyH * 0.7, pal.accent);
  } else {
    c.verticalGradient(pal.sky[0], pal.sky[1]);
    const horizon = h * (0.62 + rng.next() * 0.12);
    c.fillRect(0, horizon, w, h - horizon, pal.ground);
    if (!key.includes('interior')) c.fillCircle(w * (0.1 + rng.next() * 0.2), h * 0.18, Math.min(w, h) * 0.07, [255, 240, 200]);
    const bw = w * (0.45 + rng.next() * 0.3);
    const bh = h * (0.35 + rng.next() * 0.2);
    const bx = (w - bw) / 2 + (rng.next() - 0.5) * w * 0.15;
    const by = horizon - bh;
    c.fillRect(bx, by, bw, bh, pal.wall);
    c.fillRect(bx - bw * 0.03, by - bh * 0.08, bw * 1.06, bh * 0.1, pal.accent); // roofline / sign band
    const cols = rng.int(3, 6);
    const rows = rng.int(1, 3);
    const ww = (bw / cols) * 0.55;
    const wh = (bh / (rows + 1)) * 0.45;
    for (let r = 0; r < rows; r++)
      for (let col = 0; col < cols; col++)
        c.fillRect(bx + (bw / cols) * col + (bw / cols - ww) / 2, by + bh * 0.12 + (bh / (rows + 1)) * r, ww, wh, [200, 225, 240]);
    c.fillRect(bx + bw / 2 - bw * 0.07, horizon - bh * 0.38, bw * 0.14, bh * 0.38, [70, 50, 40]); // door
    for (let t = 0; t < rng.int(1, 4); t++) {
      const tx = rng.next() < 0.5 ? rng.next() * bx : bx + bw + rng.next() * (w - bx - bw);
      c.fillRect(tx - w * 0.006, horizon - h * 0.12, w * 0.012, h * 0.12, [100, 70, 40]);
      c.fillCircle(tx, horizon - h * 0.15, Math.min(w, h) * 0.06, [60, 120, 60]);
    }
  }
  const png = c.toPng();
  if (cache.size > 300) cache.delete(cache.keys().next().value!);
  cache.set(cacheKey, png);
  return png;
}

export function renderAvatarSvg(initials: string, color: string): string {
  const safeColor = /^[0-9a-fA-F]{6}$/.test(color) ? `#${color}` : /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#5f6368';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="${safeColor}"/><text x="48" y="60" font-family="Arial, Helvetica, sans-serif" font-size="38" font-weight="600" fill="#fff" text-anchor="middle">${escapeHtml(initials.slice(0, 2))}</text></svg>`;
}
