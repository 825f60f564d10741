/**
 * The push room: the devices a user turned notifications on for, and the day's push to each. Writes
 * the items `push_device` (and the profile's count of them) and `push_send`. The only module outside
 * this folder may import from it; it builds on the sending room and the store's base.
 */

export {
  addPushDevice,
  DeviceLimitError,
  listPushDevices,
  publicDevice,
  removePushDevice,
  type StoredPushDevice,
} from './pushDevices.ts';
export { claimPush, recordPushFailed, recordPushGone, recordPushSent } from './pushSends.ts';
