import { Button, H6, HTMLSelect, HTMLTable, NonIdealState } from '@blueprintjs/core';
import { AUTO_REPLY_ACTIONS, RULE_SENTIMENTS, RULE_TEXT_CONDITIONS, type AutoReplyRuleDto } from '@locus/contracts';
import { useEffect, useState } from 'react';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveAutoReplyRulesMutation } from '../api/reviews-ai-api';
import { ACTION_LABELS, aiTexts as t, DELAY_MINUTES, delayLabel, SENTIMENT_LABELS, TEXT_LABELS } from '../constants';

type Rule = Omit<AutoReplyRuleDto, 'RuleId' | 'LocationIds'> & { RuleId: string | null; LocationIds: string[] };
const STARS = [1, 2, 3, 4, 5];
const newRule = (): Rule => ({ RuleId: null, MinStars: 5, MaxStars: 5, Sentiment: 'Any', Text: 'any', LocationIds: [], Action: 'post', DelayMinutes: 60 });

/** The auto-reply rules, in order (the first match decides), edited as a table and saved whole. */
export function RulesEditor({ rules }: { rules: AutoReplyRuleDto[] }) {
  const [rows, setRows] = useState<Rule[]>(rules);
  const [save, saving] = useSaveAutoReplyRulesMutation();
  useEffect(() => setRows(rules), [rules]);
  const set = (i: number, change: Partial<Rule>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...change } : r)));

  const submit = async () => {
    try {
      const res = await save({ Rules: rows.map((r) => ({ ...r, RuleId: r.RuleId ?? undefined })) }).unwrap();
      toast.success(res.ResponseMessage || t.rulesSaved);
    } catch (err) {
      toast.error(failureMessage(err, t.genericFailure));
    }
  };

  return (
    <section className="locus-ai-rules" aria-label={t.rulesTitle}>
      <H6>{t.rulesTitle}</H6>
      <p className="locus-muted">{t.rulesHint}</p>
      {rows.length === 0 ? (
        <NonIdealState icon="flow-branch" description={t.noRules} />
      ) : (
        <HTMLTable compact className="locus-ai-rules-table">
          <thead>
            <tr>
              <th>{t.stars}</th>
              <th>{t.sentiment}</th>
              <th>{t.text}</th>
              <th>{t.action}</th>
              <th>{t.delay}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.RuleId ?? `new-${i}`} aria-label={`Rule ${i + 1}`}>
                <td>
                  <HTMLSelect
                    aria-label="Lowest stars"
                    value={r.MinStars}
                    options={STARS}
                    onChange={(e) => set(i, { MinStars: Number(e.currentTarget.value) })}
                  />{' '}
                  {t.to}{' '}
                  <HTMLSelect
                    aria-label="Highest stars"
                    value={r.MaxStars}
                    options={STARS}
                    onChange={(e) => set(i, { MaxStars: Number(e.currentTarget.value) })}
                  />
                </td>
                <td>
                  <HTMLSelect
                    aria-label={t.sentiment}
                    value={r.Sentiment}
                    options={RULE_SENTIMENTS.map((v) => ({ value: v, label: SENTIMENT_LABELS[v] }))}
                    onChange={(e) => set(i, { Sentiment: RULE_SENTIMENTS.find((v) => v === e.currentTarget.value) ?? 'Any' })}
                  />
                </td>
                <td>
                  <HTMLSelect
                    aria-label={t.text}
                    value={r.Text}
                    options={RULE_TEXT_CONDITIONS.map((v) => ({ value: v, label: TEXT_LABELS[v] }))}
                    onChange={(e) => set(i, { Text: RULE_TEXT_CONDITIONS.find((v) => v === e.currentTarget.value) ?? 'any' })}
                  />
                </td>
                <td>
                  <HTMLSelect
                    aria-label={t.action}
                    value={r.Action}
                    options={AUTO_REPLY_ACTIONS.map((v) => ({ value: v, label: ACTION_LABELS[v] }))}
                    onChange={(e) => set(i, { Action: AUTO_REPLY_ACTIONS.find((v) => v === e.currentTarget.value) ?? 'leave' })}
                  />
                </td>
                <td>
                  {r.Action === 'post' ? (
                    <HTMLSelect
                      aria-label={t.delay}
                      value={r.DelayMinutes}
                      options={DELAY_MINUTES.map((m) => ({ value: m, label: delayLabel(m) }))}
                      onChange={(e) => set(i, { DelayMinutes: Number(e.currentTarget.value) })}
                    />
                  ) : null}
                </td>
                <td>
                  <Button variant="minimal" icon="trash" aria-label={t.removeRule} onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="locus-ai-panel-actions">
        <Button icon="add" text={t.addRule} onClick={() => setRows((rs) => [...rs, newRule()])} />
        <Button intent="primary" text={t.saveRules} loading={saving.isLoading} onClick={() => void submit()} />
      </div>
    </section>
  );
}
