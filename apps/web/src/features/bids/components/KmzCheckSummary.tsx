import type { KmzFileCheck, KmzMapping } from '@linewalker/domain';
import { Alert, List, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { SkipChoice, skippedFileName } from '../../../components/SkipChoice.tsx';
import { formatCount } from '../../../lib/format.ts';
import { getKmzSkippedRows } from '../api/kmzCheck.ts';

interface KmzCheckSummaryProps {
  check: KmzFileCheck;
  /** Every file of the step as checked (duplicates span files) and this file's place among them. */
  kmzs: KmzMapping[];
  index: number;
  skipInvalidRows: boolean;
  onSkipChange: (skipInvalidRows: boolean) => void;
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What the save would do with one file as mapped: valid rows, duplicates, too-long names, the skip choice. */
export function KmzCheckSummary({ check, kmzs, index, skipInvalidRows, onSkipChange }: KmzCheckSummaryProps) {
  const counts = [
    `${plural(check.validRows, 'valid row', 'valid rows')}`,
    check.repeated > 0 ? `${plural(check.repeated, 'exact repeat', 'exact repeats')} imported once` : null,
    `${plural(check.duplicates, 'duplicate', 'duplicates')}`,
    `${plural(check.tooLong, 'name too long', 'names too long')}`,
  ].filter((c): c is string => c !== null);
  const others = check.errorRowCount - check.duplicates - check.tooLong;
  if (others > 0) counts.push(plural(others, 'other invalid row', 'other invalid rows'));
  const fetchSkipped = async () => ({
    fileName: skippedFileName(check.name),
    text: await getKmzSkippedRows(kmzs, index),
  });
  return (
    <Stack gap="xs" aria-label={`Check of ${check.name}`} role="region">
      {check.errorRowCount === 0 ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} p="xs">
          No errors: {counts.join('; ')}.
        </Alert>
      ) : (
        <Text size="sm" role="status">
          {counts.join('; ')}.
        </Text>
      )}
      {check.errorRows.length > 0 && (
        <List size="xs" aria-label="Invalid rows">
          {check.errorRows.slice(0, 5).map((r) => (
            <List.Item key={r.rowNumber}>Placemark {r.text.replace(/^Row /, '')}</List.Item>
          ))}
          {check.errorRowCount > 5 && (
            <List.Item>… and {formatCount(check.errorRowCount - 5)} more</List.Item>
          )}
        </List>
      )}
      {check.errorRowCount > 0 && check.validRows > 0 && (
        <SkipChoice
          validRows={check.validRows}
          errorRows={check.errorRowCount}
          checked={skipInvalidRows}
          onChange={onSkipChange}
          fetchSkipped={fetchSkipped}
        />
      )}
      {check.reasons.length > 0 && (check.validRows === 0 || !skipInvalidRows) && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} p="xs">
          {check.reasons.join(' ')}
        </Alert>
      )}
    </Stack>
  );
}
