import { useId, useState, type ChangeEvent } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorCode } from '@touchline/contracts/errors';
import {
  MembersImportMode,
  membersImportColumns,
  membersImportMaxLength,
  membersImportMaxRows,
  membersImportTemplateCsv,
  type MembersImportPreview,
} from '@touchline/contracts/member-admin';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { textLinkClass } from '../../../components/ui/form-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useDirectMembers } from '../api/get-direct-members.ts';
import { useLabels } from '../api/get-labels.ts';
import { useImportMembers } from '../api/import-members.ts';
import { usePreviewMembersImport } from '../api/preview-members-import.ts';
import { failedRowsHref } from './failed-rows-csv.ts';
import { ImportPreviewTable } from './import-preview-table.tsx';

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(membersImportTemplateCsv)}`;

/** What the preview says about the file as a whole. */
function summary(preview: MembersImportPreview): string {
  const rows = `${preview.totalRows} row${preview.totalRows === 1 ? '' : 's'}`;
  if (preview.canImport) return `${rows}, all ready to import.`;
  const valid = preview.totalRows - preview.invalidRows;
  if (valid === 0)
    return `All ${rows} have problems. Fix them in the file and choose it again: nothing can be imported yet.`;
  return `${preview.invalidRows} of ${rows} have problems. Import the ${valid} valid row${valid === 1 ? '' : 's'} now and download the others with their problems to fix, or fix the file and choose it again to import everything at once.`;
}

/**
 * /levels/:levelId/members/import: choose a CSV file, see every row as it would be imported with its problems, then
 * import them all at once (the Import button stays disabled while a row has a problem).
 */
export function MembersImportPage() {
  const levelId = useParams().levelId ?? '';
  const level = useDirectMembers(levelId, 1, 25);
  const labels = useLabels(levelId);
  const preview = usePreviewMembersImport(levelId);
  const importing = useImportMembers(levelId);
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const inputId = useId();
  const levelName = level.data?.level.name ?? '';
  useDocumentTitle(levelName ? `Import members into ${levelName}` : 'Import members');
  const membersHref = `/levels/${encodeURIComponent(levelId)}/members`;

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    setFileError(null);
    importing.reset();
    preview.reset();
    if (!file) return;
    if (file.size > membersImportMaxLength)
      return setFileError('The file is larger than 1 MB: split it into smaller files.');
    const text = await file.text();
    setCsv(text);
    preview.mutate(text);
  };
  const handleImport = (mode: MembersImportMode) =>
    importing.mutate(
      { csv, mode },
      {
        // Someone may have added one of these members since the preview: show the rows as they stand now.
        onError: (error) => {
          if (error instanceof ApiError && error.code === ErrorCode.ValidationFailed) preview.mutate(csv);
        },
      },
    );

  const result = preview.data;
  const rows = result ? (onlyProblems ? result.rows.filter((r) => r.errors.length > 0) : result.rows) : [];
  const importable = Boolean(result?.canImport) && !importing.isPending && !importing.isSuccess;
  const validRows = result ? result.totalRows - result.invalidRows : 0;
  const failedRows = result ? result.rows.filter((r) => r.errors.length > 0) : [];
  const skipped = importing.data?.skippedRows ?? [];
  return (
    <div className="mx-auto max-w-6xl">
      <p className="text-sm">
        <Link to={membersHref} className={textLinkClass}>
          Back to the members{levelName ? ` of ${levelName}` : ''}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">
        Import members{levelName ? ` into ${levelName}` : ''}
      </h1>
      <div className="mt-3 max-w-3xl space-y-2 text-sm text-slate-700 dark:text-slate-300">
        <p>
          A CSV file with a header row and one member a line, at most {membersImportMaxRows} members. Columns:{' '}
          <code>{membersImportColumns.join(', ')}</code>. firstName, lastName and email are required.
        </p>
        <p>
          <strong>role</strong> is the name of a role label
          {labels.data?.length ? ` (${labels.data.map((l) => l.name).join(', ')})` : ''}; empty means the
          default. <strong>level</strong> is a level below this one, by name or by its path such as{' '}
          <code>Division/Team</code>; empty means this level. <strong>dateOfBirth</strong> is YYYY-MM-DD.
          Every member is e-mailed an invitation.
        </p>
        <p>
          <a href={templateHref} download="touchline-members-template.csv" className={textLinkClass}>
            Download the template CSV
          </a>
        </p>
      </div>
      <div className="mt-6">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          onChange={(event) => void handleFile(event)}
          className="mt-1 block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-semibold dark:file:bg-slate-800"
        />
      </div>
      <div className="mt-4 space-y-2">
        <Alert>
          {fileError ??
            (preview.isError ? preview.error.message : null) ??
            (importing.isError ? importing.error.message : null)}
        </Alert>
        <Alert tone="success">
          {importing.data ? (
            <>
              {`${importing.data.importedCount} member${importing.data.importedCount === 1 ? '' : 's'} imported and invited.`}
              {skipped.length > 0 ? (
                <>
                  {` ${skipped.length} row${skipped.length === 1 ? ' was' : 's were'} not imported: `}
                  <a
                    href={failedRowsHref(skipped)}
                    download="touchline-members-not-imported.csv"
                    className={textLinkClass}
                  >
                    download {skipped.length === 1 ? 'it' : 'them'} with the problems (CSV)
                  </a>
                  .
                </>
              ) : null}
            </>
          ) : null}
        </Alert>
      </div>
      {preview.isPending ? <Spinner label="Reading the file…" /> : null}
      {result ? (
        <section aria-labelledby="preview-heading" className="mt-4">
          <h2 id="preview-heading" className="text-lg font-semibold">
            Preview
          </h2>
          <p className="mt-1 text-sm" aria-live="polite">
            {summary(result)}
          </p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            {result.invalidRows > 0 ? (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={onlyProblems}
                  onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
                  className="h-4 w-4 accent-emerald-700"
                />
                Show only the rows with problems
              </label>
            ) : (
              <span />
            )}
            <div className="flex flex-wrap items-center gap-3">
              {importing.isPending ? (
                <Spinner
                  label={`Importing ${(importing.variables?.mode === MembersImportMode.Valid ? validRows : result.totalRows).toLocaleString()} members…`}
                />
              ) : null}
              {importing.isSuccess ? (
                <Button variant="secondary" label="Go to the members" href={membersHref} />
              ) : (
                <>
                  {failedRows.length > 0 ? (
                    <a
                      href={failedRowsHref(failedRows)}
                      download="touchline-members-with-problems.csv"
                      className={textLinkClass}
                    >
                      Download the {failedRows.length} row{failedRows.length === 1 ? '' : 's'} with problems
                      (CSV)
                    </a>
                  ) : null}
                  {failedRows.length > 0 && validRows > 0 ? (
                    <Button
                      label={`Import the ${validRows} valid row${validRows === 1 ? '' : 's'}`}
                      disabled={importing.isPending}
                      onClick={() => handleImport(MembersImportMode.Valid)}
                    />
                  ) : null}
                  <Button
                    variant={failedRows.length > 0 ? 'secondary' : 'primary'}
                    label={`Import ${result.totalRows} member${result.totalRows === 1 ? '' : 's'}`}
                    disabled={!importable}
                    onClick={() => handleImport(MembersImportMode.All)}
                  />
                </>
              )}
            </div>
          </div>
          <div className="mt-3">
            <ImportPreviewTable rows={rows} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
