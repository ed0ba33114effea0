// What the app, main.ts and the retention job use of the user's own data rights (decisions 059, 060).

export { accountPublicRoutes, accountRoutes } from "./account.routes.ts";
export { cancelDeletionOnSignIn, type DeletionDeps } from "./account-deletion.service.ts";
export { eraseAccount, purgeDueAccountDeletions } from "./account-erasure.ts";
export { exportsSettled } from "./data-export.service.ts";
