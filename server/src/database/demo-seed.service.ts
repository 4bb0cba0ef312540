import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { FirebaseService } from '../auth/firebase.service';
import { ParentsService } from '../parents/parents.service';
import { ChildrenService } from '../parents/children.service';

/** The demo family of the embedded default (SEED_DEMO=true); created once, printed at start. */
export const DEMO = {
  parent: { email: 'parent@demo.sprout.test', password: 'sprout-parent' },
  child: { username: 'demo-kid', password: 'sprout-kid', age: 8 },
  admin: { email: 'admin@demo.sprout.test', password: 'sprout-admin' },
} as const;

@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoSeed');

  constructor(
    private readonly config: AppConfig,
    private readonly firebase: FirebaseService,
    private readonly parents: ParentsService,
    private readonly children: ChildrenService,
  ) {}

  async onApplicationBootstrap() {
    if (!this.config.seedDemo) return;
    if (!this.firebase.usingEmulator) {
      this.logger.warn('SEED_DEMO is only honoured with the Auth emulator; nothing was seeded.');
      return;
    }
    try {
      await this.seed();
    } catch (error) {
      this.logger.error({ msg: 'demo seed failed', error: (error as Error).message });
    }
  }

  private async seed() {
    // The database outlives the emulator's accounts when the emulator could not export them
    // (a killed start): accounts are then restored under the uids the rows already carry.
    const parentUid = await this.ensureUser(
      DEMO.parent.email,
      DEMO.parent.password,
      { role: 'parent' },
      (await this.parents.findByEmail(DEMO.parent.email))?.uid,
    );
    if (!(await this.parents.find(parentUid)))
      await this.parents.register(parentUid, DEMO.parent.email);
    const child = await this.children.findByUsername(DEMO.child.username);
    if (!child) {
      // A new database beside kept emulator accounts: the old demo child account goes first.
      const stale = await this.firebase.findUidByEmail(
        this.children.syntheticEmailFor(DEMO.child.username),
      );
      if (stale) await this.firebase.deleteUser(stale);
      await this.children.add(parentUid, { ...DEMO.child, filter: 'moderate' });
    } else {
      await this.ensureUser(
        this.children.syntheticEmailFor(child.username),
        DEMO.child.password,
        { role: 'kid', parent: child.parentUid },
        child.uid,
      );
    }
    const adminUid = await this.ensureUser(
      DEMO.admin.email,
      DEMO.admin.password,
      { role: 'parent', admin: true },
      (await this.parents.findByEmail(DEMO.admin.email))?.uid,
    );
    if (!(await this.parents.find(adminUid)))
      await this.parents.register(adminUid, DEMO.admin.email);
    this.logger.log('demo family ready');
  }

  private async ensureUser(
    email: string,
    password: string,
    claims: Record<string, unknown>,
    knownUid?: string,
  ) {
    let uid = await this.firebase.findUidByEmail(email);
    if (knownUid && uid && uid !== knownUid) {
      await this.firebase.deleteUser(uid);
      uid = null;
    }
    uid ??= await this.firebase.createUser(email, password, undefined, knownUid);
    await this.firebase.mergeClaims(uid, claims);
    return uid;
  }
}
