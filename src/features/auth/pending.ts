// How many local changes and files of the signed-in user still wait to be sent. The offline engine
// provides the count (the shell sets it); logout warns with it, and an ended session notes it.

/** How many local changes still wait to be sent; the sync layer provides it (none until it exists). */
export type PendingChangesCheck = () => Promise<number>;

let pendingChangesCheck: PendingChangesCheck = async () => 0;

/** The offline engine calls this once at start so logout can warn about unsent changes. */
export function setPendingChangesCheck(check: PendingChangesCheck): void {
  pendingChangesCheck = check;
}

export async function pendingChangesCount(): Promise<number> {
  try {
    return await pendingChangesCheck();
  } catch {
    return 0;
  }
}
