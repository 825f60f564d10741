/**
 * The renewal inbox's routes of the API contract (shared/routes.ts spreads them in). The light ones
 * share one function (group 'inbox'); reading an upload (PDF text, a photo by OCR) has a function of
 * its own, with the memory and time that takes. Every route starts from the caller's own partition:
 * an item id of another user answers 404.
 */
import { returns, type NoContent, type RouteSpec } from './contract.ts';
import type { Reminder } from './api.ts';
import {
  INBOX_UPLOAD_BODY_MAX,
  inboxApplySchema,
  inboxItemParamSchema,
  inboxUploadSchema,
  type Inbox,
  type InboxItem,
} from './inbox/items.ts';

export const INBOX_ROUTES = {
  /** 'Your renewal inbox' and 'From your inbox': the address (made on first read) and the items. */
  getInbox: {
    group: 'inbox',
    method: 'GET',
    path: '/api/inbox/me',
    access: 'user',
    response: returns<Inbox>(),
  },
  /** 'Reset address': a new address; mail to the old one is refused from then on. */
  resetInboxAddress: {
    group: 'inbox',
    method: 'POST',
    path: '/api/inbox/address',
    access: 'user',
    response: returns<{ address: string | null }>(),
  },
  /** 'Dismiss' (and after 'Add reminder'): the item goes. */
  dismissInboxItem: {
    group: 'inbox',
    method: 'DELETE',
    path: '/api/inbox/items/{id}',
    access: 'user',
    params: inboxItemParamSchema,
    ownerScoped: true,
    status: 204,
    response: returns<NoContent>(),
  },
  /** 'Update {reminder}', as confirmed: the new date and the renewal offer; the item goes. */
  applyInboxItem: {
    group: 'inbox',
    method: 'POST',
    path: '/api/inbox/items/{id}/apply',
    access: 'user',
    params: inboxItemParamSchema,
    ownerScoped: true,
    body: inboxApplySchema,
    response: returns<{ reminder: Reminder }>(),
  },
  /** 'Upload a letter': read now; the item says what was found. */
  uploadToInbox: {
    method: 'POST',
    path: '/api/inbox-uploads',
    access: 'user',
    status: 201,
    body: inboxUploadSchema,
    maxBodyBytes: INBOX_UPLOAD_BODY_MAX,
    response: returns<{ item: InboxItem }>(),
  },
} as const satisfies Record<string, RouteSpec>;
