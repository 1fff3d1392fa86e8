import { Button, H6, HTMLSelect, HTMLTable, NonIdealState } from '@blueprintjs/core';
import {
  AUTO_REPLY_ACTIONS,
  RULE_SENTIMENTS,
  RULE_TEXT_CONDITIONS,
  saveAutoReplyRulesRoute,
  type AutoReplyRuleBody,
  type AutoReplyRuleDto,
} from '@locus/contracts';
import { useEffect } from 'react';
import { Controller, useFieldArray, useWatch, type Control, type FieldValues } from 'react-hook-form';
import { errorMessageOf, showServerFieldErrors, useContractForm } from '@web/shared/forms/contract-form';
import { failureMessage } from '@web/shared/lib/envelope';
import { toast } from '@web/shared/ui/toaster';
import { useSaveAutoReplyRulesMutation } from '../api/reviews-ai-api';
import { ACTION_LABELS, aiTexts as t, DELAY_MINUTES, delayLabel, SENTIMENT_LABELS, TEXT_LABELS } from '../constants';

const STARS = [1, 2, 3, 4, 5];
const newRule = (): AutoReplyRuleBody => ({
  RuleId: null,
  MinStars: 5,
  MaxStars: 5,
  Sentiment: 'Any',
  Text: 'any',
  LocationIds: [],
  Action: 'post',
  DelayMinutes: 60,
});
const SENTIMENTS = RULE_SENTIMENTS.map((v) => ({ value: v, label: SENTIMENT_LABELS[v] }));
const TEXTS = RULE_TEXT_CONDITIONS.map((v) => ({ value: v, label: TEXT_LABELS[v] }));
const ACTIONS = AUTO_REPLY_ACTIONS.map((v) => ({ value: v, label: ACTION_LABELS[v] }));
const DELAYS = DELAY_MINUTES.map((m) => ({ value: m, label: delayLabel(m) }));

type RulesValues = { Rules: AutoReplyRuleBody[] };
type Cell = `Rules.${number}.${'MinStars' | 'MaxStars' | 'Sentiment' | 'Text' | 'Action' | 'DelayMinutes'}`;

/** One select of a rule's row, bound to the form; numbers stay numbers. Its error shows under it. */
const RuleSelect = ({
  control,
  name,
  label,
  options,
}: {
  control: Control<RulesValues, unknown, FieldValues>;
  name: Cell;
  label: string;
  options: readonly (number | { value: string | number; label: string })[];
}) => (
  <Controller
    control={control}
    name={name}
    render={({ field, fieldState }) => (
      <>
        <HTMLSelect
          aria-label={label}
          value={field.value}
          options={[...options]}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(typeof field.value === 'number' ? Number(e.currentTarget.value) : e.currentTarget.value)}
        />
        {fieldState.error ? <div className="bp6-form-helper-text bp6-intent-danger">{errorMessageOf(fieldState.error)}</div> : null}
      </>
    )}
  />
);

/** The auto-reply rules, in order (the first match decides), edited as a table and saved whole; the route's schema checks each row. */
export function RulesEditor({ rules }: { rules: AutoReplyRuleDto[] }) {
  const form = useContractForm(saveAutoReplyRulesRoute, { Rules: rules });
  const { control, handleSubmit, reset } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'Rules' });
  const actions = useWatch({ control, name: 'Rules' }).map((r) => r.Action);
  const [save, saving] = useSaveAutoReplyRulesMutation();
  useEffect(() => reset({ Rules: rules }), [rules, reset]);

  const submit = handleSubmit(async (body) => {
    try {
      const res = await save({ Rules: body.Rules.map((r) => ({ ...r, RuleId: r.RuleId ?? undefined })) }).unwrap();
      toast.success(res.ResponseMessage || t.rulesSaved);
    } catch (err) {
      showServerFieldErrors(err, form);
      toast.error(failureMessage(err, t.genericFailure));
    }
  });

  return (
    <section className="locus-ai-rules" aria-label={t.rulesTitle}>
      <H6>{t.rulesTitle}</H6>
      <p className="locus-muted">{t.rulesHint}</p>
      {fields.length === 0 ? (
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
            {fields.map((row, i) => (
              <tr key={row.id} aria-label={`Rule ${i + 1}`}>
                <td>
                  <RuleSelect control={control} name={`Rules.${i}.MinStars`} label="Lowest stars" options={STARS} /> {t.to}{' '}
                  <RuleSelect control={control} name={`Rules.${i}.MaxStars`} label="Highest stars" options={STARS} />
                </td>
                <td>
                  <RuleSelect control={control} name={`Rules.${i}.Sentiment`} label={t.sentiment} options={SENTIMENTS} />
                </td>
                <td>
                  <RuleSelect control={control} name={`Rules.${i}.Text`} label={t.text} options={TEXTS} />
                </td>
                <td>
                  <RuleSelect control={control} name={`Rules.${i}.Action`} label={t.action} options={ACTIONS} />
                </td>
                <td>{actions[i] === 'post' ? <RuleSelect control={control} name={`Rules.${i}.DelayMinutes`} label={t.delay} options={DELAYS} /> : null}</td>
                <td>
                  <Button variant="minimal" icon="trash" aria-label={t.removeRule} onClick={() => remove(i)} />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      <div className="locus-ai-panel-actions">
        <Button icon="add" text={t.addRule} onClick={() => append(newRule())} />
        <Button intent="primary" text={t.saveRules} loading={saving.isLoading} onClick={() => void submit()} />
      </div>
    </section>
  );
}
