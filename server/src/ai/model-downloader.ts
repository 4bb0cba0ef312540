import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** A model file the server knows by URL, pinned by size and SHA-256 (ARCHITECTURE §11). */
export interface PinnedModel {
  label: string;
  licence: string;
  size: number;
  sha256: string;
}

/**
 * Qwen2.5-0.5B-Instruct Q4_K_M from Qwen's own repository, Apache-2.0. Size and SHA-256 are the
 * Git LFS object of revision 9217f5db79a29953eb74d5343926648285ec7e67 (the file has not changed
 * on `main` since that revision).
 */
const QWEN_05B_Q4_K_M: PinnedModel = {
  label: 'Qwen2.5-0.5B-Instruct Q4_K_M',
  licence: 'Apache-2.0',
  size: 491_400_032,
  sha256: '74a4da8c9fdbcd15bd1f6d01d621410d31c6fc00986f5eb687824e7b93d7a9db',
};
const QWEN_REPO = 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve';
export const PINNED_MODELS: Record<string, PinnedModel> = {
  [`${QWEN_REPO}/main/qwen2.5-0.5b-instruct-q4_k_m.gguf`]: QWEN_05B_Q4_K_M,
  [`${QWEN_REPO}/9217f5db79a29953eb74d5343926648285ec7e67/qwen2.5-0.5b-instruct-q4_k_m.gguf`]:
    QWEN_05B_Q4_K_M,
};

export class ModelDownloadError extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help (wrong checksum, 404, not a GGUF file). */
    readonly retryable = true,
  ) {
    super(message);
    this.name = 'ModelDownloadError';
  }
}

export interface DownloadOptions {
  url: string;
  destination: string;
  expectedSize?: number | null;
  expectedSha256?: string | null;
  /** Attempts in all; each starts again from the first byte. */
  attempts?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
  /** Where the progress bar goes (default stderr). */
  progressOutput?: ProgressOutput;
  onRetry?: (attempt: number, error: Error) => void;
  onProgress?: (received: number, total: number | null) => void;
}

export type ProgressOutput = Pick<NodeJS.WriteStream, 'write'> & { isTTY?: boolean };

const GGUF_MAGIC = 'GGUF';

/**
 * Downloads a GGUF file to a temporary file next to `destination`, shows progress, checks the
 * size, the GGUF header and the SHA-256, then renames it into place. Nothing is left behind on
 * failure, and `destination` only ever holds a complete, verified file.
 */
export async function downloadModel(
  options: DownloadOptions,
): Promise<{ size: number; sha256: string }> {
  const attempts = Math.max(1, options.attempts ?? 3);
  await fs.mkdir(path.dirname(options.destination), { recursive: true });
  const temp = `${options.destination}.${process.pid}.part`;
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await downloadOnce(options, temp);
      await fs.rename(temp, options.destination);
      return result;
    } catch (error) {
      await fs.rm(temp, { force: true });
      const failure = asDownloadError(error);
      if (options.signal?.aborted || !failure.retryable || attempt >= attempts) {
        if (failure.retryable && attempts > 1) failure.message += ` (after ${attempt} attempts)`;
        throw failure;
      }
      options.onRetry?.(attempt, failure);
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 2_000));
    }
  }
}

async function downloadOnce(
  options: DownloadOptions,
  temp: string,
): Promise<{ size: number; sha256: string }> {
  const response = await fetch(options.url, {
    redirect: 'follow',
    signal: options.signal,
    headers: { 'user-agent': 'sprout-server (model download)' },
  });
  if (!response.ok || !response.body) {
    const retryable = response.status >= 500 || response.status === 408 || response.status === 429;
    throw new ModelDownloadError(
      `the server answered ${response.status} ${response.statusText}`.trim(),
      retryable,
    );
  }
  const announced = Number(response.headers.get('content-length')) || null;
  const expected = options.expectedSize ?? null;
  if (expected !== null && announced !== null && announced !== expected) {
    throw new ModelDownloadError(
      `the server offers ${announced} bytes, but the file should have ${expected}`,
      false,
    );
  }
  const total = expected ?? announced;
  const hash = createHash('sha256');
  const bar = new ProgressBar(
    path.basename(options.destination),
    total,
    options.progressOutput ?? process.stderr,
  );
  let received = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (total !== null && received > total) {
        callback(
          new ModelDownloadError(`the server sent more than the expected ${total} bytes`, false),
        );
        return;
      }
      hash.update(chunk);
      bar.update(received);
      options.onProgress?.(received, total);
      callback(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      meter,
      createWriteStream(temp),
    );
  } finally {
    bar.finish();
  }
  if (total !== null && received !== total) {
    throw new ModelDownloadError(`the connection ended after ${received} of ${total} bytes`);
  }
  if (!(await isGguf(temp)))
    throw new ModelDownloadError('the downloaded file is not a GGUF model', false);
  const sha256 = hash.digest('hex');
  if (options.expectedSha256 && sha256 !== options.expectedSha256.toLowerCase()) {
    throw new ModelDownloadError(
      `checksum mismatch: expected SHA-256 ${options.expectedSha256}, got ${sha256}; the file was discarded`,
      false,
    );
  }
  return { size: received, sha256 };
}

/** True when the file starts with the GGUF magic bytes. */
export async function isGguf(file: string): Promise<boolean> {
  const handle = await fs.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, 0);
    return bytesRead === 4 && buffer.toString('latin1') === GGUF_MAGIC;
  } finally {
    await handle.close();
  }
}

function asDownloadError(error: unknown): ModelDownloadError {
  if (error instanceof ModelDownloadError) return error;
  const err = error as Error & { cause?: { message?: string } };
  const detail = err.cause?.message
    ? `${err.message} (${err.cause.message})`
    : (err?.message ?? String(error));
  return new ModelDownloadError(detail);
}

const MB = 1024 * 1024;
const BAR_WIDTH = 24;

/**
 * A progress bar on stderr: redrawn in place on a terminal (at most five times a second), one
 * line per 10% in logs, with the percentage and the megabytes received.
 */
export class ProgressBar {
  private lastDraw = 0;
  private lastStep = -1;
  private current = 0;
  private finished = false;

  constructor(
    private readonly label: string,
    private readonly total: number | null,
    private readonly out: ProgressOutput,
  ) {}

  update(received: number) {
    this.current = received;
    if (this.out.isTTY) {
      const now = Date.now();
      if (now - this.lastDraw < 200) return;
      this.lastDraw = now;
      this.out.write(`\r${this.line()}`);
      return;
    }
    const step = this.total
      ? Math.floor((received / this.total) * 10)
      : Math.floor(received / (50 * MB));
    if (step !== this.lastStep) {
      this.lastStep = step;
      this.out.write(`${this.line()}\n`);
    }
  }

  finish() {
    if (this.finished) return;
    this.finished = true;
    if (this.out.isTTY) this.out.write(`\r${this.line()}\n`);
  }

  line(): string {
    const mb = (this.current / MB).toFixed(1);
    if (!this.total) return `Downloading ${this.label}: ${mb} MB`;
    const fraction = Math.min(1, this.current / this.total);
    const filled = Math.round(fraction * BAR_WIDTH);
    const percent = String(Math.floor(fraction * 100)).padStart(3);
    return `Downloading ${this.label} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${percent}% ${mb} / ${(this.total / MB).toFixed(1)} MB`;
  }
}
