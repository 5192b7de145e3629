import type { Unbound } from './table-commands.js';
import type { UpdateCommandInput } from '@aws-sdk/lib-dynamodb';

/**
 * A conditional update of one item, said once and written either of two ways: as an UpdateItem
 * (alone, or as an item of a transaction) or as a PartiQL UPDATE statement, of which one
 * BatchExecuteStatement call carries 25, each with its own condition and its own answer
 * (docs/PERFORMANCE.md "Steady rounds in batches"). It says only what both can: attributes set to
 * values, and conditions that an attribute (or a map's member, `a.b`) holds a value or is missing.
 *
 * A PartiQL UPDATE never creates an item (it fails its condition on a missing one), so an update
 * that may create its item goes as an UpdateItem; the caller knows which.
 */
export interface ConditionalUpdate {
  Key: { PK: string; SK: string };
  /** Attribute name -> the value it is set to (null stores a NULL, as UpdateItem does). */
  set: Readonly<Record<string, unknown>>;
  /** Attribute path (`a` or `a.b`) -> the value it must hold. */
  equal?: Readonly<Record<string, unknown>>;
  /** Attributes that must not exist. */
  missing?: readonly string[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

const partsOf = (path: string): string[] => {
  const parts = path.split('.');
  for (const part of parts) if (!IDENTIFIER.test(part)) throw new Error(`Not an attribute path this update can write: ${path}`);
  return parts;
};

/**
 * As an UpdateItem's input (also a transaction item's Update). Every name goes through
 * ExpressionAttributeNames (`#name`), so a reserved word is safe; a value set is `:name`, a value
 * compared `:expected_name` (with `_` for the path's dots).
 */
export const asUpdateItem = (update: ConditionalUpdate): Unbound<UpdateCommandInput> & { UpdateExpression: string } => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const nameOf = (path: string) =>
    partsOf(path)
      .map((part) => {
        names[`#${part}`] = part;
        return `#${part}`;
      })
      .join('.');
  const sets = Object.entries(update.set).map(([attribute, value]) => {
    values[`:${attribute}`] = value;
    return `${nameOf(attribute)} = :${attribute}`;
  });
  const conditions = [
    ...Object.entries(update.equal ?? {}).map(([path, value]) => {
      const placeholder = `:expected_${path.replaceAll('.', '_')}`;
      values[placeholder] = value;
      return `${nameOf(path)} = ${placeholder}`;
    }),
    ...(update.missing ?? []).map((attribute) => `attribute_not_exists(${nameOf(attribute)})`),
  ];
  if (!sets.length) throw new Error('An update with nothing to set');
  return {
    Key: update.Key,
    UpdateExpression: `SET ${sets.join(', ')}`,
    ...(conditions.length ? { ConditionExpression: conditions.join(' AND ') } : {}),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
};

const quoted = (path: string) =>
  partsOf(path)
    .map((part) => `"${part}"`)
    .join('.');

/**
 * As a PartiQL UPDATE of an item that exists: `UPDATE "table" SET "a"=? ... WHERE "PK"=? AND "SK"=?
 * AND "b"=? AND "c" IS MISSING`, its values as parameters in that order. A failed condition (or a
 * missing item) is the statement's `ConditionalCheckFailed`.
 */
export const asStatement = (update: ConditionalUpdate, tableName: string): { Statement: string; Parameters: unknown[] } => {
  const sets = Object.keys(update.set).map((attribute) => `SET ${quoted(attribute)}=?`);
  if (!sets.length) throw new Error('An update with nothing to set');
  const equal = Object.entries(update.equal ?? {});
  const where = [
    '"PK"=?',
    '"SK"=?',
    ...equal.map(([path]) => `${quoted(path)}=?`),
    ...(update.missing ?? []).map((attribute) => `${quoted(attribute)} IS MISSING`),
  ];
  return {
    Statement: `UPDATE "${tableName}" ${sets.join(' ')} WHERE ${where.join(' AND ')}`,
    Parameters: [...Object.values(update.set), update.Key.PK, update.Key.SK, ...equal.map(([, value]) => value)],
  };
};
