// nginx in front of Sprout (spec §2, ARCHITECTURE §2): real nginx with the rendered
// configuration, three small fake app builds and a local HTTP upstream standing in for the server.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import {
  DOCKER_AUTH_EMULATOR_PLACEHOLDER,
  contentSecurityPolicy,
  installNginxIfMissing,
  renderNginxConfig,
  startNginx,
} from '../../scripts/nginx.mjs';
import { stopProcess } from '../../scripts/lib/emulator.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EMULATOR = '127.0.0.1:19099';
const PAGE_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=31536000, immutable';
const UNAVAILABLE =
  '{"statusCode":503,"detail":"Sprout is temporarily unavailable. Please try again in a moment."}\n';
const TOO_LARGE = '{"statusCode":413,"detail":"The request is too large."}\n';

let nginxBin = null;
let skipReason = null;
try {
  nginxBin = installNginxIfMissing();
} catch (error) {
  skipReason = `no nginx binary could be found or installed: ${error.message}`;
  process.stdout.write(`# SKIP nginx tests: ${skipReason}\n`);
}

/** A build of one app: index.html naming the app, a hashed script, and a top-level file. */
function writeApp(dir, name, base, topFile) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  // Long enough for gzip (gzip_min_length 256).
  const filler = `<!-- ${'sprout '.repeat(60)} -->`;
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><title>${name}</title>` +
      `<script type="module" src="${base}assets/index-${name}1a2b.js"></script></head>` +
      `<body><div id="root" data-app="${name}"></div>${filler}</body></html>\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'assets', `index-${name}1a2b.js`),
    `export const app = '${name}';\n${'console.log("asset of the app");\n'.repeat(40)}`,
  );
  fs.writeFileSync(
    path.join(dir, topFile),
    `<svg xmlns="http://www.w3.org/2000/svg" id="${name}"/>`,
  );
}

/** Asks the OS for a port nobody listens on. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** One raw HTTP exchange (no automatic decompression), body as a Buffer. */
function request(port, urlPath, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: urlPath, method, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const text = (res) => res.body.toString('utf8');

describe('nginx configuration rendering', () => {
  test('the docker target serves the image folders and leaves the emulator origin to envsubst', () => {
    const conf = renderNginxConfig({ target: 'docker' });
    assert.match(conf, /^\s*server server:8080 resolve max_fails=3 fail_timeout=10s;$/m);
    assert.match(conf, /^\s*zone sprout_api 256k;$/m);
    assert.match(conf, /^\s*resolver 127\.0\.0\.11 valid=10s ipv6=off;$/m);
    assert.match(conf, /^\s*listen 80;$/m);
    assert.match(conf, /^user nginx;$/m);
    assert.match(conf, /alias \/usr\/share\/sprout\/kids\/;/);
    assert.match(conf, /root \/usr\/share\/sprout\/parents;/);
    assert.match(conf, /alias \/usr\/share\/sprout\/admin\/;/);
    assert.ok(conf.includes(`https://*.googletagmanager.com ${DOCKER_AUTH_EMULATOR_PLACEHOLDER};`));
    assert.doesNotMatch(conf, /\{\{\w+\}\}/);
  });

  test('every replica becomes one server line of the upstream', () => {
    const conf = renderNginxConfig({
      target: 'docker',
      upstreams: ['server-1:8080', 'server-2:8080', '10.0.0.7:3000'],
    });
    const servers = conf.match(/^\s*server \S+( resolve)? max_fails=3 fail_timeout=10s;$/gm) ?? [];
    assert.deepEqual(
      servers.map((line) => line.trim()),
      [
        'server server-1:8080 resolve max_fails=3 fail_timeout=10s;',
        'server server-2:8080 resolve max_fails=3 fail_timeout=10s;',
        'server 10.0.0.7:3000 max_fails=3 fail_timeout=10s;',
      ],
    );
  });

  test('bad input is refused with a message', () => {
    assert.throws(() => renderNginxConfig({ target: 'cloud' }), /Unknown nginx target "cloud"/);
    assert.throws(() => renderNginxConfig({ target: 'local' }), /needs a prefix directory/);
    assert.throws(
      () => renderNginxConfig({ target: 'docker', upstreams: ['server'] }),
      /Upstream "server" must be host:port/,
    );
    assert.throws(
      () => renderNginxConfig({ target: 'docker', upstreams: [] }),
      /at least one upstream/,
    );
    assert.throws(
      () => renderNginxConfig({ target: 'docker', port: 70000 }),
      /whole number from 1 to 65535/,
    );
    assert.throws(
      () => renderNginxConfig({ target: 'docker', authEmulator: 'localhost' }),
      /Auth emulator "localhost" must be host:port/,
    );
    assert.throws(
      () => renderNginxConfig({ target: 'docker', roots: { kids: '/srv/my kids' } }),
      /characters nginx cannot take/,
    );
  });

  test('the emulator origin is allowed only when given, exactly as the apps receive it', () => {
    assert.doesNotMatch(contentSecurityPolicy(), /http:\/\//);
    assert.match(
      contentSecurityPolicy({ authEmulator: 'auth.localhost:9099' }),
      / https:\/\/\*\.googletagmanager\.com http:\/\/auth\.localhost:9099; frame-src /,
    );
    assert.match(
      contentSecurityPolicy({ authEmulator: 'http://127.0.0.1:4000/' }),
      / http:\/\/127\.0\.0\.1:4000; frame-src /,
    );
  });

  test('the policy is the one the server sends when it serves the apps itself (npm start)', () => {
    const source = fs.readFileSync(path.join(ROOT, 'server/src/app.setup.ts'), 'utf8');
    for (const directive of contentSecurityPolicy().split('; ')) {
      if (directive.startsWith('connect-src ')) {
        assert.ok(source.includes(`\`${directive}\${`), directive);
      } else {
        assert.ok(
          source.includes(`"${directive}"`) || source.includes(`'${directive}'`),
          directive,
        );
      }
    }
  });

  test(
    'the docker rendering passes nginx -t once the container fills in its variables',
    {
      skip: skipReason ?? false,
    },
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-nginx-docker-'));
      try {
        const conf = renderNginxConfig({ target: 'docker' })
          .replaceAll(DOCKER_AUTH_EMULATOR_PLACEHOLDER, 'http://auth.localhost:9099')
          // No "nginx" user, no /var/run access and no "server" host on a test machine: everything
          // else is exactly what the image runs.
          .replace(/^user nginx;$/m, '')
          // `resolve` (nginx 1.27.3+, the image has 1.28) is unknown to older Debian builds.
          .replace('server server:8080 resolve ', 'server 127.0.0.1:8080 ')
          .replace('pid /var/run/nginx.pid;', `pid ${path.join(dir, 'nginx.pid')};`)
          // The container's stdout is a pipe; the test runner's is a socket nginx cannot open.
          .replace(
            'access_log /dev/stdout sprout;',
            `access_log ${path.join(dir, 'access.log')} sprout;`,
          );
        fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
        const errorLog = path.join(dir, 'error.log');
        const check = spawnSync(
          nginxBin,
          ['-t', '-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')],
          { encoding: 'utf8' },
        );
        assert.equal(check.status, 0, check.stderr);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('nginx in front of three builds and the API', { skip: skipReason ?? false }, () => {
  let dir;
  let upstream;
  let nginx;
  let port;
  const seen = [];
  /** Resolved by the test once it has received the first chunk of the chat stream. */
  let chunkOneReceived;
  let upstreamFinishedChat = false;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-nginx-test-'));
    writeApp(path.join(dir, 'parents'), 'parents', '/', 'favicon.svg');
    writeApp(path.join(dir, 'kids'), 'kids', '/kids/', 'kids-icon.svg');
    writeApp(path.join(dir, 'admin'), 'admin', '/admin/', 'admin-icon.svg');

    upstream = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: req.method, url: req.url, headers: req.headers, body });
        if (req.method === 'POST' && req.url === '/api/kids/chat') {
          res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
          res.write('Once upon a time, ');
          // The second chunk goes out only after the client has the first through nginx.
          void chunkOneReceived.promise.then(() => {
            upstreamFinishedChat = true;
            res.end('a sprout grew tall.');
          });
          return;
        }
        if (req.url === '/api/billing/webhook') {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ received: body.toString('base64') }));
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ status: 'ok', path: req.url, padding: 'x'.repeat(600) }));
      });
    });
    await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));

    port = await freePort();
    nginx = startNginx({
      port,
      host: '127.0.0.1',
      upstreams: [`127.0.0.1:${upstream.address().port}`],
      prefix: path.join(dir, 'prefix'),
      roots: {
        parents: path.join(dir, 'parents'),
        kids: path.join(dir, 'kids'),
        admin: path.join(dir, 'admin'),
      },
      authEmulator: EMULATOR,
      nginxBin,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // nginx is up once it answers its own health location.
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
      try {
        if ((await request(port, '/healthz')).status === 200) break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });

  after(async () => {
    if (nginx) await stopProcess(nginx, 'SIGQUIT');
    if (upstream) {
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function assertSecurityHeaders(res, { microphone }) {
    const csp = res.headers['content-security-policy'];
    assert.equal(csp, contentSecurityPolicy({ authEmulator: EMULATOR }));
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, / http:\/\/127\.0\.0\.1:19099; /);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(
      res.headers['permissions-policy'],
      `microphone=(${microphone ? 'self' : ''}), camera=(), geolocation=()`,
    );
    assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin-allow-popups');
    assert.equal(res.headers.server, 'nginx');
  }

  const routes = [
    ['/', 'parents'],
    ['/parents', 'parents'],
    ['/parents/login', 'parents'],
    ['/parents/signup', 'parents'],
    ['/parents/forgot-password', 'parents'],
    ['/parents/dashboard', 'parents'],
    ['/parents/subscription-renewal', 'parents'],
    ['/Terms', 'parents'],
    ['/terms', 'parents'],
    ['/privacy', 'parents'],
    ['/privacy/', 'parents'],
    ['/account-deletion', 'parents'],
    ['/parents/login?next=%2Fadmin', 'parents'],
    ['/kids', 'kids'],
    ['/kids/', 'kids'],
    ['/kids/login', 'kids'],
    ['/kids/some/deep/link', 'kids'],
    ['/chat', 'kids'],
    ['/chat/', 'kids'],
    ['/chat?mode=Explain', 'kids'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/admin/suite/chat', 'admin'],
  ];
  for (const [route, app] of routes) {
    test(`GET ${route} serves the ${app} app, never cached, with the security headers`, async () => {
      const res = await request(port, route);
      assert.equal(res.status, 200);
      assert.match(text(res), new RegExp(`data-app="${app}"`));
      assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
      assert.equal(res.headers['cache-control'], PAGE_CACHE);
      assertSecurityHeaders(res, { microphone: app === 'kids' });
    });
  }

  test('an unknown path is the parents app (its own "not found" page) with status 404', async () => {
    for (const route of ['/nope', '/kidz/login', '/chat/history', '/administrator']) {
      const res = await request(port, route);
      assert.equal(res.status, 404, route);
      assert.match(text(res), /data-app="parents"/, route);
      assert.equal(res.headers['cache-control'], PAGE_CACHE, route);
      assertSecurityHeaders(res, { microphone: false });
    }
  });

  test('hashed assets of each app are cached for a year, immutable', async () => {
    for (const [urlPath, app] of [
      ['/assets/index-parents1a2b.js', 'parents'],
      ['/kids/assets/index-kids1a2b.js', 'kids'],
      ['/admin/assets/index-admin1a2b.js', 'admin'],
    ]) {
      const res = await request(port, urlPath);
      assert.equal(res.status, 200, urlPath);
      assert.match(text(res), new RegExp(`^export const app = '${app}';`), urlPath);
      assert.equal(res.headers['content-type'], 'application/javascript; charset=utf-8', urlPath);
      assert.equal(res.headers['cache-control'], ASSET_CACHE, urlPath);
      assertSecurityHeaders(res, { microphone: app === 'kids' });
    }
  });

  test('a missing asset is a plain 404, never an HTML page', async () => {
    for (const urlPath of [
      '/assets/index-gone.js',
      '/kids/assets/index-gone.js',
      '/admin/assets/index-gone.js',
    ]) {
      const res = await request(port, urlPath);
      assert.equal(res.status, 404, urlPath);
      assert.doesNotMatch(text(res), /data-app=/, urlPath);
    }
  });

  test('other files of each build are served from its folder', async () => {
    for (const [urlPath, app] of [
      ['/favicon.svg', 'parents'],
      ['/kids/kids-icon.svg', 'kids'],
      ['/admin/admin-icon.svg', 'admin'],
    ]) {
      const res = await request(port, urlPath);
      assert.equal(res.status, 200, urlPath);
      assert.equal(res.headers['content-type'], 'image/svg+xml; charset=utf-8', urlPath);
      assert.match(text(res), new RegExp(`id="${app}"`), urlPath);
    }
  });

  test('pages, assets and API answers are gzipped for clients that accept it', async () => {
    for (const urlPath of ['/', '/kids/assets/index-kids1a2b.js', '/api/health-check']) {
      const plain = await request(port, urlPath);
      const res = await request(port, urlPath, { headers: { 'Accept-Encoding': 'gzip' } });
      assert.equal(res.status, 200, urlPath);
      assert.equal(res.headers['content-encoding'], 'gzip', urlPath);
      assert.equal(res.headers.vary, 'Accept-Encoding', urlPath);
      assert.ok(res.body.length < plain.body.length, urlPath);
      assert.deepEqual(zlib.gunzipSync(res.body), plain.body, urlPath);
    }
  });

  test('/api is proxied with the forwarding headers and a request id', async () => {
    const res = await request(port, '/api/health-check?deep=1', {
      headers: { Host: 'sprout.example.com', 'X-Forwarded-Proto': 'https' },
    });
    assert.equal(res.status, 200);
    assert.equal(JSON.parse(text(res)).path, '/api/health-check?deep=1');
    const req = seen.findLast((r) => r.url === '/api/health-check?deep=1');
    assert.equal(req.headers.host, 'sprout.example.com');
    assert.equal(req.headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(req.headers['x-forwarded-proto'], 'https');
    assert.equal(req.headers['x-forwarded-host'], 'sprout.example.com');
    assert.match(req.headers['x-request-id'], /^[0-9a-f]{32}$/);

    await request(port, '/api/parents/children', { headers: { 'X-Request-Id': 'trace-42' } });
    assert.equal(
      seen.findLast((r) => r.url === '/api/parents/children').headers['x-request-id'],
      'trace-42',
    );
    await request(port, '/api');
    assert.equal(seen.at(-1).url, '/api');
  });

  // The timeout only ends a hang (a buffering proxy never delivers chunk one); no assertion is timed.
  test(
    'the chat answer streams: chunk one arrives before the server has finished',
    {
      timeout: 60_000,
    },
    async () => {
      let release;
      chunkOneReceived = { promise: new Promise((resolve) => (release = resolve)) };
      const body = JSON.stringify({ prompt: 'Tell me a story', mode: 'Story', history: [] });
      const res = await new Promise((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/kids/chat',
            method: 'POST',
            agent: false,
            headers: {
              'Content-Type': 'application/json',
              'Accept-Encoding': 'gzip',
              Authorization: 'Bearer token',
            },
          },
          resolve,
        );
        req.on('error', reject);
        req.end(body);
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], undefined);
      assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
      const received = [];
      const done = new Promise((resolve, reject) => {
        res.on('end', resolve);
        res.on('error', reject);
      });
      let firstChunk = null;
      let finishedBeforeFirstChunk = null;
      res.on('data', (chunk) => {
        received.push(chunk.toString('utf8'));
        if (firstChunk === null) {
          firstChunk = chunk.toString('utf8');
          finishedBeforeFirstChunk = upstreamFinishedChat;
          release();
        }
      });
      await done;
      assert.equal(firstChunk, 'Once upon a time, ');
      assert.equal(finishedBeforeFirstChunk, false);
      assert.equal(upstreamFinishedChat, true);
      assert.equal(received.join(''), 'Once upon a time, a sprout grew tall.');
      const req = seen.findLast((r) => r.url === '/api/kids/chat');
      assert.equal(req.body.toString('utf8'), body);
      assert.equal(req.headers.authorization, 'Bearer token');
    },
  );

  test('the Stripe webhook body reaches the server byte for byte', async () => {
    const payload = Buffer.from('{"id":"evt_1","type":"invoice.paid"}\r\n  \u00e9', 'utf8');
    const res = await request(port, '/api/billing/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=abc' },
      body: payload,
    });
    assert.equal(res.status, 200);
    assert.deepEqual(Buffer.from(JSON.parse(text(res)).received, 'base64'), payload);
    assert.equal(seen.at(-1).headers['stripe-signature'], 't=1,v1=abc');
  });

  test('a request body over 1 MB is refused with 413 and a JSON detail', async () => {
    const before = seen.length;
    const res = await request(port, '/api/feedback', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: Buffer.alloc(1024 * 1024 + 1, 'a'),
    });
    assert.equal(res.status, 413);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(text(res), TOO_LARGE);
    assert.equal(seen.length, before);
  });

  test('with the server down, /api answers 503 with a JSON detail', async () => {
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
    upstream = null;
    for (const urlPath of ['/api/health-check', '/api/kids/config']) {
      const res = await request(port, urlPath);
      assert.equal(res.status, 503, urlPath);
      assert.equal(res.headers['content-type'], 'application/json; charset=utf-8', urlPath);
      assert.equal(text(res), UNAVAILABLE, urlPath);
    }
    // The apps themselves are still served.
    assert.equal((await request(port, '/kids/login')).status, 200);
  });
});

describe('Docker Compose', () => {
  const compose = ['/usr/bin/docker-compose', '/usr/local/bin/docker-compose'].find((file) =>
    fs.existsSync(file),
  );
  test(
    'docker-compose.yml validates, with and without the local profile',
    {
      skip: compose
        ? false
        : 'docker-compose is not installed (Debian: apt-get install docker-compose)',
    },
    () => {
      // A project folder like an operator's: the compose file and .env made from .env.example.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-compose-'));
      try {
        fs.copyFileSync(
          path.join(ROOT, 'docker-compose.yml'),
          path.join(dir, 'docker-compose.yml'),
        );
        fs.copyFileSync(path.join(ROOT, '.env.example'), path.join(dir, '.env'));
        for (const args of [[], ['--profile', 'local']]) {
          const result = spawnSync(compose, [...args, 'config', '-q'], {
            cwd: dir,
            encoding: 'utf8',
          });
          assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
        }
        const services = spawnSync(compose, ['--profile', 'local', 'config', '--services'], {
          cwd: dir,
          encoding: 'utf8',
        });
        assert.deepEqual(services.stdout.trim().split('\n').sort(), [
          'auth-emulator',
          'mailpit',
          'mysql',
          'nginx',
          'redis',
          'server',
        ]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
