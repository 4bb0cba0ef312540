import { ChunkChannel } from './chunk-channel';

async function collect(channel: ChunkChannel<string>): Promise<string[]> {
  const items: string[] = [];
  for await (const item of channel.read()) items.push(item);
  return items;
}

describe('ChunkChannel', () => {
  it('delivers pushed chunks in order, including those pushed while the reader waits', async () => {
    const channel = new ChunkChannel<string>();
    channel.push('a');
    const reading = collect(channel);
    await Promise.resolve();
    channel.push('b');
    channel.push('c');
    channel.end();
    await expect(reading).resolves.toEqual(['a', 'b', 'c']);
  });

  it('throws the error after the buffered chunks', async () => {
    const channel = new ChunkChannel<string>();
    const items: string[] = [];
    channel.push('a');
    channel.end(new Error('model failed'));
    channel.push('ignored');
    await expect(async () => {
      for await (const item of channel.read()) items.push(item);
    }).rejects.toThrow('model failed');
    expect(items).toEqual(['a']);
  });
});
