import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION } from '@locus/contracts';
import { failureMessage } from '@web/shared/lib/envelope';
import { useLiveNotification } from '@web/shared/live/notifications';
import { toast } from '@web/shared/ui/toaster';
import { useConnectionProcessQuery } from '../api/connections-api';
import { connectionTexts as t } from '../constants';
import { applyImportProgress, initialImportProgress } from '../import-progress';
import { AccountSelectionDialog } from './account-selection-dialog';
import { CompanyNameDialog } from './company-name-dialog';
import { ImportProgressDialog } from './import-progress-dialog';

type Step = 'name' | 'select' | 'progress';

/**
 * /account-connected/{processId}/{isNewCompanyCreated}: after Google's callback. A new company is
 * named first; then the account selection; then the import, followed live until 100 %.
 */
export default function AccountConnectedPage() {
  const { processId = '', isNewCompanyCreated } = useParams();
  const navigate = useNavigate();
  const { data: process, error, isLoading } = useConnectionProcessQuery(processId, { skip: !processId });
  const [step, setStep] = useState<Step | null>(null);
  const [progress, report] = useReducer(applyImportProgress, processId, initialImportProgress);
  const finished = useRef(false);

  useLiveNotification(CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION, report);
  // the process query is read once, and again after a reconnect of the live channel (missed notifications)
  useEffect(() => {
    if (process) report(process.Progress);
  }, [process]);

  useEffect(() => {
    if (step !== null || !process) return;
    if (process.Status === 'importing' || process.Status === 'completed' || process.Status === 'failed') setStep('progress');
    else setStep(isNewCompanyCreated === 'true' ? 'name' : 'select');
  }, [process, step, isNewCompanyCreated]);

  const done = step === 'progress' && progress.done;
  const failure = step === 'progress' ? progress.errorMessage : null;
  useEffect(() => {
    if (!failure || finished.current) return;
    finished.current = true;
    toast.error(failure);
    navigate('/connected-accounts', { replace: true });
  }, [failure, navigate]);
  useEffect(() => {
    if (!done || finished.current) return;
    // the bar shows 100 % for a moment before the dialog closes
    const timer = setTimeout(() => {
      finished.current = true;
      toast.success(t.accountConnected);
      navigate('/connected-accounts', { replace: true });
    }, 600);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  if (isLoading) return <NonIdealState icon={<Spinner />} title={t.processLoading} />;
  if (error || !process) {
    return (
      <NonIdealState
        icon="error"
        title={t.processFailed}
        description={failureMessage(error, t.processNotFound)}
        action={<Button text={t.backToConnections} onClick={() => navigate('/connected-accounts')} />}
      />
    );
  }

  const leave = () => navigate('/connected-accounts', { replace: true });
  return (
    <div className="locus-page">
      <NonIdealState icon="link" title={t.title} description={`${process.GoogleUserFullName} · ${process.GoogleUserEmail}`} />
      {step === 'name' ? <CompanyNameDialog onSaved={() => setStep('select')} onCancel={leave} /> : null}
      {step === 'select' ? <AccountSelectionDialog process={process} onStarted={() => setStep('progress')} onCancel={leave} /> : null}
      {step === 'progress' ? <ImportProgressDialog progress={progress} /> : null}
    </div>
  );
}
