import { INBOX_MESSAGES } from '../../../shared/inbox/items.ts';
import { API } from '../../../shared/routes.ts';
import { uploadLetter } from '../../features/inbox/receive.ts';
import { HttpError } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';

/** 'Upload a letter': read now (a photo by OCR takes a few seconds); the item says what was found. */
export const handler = route(API.uploadToInbox, async ({ caller, body }) => {
  const uploaded = await uploadLetter(caller.userId, body);
  if ('limited' in uploaded) throw new HttpError(429, INBOX_MESSAGES.dailyLimit);
  return uploaded;
});
