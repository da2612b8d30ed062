// The random walk's oracle for the field merge: every write of a field by the device or the office,
// with the real time it was made (a retried change counts from its retry). The value that must stand is
// that of the last write not discarded, whatever the device's clock said.
interface Write {
  record: string;
  value: unknown;
  at: number;
  /** The device's mutation; null for the office's writes. */
  mutation: string | null;
}

export class FieldWrites {
  private readonly writes = new Map<string, Write[]>();
  private readonly lastDevice = new Map<string, number>();

  record(record: string, field: string, value: unknown, mutation: string | null, at = Date.now()) {
    const key = `${record}|${field}`;
    this.writes.set(key, [...(this.writes.get(key) ?? []), { record, value, at, mutation }]);
    if (mutation) this.lastDevice.set(record, at);
  }

  /** The user sent a change again after a conflict: it is made now. */
  retried(mutation: string, at = Date.now()) {
    for (const list of this.writes.values())
      for (const write of list)
        if (write.mutation === mutation) {
          write.at = at;
          this.lastDevice.set(write.record, at);
        }
  }

  /** The user discarded these changes: they never happened. */
  discarded(mutations: ReadonlySet<string>) {
    for (const [key, list] of this.writes)
      this.writes.set(
        key,
        list.filter((write) => !write.mutation || !mutations.has(write.mutation)),
      );
  }

  /** The value that must stand: the last write's, null when nobody wrote the field. */
  expected(record: string, field: string): unknown {
    const list = this.writes.get(`${record}|${field}`) ?? [];
    return (
      list.reduce<Write | null>((last, write) => (!last || write.at >= last.at ? write : last), null)
        ?.value ?? null
    );
  }

  /** Milliseconds since the device last changed the record (infinite if never). */
  sinceDevice(record: string, now = Date.now()): number {
    const at = this.lastDevice.get(record);
    return at === undefined ? Number.POSITIVE_INFINITY : now - at;
  }
}
