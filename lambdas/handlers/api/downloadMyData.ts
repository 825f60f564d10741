import { API } from '../../../shared/routes.ts';
import { route } from '../../features/account/route.ts';
import { myData } from '../../store/wholeAccount/index.ts';

/** 'Download my data': only ever the caller's own partition. */
export const handler = route(API.downloadMyData, async ({ caller }) => myData(caller.userId));
