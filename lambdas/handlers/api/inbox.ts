/** The inbox routes' one function (group 'inbox' in shared/inboxRoutes.ts, decision 0036). */
import { groupHandler } from '../../runtime/group.ts';
import { handler as applyInboxItem } from './applyInboxItem.ts';
import { handler as dismissInboxItem } from './dismissInboxItem.ts';
import { handler as getInbox } from './getInbox.ts';
import { handler as resetInboxAddress } from './resetInboxAddress.ts';

export const handler = groupHandler({ getInbox, resetInboxAddress, dismissInboxItem, applyInboxItem });
