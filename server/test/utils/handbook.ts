import fs from 'node:fs';
import path from 'node:path';

/**
 * The product handbook (`../shared` beside the checkout: test models, eval data). CI may clone
 * the repository elsewhere, so SPROUT_HANDBOOK_DIR and the workplace's usual place are tried too.
 */
export function handbookPath(...parts: string[]): string {
  let root = __dirname;
  while (!fs.existsSync(path.join(root, 'package-lock.json')) && path.dirname(root) !== root)
    root = path.dirname(root);
  const candidates = [
    process.env.SPROUT_HANDBOOK_DIR,
    path.join(root, '..', 'shared'),
    '/work/shared',
  ].filter((c): c is string => Boolean(c));
  for (const candidate of candidates) {
    const full = path.join(candidate, ...parts);
    if (fs.existsSync(full)) return full;
  }
  throw new Error(
    `Cannot find ${parts.join('/')} of the handbook (tried ${candidates.join(', ')}); set SPROUT_HANDBOOK_DIR.`,
  );
}

export function testModelPath(): string {
  if (process.env.SPROUT_TEST_MODEL) return path.resolve(process.env.SPROUT_TEST_MODEL);
  return handbookPath('models', 'llama-2-tiny-random.gguf');
}
