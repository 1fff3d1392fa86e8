import { Callout, Card, Collapse, Icon, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate } from '@web/shared/lib/dates';
import { useLocationQuestionsQuery, type QuestionView } from '../../api/content-api';
import { sectionTexts as t } from './constants';
import { httpsPhotoUrl } from './section-rules';
import './sections.css';

function Author({ name, photo, upvotes, date }: { name: string; photo: string | null; upvotes: number; date: string | null }) {
  const [broken, setBroken] = useState(false);
  const src = httpsPhotoUrl(photo);
  return (
    <span className="locus-qa-author">
      {src && !broken ? <img src={src} alt="" onError={() => setBroken(true)} /> : <Icon icon="user" size={20} />}
      <strong>{name}</strong>
      <span className="locus-muted">
        <Icon icon="thumbs-up" size={12} /> {t.upvotes(upvotes)} · {formatDate(date)}
      </span>
    </span>
  );
}

function QuestionItem({ question, open, onToggle }: { question: QuestionView; open: boolean; onToggle: () => void }) {
  return (
    <div className="locus-qa-item" data-testid="question">
      <button type="button" className="locus-qa-head" aria-expanded={open} onClick={onToggle}>
        <Icon icon={open ? 'chevron-down' : 'chevron-right'} />
        <span className="locus-qa-text">{question.QuestionText}</span>
      </button>
      <Collapse isOpen={open}>
        <div className="locus-qa-body">
          <Author name={question.AuthorDisplayName} photo={question.AuthorProfilePhotoUri} upvotes={question.UpvoteCount} date={question.CreatedTime} />
          {question.TopAnswers.length === 0 ? (
            <p className="locus-muted">{t.noAnswers}</p>
          ) : (
            <ul className="locus-qa-answers" aria-label={t.answers}>
              {question.TopAnswers.map((a, i) => (
                <li key={i}>
                  <Author name={a.AuthorDisplayName} photo={a.AuthorProfilePhotoUri} upvotes={a.UpvoteCount} date={a.CreateTime} />
                  <p>{a.AnswerText}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Collapse>
    </div>
  );
}

/**
 * Questions & Answers, only when the location has questions: an accordion, one open at a time,
 * the first open. Google shut its Q&A API down (2025-11-03), which the section says.
 */
export function QuestionsSection({ locationId }: { locationId: string }) {
  const { data } = useLocationQuestionsQuery(locationId);
  const [open, setOpen] = useState(0);
  const questions = data?.Questions ?? [];
  if (questions.length === 0) return null;
  return (
    <Card className="locus-details-section" data-testid="questions-section">
      <div className="locus-section-head">
        <h3>
          {t.questions} <Tag round>{questions.length}</Tag>
        </h3>
      </div>
      <Callout intent="warning" compact className="locus-qa-notice">
        {t.questionsDiscontinued}
      </Callout>
      {questions.map((q, i) => (
        <QuestionItem key={q.Name} question={q} open={open === i} onToggle={() => setOpen(open === i ? -1 : i)} />
      ))}
    </Card>
  );
}
