import { Button, Dialog, DialogBody, DialogFooter, HTMLTable, Intent } from '@blueprintjs/core';
import type { TemplateSave } from './bulk-edit-form';
import { bulkTexts as t } from './constants';

/** Save as Template's confirmation: each default that changes, old → new, before anything is saved. */
export const SaveTemplateDialog = ({
  save,
  saving,
  onConfirm,
  onClose,
}: {
  save: TemplateSave;
  saving: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) => (
  <Dialog isOpen title={t.templateTitle} onClose={onClose} className="locus-bulk-template-dialog" style={{ width: 640, maxWidth: '96vw' }}>
    <DialogBody>
      <p>{t.templateIntro}</p>
      <HTMLTable compact striped aria-label={t.templateTitle} data-testid="template-changes">
        <thead>
          <tr>
            <th>Field</th>
            <th>Saved now</th>
            <th />
            <th>Becomes</th>
          </tr>
        </thead>
        <tbody>
          {save.changes.map((c) => (
            <tr key={c.label}>
              <td>{c.label}</td>
              <td className="locus-bulk-template-before">{c.before}</td>
              <td aria-hidden>→</td>
              <td className="locus-bulk-template-after">{c.after}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {save.blank.length ? <p className="bp6-text-muted">{t.templateBlank(save.blank.join(', '))}</p> : null}
    </DialogBody>
    <DialogFooter
      actions={
        <>
          <Button text={t.templateCancel} onClick={onClose} />
          <Button text={t.templateConfirm} intent={Intent.PRIMARY} loading={saving} onClick={onConfirm} />
        </>
      }
    />
  </Dialog>
);
