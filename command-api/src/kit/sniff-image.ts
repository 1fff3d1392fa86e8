import { open } from 'node:fs/promises';

/** Image types accepted for uploads (avatars, default photos, template images), recognised by their first bytes (the declared type is not trusted). */
const IMAGE_SIGNATURES: { ext: string; mime: string; test: (b: Buffer) => boolean }[] = [
  { ext: 'png', mime: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', mime: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', mime: 'image/gif', test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  { ext: 'webp', mime: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

/** The image kind of an uploaded file by its first bytes (PNG, JPEG, GIF, WebP), or null. */
export async function sniffImage(filePath: string) {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(16);
    await handle.read(head, 0, 16, 0);
    return IMAGE_SIGNATURES.find((s) => s.test(head)) ?? null;
  } finally {
    await handle.close();
  }
}
