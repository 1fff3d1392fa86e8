import { defineErrors } from '../errors';
import { locationContentMessages as m } from './messages';

/** Media, posts and questions of a location. Google's own refusals carry Google's message under the *_FAILED codes. */
export const locationContentErrors = defineErrors({
  postNotFound: { code: 'POST.NOT_FOUND', kind: 'not_found', message: m.postNotFound },
  postFailed: { code: 'POST.GOOGLE_FAILED', kind: 'rule', message: m.googleRefused },
  mediaNotFound: { code: 'MEDIA.ITEM_NOT_FOUND', kind: 'not_found', message: m.mediaNotFound },
  mediaFailed: { code: 'MEDIA.GOOGLE_FAILED', kind: 'rule', message: m.googleRefused },
  fileMissing: { code: 'MEDIA.FILE_MISSING', kind: 'validation', message: m.fileMissing },
  fileTooSmall: { code: 'MEDIA.FILE_TOO_SMALL', kind: 'validation', message: m.fileTooSmall },
  fileTooLarge: { code: 'MEDIA.FILE_TOO_LARGE', kind: 'validation', message: m.fileTooLarge },
  fileNotImage: { code: 'MEDIA.FILE_NOT_IMAGE', kind: 'validation', message: m.fileNotImage },
  coverRatio: { code: 'MEDIA.COVER_RATIO', kind: 'validation', message: 'Invalid aspect ratio. Please upload a 16:9 image.' },
});
