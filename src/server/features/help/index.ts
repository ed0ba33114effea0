// What other features use of help requests: the live view's raised hands, and the student topic.
export { openHelpRequestsFor } from "./help.service.ts";
export { pingStudent, userTopic } from "./notify.ts";
