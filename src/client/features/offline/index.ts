export { queueHandIn } from "./hand-in-queue.ts";
export { OfflineSupport } from "./offline-support.tsx";
export { WAITING_TO_SEND, WaitingToSend } from "./waiting-to-send.tsx";
