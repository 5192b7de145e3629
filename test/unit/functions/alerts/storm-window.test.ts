import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dynamo } from '../../../../functions/clients/dynamodb.js';
import { DIGEST_MAX_MEMBERS, forgetDigestHints, joinDigest, readDigestMembers } from '../../../../functions/repositories/channel-digest-repository.js';
import { takePaceSlot } from '../../../../functions/repositories/pace-slot-repository.js';
import { STORM_WINDOW_SECONDS, takeStormSeat } from '../../../../functions/repositories/storm-window-repository.js';

vi.mock('../../../../functions/clients/dynamodb.js', () => ({ dynamo: vi.fn(), tableName: () => 'upwatch-test' }));

/**
 * The storm window and the pace slots against a fake table that evaluates exactly the conditions
 * these repositories write (docs/alerts.md "Storms and pacing"), with their commands interleaved
 * as two processes' would be.
 */
const items = new Map<string, Record<string, unknown>>();
const keyOf = (key: Record<string, unknown>) => `${String(key.PK)}|${String(key.SK)}`;
const conditionFailure = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

const update = (input: Record<string, unknown>) => {
  const key = keyOf(input.Key as Record<string, unknown>);
  const item = items.get(key);
  const values = input.ExpressionAttributeValues as Record<string, unknown>;
  const expression = String(input.UpdateExpression);
  const condition = String(input.ConditionExpression ?? '');
  if (expression.startsWith('ADD seats')) {
    if (!item || !(String(item.window_start) > String(values[':cutoff']))) throw conditionFailure();
    item.seats = Number(item.seats) + 1;
    return { Attributes: { ...item } };
  }
  if (expression.includes('window_start = :now')) {
    if (item && !(String(item.window_start) <= String(values[':cutoff']))) throw conditionFailure();
    items.set(key, { ...item, window_start: values[':now'], seats: 1 });
    return {};
  }
  if (condition.includes('next_free <= :now')) {
    if (item && Number(item.next_free) > Number(values[':now'])) throw conditionFailure();
    items.set(key, { ...item, next_free: values[':next'] });
    return {};
  }
  if (expression.includes('ADD next_free')) {
    const next = Number(item?.next_free ?? 0) + Number(values[':interval']);
    items.set(key, { ...item, next_free: next });
    return { Attributes: { next_free: next } };
  }
  throw new Error(`unexpected update ${expression}`);
};

/** A digest's counters as channel-digest-repository.ts writes them, or a refusal. */
const digestUpdate = (input: Record<string, unknown>): (() => void) | 'ConditionalCheckFailed' => {
  // As DynamoDB does: a value that no expression uses is an error (ValidationException).
  const expressions = `${String(input.UpdateExpression)} ${String(input.ConditionExpression ?? '')}`;
  const unused = Object.keys(input.ExpressionAttributeValues as object).filter((name) => !new RegExp(`${name}\\b`).test(expressions));
  if (unused.length) throw Object.assign(new Error(`Value provided in ExpressionAttributeValues unused in expressions: ${unused.join(', ')}`), { name: 'ValidationException' });
  const key = keyOf(input.Key as Record<string, unknown>);
  const item = items.get(key);
  const values = input.ExpressionAttributeValues as Record<string, unknown>;
  const memberId = String(values[':member_id']);
  const open =
    !!item &&
    item.status === 'pending' &&
    item.attempts === 0 &&
    Number(item.member_count) < Number(values[':max']) &&
    !((item.member_ids as Set<string> | undefined)?.has(memberId) ?? false);
  // The three shapes of a join: make the digest, enter it, or either.
  const condition = String(input.ConditionExpression);
  const allowed = condition === 'attribute_not_exists(PK)' ? !item : condition.startsWith('attribute_exists(PK) AND') ? open : !item || open;
  if (!allowed) return 'ConditionalCheckFailed';
  return () =>
    items.set(key, {
      ...item,
      ...(input.Key as Record<string, unknown>),
      id: item?.id ?? values[':id'],
      transition_id: values[':transition'],
      status: item?.status ?? 'pending',
      attempts: item?.attempts ?? 0,
      next_attempt_at: item?.next_attempt_at ?? values[':due'],
      created_by: item?.created_by ?? memberId,
      member_count: Number(item?.member_count ?? 0) + 1,
    });
};

/** Conflicts the next transactions meet (DynamoDB's `TransactionConflict`), one per transaction. */
let conflicts = 0;

/** Runs just before the next transaction is evaluated (another process's write landing in between). */
let beforeNextTransact: (() => void) | null = null;

const transact = (input: Record<string, unknown>) => {
  const before = beforeNextTransact;
  beforeNextTransact = null;
  before?.();
  const steps = (input.TransactItems as Record<string, Record<string, unknown>>[]).map((entry) => {
    if (entry.Update) return digestUpdate(entry.Update);
    const item = entry.Put!.Item as Record<string, unknown>;
    return items.has(keyOf(item)) ? 'ConditionalCheckFailed' : () => items.set(keyOf(item), item);
  });
  const conflict = conflicts > 0;
  if (conflict) conflicts -= 1;
  if (conflict || steps.some((step) => step === 'ConditionalCheckFailed')) {
    const reasons = steps.map((step, index) => ({ Code: conflict && index === 0 ? 'TransactionConflict' : step === 'ConditionalCheckFailed' ? step : 'None' }));
    throw Object.assign(new Error('Transaction cancelled'), { name: 'TransactionCanceledException', CancellationReasons: reasons });
  }
  for (const step of steps) (step as () => void)();
  return {};
};

const query = (input: Record<string, unknown>) => {
  const values = input.ExpressionAttributeValues as Record<string, unknown>;
  const Items = [...items.values()]
    .filter((item) => item.PK === values[':pk'] && String(item.SK).startsWith(String(values[':prefix'])))
    .sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
  return { Items };
};

const send = vi.fn(async (command: unknown) => {
  const { input } = command as { input: Record<string, unknown> };
  if (command instanceof GetCommand) return { Item: items.get(keyOf(input.Key as Record<string, unknown>)) };
  if (command instanceof PutCommand) {
    const item = input.Item as Record<string, unknown>;
    if (items.has(keyOf(item))) throw conditionFailure();
    items.set(keyOf(item), item);
    return {};
  }
  if (command instanceof UpdateCommand) return update(input);
  if (command instanceof TransactWriteCommand) return transact(input);
  if (command instanceof QueryCommand) return query(input);
  throw new Error('unexpected command');
});

beforeEach(() => {
  items.clear();
  conflicts = 0;
  beforeNextTransact = null;
  forgetDigestHints();
  send.mockClear();
  vi.mocked(dynamo).mockReturnValue({ send } as unknown as ReturnType<typeof dynamo>);
});

const at = (seconds: number) => new Date(Date.UTC(2030, 0, 7, 10, 50, seconds));

describe('the storm window', () => {
  it('seats transitions in the order they come, concurrent ones each in their own seat', async () => {
    const seats = await Promise.all(Array.from({ length: 8 }, (_, i) => takeStormSeat('u1', `t${i}`, at(i % 3))));
    expect(seats.map((seat) => seat.seat).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(new Set(seats.map((seat) => seat.windowStart)).size).toBe(1);
  });

  it('gives a retried fan-out the seat it took the first time', async () => {
    for (let i = 0; i < 7; i++) await takeStormSeat('u1', `t${i}`, at(i));
    expect(await takeStormSeat('u1', 't6', at(20))).toEqual({ windowStart: at(0).toISOString(), seat: 7, takenNow: false });
    expect(await takeStormSeat('u1', 't2', at(30))).toEqual({ windowStart: at(0).toISOString(), seat: 3, takenNow: false });
  });

  it('does not look up the seat of a first try, and still gives a second fan-out at once the seat the first took', async () => {
    const first = await takeStormSeat('u1', 't1', at(0), { firstTry: true });
    expect(first).toEqual({ windowStart: at(0).toISOString(), seat: 1, takenNow: true });
    expect(send.mock.calls.filter(([command]) => command instanceof GetCommand)).toHaveLength(0);
    // Two claimants of one transition that both think they are first: the seat item decides.
    expect(await takeStormSeat('u1', 't1', at(1), { firstTry: true })).toEqual({ windowStart: at(0).toISOString(), seat: 1, takenNow: false });
  });

  it('opens a new window once the last one is a minute old, and keeps accounts apart', async () => {
    for (let i = 0; i < 6; i++) await takeStormSeat('u1', `t${i}`, at(0));
    expect(await takeStormSeat('u2', 'other', at(1))).toEqual({ windowStart: at(1).toISOString(), seat: 1, takenNow: true });
    expect((await takeStormSeat('u1', 'late', at(STORM_WINDOW_SECONDS - 1))).seat).toBe(7);
    expect(await takeStormSeat('u1', 'next', at(STORM_WINDOW_SECONDS))).toEqual({ windowStart: at(STORM_WINDOW_SECONDS).toISOString(), seat: 1, takenNow: true });
  });
});

describe('storm digests', () => {
  const windowStart = at(0).toISOString();
  /** A transition's join; `firstJoin` false for a retried fan-out (its seat taken before). */
  const join = (transitionId: string, now = at(5), firstJoin = true) =>
    joinDigest({
      firstJoin,
      userId: 'u1',
      channelId: 'c1',
      channelType: 'slack',
      windowStart,
      transitionId,
      alert: { transitionId } as never,
      dueAt: at(30),
      now,
      deliveryId: (digestId) => `msg_${digestId}`,
    });
  const digestEntries = () => [...items.entries()].filter(([key]) => key.includes('|DELIVERY#') && key.includes('digest'));
  const digestItems = () => digestEntries().map(([, item]) => item);
  const digestKey = (generation: number) => String(digestItems()[generation]!.SK);
  /** What a try sends: the alerts it reads after its claim. */
  const membersOf = async (generation: number) => {
    const item = digestItems()[generation]!;
    const listed = (item.members as never[] | undefined) ?? [];
    return (await readDigestMembers('u1', String(item.SK), listed)).map((member) => (member as unknown as { transitionId: string }).transitionId);
  };
  const commandsSent = () => send.mock.calls.map(([command]) => (command as object).constructor.name);
  /** What the deliverer's claim does to a digest: a try has begun. */
  const claim = (generation: number) => {
    const item = digestItems()[generation]!;
    item.status = 'sending';
    item.attempts = 1;
  };

  it('makes one digest per channel and window, and a transition joins it once however often it is fanned out', async () => {
    expect((await join('t6')).created).toBe(true);
    expect((await join('t7')).created).toBe(false);
    expect((await join('t6', at(6), false)).created).toBe(false);
    expect(digestItems()).toHaveLength(1);
    expect(digestItems()[0]).toMatchObject({ id: `msg_digest-${windowStart}-0`, member_count: 2, next_attempt_at: at(30).toISOString() });
    expect(await membersOf(0)).toEqual(['t6', 't7']);
  });

  it('keeps each member in an item of its own beside the digest, expiring like a delivery, and no list in the digest', async () => {
    await join('t6', at(5));
    await join('t7', at(6));
    const digest = digestItems()[0]!;
    expect(digest.members).toBeUndefined();
    expect(digest.member_ids).toBeUndefined();
    const memberItems = [...items.values()].filter((item) => String(item.SK).startsWith(`DIGEST_MEMBER#${digestKey(0)}#`));
    expect(memberItems.map((item) => item.PK)).toEqual(['USER#u1', 'USER#u1']);
    expect(memberItems.map((item) => Number(item.expires_at) - Math.floor(Date.parse(String(item.joined_at)) / 1000))).toEqual([30 * 86_400, 30 * 86_400]);
  });

  it('puts a transition that comes once the digest went into the next digest of the window, never into the one sent', async () => {
    await join('t6');
    claim(0);
    const late = await join('t9', at(40));
    expect(late.created).toBe(true);
    expect(late.key).toContain('-1');
    expect([await membersOf(0), await membersOf(1)]).toEqual([['t6'], ['t9']]);
    // A retried fan-out of the first finds it where it is.
    expect(await join('t6', at(41), false)).toMatchObject({ created: false, key: expect.stringContaining('-0') });
  });

  it('lets exactly one of many joins at once make the digest, and every one of them into it', async () => {
    const joins = await Promise.all(Array.from({ length: 20 }, (_, i) => join(`t${i}`)));
    expect(joins.filter((joined) => joined.created)).toHaveLength(1);
    expect(digestItems()).toHaveLength(1);
    expect(digestItems()[0]!.member_count).toBe(20);
    expect((await membersOf(0)).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `t${i}`).sort());
  });

  it('tries a join again when its transaction met another on the digest', async () => {
    await join('t6');
    conflicts = 2;
    expect(await join('t7')).toMatchObject({ created: false, key: expect.stringContaining('-0') });
    expect(await membersOf(0)).toEqual(['t6', 't7']);
  });

  it('starts the next digest when one is full', async () => {
    for (let i = 0; i < DIGEST_MAX_MEMBERS; i++) await join(`t${i}`);
    expect((await join('one more')).key).toContain('-1');
    expect(digestItems()[0]!.member_count).toBe(DIGEST_MAX_MEMBERS);
  });

  it('begins a first join at the window\'s newest digest: one Query and one transaction, however many went before', async () => {
    for (let generation = 0; generation < 12; generation++) {
      expect(await join(`t${generation}`)).toMatchObject({ created: true, key: expect.stringMatching(new RegExp(`-${generation}$`)) });
      claim(generation);
    }
    // Another process (nothing remembered): it asks the table where the window stands.
    forgetDigestHints();
    send.mockClear();
    expect(await join('late')).toMatchObject({ created: true, key: expect.stringMatching(/-12$/) });
    expect(commandsSent()).toEqual(['QueryCommand', 'TransactWriteCommand']);
    // The next join of this process goes straight to the digest it joined last.
    send.mockClear();
    expect(await join('later')).toMatchObject({ created: false, key: expect.stringMatching(/-12$/) });
    expect(commandsSent()).toEqual(['TransactWriteCommand']);
  });

  it('asks the table when the digest this process joined last has gone, and joins where the window stands', async () => {
    await join('t1');
    claim(0);
    send.mockClear();
    expect(await join('t2')).toMatchObject({ created: true, key: expect.stringContaining('-1') });
    // The remembered digest refused it; the Query found it sent; the next one was made.
    expect(commandsSent()).toEqual(['TransactWriteCommand', 'QueryCommand', 'TransactWriteCommand']);
    expect([await membersOf(0), await membersOf(1)]).toEqual([['t1'], ['t2']]);
  });

  it('makes the next digest when the newest is claimed between the Query and the join, and joins one made meanwhile', async () => {
    await join('t1');
    beforeNextTransact = () => claim(0);
    expect(await join('t2')).toMatchObject({ created: true, key: expect.stringContaining('-1') });
    // Someone makes generation 2 between this join's Query and its transaction: it joins that one.
    claim(1);
    beforeNextTransact = () => {
      items.set(`USER#u1|DELIVERY#c1#${windowStart}#digest-${windowStart}-2`, {
        PK: 'USER#u1',
        SK: `DELIVERY#c1#${windowStart}#digest-${windowStart}-2`,
        transition_id: `digest-${windowStart}-2`,
        status: 'pending',
        attempts: 0,
        member_count: 1,
        created_by: 'other',
      });
    };
    expect(await join('t3')).toEqual({ created: false, key: `DELIVERY#c1#${windowStart}#digest-${windowStart}-2` });
    expect([await membersOf(0), await membersOf(1)]).toEqual([['t1'], ['t2']]);
  });

  it('finds a retried fan-out\'s transition in whichever digest it joined, walking from the first', async () => {
    await join('t1');
    claim(0);
    await join('t2');
    claim(1);
    await join('t3');
    expect(await join('t2', at(50), false)).toEqual({ created: false, key: `DELIVERY#c1#${windowStart}#digest-${windowStart}-1` });
    expect(await join('t3', at(50), false)).toEqual({ created: false, key: `DELIVERY#c1#${windowStart}#digest-${windowStart}-2` });
    expect(digestItems().map((item) => item.member_count)).toEqual([1, 1, 1]);
  });

  it('sends a digest written in the old shape with its listed members and those that joined since, and joins none twice', async () => {
    const key = `DELIVERY#c1#${windowStart}#digest-${windowStart}-0`;
    items.set(`USER#u1|${key}`, {
      PK: 'USER#u1',
      SK: key,
      id: `msg_digest-${windowStart}-0`,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at(30).toISOString(),
      members: [{ transitionId: 'old1' }, { transitionId: 'old2' }],
      member_ids: new Set(['old1', 'old2']),
      member_count: 2,
    });
    expect(await join('old2', at(5), false)).toEqual({ created: false, key });
    expect(await join('new1')).toEqual({ created: false, key });
    expect(digestItems()).toHaveLength(1);
    expect(digestItems()[0]!.member_count).toBe(3);
    expect(await membersOf(0)).toEqual(['old1', 'old2', 'new1']);
  });
});

describe('pace slots', () => {
  it('hands one destination\'s slots out at least the interval apart, whoever asks and in any order', async () => {
    const now = at(0);
    const slots = await Promise.all(Array.from({ length: 6 }, () => takePaceSlot('dest', now, 1200)));
    expect(slots.sort((a, b) => a - b).map((slot) => slot - now.getTime())).toEqual([0, 1200, 2400, 3600, 4800, 6000]);
    // Another destination is not held up.
    expect(await takePaceSlot('other', now, 1200)).toBe(now.getTime());
  });

  it('sends at once to an idle destination, and after the queue when it is busy', async () => {
    expect(await takePaceSlot('dest', at(0), 1200)).toBe(at(0).getTime());
    expect(await takePaceSlot('dest', new Date(at(0).getTime() + 500), 1200)).toBe(at(0).getTime() + 1200);
    expect(await takePaceSlot('dest', at(10), 1200)).toBe(at(10).getTime());
  });
});
