import { SegmentedControl } from '@/components/ui/segmented-control';
import type { ChartRange } from '../utils/chart';

const RANGES: { value: ChartRange; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
];

/** The chart's period: 24 hours or 7 days. */
export function RangeToggle({ range, onChange }: { range: ChartRange; onChange: (range: ChartRange) => void }) {
  return <SegmentedControl label="Chart period" options={RANGES} value={range} onChange={onChange} />;
}
