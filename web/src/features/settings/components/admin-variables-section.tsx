import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { filterRows } from '@web/shared/lib/global-search';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useAdminVariablesQuery, useDeleteAdminVariableMutation, useSetAdminVariableValueMutation, type AdminVariable } from '../api/settings-api';
import { SETTINGS_PAGE_SIZE, settingsTexts as t } from '../constants';
import { VariableDialog } from './variable-dialog';
import { SetValueDialog } from './set-value-dialog';
import { VariableNameCell } from './variable-name-cell';
import { useVariableActions } from '../hooks/use-variable-actions';
import { VariableValueCell } from './variable-value-cell';

/** The administrator's global variables (defaults every company inherits). */
export const AdminVariablesSection = () => {
  const { data = [], isFetching } = useAdminVariablesQuery();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminVariable | 'new' | null>(null);
  const [settingValue, setSettingValue] = useState<AdminVariable | null>(null);
  const [setValue, setValueState] = useSetAdminVariableValueMutation();
  const [remove] = useDeleteAdminVariableMutation();
  const rows = filterRows(data, search, (v) => [v.VariableName, v.Title, v.Description, v.VariableValue]);

  const { saveValue, deleteVariable } = useVariableActions({
    setValue: (variableId, value) => setValue({ variableId, value }).unwrap(),
    remove: (variableId) => remove(variableId).unwrap(),
    onValueSaved: () => setSettingValue(null),
  });

  const columns: Column<AdminVariable>[] = [
    {
      header: t.columns.name,
      cell: (v) => <VariableNameCell name={v.VariableName} isSystemGenerated={v.IsSystemGenerated} />,
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
          {v.IsSystemGenerated ? null : <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void deleteVariable(v.Id)} />}
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
        <VariableDialog
          scope={{ kind: 'admin', variable: editing === 'new' ? null : editing, takenNames: data.map((v) => v.VariableName) }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {settingValue ? (
        <SetValueDialog
          variableName={settingValue.VariableName}
          isBoolean={settingValue.IsBooleanType}
          initialValue={settingValue.VariableValue}
          saving={setValueState.isLoading}
          onSave={(value) => void saveValue(settingValue.Id, value)}
          onClose={() => setSettingValue(null)}
        />
      ) : null}
    </>
  );
};
