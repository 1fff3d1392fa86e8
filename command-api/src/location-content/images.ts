import { readFile } from 'node:fs/promises';
import { imageSize } from 'image-size';
import { coverRatioProblem, locationContentErrors as errors, locationContentMessages as m, MEDIA_MAX_BYTES, MEDIA_MIN_BYTES } from '@locus/contracts';
import { fail, validationError } from '@locus/platform';

interface Upload {
  path: string;
  size: number;
}

const KINDS: Record<string, { ext: string; mime: string }> = {
  png: { ext: 'png', mime: 'image/png' },
  jpg: { ext: 'jpg', mime: 'image/jpeg' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
};

const onFile = (message: string) => [{ field: 'File', message }];

/**
 * An uploaded photo as Locus takes it (spec part 2 §5): present, at least 10,240 bytes, an image
 * recognised by its bytes (the declared type is not trusted), and, for a cover, 16:9 within 0.0001.
 */
export async function checkedImage(file: Upload | undefined, options: { cover: boolean }) {
  if (!file) throw fail(errors.fileMissing, onFile(m.fileMissing));
  if (file.size < MEDIA_MIN_BYTES) throw fail(errors.fileTooSmall, onFile(m.fileTooSmall));
  if (file.size > MEDIA_MAX_BYTES) throw fail(errors.fileTooLarge, onFile(m.fileTooLarge));
  const bytes = await readFile(file.path);
  let size: { width?: number; height?: number; type?: string } | undefined;
  try {
    size = imageSize(bytes);
  } catch {
    size = undefined;
  }
  const kind = size?.type ? KINDS[size.type] : undefined;
  if (!size || !kind || !size.width || !size.height) throw fail(errors.fileNotImage, onFile(m.fileNotImage));
  if (options.cover) {
    const problem = coverRatioProblem(size.width, size.height);
    if (problem) throw validationError(errors.coverRatio.code, problem, onFile(problem));
  }
  return { bytes, ext: kind.ext, mime: kind.mime, width: size.width, height: size.height };
}
