import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  downloadModel,
  ModelDownloadError,
  ProgressBar,
  type ProgressOutput,
} from './model-downloader';
import { testModelPath } from '../../test/utils/handbook';

/** The repository's tiny GGUF (`../shared/models` beside the repo root) or SPROUT_TEST_MODEL. */

const MODEL = testModelPath();
const BYTES = fs.readFileSync(MODEL);
const SHA256 = createHash('sha256').update(BYTES).digest('hex');
const MB = 1024 * 1024;

/** Serves the test model; `mode` decides how the next request is answered. */
class FileServer {
  requests = 0;
  plan: Array<'ok' | 'cut' | 'missing' | 'text'> = [];
  private readonly server = http.createServer((_req, res) => {
    this.requests++;
    const mode = this.plan.shift() ?? 'ok';
    if (mode === 'missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
      return;
    }
    if (mode === 'text') {
      const body = Buffer.from('<html>Sign in to download</html>');
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': body.length });
      res.end(body);
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'content-length': BYTES.length,
    });
    if (mode === 'cut') {
      // Half the file, then the connection drops.
      res.write(BYTES.subarray(0, BYTES.length >> 1), () => res.destroy());
      return;
    }
    res.end(BYTES);
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/models/tiny.gguf`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

function captureOutput(isTTY = false): ProgressOutput & { text: () => string } {
  let text = '';
  return {
    isTTY,
    write: (chunk: string | Uint8Array) => {
      text += chunk.toString();
      return true;
    },
    text: () => text,
  };
}

describe('downloadModel', () => {
  const server = new FileServer();
  let url: string;
  let dir: string;

  beforeAll(async () => {
    url = await server.start();
  });
  afterAll(() => server.stop());
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-download-'));
    server.requests = 0;
    server.plan = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('downloads, verifies and renames the file into place, showing progress', async () => {
    const destination = path.join(dir, 'models', 'tiny.gguf');
    const output = captureOutput();
    const result = await downloadModel({
      url,
      destination,
      expectedSize: BYTES.length,
      expectedSha256: SHA256,
      progressOutput: output,
    });
    expect(result).toEqual({ size: BYTES.length, sha256: SHA256 });
    expect(fs.readFileSync(destination).equals(BYTES)).toBe(true);
    expect(fs.readdirSync(path.dirname(destination))).toEqual(['tiny.gguf']);
    const lines = output.text().trim().split('\n');
    expect(lines[lines.length - 1]).toBe(
      `Downloading tiny.gguf [########################] 100% ${(BYTES.length / MB).toFixed(1)} / ${(BYTES.length / MB).toFixed(1)} MB`,
    );
    expect(
      lines.every((line) =>
        /^Downloading tiny\.gguf \[[#.]{24}\] +\d+% \d+\.\d \/ 1\.7 MB$/.test(line),
      ),
    ).toBe(true);
  });

  it('starts again from the first byte after a dropped connection', async () => {
    server.plan = ['cut', 'ok'];
    const destination = path.join(dir, 'tiny.gguf');
    const retries: string[] = [];
    await downloadModel({
      url,
      destination,
      expectedSha256: SHA256,
      retryDelayMs: 0,
      progressOutput: captureOutput(),
      onRetry: (attempt, error) => retries.push(`${attempt}: ${error.message}`),
    });
    expect(server.requests).toBe(2);
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatch(/^1: /);
    expect(fs.readFileSync(destination).equals(BYTES)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual(['tiny.gguf']);
  });

  it('gives up after the last attempt and leaves nothing behind', async () => {
    server.plan = ['cut', 'cut'];
    const destination = path.join(dir, 'tiny.gguf');
    await expect(
      downloadModel({
        url,
        destination,
        attempts: 2,
        retryDelayMs: 0,
        progressOutput: captureOutput(),
      }),
    ).rejects.toThrow(/\(after 2 attempts\)$/);
    expect(server.requests).toBe(2);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a file whose checksum does not match, without retrying', async () => {
    const destination = path.join(dir, 'tiny.gguf');
    const wrong = '0'.repeat(64);
    const failure = downloadModel({
      url,
      destination,
      expectedSha256: wrong,
      progressOutput: captureOutput(),
    });
    await expect(failure).rejects.toThrow(
      new ModelDownloadError(
        `checksum mismatch: expected SHA-256 ${wrong}, got ${SHA256}; the file was discarded`,
      ),
    );
    expect(server.requests).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('refuses a file of another size than pinned', async () => {
    const destination = path.join(dir, 'tiny.gguf');
    await expect(
      downloadModel({
        url,
        destination,
        expectedSize: 491_400_032,
        progressOutput: captureOutput(),
      }),
    ).rejects.toThrow(
      `the server offers ${BYTES.length} bytes, but the file should have 491400032`,
    );
    expect(server.requests).toBe(1);
  });

  it('refuses a file that is not a GGUF model', async () => {
    server.plan = ['text'];
    const destination = path.join(dir, 'tiny.gguf');
    await expect(
      downloadModel({ url, destination, progressOutput: captureOutput() }),
    ).rejects.toThrow('the downloaded file is not a GGUF model');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('does not retry a missing file', async () => {
    server.plan = ['missing'];
    await expect(
      downloadModel({
        url,
        destination: path.join(dir, 'tiny.gguf'),
        progressOutput: captureOutput(),
      }),
    ).rejects.toThrow('the server answered 404 Not Found');
    expect(server.requests).toBe(1);
  });
});

describe('ProgressBar', () => {
  it('draws percent and megabytes', () => {
    const bar = new ProgressBar('model.gguf', 400 * MB, captureOutput());
    bar.update(100 * MB);
    expect(bar.line()).toBe(
      'Downloading model.gguf [######..................]  25% 100.0 / 400.0 MB',
    );
  });

  it('shows megabytes only when the size is unknown', () => {
    const bar = new ProgressBar('model.gguf', null, captureOutput());
    bar.update(5 * MB);
    expect(bar.line()).toBe('Downloading model.gguf: 5.0 MB');
  });

  it('redraws in place on a terminal and ends the line when finished', () => {
    const out = captureOutput(true);
    const bar = new ProgressBar('model.gguf', 10 * MB, out);
    bar.update(10 * MB);
    bar.finish();
    expect(out.text()).toBe(
      '\rDownloading model.gguf [########################] 100% 10.0 / 10.0 MB' +
        '\rDownloading model.gguf [########################] 100% 10.0 / 10.0 MB\n',
    );
  });
});
