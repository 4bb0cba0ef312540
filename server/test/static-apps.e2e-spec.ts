import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { createTestApp, type TestApp } from './utils/create-app';

/** The embedded one-port mode serves the three apps with the same routes as nginx. */
describe('serving the three apps in embedded mode', () => {
  let t: TestApp;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sprout-static-'));

  beforeAll(async () => {
    for (const app of ['parents-web', 'kids-web', 'admin-web']) {
      const dist = path.join(root, app, 'dist');
      fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><title>${app}</title>`);
      fs.writeFileSync(path.join(dist, 'assets', `${app}-abc123.js`), `console.log('${app}')`);
    }
    t = await createTestApp({ STATIC_DIR: root });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', 'parents-web'],
    ['/parents/login', 'parents-web'],
    ['/parents/dashboard', 'parents-web'],
    ['/Terms', 'parents-web'],
    ['/terms', 'parents-web'],
    ['/privacy', 'parents-web'],
    ['/account-deletion', 'parents-web'],
    ['/kids/login', 'kids-web'],
    ['/chat', 'kids-web'],
    ['/admin', 'admin-web'],
    ['/admin/anything', 'admin-web'],
  ])('serves %s from %s, never cached, with security headers', async (route, app) => {
    const res = await request(t.server).get(route).expect(200);
    expect(res.text).toContain(`<title>${app}</title>`);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain(
      app === 'kids-web' ? 'microphone=(self)' : 'microphone=()',
    );
  });

  it('serves hashed assets for a year', async () => {
    const res = await request(t.server).get('/kids/assets/kids-web-abc123.js').expect(200);
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    await request(t.server).get('/assets/parents-web-abc123.js').expect(200);
    await request(t.server).get('/admin/assets/admin-web-abc123.js').expect(200);
  });

  it('keeps the API routes and answers unknown pages with a 404', async () => {
    await request(t.server).get('/api/health-check').expect(200);
    await request(t.server).get('/nothing-here').expect(404);
  });
});
