import { deflateSync } from 'node:zlib';

const crcTable = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = crcTable[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A width × height RGB canvas with a few drawing primitives, encoded as PNG. */
export interface Canvas {
  width: number;
  height: number;
  fillRect(x: number, y: number, w: number, h: number, rgb: readonly [number, number, number]): void;
  fillCircle(cx: number, cy: number, r: number, rgb: readonly [number, number, number]): void;
  verticalGradient(top: readonly [number, number, number], bottom: readonly [number, number, number]): void;
  toPng(): Buffer;
}

export function createCanvas(width: number, height: number): Canvas {
  const px = new Uint8Array(width * height * 3);
  const set = (x: number, y: number, [r, g, b]: readonly [number, number, number]) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  return {
    width,
    height,
    fillRect(x, y, w, h, rgb) {
      const x0 = Math.max(0, Math.round(x)),
        y0 = Math.max(0, Math.round(y));
      const x1 = Math.min(width, Math.round(x + w)),
        y1 = Math.min(height, Math.round(y + h));
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) set(xx, yy, rgb);
    },
    fillCircle(cx, cy, r, rgb) {
      for (let yy = Math.floor(cy - r); yy <= cy + r; yy++)
        for (let xx = Math.floor(cx - r); xx <= cx + r; xx++) if ((xx - cx) ** 2 + (yy - cy) ** 2 <= r * r) set(xx, yy, rgb);
    },
    verticalGradient(top, bottom) {
      for (let y = 0; y < height; y++) {
        const t = height <= 1 ? 0 : y / (height - 1);
        const c = [0, 1, 2].map((i) => Math.round(top[i]! + (bottom[i]! - top[i]!) * t)) as [number, number, number];
        for (let x = 0; x < width; x++) set(x, y, c);
      }
    },
    toPng() {
      const raw = Buffer.alloc((width * 3 + 1) * height);
      for (let y = 0; y < height; y++) {
        raw[y * (width * 3 + 1)] = 0; // filter: none
        Buffer.from(px.buffer, y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
      }
      const ihdr = Buffer.alloc(13);
      ihdr.writeUInt32BE(width, 0);
      ihdr.writeUInt32BE(height, 4);
      ihdr[8] = 8; // bit depth
      ihdr[9] = 2; // colour type: truecolour
      ihdr[10] = 0;
      ihdr[11] = 0;
      ihdr[12] = 0;
      return Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', deflateSync(raw, { level: 6 })),
        chunk('IEND', new Uint8Array(0)),
      ]);
    },
  };
}

/** Reads width/height from PNG, JPEG, GIF or WebP bytes; undefined when unknown. */
export function imageSize(bytes: Buffer): { width: number; height: number; type: string } | undefined {
  if (bytes.length > 24 && bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), type: 'image/png' };
  }
  if (bytes.length > 10 && bytes.toString('ascii', 0, 3) === 'GIF') {
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), type: 'image/gif' };
  }
  if (bytes.length > 30 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') {
    const kind = bytes.toString('ascii', 12, 16);
    if (kind === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3), type: 'image/webp' };
    if (kind === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff, type: 'image/webp' };
    if (kind === 'VP8L') {
      const b = bytes.readUInt32LE(21);
      return { width: (b & 0x3fff) + 1, height: ((b >> 14) & 0x3fff) + 1, type: 'image/webp' };
    }
  }
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (bytes[i] !== 0xff) return undefined;
      const marker = bytes[i + 1]!;
      const len = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), type: 'image/jpeg' };
      }
      i += 2 + len;
    }
  }
  return undefined;
}
