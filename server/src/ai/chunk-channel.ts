/**
 * Turns pushed chunks (callbacks such as node-llama-cpp's onTextChunk) into a pull-based stream.
 * Chunks are buffered until read; `end(error)` makes the reader throw after the buffered ones.
 */
export class ChunkChannel<T> {
  private readonly buffer: T[] = [];
  private ended = false;
  private failure: { error: unknown } | null = null;
  private wake: (() => void) | null = null;

  push(item: T): void {
    if (this.ended) return;
    this.buffer.push(item);
    this.notify();
  }

  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    if (error !== undefined) this.failure = { error };
    this.notify();
  }

  async *read(): AsyncGenerator<T, void, undefined> {
    for (;;) {
      if (this.buffer.length) {
        yield this.buffer.shift() as T;
        continue;
      }
      if (this.ended) {
        if (this.failure) throw this.failure.error;
        return;
      }
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
