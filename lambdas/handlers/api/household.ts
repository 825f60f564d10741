/** The household routes' one function (group 'household' in shared/routes.ts, decision 0036). */
import { groupHandler } from '../../runtime/group.ts';
import { handler as cancelInvitation } from './cancelInvitation.ts';
import { handler as dismissHouseholdNote } from './dismissHouseholdNote.ts';
import { handler as getHousehold } from './getHousehold.ts';
import { handler as inviteToHousehold } from './inviteToHousehold.ts';
import { handler as joinHousehold } from './joinHousehold.ts';
import { handler as leaveHousehold } from './leaveHousehold.ts';
import { handler as previewInvitation } from './previewInvitation.ts';
import { handler as removeHouseholdMember } from './removeHouseholdMember.ts';
import { handler as shareReminders } from './shareReminders.ts';

export const handler = groupHandler({
  getHousehold,
  inviteToHousehold,
  cancelInvitation,
  previewInvitation,
  joinHousehold,
  leaveHousehold,
  removeHouseholdMember,
  shareReminders,
  dismissHouseholdNote,
});
