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
    const parentUid = await this.ensureUser(DEMO.parent.email, DEMO.parent.password, {
      role: 'parent',
    });
    if (!(await this.parents.find(parentUid)))
      await this.parents.register(parentUid, DEMO.parent.email);
    if (!(await this.children.findByUsername(DEMO.child.username))) {
      await this.children.add(parentUid, { ...DEMO.child, filter: 'moderate' });
    }
    const adminUid = await this.ensureUser(DEMO.admin.email, DEMO.admin.password, {
      role: 'parent',
      admin: true,
    });
    if (!(await this.parents.find(adminUid)))
      await this.parents.register(adminUid, DEMO.admin.email);
    this.logger.log('demo family ready');
  }

  private async ensureUser(email: string, password: string, claims: Record<string, unknown>) {
    const uid =
      (await this.firebase.findUidByEmail(email)) ??
      (await this.firebase.createUser(email, password));
    await this.firebase.mergeClaims(uid, claims);
    return uid;
  }
}
