/**
 * Operator command: grant or revoke the admin claim that opens /admin.
 *   npm run admin -- grant EMAIL
 *   npm run admin -- revoke EMAIL
 *   npm run admin -- list-claims EMAIL
 */
import 'reflect-metadata';
import { AppConfig, ConfigError } from '../config/app-config';
import { FirebaseService } from '../auth/firebase.service';

const USAGE = 'Usage: npm run admin -- grant|revoke|show EMAIL';

export async function runAdminCommand(
  argv: string[],
  config: AppConfig,
  out: (line: string) => void,
): Promise<number> {
  const [command, email] = argv;
  if (!command || !email || !['grant', 'revoke', 'show'].includes(command)) {
    out(USAGE);
    return 2;
  }
  const firebase = new FirebaseService(config);
  try {
    const uid = await firebase.findUidByEmail(email.trim().toLowerCase());
    if (!uid) {
      out(`No account with the email ${email}. The person must sign up first.`);
      return 1;
    }
    if (command !== 'show') await firebase.mergeClaims(uid, { admin: command === 'grant' });
    const claims = (await firebase.auth.getUser(uid)).customClaims ?? {};
    out(
      command === 'show'
        ? `${email}: admin=${claims.admin === true}`
        : `${command === 'grant' ? 'Granted' : 'Revoked'} admin for ${email}. It applies at their next sign-in (or within an hour).`,
    );
    return 0;
  } finally {
    await firebase.onModuleDestroy();
  }
}

if (require.main === module) {
  let config: AppConfig;
  try {
    config = new AppConfig();
  } catch (error) {
    process.stderr.write(`${(error as ConfigError).message}\n`);
    process.exit(78);
  }
  runAdminCommand(process.argv.slice(2), config, (line) => process.stdout.write(`${line}\n`))
    .then((code) => process.exit(code))
    .catch((error: Error) => {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    });
}
