import type { DataSource, Repository } from 'typeorm';
import { CHILD_MODES } from '@sprout/shared';
import { AppConfig } from '../config/app-config';
import { CacheBus } from '../common/cache-bus';
import type { FirebaseService } from '../auth/firebase.service';
import type { ChatLogsService } from '../chat-logs/chat-logs.service';
import { ChildrenService } from './children.service';
import { Child } from './entities/child.entity';

/** The children table of one database, shared by every replica, counting its reads. */
class Table {
  readonly rows = new Map<string, Child>();
  reads = 0;

  repo() {
    const copy = (c: Child) => Object.assign(new Child(), c, { allowedModes: [...c.allowedModes] });
    const match = (where: Partial<Child>) =>
      [...this.rows.values()].find((c) =>
        Object.entries(where).every(([k, v]) => c[k as keyof Child] === v),
      );
    return {
      findOneBy: async (where: Partial<Child>) => {
        this.reads++;
        const row = match(where);
        return row ? copy(row) : null;
      },
      save: async (child: Child) => {
        this.rows.set(child.uid, copy(child));
        return child;
      },
    } as unknown as Repository<Child>;
  }

  dataSource() {
    const manager = {
      delete: async (_: unknown, where: { uid: string }) => this.rows.delete(where.uid),
    };
    return {
      transaction: async (work: (m: typeof manager) => Promise<void>) => work(manager),
    } as unknown as DataSource;
  }
}

function makeChild(overrides: Partial<Child> = {}): Child {
  return Object.assign(new Child(), {
    uid: 'kid-1',
    parentUid: 'parent-1',
    username: 'sam',
    age: 9,
    filter: 'moderate',
    allowedModes: [...CHILD_MODES],
    preferredVoiceUri: null,
    autoReadWeb: false,
    autoReadMobile: false,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  });
}

/** A replica: its own service and cache, the shared table and bus (Redis between replicas). */
function replica(table: Table, bus: CacheBus) {
  const firebase = { setPassword: async () => undefined, deleteUser: async () => undefined };
  const chatLogs = { deleteForChild: async () => undefined };
  return new ChildrenService(
    table.repo(),
    table.dataSource(),
    firebase as unknown as FirebaseService,
    chatLogs as unknown as ChatLogsService,
    new AppConfig({}),
    bus,
  );
}

describe('ChildrenService cache', () => {
  let table: Table;
  let bus: CacheBus;

  beforeEach(() => {
    table = new Table();
    table.rows.set('kid-1', makeChild());
    bus = new CacheBus(new AppConfig({}));
  });

  it('reads a child once for repeated chats', async () => {
    const service = replica(table, bus);
    await service.find('kid-1');
    await service.find('kid-1');
    expect(table.reads).toBe(1);
  });

  it('does not cache a child that does not exist', async () => {
    const service = replica(table, bus);
    expect(await service.find('nobody')).toBeNull();
    table.rows.set('nobody', makeChild({ uid: 'nobody' }));
    expect(await service.find('nobody')).toMatchObject({ uid: 'nobody' });
  });

  it('keeps its copy when a caller changes the child it was given', async () => {
    const service = replica(table, bus);
    const child = (await service.find('kid-1'))!;
    child.allowedModes.pop();
    child.filter = 'lenient';
    expect(await service.find('kid-1')).toMatchObject({
      filter: 'moderate',
      allowedModes: [...CHILD_MODES],
    });
  });

  it("checks that a child is the parent's from the cache, and 404s another family's", async () => {
    const service = replica(table, bus);
    await expect(service.assertOwned('parent-1', 'kid-1')).resolves.toBeUndefined();
    await expect(service.assertOwned('parent-1', 'kid-1')).resolves.toBeUndefined();
    expect(table.reads).toBe(1);
    await expect(service.assertOwned('parent-2', 'kid-1')).rejects.toMatchObject({ status: 404 });
    await expect(service.assertOwned('parent-1', 'nobody')).rejects.toMatchObject({ status: 404 });
    await service.remove('parent-1', 'kid-1');
    await expect(service.assertOwned('parent-1', 'kid-1')).rejects.toMatchObject({ status: 404 });
  });

  const changes: [string, (s: ChildrenService, child: Child) => Promise<unknown>][] = [
    ['update', (s) => s.update('parent-1', 'kid-1', { filter: 'strict' })],
    ['setAllowedModes', (s) => s.setAllowedModes('parent-1', 'kid-1', ['Learn'])],
    ['setKidPreference', (s, child) => s.setKidPreference(child, { auto_read_web: true })],
    ['resetPassword', (s) => s.resetPassword('parent-1', 'kid-1', 'new-pass-1')],
    ['remove', (s) => s.remove('parent-1', 'kid-1')],
  ];

  it.each(changes)('drops the child on every replica after %s', async (_name, change) => {
    const chat = replica(table, bus);
    const dashboard = replica(table, bus);
    await chat.find('kid-1');
    await change(dashboard, (await dashboard.find('kid-1'))!);
    const reads = table.reads;
    const after = await chat.find('kid-1');
    expect(table.reads).toBe(reads + 1);
    expect(after).toEqual(table.rows.get('kid-1') ?? null);
  });

  it('does not keep a row read while the child was changing', async () => {
    const service = replica(table, bus);
    const repo = table.repo();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // The first read is slow: the parent changes the child while it is in flight.
    (service as unknown as { repo: Repository<Child> }).repo = {
      ...repo,
      findOneBy: async (where: { uid: string }) => {
        const row = await repo.findOneBy(where);
        await gate;
        return row;
      },
    } as unknown as Repository<Child>;
    const stale = service.find('kid-1');
    table.rows.get('kid-1')!.filter = 'strict';
    bus.publish('child', 'kid-1');
    release();
    expect((await stale)!.filter).toBe('moderate');
    (service as unknown as { repo: Repository<Child> }).repo = repo;
    expect((await service.find('kid-1'))!.filter).toBe('strict');
  });
});
