export { getDeviceId } from './device-id';
export { endSession, signOut, startSession } from './session';
