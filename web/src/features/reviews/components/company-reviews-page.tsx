import { Card } from '@blueprintjs/core';
import { useSignedInUser } from '@web/shared/session/session-context';
import { PageHeader } from '@web/shared/ui/page-header';
import { useReviewsSummaryQuery } from '../api/reviews-api';
import { COMPANY_REVIEWS_PAGE_SIZE, reviewTexts as t } from '../constants';
import '../reviews.css';
import { AiPanelSlot } from './ai-panel-slot';
import { GrowthChart } from './growth-chart';
import { ReviewsTable } from './reviews-table';
import { SummaryCards } from './summary-cards';

const COMPANY_SORTS = ['CreateTime', 'StarRating', 'ReviewReplyComment', 'LocationTitle'] as const;

/** /company-reviews: Aggregate Reviews (spec part 2 §2). A company user sees the locations assigned to them. */
export default function CompanyReviewsPage() {
  const user = useSignedInUser();
  const companyId = user.companyId ?? '';
  const { data: summary } = useReviewsSummaryQuery(companyId, { skip: !companyId });
  return (
    <div className="locus-page">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <SummaryCards summary={summary} />
      <AiPanelSlot companyId={companyId} />
      <Card className="locus-card">
        <GrowthChart companyId={companyId} />
      </Card>
      <Card className="locus-card">
        <ReviewsTable scope={{ kind: 'company', companyId }} pageSize={COMPANY_REVIEWS_PAGE_SIZE} sortFields={COMPANY_SORTS} />
      </Card>
    </div>
  );
}
