import { Button, Switch, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import { useAdminLevelVariablesQuery, useUpdateAdminLevelVariableMutation, type CompanyVariable } from '../api/companies-api';
import { SETTINGS_PAGE_SIZE, companyTexts as t } from '../constants';
import { VariableValueDialog } from './variable-value-dialog';

const isBoolean = (v: CompanyVariable) => v.IsBooleanType || v.IsBoolean;

/** The company's variables as an administrator sees them; each value can be set here. */
export const GlobalSettingsTab = ({ companyId }: { companyId: string }) => {
  const { data, isFetching } = useAdminLevelVariablesQuery(companyId);
  const [update, state] = useUpdateAdminLevelVariableMutation();
  const [editing, setEditing] = useState<CompanyVariable | null>(null);

  const save = async (variable: CompanyVariable, value: string | boolean) => {
    try {
      const res = await update({
        companyId,
        variableId: variable.Id,
        body: { AdminMetaDataVariableId: variable.IsAdminVariable ? variable.AdminMetaDataVariableId : null, VariableValue: value },
      }).unwrap();
      toast.success(res.ResponseMessage || t.settingsSaved);
      setEditing(null);
    } catch (err) {
      toast.error(failureMessage(err, t.settingsSaveFailed));
    }
  };

  const columns: Column<CompanyVariable>[] = [
    {
      header: t.settingsColumns.name,
      cell: (v) => (
        <>
          {v.VariableName}
          {v.IsAdminVariable ? (
            <Tag minimal intent="primary" className="locus-inline-tag">
              Admin
            </Tag>
          ) : null}
        </>
      ),
    },
    { header: t.settingsColumns.title, cell: (v) => v.Title },
    {
      header: t.settingsColumns.value,
      cell: (v) => (isBoolean(v) ? <Switch checked={v.VariableValue === '1'} disabled aria-label={v.VariableName} /> : (v.VariableValue ?? '')),
    },
    {
      header: t.settingsColumns.set,
      width: 120,
      cell: (v) => <Button size="small" icon="edit" text={t.setValue} onClick={() => setEditing(v)} />,
    },
  ];

  return (
    <>
      <PaginatedTable
        rows={data ?? []}
        columns={columns}
        rowKey={(v) => v.Id}
        pageSize={SETTINGS_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.noVariables}
        loading={isFetching && !data}
      />
      {editing ? (
        <VariableValueDialog
          title={t.editVariableTitle}
          variableName={editing.VariableName}
          isBoolean={isBoolean(editing)}
          initialValue={editing.VariableValue}
          saving={state.isLoading}
          onSave={(value) => void save(editing, value)}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
};
