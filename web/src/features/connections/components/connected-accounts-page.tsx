import { Button, ButtonGroup, Icon, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '@web/shared/lib/dates';
import { responseMessage } from '@web/shared/lib/envelope';
import { Avatar } from '@web/shared/ui/avatar';
import { useConfirm } from '@web/shared/ui/confirm-dialog';
import { PageHeader } from '@web/shared/ui/page-header';
import { PaginatedTable, type Column } from '@web/shared/ui/paginated-table';
import { toast } from '@web/shared/ui/toaster';
import { useConnectedAccountsQuery, useDisconnectAccountMutation, type ConnectedAccount } from '../api/connections-api';
import { CONNECTIONS_PAGE_SIZE, connectionTexts as t } from '../constants';
import { useConnectAccount } from '../hooks/use-connect-account';
import '../connections.css';

/** /connected-accounts (CompanyAdmin): connected Google accounts, Connect Account and Disconnect. */
export default function ConnectedAccountsPage() {
  const [page, setPage] = useState(0);
  const { data, isFetching } = useConnectedAccountsQuery({ page: page + 1, pageSize: CONNECTIONS_PAGE_SIZE });
  const [disconnect] = useDisconnectAccountMutation();
  const { confirm } = useConfirm();
  const navigate = useNavigate();
  const connect = useConnectAccount();

  const disconnectAccount = async (account: ConnectedAccount) => {
    if (!(await confirm(t.disconnectConfirmation))) return;
    try {
      const res = await disconnect(account.Name).unwrap();
      toast.success(res.ResponseMessage || t.disconnected);
    } catch (err) {
      toast.error(responseMessage(err, t.disconnectFailed));
    }
  };

  const columns: Column<ConnectedAccount>[] = [
    {
      header: t.columns.source,
      width: 120,
      cell: (a) => (
        <span className="locus-connection-source">
          <Icon icon="globe-network" intent="primary" /> {a.Source || 'Google'}
        </span>
      ),
    },
    {
      header: t.columns.account,
      cell: (a) => (
        <div className="locus-connection-account">
          <Avatar name={a.GoogleUserFullName || a.GoogleUserEmail} url={a.GoogleUserProfileImage} size={36} />
          <div>
            <div className="locus-strong">{a.AccountName}</div>
            <div className="locus-muted">
              {a.GoogleUserFullName} · {a.GoogleUserEmail}
            </div>
          </div>
          <Tag minimal round className="locus-inline-tag">
            {t.locationsCount(a.TotalLocations)}
          </Tag>
        </div>
      ),
    },
    { header: t.columns.connected, width: 190, cell: (a) => formatDateTime(a.ConnectedAt) },
    {
      header: t.columns.actions,
      width: 230,
      cell: (a) => (
        <ButtonGroup>
          <Button size="small" icon="map-marker" text={t.viewLocations} onClick={() => navigate(`/${encodeURIComponent(a.Id)}/locations`)} />
          <Button size="small" icon="disable" intent="danger" text={t.disconnect} onClick={() => void disconnectAccount(a)} />
        </ButtonGroup>
      ),
    },
  ];

  return (
    <div className="locus-page">
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={<Button intent="primary" icon="add" text={t.connectAccount} loading={connect.busy} onClick={() => void connect.start()} />}
      />
      <PaginatedTable
        rows={data?.Data ?? []}
        columns={columns}
        rowKey={(a) => a.Id}
        pageSize={CONNECTIONS_PAGE_SIZE}
        paginator="above-page-size"
        emptyText={t.empty}
        loading={isFetching && !data}
        server={{ total: data?.TotalRecords ?? 0, page, onPageChange: setPage }}
      />
    </div>
  );
}
