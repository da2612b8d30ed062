// Whose name goes on photos: set by the shell at sign-in without loading the photo code (compression
// library included), read by ./add.ts when a photo is taken.
let stampUser: () => string | null = () => null;

/** The shell says whose name goes on photos (the signed-in user's display name). */
export function setStampUser(source: () => string | null): void {
  stampUser = source;
}

export function currentStampUser(): string | null {
  return stampUser();
}
