import { Button, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import { locationTexts as t } from '../directory/constants';
import { canAddPhoneRow, canRemovePhoneRow, removePhoneRow } from './create-location-form';

/** Additional phone numbers: add more (disabled while a row is blank), remove (at least one row stays). */
export const PhonesDialog = ({ rows, onChange, onClose }: { rows: string[]; onChange: (rows: string[]) => void; onClose: () => void }) => (
  <Dialog isOpen title={t.phonesTitle} onClose={onClose}>
    <DialogBody>
      {rows.map((phone, i) => (
        <div className="locus-phone-row" key={i}>
          <InputGroup
            type="tel"
            value={phone}
            placeholder={t.placeholders.phone}
            aria-label={`${t.fields.additionalPhones} ${i + 1}`}
            onValueChange={(v) => onChange(rows.map((r, j) => (j === i ? v : r)))}
          />
          <Button
            icon="trash"
            variant="minimal"
            intent="danger"
            title={t.remove}
            aria-label={`${t.remove} ${i + 1}`}
            disabled={!canRemovePhoneRow(rows)}
            onClick={() => onChange(removePhoneRow(rows, i))}
          />
        </div>
      ))}
      <Button icon="add" text={t.addMore} disabled={!canAddPhoneRow(rows)} onClick={() => onChange([...rows, ''])} />
    </DialogBody>
    <DialogFooter actions={<Button intent="primary" text={t.done} onClick={onClose} />} />
  </Dialog>
);
