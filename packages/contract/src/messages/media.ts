/** Image uploads (media/). */
const UPLOAD_TYPES = 'Upload a PNG, JPEG, GIF, WebP or AVIF image.';

export const mediaMessages = {
  'media.tooLarge': 'The image is larger than {max} MB, the most an upload may be.',
  'media.notMultipart': "Send the image as multipart/form-data, in the form field '{field}'.",
  'media.oneImage': "Send one image per upload, in the form field '{field}'.",
  'media.cutOff': 'The upload was cut off or malformed. Please try again.',
  'media.noImage': "No image was sent: put it in the form field '{field}'.",
  'media.empty': 'The file is empty.',
  'media.svg': `This file is an SVG image, which can carry scripts. ${UPLOAD_TYPES}`,
  'media.otherType': `This file is a .{ext} file ({mime}). ${UPLOAD_TYPES}`,
  'media.markup': `This file is markup (HTML, XML or SVG). ${UPLOAD_TYPES}`,
  'media.unknownType': `This file is not an image we recognise. ${UPLOAD_TYPES}`,
  'media.tooManyPixels':
    'The image is {width} × {height} pixels ({megapixels} megapixels); at most {max} megapixels are accepted.',
  'media.tooManyFrames':
    'The animation has {frames} frames of {width} × {height} pixels ({megapixels} megapixels in all); at most {max} megapixels are accepted.',
  'media.unreadable':
    'The file starts like a {type} image but could not be read: it is damaged or incomplete.',
  'media.notFound': 'This image does not exist.',
  'media.uploadsPerHour':
    'You have uploaded {count} images in the last hour, the most allowed. Try again in {minutes} minutes.',
  'media.uploadsPerHourOneMinute':
    'You have uploaded {count} images in the last hour, the most allowed. Try again in 1 minute.',
  /** `used`, `quota`, `needed`: sizes with their unit ("4.1 KB", "500 MB"). */
  'media.quota':
    'Your images take {used} of the {quota} each person may store, and this one needs {needed} more. Images no breakthrough or draft uses are removed a day after upload.',
} as const;
