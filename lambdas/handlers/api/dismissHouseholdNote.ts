import { HOUSEHOLD_MESSAGES } from '../../../shared/messages.ts';
import { API } from '../../../shared/routes.ts';
import { notFound } from '../../runtime/http.ts';
import { route } from '../../features/account/route.ts';
import { dismissNote } from '../../store/households/index.ts';

/** 'Dismiss' beside a note of the Household card: only the caller's own; any other id is a 404. */
export const handler = route(API.dismissHouseholdNote, async ({ caller, params }) => {
  if (!(await dismissNote(caller.userId, params.id))) throw notFound(HOUSEHOLD_MESSAGES.noteNotFound);
  return undefined;
});
