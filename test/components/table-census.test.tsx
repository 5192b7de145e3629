import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TableCensus } from '../../shared/admin/schemas.js';
import { formatBytes, TableCensusPanel } from '../../frontend/src/features/admin/components/table-census-panel';
import { renderWithRouter } from './render';

const census: TableCensus = {
  measured_at: '2026-11-28T03:30:00.000Z',
  table_bytes: 5_400_000,
  table_items: 120_000,
  sampled_monitors: 25,
  kinds: [
    { kind: 'users', items: 40, estimated: false },
    { kind: 'monitors', items: 200, estimated: false },
    { kind: 'incidents', items: 75, estimated: false },
    { kind: 'check_results', items: 40_000, estimated: true },
    { kind: 'hourly_rollups', items: 4_000, estimated: true },
    { kind: 'round_history', items: 1_200, estimated: true },
    { kind: 'daily_rollups', items: 200, estimated: true },
  ],
};

describe('the operator dashboard\'s table size by kind', () => {
  it('shows each kind, the counted ones as they are and the sampled ones marked as estimates', () => {
    renderWithRouter(<TableCensusPanel census={census} />);
    const table = screen.getByRole('table', { name: 'Items in the table by kind' });
    expect(within(table).getByRole('row', { name: 'Users 40' })).toBeTruthy();
    expect(within(table).getByRole('row', { name: 'Check results ≈ 40,000' })).toBeTruthy();
    expect(screen.getByText(/5\.4 MB in 120,000 items/)).toBeTruthy();
    expect(screen.getByText(/estimated from 25 sampled monitors/)).toBeTruthy();
  });

  it('says when the census runs before its first run', () => {
    renderWithRouter(<TableCensusPanel census={null} />);
    expect(screen.getByText(/runs every day at 03:30 UTC/)).toBeTruthy();
  });

  it('writes sizes in decimal units', () => {
    expect([formatBytes(512), formatBytes(11_290), formatBytes(2_500_000_000)]).toEqual(['512 bytes', '11.3 KB', '2.5 GB']);
  });
});
