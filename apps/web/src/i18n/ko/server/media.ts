import type { MessageKey } from '@repolog/contract/messages';

const IMAGE_TYPES = '이미지는 PNG, JPEG, GIF, WebP, AVIF 중 하나로 업로드하세요.';

/** Image uploads (contract: messages/media.ts). */
export const media = {
  'media.tooLarge': '이미지가 한 번에 업로드할 수 있는 최대 크기({max}MB)보다 큽니다.',
  'media.notMultipart': "이미지를 multipart/form-data 형식으로, '{field}' 폼 필드에 담아 보내세요.",
  'media.oneImage': "업로드 한 번에 이미지 하나만 '{field}' 폼 필드에 담아 보내세요.",
  'media.cutOff': '업로드가 중간에 끊겼거나 형식이 잘못되었습니다. 다시 시도하세요.',
  'media.noImage': "보낸 이미지가 없습니다. '{field}' 폼 필드에 담아 보내세요.",
  'media.empty': '빈 파일입니다.',
  'media.svg': `이 파일은 스크립트를 담을 수 있는 SVG 이미지입니다. ${IMAGE_TYPES}`,
  'media.otherType': `이 파일은 .{ext} 파일({mime})입니다. ${IMAGE_TYPES}`,
  'media.markup': `이 파일은 마크업(HTML, XML 또는 SVG)입니다. ${IMAGE_TYPES}`,
  'media.unknownType': `이 파일은 인식할 수 있는 이미지가 아닙니다. ${IMAGE_TYPES}`,
  'media.tooManyPixels':
    '이미지가 {width} × {height}픽셀({megapixels}메가픽셀)입니다. 최대 {max}메가픽셀까지 받을 수 있습니다.',
  'media.tooManyFrames':
    '애니메이션이 {width} × {height}픽셀 프레임 {frames}개(모두 {megapixels}메가픽셀)입니다. 최대 {max}메가픽셀까지 받을 수 있습니다.',
  'media.unreadable':
    '이 파일은 {type} 이미지처럼 시작하지만 읽을 수 없습니다. 손상되었거나 불완전한 파일입니다.',
  'media.notFound': '이 이미지는 존재하지 않습니다.',
  'media.uploadsPerHour':
    '지난 한 시간 동안 허용된 최대 개수인 이미지 {count}개를 업로드했습니다. {minutes}분 뒤 다시 시도하세요.',
  'media.uploadsPerHourOneMinute':
    '지난 한 시간 동안 허용된 최대 개수인 이미지 {count}개를 업로드했습니다. 1분 뒤 다시 시도하세요.',
  'media.quota':
    '이미지는 한 사람당 {quota}까지 저장할 수 있는데 지금 {used}를 쓰고 있어, {needed}가 더 필요한 이 이미지는 저장할 수 없습니다. 브레이크스루나 초안에서 쓰지 않는 이미지는 업로드 하루 뒤에 삭제됩니다.',
} satisfies Partial<Record<MessageKey, string>>;
