export { OfflineSupport } from "./offline-support.tsx";
