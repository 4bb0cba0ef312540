import { DataSource } from 'typeorm';
import { FirebaseService } from '../src/auth/firebase.service';
import { DEMO, DemoSeedService } from '../src/database/demo-seed.service';
import { Child } from '../src/parents/entities/child.entity';
import { Parent } from '../src/parents/entities/parent.entity';
import { createTestApp, type TestApp } from './utils/create-app';
import { signIn } from './utils/firebase';

const KID_EMAIL = `${DEMO.child.username}@kids.sprout.invalid`;

async function deleteDemoAccounts(firebase: FirebaseService) {
  for (const email of [DEMO.parent.email, DEMO.admin.email, KID_EMAIL]) {
    const uid = await firebase.findUidByEmail(email);
    if (uid) await firebase.deleteUser(uid);
    expect(await firebase.findUidByEmail(email)).toBeNull();
  }
}

/** The custom claims inside an ID token. */
function claimsOf(idToken: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(idToken.split('.')[1], 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('the demo family', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ SEED_DEMO: 'true' });
  });

  afterAll(async () => {
    await deleteDemoAccounts(t.app.get(FirebaseService));
    await t.close();
  });

  async function rows() {
    const db = t.app.get(DataSource);
    const child = await db.getRepository(Child).findOneByOrFail({ username: DEMO.child.username });
    const parent = await db.getRepository(Parent).findOneByOrFail({ email: DEMO.parent.email });
    return { child, parent };
  }

  it('is seeded at start with working logins that match the rows', async () => {
    const { child, parent } = await rows();
    expect((await signIn(KID_EMAIL, DEMO.child.password)).uid).toBe(child.uid);
    expect((await signIn(DEMO.parent.email, DEMO.parent.password)).uid).toBe(parent.uid);
    expect(child.parentUid).toBe(parent.uid);
  });

  it('restores lost emulator accounts under the uids the database already has', async () => {
    const before = await rows();
    await deleteDemoAccounts(t.app.get(FirebaseService));
    await t.app.get(DemoSeedService).onApplicationBootstrap();
    const after = await rows();
    expect(after.child.uid).toBe(before.child.uid);
    expect(after.parent.uid).toBe(before.parent.uid);
    const kid = await signIn(KID_EMAIL, DEMO.child.password);
    expect(kid.uid).toBe(before.child.uid);
    expect(claimsOf(kid.idToken)).toMatchObject({ role: 'kid', parent: before.parent.uid });
    expect((await signIn(DEMO.parent.email, DEMO.parent.password)).uid).toBe(before.parent.uid);
    const admin = await signIn(DEMO.admin.email, DEMO.admin.password);
    expect(claimsOf(admin.idToken)).toMatchObject({ admin: true, role: 'parent' });
  });

  it('replaces a kept demo child account when the database is new', async () => {
    const other = await createTestApp({ SEED_DEMO: 'true' });
    try {
      const db = other.app.get(DataSource);
      const child = await db
        .getRepository(Child)
        .findOneByOrFail({ username: DEMO.child.username });
      expect((await signIn(KID_EMAIL, DEMO.child.password)).uid).toBe(child.uid);
    } finally {
      await other.close();
    }
  });
});
