import { SkipChoice, skippedFileName } from '../../../components/SkipChoice.tsx';
import { getSkippedRows } from '../api/getSkippedRows.ts';
import { type CsvChoice, type CsvFile, coordinateColumns } from '../csv/csvFile.ts';

interface CsvSkipChoiceProps {
  file: CsvFile;
  validRows: number;
  errorRows: number;
  onChoose: (choice: CsvChoice) => void;
}

/**
 * Some rows are invalid: 'Import N valid rows, skip M', and the skipped rows as a CSV with the reason per
 * row (read by the server with the same choices the save will send).
 */
export function CsvSkipChoice({ file, validRows, errorRows, onChoose }: CsvSkipChoiceProps) {
  const fetchSkipped = async () => {
    const { latField, lonField } = coordinateColumns(file);
    const text = await getSkippedRows({
      url: file.url ?? '',
      latField: latField ?? '',
      lonField: lonField ?? '',
      lineNameField: file.lineNameField ?? '',
      structNumField: file.structNumField ?? '',
      structNumFallbackField: file.structNumFallbackField,
    });
    return { fileName: skippedFileName(file.file.name), text };
  };
  return (
    <SkipChoice
      validRows={validRows}
      errorRows={errorRows}
      checked={file.skipInvalidRows}
      onChange={(skipInvalidRows) => onChoose({ skipInvalidRows })}
      fetchSkipped={fetchSkipped}
      downloadDisabled={file.url === null}
    />
  );
}
