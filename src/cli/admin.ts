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

const print = (value: unknown): void => void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);

const OPTIONS = {
  name: { type: 'string' },
  alpha: { type: 'boolean' },
  'no-alpha': { type: 'boolean' },
  'rate-limit': { type: 'string' },
  'consensus-daily': { type: 'string' },
  account: { type: 'string' },
  label: { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>['values'];
type Accounts = Awaited<ReturnType<typeof createRuntime>>['accounts'];
type Action = (accounts: Accounts, values: Values, positionals: string[]) => Promise<void>;

async function updateAccount(accounts: Accounts, values: Values, positionals: string[]): Promise<void> {
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
}

/** One entry per `<group> <action>`: the table decides which commands exist. */
const ACTIONS: Record<string, Action> = {
  'accounts create': async (accounts, values) => {
    if (!values.name?.trim()) throw new UsageError('accounts create needs --name');
    const created = await accounts.createAccount({
      name: values.name.trim(),
      alphaAccess: Boolean(values.alpha),
      rateLimitPerMinute: positiveInteger('--rate-limit', values['rate-limit'], MIN_RATE_LIMIT),
      consensusDaily: positiveInteger('--consensus-daily', values['consensus-daily']),
    });
    print({ ...accountJson(created.account), api_key: created.apiKey, key_id: created.key.id });
  },
  'accounts list': async (accounts) => print((await accounts.listAccounts()).map(accountJson)),
  'accounts update': updateAccount,
  'keys create': async (accounts, values) => {
    if (!values.account) throw new UsageError('keys create needs --account ACCOUNT_ID');
    if (!(await accounts.getAccount(values.account))) throw new NotFoundError(`no account ${values.account}`);
    const created = await accounts.createKey(values.account, values.label);
    print({ ...keyJson(created.key), api_key: created.apiKey });
  },
  'keys list': async (accounts, values) => print((await accounts.listKeys(values.account)).map(keyJson)),
  'keys revoke': async (accounts, _values, positionals) => {
    const id = positionals[0];
    if (!id) throw new UsageError('keys revoke needs KEY_ID');
    if (!(await accounts.revokeKey(id))) throw new NotFoundError(`no active key ${id}`);
    print({ key_id: id, revoked: true });
  },
};

export async function adminCommand(group: 'accounts' | 'keys', argv: string[]): Promise<number> {
  const [action, ...args] = argv;
  const { values, positionals } = parseArgs({ args, allowPositionals: true, strict: true, options: OPTIONS });
  const key = `${group} ${action ?? ''}`.trim();
  const run = Object.hasOwn(ACTIONS, key) ? ACTIONS[key] : undefined;
  // A mistyped command is refused before the store is opened.
  if (!run) throw new UsageError(`unknown command "${key}"`);
  const runtime = await createRuntime(loadConfig(process.env, { logLevel: 'silent' }));
  try {
    await run(runtime.accounts, values, positionals);
    return 0;
  } finally {
    await runtime.close();
  }
}
