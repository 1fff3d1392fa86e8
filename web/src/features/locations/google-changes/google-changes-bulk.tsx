import { Button, Checkbox, Dialog, DialogBody, DialogFooter, ProgressBar } from '@blueprintjs/core';
import { useMemo, useState } from 'react';
import './google-changes.css';
import type { GoogleChangeField } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import type { Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import { useResolveGoogleChangesMutation } from './google-changes-api';
import { googleChangesTexts as t } from './constants';

export interface SelectableRow {
  Id: string;
  Title: string;
  GoogleChangedFields: GoogleChangeField[];
}

/** The directory's row selection: a checkbox column and the selected rows (kept across pages). */
export function useLocationSelection<R extends SelectableRow>(rows: readonly R[]) {
  const [selected, setSelected] = useState<Map<string, R>>(new Map());
  const toggle = (row: R, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) next.set(row.Id, row);
      else next.delete(row.Id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.Id));
  const column: Column<R> = {
    header: (
      <Checkbox
        className="locus-select-cell"
        aria-label={t.selectPage}
        checked={allOnPage}
        indeterminate={!allOnPage && rows.some((r) => selected.has(r.Id))}
        onChange={(e) => rows.forEach((r) => toggle(r, e.currentTarget.checked))}
      />
    ),
    width: 40,
    cell: (row) => (
      <Checkbox
        className="locus-select-cell"
        aria-label={t.select(row.Title)}
        checked={selected.has(row.Id)}
        onChange={(e) => toggle(row, e.currentTarget.checked)}
      />
    ),
  };
  const list = useMemo(() => [...selected.values()], [selected]);
  return { column, selected: list, clear: () => setSelected(new Map()) };
}

/**
 * Accept Google's changes or keep Locus's values on every selected location Google changed:
 * one request per location (each pushed to Google with its own mask), with progress and a toast.
 */
export const GoogleChangesBulkBar = ({ selected, onDone }: { selected: readonly SelectableRow[]; onDone: () => void }) => {
  const { confirm } = useConfirm();
  const [resolve] = useResolveGoogleChangesMutation();
  const [run, setRun] = useState<{ accept: boolean; done: number; total: number; failures: string[]; finished: boolean } | null>(null);
  const changed = selected.filter((r) => r.GoogleChangedFields.length > 0);

  const start = async (accept: boolean) => {
    if (!changed.length) {
      toast.info(t.bulkNone);
      return;
    }
    if (!(await confirm(t.bulkConfirm(accept, changed.length)))) return;
    const failures: string[] = [];
    let done = 0;
    setRun({ accept, done, total: changed.length, failures, finished: false });
    const queue = [...changed];
    // A few at a time: each location's push waits for Google, and Google paces edits per location.
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        const fields = row.GoogleChangedFields;
        try {
          await resolve({ id: row.Id, accept: accept ? fields : [], keep: accept ? [] : fields }).unwrap();
        } catch (err) {
          failures.push(`${row.Title}: ${failureMessage(err, t.failed)}`);
        }
        done++;
        setRun({ accept, done, total: changed.length, failures: [...failures], finished: false });
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    setRun({ accept, done, total: changed.length, failures: [...failures], finished: true });
    const message = t.bulkDone(changed.length - failures.length, failures.length);
    if (failures.length) toast.error(message);
    else toast.success(message);
    onDone();
  };

  const progress = run ? (
    <Dialog isOpen title={t.bulkTitle(run.accept)} onClose={() => run.finished && setRun(null)} isCloseButtonShown={run.finished}>
      <DialogBody>
        <ProgressBar value={run.total ? run.done / run.total : 1} animate={!run.finished} intent={run.failures.length ? 'warning' : 'primary'} />
        <p data-testid="bulk-google-progress">{t.bulkProgress(run.done, run.total)}</p>
        {run.failures.length ? (
          <ul className="locus-field-error">
            {run.failures.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        ) : null}
      </DialogBody>
      <DialogFooter actions={<Button text={t.close} disabled={!run.finished} onClick={() => setRun(null)} />} />
    </Dialog>
  ) : null;
  // The finished run clears the selection; its dialog (counts, failures) stays until closed.
  if (!selected.length) return progress;
  return (
    <div className="locus-bulk-bar" role="group" aria-label={t.selected(selected.length)}>
      <span>{t.selected(selected.length)}</span>
      <Button icon="tick" text={t.bulkAccept} onClick={() => void start(true)} disabled={run !== null && !run.finished} />
      <Button icon="undo" text={t.bulkKeep} onClick={() => void start(false)} disabled={run !== null && !run.finished} />
      {progress}
    </div>
  );
};
