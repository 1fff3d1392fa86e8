import { Button, ButtonGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { filterRows } from '@web/shared/lib/global-search';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { toast } from '@web/shared/ui/toaster';
import {
  useAdminVariablesQuery,
  useDeleteAdminVariableMutation,
  useSetAdminVariableValueMutation,
  type AdminVariable,
} from '../api/settings-api';
import { SETTINGS_PAGE_SIZE, settingsTexts as t } from '../constants';
import { AdminVariableDialog } from './admin-variable-dialog';
import { SetValueDialog } from './set-value-dialog';
import { VariableValueCell } from './variable-value-cell';

/** The administrator's global variables (defaults every company inherits). */
export const AdminVariablesSection = () => {
  const { data = [], isFetching } = useAdminVariablesQuery();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminVariable | 'new' | null>(null);
  const [settingValue, setSettingValue] = useState<AdminVariable | null>(null);
  const [setValue, setValueState] = useSetAdminVariableValueMutation();
  const [remove] = useDeleteAdminVariableMutation();
  const { confirm } = useConfirm();
  const rows = filterRows(data, search, (v) => [v.VariableName, v.Title, v.Description, v.VariableValue]);

  const saveValue = async (v: AdminVariable, value: string | boolean) => {
    if (!(await confirm(t.confirmSetValue))) return;
    try {
      const res = await setValue({ variableId: v.Id, value }).unwrap();
      toast.success(res.ResponseMessage || t.saved);
      setSettingValue(null);
    } catch (err) {
      toast.error(failureMessage(err, t.saveFailed));
    }
  };

  const deleteVariable = async (v: AdminVariable) => {
    if (!(await confirm(t.confirmDelete))) return;
    try {
      const res = await remove(v.Id).unwrap();
      toast.success(res.ResponseMessage || t.deleted);
    } catch (err) {
      toast.error(failureMessage(err, t.deleteFailed));
    }
  };

  const columns: Column<AdminVariable>[] = [
    {
      header: t.columns.name,
      cell: (v) => (
        <>
          {v.VariableName}
          {v.IsSystemGenerated ? (
            <Tag minimal className="locus-inline-tag">
              {t.systemGenerated}
            </Tag>
          ) : null}
        </>
      ),
    },
    { header: t.columns.title, cell: (v) => v.Title },
    { header: t.columns.value, cell: (v) => <VariableValueCell value={v.VariableValue} isBoolean={v.IsBooleanType} name={v.VariableName} /> },
    {
      header: t.columns.actions,
      width: 260,
      cell: (v) => (
        <ButtonGroup>
          <Button size="small" icon="edit" text={t.setValue} onClick={() => setSettingValue(v)} />
          <Button size="small" icon="cog" text={t.edit} onClick={() => setEditing(v)} />
          {v.IsSystemGenerated ? null : <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void deleteVariable(v)} />}
        </ButtonGroup>
      ),
    },
  ];

  return (
    <>
      <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.search} clearText={t.clear}>
        <Button intent="primary" icon="add" text={t.addVariable} onClick={() => setEditing('new')} />
      </SearchBar>
      <PaginatedTable
        rows={rows}
        columns={columns}
        rowKey={(v) => v.Id}
        pageSize={SETTINGS_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && data.length === 0}
        resetKey={search}
      />
      {editing ? (
        <AdminVariableDialog variable={editing === 'new' ? null : editing} takenNames={data.map((v) => v.VariableName)} onClose={() => setEditing(null)} />
      ) : null}
      {settingValue ? (
        <SetValueDialog
          variableName={settingValue.VariableName}
          isBoolean={settingValue.IsBooleanType}
          initialValue={settingValue.VariableValue}
          saving={setValueState.isLoading}
          onSave={(value) => void saveValue(settingValue, value)}
          onClose={() => setSettingValue(null)}
        />
      ) : null}
    </>
  );
};
