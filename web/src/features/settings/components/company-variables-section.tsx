import { Button, ButtonGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { filterRows } from '@web/shared/lib/global-search';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { SearchBar } from '@web/shared/ui/search-bar';
import { useCompanyVariablesQuery, useDeleteCompanyVariableMutation, useSetCompanyVariableValueMutation, type CompanyVariable } from '../api/settings-api';
import { MASKED_VALUE, SETTINGS_PAGE_SIZE, settingsTexts as t } from '../constants';
import { visibleCompanyVariables } from '../validation';
import { VariableDialog } from './variable-dialog';
import { SetValueDialog } from './set-value-dialog';
import { VariableNameCell } from './variable-name-cell';
import { useVariableActions } from '../hooks/use-variable-actions';
import { VariableValueCell } from './variable-value-cell';

const isBoolean = (v: CompanyVariable) => v.IsBooleanType || v.IsBoolean;

export const CompanyVariablesSection = ({ seesEntityTyped }: { seesEntityTyped: boolean }) => {
  const { data = [], isFetching } = useCompanyVariablesQuery();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<CompanyVariable | 'new' | null>(null);
  const [settingValue, setSettingValue] = useState<CompanyVariable | null>(null);
  const [setValue, setValueState] = useSetCompanyVariableValueMutation();
  const [remove] = useDeleteCompanyVariableMutation();

  const rows = filterRows(visibleCompanyVariables(data, seesEntityTyped), search, (v) => [v.VariableName, v.Title, v.Description, v.VariableValue]);

  const isSecret = (v: CompanyVariable) => v.IsEncrypted && v.VariableValue === MASKED_VALUE;

  const { saveValue, deleteVariable } = useVariableActions({
    setValue: (variableId, value) => setValue({ variableId, value }).unwrap(),
    remove: (variableId) => remove(variableId).unwrap(),
    onValueSaved: () => setSettingValue(null),
  });

  const columns: Column<CompanyVariable>[] = [
    {
      header: t.columns.name,
      cell: (v) => <VariableNameCell name={v.VariableName} isSystemGenerated={v.IsSystemGenerated} />,
    },
    { header: t.columns.title, cell: (v) => v.Title },
    {
      header: t.columns.value,
      cell: (v) => <VariableValueCell value={v.VariableValue} isBoolean={isBoolean(v)} isEncrypted={v.IsEncrypted} name={v.VariableName} />,
    },
    {
      header: t.columns.actions,
      width: 260,
      cell: (v) => (
        <ButtonGroup>
          <Button size="small" icon="edit" text={t.setValue} onClick={() => setSettingValue(v)} />
          {v.IsAdminVariable ? null : <Button size="small" icon="cog" text={t.edit} onClick={() => setEditing(v)} />}
          {v.IsSystemGenerated || v.IsAdminVariable ? null : (
            <Button size="small" icon="trash" intent="danger" text={t.delete} onClick={() => void deleteVariable(v.Id)} />
          )}
        </ButtonGroup>
      ),
    },
  ];

  return (
    <>
      <SearchBar value={search} onChange={setSearch} onClear={() => setSearch('')} placeholder={t.search} clearText={t.clear}>
        <Button intent="primary" icon="add" text={t.manageCompanySettings} onClick={() => setEditing('new')} />
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
          scope={{ kind: 'company', variable: editing === 'new' ? null : editing, showEntityType: seesEntityTyped }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {settingValue ? (
        <SetValueDialog
          variableName={settingValue.VariableName}
          isBoolean={isBoolean(settingValue)}
          initialValue={isSecret(settingValue) ? null : settingValue.VariableValue}
          secret={isSecret(settingValue)}
          saving={setValueState.isLoading}
          onSave={(value) => void saveValue(settingValue.Id, value)}
          onClose={() => setSettingValue(null)}
        />
      ) : null}
    </>
  );
};
