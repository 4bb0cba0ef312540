// nginx in front of Sprout (ARCHITECTURE §2): renders nginx/templates/sprout.conf.template for
// Docker Compose or for `npm run start:nginx`, finds or installs Debian's nginx and runs it in
// the foreground. Also a small CLI: `node scripts/nginx.mjs render --target docker`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const TEMPLATE_PATH = path.join(REPO_ROOT, 'nginx', 'templates', 'sprout.conf.template');

/** Where the Dockerfile copies the three builds inside the nginx image. */
export const DOCKER_ROOTS = {
  parents: '/usr/share/sprout/parents',
  kids: '/usr/share/sprout/kids',
  admin: '/usr/share/sprout/admin',
};

/** The three builds in a checkout, for the local target. */
export const LOCAL_ROOTS = {
  parents: path.join(REPO_ROOT, 'parents-web', 'dist'),
  kids: path.join(REPO_ROOT, 'kids-web', 'dist'),
  admin: path.join(REPO_ROOT, 'admin-web', 'dist'),
};

/**
 * In the Docker image the Auth emulator's origin (Compose `local` profile) is only known when the
 * container starts: the official nginx image's entrypoint fills this in with envsubst (empty when
 * the variable is empty, so production allows no emulator at all).
 */
export const DOCKER_AUTH_EMULATOR_PLACEHOLDER = '${SPROUT_AUTH_EMULATOR_ORIGIN}';

/** Modules whose temp paths must live under the prefix when present in the binary. */
const TEMP_PATH_MODULES = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

const NGINX_CANDIDATES = [
  '/usr/sbin/nginx',
  '/usr/local/sbin/nginx',
  '/usr/local/nginx/sbin/nginx',
];

/**
 * The origin the browser uses to reach the Firebase Auth emulator, from the server's
 * FIREBASE_AUTH_EMULATOR_HOST (`host:port`, which the apps receive as `http://host:port`) or a full
 * `http(s)://host:port` origin. Null when there is no emulator.
 */
export function authEmulatorOrigin(value) {
  if (value === undefined || value === null || value === '' || value === false) return null;
  if (value === DOCKER_AUTH_EMULATOR_PLACEHOLDER) return value;
  if (typeof value !== 'string') {
    throw new Error('authEmulator must be the emulator host:port (FIREBASE_AUTH_EMULATOR_HOST).');
  }
  const origin = /^https?:\/\//.test(value) ? value.replace(/\/+$/, '') : `http://${value}`;
  if (!/^https?:\/\/([\w.-]+|\[[0-9a-fA-F:]+\]):\d{1,5}$/.test(origin)) {
    throw new Error(`Auth emulator "${value}" must be host:port, e.g. 127.0.0.1:9099.`);
  }
  return origin;
}

/**
 * The Content-Security-Policy of the three apps, the same as the server's own in embedded mode
 * (server/src/app.setup.ts): the Firebase web SDK's auth endpoints and the Google sign-in popup
 * (apis.google.com script, *.firebaseapp.com frame), Google Analytics, and images the chat may
 * show. Stripe Checkout is a full-page redirect, so nothing of Stripe's here. `authEmulator`: the
 * emulator the browser talks to directly (embedded and test stacks only).
 */
export function contentSecurityPolicy({ authEmulator = null } = {}) {
  const emulatorOrigin = authEmulatorOrigin(authEmulator);
  const connect = [
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://www.googleapis.com',
    'https://www.google-analytics.com',
    'https://*.google-analytics.com',
    'https://*.googletagmanager.com',
    ...(emulatorOrigin ? [emulatorOrigin] : []),
  ];
  return [
    "default-src 'self'",
    "script-src 'self' https://apis.google.com https://www.googletagmanager.com",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    'frame-src https://*.firebaseapp.com https://accounts.google.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Security and caching headers of one kind of static response. */
function headerLines({ cache, microphone, csp }) {
  const headers = [
    ['Cache-Control', cache],
    ['Content-Security-Policy', csp],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', `microphone=(${microphone ? 'self' : ''}), camera=(), geolocation=()`],
    // The Google sign-in popup must be able to report back to the page that opened it.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
  return headers.map(([name, value]) => `add_header ${name} "${value}" always;`);
}

const PAGE_CACHE = 'no-cache';
const ASSET_CACHE = 'public, max-age=31536000, immutable';

/**
 * Renders the nginx configuration.
 * - `target`: 'docker' (the nginx image of docker-compose.yml) or 'local' (`npm run start:nginx`).
 * - `upstreams`: server addresses (`host:port`), one per replica.
 * - `roots`: `{parents, kids, admin}` folders holding each app's build.
 * - `prefix`: local only; pid, logs and every temp path live under it.
 * - `port` / `host`: what to listen on (docker: 80 on all addresses).
 * - `authEmulator`: the Auth emulator's `host:port` (FIREBASE_AUTH_EMULATOR_HOST) to allow in
 *   connect-src; local default none; docker default the SPROUT_AUTH_EMULATOR_ORIGIN placeholder.
 * - `user`: the `user` directive for the worker processes (local, when started as root).
 * - `tempPathModules`: modules compiled into the binary that need a temp path (local).
 */
export function renderNginxConfig(options = {}) {
  const target = options.target ?? 'local';
  if (target !== 'docker' && target !== 'local') {
    throw new Error(`Unknown nginx target "${target}": use "docker" or "local".`);
  }
  const docker = target === 'docker';
  const upstreams = options.upstreams ?? (docker ? ['server:8080'] : ['127.0.0.1:8081']);
  if (!Array.isArray(upstreams) || upstreams.length === 0) {
    throw new Error('renderNginxConfig needs at least one upstream (host:port).');
  }
  for (const upstream of upstreams) {
    if (!/^[\w.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(upstream)) {
      throw new Error(`Upstream "${upstream}" must be host:port.`);
    }
  }
  const roots = { ...(docker ? DOCKER_ROOTS : LOCAL_ROOTS), ...options.roots };
  const port = options.port ?? (docker ? 80 : 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`nginx port must be a whole number from 1 to 65535 (got ${port}).`);
  }
  const listen = options.host ? `${options.host}:${port}` : String(port);
  const csp = contentSecurityPolicy({
    authEmulator: options.authEmulator ?? (docker ? DOCKER_AUTH_EMULATOR_PLACEHOLDER : null),
  });

  let mainDirectives;
  let httpPaths;
  if (docker) {
    mainDirectives = ['user nginx;', 'pid /var/run/nginx.pid;', 'error_log stderr warn;'];
    httpPaths = ['access_log /dev/stdout sprout;'];
  } else {
    if (!options.prefix) throw new Error('The local nginx target needs a prefix directory.');
    const prefix = path.resolve(options.prefix);
    const modules = options.tempPathModules ?? TEMP_PATH_MODULES;
    mainDirectives = [
      ...(options.user ? [`user ${options.user};`] : []),
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
    ];
    httpPaths = [
      `access_log ${path.join(prefix, 'logs', 'access.log')} sprout;`,
      ...modules.map((name) => `${name}_temp_path ${path.join(prefix, 'temp', name)};`),
    ];
  }

  const values = {
    target,
    main_directives: mainDirectives,
    worker_processes: String(options.workerProcesses ?? (docker ? 'auto' : 1)),
    http_paths: httpPaths,
    client_max_body_size: options.clientMaxBodySize ?? '1m',
    // Docker: Compose's DNS (127.0.0.11) is asked again every 10 s for the replicas behind a name
    // (the `resolve` parameter, nginx 1.27.3 and later, needs the shared zone).
    resolver: docker ? ['resolver 127.0.0.11 valid=10s ipv6=off;'] : [],
    upstream_zone: docker ? ['zone sprout_api 256k;'] : [],
    upstream_servers: upstreams.map((address) => {
      const resolve = docker && !/^[\d.]+:\d+$|^\[/.test(address) ? ' resolve' : '';
      return `server ${address}${resolve} max_fails=3 fail_timeout=10s;`;
    }),
    listen,
    parents_root: stripSlash(roots.parents),
    kids_root: stripSlash(roots.kids),
    admin_root: stripSlash(roots.admin),
    headers_page: headerLines({ cache: PAGE_CACHE, microphone: false, csp }),
    headers_assets: headerLines({ cache: ASSET_CACHE, microphone: false, csp }),
    headers_kids_page: headerLines({ cache: PAGE_CACHE, microphone: true, csp }),
    headers_kids_assets: headerLines({ cache: ASSET_CACHE, microphone: true, csp }),
  };
  return fillTemplate(fs.readFileSync(TEMPLATE_PATH, 'utf8'), values);
}

function stripSlash(dir) {
  if (typeof dir !== 'string' || dir === '')
    throw new Error('Every app root must be a folder path.');
  if (/[\s;{}"']/.test(dir)) throw new Error(`App root "${dir}" has characters nginx cannot take.`);
  return dir.length > 1 ? dir.replace(/\/+$/, '') : dir;
}

/** Replaces `{{name}}` placeholders; a list value becomes one line each at the placeholder's indent. */
function fillTemplate(template, values) {
  const used = new Set();
  const out = template.replace(/^([ \t]*)\{\{(\w+)\}\}[ \t]*$/gm, (match, indent, name) => {
    const value = lookup(values, name, used);
    return Array.isArray(value)
      ? value.map((line) => `${indent}${line}`).join('\n')
      : indent + value;
  });
  const result = out.replace(/\{\{(\w+)\}\}/g, (match, name) => {
    const value = lookup(values, name, used);
    if (Array.isArray(value))
      throw new Error(`Placeholder {{${name}}} must stand on its own line.`);
    return value;
  });
  const unused = Object.keys(values).filter((name) => !used.has(name));
  if (unused.length > 0) throw new Error(`Template does not use: ${unused.join(', ')}`);
  return result;
}

function lookup(values, name, used) {
  if (!Object.hasOwn(values, name))
    throw new Error(`Template placeholder {{${name}}} has no value.`);
  used.add(name);
  return values[name];
}

/** The nginx binary: $NGINX_BIN, Debian's /usr/sbin/nginx, other usual places, then PATH. */
export function findNginx() {
  const candidates = [process.env.NGINX_BIN, ...NGINX_CANDIDATES].filter(Boolean);
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir) candidates.push(path.join(dir, 'nginx'));
  }
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** Installs Debian's nginx-light when nginx is missing and we are root; else a clear error. */
export function installNginxIfMissing() {
  const found = findNginx();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const aptGet = ['/usr/bin/apt-get', '/bin/apt-get'].find((file) => fs.existsSync(file));
  if (!isRoot || !aptGet) {
    throw new Error(
      'nginx is not installed. Install it (Debian/Ubuntu: sudo apt-get install -y nginx-light) ' +
        'or set NGINX_BIN to its path, then run npm run start:nginx again.',
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync(aptGet, ['install', '-y', '--no-install-recommends', 'nginx-light'], {
      stdio: 'inherit',
      env,
    });
  process.stdout.write('nginx is missing: installing nginx-light with apt-get...\n');
  let result = install();
  if (result.status !== 0) {
    // A fresh image has no package lists yet.
    spawnSync(aptGet, ['update'], { stdio: 'inherit', env });
    result = install();
  }
  const installed = findNginx();
  if (result.status !== 0 || !installed) {
    throw new Error('apt-get could not install nginx-light; install nginx yourself and try again.');
  }
  return installed;
}

/** Which temp-path modules this binary has (Debian's has all five; custom builds may drop some). */
export function tempPathModulesOf(nginxBin) {
  const result = spawnSync(nginxBin, ['-V'], { encoding: 'utf8' });
  const text = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  return TEMP_PATH_MODULES.filter(
    (name) => name === 'client_body' || !text.includes(`--without-http_${name}_module`),
  );
}

/**
 * Renders the local configuration under `prefix`, checks it with `nginx -t` and starts nginx in
 * the foreground. Returns the child process (stop it with SIGQUIT for a graceful stop, or SIGTERM).
 */
export function startNginx({
  port,
  upstreams,
  prefix = path.resolve(process.env.DATA_DIR || path.join(REPO_ROOT, 'data'), 'nginx'),
  roots = LOCAL_ROOTS,
  host,
  authEmulator = null,
  nginxBin = installNginxIfMissing(),
  stdio = 'inherit',
} = {}) {
  const root = path.resolve(prefix);
  for (const dir of ['logs', 'temp']) fs.mkdirSync(path.join(root, dir), { recursive: true });
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const config = renderNginxConfig({
    target: 'local',
    port,
    host,
    upstreams,
    roots,
    prefix: root,
    authEmulator,
    // Started as root, the workers run as the same user as the rest of the embedded stack, which
    // owns the builds and DATA_DIR (nginx would otherwise drop to "nobody").
    user: isRoot ? 'root' : undefined,
    tempPathModules: tempPathModulesOf(nginxBin),
  });
  const configFile = path.join(root, 'nginx.conf');
  fs.writeFileSync(configFile, config);
  // -e: the log for messages written before the configuration is read (Debian's default,
  // /var/log/nginx/error.log, is not writable for everyone).
  const errorLog = path.join(root, 'logs', 'error.log');
  const check = spawnSync(nginxBin, ['-t', '-q', '-p', root, '-e', errorLog, '-c', configFile], {
    encoding: 'utf8',
  });
  if (check.status !== 0) {
    throw new Error(`nginx rejected ${configFile}:\n${check.stderr || check.stdout}`);
  }
  return spawn(nginxBin, ['-p', root, '-e', errorLog, '-c', configFile, '-g', 'daemon off;'], {
    stdio,
  });
}

function parseArgs(argv) {
  const args = { _: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [key, inline] = arg.slice(2).split('=', 2);
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) throw new Error(`--${key} needs a value.`);
      (args[key] ??= []).push(value);
    } else {
      args._.push(arg);
    }
  }
  return args;
}

function main(argv) {
  const args = parseArgs(argv);
  if (args._[0] !== 'render') {
    process.stderr.write(
      'Usage: node scripts/nginx.mjs render --target docker|local [--upstream host:port ...]\n' +
        '       [--port N] [--prefix DIR] [--auth-emulator host:port] [--out FILE]\n',
    );
    return 64;
  }
  const target = args.target?.[0] ?? 'docker';
  const config = renderNginxConfig({
    target,
    upstreams: args.upstream,
    port: args.port ? Number(args.port[0]) : undefined,
    authEmulator: args['auth-emulator']?.[0],
    prefix:
      args.prefix?.[0] ?? (target === 'local' ? path.join(REPO_ROOT, 'data', 'nginx') : undefined),
  });
  if (args.out) fs.writeFileSync(args.out[0], config);
  else process.stdout.write(config);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}
