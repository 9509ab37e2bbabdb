// accounts and keys: operators' commands, printing JSON for scripts.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createRuntime } from '../runtime.ts';
import type { Account, ApiKeyRecord } from '../store/accounts-repo.ts';
import { MIN_RATE_LIMIT, NotFoundError, UsageError, positiveInteger } from './usage.ts';

function accountJson(account: Account) {
  return {
    account_id: account.id,
    name: account.name,
    alpha_access: account.alphaAccess,
    rate_limit_per_minute: account.rateLimitPerMinute,
    consensus_daily: account.consensusDaily,
    created_at: account.createdAt,
    updated_at: account.updatedAt,
  };
}

function keyJson(key: ApiKeyRecord) {
  return {
    key_id: key.id,
    account_id: key.accountId,
    prefix: key.prefix,
    label: key.label,
    created_at: key.createdAt,
    revoked_at: key.revokedAt,
  };
}

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

export async function adminCommand(group: 'accounts' | 'keys', argv: string[]): Promise<number> {
  const [action, ...args] = argv;
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      alpha: { type: 'boolean' },
      'no-alpha': { type: 'boolean' },
      'rate-limit': { type: 'string' },
      'consensus-daily': { type: 'string' },
      account: { type: 'string' },
      label: { type: 'string' },
    },
  });
  const runtime = await createRuntime(loadConfig(process.env, { logLevel: 'silent' }));
  try {
    const { accounts } = runtime;
    const key = `${group} ${action ?? ''}`.trim();
    switch (key) {
      case 'accounts create': {
        if (!values.name?.trim()) throw new UsageError('accounts create needs --name');
        const created = await accounts.createAccount({
          name: values.name.trim(),
          alphaAccess: Boolean(values.alpha),
          rateLimitPerMinute: positiveInteger('--rate-limit', values['rate-limit'], MIN_RATE_LIMIT),
          consensusDaily: positiveInteger('--consensus-daily', values['consensus-daily']),
        });
        print({ ...accountJson(created.account), api_key: created.apiKey, key_id: created.key.id });
        return 0;
      }
      case 'accounts list':
        print((await accounts.listAccounts()).map(accountJson));
        return 0;
      case 'accounts update': {
        const id = positionals[0];
        if (!id) throw new UsageError('accounts update needs ACCOUNT_ID');
        if (values.alpha && values['no-alpha']) throw new UsageError('use --alpha or --no-alpha, not both');
        const updated = await accounts.updateAccount(id, {
          ...(values.name !== undefined && { name: values.name }),
          ...(values.alpha && { alphaAccess: true }),
          ...(values['no-alpha'] && { alphaAccess: false }),
          ...(values['rate-limit'] !== undefined && { rateLimitPerMinute: positiveInteger('--rate-limit', values['rate-limit'], MIN_RATE_LIMIT) }),
          ...(values['consensus-daily'] !== undefined && { consensusDaily: positiveInteger('--consensus-daily', values['consensus-daily']) }),
        });
        if (!updated) throw new NotFoundError(`no account ${id}`);
        print(accountJson(updated));
        return 0;
      }
      case 'keys create': {
        if (!values.account) throw new UsageError('keys create needs --account ACCOUNT_ID');
        if (!(await accounts.getAccount(values.account))) throw new NotFoundError(`no account ${values.account}`);
        const created = await accounts.createKey(values.account, values.label);
        print({ ...keyJson(created.key), api_key: created.apiKey });
        return 0;
      }
      case 'keys list':
        print((await accounts.listKeys(values.account)).map(keyJson));
        return 0;
      case 'keys revoke': {
        const id = positionals[0];
        if (!id) throw new UsageError('keys revoke needs KEY_ID');
        if (!(await accounts.revokeKey(id))) throw new NotFoundError(`no active key ${id}`);
        print({ key_id: id, revoked: true });
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${key}"`);
    }
  } finally {
    await runtime.close();
  }
}
